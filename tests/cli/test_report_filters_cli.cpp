// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The report filters of `vernier-cli leaderboard|compare` (--system, --workflow, --category, --task;
// models/filter.h) on the embedded sample, with numbers checked by hand from its reward files, and the
// one-line exit-2 answers to bad values.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/shell_run.h"

using nlohmann::json;
using vernier::test::CliRun;
using vernier::test::runShell;

namespace {

const std::string kCli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
const std::string kSample = std::string(VERNIER_SOURCE_DIR) + "/resources/sample";
const std::string kInputs = "'" + kSample + "/results' --tasks '" + kSample + "/pack' ";

CliRun run(const std::string& args) {
    return runShell("'" + kCli + "' " + args + " 2>/dev/null");
}

// Standard error only (stdout dropped), without the import warnings about the sample's own problems.
CliRun runErr(const std::string& args) {
    const std::string file =
        ::testing::TempDir() + "vernier_filters_cli_" + std::to_string(getpid()) + ".err";
    CliRun r = runShell("'" + kCli + "' " + args + " >/dev/null 2>'" + file + "'");
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("warning: ", 0) != 0) r.err += line + "\n";
    std::remove(file.c_str());
    return r;
}

std::map<std::string, json> rowsByLabel(const json& j) {
    std::map<std::string, json> out;
    for (const auto& r : j.at("systems"))
        out[r.at("agent").get<std::string>() + "/" + r.at("model").get<std::string>()] = r;
    return out;
}

} // namespace

TEST(ReportFiltersCli, LeaderboardOnCreationTasks) {
    // The sample's creation tasks are freecad-578850b93a, -d7a043ce3d, -deee5c3830 (pack task.toml); one
    // trial each per system, recorded rewards (verifier/reward.json, runs/…/reward.json):
    //   antigravity/gemini-3.8-flash     0.7866550762942912, 1, 1 -> 2.7866550762942912 / 3 = 92.888503 pts
    //   claude-code/claude-opus-5.5      1, 0.5543241533049523, 1 -> 85.144138 pts, cost 1.2649+3.8871+0.5759
    //   codex/gpt-6-astra                1, 0, 0.5490099204598073 -> 51.633664 pts
    //   mini-swe-agent/gemini-3.8-flash  0.2602877006845807, 0, 0 -> 8.676257 pts, no cost recorded
    const CliRun r = run("leaderboard " + kInputs + "--workflow creation --json");
    ASSERT_EQ(r.exitCode, 0);
    const json j = json::parse(r.out);
    ASSERT_EQ(j.at("systems").size(), 4u);
    EXPECT_EQ(j["systems"][0]["agent"], "antigravity");
    EXPECT_EQ(j["systems"][1]["agent"], "claude-code");
    EXPECT_EQ(j["systems"][2]["agent"], "codex");
    EXPECT_EQ(j["systems"][3]["agent"], "mini-swe-agent");
    auto rows = rowsByLabel(j);
    const std::map<std::string, double> overall = {{"antigravity/gemini-3.8-flash", 92.888503},
                                                   {"codex/gpt-6-astra", 51.633664},
                                                   {"claude-code/claude-opus-5.5", 85.144138},
                                                   {"mini-swe-agent/gemini-3.8-flash", 8.676257}};
    for (const auto& [label, points] : overall) {
        SCOPED_TRACE(label);
        const json& row = rows.at(label);
        EXPECT_NEAR(row["overall"].get<double>(), points, 1e-6);
        EXPECT_NEAR(row["creation"].get<double>(), points, 1e-6);
        EXPECT_TRUE(row["create_and_edit"].is_null());
        EXPECT_TRUE(row["image_to_cad"].is_null());
        EXPECT_EQ(row["n_tasks"], 3);
        EXPECT_EQ(row["n_trials"], 3);
        EXPECT_EQ(row["overall_method"], "mean of per-task rewards");
    }
    EXPECT_NEAR(rows["claude-code/claude-opus-5.5"]["cost_usd"].get<double>(), 5.7279, 1e-9);
    EXPECT_NEAR(rows["claude-code/claude-opus-5.5"]["perfect_rate"].get<double>(), 66.666667, 1e-6);
    EXPECT_NEAR(rows["codex/gpt-6-astra"]["zero_rate"].get<double>(), 33.333333, 1e-6);
    EXPECT_NEAR(rows["mini-swe-agent/gemini-3.8-flash"]["zero_rate"].get<double>(), 66.666667, 1e-6);
    EXPECT_NEAR(rows["antigravity/gemini-3.8-flash"]["perfect_rate"].get<double>(), 66.666667, 1e-6);
    EXPECT_TRUE(rows["mini-swe-agent/gemini-3.8-flash"]["cost_usd"].is_null());
    EXPECT_EQ(j["filter"]["workflows"], json::array({"creation"}));
    // The zero taxonomy covers the same tasks: mini-swe-agent has two zero-reward creation trials, codex one,
    // claude-code none.
    auto zeros = [&](const std::string& label) {
        int n = 0;
        for (const auto& [k, v] : j["zero_categories"][label].items())
            n += v.get<int>();
        return n;
    };
    EXPECT_EQ(zeros("mini-swe-agent/gemini-3.8-flash"), 2);
    EXPECT_EQ(zeros("codex/gpt-6-astra"), 1);
    EXPECT_EQ(zeros("claude-code/claude-opus-5.5"), 0);
    // The GUI's spellings name the same workflow.
    EXPECT_EQ(json::parse(run("leaderboard " + kInputs + "--workflow Creation --json").out)["systems"],
              j["systems"]);
}

TEST(ReportFiltersCli, SystemCategoryAndTaskFilters) {
    const CliRun one = run("leaderboard " + kInputs +
                           "--system codex/gpt-6-astra --system claude-code/claude-opus-5.5 --json");
    ASSERT_EQ(one.exitCode, 0);
    const json j = json::parse(one.out);
    ASSERT_EQ(j["systems"].size(), 2u);
    EXPECT_EQ(j["zero_categories"].size(), 2u);

    // Category "plate": freecad-578850b93a (creation) and freecad-7c560f2150 (create_and_edit).
    const json plate = json::parse(run("leaderboard " + kInputs + "--category plate --json").out);
    for (const auto& row : plate["systems"])
        EXPECT_EQ(row["n_tasks"], 2);

    // One task: codex 1.0 and claude-code 1.0 on freecad-578850b93a; A − B = 0.
    const CliRun cmp =
        run("compare " + kInputs +
            "--a codex/gpt-6-astra --b claude-code/claude-opus-5.5 --task freecad-578850b93a --json");
    ASSERT_EQ(cmp.exitCode, 0);
    const json c = json::parse(cmp.out);
    EXPECT_EQ(c["n_tasks"], 1);
    EXPECT_DOUBLE_EQ(c["delta"].get<double>(), 0.0);
    EXPECT_EQ(c["similar"], 1);
    // On the creation tasks: codex − claude-code = (0 − 0.5543241533049523 + 0.5490099204598073 − 1) / 3
    // = −33.510474 points; similar on freecad-578850b93a, lower on the other two.
    const json cc =
        json::parse(run("compare " + kInputs +
                        "--a codex/gpt-6-astra --b claude-code/claude-opus-5.5 --workflow creation --json")
                        .out);
    EXPECT_NEAR(cc["delta"].get<double>(), -33.510474, 1e-6);
    EXPECT_EQ(cc["n_tasks"], 3);
    EXPECT_EQ(cc["higher"], 0);
    EXPECT_EQ(cc["similar"], 1);
    EXPECT_EQ(cc["lower"], 2);
}

TEST(ReportFiltersCli, UnknownValuesExitTwoWithOneLine) {
    const struct {
        std::string args;
        std::string says;
    } cases[] = {
        {"--workflow drawing",
         "unknown workflow \"drawing\" (valid: creation, create_and_edit, image_to_cad)"},
        {"--system nobody/none",
         "--system: unknown value \"nobody/none\" (valid: antigravity/gemini-3.8-flash"},
        {"--category gear", "--category: unknown value \"gear\" (valid: block, bracket, bushing"},
        {"--task freecad-0000000000", "--task: unknown value \"freecad-0000000000\""},
        {"--workflow", "--workflow needs a value"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.args);
        const CliRun r = runErr("leaderboard " + kInputs + "--json " + c.args);
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err; // exactly one line
    }
    const CliRun cmp =
        runErr("compare " + kInputs +
               "--a codex/gpt-6-astra --b claude-code/claude-opus-5.5 --system codex/gpt-6-astra --json");
    EXPECT_EQ(cmp.exitCode, 2);
    EXPECT_NE(cmp.err.find("is left out by --system"), std::string::npos) << cmp.err;
}
