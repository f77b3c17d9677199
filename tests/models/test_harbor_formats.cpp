// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The result shapes Harbor 0.20-0.22 really writes (docs/formats.md): answers under
// artifacts/logs/artifacts/, manifest destinations, multi-step trials with per-step usage, timing, rewards
// and exceptions, reward strategies, stopped trials, several reward keys, job statistics, and a job shared
// without its answer files. Fixtures: tests/data/harbor (make_harbor_fixtures.py; README lists the numbers).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "bundle_builder.h"
#include "models/result_set.h"
#include "models/table_export.h"
#include "support/fixture_paths.h"

#include <sstream>

namespace fs = std::filesystem;
using namespace vernier;
using namespace vernier::test;

namespace {

using fixtures::kHarbor;
const std::string& kPack = fixtures::kHarborPack;

const TrialRecord& trial(const ResultSet& set, const std::string& name) {
    for (const auto& t : set.trials)
        if (t.trialName == name) return t;
    throw std::runtime_error("no trial " + name);
}

Workflow workflowOf(const ResultSet& set, const TrialRecord& t) {
    return set.tasks.at(static_cast<std::size_t>(t.taskIndex)).workflow;
}

std::optional<double> key(const TrialRecord& t, const std::string& k) {
    for (const auto& [name, v] : t.rewardKeys)
        if (name == k) return v;
    return std::nullopt;
}

bool hasProblem(const ResultSet& set, const std::string& trialName, const std::string& fragment) {
    for (const auto& p : set.problems)
        if (p.trial == trialName && p.reason.find(fragment) != std::string::npos) return true;
    return false;
}

class Harbor022 : public ::testing::Test {
protected:
    static void SetUpTestSuite() { set_ = new ResultSet(importResults({kHarbor + "/job-0.22"}, kPack)); }
    static void TearDownTestSuite() {
        delete set_;
        set_ = nullptr;
    }
    static ResultSet* set_;
};
ResultSet* Harbor022::set_ = nullptr;

} // namespace

TEST_F(Harbor022, EveryAnswerIsFoundWhereHarborPutIt) {
    const ResultSet& s = *set_;
    ASSERT_EQ(s.trials.size(), 8u);
    for (const auto& t : s.trials)
        EXPECT_TRUE(t.loadError.empty()) << t.trialName << ": " << t.loadError;
    // Only under artifacts/logs/artifacts/ (the agent's /logs/artifacts since Harbor 0.20).
    const TrialRecord& a = trial(s, "freecad-578850b93a__w8ThRft");
    EXPECT_EQ(a.answer.fileName(), "answer.FCStd");
    EXPECT_NE(a.answer.path().find("artifacts/logs/artifacts/answer.FCStd"), std::string::npos);
    EXPECT_NE(a.answerPy.path().find("artifacts/logs/artifacts/answer.py"), std::string::npos);
    // A task artifact copy of /app, and a manifest entry that failed: the reason a file is missing.
    const TrialRecord& b = trial(s, "freecad-7c431b252d__YvombYC");
    EXPECT_NE(b.answer.path().find("artifacts/app/answer.FCStd"), std::string::npos);
    EXPECT_TRUE(b.answerPy.empty());
    ASSERT_EQ(b.artifactProblems.size(), 2u);
    EXPECT_EQ(b.artifactProblems[0], "/logs/artifacts: empty");
    EXPECT_EQ(b.artifactProblems[1], "/app/answer.py: failed");
    EXPECT_FALSE(hasProblem(s, b.trialName, "/logs/artifacts: empty"));
    // An image-to-CAD task needs answer.py: its failed copy is why it is missing.
    EXPECT_TRUE(hasProblem(s, b.trialName, "answer.py missing: artifact /app/answer.py: failed"));
    const TrialRecord& c = trial(s, "freecad-413c26b17a__u77tkLb");
    EXPECT_NE(c.answer.path().find("artifacts/logs/artifacts/app/answer.FCStd"), std::string::npos);
    // Its task-artifact copy failed, but the document was found elsewhere: no problem to report.
    EXPECT_FALSE(hasProblem(s, c.trialName, "answer.FCStd missing"));
    // Multi-step: each stage's document from its own step folder.
    const TrialRecord& e = trial(s, "freecad-856aa02a44__gRp63dn");
    EXPECT_NE(e.answerBase.path().find("steps/base/"), std::string::npos);
    EXPECT_NE(e.answerEdit.path().find("steps/edit/"), std::string::npos);
    // Every trial that produced its documents can be rescored and shown in 3D.
    for (const char* name :
         {"freecad-578850b93a__w8ThRft", "freecad-7c431b252d__YvombYC", "freecad-413c26b17a__u77tkLb",
          "freecad-856aa02a44__gRp63dn", "freecad-c1b47f5fee__PVUSKDV", "freecad-c1b47f5fee__GbqKghK"}) {
        const TrialRecord& t = trial(s, name);
        EXPECT_TRUE(t.hasAnswer(workflowOf(s, t))) << name;
    }
}

TEST_F(Harbor022, CostTokensAndDurationsAreThePerStepSums) {
    const ResultSet& s = *set_;
    const TrialRecord& a = trial(s, "freecad-578850b93a__w8ThRft");
    EXPECT_DOUBLE_EQ(*a.costUsd, 1.25);
    EXPECT_EQ(*a.tokens.input, 900000); // includes the cached tokens
    EXPECT_EQ(*a.tokens.cache, 750000);
    EXPECT_EQ(*a.tokens.output, 20000);
    EXPECT_EQ(a.usageSource, "result.json");
    EXPECT_NEAR(*a.durationSeconds(), 809.571458, 1e-6);
    EXPECT_NEAR(*a.agentDurationSeconds(), 601.552908, 1e-6);

    const TrialRecord& e = trial(s, "freecad-856aa02a44__gRp63dn");
    ASSERT_EQ(e.steps.size(), 2u);
    EXPECT_EQ(e.usageSource, "steps");
    EXPECT_DOUBLE_EQ(*e.costUsd, 0.375 + 0.5625);
    EXPECT_EQ(*e.tokens.input, 380000 + 520000);
    EXPECT_EQ(*e.tokens.cache, 320000 + 450000);
    EXPECT_EQ(*e.tokens.output, 8000 + 12000);
    EXPECT_NEAR(*e.durationSeconds(), 1185.944324, 1e-6);
    EXPECT_NEAR(*e.agentDurationSeconds(), 921.236096, 1e-6);
    EXPECT_DOUBLE_EQ(*e.steps[0].costUsd, 0.375);
    EXPECT_DOUBLE_EQ(*e.steps[1].costUsd, 0.5625);

    EXPECT_DOUBLE_EQ(*trial(s, "freecad-c1b47f5fee__PVUSKDV").costUsd, 0.8125);
    const TrialRecord& g = trial(s, "freecad-856aa02a44__HZZZZL2");
    EXPECT_DOUBLE_EQ(*g.costUsd, 1.875);
    EXPECT_NEAR(*g.agentDurationSeconds(), 1200.009872, 1e-6);
    EXPECT_DOUBLE_EQ(*trial(s, "freecad-c1b47f5fee__GbqKghK").costUsd, 0.8125);

    // An all-null agent_result is unknown usage, never zero.
    const TrialRecord& b = trial(s, "freecad-7c431b252d__YvombYC");
    EXPECT_FALSE(b.costUsd);
    EXPECT_FALSE(b.tokens.input);
    EXPECT_TRUE(b.usageSource.empty());

    // The job's own totals are the sums over its trials and steps.
    double cost = 0;
    std::int64_t in = 0, cache = 0, out = 0;
    for (const auto& t : s.trials) {
        cost += t.costUsd.value_or(0);
        in += t.tokens.input.value_or(0);
        cache += t.tokens.cache.value_or(0);
        out += t.tokens.output.value_or(0);
    }
    EXPECT_DOUBLE_EQ(cost, 8.625);
    EXPECT_EQ(in, 6300000);
    EXPECT_EQ(cache, 5432000);
    EXPECT_EQ(out, 156000);
}

TEST_F(Harbor022, RewardsFollowTheRecordOrTheTasksStrategy) {
    const ResultSet& s = *set_;
    const TrialRecord& a = trial(s, "freecad-578850b93a__w8ThRft");
    EXPECT_DOUBLE_EQ(*a.recordedReward, 0.7866550762942912);
    EXPECT_DOUBLE_EQ(*key(a, "geometry_similarity"), 0.7268795920117674);
    EXPECT_DOUBLE_EQ(*key(a, "cad_spec_consistency"), 0.8571428571428572);

    // "final": the trial reward was recorded (the edit step's, verbatim).
    const TrialRecord& e = trial(s, "freecad-856aa02a44__gRp63dn");
    EXPECT_FALSE(e.rewardComputedFromSteps);
    EXPECT_EQ(e.rewardStrategy, "final");
    EXPECT_DOUBLE_EQ(*e.recordedReward, 0.8048801704574926);
    EXPECT_EQ(e.steps[0].stage, "base");
    EXPECT_EQ(e.steps[0].stageBasis, "step name");
    EXPECT_EQ(e.steps[1].stage, "edit");
    // Two-stage details come from the edit step's reward_details.json.
    ASSERT_TRUE(e.recordedDetails.target);
    EXPECT_DOUBLE_EQ(*e.recordedDetails.target->combined, 0.6734723586383812);

    // "mean" with no trial-level reward: Harbor's per-key mean over the steps that have a verifier
    // result, a missing key counting 0: reward (1.0 + 0.5694012586120268) / 2, geometry (1.0 + 0) / 2.
    const TrialRecord& f = trial(s, "freecad-c1b47f5fee__PVUSKDV");
    EXPECT_TRUE(f.rewardComputedFromSteps);
    EXPECT_EQ(f.rewardStrategy, "mean");
    EXPECT_EQ(f.rewardStrategyBasis, "task.toml");
    EXPECT_DOUBLE_EQ(*f.recordedReward, (1.0 + 0.5694012586120268) / 2);
    EXPECT_DOUBLE_EQ(*key(f, "geometry_similarity"), 0.5);

    // Under "final" the same steps would give the last step's reward.
    TrialRecord fFinal = f;
    fFinal.applyStepRewardStrategy("final", "test");
    EXPECT_DOUBLE_EQ(*fFinal.recordedReward, 0.5694012586120268);
    EXPECT_FALSE(key(fFinal, "geometry_similarity"));
}

TEST_F(Harbor022, StoppedTrialsAndStepExceptionsAreShownAndClassified) {
    const ResultSet& s = *set_;
    const TrialRecord& g = trial(s, "freecad-856aa02a44__HZZZZL2");
    ASSERT_EQ(g.steps.size(), 1u);
    EXPECT_EQ(g.stoppedAtStep, "base");
    EXPECT_EQ(g.stopReason.rfind("AgentTimeoutError", 0), 0u);
    EXPECT_EQ(g.exceptionType, "AgentTimeoutError");
    EXPECT_EQ(g.exceptionStep, "base");
    EXPECT_EQ(g.zero.category, ZeroCategory::FinalException);
    EXPECT_NE(g.zero.reason.find("step \"base\""), std::string::npos);
    EXPECT_TRUE(hasProblem(s, g.trialName, "stopped at step \"base\": AgentTimeoutError"));

    // The agent-side trial-level exception with no answer: a final exception.
    EXPECT_EQ(trial(s, "freecad-deee5c3830__hp2FpPL").zero.category, ZeroCategory::FinalException);
    // Timed out but scored above zero: not a zero.
    EXPECT_EQ(trial(s, "freecad-413c26b17a__u77tkLb").zero.category, ZeroCategory::None);

    // The edit step's verifier failed (RewardFileNotFoundError, its answer present). Under "mean" Harbor
    // averages the steps that have a result, so the recorded trial reward is the base step's 1.0.
    const TrialRecord& h = trial(s, "freecad-c1b47f5fee__GbqKghK");
    EXPECT_DOUBLE_EQ(*h.recordedReward, 1.0);
    EXPECT_EQ(h.exceptionType, "RewardFileNotFoundError");
    EXPECT_EQ(h.exceptionStep, "edit");
    EXPECT_TRUE(h.stoppedAtStep.empty() || h.stoppedAtStep == "edit");
    // Had the trial scored 0, the verifier-side step exception would make it a scorer crash.
    TrialRecord h0 = h;
    h0.recordedReward = 0.0;
    const ZeroClassification z = classifyTrial(h0, Workflow::CreateAndEdit, false);
    EXPECT_EQ(z.category, ZeroCategory::ScorerCrash);
    EXPECT_NE(z.reason.find("step \"edit\""), std::string::npos);
}

TEST_F(Harbor022, RunIdentityBundleVersionAndJobStatistics) {
    const ResultSet& s = *set_;
    const TrialRecord& a = trial(s, "freecad-578850b93a__w8ThRft");
    EXPECT_EQ(a.system.label(), "claude-code/claude-opus-5.5");
    EXPECT_EQ(a.run.agentVersion, "2.4.1");
    EXPECT_TRUE(a.run.modelProvider.empty()); // provider null: the model was given without "provider/"
    EXPECT_EQ(a.run.modelName, "claude-opus-5.5");
    ASSERT_EQ(a.run.agentKwargs.size(), 1u);
    EXPECT_EQ(a.run.agentKwargs[0].first, "reasoning_effort");
    EXPECT_EQ(a.run.agentKwargs[0].second, "\"high\"");
    EXPECT_FALSE(a.run.jobId.empty());
    ASSERT_EQ(s.bundleInfo.size(), 1u);
    EXPECT_EQ(s.bundleInfo[0].jobs, 1);
    EXPECT_EQ(s.bundleInfo[0].trials, 8);
    EXPECT_EQ(s.bundleInfo[0].harborVersions, std::vector<std::string>{"0.22.0"});
    // The job's stats.evals agree with its trials: no statistics problem.
    for (const auto& p : s.problems)
        EXPECT_EQ(p.reason.find("stats.evals"), std::string::npos) << p.reason;
}

TEST(HarborJobStatistics, AMismatchWithTheTrialsIsABundleProblem) {
    TempDir dir;
    fs::copy(kHarbor + "/job-0.22", dir / "job", fs::copy_options::recursive);
    nlohmann::json r;
    {
        std::ifstream in(dir / "job/result.json");
        in >> r;
    }
    auto& group = r["stats"]["evals"]["claude-code__claude-opus-5.5__gnucleus-ai/cad-bench"];
    group["n_trials"] = 6;
    group["metrics"][0]["reward"] = 0.5;
    writeFile(dir / "job/result.json", r.dump(4));
    ResultSet s = importResults({dir / "job"}, kPack);
    bool found = false;
    for (const auto& p : s.problems)
        if (p.reason.find("stats.evals") != std::string::npos) {
            found = true;
            EXPECT_NE(p.reason.find("n_trials 6 recorded, 5 found"), std::string::npos) << p.reason;
            EXPECT_NE(p.reason.find("mean reward 0.500000 recorded, 0.493271 computed"), std::string::npos)
                << p.reason;
        }
    EXPECT_TRUE(found);
}

TEST(HarborZip, AZippedJobReadsTheSame) {
    TempDir dir;
    zipFolder(kHarbor + "/job-0.22", dir / "job.zip", "job-0.22/");
    ResultSet z = importResults({dir / "job.zip"}, kPack);
    ResultSet f = importResults({kHarbor + "/job-0.22"}, kPack);
    ASSERT_EQ(z.trials.size(), f.trials.size());
    for (std::size_t i = 0; i < f.trials.size(); ++i) {
        const TrialRecord& a = f.trials[i];
        const TrialRecord& b = trial(z, a.trialName);
        EXPECT_EQ(a.recordedReward, b.recordedReward) << a.trialName;
        EXPECT_EQ(a.costUsd, b.costUsd) << a.trialName;
        EXPECT_EQ(a.zero.category, b.zero.category) << a.trialName;
        EXPECT_EQ(a.answer.fileName(), b.answer.fileName()) << a.trialName;
        EXPECT_EQ(a.answerEdit.fileName(), b.answerEdit.fileName()) << a.trialName;
        EXPECT_TRUE(b.answer.empty() || b.answer.isInZip());
    }
}

TEST(Harbor020, TheOlderShapeStillReads) {
    ResultSet s = importResults({kHarbor + "/job-0.20"}, kPack);
    ASSERT_EQ(s.trials.size(), 3u);
    ASSERT_EQ(s.bundleInfo.size(), 1u);
    EXPECT_EQ(s.bundleInfo[0].harborVersions, std::vector<std::string>{"0.20.0"});
    const TrialRecord& a = trial(s, "freecad-578850b93a__DZVPCrJ");
    EXPECT_EQ(a.system.label(), "claude-code/claude-opus-5");
    EXPECT_EQ(a.run.modelProvider, "anthropic");
    EXPECT_EQ(a.run.modelName, "anthropic/claude-opus-5");
    EXPECT_DOUBLE_EQ(*a.recordedReward, 0.2602877006845807);
    EXPECT_DOUBLE_EQ(*a.costUsd, 0.875);
    EXPECT_NEAR(*a.durationSeconds(), 746.725260, 1e-6);
    const TrialRecord& ce = trial(s, "freecad-7c560f2150__eQpQCPm");
    EXPECT_TRUE(ce.hasAnswer(Workflow::CreateAndEdit));
    EXPECT_EQ(ce.zero.category, ZeroCategory::GeometryZero);
    EXPECT_EQ(ce.zero.gate, "face_count");
    const TrialRecord& txt = trial(s, "freecad-413c26b17a__tJZ7VRG"); // reward.txt only
    EXPECT_DOUBLE_EQ(*txt.recordedReward, 1.0);
    EXPECT_EQ(txt.zero.category, ZeroCategory::None);
    EXPECT_NEAR(*txt.durationSeconds(), 2611.600254, 1e-6);
    for (const auto& p : s.problems)
        EXPECT_EQ(p.reason.find("stats.evals"), std::string::npos) << p.reason;
}

namespace {

// The recorded verdicts of job-details-no-answers, trial by trial.
struct Expected {
    const char* trial;
    ZeroCategory category;
    const char* gate;
};
const Expected kDetailsVerdicts[] = {
    {"freecad-413c26b17a__oJQxyPA", ZeroCategory::GeometryZero, "bbox"},
    {"freecad-578850b93a__9PszmWg", ZeroCategory::GeometryAndSpecZero, "bbox"},
    {"freecad-de56941e17__4VFyTsz", ZeroCategory::SpecZero, ""},
    {"freecad-deee5c3830__8JRBFE9", ZeroCategory::None, ""},
    {"freecad-7c431b252d__jcWUiBi", ZeroCategory::ScorerCrash, ""},
    {"freecad-d7a043ce3d__TCUMC2U", ZeroCategory::FinalException, ""},
};

void expectVerdicts(const ResultSet& s) {
    for (const auto& e : kDetailsVerdicts) {
        const TrialRecord& t = trial(s, e.trial);
        EXPECT_EQ(t.zero.category, e.category)
            << e.trial << ": " << zeroCategoryKey(t.zero.category) << " (" << t.zero.reason << ")";
        EXPECT_EQ(t.zero.gate, e.gate) << e.trial;
    }
}

} // namespace

TEST(HarborDetailsWithoutAnswers, TheRecordedVerdictDecidesNotFilePresence) {
    ResultSet s = importResults({kHarbor + "/job-details-no-answers"}, kPack);
    ASSERT_EQ(s.trials.size(), 7u);
    for (const auto& t : s.trials)
        EXPECT_TRUE(t.answer.empty() && t.answerBase.empty() && t.answerEdit.empty()) << t.trialName;
    expectVerdicts(s);
    // Nothing recorded at all (no reward, no details, no exception): file absence is the fallback.
    EXPECT_EQ(trial(s, "freecad-7c560f2150__GMnDCVv").zero.category, ZeroCategory::MissingOutput);
    const TrialRecord& codex = trial(s, "freecad-413c26b17a__oJQxyPA");
    EXPECT_EQ(codex.system.label(), "codex/gpt-6-astra");
    EXPECT_EQ(codex.run.modelProvider, "openai");
    EXPECT_EQ(codex.run.agentVersion, "0.61.0");
}

TEST(HarborDetailsWithoutAnswers, TheSameVerdictsWithTheAnswersPresent) {
    TempDir dir;
    fs::copy(kHarbor + "/job-details-no-answers", dir / "job", fs::copy_options::recursive);
    // Put a (real FreeCAD) document where each trial's answers would be; the verdicts must not move.
    const std::string doc = kPack + "/freecad-578850b93a/tests/reference.FCStd";
    for (const auto& e : kDetailsVerdicts) {
        const std::string app = dir / ("job/" + std::string(e.trial) + "/artifacts/app");
        fs::create_directories(app);
        for (const char* name : {"answer.FCStd", "answer_base.FCStd", "answer_edit.FCStd"})
            fs::copy_file(doc, app + "/" + name);
    }
    ResultSet s = importResults({dir / "job"}, kPack);
    for (const auto& e : kDetailsVerdicts)
        EXPECT_FALSE(trial(s, e.trial).answer.empty()) << e.trial;
    expectVerdicts(s);
}

TEST(HarborUsage, WithoutUsageInResultJsonTheTrajectorysFinalMetricsAreUsed) {
    TempDir dir;
    fs::copy(kHarbor + "/job-0.22", dir / "job", fs::copy_options::recursive);
    // Trial b records an all-null agent_result; give it the ATIF v1.7 trajectory of the fixtures.
    const std::string b = dir / "job/freecad-7c431b252d__YvombYC";
    fs::create_directories(b + "/agent");
    fs::copy_file(kHarbor + "/trajectories/atif-v1.7-subagent.json", b + "/agent/trajectory.json",
                  fs::copy_options::overwrite_existing);
    ResultSet s = importResults({dir / "job"}, kPack);
    const TrialRecord& t = trial(s, "freecad-7c431b252d__YvombYC");
    EXPECT_EQ(t.usageSource, "trajectory final_metrics");
    EXPECT_DOUBLE_EQ(*t.costUsd, 1.25); // total_cost_usd includes the subagent
    EXPECT_EQ(*t.tokens.input, 900000);
    EXPECT_EQ(*t.tokens.cache, 750000);
    EXPECT_EQ(*t.tokens.output, 20000);
    // Usage recorded in result.json is never replaced by the trajectory's.
    EXPECT_EQ(trial(s, "freecad-578850b93a__w8ThRft").usageSource, "result.json");
}

TEST(TrialsCsv, RawNumbersAndATrialNameColumn) {
    ResultSet s = importResults({kHarbor + "/job-0.22"}, kPack);
    std::vector<int> all;
    for (std::size_t i = 0; i < s.trials.size(); ++i)
        all.push_back(static_cast<int>(i));
    const std::string csv = trialsCsv(s, all);
    std::istringstream in(csv);
    std::string header, line;
    std::getline(in, header);
    EXPECT_EQ(header.rfind("trial_name,bundle,task_id,workflow,agent,model,reward_used,reward_recorded,", 0),
              0u);
    bool seen = false;
    while (std::getline(in, line))
        if (line.rfind("freecad-578850b93a__w8ThRft,", 0) == 0) {
            seen = true;
            // Full precision, no currency symbol, no display label.
            EXPECT_NE(
                line.find(",0.7866550762942912,0.7866550762942912,,0.7268795920117674,0.8571428571428572,"),
                std::string::npos)
                << line;
            EXPECT_NE(line.find(",1.25,900000,750000,20000,"), std::string::npos) << line;
            EXPECT_EQ(line.find('$'), std::string::npos);
        }
    EXPECT_TRUE(seen);
}
