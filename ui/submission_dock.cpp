// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/submission_dock.h"

#include <QHeaderView>
#include <QTreeWidget>

#include "models/result_set.h"

namespace vernier::ui {

namespace {
QString qs(const std::string& s) {
    return QString::fromStdString(s);
}
QString mean(const std::optional<double>& v) {
    return v ? QString::number(*v, 'f', 6) : QStringLiteral("—");
}
} // namespace

SubmissionDock::SubmissionDock(QWidget* parent) : QDockWidget(tr("Submission check"), parent) {
    setObjectName(QStringLiteral("submissionDock"));
    list_ = new QTreeWidget(this);
    list_->setObjectName(QStringLiteral("submissionFindings"));
    list_->setHeaderLabels({tr("Rule"), tr("Trial"), tr("Reason")});
    list_->setUniformRowHeights(true);
    list_->setAlternatingRowColors(true);
    list_->header()->setStretchLastSection(true);
    list_->setColumnWidth(0, 300);
    list_->setColumnWidth(1, 260);
    setWidget(list_);
}

void SubmissionDock::setResultSet(const std::shared_ptr<const ResultSet>& set) {
    list_->clear();
    int findings = 0;
    if (set)
        for (const auto& c : set->submissions) {
            const auto& r = c.report;
            findings += static_cast<int>(r.findings.size());
            // One top-level row per submission: its verdict and the declared vs computed figures.
            auto* top = new QTreeWidgetItem(
                {r.passed() ? tr("passed")
                            : tr("%n finding(s)", nullptr, static_cast<int>(r.findings.size())),
                 qs(c.system.label()),
                 tr("%1 · declared mean %2, %3 error(s); computed %4, %5 error(s)%6 · policy: %7")
                     .arg(qs(c.manifest), mean(c.declaredMean),
                          c.declaredErrors ? QString::number(*c.declaredErrors) : QStringLiteral("—"),
                          mean(r.meanReward), QString::number(r.errors),
                          c.declaredDiffers ? tr(" — the declared figures differ") : QString(),
                          qs(c.policy))});
            top->setToolTip(2, top->text(2));
            for (const auto& f : r.findings) {
                auto* item = new QTreeWidgetItem(
                    top, {qs(f.rule), f.trial.empty() ? tr("—") : qs(f.trial), qs(f.reason)});
                item->setToolTip(2, qs(f.reason));
            }
            list_->addTopLevelItem(top);
            top->setExpanded(true);
        }
    setWindowTitle(findings ? tr("Submission check (%1)").arg(findings) : tr("Submission check"));
}

int SubmissionDock::submissionCount() const {
    return list_->topLevelItemCount();
}

} // namespace vernier::ui
