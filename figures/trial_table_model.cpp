// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/trial_table_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "figures/palette.h"

namespace vernier::ui {

namespace {

constexpr double kUnknownSort = -std::numeric_limits<double>::infinity();

QString num(const std::optional<double>& v) {
    return v ? QString::number(*v, 'f', 3) : QStringLiteral("—");
}

std::optional<double> lower(const std::optional<double>& a, const std::optional<double>& b) {
    if (a && b) return std::min(*a, *b);
    return a ? a : b;
}

} // namespace

TrialAxes trialAxes(const TrialRecord& t) {
    const StageScores* single = nullptr;
    const StageScores* base = nullptr;
    const StageScores* target = nullptr;
    if (t.rescored) {
        single = &t.rescored->single;
        if (t.rescored->base) base = &*t.rescored->base;
        if (t.rescored->target) target = &*t.rescored->target;
    } else if (t.recordedDetails.present) {
        single = &t.recordedDetails.single;
        if (t.recordedDetails.base) base = &*t.recordedDetails.base;
        if (t.recordedDetails.target) target = &*t.recordedDetails.target;
    }
    TrialAxes axes;
    if (base && target) {
        axes.geometry = lower(base->geometry, target->geometry);
        axes.spec = lower(base->spec, target->spec);
        // Base / edit, compact: the column stays as narrow as a single score's (the tooltip says which is
        // which).
        axes.geometryText = QStringLiteral("%1 / %2").arg(num(base->geometry), num(target->geometry));
        axes.specText = QStringLiteral("%1 / %2").arg(num(base->spec), num(target->spec));
        axes.twoStages = true;
        axes.gate = qs(!base->gate.empty() ? base->gate : target->gate);
    } else if (single) {
        axes.geometry = single->geometry;
        axes.spec = single->spec;
        axes.geometryText = num(single->geometry);
        axes.specText = num(single->spec);
        axes.gate = qs(single->gate);
    } else {
        axes.geometryText = axes.specText = QStringLiteral("—");
    }
    if (axes.gate.isEmpty()) axes.gate = qs(t.zero.gate);
    return axes;
}

QString listedGate(const TrialRecord& t) {
    if (t.zero.category != ZeroCategory::GeometryZero && t.zero.category != ZeroCategory::GeometryAndSpecZero)
        return {};
    return trialAxes(t).gate;
}

TrialTableModel::TrialTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TrialTableModel::setStyles(const SystemStyles& styles) {
    if (styles == styles_) return;
    beginResetModel();
    styles_ = styles;
    buildSortKeys();
    endResetModel();
}

bool TrialTableModel::hasAttempts() const {
    return order_ && std::any_of(order_->attempts.begin(), order_->attempts.end(),
                                 [](const AttemptPosition& a) { return a.count > 1; });
}

const AttemptPosition* TrialTableModel::attemptOf(std::size_t row) const {
    return order_ && row < order_->attempts.size() ? &order_->attempts[row] : nullptr;
}

QString TrialTableModel::systemName(const TrialRecord& t) const {
    return qs(styles_.displayName(t.system));
}

void TrialTableModel::setResultSet(std::shared_ptr<const ResultSet> set,
                                   std::shared_ptr<const TrialOrder> order) {
    // A set is never changed once shared (Session copies it to change it): the same one is the same rows,
    // and a filter change on 10^5 trials need not rebuild the model.
    if (set == set_) return;
    beginResetModel();
    set_ = std::move(set);
    order_.reset();
    if (set_) order_ = order && order->set == set_.get() ? std::move(order) : trialOrder(*set_);
    buildSortKeys();
    endResetModel();
}

void TrialTableModel::buildSortKeys() {
    // Only what the styles decide: the System column shows display names, ranked as QString compares them
    // (what sorting by SortRole did), equal names equal. One per distinct label, not per trial.
    nameRanks_.clear();
    numericKeys_.clear();
    if (!set_ || !order_) return;
    const std::size_t labels = order_->labels.size();
    std::vector<QString> names(labels);
    for (std::size_t k = 0; k < labels; ++k)
        names[k] = systemName(set_->trials[order_->labelTrial[k]]);
    std::vector<std::size_t> byName(labels);
    std::iota(byName.begin(), byName.end(), std::size_t{0});
    std::sort(byName.begin(), byName.end(),
              [&](std::size_t a, std::size_t b) { return names[a] < names[b]; });
    nameRanks_.assign(labels, 0);
    for (std::size_t k = 0; k < byName.size(); ++k)
        nameRanks_[byName[k]] = k > 0 && names[byName[k]] == names[byName[k - 1]] ? nameRanks_[byName[k - 1]]
                                                                                  : static_cast<int>(k);
}

double TrialTableModel::sortValue(std::size_t i, int column) const {
    // The SortRole numbers of data(), computed alone.
    const TrialRecord& t = set_->trials[i];
    switch (column) {
    case Attempt:
        return attemptOf(i) ? attemptOf(i)->index : 0;
    case Reward: {
        const bool valid =
            t.loadError.empty() && t.taskIndex >= 0 && t.taskIndex < static_cast<int>(set_->tasks.size());
        return valid ? t.effectiveReward(set_->preferRescored()) : kUnknownSort;
    }
    case Cost:
        return t.costUsd.value_or(kUnknownSort);
    case Duration: {
        const auto d = t.durationSeconds();
        return d ? *d / 60.0 : kUnknownSort;
    }
    case Recorded:
        return t.recordedReward.value_or(kUnknownSort);
    default:
        return 0;
    }
}

bool TrialTableModel::rowLessThan(int left, int right, int column) const {
    const auto l = static_cast<std::size_t>(left), r = static_cast<std::size_t>(right);
    if (order_ && l < order_->taskKeys.size() && r < order_->taskKeys.size()) {
        const TrialOrder::TaskKey& a = order_->taskKeys[l];
        const TrialOrder::TaskKey& b = order_->taskKeys[r];
        if (column == Task) return a < b;
        if (column == System && a.label < nameRanks_.size() && b.label < nameRanks_.size())
            return nameRanks_[a.label] < nameRanks_[b.label];
    }
    if (!set_ || l >= set_->trials.size() || r >= set_->trials.size()) return false;
    std::vector<double>& keys = numericKeys_[column];
    if (keys.size() != set_->trials.size()) {
        keys.resize(set_->trials.size());
        for (std::size_t i = 0; i < keys.size(); ++i)
            keys[i] = sortValue(i, column);
    }
    return keys[l] < keys[r];
}

int TrialTableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !set_) return 0;
    return static_cast<int>(set_->trials.size());
}

int TrialTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return ColumnCount + (order_ ? static_cast<int>(order_->extraRewardKeys.size()) : 0);
}

QVariant TrialTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (section >= ColumnCount && section < columnCount()) {
        const QString key = qs(order_->extraRewardKeys[static_cast<std::size_t>(section - ColumnCount)]);
        if (role == Qt::DisplayRole) return key;
        if (role == Qt::ToolTipRole)
            return tr("Recorded reward key \"%1\" (reward.json / verifier_result)").arg(key);
        return {};
    }
    if (role == Qt::ToolTipRole && section == Attempt)
        return tr("i/k: the i-th of the k attempts of this system on this task, in order of finishing");
    if (role == Qt::ToolTipRole && section == Geometry)
        return tr("Geometry similarity (create & edit: base / edit)");
    if (role == Qt::ToolTipRole && section == Spec)
        return tr("Spec consistency (create & edit: base / edit)");
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Task:
        return tr("Task");
    case System:
        return tr("System");
    case Attempt:
        return tr("Attempt");
    case Workflow_:
        return tr("Workflow");
    case Reward:
        return tr("Reward");
    case Geometry:
        return tr("g");
    case Spec:
        return tr("s");
    case Category:
        return tr("Zero category");
    case Gate:
        return tr("Gate");
    case Cost:
        return tr("Cost (USD)");
    case Duration:
        return tr("Duration (min)");
    case Recorded:
        return tr("Recorded");
    case Rescored:
        return tr("Rescored");
    case Status:
        return tr("Status");
    default:
        return {};
    }
}

QVariant TrialTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !set_ || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const TrialRecord& t = set_->trials[static_cast<std::size_t>(index.row())];
    if (index.column() >= ColumnCount) { // a recorded reward key other than "reward"
        if (role == TrialIndexRole) return index.row();
        if (role == TrialIdRole) return QVariant::fromValue(t.id());
        const std::string& key =
            order_->extraRewardKeys[static_cast<std::size_t>(index.column() - ColumnCount)];
        for (const auto& [k, v] : t.rewardKeys)
            if (k == key) {
                if (role == Qt::DisplayRole) return QString::number(v, 'f', 3);
                if (role == SortRole || role == Qt::EditRole) return v;
                if (role == Qt::ToolTipRole) return tr("Recorded %1 = %2").arg(qs(k)).arg(v, 0, 'g', 17);
                if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
            }
        if (role == SortRole) return -1.0;
        return {};
    }
    const TaskInfo* task = t.taskIndex >= 0 && t.taskIndex < static_cast<int>(set_->tasks.size())
                               ? &set_->tasks[t.taskIndex]
                               : nullptr;
    if (role == TrialIndexRole) return index.row();
    if (role == TrialIdRole) return QVariant::fromValue(t.id());
    const bool valid = t.loadError.empty() && task;
    const std::optional<double> reward =
        valid ? std::optional<double>(t.effectiveReward(set_->preferRescored())) : std::nullopt;
    const auto duration = t.durationSeconds();
    const std::optional<double> minutes = duration ? std::optional<double>(*duration / 60.0) : std::nullopt;
    const std::optional<double> rescored = t.rescored ? t.rescored->reward : std::nullopt;

    if (role == Qt::DisplayRole || role == SortRole) {
        const bool sort = role == SortRole;
        const AttemptPosition* position = attemptOf(static_cast<std::size_t>(index.row()));
        const AttemptPosition at = position ? *position : AttemptPosition{};
        switch (index.column()) {
        case Task:
            // Sorting by task keeps a system's attempts together, in finish order.
            return sort ? QVariant(QStringLiteral("%1\x1f%2\x1f%3")
                                       .arg(qs(t.taskId), qs(t.system.label()))
                                       .arg(at.index, 4, 10, QLatin1Char('0')))
                        : QVariant(qs(t.taskId));
        case System:
            return systemName(t);
        case Attempt:
            if (sort) return at.index;
            return at.count > 0 ? QStringLiteral("%1/%2").arg(at.index).arg(at.count) : QString();
        case Workflow_:
            return task ? QString::fromUtf8(workflowTitle(task->workflow)) : tr("(not in pack)");
        case Reward:
            return sort ? QVariant(reward.value_or(kUnknownSort)) : QVariant(num(reward));
        case Geometry: {
            const TrialAxes a = trialAxes(t);
            return sort ? QVariant(a.geometry.value_or(kUnknownSort)) : QVariant(a.geometryText);
        }
        case Spec: {
            const TrialAxes a = trialAxes(t);
            return sort ? QVariant(a.spec.value_or(kUnknownSort)) : QVariant(a.specText);
        }
        case Category:
            return t.zero.category == ZeroCategory::None
                       ? QString()
                       : QString::fromUtf8(zeroCategoryTitle(t.zero.category));
        case Gate:
            return listedGate(t);
        case Cost:
            return sort ? QVariant(t.costUsd.value_or(kUnknownSort)) : QVariant(formatUsd(t.costUsd));
        case Duration:
            return sort ? QVariant(minutes.value_or(kUnknownSort)) : QVariant(formatMinutes(minutes));
        case Recorded:
            return sort ? QVariant(t.recordedReward.value_or(kUnknownSort)) : QVariant(num(t.recordedReward));
        case Rescored:
            if (!t.rescored) return sort ? QVariant(kUnknownSort) : QVariant(QString());
            if (t.rescored->scorerCrash) return sort ? QVariant(kUnknownSort) : QVariant(tr("crash"));
            return sort ? QVariant(rescored.value_or(kUnknownSort)) : QVariant(num(rescored));
        case Status:
            if (!t.loadError.empty()) return tr("load error");
            if (!task) return tr("task not in pack");
            return trialStatusTitle(statusOf(t, set_->preferRescored()));
        }
    }
    if (role == Qt::ToolTipRole) {
        if (!t.loadError.empty()) return qs(t.loadError);
        if (index.column() == Category || index.column() == Gate) return qs(t.zero.reason);
        if (index.column() == Task) return qs(t.trialName);
        if (index.column() == Geometry || index.column() == Spec) {
            const TrialAxes a = trialAxes(t);
            if (a.twoStages)
                return tr("base / edit stage: %1")
                    .arg(index.column() == Geometry ? a.geometryText : a.specText);
        }
    }
    if (role == Qt::ForegroundRole) {
        if (!t.loadError.empty()) return palette::highlight();
        if (index.column() == Rescored) {
            const auto d = t.rescoreDelta();
            if (d && std::abs(*d) > 1e-4) return palette::highlight();
        }
    }
    if (role == Qt::BackgroundRole && index.column() == Reward && reward) return palette::sequential(*reward);
    if (role == Qt::ForegroundRole && index.column() == Reward && reward)
        return palette::textOn(palette::sequential(*reward));
    if (role == Qt::TextAlignmentRole) {
        switch (index.column()) {
        case Reward:
        case Cost:
        case Duration:
        case Recorded:
        case Rescored:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        }
    }
    return {};
}

TrialFilterProxy::TrialFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(TrialTableModel::SortRole);
}

void TrialFilterProxy::setTrialFilter(const Filter& filter) {
    if (filter == filter_) return;
    filter_ = filter;
    invalidateFilter();
}

void TrialFilterProxy::setSearchText(const QString& text) {
    if (text == search_) return;
    search_ = text;
    invalidateFilter();
}

void TrialFilterProxy::setOnlyTrials(const std::vector<int>& trials) {
    restricted_ = true;
    only_ = QSet<int>(trials.begin(), trials.end());
    invalidateFilter();
}

void TrialFilterProxy::clearOnlyTrials() {
    if (!restricted_) return;
    restricted_ = false;
    only_.clear();
    invalidateFilter();
}

void TrialFilterProxy::setSourceModel(QAbstractItemModel* model) {
    trialModel_ = qobject_cast<const TrialTableModel*>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

bool TrialFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const TrialTableModel* model = trialModel_;
    if (model && sortRole() == TrialTableModel::SortRole && left.column() == right.column() &&
        model->hasSortKeys(left.column()))
        return model->rowLessThan(left.row(), right.row(), left.column());
    return QSortFilterProxyModel::lessThan(left, right);
}

bool TrialFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    auto* model = qobject_cast<const TrialTableModel*>(sourceModel());
    if (!model || !model->resultSet() || sourceParent.isValid()) return false;
    const ResultSet& set = *model->resultSet();
    if (restricted_) return only_.contains(sourceRow); // an explicit drill-down list wins over filters
    const TrialRecord& t = set.trials[static_cast<std::size_t>(sourceRow)];
    if (!filter_.matches(set, sourceRow)) return false;
    if (!search_.isEmpty()) {
        const QString hay = qs(t.taskId) + QLatin1Char(' ') + qs(t.system.label()) + QLatin1Char(' ') +
                            model->systemName(t) + QLatin1Char(' ') + qs(t.trialName) + QLatin1Char(' ') +
                            qs(t.zero.reason) + QLatin1Char(' ') + qs(t.loadError);
        if (!hay.contains(search_, Qt::CaseInsensitive)) return false;
    }
    return true;
}

} // namespace vernier::ui
