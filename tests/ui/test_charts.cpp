// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Chart builders and the palette: series, axes with units, whisker placement, Pareto frontier; every chart
// type (and the heatmap) against its baseline image, drawn through the figure export (tests/data/baselines).
#include <QAbstractAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalBarSeries>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QValueAxis>
#include <algorithm>
#include <functional>
#include <gtest/gtest.h>

#include "figures/charts.h"
#include "figures/figure_export.h"
#include "figures/heatmap_widget.h"
#include "figures/palette.h"
#include "support/image_baseline.h"
#include "ui/support_fixture.h"

using namespace vernier;
using namespace vernier::ui;

namespace {

// Texts drawn on the chart as items (value labels, notes).
QStringList itemTexts(QChart* chart) {
    QStringList out;
    for (QGraphicsItem* item : chart->childItems())
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item)) out << text->text();
    return out;
}

QStringList axisTitles(QChart* chart) {
    QStringList out;
    for (QAbstractAxis* a : chart->axes())
        out << a->titleText();
    return out;
}

} // namespace

TEST(UiPalette, OkabeItoAndViridisEndpoints) {
    EXPECT_EQ(palette::categorical(0), QColor(0x00, 0x72, 0xB2));
    EXPECT_EQ(palette::categorical(palette::kCategoricalCount), palette::categorical(0));
    for (int i = 0; i < palette::kCategoricalCount; ++i)
        for (int j = i + 1; j < palette::kCategoricalCount; ++j)
            EXPECT_NE(palette::categorical(i), palette::categorical(j));
    EXPECT_NE(palette::categoricalBrush(0).style(),
              palette::categoricalBrush(palette::kCategoricalCount).style());
    EXPECT_EQ(palette::sequential(0.0), QColor(0x44, 0x01, 0x54));
    EXPECT_EQ(palette::sequential(1.0), QColor(0xFD, 0xE7, 0x25));
    EXPECT_EQ(palette::sequential(7.0), palette::sequential(1.0)); // clamped
    EXPECT_EQ(palette::textOn(palette::sequential(0.0)), QColor(Qt::white));
    EXPECT_EQ(palette::textOn(palette::sequential(1.0)), QColor(Qt::black));
    EXPECT_NE(palette::workflowColor("creation"), palette::workflowColor("image_to_cad"));
}

TEST(UiCharts, ParetoFrontierKeepsOnlyUndominatedSystems) {
    // (cost, score): A(1, 50) B(2, 40) dominated, C(3, 70), D(3, 60) dominated, E(5, 70) dominated.
    const std::vector<double> cost = {1, 2, 3, 3, 5};
    const std::vector<double> score = {50, 40, 70, 60, 70};
    EXPECT_EQ(paretoFrontier(cost, score), (std::vector<int>{0, 2}));
    EXPECT_TRUE(paretoFrontier({}, {}).empty());
}

TEST(UiCharts, GroupedBarCentresSplitTheCategory) {
    // Three bars over width 0.8 centred on category 2: 2 − 0.4 + (k + 0.5)·0.2667.
    EXPECT_NEAR(groupedBarCenter(2, 0, 3, 0.8), 2.0 - 0.4 + 0.8 / 6, 1e-12);
    EXPECT_NEAR(groupedBarCenter(2, 1, 3, 0.8), 2.0, 1e-12);
    EXPECT_NEAR(groupedBarCenter(2, 2, 3, 0.8), 2.0 + 0.4 - 0.8 / 6, 1e-12);
}

TEST(UiCharts, WorkflowChartHasThreeWorkflowSetsAndWhiskers) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    std::unique_ptr<QChart> chart(buildWorkflowChart(*a));
    QHorizontalBarSeries* bars = nullptr;
    int whiskers = 0;
    for (QAbstractSeries* s : chart->series()) {
        if (auto* b = qobject_cast<QHorizontalBarSeries*>(s)) bars = b;
        if (s->objectName() == "whisker") ++whiskers;
    }
    ASSERT_NE(bars, nullptr);
    ASSERT_EQ(bars->count(), 3);
    QStringList names;
    for (QBarSet* set : bars->barSets())
        names << set->label();
    EXPECT_TRUE(names.contains("Creation"));
    EXPECT_TRUE(names.contains("Create & edit"));
    EXPECT_TRUE(names.contains("Image to CAD"));
    EXPECT_EQ(whiskers, 9); // 3 systems × 3 workflows
    EXPECT_TRUE(axisTitles(chart.get()).contains("Mean reward (points)"));
    // Top category (last) is the leader; its creation bar is 75 points.
    for (QBarSet* set : bars->barSets())
        if (set->label() == "Creation") {
            EXPECT_DOUBLE_EQ(set->at(2), 75.0);
        }
}

TEST(UiCharts, CostChartSkipsUnknownCostAndDrawsFrontier) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    std::unique_ptr<QChart> chart(buildCostScatterChart(*a));
    int systems = 0;
    QLineSeries* frontier = nullptr;
    for (QAbstractSeries* s : chart->series()) {
        if (qobject_cast<QScatterSeries*>(s)) ++systems;
        if (s->objectName() == "paretoFrontier") frontier = qobject_cast<QLineSeries*>(s);
    }
    EXPECT_EQ(systems, 2); // beta has no cost
    ASSERT_NE(frontier, nullptr);
    ASSERT_EQ(frontier->count(), 1); // alpha is cheaper and better than gamma
    EXPECT_DOUBLE_EQ(frontier->at(0).x(), 6.0);
    EXPECT_NEAR(frontier->at(0).y(), 66.6667, 1e-3);
    EXPECT_TRUE(axisTitles(chart.get()).contains("Total API cost (USD)"));
    // The system left out is named on the plot, inside the plot area.
    QStringList notes;
    for (QGraphicsItem* item : chart->childItems())
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
            text && text->text().startsWith("Not plotted"))
            notes << text->text();
    ASSERT_EQ(notes.size(), 1);
    EXPECT_EQ(notes[0], "Not plotted, cost unknown: beta/m2");

    std::unique_ptr<QChart> cpp(buildCostPerPointChart(*a));
    EXPECT_TRUE(axisTitles(cpp.get()).contains("Cost per point (USD / point)"));
    std::unique_ptr<QChart> dur(buildDurationChart(*a));
    EXPECT_TRUE(axisTitles(dur.get()).contains("Mean duration (minutes)"));
}

TEST(UiCharts, ZeroChartStacksSixCategories) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    std::unique_ptr<QChart> chart(buildZeroTaxonomyChart(*a));
    ASSERT_EQ(chart->series().size(), 1);
    auto* bars = qobject_cast<QAbstractBarSeries*>(chart->series().first());
    ASSERT_NE(bars, nullptr);
    EXPECT_EQ(bars->count(), 6);
    double total = 0;
    for (QBarSet* set : bars->barSets())
        for (int i = 0; i < set->count(); ++i)
            total += set->at(i);
    EXPECT_DOUBLE_EQ(total, 5.0);
}

TEST(UiCharts, CompareScatterPlotsPairedTasks) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    const int alpha = a->set->systemIndex({"alpha", "m1"});
    const int gamma = a->set->systemIndex({"gamma", "m3"});
    std::unique_ptr<QChart> chart(buildCompareScatterChart(*a, alpha, gamma));
    int points = 0;
    for (QAbstractSeries* s : chart->series())
        if (auto* sc = qobject_cast<QScatterSeries*>(s)) points += sc->count();
    EXPECT_EQ(points, 6);
    EXPECT_TRUE(axisTitles(chart.get()).contains("alpha/m1 (points)"));
}

TEST(UiCharts, BarsCarryTheirValues) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    // One label per system on the overall chart, one decimal, in the leaderboard's order of values.
    std::unique_ptr<QChart> overall(buildOverallChart(*a));
    QStringList expected;
    for (const auto& row : a->rows)
        expected << QString::number(row.summary.overall * 100.0, 'f', 1);
    QStringList got = itemTexts(overall.get());
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(got, expected);
    // The value axis leaves room for them beyond 100 without a tick there.
    auto* x = qobject_cast<QValueAxis*>(overall->axes(Qt::Horizontal).constFirst());
    ASSERT_NE(x, nullptr);
    EXPECT_GT(x->max(), 100.0);
    EXPECT_DOUBLE_EQ(x->tickInterval(), 20.0);

    // The workflow chart labels every bar; the leader's creation bar is 75 points.
    std::unique_ptr<QChart> workflows(buildWorkflowChart(*a));
    EXPECT_TRUE(itemTexts(workflows.get()).contains("75.0"));

    // Stacked zero counts: every segment's count is printed, and the total of a bar with several segments.
    // The fixture's 5 zeros: alpha 1 (spec zero), beta 2 (geometry zero, missing output), gamma 2 (final
    // exception, geometry and spec zero), so 5 segment labels plus the totals 2 and 2.
    std::unique_ptr<QChart> zeros(buildZeroTaxonomyChart(*a));
    double sum = 0;
    const QStringList texts = itemTexts(zeros.get());
    for (const QString& t : texts)
        sum += t.toDouble();
    EXPECT_EQ(texts.size(), 7);
    EXPECT_DOUBLE_EQ(sum, 9.0);

    // Duration labels carry their unit.
    std::unique_ptr<QChart> duration(buildDurationChart(*a));
    bool minutes = false;
    for (const QString& t : itemTexts(duration.get()))
        minutes = minutes || t.endsWith(" min");
    EXPECT_TRUE(minutes);
}

namespace {

// A figure as the PNG export draws it, 480 × 320 pixels: 5 in × 3⅓ in at 96 dpi (the layout resolution,
// so one logical unit is one pixel). Empty on failure, with the reason added to the test.
QImage figureImage(QWidget* widget) {
    QTemporaryDir dir;
    FigureOptions o;
    o.widthInches = 5.0;
    o.heightInches = 320.0 / 96.0;
    o.dpi = 96;
    QString error;
    const QString path = dir.filePath("figure.png");
    if (!exportFigure(widget, path, FigureFormat::Png, o, &error)) {
        ADD_FAILURE() << error.toStdString();
        return {};
    }
    return QImage(path);
}

struct ChartCase {
    const char* name; // baseline: tests/data/baselines/chart_<name>.png
    std::function<QChart*(const Analysis&)> build;
};

class UiChartBaseline : public ::testing::TestWithParam<ChartCase> {};

} // namespace

// Each chart type of figures/charts.h on the UI fixture (3 systems, 6 tasks), drawn like the export draws it.
// A change in layout, colours, labels or fonts shows up as a baseline mismatch with a diff image.
TEST_P(UiChartBaseline, MatchesItsBaseline) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    QChartView view(GetParam().build(*a));
    const QImage image = figureImage(&view);
    ASSERT_EQ(image.size(), QSize(480, 320));
    vernier::test::expectMatchesBaseline(image, QStringLiteral("chart_") + QLatin1String(GetParam().name));
}

INSTANTIATE_TEST_SUITE_P(
    Charts, UiChartBaseline,
    ::testing::Values(ChartCase{"overall", buildOverallChart}, ChartCase{"workflows", buildWorkflowChart},
                      ChartCase{"zero_taxonomy", buildZeroTaxonomyChart},
                      ChartCase{"zero_gates", buildGateChart},
                      ChartCase{"cost_scatter", buildCostScatterChart},
                      ChartCase{"cost_per_point", buildCostPerPointChart},
                      ChartCase{"duration", buildDurationChart},
                      ChartCase{"compare_scatter",
                                [](const Analysis& a) {
                                    return buildCompareScatterChart(a, a.set->systemIndex({"alpha", "m1"}),
                                                                    a.set->systemIndex({"gamma", "m3"}));
                                }}),
    [](const ::testing::TestParamInfo<ChartCase>& info) { return std::string(info.param.name); });

// The heatmap is painted, not a chart; same check through its own painter.
TEST(UiChartBaselineHeatmap, MatchesItsBaseline) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    HeatmapWidget heatmap;
    heatmap.setAnalysis(a);
    const QImage image = figureImage(&heatmap);
    ASSERT_EQ(image.size(), QSize(480, 320));
    vernier::test::expectMatchesBaseline(image, QStringLiteral("chart_heatmap"));
}
