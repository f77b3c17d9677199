// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// ChartPanel (ui/chart_panel.h): a chart with one row per system keeps every row tall enough for its label.
// With more systems than fit, the chart grows past the view and the view scrolls, every label whole; with
// few, the chart fills the view as before.
#include <QApplication>
#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QScrollBar>
#include <gtest/gtest.h>
#include <memory>

#include "figures/charts.h"
#include "models/result_set.h"
#include "ui/chart_panel.h"
#include "ui/support_fixture.h"

using namespace vernier;
using namespace vernier::ui;

namespace {

// The axis labels drawn in the panel's scene.
QStringList drawnTexts(ChartPanel& panel) {
    QStringList out;
    for (QGraphicsItem* item : panel.scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item)) out << text->toPlainText();
    return out;
}

} // namespace

TEST(UiChartPanel, ManySystemsScrollInsteadOfCuttingTheirLabels) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto fixture =
        std::make_shared<ResultSet>(importResults({fx.bundle.toStdString()}, fx.pack.toStdString()));
    ASSERT_EQ(fixture->systems.size(), 3u);

    // Three systems fill a 640 x 400 view: no scroll bar, the chart as tall as the view.
    ChartPanel few(QStringLiteral("overallChartView"), buildOverallChart);
    few.resize(640, 400);
    few.show();
    few.rebuild(analyse(fixture, {}));
    EXPECT_EQ(few.verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    EXPECT_NEAR(few.chart()->size().height(), few.height() - 2 * few.frameWidth(), 2.0);

    // The same trials under 14 agent names each: over 40 systems.
    auto many = std::make_shared<ResultSet>(*fixture);
    many->trials.clear();
    for (int k = 0; k < 14; ++k)
        for (TrialRecord t : fixture->trials) {
            t.system.agent += "-" + std::to_string(k);
            many->trials.push_back(std::move(t));
        }
    many->reindex();
    const std::size_t systems = many->systems.size();
    ASSERT_GE(systems, 42u);
    ChartPanel panel(QStringLiteral("overallChartView"), buildOverallChart);
    panel.resize(640, 400);
    const Analysis a = analyse(many, {});
    // Rebuilt while hidden (a page not on screen): fitted to its rows when shown.
    panel.rebuild(a);
    EXPECT_EQ(panel.verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOff); // not fitted yet
    panel.show();
    EXPECT_EQ(panel.verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOn);
    const double height = panel.chart()->size().height();
    EXPECT_GE(height, panel.rowsHeight());
    EXPECT_GT(height, static_cast<double>(systems) * 20.0);
    EXPECT_DOUBLE_EQ(panel.sceneRect().height(), height);
    // Every row's label is drawn whole, none cut to "...".
    const QStringList texts = drawnTexts(panel);
    ASSERT_GE(a.rows.size(), 40u);
    for (const auto& row : a.rows) {
        const std::string label = many->systems[static_cast<std::size_t>(row.system)].label();
        EXPECT_TRUE(texts.contains(QString::fromStdString(label)))
            << label << " in " << texts.join('|').toStdString();
    }
    for (const QString& t : texts)
        EXPECT_FALSE(t.endsWith(QStringLiteral("..."))) << t.toStdString();

    // Resized to a view tall enough for them all: no scroll bar again.
    panel.resize(640, panel.rowsHeight() + 40);
    QApplication::processEvents();
    EXPECT_EQ(panel.verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    EXPECT_NEAR(panel.chart()->size().height(), panel.height() - 2 * panel.frameWidth(), 2.0);
}
