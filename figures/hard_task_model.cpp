// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/hard_task_model.h"

#include <QColor>
#include <algorithm>

#include "figures/palette.h"

namespace vernier::ui {

HardTaskModel::HardTaskModel(QObject* parent) : QAbstractTableModel(parent) {}

void HardTaskModel::setAnalysis(std::shared_ptr<const Analysis> analysis) {
    beginResetModel();
    analysis_ = std::move(analysis);
    rows_.clear();
    if (analysis_ && analysis_->set) {
        for (std::size_t i = 0; i < analysis_->tasks.size(); ++i) {
            Row r{analysis_->tasks[i], analysis_->zeroSystemsPerTask[i], std::nullopt, std::nullopt};
            double sum = 0;
            int n = 0;
            for (const auto& row : analysis_->rows) {
                const auto v = analysis_->set->selectedReward(row.system, r.task);
                if (!v) continue;
                r.best = r.best ? std::max(*r.best, *v) : *v;
                sum += *v;
                ++n;
            }
            if (n > 0) r.mean = sum / n;
            rows_.push_back(r);
        }
        std::stable_sort(rows_.begin(), rows_.end(),
                         [](const Row& a, const Row& b) { return a.zeros > b.zeros; });
    }
    endResetModel();
}

void HardTaskModel::setThreshold(int systems) {
    if (systems == threshold_) return;
    threshold_ = systems;
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int HardTaskModel::highlightedCount() const {
    return static_cast<int>(
        std::count_if(rows_.begin(), rows_.end(), [this](const Row& r) { return r.zeros >= threshold_; }));
}

int HardTaskModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int HardTaskModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HardTaskModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == ZeroSystems) return tr("Systems scoring zero on this task");
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Task:
        return tr("Task");
    case Workflow_:
        return tr("Workflow");
    case Category:
        return tr("Category");
    case ZeroSystems:
        return tr("Zeros");
    case BestReward:
        return tr("Best (pts)");
    case MeanReward:
        return tr("Mean (pts)");
    default:
        return {};
    }
}

QVariant HardTaskModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const Row& r = rows_[static_cast<std::size_t>(index.row())];
    const TaskInfo& task = analysis_->set->tasks[static_cast<std::size_t>(r.task)];
    const bool hot = r.zeros >= threshold_;
    switch (role) {
    case TaskIndexRole:
        return r.task;
    case HighlightedRole:
        return hot;
    case Qt::DisplayRole:
    case SortRole:
        switch (index.column()) {
        case Task:
            return qs(task.id);
        case Workflow_:
            return QString::fromUtf8(workflowTitle(task.workflow));
        case Category:
            return qs(task.category);
        case ZeroSystems:
            return r.zeros;
        case BestReward:
            return role == SortRole ? QVariant(r.best.value_or(-1)) : QVariant(formatPoints(r.best));
        case MeanReward:
            return role == SortRole ? QVariant(r.mean.value_or(-1)) : QVariant(formatPoints(r.mean));
        }
        return {};
    case Qt::BackgroundRole:
        if (hot) return QColor(palette::highlight().lighter(185));
        return {};
    case Qt::FontRole:
        if (hot && index.column() == ZeroSystems) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    default:
        return {};
    }
}

} // namespace vernier::ui
