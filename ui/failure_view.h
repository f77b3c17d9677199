// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Failures page: zero-reward taxonomy per system and the gate second level as stacked bars; clicking a
// segment lists exactly the trials behind it; tasks that are zero for many systems are highlighted.
#include "ui/view_page.h"

class QLabel;
class QSpinBox;
class QTableView;
class QSortFilterProxyModel;

namespace vernier::ui {

class ChartPanel;
class HardTaskModel;
class TrialFilterProxy;
class TrialTableModel;

class FailureView : public ViewPage {
    Q_OBJECT
public:
    explicit FailureView(QWidget* parent = nullptr);
    QString key() const override { return QStringLiteral("failures"); }
    QString title() const override { return tr("Failures"); }
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis) override;
    QList<ExportableFigure> figures() override;
    QList<ExportableTable> tables() override;

    // The drill-down: lists the selected trials of `system` in `category` (a ZeroCategory key), or with
    // geometry-zero gate `gate` when category is "gate". Returns how many trials are listed.
    int showSegment(int system, const QString& category, const QString& gate = {});
    // Every zero-reward trial of the shown systems (the list before any segment is clicked).
    int showAllZeros();

private:
    void connectBars();
    std::shared_ptr<const Analysis> analysis_;
    ChartPanel* zeroChart_;
    ChartPanel* gateChart_;
    TrialTableModel* trials_;
    TrialFilterProxy* segmentProxy_;
    QTableView* segmentTable_;
    QLabel* segmentLabel_;
    HardTaskModel* hardTasks_;
    QSortFilterProxyModel* hardProxy_;
    QTableView* hardTable_;
    QSpinBox* threshold_;
    int wantedThreshold_ = 7;      // the value the user set (a filter may clamp what is shown)
    bool settingAnalysis_ = false; // threshold changes made by setAnalysis, not by the user
    QLabel* hardLabel_;
};

} // namespace vernier::ui
