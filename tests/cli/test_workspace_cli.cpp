// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli leaderboard|compare --workspace FILE` (docs/workspace.md, docs/cli.md): a workspace in a
// temporary folder names the embedded sample's results and pack by relative paths, aliases one system and
// hides another; the report equals the one run with the equivalent explicit options, shows the alias,
// leaves the hidden system out, and options given on the command line override the workspace's.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/shell_run.h"

using nlohmann::json;
using vernier::test::CliRun;
using vernier::test::runShell;
namespace fs = std::filesystem;

namespace {

const std::string kCli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
const std::string kSample = std::string(VERNIER_SOURCE_DIR) + "/resources/sample";
const std::string kOpus = "claude-code/claude-opus-5.5";
const std::string kHidden = "mini-swe-agent/gemini-3.8-flash";

CliRun run(const std::string& args) {
    return runShell("'" + kCli + "' " + args + " 2>/dev/null");
}

// Standard error only, without the import warnings about the sample's own problems.
CliRun runErr(const std::string& args) {
    CliRun r = runShell("'" + kCli + "' " + args + " 2>&1 >/dev/null | grep -v '^warning: '");
    r.err = r.out;
    return r;
}

class WorkspaceCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("vernier_ws_cli_" + std::to_string(getpid()));
        fs::create_directories(dir_ / "study");
        const fs::path base = dir_ / "study";
        results_ =
            fs::path(kSample + "/results").lexically_normal().lexically_relative(base).generic_string();
        pack_ = fs::path(kSample + "/pack").lexically_normal().lexically_relative(base).generic_string();
        ASSERT_EQ(results_.rfind("../", 0), 0u) << results_; // relative, climbing out of the folder
        file_ = (base / "w.vernier.json").string();
        write(file_, R"({
          "format": "vernier-workspace", "format_version": 1,
          "bundles": [{"path": ")" +
                         results_ + R"(", "enabled": true},
                      {"path": "disabled/job", "enabled": false}],
          "task_pack": ")" +
                         pack_ + R"(",
          "systems": {")" +
                         kOpus + R"(": {"alias": "Opus 5.5", "colour": "#0072b2", "hidden": false},
                      ")" +
                         kHidden + R"(": {"alias": "", "colour": "", "hidden": true}},
          "filter": {"systems": [], "workflows": [], "categories": [], "tasks": [], "bundles": [],
                     "status": "all"},
          "policy": {"attempts": "best", "rewards": "recorded", "split_by_job": false}
        })");
    }
    void TearDown() override { fs::remove_all(dir_); }

    static void write(const std::string& path, const std::string& text) {
        std::ofstream out(path, std::ios::binary);
        out << text;
    }
    // Run from the test's working folder, not the workspace's: paths resolve against the file.
    CliRun runHere(const std::string& args) const { return run(args); }

    fs::path dir_;
    std::string results_, pack_, file_;
};

json withoutAliases(json systems) {
    for (auto& r : systems)
        r.erase("alias");
    return systems;
}

std::set<std::string> labels(const json& j) {
    std::set<std::string> out;
    for (const auto& r : j.at("systems"))
        out.insert(r.at("system").get<std::string>());
    return out;
}

} // namespace

TEST_F(WorkspaceCli, LeaderboardShowsTheAliasAndLeavesTheHiddenSystemOut) {
    const CliRun r = runHere("leaderboard --workspace '" + file_ + "' --format json --resamples 1000");
    ASSERT_EQ(r.exitCode, 0);
    const json j = json::parse(r.out);
    EXPECT_EQ(labels(j), (std::set<std::string>{"antigravity/gemini-3.8-flash", kOpus, "codex/gpt-6-astra"}));
    EXPECT_FALSE(j["zero_categories"].contains(kHidden));
    for (const auto& row : j["systems"]) {
        // "alias" next to the system fields: the alias, or null without one.
        ASSERT_TRUE(row.contains("alias"));
        if (row["system"] == kOpus)
            EXPECT_EQ(row["alias"], "Opus 5.5");
        else
            EXPECT_TRUE(row["alias"].is_null());
        // Attempts: the most per task, pass@1 … pass@max for both criteria.
        ASSERT_TRUE(row.contains("attempts"));
        const int max = row["attempts"]["max"].get<int>();
        EXPECT_GE(max, 1);
        EXPECT_EQ(row["attempts"]["pass_at_k"]["perfect"].size(), static_cast<std::size_t>(max));
        EXPECT_EQ(row["attempts"]["pass_at_k"]["nonzero"].size(), static_cast<std::size_t>(max));
        EXPECT_EQ(row["attempts"]["pass_at_k"]["perfect"][0]["k"], 1);
        EXPECT_EQ(row["attempts"]["pass_at_k"]["perfect"][0]["tasks"], row["n_tasks"]);
    }
    EXPECT_EQ(j["selection"], "best");
}

TEST_F(WorkspaceCli, LeaderboardEqualsTheExplicitOptions) {
    const CliRun w = runHere("leaderboard --workspace '" + file_ + "' --format json --resamples 1000");
    const CliRun e = run("leaderboard '" + kSample + "/results' --tasks '" + kSample +
                         "/pack' --attempts best --system antigravity/gemini-3.8-flash --system " + kOpus +
                         " --system codex/gpt-6-astra --format json --resamples 1000");
    ASSERT_EQ(w.exitCode, 0);
    ASSERT_EQ(e.exitCode, 0);
    const json jw = json::parse(w.out), je = json::parse(e.out);
    EXPECT_EQ(withoutAliases(jw["systems"]), withoutAliases(je["systems"]));
    for (const char* key : {"zero_categories", "zero_gates", "overall_method", "selection", "rescored",
                            "rewards", "units", "bootstrap", "bundles", "submissions", "problems"})
        EXPECT_EQ(jw[key], je[key]) << key;
}

TEST_F(WorkspaceCli, TablesShowTheAliasAsTheSystemName) {
    const CliRun csv = runHere("leaderboard --workspace '" + file_ + "' --format csv --resamples 1000");
    ASSERT_EQ(csv.exitCode, 0);
    std::string header;
    for (std::size_t at = 0; at < csv.out.size();) {
        const std::size_t end = csv.out.find('\n', at);
        const std::string line = csv.out.substr(at, end - at);
        at = end == std::string::npos ? csv.out.size() : end + 1;
        if (!line.empty() && line[0] != '#') {
            header = line;
            break;
        }
    }
    EXPECT_EQ(header.rfind("rank,system,agent,model,", 0), 0u) << header;
    EXPECT_NE(csv.out.find(",Opus 5.5,claude-code,"), std::string::npos) << csv.out;
    EXPECT_EQ(csv.out.find("mini-swe-agent"), std::string::npos);
    const CliRun md = runHere("leaderboard --workspace '" + file_ + "' --format markdown --resamples 1000");
    ASSERT_EQ(md.exitCode, 0);
    EXPECT_NE(md.out.find("| Opus 5.5 |"), std::string::npos) << md.out;
    const CliRun tex = runHere("leaderboard --workspace '" + file_ + "' --format latex --resamples 1000");
    ASSERT_EQ(tex.exitCode, 0);
    EXPECT_NE(tex.out.find("Opus 5.5"), std::string::npos) << tex.out;
}

TEST_F(WorkspaceCli, CommandLineOptionsOverrideTheWorkspace) {
    // --policy over the workspace's "best"; --system naming the hidden system shows it.
    const CliRun r = runHere("leaderboard --workspace '" + file_ + "' --policy latest --system " + kHidden +
                             " --system " + kOpus + " --format json --resamples 1000");
    ASSERT_EQ(r.exitCode, 0);
    const json j = json::parse(r.out);
    EXPECT_EQ(j["selection"], "latest_finished");
    EXPECT_EQ(labels(j), (std::set<std::string>{kHidden, kOpus}));
    // Bundles on the command line replace the workspace's (the same sample here), the pack stays its own.
    const CliRun b = runHere("leaderboard '" + kSample + "/results' --workspace '" + file_ + "' --json");
    ASSERT_EQ(b.exitCode, 0);
    EXPECT_EQ(labels(json::parse(b.out)).size(), 3u);
    // compare takes the workspace too.
    const CliRun c2 =
        runHere("compare --workspace '" + file_ + "' --a " + kOpus + " --b codex/gpt-6-astra --json");
    ASSERT_EQ(c2.exitCode, 0);
    const json jc = json::parse(c2.out);
    EXPECT_EQ(jc["selection"], "best");
    EXPECT_EQ(jc["a"], kOpus);
}

TEST_F(WorkspaceCli, BadWorkspacesAndPoliciesAreOneLineReasons) {
    const std::string newer = (dir_ / "newer.vernier.json").string();
    write(newer, R"({"format": "vernier-workspace", "format_version": 2})");
    const CliRun r = runErr("leaderboard --workspace '" + newer + "' --json");
    EXPECT_EQ(r.exitCode, 0); // grep's status: the command's own is checked below
    EXPECT_NE(r.err.find("written by a newer Vernier"), std::string::npos) << r.err;
    EXPECT_EQ(run("leaderboard --workspace '" + newer + "' --json").exitCode, 2);
    EXPECT_EQ(run("leaderboard --workspace '" + (dir_ / "none.json").string() + "' --json").exitCode, 2);
    EXPECT_EQ(run("leaderboard --workspace '" + file_ + "' --policy median --json").exitCode, 2);
    EXPECT_EQ(run("leaderboard --workspace '" + file_ + "' --policy mean --attempts best --json").exitCode,
              2);
    const CliRun p = runErr("leaderboard --workspace '" + file_ + "' --attempts median --json");
    EXPECT_NE(p.err.find("--attempts must be latest, mean, best or first"), std::string::npos) << p.err;
}
