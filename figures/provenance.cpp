// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/provenance.h"

#include <QRegularExpression>
#include <set>
#include <string>

#include "models/provenance_json.h"
#include "vernier_version.h"

namespace vernier::ui {

namespace {

// One line of text: comment lines and PDF/PNG fields must not break on a newline inside a value.
QString flat(QString s) {
    s.replace(QLatin1Char('\r'), QLatin1Char(' '));
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return s;
}

QString joined(const std::set<std::string>& values) {
    QStringList out;
    for (const std::string& v : values)
        out << QString::fromStdString(v);
    return out.join(QLatin1Char(','));
}

} // namespace

QString describeFilter(const Filter& f) {
    QStringList parts;
    if (!f.systems.empty()) parts << QStringLiteral("system=") + joined(f.systems);
    if (!f.workflows.empty()) {
        QStringList w;
        for (Workflow x : f.workflows)
            w << QString::fromUtf8(workflowKey(x));
        parts << QStringLiteral("workflow=") + w.join(QLatin1Char(','));
    }
    if (!f.categories.empty()) parts << QStringLiteral("category=") + joined(f.categories);
    if (!f.tasks.empty()) parts << QStringLiteral("task=") + joined(f.tasks);
    if (!f.bundles.empty()) parts << QStringLiteral("bundle=") + joined(f.bundles);
    if (f.status != TrialStatus::All)
        parts << QStringLiteral("status=") + QString::fromUtf8(trialStatusKey(f.status));
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QLatin1Char(' '));
}

QString commandLine(const QString& program, const std::vector<std::string>& args) {
    QStringList words{program};
    for (const std::string& a : args) {
        QString w = QString::fromStdString(a);
        if (w.isEmpty() || w.contains(QRegularExpression(QStringLiteral("[\\s'\"\\\\$`]"))))
            w = QLatin1Char('\'') + w.replace(QLatin1Char('\''), QStringLiteral("'\\''")) + QLatin1Char('\'');
        words << w;
    }
    return words.join(QLatin1Char(' '));
}

QStringList Provenance::lines() const {
    QStringList out;
    auto add = [&](const char* key, const QString& value) {
        if (!value.isEmpty()) out << QStringLiteral("%1: %2").arg(QLatin1String(key), flat(value));
    };
    add("Produced by", producer);
    add("Command", command);
    add("Filter", filter);
    add("Bundles", bundles.join(QStringLiteral(", ")));
    add("Rewards", rewards);
    add("Date", date);
    return out;
}

QString Provenance::markerLine() const {
    if (block.is_null()) return {};
    return QString::fromUtf8(kProvenanceMarker.data(), static_cast<qsizetype>(kProvenanceMarker.size())) +
           QString::fromStdString(block.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

QString provenanceDate() {
    return QString::fromStdString(generatedAt()); // models/provenance_json.h: SOURCE_DATE_EPOCH honoured
}

namespace {

Provenance withBlock(Provenance p, nlohmann::json block) {
    if (!p.command.isEmpty()) block["command"] = p.command.toStdString();
    block["generated_at"] = p.date.toStdString(); // the same instant as the human "Date:" line
    p.block = std::move(block);
    return p;
}

// Version 1 of the block in exported files (docs/schemas/provenance.schema.json).
constexpr int kExportBlockVersion = 1;

} // namespace

Provenance basicProvenance(const QString& command) {
    Provenance p;
    p.producer = QStringLiteral("Vernier ") + QString::fromStdString(generatorFacts().version);
    p.command = command;
    p.date = provenanceDate();
    return withBlock(p, provenanceBlock(kExportBlockVersion, nlohmann::json::array()));
}

Provenance makeProvenance(const Analysis& a, const QString& command) {
    Provenance p = basicProvenance(command);
    if (!a.set) return p;
    const ResultSet& set = *a.set;
    p.filter = describeFilter(a.filter) + QStringLiteral(" (%1 of %2 tasks, %3 of %4 systems)")
                                              .arg(a.tasks.size())
                                              .arg(set.tasks.size())
                                              .arg(a.systems.size())
                                              .arg(set.systems.size());
    for (const std::string& b : set.bundles)
        p.bundles << QString::fromStdString(b);
    p.rewards = QString::fromStdString(rewardsLabel(set));
    return withBlock(p, provenanceBlock(kExportBlockVersion, inputsJson(set), policyJson(set, a.filter)));
}

QByteArray withSvgMetadata(const QByteArray& svg, const Provenance& p) {
    if (p.block.is_null()) return svg;
    const qsizetype open = svg.indexOf("<svg");
    const qsizetype end = open < 0 ? -1 : svg.indexOf('>', open);
    if (end < 0) return svg;
    const QByteArray element = "\n<metadata><vernier:provenance xmlns:vernier=\"" +
                               QByteArray(kSvgProvenanceNamespace) + "\">" +
                               p.markerLine().toHtmlEscaped().toUtf8() + "</vernier:provenance></metadata>";
    QByteArray out = svg;
    out.insert(end + 1, element);
    return out;
}

namespace {

QString blockComment(const Provenance& p, CommentStyle style) {
    return p.block.is_null() ? QString() : QString::fromStdString(provenanceComment(p.block, style));
}

} // namespace

QString withCsvProvenance(const QString& csv, const Provenance& p) {
    if (p.isEmpty()) return csv;
    // One comment line, so readers that drop the first line keep working: the human fields, then the block.
    QString line = QStringLiteral("# ") + p.oneLine();
    if (!p.block.is_null()) line += QStringLiteral("; ") + p.markerLine();
    return line + QLatin1Char('\n') + csv;
}

QString withLatexProvenance(const QString& latex, const Provenance& p) {
    if (p.isEmpty()) return latex;
    QString out;
    for (const QString& line : p.lines())
        out += QStringLiteral("% ") + line + QLatin1Char('\n');
    return out + blockComment(p, CommentStyle::Latex) + latex;
}

QString withMarkdownProvenance(const QString& markdown, const Provenance& p) {
    if (p.isEmpty()) return markdown;
    QString out;
    for (QString line : p.lines())
        out += QStringLiteral("<!-- ") + line.replace(QStringLiteral("--"), QStringLiteral("- -")) +
               QStringLiteral(" -->\n");
    return out + blockComment(p, CommentStyle::Markdown) + markdown;
}

} // namespace vernier::ui
