// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Table model of every trial of the result set (malformed ones included, with their reason), and the
// proxy that applies the shared Filter, a text search and an optional explicit trial list.
#include <QAbstractTableModel>
#include <QSet>
#include <QSortFilterProxyModel>
#include <memory>

#include "figures/text_format.h"
#include "models/trial_order.h"

namespace vernier::ui {

// Scores shown for a trial: rescored when present, else recorded (create_and_edit: the lower stage).
struct TrialAxes {
    std::optional<double> geometry;
    std::optional<double> spec;
    QString geometryText; // "0.812", or "0.810 / 0.720" (base / edit) for create & edit
    QString specText;
    QString gate;
    bool twoStages = false; // the texts are "base / edit"
};
TrialAxes trialAxes(const TrialRecord& trial);
// The gate shown in trial lists: only for a trial classified as a geometry zero (the gate is the second
// level of that class, models/failure_taxonomy.h); a final exception or missing output has no gate.
QString listedGate(const TrialRecord& trial);

class TrialTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Task,
        System,
        Attempt, // "i/k": the i-th of k attempts of its (system, task), in finish order
        Workflow_,
        Reward,
        Geometry,
        Spec,
        Category,
        Gate,
        Cost,
        Duration,
        Recorded,
        Rescored,
        Status,
        ColumnCount
    };
    enum Role {
        TrialIndexRole = Qt::UserRole + 1, // index into this model's ResultSet::trials (the row; internal)
        SortRole,                          // numeric where the column is numeric; unknown lowest
        TrialIdRole,                       // the trial's TrialId (what views emit and keep)
    };

    explicit TrialTableModel(QObject* parent = nullptr);
    // `order` is the set's TrialOrder when the caller has it (Analysis::trialOrder, computed off the GUI
    // thread); without it, or with one of another set, the model computes it here.
    void setResultSet(std::shared_ptr<const ResultSet> set, std::shared_ptr<const TrialOrder> order = {});
    // Aliases for the System column (the workspace's); set before setResultSet or call it again.
    void setStyles(const SystemStyles& styles);
    QString systemName(const TrialRecord& trial) const;
    // True when some (system, task) has more than one attempt (views hide the Attempt column otherwise).
    bool hasAttempts() const;
    const ResultSet* resultSet() const { return set_.get(); }
    // Row order by a column without building QVariants and display values per comparison, for sorting 100k
    // rows (TrialFilterProxy::lessThan): Task and System compare ranks computed once per result set
    // (TrialOrder; the System column's display names once per styles), Attempt, Reward, Cost, Duration and
    // Recorded their numbers. The same order as their SortRole values; false for
    // the other columns (compare their SortRole values).
    bool hasSortKeys(int column) const {
        return column == Task || column == System || column == Attempt || column == Reward ||
               column == Cost || column == Duration || column == Recorded;
    }
    bool rowLessThan(int left, int right, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const ResultSet> set_;
    std::shared_ptr<const TrialOrder> order_; // of set_ (attempts, task keys, extra reward keys)
    SystemStyles styles_;
    void buildSortKeys();
    // Per TrialOrder label: the rank of its System column text (display name) among all of them.
    std::vector<int> nameRanks_;
    const AttemptPosition* attemptOf(std::size_t row) const;
    // Per numeric column, per trial: its SortRole number, computed at the first comparison of a sort
    // (a sort of 10^5 rows compares ~1.7 million times) and kept until the result set changes.
    mutable std::map<int, std::vector<double>> numericKeys_;
    double sortValue(std::size_t row, int column) const;
};

// Filters TrialTableModel rows: the shared filter, a case-insensitive search over task/system/trial
// names and reasons, and (when set) only an explicit list of trials — the failure drill-down.
class TrialFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit TrialFilterProxy(QObject* parent = nullptr);
    void setTrialFilter(const Filter& filter);
    void setSearchText(const QString& text);
    void setOnlyTrials(const std::vector<int>& trials); // exactly these rows (none for an empty list)
    void clearOnlyTrials();
    bool restrictedToList() const { return restricted_; }

    void setSourceModel(QAbstractItemModel* model) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    Filter filter_;
    QString search_;
    bool restricted_ = false;
    QSet<int> only_;
    const TrialTableModel* trialModel_ =
        nullptr; // the source model when it is one (looked up once, not per comparison)
};

} // namespace vernier::ui
