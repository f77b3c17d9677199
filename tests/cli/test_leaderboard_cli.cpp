// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli leaderboard`, `compare` and `rescore` end to end: hand-made bundles with hand-computed
// numbers, the embedded sample (its documented zero categories and kernel-drift mismatches), output
// formats, exit codes and determinism.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "cli/shell_run.h"
#include <nlohmann/json.hpp>

using nlohmann::json;
namespace fs = std::filesystem;

using vernier::test::CliRun;
using vernier::test::runShell;

namespace {

const std::string kCli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
// Outputs are dated (docs/cli.md "Provenance block"); a fixed date makes two runs' bytes comparable.
[[maybe_unused]] const bool kFixedDate = ::setenv("SOURCE_DATE_EPOCH", "1700000000", 1) == 0;
const std::string kSample = std::string(VERNIER_SOURCE_DIR) + "/resources/sample";

CliRun run(const std::string& args, const std::string& env = {}) {
    const std::string cmd = env + " '" + kCli + "' " + args + " 2>/dev/null";
    CliRun r = runShell(cmd);
    return r;
}

struct Scratch {
    fs::path path = fs::temp_directory_path() /
                    ("vernier_lb_cli_" + std::to_string(getpid()) + "_" + std::to_string(counter()++));
    static int& counter() {
        static int c = 0;
        return c;
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string operator/(const std::string& rel) const { return (path / rel).string(); }
};

void write(const std::string& path, const std::string& text) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << text;
}

// Three tasks (one per workflow), two systems in the submission layout:
//   a/m1: creation 1.0, create_and_edit 0.5, image_to_cad 0 (answer missing); cost 1+2 (+unknown); 30 min
//   each b/m2: creation 0.8, create_and_edit 0.5, image_to_cad 0.2; no cost recorded
void makeBundle(const Scratch& s) {
    write(s / "pack/t1/task.toml", "[metadata]\nworkflow = \"creation\"\n");
    write(s / "pack/t2/task.toml", "[metadata]\nworkflow = \"create_and_edit\"\n");
    write(s / "pack/t3/task.toml", "[metadata]\nworkflow = \"image_to_cad\"\n");
    auto trial = [&](const std::string& sys, const std::string& task, double reward, const char* cost,
                     bool answer, bool edit = false) {
        const std::string dir = s / ("sub/runs/" + sys + "/" + task);
        write(dir + "/reward.json", "{\"reward\": " + std::to_string(reward) + "}");
        write(dir + "/result.json", std::string("{\"started_at\":\"2026-09-20T10:00:00\",\"finished_at\":"
                                                "\"2026-09-20T10:30:00\",\"agent_result\":{\"cost_usd\":") +
                                        cost + "}}");
        if (answer && edit) {
            write(dir + "/answer_base.FCStd", "x");
            write(dir + "/answer_edit.FCStd", "x");
        } else if (answer) {
            write(dir + "/answer.FCStd", "x");
        }
    };
    trial("a/m1", "t1", 1.0, "1.0", true);
    trial("a/m1", "t2", 0.5, "2.0", true, true);
    trial("a/m1", "t3", 0.0, "null", false);
    trial("b/m2", "t1", 0.8, "null", true);
    trial("b/m2", "t2", 0.5, "null", true, true);
    trial("b/m2", "t3", 0.2, "null", true);
}

} // namespace

TEST(LeaderboardCli, HandComputedNumbers) {
    Scratch s;
    makeBundle(s);
    CliRun r = run("leaderboard '" + s / "sub" + "' --tasks '" + s / "pack" + "' --json");
    ASSERT_EQ(r.exitCode, 0);
    json j = json::parse(r.out);
    ASSERT_EQ(j["systems"].size(), 2u);
    const json& a = j["systems"][0]; // 50.0 > 50.0? a: (1 + .5 + 0)/3 = 50.0; b: (.8 + .5 + .2)/3 = 50.0
    EXPECT_EQ(a["agent"], "a");      // a tie in overall sorts by label
    EXPECT_DOUBLE_EQ(a["overall"].get<double>(), 50.0);
    EXPECT_DOUBLE_EQ(a["creation"].get<double>(), 100.0);
    EXPECT_DOUBLE_EQ(a["create_and_edit"].get<double>(), 50.0);
    EXPECT_DOUBLE_EQ(a["image_to_cad"].get<double>(), 0.0);
    EXPECT_NEAR(a["perfect_rate"].get<double>(), 33.333333, 1e-6);
    EXPECT_NEAR(a["zero_rate"].get<double>(), 33.333333, 1e-6);
    EXPECT_DOUBLE_EQ(a["cost_usd"].get<double>(), 3.0);
    EXPECT_DOUBLE_EQ(a["cost_per_point"].get<double>(), 0.06); // $3 / 50 points
    EXPECT_DOUBLE_EQ(a["mean_duration_min"].get<double>(), 30.0);
    EXPECT_EQ(a["n_trials"], 3);
    EXPECT_EQ(a["overall_method"], "mean of per-task rewards");
    const json& b = j["systems"][1];
    EXPECT_DOUBLE_EQ(b["overall"].get<double>(), 50.0);
    EXPECT_TRUE(b["cost_usd"].is_null()); // unknown, never 0
    EXPECT_TRUE(b["cost_per_point"].is_null());
    EXPECT_DOUBLE_EQ(b["zero_rate"].get<double>(), 0.0);
    EXPECT_EQ(j["zero_categories"]["a/m1"]["missing_output"], 1);
    EXPECT_EQ(j["zero_categories"]["a/m1"].size(), 6u);
    EXPECT_EQ(j["zero_categories"]["b/m2"]["geometry_zero"], 0);
    // Stratified bootstrap with one task per workflow: every resample is the full set, so the interval
    // collapses onto the mean.
    EXPECT_DOUBLE_EQ(a["ci95"][0].get<double>(), 50.0);
    EXPECT_DOUBLE_EQ(a["ci95"][1].get<double>(), 50.0);
}

TEST(LeaderboardCli, CompareHandComputed) {
    Scratch s;
    makeBundle(s);
    CliRun r = run("compare '" + s / "sub" + "' --tasks '" + s / "pack" + "' --a a/m1 --b b/m2 --json");
    ASSERT_EQ(r.exitCode, 0);
    json j = json::parse(r.out);
    EXPECT_NEAR(j["delta"].get<double>(), 0.0, 1e-9); // (0.2 + 0 − 0.2) / 3
    EXPECT_EQ(j["higher"], 1);
    EXPECT_EQ(j["similar"], 1);
    EXPECT_EQ(j["lower"], 1);
    EXPECT_NEAR(j["per_workflow"]["creation"]["delta"].get<double>(), 20.0, 1e-9);
    EXPECT_EQ(j["per_workflow"]["image_to_cad"]["lower"], 1);
    EXPECT_EQ(j["per_workflow"]["create_and_edit"]["similar"], 1);
    ASSERT_EQ(j["ci95"].size(), 2u);
}

TEST(LeaderboardCli, CsvAndLatex) {
    Scratch s;
    makeBundle(s);
    CliRun csv = run("leaderboard '" + s / "sub" + "' --tasks '" + s / "pack" + "' --csv");
    ASSERT_EQ(csv.exitCode, 0);
    // The provenance comment line first (docs/cli.md "Provenance block"), then the header.
    EXPECT_EQ(csv.out.rfind("# vernier-provenance: {", 0), 0u);
    EXPECT_NE(csv.out.find("\nrank,agent,model,n_trials,overall,ci95_lo,ci95_hi,creation,create_and_edit,"),
              std::string::npos);
    EXPECT_NE(csv.out.find("\n1,a,m1,3,50.00,50.00,50.00,100.00,50.00,0.00,33.33,33.33,3.00,0.06,30.00,"),
              std::string::npos);
    EXPECT_NE(csv.out.find("\n2,b,m2,3,50.00,50.00,50.00,80.00,50.00,20.00,0.00,0.00,,,30.00,"),
              std::string::npos);
    CliRun tex = run("leaderboard '" + s / "sub" + "' --tasks '" + s / "pack" + "' --latex");
    ASSERT_EQ(tex.exitCode, 0);
    EXPECT_NE(tex.out.find("\\toprule"), std::string::npos);
    EXPECT_NE(tex.out.find("\\bottomrule"), std::string::npos);
    // Each workflow's score with its interval (one task each: a point interval).
    EXPECT_NE(tex.out.find("2 & b & m2 & 3 & 50.00 & [50.00, 50.00] & 80.00 & [80.00, 80.00] & 50.00 & "
                           "[50.00, 50.00] & 20.00 & [20.00, 20.00] & 0.00 & 0.00 & --- & --- & 30.00"),
              std::string::npos)
        << tex.out;
}

TEST(LeaderboardCli, BadInputIsExit2) {
    Scratch s;
    makeBundle(s);
    EXPECT_EQ(run("leaderboard '" + s / "sub" + "' --json").exitCode, 2); // no --tasks
    EXPECT_EQ(run("leaderboard '" + s / "nope" + "' --tasks '" + s / "pack" + "' --json").exitCode, 2);
    EXPECT_EQ(
        run("compare '" + s / "sub" + "' --tasks '" + s / "pack" + "' --a a/m1 --b z/z --json").exitCode, 2);
    EXPECT_EQ(run("leaderboard '" + s / "sub" + "' --tasks '" + s / "pack" + "' --json --csv").exitCode, 2);
    EXPECT_EQ(run("leaderboard '" + s / "sub" + "' --tasks '" + s / "pack" + "' --policy median").exitCode,
              2);
}

TEST(LeaderboardCli, SampleBundleTaxonomyMatchesItsPlan) {
    CliRun r = run("leaderboard '" + kSample + "/results' --tasks '" + kSample + "/pack' --json");
    ASSERT_EQ(r.exitCode, 0);
    json j = json::parse(r.out);
    ASSERT_EQ(j["systems"].size(), 4u);
    for (const auto& row : j["systems"])
        EXPECT_EQ(row["n_tasks"], 9);
    // resources/sample/README.md and plan.py: what each zero trial is meant to show.
    const json& z = j["zero_categories"];
    EXPECT_EQ(z["claude-code/claude-opus-5.5"]["scorer_crash"], 1); // VerifierTimeoutError
    EXPECT_EQ(z["codex/gpt-6-astra"]["final_exception"], 1);        // base only, agent exception
    EXPECT_EQ(z["codex/gpt-6-astra"]["spec_zero"], 1);              // drawing read 4% large
    EXPECT_EQ(z["mini-swe-agent/gemini-3.8-flash"]["missing_output"], 1);
    EXPECT_EQ(z["mini-swe-agent/gemini-3.8-flash"]["final_exception"], 1);
    EXPECT_EQ(z["mini-swe-agent/gemini-3.8-flash"]["scorer_crash"], 1); // RewardFileNotFoundError
    const json& g = j["zero_gates"];
    EXPECT_EQ(g["codex/gpt-6-astra"]["feature_tree"], 1);
    EXPECT_EQ(g["codex/gpt-6-astra"]["vertex_count"], 1);
    EXPECT_EQ(g["mini-swe-agent/gemini-3.8-flash"]["body"], 1);
    EXPECT_EQ(g["mini-swe-agent/gemini-3.8-flash"]["bbox"], 1);
    EXPECT_EQ(g["antigravity/gemini-3.8-flash"]["face_count"], 1);
    EXPECT_EQ(g["antigravity/gemini-3.8-flash"]["bbox"], 1);
    for (const auto& row : j["systems"]) {
        if (row["agent"] == "mini-swe-agent") {
            EXPECT_TRUE(row["cost_usd"].is_null()); // null everywhere
        }
    }
    // Deterministic: same bytes on a second run.
    EXPECT_EQ(run("leaderboard '" + kSample + "/results' --tasks '" + kSample + "/pack' --json").out, r.out);
}

TEST(LeaderboardCli, SampleRescoreFindsTheDocumentedKernelDrift) {
    Scratch s;
    const std::string env = "VERNIER_CACHE_DIR='" + s / "cache" + "'";
    CliRun r = run("rescore '" + kSample + "/results' --tasks '" + kSample + "/pack' --jobs 2", env);
    ASSERT_EQ(r.exitCode, 0);
    json j = json::parse(r.out);
    EXPECT_EQ(j["rescored"], 37);
    EXPECT_TRUE(j["scorer_crashes"].empty());
    bool shaft = false, block = false;
    for (const auto& m : j["mismatches"]) {
        if (m["system"] == "claude-code/claude-opus-5.5" && m["task_id"] == "freecad-d7a043ce3d")
            shaft = std::abs(m["delta"].get<double>() - 0.021) < 1e-6; // recorded = scorer − 0.021
        if (m["system"] == "antigravity/gemini-3.8-flash" && m["task_id"] == "freecad-de56941e17")
            block = std::abs(m["delta"].get<double>() + 0.017) < 1e-6; // recorded = scorer + 0.017
    }
    EXPECT_TRUE(shaft);
    EXPECT_TRUE(block);
    // Exactly the two documented drifts disagree; the two verifier crashes (no recorded reward) that
    // now score are listed apart, not as mismatches.
    EXPECT_EQ(j["mismatches"].size(), 2u);
    EXPECT_EQ(j["recorded_or_rescored_missing"].size(), 2u);
    for (const auto& m : j["recorded_or_rescored_missing"])
        EXPECT_TRUE(m["recorded"].is_null()) << m;
    // Reopening is instant: everything comes from the cache, nothing is written into the bundle.
    CliRun again = run("rescore '" + kSample + "/results' --tasks '" + kSample + "/pack' --jobs 2", env);
    json k = json::parse(again.out);
    int noAnswer = 0;
    for (const auto& t : k["trials"]) {
        if (t.contains("note"))
            ++noAnswer; // nothing to score, nothing to cache
        else
            EXPECT_TRUE(t["cached"].get<bool>()) << t["trial"];
    }
    EXPECT_EQ(noAnswer, 3); // the two agent exceptions without (both) answers and the missing output
    EXPECT_EQ(k["mismatches"], j["mismatches"]);
    // The leaderboard on rescored rewards uses them (the two recorded-null scorer crashes now score).
    CliRun lb =
        run("leaderboard '" + kSample + "/results' --tasks '" + kSample + "/pack' --rescore --json", env);
    ASSERT_EQ(lb.exitCode, 0);
    json l = json::parse(lb.out);
    EXPECT_TRUE(l["rescored"].get<bool>());
    EXPECT_EQ(l["zero_categories"]["claude-code/claude-opus-5.5"]["scorer_crash"], 0);
}
