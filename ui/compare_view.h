// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Compare page: two systems on the same (filtered) tasks — per-task scatter, Δ with the paired bootstrap
// interval, higher / similar / lower counts per workflow, and the tasks with the largest differences.
#include <optional>

#include "models/statistics.h"
#include "ui/view_page.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QStandardItemModel;
class QSortFilterProxyModel;
class QTableView;

namespace vernier::ui {

class ChartPanel;

class CompareView : public ViewPage {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    QString key() const override { return QStringLiteral("compare"); }
    QString title() const override { return tr("Compare"); }
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis) override;
    QList<ExportableFigure> figures() override;
    bool usesStatusFilter() const override { return false; }
    QList<ExportableTable> tables() override;

    void setSystems(int systemA, int systemB);
    // The comparison currently shown (nullopt until two different systems are chosen).
    const std::optional<PairedComparison>& comparison() const { return comparison_; }

protected:
    // Table heights follow the width (a narrow window adds a horizontal scroll bar).
    void resizeEvent(QResizeEvent* event) override;

private:
    void refresh();
    std::shared_ptr<const Analysis> analysis_;
    QComboBox* a_;
    QComboBox* b_;
    QDoubleSpinBox* similar_;
    QLabel* summary_;
    ChartPanel* chart_;
    QStandardItemModel* workflows_;
    QStandardItemModel* tasks_;
    QSortFilterProxyModel* tasksProxy_;
    QTableView* workflowTable_;
    QTableView* taskTable_;
    std::optional<PairedComparison> comparison_;
    bool updating_ = false;
    int chosenA_ = -1, chosenB_ = -1; // the systems the user picked (indices into ResultSet::systems)
};

} // namespace vernier::ui
