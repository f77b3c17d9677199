// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Several attempts per (system, task) (docs/statistics.md "Attempts"): the four selection policies, the
// trial that stands for a task under each, pass@k in the analysis, and the bootstrap resampling tasks so
// that the attempts of a task stay together. Hand-computed values; the fixture is written as Harbor trial
// folders (tests/models/bundle_builder.h).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "models/analysis.h"
#include "models/bundle_builder.h"
#include "models/report_json.h"
#include "models/result_set.h"

using namespace vernier;
using namespace vernier::test;

namespace {

// Three creation tasks. claude-code/opus has 3 attempts on task-a, 2 on task-b and 1 on task-c:
//   task-a  10:00 → 0.2   11:00 → 1.0   12:00 → 0.4
//   task-b  10:00 → 0.0   11:00 → 0.0
//   task-c  10:00 → 1.0
// codex/gpt-6 has one attempt per task: 0.5, 0.5, 0.5.
void writeFixture(const TempDir& d) {
    for (const char* id : {"task-a", "task-b", "task-c"})
        writeTask(d / "pack", id, "[metadata]\nworkflow = \"creation\"\ncategory = \"plate\"\n",
                  {"tests/reference.FCStd", "tests/spec.json"});
    const auto attempt = [&](const std::string& agent, const std::string& model, const std::string& task,
                             int n, const std::string& hour, double reward) {
        TrialSpec t;
        t.taskName = "gnucleus-ai/" + task;
        t.trialName = task + "__" + agent + "_" + std::to_string(n);
        t.agent = agent;
        t.model = model;
        t.startedAt = "2026-09-20T09:00:00Z";
        t.finishedAt = "2026-09-20T" + hour + ":00:00Z";
        writeHarborTrial(d / "job", t, "{\"reward\": " + std::to_string(reward) + "}", "", {"answer.FCStd"});
    };
    attempt("claude-code", "opus", "task-a", 1, "10", 0.2);
    attempt("claude-code", "opus", "task-a", 2, "11", 1.0);
    attempt("claude-code", "opus", "task-a", 3, "12", 0.4);
    attempt("claude-code", "opus", "task-b", 1, "10", 0.0);
    attempt("claude-code", "opus", "task-b", 2, "11", 0.0);
    attempt("claude-code", "opus", "task-c", 1, "10", 1.0);
    for (const char* task : {"task-a", "task-b", "task-c"})
        attempt("codex", "gpt-6", task, 1, "10", 0.5);
}

class Attempts : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir;
        writeFixture(*dir_);
        set_ = new ResultSet(importResults({*dir_ / "job"}, *dir_ / "pack"));
    }
    static void TearDownTestSuite() {
        delete set_;
        delete dir_;
    }
    static int opus() { return set_->systemIndex(*SystemId::parse("claude-code/opus")); }
    static int codex() { return set_->systemIndex(*SystemId::parse("codex/gpt-6")); }
    static int task(const char* id) { return set_->taskIndex(id); }
    static std::string selectedName(const ResultSet& s, int system, int task) {
        const int i = s.selectedTrial(system, task);
        return i < 0 ? std::string() : s.trials[static_cast<std::size_t>(i)].trialName;
    }
    static Analysis analysed(SelectionPolicy p, const Filter& f = {}) {
        AnalysisPolicy policy;
        policy.selection = p;
        return analyse(std::make_shared<const ResultSet>(*set_), f, policy);
    }
    static TempDir* dir_;
    static ResultSet* set_;
};
TempDir* Attempts::dir_ = nullptr;
ResultSet* Attempts::set_ = nullptr;

} // namespace

TEST_F(Attempts, FixtureImportsEveryAttempt) {
    ASSERT_EQ(set_->systems.size(), 2u);
    ASSERT_GE(opus(), 0);
    EXPECT_EQ(set_->trialsOf(opus(), task("task-a")).size(), 3u);
    EXPECT_EQ(set_->trialsOf(opus(), task("task-b")).size(), 2u);
    EXPECT_EQ(set_->trialsOf(opus(), task("task-c")).size(), 1u);
    EXPECT_EQ(set_->trialCount(opus()), 6);
}

TEST_F(Attempts, EachPolicyFoldsTheAttemptsByHand) {
    ResultSet s = *set_;
    const int a = task("task-a"), b = task("task-b"), c = task("task-c");
    struct Expected {
        SelectionPolicy policy;
        double a, b, c;
        const char* trialA; // the trial standing for task-a
        const char* trialB;
    };
    const Expected cases[] = {
        {SelectionPolicy::LatestFinished, 0.4, 0.0, 1.0, "task-a__claude-code_3", "task-b__claude-code_2"},
        {SelectionPolicy::Mean, (0.2 + 1.0 + 0.4) / 3, 0.0, 1.0, "task-a__claude-code_3",
         "task-b__claude-code_2"},
        // Best: the highest reward; among equal ones (task-b: 0 and 0) the later finished.
        {SelectionPolicy::Best, 1.0, 0.0, 1.0, "task-a__claude-code_2", "task-b__claude-code_2"},
        {SelectionPolicy::First, 0.2, 0.0, 1.0, "task-a__claude-code_1", "task-b__claude-code_1"},
    };
    for (const auto& e : cases) {
        SCOPED_TRACE(selectionPolicyName(e.policy));
        s.setPolicy(e.policy);
        EXPECT_NEAR(*s.selectedReward(opus(), a), e.a, 1e-12);
        EXPECT_NEAR(*s.selectedReward(opus(), b), e.b, 1e-12);
        EXPECT_NEAR(*s.selectedReward(opus(), c), e.c, 1e-12);
        EXPECT_EQ(selectedName(s, opus(), a), e.trialA);
        EXPECT_EQ(selectedName(s, opus(), b), e.trialB);
        EXPECT_EQ(selectedName(s, opus(), c), "task-c__claude-code_1");
        // One attempt: every policy gives it.
        EXPECT_NEAR(*s.selectedReward(codex(), a), 0.5, 1e-12);
    }
}

TEST_F(Attempts, LeaderboardMeansUnderEachPolicy) {
    // Mean over the three tasks of the folded rewards (mean of tasks: the suite is not complete).
    const std::pair<SelectionPolicy, double> cases[] = {
        {SelectionPolicy::LatestFinished, (0.4 + 0.0 + 1.0) / 3},         // 0.466667
        {SelectionPolicy::Mean, ((0.2 + 1.0 + 0.4) / 3 + 0.0 + 1.0) / 3}, // 0.511111
        {SelectionPolicy::Best, (1.0 + 0.0 + 1.0) / 3},                   // 0.666667
        {SelectionPolicy::First, (0.2 + 0.0 + 1.0) / 3},                  // 0.4
    };
    for (const auto& [policy, mean] : cases) {
        SCOPED_TRACE(selectionPolicyName(policy));
        const Analysis an = analysed(policy);
        const SystemRow* row = an.row(an.set->systemIndex(*SystemId::parse("claude-code/opus")));
        ASSERT_NE(row, nullptr);
        EXPECT_NEAR(row->summary.overall, mean, 1e-12);
        EXPECT_EQ(row->summary.nTrials, 6); // every attempt is a trial, whatever the policy
        EXPECT_EQ(row->summary.nTasks, 3);
        // The JSON names the policy.
        const auto j = leaderboardJson(an);
        EXPECT_EQ(j["selection"], policy == SelectionPolicy::LatestFinished ? "latest_finished"
                                                                            : selectionPolicyName(policy));
    }
}

TEST_F(Attempts, PolicyNamesRoundTrip) {
    for (auto p : {SelectionPolicy::LatestFinished, SelectionPolicy::Mean, SelectionPolicy::Best,
                   SelectionPolicy::First})
        EXPECT_EQ(parseSelectionPolicy(selectionPolicyName(p)), p);
    EXPECT_STREQ(selectionPolicyName(SelectionPolicy::LatestFinished), "latest");
    EXPECT_FALSE(parseSelectionPolicy("latest_finished").has_value());
    EXPECT_FALSE(parseSelectionPolicy("Best").has_value());
}

TEST_F(Attempts, PassAtKTableByHand) {
    // Perfect (reward ≥ 0.9999): task-a n=3 c=1, task-b n=2 c=0, task-c n=1 c=1.
    //   pass@1 = (1/3 + 0 + 1) / 3 = 4/9 over 3 tasks
    //   pass@2 = (1 − C(2,2)/C(3,2) + 0) / 2 = (2/3 + 0) / 2 = 1/3 over 2 tasks (task-c has 1 attempt)
    //   pass@3 = 1 − C(2,3)/C(3,3) = 1 over 1 task
    // Non-zero: task-a c=3, task-b c=0, task-c c=1.
    //   pass@1 = (1 + 0 + 1) / 3 = 2/3;  pass@2 = (1 + 0) / 2 = 1/2;  pass@3 = 1
    struct Row {
        int k;
        double perfect, nonZero;
        int tasks;
    };
    const Row table[] = {{1, 4.0 / 9, 2.0 / 3, 3}, {2, 1.0 / 3, 0.5, 2}, {3, 1.0, 1.0, 1}};
    // The same under every policy: pass@k counts every attempt.
    for (auto policy : {SelectionPolicy::LatestFinished, SelectionPolicy::Mean, SelectionPolicy::Best,
                        SelectionPolicy::First}) {
        SCOPED_TRACE(selectionPolicyName(policy));
        const Analysis an = analysed(policy);
        const SystemRow* row = an.row(an.set->systemIndex(*SystemId::parse("claude-code/opus")));
        ASSERT_NE(row, nullptr);
        EXPECT_EQ(row->maxAttempts, 3);
        ASSERT_EQ(row->passPerfect.size(), 3u);
        ASSERT_EQ(row->passNonZero.size(), 3u);
        for (std::size_t i = 0; i < 3; ++i) {
            EXPECT_EQ(row->passPerfect[i].k, table[i].k);
            EXPECT_NEAR(*row->passPerfect[i].value, table[i].perfect, 1e-12) << "k=" << table[i].k;
            EXPECT_NEAR(*row->passNonZero[i].value, table[i].nonZero, 1e-12) << "k=" << table[i].k;
            EXPECT_EQ(row->passPerfect[i].tasks, table[i].tasks);
            EXPECT_EQ(row->passNonZero[i].tasks, table[i].tasks);
        }
        const SystemRow* one = an.row(an.set->systemIndex(*SystemId::parse("codex/gpt-6")));
        ASSERT_NE(one, nullptr);
        EXPECT_EQ(one->maxAttempts, 1);
        ASSERT_EQ(one->passPerfect.size(), 1u);
        EXPECT_NEAR(*one->passPerfect[0].value, 0.0, 1e-12);
        EXPECT_NEAR(*one->passNonZero[0].value, 1.0, 1e-12);
    }
}

TEST_F(Attempts, PassAtKFollowsTheTaskFilter) {
    Filter f;
    f.tasks = {"task-a", "task-c"};
    const Analysis an = analysed(SelectionPolicy::LatestFinished, f);
    const SystemRow* row = an.row(an.set->systemIndex(*SystemId::parse("claude-code/opus")));
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->maxAttempts, 3);
    ASSERT_EQ(row->passPerfect.size(), 3u);
    EXPECT_NEAR(*row->passPerfect[0].value, (1.0 / 3 + 1.0) / 2, 1e-12);
    EXPECT_NEAR(*row->passPerfect[1].value, 2.0 / 3, 1e-12); // only task-a has 2 attempts
    EXPECT_EQ(row->passPerfect[1].tasks, 1);
    // Only task-b: two attempts.
    f.tasks = {"task-b"};
    const Analysis b = analysed(SelectionPolicy::LatestFinished, f);
    const SystemRow* rb = b.row(b.set->systemIndex(*SystemId::parse("claude-code/opus")));
    ASSERT_NE(rb, nullptr);
    EXPECT_EQ(rb->maxAttempts, 2);
    EXPECT_EQ(rb->passPerfect.size(), 2u);
}

namespace {

TrialRecord attemptRecord(const std::string& task, int n, double reward) {
    TrialRecord t;
    t.system = *SystemId::parse("a/m");
    t.taskId = task;
    t.taskName = "gnucleus-ai/" + task;
    t.trialName = task + "__" + std::to_string(n);
    t.bundle = "job";
    t.bundleKind = "harbor";
    t.recordedReward = reward;
    t.startedAt = 1.8e9;
    t.finishedAt = 1.8e9 + 60.0 * n;
    return t;
}

std::shared_ptr<ResultSet>
attemptsSet(const std::vector<std::pair<std::string, std::vector<double>>>& tasks) {
    auto set = std::make_shared<ResultSet>();
    for (const auto& [id, rewards] : tasks) {
        TaskInfo t;
        t.id = id;
        t.workflow = Workflow::Creation;
        set->tasks.push_back(t);
        for (std::size_t i = 0; i < rewards.size(); ++i)
            set->trials.push_back(attemptRecord(id, static_cast<int>(i + 1), rewards[i]));
    }
    set->bundles = {"job"};
    set->reindex();
    return set;
}

Interval overallCi(const std::shared_ptr<ResultSet>& set, SelectionPolicy p) {
    AnalysisPolicy policy;
    policy.selection = p;
    const Analysis an = analyse(set, {}, policy);
    EXPECT_EQ(an.rows.size(), 1u);
    return an.rows.empty() ? Interval{} : an.rows[0].summary.ci95;
}

} // namespace

TEST(AttemptsBootstrap, ResamplesTasksSoAttemptsStayTogether) {
    // One task, two attempts: 0 and 1. Under Mean the task's value is 0.5, and a bootstrap over tasks can
    // only ever draw that value: the interval is [0.5, 0.5]. Resampling attempts would give about [0, 1].
    const auto one = attemptsSet({{"t1", {0.0, 1.0}}});
    const Interval mean = overallCi(one, SelectionPolicy::Mean);
    EXPECT_DOUBLE_EQ(mean.lo, 0.5);
    EXPECT_DOUBLE_EQ(mean.hi, 0.5);
    // Under Best and First the one task's folded value is all there is, too.
    const Interval best = overallCi(one, SelectionPolicy::Best);
    EXPECT_DOUBLE_EQ(best.lo, 1.0);
    EXPECT_DOUBLE_EQ(best.hi, 1.0);
    const Interval first = overallCi(one, SelectionPolicy::First);
    EXPECT_DOUBLE_EQ(first.lo, 0.0);
    EXPECT_DOUBLE_EQ(first.hi, 0.0);

    // Two tasks: {0, 1} (value 0.5 under Mean) and {1, 1} (value 1). A resample's mean is one of 0.5, 0.75
    // and 1, drawn with probabilities 1/4, 1/2, 1/4: the 2.5 % and 97.5 % percentiles are 0.5 and 1. An
    // attempt-level resample would reach below 0.5.
    const auto two = attemptsSet({{"t1", {0.0, 1.0}}, {"t2", {1.0, 1.0}}});
    const Interval ci = overallCi(two, SelectionPolicy::Mean);
    EXPECT_DOUBLE_EQ(ci.lo, 0.5);
    EXPECT_DOUBLE_EQ(ci.hi, 1.0);
}
