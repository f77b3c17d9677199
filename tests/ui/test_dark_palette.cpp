// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Charts and the heatmap follow the application palette on screen (a dark desktop gets a dark chart with
// light text), and every export is drawn on white paper whatever the screen shows (issue #16 item 8,
// docs/figures.md "Screen and paper"). Also the deviation legend's label precision (it follows the range).
#include <QApplication>
#include <QChart>
#include <QImage>
#include <QPalette>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QValueAxis>
#include <gtest/gtest.h>

#include "figures/charts.h"
#include "figures/figure_export.h"
#include "figures/heatmap_widget.h"
#include "figures/palette.h"
#include "ui/chart_panel.h"
#include "ui/inspector/deviation_legend.h"
#include "ui/support_fixture.h"

using namespace vernier;
using namespace vernier::ui;

namespace {

QPalette darkPalette() {
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, QColor(0xe8, 0xe8, 0xe8));
    return p;
}

// Switches the application to a dark palette for one test, and back.
class DarkPalette {
public:
    DarkPalette() : old_(QApplication::palette()) { QApplication::setPalette(darkPalette()); }
    ~DarkPalette() { QApplication::setPalette(old_); }

private:
    QPalette old_;
};

QImage exportPng(QWidget* widget) {
    QTemporaryDir dir;
    FigureOptions o;
    o.widthInches = 5.0;
    o.heightInches = 3.0;
    o.dpi = 96;
    const QString path = dir.filePath("figure.png");
    QString error;
    if (!exportFigure(widget, path, FigureFormat::Png, o, &error)) {
        ADD_FAILURE() << error.toStdString();
        return {};
    }
    return QImage(path);
}

} // namespace

TEST(UiDarkPalette, StyleFollowsThePalette) {
    const ChartStyle light = palette::styleFor(QPalette(Qt::white));
    EXPECT_EQ(light, palette::paperStyle());
    EXPECT_FALSE(light.dark);
    const ChartStyle dark = palette::styleFor(darkPalette());
    EXPECT_TRUE(dark.dark);
    EXPECT_EQ(dark.background, QColor(0x1e, 0x1e, 0x1e)); // the palette's (dark) base
    EXPECT_EQ(dark.ink, QColor(0xe8, 0xe8, 0xe8));
    // Grid between background and text, lighter than the background.
    EXPECT_GT(dark.grid.lightness(), dark.background.lightness());
    EXPECT_LT(dark.grid.lightness(), dark.ink.lightness());
}

TEST(UiDarkPalette, ChartOnScreenIsDarkAndItsExportIsPaper) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    DarkPalette dark;
    ChartPanel panel(QStringLiteral("overallChartView"), buildOverallChart);
    panel.resize(640, 400);
    panel.rebuild(*a);
    QChart* chart = panel.chart();
    ASSERT_NE(chart, nullptr);
    EXPECT_LT(chart->backgroundBrush().color().lightnessF(), 0.3);
    EXPECT_GT(chart->titleBrush().color().lightnessF(), 0.8);
    auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).constFirst());
    ASSERT_NE(x, nullptr);
    EXPECT_GT(x->labelsColor().lightnessF(), 0.8);
    EXPECT_TRUE(chartStyleOf(chart).dark);

    // What the screen shows: dark pixels in the corner.
    const QImage screen = panel.grab().toImage();
    EXPECT_LT(QColor(screen.pixel(3, 3)).lightnessF(), 0.3);

    // The export is on white paper with black text, and the screen stays dark afterwards.
    const QImage paper = exportPng(&panel);
    ASSERT_FALSE(paper.isNull());
    EXPECT_EQ(QColor(paper.pixel(3, 3)), QColor(Qt::white));
    EXPECT_EQ(QColor(paper.pixel(paper.width() - 3, paper.height() - 3)), QColor(Qt::white));
    int darkPixels = 0; // text and axes in ink
    for (int y = 0; y < paper.height(); ++y)
        for (int x2 = 0; x2 < paper.width(); ++x2)
            if (QColor(paper.pixel(x2, y)).lightnessF() < 0.15) ++darkPixels;
    EXPECT_GT(darkPixels, 200);
    EXPECT_TRUE(chartStyleOf(panel.chart()).dark);
    EXPECT_LT(panel.chart()->backgroundBrush().color().lightnessF(), 0.3);
}

TEST(UiDarkPalette, PaletteChangeRestylesAShownChart) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    ChartPanel panel(QStringLiteral("durationChartView"), buildDurationChart);
    panel.rebuild(*a);
    EXPECT_FALSE(chartStyleOf(panel.chart()).dark);
    {
        DarkPalette dark;
        QApplication::processEvents();
        EXPECT_TRUE(chartStyleOf(panel.chart()).dark);
    }
    QApplication::processEvents();
    EXPECT_FALSE(chartStyleOf(panel.chart()).dark);
    EXPECT_EQ(panel.chart()->backgroundBrush().color(), QColor(Qt::white));
}

TEST(UiDarkPalette, HeatmapOnScreenIsDarkAndItsExportIsPaper) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    DarkPalette dark;
    HeatmapWidget heatmap;
    heatmap.resize(800, 400);
    heatmap.setAnalysis(a);
    const QImage screen = heatmap.grab().toImage();
    EXPECT_LT(QColor(screen.pixel(2, 2)).lightnessF(), 0.3);
    const QImage paper = exportPng(&heatmap);
    ASSERT_FALSE(paper.isNull());
    EXPECT_EQ(QColor(paper.pixel(2, 2)), QColor(Qt::white));
}

TEST(UiDeviationLegend, LabelPrecisionFollowsTheRange) {
    // ±0.001 mm in 11 bands of 0.000182 mm: four decimals.
    EXPECT_EQ(deviationLabelDecimals(0.001, 11), 4);
    EXPECT_EQ(deviationBandText(10, 0.001, 11), QStringLiteral("≥ +0.0008"));
    EXPECT_EQ(deviationBandText(0, 0.001, 11), QStringLiteral("≤ -0.0008"));
    EXPECT_EQ(deviationBandText(5, 0.001, 11), QStringLiteral("-0.0001 … +0.0001"));
    EXPECT_EQ(deviationBandText(6, 0.001, 11), QStringLiteral("+0.0001 … +0.0003"));
    // ±0.05 mm: bands of 0.0091 mm, three decimals.
    EXPECT_EQ(deviationLabelDecimals(0.05, 11), 3);
    EXPECT_EQ(deviationBandText(10, 0.05, 11), QStringLiteral("≥ +0.041"));
    EXPECT_EQ(deviationBandText(5, 0.05, 11), QStringLiteral("-0.005 … +0.005"));
    // ±12 mm: bands of 2.18 mm, whole millimetres.
    EXPECT_EQ(deviationLabelDecimals(12, 11), 0);
    EXPECT_EQ(deviationBandText(10, 12, 11), QStringLiteral("≥ +10"));
    EXPECT_EQ(deviationBandText(1, 12, 11), QStringLiteral("-10 … -8"));
    EXPECT_EQ(deviationBandText(5, 12, 11), QStringLiteral("-1 … +1"));
    // At every range the eleven labels differ, and no limit other than zero prints as zero.
    for (double range : {0.001, 0.05, 12.0}) {
        QStringList labels;
        for (int band = 0; band < 11; ++band)
            labels << deviationBandText(band, range, 11);
        labels.removeDuplicates();
        EXPECT_EQ(labels.size(), 11) << range;
        for (int k = 0; k <= 11; ++k) { // every band limit: none of them (all non-zero) prints as a zero
            const double limit = -range + 2.0 * range * k / 11;
            const QString text = deviationLimitText(limit, range, 11);
            EXPECT_NE(text.toDouble(), 0.0) << range << " " << text.toStdString();
        }
    }
    EXPECT_EQ(deviationLimitText(0.0, 0.001, 11), QStringLiteral("0"));
    EXPECT_EQ(deviationLimitText(-0.00001, 0.001, 11), QStringLiteral("0"));
}

TEST(UiDarkPalette, RestylingKeepsSeriesColours) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    std::unique_ptr<QChart> chart(buildCostScatterChart(*a));
    applyChartStyle(chart.get(), palette::styleFor(darkPalette()));
    int checked = 0;
    for (QAbstractSeries* s : chart->series())
        if (auto* scatter = qobject_cast<QScatterSeries*>(s)) {
            const int system = scatter->property("systemIndex").toInt();
            EXPECT_EQ(scatter->color(), palette::systemColor(*a, system)) << scatter->name().toStdString();
            EXPECT_EQ(scatter->brush().color(), palette::systemColor(*a, system));
            EXPECT_EQ(scatter->borderColor(), QColor(0xe8, 0xe8, 0xe8));
            ++checked;
        }
    EXPECT_EQ(checked, 2);
}
