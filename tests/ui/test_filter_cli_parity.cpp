// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The GUI and the CLI show the same numbers for the same filter: the leaderboard table of the main window
// with "Creation" chosen in the filter bar equals `vernier-cli leaderboard --workflow creation --json` on the
// embedded sample, row by row (both come from models' analyse(), models/analysis.h).
#include <QComboBox>
#include <QTableView>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/shell_run.h"
#include "ui/leaderboard_model.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/support_fixture.h"

using namespace vernier;
using namespace vernier::ui;
using nlohmann::json;
using vernier::testing::waitForAnalysis;

namespace {

QString points(const json& v) {
    return v.is_null() ? QStringLiteral("—") : QString::number(v.get<double>(), 'f', 2);
}

QString usd(const json& v) {
    return v.is_null() ? QStringLiteral("—") : QStringLiteral("$%1").arg(v.get<double>(), 0, 'f', 2);
}

QString percent(const json& v) {
    return QString::number(v.get<double>(), 'f', 1);
}

} // namespace

TEST(UiFilterCliParity, CreationLeaderboardEqualsTheCliJson) {
    const auto sample = vernier::testing::samplePaths();
    ASSERT_FALSE(sample.results.isEmpty());
    const std::string cli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
    const auto run =
        vernier::test::runShell("'" + cli + "' leaderboard '" + sample.results.toStdString() + "' --tasks '" +
                                sample.pack.toStdString() + "' --workflow creation --json 2>/dev/null");
    ASSERT_EQ(run.exitCode, 0) << "vernier-cli must be built (target vernier-cli)";
    const json j = json::parse(run.out);
    const json& systems = j.at("systems");
    ASSERT_EQ(systems.size(), 4u);

    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({sample.results}, sample.pack);
    ASSERT_TRUE(waitForAnalysis(w));
    // The user's way: "Creation" in the filter bar.
    auto* workflow = w.findChild<QComboBox*>(QStringLiteral("workflowFilter"));
    ASSERT_NE(workflow, nullptr);
    workflow->setCurrentIndex(workflow->findData(static_cast<int>(Workflow::Creation)));
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(w.session()->filter().workflows, (std::set<Workflow>{Workflow::Creation}));

    auto* table = w.findChild<QTableView*>(QStringLiteral("leaderboardTable"));
    ASSERT_NE(table, nullptr);
    const QAbstractItemModel* m = table->model();
    ASSERT_EQ(m->rowCount(), static_cast<int>(systems.size()));
    for (int r = 0; r < m->rowCount(); ++r) {
        const json& row = systems[static_cast<std::size_t>(r)];
        SCOPED_TRACE(row.at("agent").get<std::string>());
        auto cell = [&](int column) { return m->index(r, column).data().toString(); };
        EXPECT_EQ(cell(LeaderboardModel::Rank).toInt(), r + 1);
        EXPECT_TRUE(cell(LeaderboardModel::System)
                        .startsWith(QString::fromStdString(row["agent"].get<std::string>() + "/" +
                                                           row["model"].get<std::string>())));
        EXPECT_EQ(cell(LeaderboardModel::Overall), points(row["overall"]));
        EXPECT_EQ(cell(LeaderboardModel::Ci95),
                  QStringLiteral("%1 – %2").arg(points(row["ci95"][0]), points(row["ci95"][1])));
        EXPECT_EQ(cell(LeaderboardModel::Creation), points(row["creation"]));
        EXPECT_EQ(cell(LeaderboardModel::CreateAndEdit), points(row["create_and_edit"]));
        EXPECT_EQ(cell(LeaderboardModel::ImageToCad), points(row["image_to_cad"]));
        EXPECT_EQ(cell(LeaderboardModel::Perfect), percent(row["perfect_rate"]));
        EXPECT_EQ(cell(LeaderboardModel::Zero), percent(row["zero_rate"]));
        EXPECT_EQ(cell(LeaderboardModel::Cost), usd(row["cost_usd"]));
        EXPECT_EQ(cell(LeaderboardModel::CostPerPoint), usd(row["cost_per_point"]));
        EXPECT_EQ(cell(LeaderboardModel::Duration), points(row["mean_duration_min"]));
        EXPECT_EQ(m->index(r, LeaderboardModel::Trials).data().toInt(), row["n_trials"].get<int>());
        // And the unrounded values behind the text.
        EXPECT_NEAR(m->index(r, LeaderboardModel::Overall).data(LeaderboardModel::SortRole).toDouble() * 100,
                    row["overall"].get<double>(), 1e-6);
    }
    // Hand-checked (tests/cli/test_report_filters_cli.cpp): antigravity first with 92.89 on creation.
    EXPECT_EQ(m->index(0, LeaderboardModel::Overall).data().toString(), "92.89");
}
