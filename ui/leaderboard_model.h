// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Table model of the leaderboard: one row per system of the snapshot, in leaderboard order.
#include <QAbstractTableModel>
#include <memory>

#include "ui/analysis.h"

namespace vernier::ui {

class LeaderboardModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Rank,
        System,
        Overall,
        Ci95,
        Creation,
        CreateAndEdit,
        ImageToCad,
        Perfect,
        Zero,
        Cost,
        CostPerPoint,
        Duration,
        Trials,
        // Only while some system has more than one attempt on a task (columnCount() leaves them out
        // otherwise, in the table and its exports):
        Attempts, // the most attempts of any task
        Pass1,    // pass@1, "perfect" (reward ≥ 0.9999), unbiased estimator (models/attempts.h)
        PassK,    // pass@k for k = the most attempts of any system
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numeric value; unknown sorts below every known value
        SystemIndexRole,             // index into ResultSet::systems
    };

    explicit LeaderboardModel(QObject* parent = nullptr);
    void setAnalysis(std::shared_ptr<const Analysis> analysis);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // True when some shown system has more than one attempt on a task: the attempt columns are shown.
    bool hasAttempts() const { return maxAttempts_ > 1; }
    // The k of the pass@k column (the most attempts of any shown system).
    int passK() const { return maxAttempts_; }

private:
    int maxAttempts_ = 1;
    bool submissionDiffers(const SystemId& system) const; // a submission manifest declares other figures
    std::shared_ptr<const Analysis> analysis_;
};

} // namespace vernier::ui
