// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// A workspace shows the same leaderboard in the GUI and on the command line (docs/workspace.md): the main
// window's table for a *.vernier.json with an alias, a hidden system, the best-of-k attempts policy and a
// workflow filter equals `vernier-cli leaderboard --workspace W --json`, row by row.
#include <QDir>
#include <QFile>
#include <QTableView>
#include <QTemporaryDir>
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

} // namespace

TEST(UiWorkspaceParity, LeaderboardOfAWorkspaceEqualsTheCli) {
    const auto sample = vernier::testing::samplePaths();
    ASSERT_FALSE(sample.results.isEmpty());
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    // Paths relative to the workspace file, as the GUI writes them.
    const QDir base(dir.path());
    const json ws = {
        {"format", "vernier-workspace"},
        {"format_version", 1},
        {"bundles",
         json::array({{{"path", base.relativeFilePath(sample.results).toStdString()}, {"enabled", true}}})},
        {"task_pack", base.relativeFilePath(sample.pack).toStdString()},
        {"systems",
         {{"claude-code/claude-opus-5.5", {{"alias", "Opus 5.5"}, {"colour", "#123456"}, {"hidden", false}}},
          {"mini-swe-agent/gemini-3.8-flash", {{"alias", ""}, {"colour", ""}, {"hidden", true}}}}},
        {"filter",
         {{"systems", json::array()},
          {"workflows", json::array({"creation", "image_to_cad"})},
          {"categories", json::array()},
          {"tasks", json::array()},
          {"bundles", json::array()},
          {"status", "all"}}},
        {"policy", {{"attempts", "best"}, {"rewards", "recorded"}, {"split_by_job", false}}}};
    const QString path = dir.filePath(QStringLiteral("study.vernier.json"));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(ws.dump(2)));
    }

    const std::string cli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
    const auto run = vernier::test::runShell("'" + cli + "' leaderboard --workspace '" + path.toStdString() +
                                             "' --json 2>/dev/null");
    ASSERT_EQ(run.exitCode, 0) << "vernier-cli must be built (target vernier-cli)";
    const json j = json::parse(run.out);
    const json& systems = j.at("systems");
    ASSERT_EQ(systems.size(), 3u); // four in the sample, one hidden

    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    QString error;
    ASSERT_TRUE(w.openWorkspaceFile(path, &error)) << error.toStdString();
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(w.session()->selectionPolicy(), SelectionPolicy::Best);

    auto* table = w.findChild<QTableView*>(QStringLiteral("leaderboardTable"));
    ASSERT_NE(table, nullptr);
    const QAbstractItemModel* m = table->model();
    ASSERT_EQ(m->rowCount(), static_cast<int>(systems.size()));
    bool sawAlias = false;
    for (int r = 0; r < m->rowCount(); ++r) {
        const json& row = systems[static_cast<std::size_t>(r)];
        SCOPED_TRACE(row.at("agent").get<std::string>());
        auto cell = [&](int column) { return m->index(r, column).data().toString(); };
        const std::string label = row["agent"].get<std::string>() + "/" + row["model"].get<std::string>();
        EXPECT_NE(label, "mini-swe-agent/gemini-3.8-flash"); // hidden
        const QString shown = row["alias"].is_null()
                                  ? QString::fromStdString(label)
                                  : QString::fromStdString(row["alias"].get<std::string>());
        if (!row["alias"].is_null()) {
            EXPECT_EQ(row["alias"].get<std::string>(), "Opus 5.5");
            sawAlias = true;
        }
        EXPECT_TRUE(cell(LeaderboardModel::System).startsWith(shown))
            << cell(LeaderboardModel::System).toStdString();
        EXPECT_EQ(cell(LeaderboardModel::Overall), points(row["overall"]));
        EXPECT_EQ(cell(LeaderboardModel::Creation), points(row["creation"]));
        EXPECT_EQ(cell(LeaderboardModel::CreateAndEdit), points(row["create_and_edit"]));
        EXPECT_EQ(cell(LeaderboardModel::ImageToCad), points(row["image_to_cad"]));
        EXPECT_EQ(m->index(r, LeaderboardModel::Trials).data().toInt(), row["n_trials"].get<int>());
        EXPECT_NEAR(m->index(r, LeaderboardModel::Overall).data(LeaderboardModel::SortRole).toDouble() * 100,
                    row["overall"].get<double>(), 1e-6);
    }
    EXPECT_TRUE(sawAlias);
    // The filter left create-and-edit out: no system has a create-and-edit score.
    for (const auto& row : systems)
        EXPECT_TRUE(row["create_and_edit"].is_null());
}
