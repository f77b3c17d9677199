// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Zero-reward taxonomy: precedence of docs/contract.md §1 (first failure wins), gates from the verifier's
// reason texts (docs/scoring.md §7.1), rescored results over recorded ones, counts per system.
#include <gtest/gtest.h>

#include "models/result_set.h"
#include "models/statistics.h"

using namespace vernier;

namespace {

TrialRecord answered(std::optional<double> reward) {
    TrialRecord t;
    t.system = {"agent", "model"};
    t.answer = FileRef::onDisk("/x/answer.FCStd");
    t.recordedReward = reward;
    return t;
}

StageScores stage(std::optional<double> g, std::optional<double> s, std::string reason = {}) {
    StageScores st;
    st.geometry = g;
    st.spec = s;
    st.geometryReason = std::move(reason);
    return st;
}

} // namespace

TEST(Taxonomy, PositiveRewardIsNeverZeroEvenAfterATimeout) {
    TrialRecord t = answered(0.3);
    t.exceptionType = "AgentTimeoutError";
    EXPECT_EQ(classifyTrial(t, Workflow::Creation, true).category, ZeroCategory::None);
}

TEST(Taxonomy, AgentExceptionComesFirst) {
    TrialRecord t = answered(0.0);
    t.exceptionType = "AgentTimeoutError";
    t.exceptionMessage = "timed out";
    t.recordedDetails.single = stage(0.0, 0.0);
    auto z = classifyTrial(t, Workflow::Creation, true);
    EXPECT_EQ(z.category, ZeroCategory::FinalException);
    EXPECT_EQ(z.reason, "AgentTimeoutError: timed out");
    t.answer = {};
    t.recordedReward.reset();
    EXPECT_EQ(classifyTrial(t, Workflow::Creation, true).category, ZeroCategory::FinalException);
}

TEST(Taxonomy, VerifierExceptionsAreScorerCrashes) {
    for (const char* type : {"RewardFileNotFoundError", "VerifierTimeoutError", "VerifierOutputParseError"}) {
        EXPECT_TRUE(isVerifierException(type)) << type;
        TrialRecord t = answered(std::nullopt);
        t.exceptionType = type;
        EXPECT_EQ(classifyTrial(t, Workflow::ImageToCad, true).category, ZeroCategory::ScorerCrash) << type;
    }
    EXPECT_FALSE(isVerifierException("AgentTimeoutError"));
    EXPECT_FALSE(isVerifierException("NonZeroAgentExitCodeError"));
}

TEST(Taxonomy, MissingOutputBeforeScorerCrash) {
    TrialRecord t = answered(std::nullopt);
    t.answer = {};
    t.exceptionType = "RewardFileNotFoundError"; // the verifier found nothing to score
    EXPECT_EQ(classifyTrial(t, Workflow::Creation, true).category, ZeroCategory::MissingOutput);
    // create_and_edit needs both documents.
    TrialRecord e = answered(0.0);
    e.answerBase = FileRef::onDisk("/x/answer_base.FCStd");
    EXPECT_EQ(classifyTrial(e, Workflow::CreateAndEdit, true).category, ZeroCategory::MissingOutput);
    e.answerEdit = FileRef::onDisk("/x/answer_edit.FCStd");
    e.recordedDetails.single = stage(0.0, 0.5);
    EXPECT_EQ(classifyTrial(e, Workflow::CreateAndEdit, true).category, ZeroCategory::GeometryZero);
}

TEST(Taxonomy, AnswerWithoutRewardIsScorerCrash) {
    TrialRecord t = answered(std::nullopt);
    auto z = classifyTrial(t, Workflow::Creation, true);
    EXPECT_EQ(z.category, ZeroCategory::ScorerCrash);
    EXPECT_EQ(z.reason, "no reward recorded");
}

TEST(Taxonomy, ScoreAxesAndGates) {
    TrialRecord t = answered(0.0);
    t.recordedDetails.single = stage(
        0.0, 0.7, "ref.FCStd vs answer.FCStd: OCCT OBB maximum relative error 12.500% >= 10.000% threshold");
    auto z = classifyTrial(t, Workflow::Creation, true);
    EXPECT_EQ(z.category, ZeroCategory::GeometryZero);
    EXPECT_EQ(z.gate, "bbox");
    t.recordedDetails.single =
        stage(0.0, 0.0, "no PartDesign::Body found — spec requires exactly one solid body");
    z = classifyTrial(t, Workflow::Creation, true);
    EXPECT_EQ(z.category, ZeroCategory::GeometryAndSpecZero);
    EXPECT_EQ(z.gate, "body");
    t.recordedDetails.single = stage(0.45, 0.0);
    z = classifyTrial(t, Workflow::Creation, true);
    EXPECT_EQ(z.category, ZeroCategory::SpecZero);
    EXPECT_TRUE(z.gate.empty());
}

TEST(Taxonomy, CreateAndEditAxisIsZeroWhenZeroInEitherStage) {
    TrialRecord t = answered(0.0);
    t.answer = {};
    t.answerBase = FileRef::onDisk("/x/answer_base.FCStd");
    t.answerEdit = FileRef::onDisk("/x/answer_edit.FCStd");
    t.recordedDetails.base = stage(0.8, 1.0);
    StageScores target = stage(0.0, 0.9);
    target.gate = "vertex_count";
    t.recordedDetails.target = target;
    auto z = classifyTrial(t, Workflow::CreateAndEdit, true);
    EXPECT_EQ(z.category, ZeroCategory::GeometryZero);
    EXPECT_EQ(z.gate, "vertex_count");
    t.recordedDetails.base = stage(0.8, 0.0);
    EXPECT_EQ(classifyTrial(t, Workflow::CreateAndEdit, true).category, ZeroCategory::GeometryAndSpecZero);
}

TEST(Taxonomy, RescoredResultDecidesWhenPresent) {
    TrialRecord t = answered(0.0);
    t.recordedDetails.single = stage(0.0, 0.5);
    RescoredResult r;
    r.scorerCrash = true;
    r.error = "timeout after 5 s";
    t.rescored = r;
    auto z = classifyTrial(t, Workflow::Creation, true);
    EXPECT_EQ(z.category, ZeroCategory::ScorerCrash);
    EXPECT_EQ(z.reason, "rescoring: timeout after 5 s");
    EXPECT_EQ(classifyTrial(t, Workflow::Creation, false).category, ZeroCategory::GeometryZero);
    t.rescored->scorerCrash = false;
    t.rescored->reward = 0.7;
    EXPECT_EQ(classifyTrial(t, Workflow::Creation, true).category, ZeroCategory::None);
    EXPECT_DOUBLE_EQ(*t.rescoreDelta(), -0.7);
}

TEST(Taxonomy, GateFromEveryVerifierReason) {
    EXPECT_EQ(gateFromReason("No solid shape found in candidate model 'a.FCStd'"), "body");
    EXPECT_EQ(gateFromReason(
                  "2 non-empty PartDesign::Body objects (Body, Body001) — spec requires exactly one solid "
                  "body in candidate model 'a'"),
              "body");
    EXPECT_EQ(
        gateFromReason(
            "document builds its solid from non-PartDesign / baked geometry (for example a "
            "Part-workbench shape or scripted feature holder), not an editable PartDesign feature tree"),
        "feature_tree");
    EXPECT_EQ(
        gateFromReason("candidate has 6001 faces (> 5000); gated geometry to 0.0 — geometry too complex"),
        "complexity");
    EXPECT_EQ(gateFromReason("face count differs by 60% (candidate=4, reference=10; threshold 50%)"),
              "face_count");
    EXPECT_EQ(gateFromReason("vertex count differs by 55% (candidate=4, reference=10; threshold 50%)"),
              "vertex_count");
    EXPECT_EQ(gateFromReason("bbox"), "bbox");
    EXPECT_EQ(gateFromReason("ref vs cand: overall=0.812"), "");
}

TEST(Taxonomy, KeysRoundTrip) {
    for (ZeroCategory c : kZeroCategories)
        EXPECT_EQ(parseZeroCategory(zeroCategoryKey(c)), c);
    EXPECT_STREQ(zeroCategoryKey(ZeroCategory::GeometryAndSpecZero), "geometry_and_spec_zero");
    EXPECT_FALSE(parseZeroCategory("nonsense").has_value());
}

TEST(Taxonomy, CountsPerSystemAndWorkflowWithTrialLists) {
    ResultSet set;
    for (auto [id, wf] : {std::pair{"t1", Workflow::Creation},
                          {"t2", Workflow::Creation},
                          {"t3", Workflow::CreateAndEdit},
                          {"t4", Workflow::ImageToCad}}) {
        TaskInfo ti;
        ti.id = id;
        ti.workflow = wf;
        set.tasks.push_back(ti);
    }
    auto add = [&](const char* task, TrialRecord t) {
        t.taskId = task;
        t.trialName = std::string(task) + "-trial";
        set.trials.push_back(std::move(t));
    };
    TrialRecord g = answered(0.0);
    g.recordedDetails.single = stage(0.0, 0.5, "face count differs by 60%");
    add("t1", g);
    add("t2", answered(0.9));
    TrialRecord m;
    m.system = {"agent", "model"};
    m.recordedReward = 0.0;
    add("t3", m);
    TrialRecord s = answered(0.0);
    s.recordedDetails.single = stage(0.3, 0.0);
    add("t4", s);
    set.reindex();
    ZeroCounts z = zeroCounts(set, 0);
    EXPECT_EQ(z.counts[ZeroCategory::GeometryZero], 1);
    EXPECT_EQ(z.counts[ZeroCategory::MissingOutput], 1);
    EXPECT_EQ(z.counts[ZeroCategory::SpecZero], 1);
    EXPECT_EQ(z.counts[ZeroCategory::ScorerCrash], 0);
    EXPECT_EQ(z.counts.size(), 6u);
    EXPECT_EQ(z.trials[ZeroCategory::MissingOutput], std::vector<int>{2});
    EXPECT_EQ(z.gates["face_count"], 1);
    EXPECT_EQ(z.perWorkflow[Workflow::Creation][ZeroCategory::GeometryZero], 1);
    EXPECT_EQ(z.perWorkflow[Workflow::CreateAndEdit][ZeroCategory::MissingOutput], 1);
    SystemSummary sum = summarizeSystem(set, 0);
    EXPECT_DOUBLE_EQ(sum.zeroRate, 0.75); // the three zeros above out of four tasks
}
