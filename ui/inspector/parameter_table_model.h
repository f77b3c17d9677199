// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The spec parameters of one trial stage as a table (key, expected, measured, measurement used,
// status, reason), and a proxy that filters them by status. A thin Qt adapter over the rows
// models/trial_analysis.h parameterRows() builds.
#include <vector>

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include "models/trial_analysis.h"
#include "scoring/spec_checks.h"

namespace vernier::ui {

class ParameterTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Key, Expected, Measured, Measurement, Status, Reason, ColumnCount };
    enum Role { StatusRole = Qt::UserRole + 1, FacesRole }; // status: "consistent" | ...; faces: QList<int>

    explicit ParameterTableModel(QObject* parent = nullptr);
    void setFindings(std::vector<ParameterFinding> findings);
    const ParameterRow* row(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ParameterRow> rows_;
};

// Shows only rows whose status equals the filter ("" shows all); sorting by any column.
class ParameterStatusFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit ParameterStatusFilter(QObject* parent = nullptr);
    void setStatus(const QString& status);
    QString status() const { return status_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString status_;
};

} // namespace vernier::ui
