// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// System identity end to end (docs/formats.md "System identity"): a system is (agent, model, variant). Two
// Harbor jobs of one agent and model whose settings differ in one config.agent.kwargs field are two systems
// labelled by that field; two jobs with equal settings are one system with two attempts per task; splitting
// by job is the user's choice. Fixtures: tests/data/harbor/ablation (make_harbor_fixtures.py; README lists
// the numbers).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "models/filter.h"
#include "models/result_set.h"
#include "models/statistics.h"
#include "models/system_variants.h"
#include "models/table_export.h"

namespace fs = std::filesystem;
using namespace vernier;

namespace {

const std::string kHarbor = std::string(VERNIER_TEST_DATA_DIR) + "/harbor";
const std::string kPack = kHarbor + "/pack";
const std::string kAblation = kHarbor + "/ablation";

const std::string kDot = "\xC2\xB7"; // U+00B7 MIDDLE DOT, the label's separator
const std::string kLow = "claude-code/claude-opus-5.5 " + kDot + " temperature=0.2";
const std::string kHigh = "claude-code/claude-opus-5.5 " + kDot + " temperature=1.0";
const std::string kCodex = "codex/gpt-6-astra";

// Recorded rewards of the ablation trials (tests/data/harbor/README.md, "ablation").
constexpr double kPlateHoles7 = 0.7866550762942912;  // temperature 0.2, creation
constexpr double kPlateNoHoles = 0.2602877006845807; // temperature 1.0, creation
constexpr double kBushingOff = 0.5490099204598073;   // codex, first job
constexpr double kClevisGap14 = 0.35463166127791296; // codex, first job

std::vector<std::string> labels(const ResultSet& set) {
    std::vector<std::string> out;
    for (const auto& s : set.systems)
        out.push_back(s.label());
    return out;
}

int indexOf(const ResultSet& set, const std::string& label) {
    auto id = SystemId::parse(label);
    return id ? set.systemIndex(*id) : -1;
}

const SystemSummary& row(const std::vector<SystemSummary>& rows, const std::string& label) {
    for (const auto& r : rows)
        if (r.system.label() == label) return r;
    throw std::runtime_error("no leaderboard row " + label);
}

} // namespace

TEST(SystemIdLabel, PlainAndVariantLabelsRoundTrip) {
    const SystemId plain{"claude-code", "claude-opus-5.5"};
    EXPECT_EQ(plain.label(), "claude-code/claude-opus-5.5");
    const SystemId v{"claude-code", "claude-opus-5.5", "temperature=0.2"};
    EXPECT_EQ(v.label(), kLow);
    for (const SystemId& s : {plain, v, SystemId{"hostile-agent", "test/model-1"},
                              SystemId{"a", "org/m", "agent version=2.4.1, reasoning_effort=high"}}) {
        auto back = SystemId::parse(s.label());
        ASSERT_TRUE(back) << s.label();
        EXPECT_EQ(*back, s);
        EXPECT_EQ(back->label(), s.label());
    }
    auto parsed = SystemId::parse(kHigh);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->agent, "claude-code");
    EXPECT_EQ(parsed->model, "claude-opus-5.5");
    EXPECT_EQ(parsed->variant, "temperature=1.0");
}

TEST(SystemIdLabel, MalformedLabelsAreRejected) {
    EXPECT_FALSE(SystemId::parse(""));
    EXPECT_FALSE(SystemId::parse("claude-code"));
    EXPECT_FALSE(SystemId::parse("/claude-opus-5.5"));
    EXPECT_FALSE(SystemId::parse("claude-code/"));
    EXPECT_FALSE(SystemId::parse("claude-code/claude-opus-5.5 " + kDot + " ")); // a separator, no variant
    EXPECT_FALSE(SystemId::parse("claude-code " + kDot + " temperature=0.2"));  // no model
}

TEST(SystemIdLabel, VariantTakesPartInEqualityAndOrder) {
    const SystemId plain{"a", "m"};
    const SystemId v{"a", "m", "temperature=0.2"};
    EXPECT_NE(plain, v);
    EXPECT_LT(plain, v);
    EXPECT_EQ(v, (SystemId{"a", "m", "temperature=0.2"}));
}

class Ablation : public ::testing::Test {
protected:
    static void SetUpTestSuite() { set_ = new ResultSet(importResults({kAblation}, kPack)); }
    static void TearDownTestSuite() {
        delete set_;
        set_ = nullptr;
    }
    static ResultSet* set_;
};
ResultSet* Ablation::set_ = nullptr;

TEST_F(Ablation, DifferingJobsAreTwoSystemsAndEqualJobsOne) {
    const ResultSet& s = *set_;
    EXPECT_TRUE(s.problems.empty()) << s.problems.front().reason;
    EXPECT_EQ(labels(s), (std::vector<std::string>{kLow, kHigh, kCodex}));
    ASSERT_EQ(s.trials.size(), 8u);
    for (const auto& t : s.trials) {
        if (t.system.agent == "codex")
            EXPECT_EQ(t.system.variant, "") << t.trialName;
        else
            EXPECT_EQ(t.system.variant,
                      t.run.jobId == s.trials.front().run.jobId ? "temperature=0.2" : "temperature=1.0")
                << t.trialName;
    }
    const int codex = indexOf(s, kCodex);
    ASSERT_GE(codex, 0);
    EXPECT_EQ(s.trialCount(codex), 4);
    for (const char* task : {"freecad-deee5c3830", "freecad-7c431b252d"}) {
        const auto& cell = s.trialsOf(codex, s.taskIndex(task));
        ASSERT_EQ(cell.size(), 2u) << task; // two attempts per task, one from each job
        EXPECT_NE(s.trials[static_cast<std::size_t>(cell[0])].run.jobId,
                  s.trials[static_cast<std::size_t>(cell[1])].run.jobId);
    }
    EXPECT_EQ(s.trialCount(indexOf(s, kLow)), 2);
    EXPECT_EQ(s.trialCount(indexOf(s, kHigh)), 2);
}

TEST_F(Ablation, LeaderboardHasHandCheckedMeansPerSystem) {
    const auto rows = leaderboard(*set_, BootstrapOptions{1000, 7});
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].system.label(), kLow);
    EXPECT_EQ(rows[1].system.label(), kCodex);
    EXPECT_EQ(rows[2].system.label(), kHigh);
    const SystemSummary& low = row(rows, kLow);
    EXPECT_EQ(low.nTrials, 2);
    EXPECT_EQ(low.nTasks, 2);
    EXPECT_DOUBLE_EQ(low.overall, (kPlateHoles7 + 1.0) / 2); // 0.89332753814714560
    const SystemSummary& high = row(rows, kHigh);
    EXPECT_EQ(high.nTrials, 2);
    EXPECT_DOUBLE_EQ(high.overall, (kPlateNoHoles + 0.0) / 2); // 0.13014385034229035
    EXPECT_DOUBLE_EQ(high.zeroRate, 0.5);
    // Codex: the latest finished attempt (the second job: 1.0 and 0.0) stands for each task.
    const SystemSummary& codex = row(rows, kCodex);
    EXPECT_EQ(codex.nTrials, 4);
    EXPECT_EQ(codex.nTasks, 2);
    EXPECT_DOUBLE_EQ(codex.overall, 0.5);
    // Costs: the fixture's usage, 1/8-USD steps: job n (0..3), trial i (0..1) costs 0.5 + 0.25 i + 0.125 n.
    ASSERT_TRUE(low.costUsd);
    EXPECT_DOUBLE_EQ(*low.costUsd, 0.5 + 0.75);
    ASSERT_TRUE(high.costUsd);
    EXPECT_DOUBLE_EQ(*high.costUsd, 0.625 + 0.875);
    ASSERT_TRUE(codex.costUsd);
    EXPECT_DOUBLE_EQ(*codex.costUsd, 0.875 + 1.125); // the trials that stand for the tasks: the second job's
}

TEST_F(Ablation, TablesKeepTheVariantsApart) {
    const auto rows = leaderboard(*set_, BootstrapOptions{1000, 7});
    const std::string csv = leaderboardCsv(rows);
    EXPECT_NE(csv.find("\n1,claude-code,claude-opus-5.5 " + kDot + " temperature=0.2,2,89.33,"),
              std::string::npos)
        << csv;
    EXPECT_NE(csv.find("\n3,claude-code,claude-opus-5.5 " + kDot + " temperature=1.0,2,13.01,"),
              std::string::npos)
        << csv;
    EXPECT_NE(csv.find("\n2,codex,gpt-6-astra,4,50.00,"), std::string::npos) << csv;
    const std::string tex = leaderboardLatex(rows, "");
    EXPECT_NE(tex.find("claude-opus-5.5 $\\cdot$ temperature=0.2"), std::string::npos) << tex;
}

TEST_F(Ablation, MeanPolicyAveragesBothJobsOfTheMergedSystem) {
    ResultSet s = *set_;
    s.setPolicy(SelectionPolicy::Mean);
    const auto rows = leaderboard(s, BootstrapOptions{1000, 7});
    EXPECT_DOUBLE_EQ(row(rows, kCodex).overall, ((kBushingOff + 1.0) / 2 + (kClevisGap14 + 0.0) / 2) / 2);
    EXPECT_DOUBLE_EQ(row(rows, kLow).overall, (kPlateHoles7 + 1.0) / 2); // one attempt per task: unchanged
}

TEST_F(Ablation, FiltersAndCompareFollowTheVariant) {
    const ResultSet& s = *set_;
    Filter f = parseFilter(FilterValues{{kLow}, {}, {}, {}, {}}, s);
    int kept = 0;
    for (const auto& t : s.trials)
        if (f.matches(s, t)) {
            ++kept;
            EXPECT_EQ(t.system.variant, "temperature=0.2");
        }
    EXPECT_EQ(kept, 2);
    // The plain agent/model label names no system once the runs differ.
    EXPECT_THROW(parseFilter(FilterValues{{"claude-code/claude-opus-5.5"}, {}, {}, {}, {}}, s),
                 std::exception);

    const PairedComparison c =
        compareSystems(s, indexOf(s, kLow), indexOf(s, kHigh), 0.01, BootstrapOptions{1000, 7});
    EXPECT_EQ(c.n, 2);
    EXPECT_EQ(c.higher, 2);
    EXPECT_DOUBLE_EQ(c.delta, ((kPlateHoles7 - kPlateNoHoles) + (1.0 - 0.0)) / 2);
}

TEST_F(Ablation, SplitByJobSeparatesEqualRunsAndNamesTheJob) {
    ResultSet s = *set_;
    s.setSplitByJob(true);
    ASSERT_EQ(s.systems.size(), 4u);
    // Job ids (tests/data/harbor/README.md): 8-character prefixes are unique here.
    EXPECT_EQ(labels(s), (std::vector<std::string>{
                             "claude-code/claude-opus-5.5 " + kDot + " job=1d3821d9, temperature=1.0",
                             "claude-code/claude-opus-5.5 " + kDot + " job=e43b5db6, temperature=0.2",
                             "codex/gpt-6-astra " + kDot + " job=05900337",
                             "codex/gpt-6-astra " + kDot + " job=66b272cf"}));
    for (std::size_t i = 0; i < s.systems.size(); ++i)
        EXPECT_EQ(s.trialCount(static_cast<int>(i)), 2);
    // Off again: back to three systems.
    s.setSplitByJob(false);
    EXPECT_EQ(labels(s), (std::vector<std::string>{kLow, kHigh, kCodex}));

    // The same through ImportOptions.
    ImportOptions options;
    options.splitByJob = true;
    const ResultSet imported = importResults({kAblation}, kPack, options);
    EXPECT_TRUE(imported.splitByJob());
    s.setSplitByJob(true);
    EXPECT_EQ(labels(imported), labels(s));
}

TEST(SystemIdentity, ARunWithoutTheFieldReadsDefault) {
    // job-0.22: the same agent, agent version and model, kwargs {"reasoning_effort": "high"} without a
    // temperature.
    ResultSet s = importResults({kHarbor + "/job-0.22", kAblation}, kPack);
    const std::string base = "claude-code/claude-opus-5.5 " + kDot + " temperature=";
    EXPECT_EQ(labels(s), (std::vector<std::string>{base + "0.2", base + "1.0", base + "default", kCodex}));
    EXPECT_EQ(s.trialCount(indexOf(s, base + "default")), 8);
}

TEST(SystemIdentity, AFieldSetToDefaultIsNotAMissingField) {
    RunConfig unset, literal, other;
    literal.agentKwargs = {{"prompt", "\"default\""}};
    other.agentKwargs = {{"prompt", "\"terse\""}};
    const SystemId s{"a", "m"};
    const auto l =
        variantLabels({{s, runSettingsOf(unset)}, {s, runSettingsOf(literal)}, {s, runSettingsOf(other)}});
    EXPECT_EQ(l, (std::vector<std::string>{"prompt=unset", "prompt=default", "prompt=terse"}));
}

TEST(SystemIdentity, ReindexRelabelsWhenADifferingRunArrives) {
    // One job alone: no variant. A second job of the same agent and model with another temperature arrives
    // (as the live follow merges it): both are relabelled on reindex.
    ResultSet s = importResults({kAblation + "/2026-10-07__09-00-00"}, kPack);
    EXPECT_EQ(labels(s), (std::vector<std::string>{"claude-code/claude-opus-5.5"}));
    std::vector<ImportProblem> problems;
    importBundle(kAblation + "/2026-10-07__13-00-00", s.trials, problems);
    s.reindex();
    EXPECT_EQ(labels(s), (std::vector<std::string>{kLow, kHigh}));
    EXPECT_EQ(s.trialCount(indexOf(s, kLow)), 2);
    EXPECT_EQ(s.trialCount(indexOf(s, kHigh)), 2);
}

TEST(SystemIdentity, EmbeddedSampleKeepsItsFourSystems) {
    // Every Harbor agent/model of the sample ran in one job, and the submission records no settings.
    const std::string sample = std::string(VERNIER_SOURCE_DIR) + "/resources/sample";
    ResultSet s = importResults({sample + "/results"}, sample + "/pack");
    EXPECT_EQ(labels(s),
              (std::vector<std::string>{"antigravity/gemini-3.8-flash", "claude-code/claude-opus-5.5",
                                        "codex/gpt-6-astra", "mini-swe-agent/gemini-3.8-flash"}));
    for (const auto& t : s.trials)
        EXPECT_EQ(t.system.variant, "") << t.trialName;
}

TEST(SystemIdentity, MalformedTrialTakesTheVariantOfItsSettings) {
    // A copy of the ablation where one trial's verifier output is unreadable: still the same three systems.
    const fs::path dir = fs::temp_directory_path() / ("vernier_sysid_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "ablation");
    fs::copy(kAblation, dir / "ablation", fs::copy_options::recursive);
    const fs::path job = dir / "ablation" / "2026-10-07__09-00-00";
    fs::path trialDir;
    for (const auto& e : fs::directory_iterator(job))
        if (e.is_directory()) trialDir = e.path();
    ASSERT_FALSE(trialDir.empty());
    { std::ofstream(trialDir / "result.json", std::ios::trunc) << "{ not json"; }
    ResultSet s = importResults({(dir / "ablation").string()}, kPack);
    fs::remove_all(dir);
    for (const auto& l : labels(s))
        EXPECT_NE(l, "claude-code/claude-opus-5.5") << "a malformed trial made a variant-less system";
    EXPECT_EQ(s.trialCount(indexOf(s, kLow)), 1);
    EXPECT_EQ(s.trialCount(indexOf(s, kCodex)), 4);
}
