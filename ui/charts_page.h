// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A page made only of charts (workflows, cost and duration): panels in a grid, each exportable.
#include <QVector>

#include "ui/chart_panel.h"
#include "ui/view_page.h"

class QGridLayout;

namespace vernier::ui {

class ChartsPage : public ViewPage {
    Q_OBJECT
public:
    explicit ChartsPage(QWidget* parent = nullptr);
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis) override;
    QList<ExportableFigure> figures() override;
    bool usesStatusFilter() const override { return false; }

protected:
    // Adds a panel at (row, column) of the grid; `name` is the exported file's base name.
    ChartPanel* addChart(const QString& name, const QString& objectName, ChartPanel::Builder builder, int row,
                         int column, const FigureOptions& defaults, int rowSpan = 1, int columnSpan = 1);

private:
    struct Entry {
        QString name;
        ChartPanel* panel;
        FigureOptions defaults;
    };
    QVector<Entry> entries_;
    QGridLayout* grid_;
};

// Workflows page: grouped bars per system and workflow with interval whiskers.
class WorkflowChartView : public ChartsPage {
    Q_OBJECT
public:
    explicit WorkflowChartView(QWidget* parent = nullptr);
    QString key() const override { return QStringLiteral("workflows"); }
    QString title() const override { return tr("Workflows"); }
};

// Cost and duration page: score vs cost with the Pareto frontier, cost per point, mean duration.
class CostView : public ChartsPage {
    Q_OBJECT
public:
    explicit CostView(QWidget* parent = nullptr);
    QString key() const override { return QStringLiteral("cost"); }
    QString title() const override { return tr("Cost and duration"); }
};

} // namespace vernier::ui
