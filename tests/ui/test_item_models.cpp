// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Qt item models of the UI on the hand-made fixture: QAbstractItemModelTester on every model, the
// numbers they display, and the shared proxy filter.
#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <gtest/gtest.h>

#include "figures/hard_task_model.h"
#include "figures/trial_table_model.h"
#include "ui/analysis.h"
#include "ui/leaderboard_model.h"
#include "ui/support_fixture.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::fixtureAnalysis;
using vernier::testing::writeUiFixture;

TEST(UiItemModels, LeaderboardModelShowsHandCheckedNumbers) {
    const auto fx = writeUiFixture();
    const auto a = fixtureAnalysis(fx);
    LeaderboardModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setAnalysis(a);
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(model.index(0, LeaderboardModel::System).data().toString(), "alpha/m1");
    EXPECT_EQ(model.index(0, LeaderboardModel::Overall).data().toString(), "66.67");
    EXPECT_EQ(model.index(1, LeaderboardModel::System).data().toString(), "gamma/m3");
    EXPECT_EQ(model.index(1, LeaderboardModel::Overall).data().toString(), "43.33");
    EXPECT_EQ(model.index(2, LeaderboardModel::System).data().toString(), "beta/m2");
    EXPECT_EQ(model.index(2, LeaderboardModel::Overall).data().toString(), "28.33");
    // Per workflow: alpha creation (1 + 0.5) / 2, create & edit (0.8 + 0) / 2.
    EXPECT_EQ(model.index(0, LeaderboardModel::Creation).data().toString(), "75.00");
    EXPECT_EQ(model.index(0, LeaderboardModel::CreateAndEdit).data().toString(), "40.00");
    EXPECT_EQ(model.index(0, LeaderboardModel::ImageToCad).data().toString(), "85.00");
    // Perfect: 2 of 6; zero: 1 of 6.
    EXPECT_EQ(model.index(0, LeaderboardModel::Perfect).data().toString(), "33.3");
    EXPECT_EQ(model.index(0, LeaderboardModel::Zero).data().toString(), "16.7");
    EXPECT_EQ(model.index(0, LeaderboardModel::Cost).data().toString(), "$6.00");
    EXPECT_EQ(model.index(0, LeaderboardModel::CostPerPoint).data().toString(), "$0.09");
    EXPECT_EQ(model.index(0, LeaderboardModel::Duration).data().toString(), "10.00");
    // beta reports no cost: unknown, never 0.
    EXPECT_EQ(model.index(2, LeaderboardModel::Cost).data().toString(), "—");
    EXPECT_EQ(model.index(2, LeaderboardModel::CostPerPoint).data().toString(), "—");
    EXPECT_EQ(model.index(2, LeaderboardModel::Duration).data().toString(), "20.00");
    // The interval contains the point estimate.
    const auto& s = a->rows[0].summary;
    EXPECT_LE(s.ci95.lo, s.overall);
    EXPECT_GE(s.ci95.hi, s.overall);
}

TEST(UiItemModels, LeaderboardSortingPutsUnknownCostLast) {
    const auto fx = writeUiFixture();
    LeaderboardModel model;
    model.setAnalysis(fixtureAnalysis(fx));
    QSortFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.setSourceModel(&model);
    proxy.setSortRole(LeaderboardModel::SortRole);
    proxy.sort(LeaderboardModel::Cost, Qt::DescendingOrder);
    EXPECT_EQ(proxy.index(0, LeaderboardModel::System).data().toString(), "gamma/m3");
    EXPECT_EQ(proxy.index(2, LeaderboardModel::System).data().toString(), "beta/m2");
    proxy.sort(LeaderboardModel::Duration, Qt::AscendingOrder);
    EXPECT_EQ(proxy.index(0, LeaderboardModel::System).data().toString(), "alpha/m1");
}

TEST(UiItemModels, TrialTableModelListsEveryTrialIncludingMalformed) {
    const auto fx = writeUiFixture();
    const auto a = fixtureAnalysis(fx);
    TrialTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setResultSet(a->set);
    ASSERT_EQ(model.rowCount(), 19);
    int loadErrors = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, TrialTableModel::Status).data().toString() == "load error") ++loadErrors;
    EXPECT_EQ(loadErrors, 1);
    // The row of a task's trial by one system (-1 when absent).
    const auto rowOf = [&](const QString& task, const QString& system) {
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, TrialTableModel::Task).data().toString() == task &&
                model.index(r, TrialTableModel::System).data().toString() == system)
                return r;
        return -1;
    };
    // beta on c2: geometry zero behind the bbox gate.
    const int betaC2 = rowOf("c2", "beta/m2");
    ASSERT_GE(betaC2, 0);
    EXPECT_EQ(model.index(betaC2, TrialTableModel::Category).data().toString(), "Geometry zero");
    EXPECT_EQ(model.index(betaC2, TrialTableModel::Gate).data().toString(), "bbox");
    EXPECT_EQ(model.index(betaC2, TrialTableModel::Geometry).data().toString(), "0.000");
    EXPECT_EQ(model.index(betaC2, TrialTableModel::Spec).data().toString(), "0.900");
    EXPECT_EQ(model.index(betaC2, TrialTableModel::Cost).data().toString(), "—");
    EXPECT_EQ(model.index(betaC2, TrialTableModel::Duration).data().toString(), "20.00");
    // create_and_edit: g and s as "base / edit", said in the tooltips.
    const int alphaE2 = rowOf("e2", "alpha/m1");
    ASSERT_GE(alphaE2, 0);
    EXPECT_EQ(model.index(alphaE2, TrialTableModel::Geometry).data().toString(), "0.600 / 0.700");
    EXPECT_EQ(model.index(alphaE2, TrialTableModel::Spec).data().toString(), "0.000 / 0.500");
    EXPECT_TRUE(model.index(alphaE2, TrialTableModel::Geometry)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains("base / edit"));
    EXPECT_TRUE(model.headerData(TrialTableModel::Spec, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("base / edit"));
}

// Sorting by Task, System or a number column compares keys built once per result set or numbers (100k rows
// sort without a QString per comparison); the order must be the one the SortRole values give, in both
// directions and with aliases.
TEST(UiItemModels, TrialSortWithoutVariantsMatchesTheSortRoleOrder) {
    const auto fx = writeUiFixture();
    const auto a = fixtureAnalysis(fx);
    TrialTableModel model;
    SystemStyles styles;
    styles.byLabel["beta/m2"].alias = "Aardvark"; // an alias sorts by its shown name
    model.setStyles(styles);
    model.setResultSet(a->set);
    TrialFilterProxy proxy;
    proxy.setSourceModel(&model);
    ASSERT_GT(proxy.rowCount(), 10);
    for (int column :
         {int(TrialTableModel::Task), int(TrialTableModel::System), int(TrialTableModel::Attempt),
          int(TrialTableModel::Reward), int(TrialTableModel::Cost), int(TrialTableModel::Duration),
          int(TrialTableModel::Recorded)})
        for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            proxy.sort(column, order);
            for (int row = 1; row < proxy.rowCount(); ++row) {
                const QVariant prev = proxy.index(row - 1, column).data(TrialTableModel::SortRole);
                const QVariant here = proxy.index(row, column).data(TrialTableModel::SortRole);
                const int c = QVariant::compare(prev, here) == QPartialOrdering::Less      ? -1
                              : QVariant::compare(prev, here) == QPartialOrdering::Greater ? 1
                                                                                           : 0;
                EXPECT_TRUE(order == Qt::AscendingOrder ? c <= 0 : c >= 0)
                    << "column " << column << " row " << row << ": " << prev.toString().toStdString() << " / "
                    << here.toString().toStdString();
            }
        }
    proxy.sort(TrialTableModel::System, Qt::AscendingOrder);
    EXPECT_EQ(proxy.index(0, TrialTableModel::System).data().toString(), QStringLiteral("Aardvark"));

    // The numeric keys are kept per result set: a new set with other rewards sorts by its own.
    proxy.sort(TrialTableModel::Reward, Qt::AscendingOrder);
    auto changed = std::make_shared<ResultSet>(*a->set);
    for (auto& t : changed->trials)
        if (t.recordedReward) t.recordedReward = 1.0 - *t.recordedReward;
    model.setResultSet(changed);
    proxy.sort(TrialTableModel::Reward, Qt::DescendingOrder);
    proxy.sort(TrialTableModel::Reward, Qt::AscendingOrder);
    for (int row = 1; row < proxy.rowCount(); ++row)
        EXPECT_LE(proxy.index(row - 1, TrialTableModel::Reward).data(TrialTableModel::SortRole).toDouble(),
                  proxy.index(row, TrialTableModel::Reward).data(TrialTableModel::SortRole).toDouble())
            << "row " << row;
}

TEST(UiItemModels, TrialFilterProxyAppliesSharedFilter) {
    const auto fx = writeUiFixture();
    const auto a = fixtureAnalysis(fx);
    TrialTableModel model;
    model.setResultSet(a->set);
    TrialFilterProxy proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.setSourceModel(&model);
    EXPECT_EQ(proxy.rowCount(), 19);

    Filter f;
    f.workflows = {Workflow::Creation};
    proxy.setTrialFilter(f);
    // 3 systems × 2 creation tasks, plus the malformed trial: its folder name (c1__broken) still names c1.
    EXPECT_EQ(proxy.rowCount(), 7);

    f = {};
    f.status = TrialStatus::Zero;
    proxy.setTrialFilter(f);
    EXPECT_EQ(proxy.rowCount(), 5);

    f.systems = {"beta/m2"};
    proxy.setTrialFilter(f);
    EXPECT_EQ(proxy.rowCount(), 2); // c2 (geometry zero), e2 (missing output)

    f = {};
    f.categories = {"plate"}; // c2, e1, i2 (every second task)
    proxy.setTrialFilter(f);
    EXPECT_EQ(proxy.rowCount(), 9);

    f = {};
    f.status = TrialStatus::Perfect;
    proxy.setTrialFilter(f);
    EXPECT_EQ(proxy.rowCount(), 2); // alpha c1, i1

    f = {};
    f.status = TrialStatus::Error;
    proxy.setTrialFilter(f);
    EXPECT_EQ(proxy.rowCount(), 1); // the malformed trial

    proxy.setTrialFilter({});
    proxy.setSearchText(QStringLiteral("GAMMA"));
    EXPECT_EQ(proxy.rowCount(), 6);
    proxy.setSearchText({});

    // Explicit drill-down list wins over the filter.
    proxy.setOnlyTrials({0, 3});
    EXPECT_EQ(proxy.rowCount(), 2);
    proxy.clearOnlyTrials();
    EXPECT_EQ(proxy.rowCount(), 19);

    // Sorting by reward (numeric role), descending: a perfect trial first.
    proxy.sort(TrialTableModel::Reward, Qt::DescendingOrder);
    EXPECT_EQ(proxy.index(0, TrialTableModel::Reward).data().toString(), "1.000");
}

TEST(UiItemModels, HardTaskModelHighlightsTasksZeroForManySystems) {
    const auto fx = writeUiFixture();
    const auto a = fixtureAnalysis(fx);
    HardTaskModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setAnalysis(a);
    ASSERT_EQ(model.rowCount(), 6);
    EXPECT_EQ(model.index(0, HardTaskModel::Task).data().toString(), "e2");
    EXPECT_EQ(model.index(0, HardTaskModel::ZeroSystems).data().toInt(), 3);
    model.setThreshold(3);
    EXPECT_EQ(model.highlightedCount(), 1);
    EXPECT_TRUE(model.index(0, 0).data(HardTaskModel::HighlightedRole).toBool());
    EXPECT_FALSE(model.index(1, 0).data(HardTaskModel::HighlightedRole).toBool());
    model.setThreshold(1);
    EXPECT_EQ(model.highlightedCount(), 3); // e2, c2, e1
    EXPECT_EQ(model.index(0, HardTaskModel::BestReward).data().toString(), "0.00");
}

TEST(UiAnalysis, WorkflowFilterRecomputesAggregatesOnTheFilteredTasks) {
    const auto fx = writeUiFixture();
    Filter f;
    f.workflows = {Workflow::CreateAndEdit};
    const auto a = fixtureAnalysis(fx, f);
    ASSERT_EQ(a->tasks.size(), 2u);
    ASSERT_EQ(a->rows.size(), 3u);
    EXPECT_EQ(a->rows[0].summary.system.label(), "alpha/m1");
    EXPECT_NEAR(a->rows[0].summary.overall, 0.4, 1e-12);
    EXPECT_NEAR(a->rows[1].summary.overall, 0.2, 1e-12); // beta (0.4 + 0) / 2
    EXPECT_NEAR(a->rows[2].summary.overall, 0.0, 1e-12); // gamma
    // Zero taxonomy of gamma's create & edit: one final exception, one geometry & spec zero.
    const auto& z = a->rows[2].zeros;
    EXPECT_EQ(z.counts.at(ZeroCategory::FinalException), 1);
    EXPECT_EQ(z.counts.at(ZeroCategory::GeometryAndSpecZero), 1);
    EXPECT_EQ(a->zeroSystemsPerTask, (std::vector<int>{1, 3}));
}

TEST(UiAnalysis, ZeroCountsOfTheWholeSet) {
    const auto fx = writeUiFixture();
    const auto a = fixtureAnalysis(fx);
    const SystemRow* beta = nullptr;
    for (const auto& r : a->rows)
        if (r.summary.system.label() == "beta/m2") beta = &r;
    ASSERT_NE(beta, nullptr);
    EXPECT_EQ(beta->zeros.counts.at(ZeroCategory::GeometryZero), 1);
    EXPECT_EQ(beta->zeros.counts.at(ZeroCategory::MissingOutput), 1);
    EXPECT_EQ(beta->zeros.gates.at("bbox"), 1);
    int total = 0;
    for (const auto& r : a->rows)
        for (const auto& [c, n] : r.zeros.counts)
            total += n;
    EXPECT_EQ(total, 5);
}
