#include "ui/trial_details.h"

#include "ui/analysis.h"
#include "ui/trial_table_model.h"

namespace vernier::ui {

namespace {

QString esc(const std::string& s) {
    return qs(s).toHtmlEscaped();
}
QString num(const std::optional<double>& v) {
    return v ? QString::number(*v, 'f', 4) : QStringLiteral("—");
}

QString stageRows(const QString& stage, const StageScores& s) {
    QString html;
    html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                .arg(stage, num(s.geometry), num(s.spec), num(s.combined),
                     s.gate.empty() ? QStringLiteral("—") : esc(s.gate));
    if (!s.geometryReason.empty() || !s.specReason.empty())
        html +=
            QStringLiteral("<tr><td></td><td colspan=4><small>%1%2%3</small></td></tr>")
                .arg(esc(s.geometryReason),
                     !s.geometryReason.empty() && !s.specReason.empty() ? QStringLiteral("<br>") : QString(),
                     esc(s.specReason));
    return html;
}

QString scoreTable(const QString& title, const StageScores& single, const std::optional<StageScores>& base,
                   const std::optional<StageScores>& target) {
    QString html = QStringLiteral("<h4>%1</h4><table border=0 cellspacing=2 cellpadding=2>"
                                  "<tr><th align=left>Stage</th><th>g (geometry)</th><th>s (spec)</th>"
                                  "<th>combined</th><th>gate</th></tr>")
                       .arg(title);
    if (base || target) {
        if (base) html += stageRows(QStringLiteral("base"), *base);
        if (target) html += stageRows(QStringLiteral("edit"), *target);
    } else {
        html += stageRows(QStringLiteral("answer"), single);
    }
    return html + QStringLiteral("</table>");
}

} // namespace

TrialDetails::TrialDetails(QWidget* parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("trialDetails"));
    setOpenLinks(false);
    clearTrial();
}

void TrialDetails::clearTrial() {
    setHtml(tr("<i>Select a trial to see its scores, gates and reasons.</i>"));
}

void TrialDetails::showTrial(const ResultSet& set, int trialIndex) {
    setHtml(trialDetailsHtml(set, trialIndex));
}

QString trialDetailsHtml(const ResultSet& set, int trialIndex) {
    if (trialIndex < 0 || trialIndex >= static_cast<int>(set.trials.size())) return {};
    const TrialRecord& t = set.trials[static_cast<std::size_t>(trialIndex)];
    const TaskInfo* task = t.taskIndex >= 0 && t.taskIndex < static_cast<int>(set.tasks.size())
                               ? &set.tasks[static_cast<std::size_t>(t.taskIndex)]
                               : nullptr;
    QString html =
        QStringLiteral("<h3>%1</h3><p><b>%2</b> on <b>%3</b>%4</p>")
            .arg(esc(t.trialName), esc(t.system.label()), esc(t.taskId),
                 task ? QStringLiteral(" (%1%2)").arg(
                            QString::fromUtf8(workflowTitle(task->workflow)),
                            task->category.empty() ? QString() : QStringLiteral(", ") + esc(task->category))
                      : QStringLiteral(" — task not in the pack"));
    if (!t.loadError.empty())
        html += QStringLiteral("<p style='color:#D55E00'><b>Load error:</b> %1</p>").arg(esc(t.loadError));
    html += QStringLiteral("<table cellpadding=2>");
    auto row = [&html](const QString& k, const QString& v) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k, v);
    };
    row(QStringLiteral("Reward (used)"),
        t.loadError.empty() ? QString::number(t.effectiveReward(set.preferRescored()), 'f', 4)
                            : QStringLiteral("—"));
    row(QStringLiteral("Recorded reward"), num(t.recordedReward));
    if (t.rescored) {
        row(QStringLiteral("Rescored reward"),
            t.rescored->scorerCrash ? QStringLiteral("scorer crash: %1").arg(esc(t.rescored->error))
                                    : num(t.rescored->reward));
        if (const auto d = t.rescoreDelta())
            row(QStringLiteral("Recorded − rescored"), QString::number(*d, 'f', 4));
    }
    if (t.zero.category != ZeroCategory::None)
        row(QStringLiteral("Zero category"),
            QStringLiteral("%1%2 — %3")
                .arg(QString::fromUtf8(zeroCategoryTitle(t.zero.category)),
                     t.zero.gate.empty() ? QString() : QStringLiteral(" (gate: %1)").arg(esc(t.zero.gate)),
                     esc(t.zero.reason)));
    if (!t.exceptionType.empty())
        row(QStringLiteral("Exception"),
            QStringLiteral("%1: %2").arg(esc(t.exceptionType), esc(t.exceptionMessage)));
    row(QStringLiteral("Cost"), formatUsd(t.costUsd));
    const auto d = t.durationSeconds();
    row(QStringLiteral("Duration"),
        d ? QStringLiteral("%1 min").arg(*d / 60.0, 0, 'f', 2) : QStringLiteral("—"));
    if (t.tokens.input || t.tokens.output)
        row(QStringLiteral("Tokens in / cache / out"),
            QStringLiteral("%1 / %2 / %3")
                .arg(t.tokens.input ? QString::number(*t.tokens.input) : QStringLiteral("—"),
                     t.tokens.cache ? QString::number(*t.tokens.cache) : QStringLiteral("—"),
                     t.tokens.output ? QString::number(*t.tokens.output) : QStringLiteral("—")));
    for (const auto& [label, f] : {std::pair{QStringLiteral("Answer"), &t.answer},
                                   std::pair{QStringLiteral("Answer (base)"), &t.answerBase},
                                   std::pair{QStringLiteral("Answer (edit)"), &t.answerEdit},
                                   std::pair{QStringLiteral("answer.py"), &t.answerPy}})
        if (!f->empty()) row(label, esc(f->display()));
    html += QStringLiteral("</table>");
    if (t.recordedDetails.present)
        html += scoreTable(QStringLiteral("Recorded verifier scores"), t.recordedDetails.single,
                           t.recordedDetails.base, t.recordedDetails.target);
    else
        html += QStringLiteral("<p><i>No reward_details.json recorded.</i></p>");
    if (t.rescored && !t.rescored->scorerCrash)
        html += scoreTable(QStringLiteral("Rescored (%1)").arg(esc(t.rescored->scorerIdentity)),
                           t.rescored->single, t.rescored->base, t.rescored->target);
    for (const auto& w : t.warnings)
        html += QStringLiteral("<p><small>⚠ %1</small></p>").arg(esc(w));
    return html;
}

} // namespace vernier::ui
