// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tasks ranked by how many systems score zero on them (the paper's "zero for ≥ 7 systems"); rows at or
// above the threshold are highlighted.
#include <QAbstractTableModel>
#include <memory>

#include "figures/text_format.h"

namespace vernier::ui {

class HardTaskModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Task, Workflow_, Category, ZeroSystems, BestReward, MeanReward, ColumnCount };
    enum Role {
        TaskIndexRole = Qt::UserRole + 1, // index into ResultSet::tasks
        SortRole,
        HighlightedRole, // bool: zero for at least threshold() systems
    };

    explicit HardTaskModel(QObject* parent = nullptr);
    void setAnalysis(std::shared_ptr<const Analysis> analysis);
    void setThreshold(int systems);
    int threshold() const { return threshold_; }
    int highlightedCount() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        int task;
        int zeros;
        std::optional<double> best;
        std::optional<double> mean;
    };
    std::shared_ptr<const Analysis> analysis_;
    std::vector<Row> rows_;
    int threshold_ = 7;
};

} // namespace vernier::ui
