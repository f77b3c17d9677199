// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/trial_details.h"

#include "figures/trial_table_model.h"
#include "ui/analysis.h"

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

QString scoreTable(const QString& title, const StageScores& single, const Boxed<StageScores>& base,
                   const Boxed<StageScores>& target) {
    QString html = QStringLiteral("<h4>%1</h4><table border=0 cellspacing=2 cellpadding=2>"
                                  "<tr><th align=left>Stage</th><th title='geometry similarity'>g</th>"
                                  "<th title='spec consistency'>s</th><th>combined</th><th>gate</th></tr>")
                       .arg(title);
    if (base || target) {
        if (base) html += stageRows(QStringLiteral("base"), *base);
        if (target) html += stageRows(QStringLiteral("edit"), *target);
    } else {
        html += stageRows(QStringLiteral("answer"), single);
    }
    return html +
           QStringLiteral("</table><p><small>g = geometry similarity, s = spec consistency, combined = their "
                          "harmonic mean</small></p>");
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
    setHtml(trialDetailsHtml(set, trialIndex, &styles_));
}

QString trialDetailsHtml(const ResultSet& set, int trialIndex, const SystemStyles* styles) {
    if (trialIndex < 0 || trialIndex >= static_cast<int>(set.trials.size())) return {};
    const TrialRecord& t = set.trials[static_cast<std::size_t>(trialIndex)];
    const TaskInfo* task = t.taskIndex >= 0 && t.taskIndex < static_cast<int>(set.tasks.size())
                               ? &set.tasks[static_cast<std::size_t>(t.taskIndex)]
                               : nullptr;
    QString html =
        QStringLiteral("<h3>%1</h3><p><b>%2</b> on <b>%3</b>%4</p>")
            .arg(esc(t.trialName),
                 styles && styles->displayName(t.system) != t.system.label()
                     ? esc(styles->displayName(t.system)) + QStringLiteral("</b> (") + esc(t.system.label()) +
                           QStringLiteral(")<b>")
                     : esc(t.system.label()),
                 esc(t.taskId),
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
        row(t.exceptionStep.empty() ? QStringLiteral("Exception")
                                    : QStringLiteral("Exception (step %1)").arg(esc(t.exceptionStep)),
            QStringLiteral("%1: %2").arg(esc(t.exceptionType), esc(t.exceptionMessage)));
    if (!t.stoppedAtStep.empty())
        row(QStringLiteral("Stopped"),
            QStringLiteral("at step <b>%1</b>: %2").arg(esc(t.stoppedAtStep), esc(t.stopReason)));
    for (const auto& [k, v] : t.rewardKeys)
        row(QStringLiteral("Recorded %1").arg(esc(k)), QString::number(v, 'g', 6));
    if (!t.steps.empty()) {
        QString how = esc(t.rewardStrategy);
        if (t.rewardComputedFromSteps)
            how += QStringLiteral(" — trial reward not recorded; computed from the steps as Harbor does (%1)")
                       .arg(esc(t.rewardStrategyBasis));
        else
            how += QStringLiteral(" (%1); the trial reward was recorded").arg(esc(t.rewardStrategyBasis));
        row(QStringLiteral("Multi-step reward"), how);
    }
    row(QStringLiteral("Cost"),
        formatUsd(t.costUsd) + (t.usageSource.empty() || t.usageSource == "result.json"
                                    ? QString()
                                    : QStringLiteral(" <small>(from %1)</small>").arg(esc(t.usageSource))));
    const auto d = t.durationSeconds();
    row(QStringLiteral("Duration"),
        d ? QStringLiteral("%1 min").arg(*d / 60.0, 0, 'f', 2) : QStringLiteral("—"));
    if (const auto ad = t.agentDurationSeconds())
        row(t.steps.empty() ? QStringLiteral("Agent time") : QStringLiteral("Agent time (sum of steps)"),
            QStringLiteral("%1 min").arg(*ad / 60.0, 0, 'f', 2));
    if (t.tokens.input || t.tokens.output) {
        // Harbor's input count includes the cached tokens; uncached = input − cache.
        const auto n = [](const std::optional<std::int64_t>& v) {
            return v ? QString::number(*v) : QStringLiteral("—");
        };
        std::optional<std::int64_t> uncached;
        if (t.tokens.input && t.tokens.cache) uncached = *t.tokens.input - *t.tokens.cache;
        row(QStringLiteral("Tokens in (uncached + cached) / out"),
            QStringLiteral("%1 (%2 + %3) / %4")
                .arg(n(t.tokens.input), n(uncached), n(t.tokens.cache), n(t.tokens.output)));
    }
    {
        QString run;
        if (!t.run.agentVersion.empty()) run += QStringLiteral("agent %1").arg(esc(t.run.agentVersion));
        if (!t.run.modelName.empty())
            run += (run.isEmpty() ? QString() : QStringLiteral(" · ")) +
                   QStringLiteral("model %1").arg(esc(t.run.modelName)) +
                   (t.run.modelProvider.empty()
                        ? QStringLiteral(" (provider not recorded)")
                        : QStringLiteral(" (provider %1)").arg(esc(t.run.modelProvider)));
        for (const auto& [k, v] : t.run.agentKwargs)
            run += QStringLiteral(" · %1=%2").arg(esc(k), esc(v));
        if (!run.isEmpty()) row(QStringLiteral("Run"), run);
    }
    for (const auto& [label, f] : {std::pair{QStringLiteral("Answer"), &t.answer},
                                   std::pair{QStringLiteral("Answer (base)"), &t.answerBase},
                                   std::pair{QStringLiteral("Answer (edit)"), &t.answerEdit},
                                   std::pair{QStringLiteral("answer.py"), &t.answerPy}})
        if (!f->empty()) row(label, esc(f->display()));
    for (const auto& a : t.artifactProblems)
        row(QStringLiteral("Artifact not collected"), esc(a));
    html += QStringLiteral("</table>");
    if (!t.steps.empty()) {
        html += QStringLiteral(
            "<h4>Steps</h4><table border=0 cellspacing=2 cellpadding=2><tr><th align=left>step</th>"
            "<th>stage</th><th>reward</th><th>cost</th><th>tokens in / out</th><th>agent time</th>"
            "<th align=left>exception</th></tr>");
        for (const auto& st : t.steps) {
            const auto r = st.reward();
            const auto ad = st.agentDurationSeconds();
            html +=
                QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5 / "
                               "%6</td><td>%7</td><td>%8</td></tr>")
                    .arg(
                        esc(st.name),
                        st.stage.empty()
                            ? QStringLiteral("— <small>(not mapped)</small>")
                            : QStringLiteral("%1 <small>(%2)</small>").arg(esc(st.stage), esc(st.stageBasis)),
                        st.hasVerifierResult ? num(r) : QStringLiteral("not verified"), formatUsd(st.costUsd),
                        st.tokens.input ? QString::number(*st.tokens.input) : QStringLiteral("—"),
                        st.tokens.output ? QString::number(*st.tokens.output) : QStringLiteral("—"),
                        ad ? QStringLiteral("%1 min").arg(*ad / 60.0, 0, 'f', 2) : QStringLiteral("—"),
                        st.exceptionType.empty() ? QString()
                                                 : esc(st.exceptionType + ": " + st.exceptionMessage));
        }
        html += QStringLiteral("</table>");
    }
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
