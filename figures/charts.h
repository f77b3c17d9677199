// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Chart builders: one function per figure, from an Analysis snapshot to a QChart. The views embed these
// charts and `vernier-cli export` renders the very same charts, so GUI and CLI figures are identical.
#include <QString>
#include <QStringList>
#include <vector>

#include "figures/palette.h"
#include "figures/text_format.h"

class QChart;

namespace vernier::ui {

// Shared look: white background, palette fonts, no animation, compact margins.
void applyPaperStyle(QChart* chart, const QString& title);
// Recolours a chart built by this file for `style` (figures/palette.h): background, title, legend, axes,
// value labels, whiskers and lines; series colours (systems, workflows, categories) stay. Charts are built in
// the paper style; the GUI applies palette::screenStyle() on screen, and figure export draws every chart in
// the paper style whatever it shows on screen (docs/figures.md "Screen and paper").
void applyChartStyle(QChart* chart, const ChartStyle& style);
// The style last applied to the chart (paper for a chart never restyled).
ChartStyle chartStyleOf(const QChart* chart);

// Overall score per system (points) with the 95% bootstrap interval as whiskers.
QChart* buildOverallChart(const Analysis& analysis);
// Grouped bars: systems × creation / create-and-edit / image-to-CAD, per-workflow interval whiskers.
QChart* buildWorkflowChart(const Analysis& analysis);
// Zero-reward taxonomy per system, stacked (counts of selected trials).
QChart* buildZeroTaxonomyChart(const Analysis& analysis);
// Second level: which gate fired for geometry zeros, stacked per system.
QChart* buildGateChart(const Analysis& analysis);
// Overall score (points) vs total known API cost (USD), with the Pareto frontier.
QChart* buildCostScatterChart(const Analysis& analysis);
// Cost per point (USD / point); a system with unknown cost keeps its name and gets a "cost unknown" note.
QChart* buildCostPerPointChart(const Analysis& analysis);
// Mean trial duration (minutes).
QChart* buildDurationChart(const Analysis& analysis);
// Per-task rewards of system A (x) vs B (y) in points, by workflow, with the diagonal. Tasks that share a
// point (same two rewards, same workflow) are one marker with their count ("×3") beside it.
QChart* buildCompareScatterChart(const Analysis& analysis, int systemA, int systemB);

// Systems on the Pareto frontier of (cost low, score high): indices into `costs`/`scores`, by cost.
std::vector<int> paretoFrontier(const std::vector<double>& costs, const std::vector<double>& scores);

// The y position (category units) of bar set `set` of `setCount` inside category `category` of a
// (horizontal) bar series with the given bar width; used to place whiskers on grouped bars.
double groupedBarCenter(int category, int set, int setCount, double barWidth);

} // namespace vernier::ui
