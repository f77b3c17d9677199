#include "figures/provenance.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTimeZone>
#include <set>
#include <string>

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

QString provenanceDate() {
    bool ok = false;
    const qint64 epoch = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    const QDateTime when = ok && epoch >= 0 ? QDateTime::fromSecsSinceEpoch(epoch, QTimeZone::utc())
                                            : QDateTime::currentDateTimeUtc();
    return when.toUTC().toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss'Z'"));
}

Provenance basicProvenance(const QString& command) {
    Provenance p;
    p.producer = QStringLiteral("Vernier " VERNIER_VERSION);
    p.command = command;
    p.date = provenanceDate();
    return p;
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
    return p;
}

QString withCsvProvenance(const QString& csv, const Provenance& p) {
    if (p.isEmpty()) return csv;
    return QStringLiteral("# ") + p.oneLine() + QLatin1Char('\n') + csv;
}

QString withLatexProvenance(const QString& latex, const Provenance& p) {
    if (p.isEmpty()) return latex;
    QString out;
    for (const QString& line : p.lines())
        out += QStringLiteral("% ") + line + QLatin1Char('\n');
    return out + latex;
}

} // namespace vernier::ui
