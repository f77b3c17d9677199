// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/charts_page.h"

#include <QGridLayout>

#include "figures/charts.h"

namespace vernier::ui {

ChartsPage::ChartsPage(QWidget* parent) : ViewPage(parent), grid_(new QGridLayout(this)) {
    grid_->setContentsMargins(0, 0, 0, 0);
}

ChartPanel* ChartsPage::addChart(const QString& name, const QString& objectName, ChartPanel::Builder builder,
                                 int row, int column, const FigureOptions& defaults, int rowSpan,
                                 int columnSpan) {
    auto* panel = new ChartPanel(objectName, std::move(builder), this);
    grid_->addWidget(panel, row, column, rowSpan, columnSpan);
    entries_.push_back({name, panel, defaults});
    return panel;
}

void ChartsPage::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    for (const auto& e : entries_)
        e.panel->rebuild(*analysis);
}

QList<ExportableFigure> ChartsPage::figures() {
    QList<ExportableFigure> out;
    for (const auto& e : entries_)
        out.push_back({e.name, e.panel, e.defaults});
    return out;
}

namespace {
FigureOptions figure(double w, double h, const QString& title) {
    FigureOptions o;
    o.widthInches = w;
    o.heightInches = h;
    o.title = title;
    return o;
}
} // namespace

WorkflowChartView::WorkflowChartView(QWidget* parent) : ChartsPage(parent) {
    setObjectName(QStringLiteral("workflowView"));
    addChart(QStringLiteral("workflows"), QStringLiteral("workflowChartView"), buildWorkflowChart, 0, 0,
             figure(7.0, 5.0, tr("Mean reward per workflow")));
}

CostView::CostView(QWidget* parent) : ChartsPage(parent) {
    setObjectName(QStringLiteral("costView"));
    addChart(QStringLiteral("cost_scatter"), QStringLiteral("costChartView"), buildCostScatterChart, 0, 0,
             figure(7.0, 4.0, tr("Score vs cost")), 1, 2);
    addChart(QStringLiteral("cost_per_point"), QStringLiteral("costPerPointChartView"),
             buildCostPerPointChart, 1, 0, figure(3.5, 3.0, tr("Cost per point")));
    addChart(QStringLiteral("duration"), QStringLiteral("durationChartView"), buildDurationChart, 1, 1,
             figure(3.5, 3.0, tr("Mean trial duration")));
}

} // namespace vernier::ui
