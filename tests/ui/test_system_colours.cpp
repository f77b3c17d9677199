// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Systems keep their colour by identity (issue #16 item 3, docs/figures.md "System colours"): the same
// colour in the leaderboard table, the bar chart and an exported figure, and still the same when scores
// change and the ranks move. Aliases are shown wherever a system is named. The system filter is a set.
#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalStackedBarSeries>
#include <QMenu>
#include <QPushButton>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <map>
#include <memory>

#include "figures/charts.h"
#include "figures/figure_export.h"
#include "figures/heatmap_widget.h"
#include "figures/palette.h"
#include "figures/trial_table_model.h"
#include "models/result_set.h"
#include "ui/filter_bar.h"
#include "ui/leaderboard_model.h"
#include "ui/support_fixture.h"
#include "ui/trial_details.h"

using namespace vernier;
using namespace vernier::ui;

namespace {

// Label → colour of every bar of the overall chart (one bar set per system).
std::map<std::string, QColor> barColours(QChart* chart, const Analysis& a) {
    std::map<std::string, QColor> out;
    for (QAbstractSeries* s : chart->series())
        if (auto* bars = qobject_cast<QHorizontalStackedBarSeries*>(s))
            for (QBarSet* set : bars->barSets()) {
                const int system = set->property("systemIndex").toInt();
                out[a.set->systems[static_cast<std::size_t>(system)].label()] = set->brush().color();
            }
    return out;
}

// Label → colour of the leaderboard table's decoration.
std::map<std::string, QColor> tableColours(const std::shared_ptr<const Analysis>& a) {
    LeaderboardModel model;
    model.setAnalysis(a);
    std::map<std::string, QColor> out;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex i = model.index(r, LeaderboardModel::System);
        const int system = i.data(LeaderboardModel::SystemIndexRole).toInt();
        out[a->set->systems[static_cast<std::size_t>(system)].label()] =
            i.data(Qt::DecorationRole).value<QColor>();
    }
    return out;
}

QStringList rowOrder(const Analysis& a) {
    QStringList out;
    for (const auto& r : a.rows)
        out << QString::fromStdString(r.summary.system.label());
    return out;
}

QStringList itemTexts(QChart* chart) {
    QStringList out;
    for (QGraphicsItem* item : chart->childItems())
        if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item)) out << t->text();
    return out;
}

} // namespace

TEST(UiSystemColours, ColourFollowsTheSystemNotItsRank) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    ASSERT_EQ(rowOrder(*a), (QStringList{"alpha/m1", "gamma/m3", "beta/m2"}));

    // Labels sorted: alpha/m1, beta/m2, gamma/m3 → identity slots 0, 1, 2.
    const std::map<std::string, QColor> expected = {{"alpha/m1", palette::categorical(0)},
                                                    {"beta/m2", palette::categorical(1)},
                                                    {"gamma/m3", palette::categorical(2)}};
    EXPECT_EQ(tableColours(a), expected);
    std::unique_ptr<QChart> chart(buildOverallChart(*a));
    EXPECT_EQ(barColours(chart.get(), *a), expected);

    // Beta's scores change so that it leads: every colour stays with its system.
    auto set = std::make_shared<ResultSet>(*a->set);
    const int beta = set->systemIndex({"beta", "m2"});
    for (auto& t : set->trials)
        if (set->systemIndex(t.system) == beta && t.loadError.empty()) t.recordedReward = 1.0;
    set->reindex();
    const auto b = std::make_shared<Analysis>(analyse(set));
    ASSERT_EQ(rowOrder(*b).first(), "beta/m2");
    EXPECT_EQ(tableColours(b), expected);
    std::unique_ptr<QChart> moved(buildOverallChart(*b));
    EXPECT_EQ(barColours(moved.get(), *b), expected);

    // A filter that hides the leader moves everyone up a rank; colours stay.
    Filter noAlpha;
    noAlpha.hiddenSystems = {"alpha/m1"};
    const auto c = vernier::testing::fixtureAnalysis(fx, noAlpha);
    ASSERT_EQ(rowOrder(*c), (QStringList{"gamma/m3", "beta/m2"}));
    const auto colours = tableColours(c);
    EXPECT_EQ(colours.at("gamma/m3"), palette::categorical(2));
    EXPECT_EQ(colours.at("beta/m2"), palette::categorical(1));
}

TEST(UiSystemColours, EveryChartBarHasItsSystemsColourAndTheExportKeepsIt) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    for (auto build : {buildOverallChart, buildCostPerPointChart, buildDurationChart}) {
        std::unique_ptr<QChart> chart(build(*a));
        const auto colours = barColours(chart.get(), *a);
        ASSERT_EQ(colours.size(), 3u) << chart->objectName().toStdString();
        EXPECT_EQ(colours.at("beta/m2"), palette::categorical(1)) << chart->objectName().toStdString();
    }
    // The exported SVG fills the bars with those colours.
    QTemporaryDir dir;
    QChartView view(buildOverallChart(*a));
    FigureOptions o;
    const QString path = dir.filePath("overall.svg");
    ASSERT_TRUE(exportFigure(&view, path, FigureFormat::Svg, o));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(f.readAll());
    for (int slot : {0, 1, 2})
        EXPECT_TRUE(svg.contains(palette::categorical(slot).name(), Qt::CaseInsensitive))
            << palette::categorical(slot).name().toStdString();
}

TEST(UiSystemColours, UserColourAndAliasAreShownEverywhere) {
    const auto fx = vernier::testing::writeUiFixture();
    auto a = std::make_shared<Analysis>(*vernier::testing::fixtureAnalysis(fx));
    a->styles.setAlias("alpha/m1", "Alpha One");
    a->styles.setColour("beta/m2", "#123456");
    const int alpha = a->set->systemIndex({"alpha", "m1"});
    const int beta = a->set->systemIndex({"beta", "m2"});
    const int gamma = a->set->systemIndex({"gamma", "m3"});
    EXPECT_EQ(palette::systemColor(*a, beta), QColor("#123456"));
    EXPECT_EQ(palette::systemBrush(*a, beta).style(), Qt::SolidPattern);
    EXPECT_EQ(palette::systemColor(*a, alpha), palette::categorical(0));

    EXPECT_EQ(tableColours(a).at("beta/m2"), QColor("#123456"));
    LeaderboardModel model;
    model.setAnalysis(a);
    EXPECT_EQ(model.index(0, LeaderboardModel::System).data().toString(), "Alpha One");
    EXPECT_EQ(model.index(0, LeaderboardModel::System).data(Qt::ToolTipRole).toString(), "alpha/m1 (alias)");

    std::unique_ptr<QChart> chart(buildOverallChart(*a));
    EXPECT_EQ(barColours(chart.get(), *a).at("beta/m2"), QColor("#123456"));
    QStringList categories;
    for (QAbstractAxis* axis : chart->axes(Qt::Vertical))
        if (auto* cat = qobject_cast<QBarCategoryAxis*>(axis)) categories = cat->categories();
    EXPECT_TRUE(categories.contains("Alpha One"));
    EXPECT_FALSE(categories.contains("alpha/m1"));

    std::unique_ptr<QChart> scatter(buildCompareScatterChart(*a, alpha, gamma));
    QStringList titles;
    for (QAbstractAxis* axis : scatter->axes())
        titles << axis->titleText();
    EXPECT_TRUE(titles.contains("Alpha One (points)"));

    std::unique_ptr<QChart> cost(buildCostScatterChart(*a));
    EXPECT_TRUE(itemTexts(cost.get()).contains("Alpha One"));

    HeatmapWidget heatmap;
    heatmap.setAnalysis(a);
    EXPECT_TRUE(heatmap.cellToolTip(0, 0).contains("Alpha One"));

    // The trial list and the trial details panel.
    TrialTableModel trials;
    trials.setStyles(a->styles);
    trials.setResultSet(a->set);
    int alphaTrial = -1;
    for (int r = 0; r < trials.rowCount(); ++r)
        if (trials.index(r, TrialTableModel::System).data().toString() == "Alpha One") alphaTrial = r;
    ASSERT_GE(alphaTrial, 0);
    const QString html = trialDetailsHtml(*a->set, alphaTrial, &a->styles);
    EXPECT_TRUE(html.contains("Alpha One")) << html.toStdString();
    EXPECT_TRUE(html.contains("(alpha/m1)")) << html.toStdString();
}

TEST(UiSystemFilter, MultiSelectYieldsExactlyTheChosenLabels) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    FilterBar bar;
    bar.setAnalysis(a);
    auto* button = bar.findChild<QPushButton*>(QStringLiteral("systemFilter"));
    ASSERT_NE(button, nullptr);
    EXPECT_EQ(button->text(), "All systems");
    std::vector<Filter> emitted;
    QObject::connect(&bar, &FilterBar::filterChanged, [&](const Filter& f) { emitted.push_back(f); });

    // Untick gamma in the menu: alpha and beta remain.
    QAction* gamma = nullptr;
    for (QAction* action : button->menu()->actions())
        if (action->data().toString() == "gamma/m3") gamma = action;
    ASSERT_NE(gamma, nullptr);
    gamma->trigger();
    ASSERT_EQ(emitted.size(), 1u);
    EXPECT_EQ(emitted.back().systems, (std::set<std::string>{"alpha/m1", "beta/m2"}));
    EXPECT_EQ(bar.filter().systems, (std::set<std::string>{"alpha/m1", "beta/m2"}));
    EXPECT_EQ(button->text(), "2 of 3 systems");

    bar.setCheckedSystems({"beta/m2"});
    EXPECT_EQ(bar.filter().systems, (std::set<std::string>{"beta/m2"}));
    EXPECT_EQ(button->text(), "beta/m2");

    // "All systems" ticks every one again: the filter's set is empty (= all).
    for (QAction* action : button->menu()->actions())
        if (action->text() == "All systems") action->trigger();
    EXPECT_TRUE(bar.filter().systems.empty());
    EXPECT_EQ(button->text(), "All systems");

    // Hidden systems are not offered and stay in the filter the bar emits.
    Filter hidden;
    hidden.hiddenSystems = {"gamma/m3"};
    bar.setAnalysis(vernier::testing::fixtureAnalysis(fx, hidden));
    int listed = 0;
    for (QAction* action : button->menu()->actions())
        if (action->isCheckable() && !action->data().toString().isEmpty()) ++listed;
    EXPECT_EQ(listed, 2);
    bar.setCheckedSystems({"alpha/m1"});
    EXPECT_EQ(bar.filter().systems, (std::set<std::string>{"alpha/m1"}));
    EXPECT_EQ(bar.filter().hiddenSystems, (std::set<std::string>{"gamma/m3"}));
}

TEST(UiCompareScatter, PointsSharedByTasksShowTheirCount) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto base = vernier::testing::fixtureAnalysis(fx);
    // alpha vs beta per task: c1 (1, .6), c2 (.5, 0), e1 (.8, .4), e2 (0, 0), i1 (1, .5), i2 (.7, .2).
    // Make c2 (1, .6) as well, and e1 (1, .6): creation has two tasks on (100, 60), create & edit one there.
    auto set = std::make_shared<ResultSet>(*base->set);
    auto setReward = [&](const char* task, const char* agent, double r) {
        for (auto& t : set->trials)
            if (t.taskId == task && t.system.agent == agent && t.loadError.empty()) t.recordedReward = r;
    };
    setReward("c2", "alpha", 1.0);
    setReward("c2", "beta", 0.6);
    const auto a = std::make_shared<Analysis>(analyse(std::make_shared<ResultSet>(*set)));
    const int alpha = a->set->systemIndex({"alpha", "m1"});
    const int beta = a->set->systemIndex({"beta", "m2"});
    std::unique_ptr<QChart> chart(buildCompareScatterChart(*a, alpha, beta));
    int points = 0;
    for (QAbstractSeries* s : chart->series())
        if (auto* sc = qobject_cast<QScatterSeries*>(s)) points += sc->count();
    EXPECT_EQ(points, 5); // six tasks, two of them on one marker
    EXPECT_EQ(itemTexts(chart.get()), QStringList{"×2"});

    setReward("e1", "alpha", 1.0);
    setReward("e1", "beta", 0.6);
    const auto b = std::make_shared<Analysis>(analyse(std::make_shared<ResultSet>(*set)));
    std::unique_ptr<QChart> shared(buildCompareScatterChart(*b, alpha, beta));
    QStringList texts = itemTexts(shared.get());
    texts.sort();
    // Two workflows on one point: each count is prefixed by its workflow's marker.
    EXPECT_EQ(texts, (QStringList{QStringLiteral("■ ×1"), QStringLiteral("● ×2")}));
}
