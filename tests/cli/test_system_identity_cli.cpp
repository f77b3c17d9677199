// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli` on an ablation (docs/formats.md "System identity"): two Harbor jobs of one agent and model
// that differ in one config.agent.kwargs field are two systems in `leaderboard --json` (rows with their
// `variant`, zero-reward counts under the full label), `compare` and `--system` take those labels, and two
// jobs with equal settings stay one system. Fixture: tests/data/harbor/ablation (README lists the numbers).
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "cli/shell_run.h"
#include <nlohmann/json.hpp>

using nlohmann::json;
using vernier::test::CliRun;
using vernier::test::runShell;

namespace {

const std::string kCli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
const std::string kHarbor = std::string(VERNIER_TEST_DATA_DIR) + "/harbor";
const std::string kArgs = "'" + kHarbor + "/ablation' --tasks '" + kHarbor + "/pack'";

const std::string kDot = "\xC2\xB7";
const std::string kLow = "claude-code/claude-opus-5.5 " + kDot + " temperature=0.2";
const std::string kHigh = "claude-code/claude-opus-5.5 " + kDot + " temperature=1.0";

CliRun run(const std::string& args) {
    return runShell("'" + kCli + "' " + args + " 2>/dev/null");
}

json rowOf(const json& doc, const std::string& label) {
    for (const auto& r : doc.at("systems"))
        if (r.value("system", "") == label) return r;
    ADD_FAILURE() << "no row " << label;
    return json::object();
}

} // namespace

TEST(SystemIdentityCli, LeaderboardListsBothVariants) {
    const CliRun r = run("leaderboard " + kArgs + " --json --resamples 1000");
    ASSERT_EQ(r.exitCode, 0);
    const json j = json::parse(r.out);
    ASSERT_EQ(j["systems"].size(), 3u);
    // Rank order: overall descending (hand-checked in tests/data/harbor/README.md, "ablation").
    EXPECT_EQ(j["systems"][0]["system"], kLow);
    EXPECT_EQ(j["systems"][1]["system"], "codex/gpt-6-astra");
    EXPECT_EQ(j["systems"][2]["system"], kHigh);

    const json low = rowOf(j, kLow);
    EXPECT_EQ(low["agent"], "claude-code");
    EXPECT_EQ(low["model"], "claude-opus-5.5");
    EXPECT_EQ(low["variant"], "temperature=0.2");
    EXPECT_EQ(low["n_trials"], 2);
    EXPECT_NEAR(low["overall"].get<double>(), (0.7866550762942912 + 1.0) / 2 * 100, 1e-6); // 89.332754
    const json high = rowOf(j, kHigh);
    EXPECT_EQ(high["variant"], "temperature=1.0");
    EXPECT_NEAR(high["overall"].get<double>(), 0.2602877006845807 / 2 * 100, 1e-6); // 13.014385
    const json codex = rowOf(j, "codex/gpt-6-astra");
    EXPECT_EQ(codex["variant"], "");
    EXPECT_EQ(codex["n_trials"], 4); // two jobs with equal settings: one system, two attempts per task
    EXPECT_EQ(codex["n_tasks"], 2);
    EXPECT_NEAR(codex["overall"].get<double>(), 50.0, 1e-9);

    // Zero-reward counts under the full labels: temperature 1.0's flange trial is a bbox-gated geometry zero.
    ASSERT_TRUE(j["zero_categories"].contains(kHigh));
    ASSERT_TRUE(j["zero_categories"].contains(kLow));
    EXPECT_EQ(j["zero_categories"][kHigh]["geometry_zero"], 1);
    EXPECT_EQ(j["zero_categories"][kLow]["geometry_zero"], 0);
}

TEST(SystemIdentityCli, LeaderboardJsonKeepsTheContract) {
    // tests/cli/contract_rules.py: the rows' extra keys are allowed and zero_categories covers every variant.
    const std::string rules = std::string(VERNIER_SOURCE_DIR) + "/tests/cli";
    const CliRun r = runShell("'" + kCli + "' leaderboard " + kArgs +
                              " --json --resamples 1000 2>/dev/null | python3 -c \"import json, sys; "
                              "sys.path.insert(0, '" +
                              rules +
                              "'); import contract_rules as c; "
                              "p = c.problems('leaderboard', json.load(sys.stdin)); print(p); "
                              "sys.exit(1 if p else 0)\"");
    EXPECT_EQ(r.exitCode, 0) << r.out;
}

TEST(SystemIdentityCli, CompareAndSystemFilterTakeVariantLabels) {
    const CliRun c = run("compare " + kArgs + " --a '" + kLow + "' --b '" + kHigh + "' --json");
    ASSERT_EQ(c.exitCode, 0);
    const json j = json::parse(c.out);
    EXPECT_EQ(j["a"], kLow);
    EXPECT_EQ(j["b"], kHigh);

    const CliRun f = run("leaderboard " + kArgs + " --json --resamples 1000 --system '" + kHigh + "'");
    ASSERT_EQ(f.exitCode, 0);
    const json lf = json::parse(f.out);
    ASSERT_EQ(lf["systems"].size(), 1u);
    EXPECT_EQ(lf["systems"][0]["variant"], "temperature=1.0");

    // Once the runs differ, the bare agent/model names no system: a clear refusal, not a crash.
    const CliRun bare = runShell("'" + kCli + "' compare " + kArgs +
                                 " --a claude-code/claude-opus-5.5 --b codex/gpt-6-astra --json 2>&1");
    EXPECT_NE(bare.exitCode, 0);
    EXPECT_NE(bare.out.find("no system"), std::string::npos) << bare.out;
}
