// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/parameter_table_model.h"

#include "viewers/colour_map.h"

#include <QBrush>
#include <QColor>

namespace vernier::ui {

ParameterTableModel::ParameterTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ParameterTableModel::setFindings(std::vector<ParameterFinding> findings) {
    beginResetModel();
    rows_ = parameterRows(findings);
    endResetModel();
}

const ParameterRow* ParameterTableModel::row(int row) const {
    return row >= 0 && row < static_cast<int>(rows_.size()) ? &rows_[static_cast<std::size_t>(row)] : nullptr;
}

int ParameterTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ParameterTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ParameterTableModel::data(const QModelIndex& index, int role) const {
    const ParameterRow* f = index.isValid() ? row(index.row()) : nullptr;
    if (!f || index.column() < 0 || index.column() >= ColumnCount) return {};
    const QString status = QString::fromStdString(f->statusText);
    if (role == StatusRole) return status;
    if (role == FacesRole) {
        QList<int> faces(f->faces.begin(), f->faces.end());
        return QVariant::fromValue(faces);
    }
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Key:
            return QString::fromStdString(f->key);
        case Expected:
            return QString::fromStdString(f->expected);
        case Measured:
            return QString::fromStdString(f->measured);
        case Measurement:
            return QString::fromStdString(f->measurement);
        case Status:
            return status;
        case Reason:
            return QString::fromStdString(f->reason);
        default:
            return {};
        }
    }
    if (role == Qt::ForegroundRole && index.column() == Status) {
        // Okabe-Ito green / vermillion / grey: readable for colour-blind users, and the text says it too.
        switch (f->status) {
        case FindingStatus::Consistent:
            return QBrush(viewers::colours::okabeIto(viewers::colours::OkabeIto::BluishGreen));
        case FindingStatus::Inconsistent:
            return QBrush(viewers::colours::okabeIto(viewers::colours::OkabeIto::Vermillion));
        case FindingStatus::NotFound:
            return QBrush(QColor(0x66, 0x66, 0x66));
        }
    }
    return {};
}

QVariant ParameterTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Key:
        return tr("Key");
    case Expected:
        return tr("Expected");
    case Measured:
        return tr("Measured");
    case Measurement:
        return tr("Measurement used");
    case Status:
        return tr("Status");
    case Reason:
        return tr("Reason");
    default:
        return {};
    }
}

ParameterStatusFilter::ParameterStatusFilter(QObject* parent) : QSortFilterProxyModel(parent) {}

void ParameterStatusFilter::setStatus(const QString& status) {
    if (status == status_) return;
    status_ = status;
    invalidateRowsFilter();
}

bool ParameterStatusFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (status_.isEmpty()) return true;
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    return sourceModel()->data(idx, ParameterTableModel::StatusRole).toString() == status_;
}

} // namespace vernier::ui
