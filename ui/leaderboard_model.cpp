// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/leaderboard_model.h"

#include <algorithm>
#include <limits>

#include "figures/palette.h"

namespace vernier::ui {

namespace {
constexpr double kUnknownSort = -std::numeric_limits<double>::infinity();
QVariant sortValue(const std::optional<double>& v) {
    return v ? *v : kUnknownSort;
}
} // namespace

LeaderboardModel::LeaderboardModel(QObject* parent) : QAbstractTableModel(parent) {}

void LeaderboardModel::setAnalysis(std::shared_ptr<const Analysis> analysis) {
    beginResetModel();
    analysis_ = std::move(analysis);
    maxAttempts_ = 1;
    if (analysis_)
        for (const auto& row : analysis_->rows)
            maxAttempts_ = std::max(maxAttempts_, row.maxAttempts);
    endResetModel();
}

namespace {
// The pass@k entry for k of a curve (models/attempts.h passAtKCurve), or nullptr.
const vernier::PassAtK* passAt(const std::vector<vernier::PassAtK>& curve, int k) {
    for (const auto& p : curve)
        if (p.k == k) return &p;
    return nullptr;
}
QString passText(const vernier::PassAtK* p) {
    return p && p->value ? QString::number(*p->value * 100.0, 'f', 1) : QStringLiteral("—");
}
} // namespace

int LeaderboardModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !analysis_) return 0;
    return static_cast<int>(analysis_->rows.size());
}

int LeaderboardModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return hasAttempts() ? ColumnCount : Attempts;
}

QVariant LeaderboardModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Rank:
            return tr("#");
        case System:
            return tr("System");
        case Overall:
            return tr("Overall");
        case Ci95:
            return tr("95% CI");
        case Creation:
            return tr("Creation");
        case CreateAndEdit:
            return tr("Create+edit");
        case ImageToCad:
            return tr("Image→CAD");
        case Perfect:
            return tr("Perfect %");
        case Zero:
            return tr("Zero %");
        case Cost:
            return tr("USD");
        case CostPerPoint:
            return tr("USD/pt");
        case Duration:
            return tr("Min/trial");
        case Trials:
            return tr("Trials");
        case Attempts:
            return tr("Attempts");
        case Pass1:
            return tr("pass@1");
        case PassK:
            return tr("pass@%1").arg(maxAttempts_);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Attempts:
            return tr("The most attempts this system has on one task");
        case Pass1:
            return tr("pass@1 in percent: chance that one attempt is perfect (reward ≥ 0.9999), unbiased "
                      "estimator over the tasks with at least 1 attempt");
        case PassK:
            return tr("pass@%1 in percent: chance that at least one of %1 attempts is perfect (reward ≥ "
                      "0.9999), unbiased estimator (Chen et al. 2021) over the tasks with at least %1 "
                      "attempts")
                .arg(maxAttempts_);
        case System:
            return tr("Agent / model");
        case Overall:
            return tr("Overall score in points (0–100), mean over the selected tasks");
        case Creation:
            return tr("Creation tasks, points");
        case CreateAndEdit:
            return tr("Create-and-edit tasks, points");
        case ImageToCad:
            return tr("Image-to-CAD tasks, points");
        case Duration:
            return tr("Mean wall-clock duration per trial, minutes");
        case Ci95:
            return tr("Stratified bootstrap 95% interval of the overall score (tasks resampled)");
        case Perfect:
            return tr("Share of selected rewards exactly 1.0");
        case Zero:
            return tr("Share of selected rewards exactly 0");
        case Cost:
            return tr("Total known API cost in USD; — when no trial reports a cost");
        case CostPerPoint:
            return tr("USD per point: total known cost / overall score in points");
        default:
            return {};
        }
    }
    return {};
}

bool LeaderboardModel::submissionDiffers(const SystemId& system) const {
    if (!analysis_ || !analysis_->set) return false;
    for (const auto& c : analysis_->set->submissions)
        if (c.system == system && c.declaredDiffers) return true;
    return false;
}

QVariant LeaderboardModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !analysis_ || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const SystemRow& row = analysis_->rows[static_cast<std::size_t>(index.row())];
    const SystemSummary& s = row.summary;
    auto wf = [&](Workflow w) { return s.perWorkflow[static_cast<std::size_t>(w)]; };
    if (role == SystemIndexRole) return row.system;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Rank:
            return index.row() + 1;
        case System:
            return qs(analysis_->displayName(row.system)) +
                   (submissionDiffers(s.system) ? QStringLiteral("  ⚠ declared ≠ computed") : QString());
        case Overall:
            return formatPoints(s.overall);
        case Ci95:
            return QStringLiteral("%1 – %2").arg(formatPoints(s.ci95.lo), formatPoints(s.ci95.hi));
        case Creation:
            return formatPoints(wf(Workflow::Creation));
        case CreateAndEdit:
            return formatPoints(wf(Workflow::CreateAndEdit));
        case ImageToCad:
            return formatPoints(wf(Workflow::ImageToCad));
        case Perfect:
            return QString::number(s.perfectRate * 100.0, 'f', 1);
        case Zero:
            return QString::number(s.zeroRate * 100.0, 'f', 1);
        case Cost:
            return formatUsd(s.costUsd);
        case CostPerPoint:
            return formatUsd(s.costPerPoint);
        case Duration:
            return formatMinutes(s.meanDurationMin);
        case Trials:
            return s.nTrials;
        case Attempts:
            return row.maxAttempts;
        case Pass1:
            return passText(passAt(row.passPerfect, 1));
        case PassK:
            return passText(passAt(row.passPerfect, maxAttempts_));
        }
    }
    if (role == SortRole) {
        switch (index.column()) {
        case Rank:
            return index.row();
        case System:
            return qs(analysis_->displayName(row.system));
        case Overall:
            return s.overall;
        case Ci95:
            return s.ci95.lo;
        case Creation:
            return sortValue(wf(Workflow::Creation));
        case CreateAndEdit:
            return sortValue(wf(Workflow::CreateAndEdit));
        case ImageToCad:
            return sortValue(wf(Workflow::ImageToCad));
        case Perfect:
            return s.perfectRate;
        case Zero:
            return s.zeroRate;
        case Cost:
            return sortValue(s.costUsd);
        case CostPerPoint:
            return sortValue(s.costPerPoint);
        case Duration:
            return sortValue(s.meanDurationMin);
        case Trials:
            return s.nTrials;
        case Attempts:
            return row.maxAttempts;
        case Pass1:
        case PassK: {
            const vernier::PassAtK* p = passAt(row.passPerfect, index.column() == Pass1 ? 1 : maxAttempts_);
            return p && p->value ? QVariant(*p->value) : QVariant(kUnknownSort);
        }
        }
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == System ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                        : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    // The system's colour by identity (never its rank): the same in every chart and export.
    if (role == Qt::DecorationRole && index.column() == System)
        return palette::systemColor(*analysis_, row.system);
    if (role == Qt::ToolTipRole) {
        if (index.column() == System && analysis_->set)
            for (const auto& c : analysis_->set->submissions)
                if (c.system == s.system && c.declaredDiffers)
                    return tr("The submission manifest declares mean %1 and %2 error(s); its trials give %3 "
                              "and "
                              "%4 (View → Submission check).")
                        .arg(c.declaredMean ? QString::number(*c.declaredMean, 'f', 6) : QStringLiteral("—"))
                        .arg(c.declaredErrors ? QString::number(*c.declaredErrors) : QStringLiteral("—"))
                        .arg(c.report.meanReward ? QString::number(*c.report.meanReward, 'f', 6)
                                                 : QStringLiteral("—"))
                        .arg(c.report.errors);
        if (index.column() == Overall)
            return tr("%1 over %2 tasks")
                .arg(QString::fromUtf8(overallMethodText(s.overallMethod)))
                .arg(s.nTasks);
        if (index.column() == System) {
            const QString label = qs(s.system.label());
            if (qs(analysis_->displayName(row.system)) != label) return tr("%1 (alias)").arg(label);
            return label;
        }
        if (index.column() == Pass1 || index.column() == PassK) {
            const int k = index.column() == Pass1 ? 1 : maxAttempts_;
            const vernier::PassAtK* p = passAt(row.passPerfect, k);
            const vernier::PassAtK* nz = passAt(row.passNonZero, k);
            if (!p || !p->value) return tr("No task has %1 attempts").arg(k);
            return tr("pass@%1 perfect %2% over %3 tasks; non-zero %4%")
                .arg(k)
                .arg(*p->value * 100.0, 0, 'f', 1)
                .arg(p->tasks)
                .arg(nz && nz->value ? QString::number(*nz->value * 100.0, 'f', 1) : QStringLiteral("—"));
        }
        if (index.column() == Cost && s.costUsd)
            return tr("%1 of %2 trials report a cost").arg(s.trialsWithCost).arg(s.nTrials);
        if (index.column() == Duration && s.meanDurationMin)
            return tr("%1 of %2 trials report start and finish").arg(s.trialsWithDuration).arg(s.nTrials);
    }
    return {};
}

} // namespace vernier::ui
