// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The per-set order the trial tables sort and show by (models/trial_order.h): attempt positions, the
// "task, system, attempt" ranks, the distinct labels and the extra reward keys, against a set built by hand.
#include <gtest/gtest.h>

#include "models/result_set.h"
#include "models/trial_order.h"

using namespace vernier;

namespace {

TrialRecord trial(const char* task, const char* name, SystemId system, std::optional<double> finished) {
    TrialRecord t;
    t.taskId = task;
    t.trialName = name;
    t.system = std::move(system);
    t.finishedAt = finished;
    t.recordedReward = 0.5;
    return t;
}

ResultSet handBuiltSet() {
    ResultSet set;
    for (const char* id : {"t1", "t2"}) {
        TaskInfo ti;
        ti.id = id;
        set.tasks.push_back(ti);
    }
    const SystemId b{"beta", "m"}, a{"alpha", "m"};
    set.trials.push_back(trial("t2", "b-late", b, 20.0));  // 0: b on t2, second of two
    set.trials.push_back(trial("t2", "b-early", b, 10.0)); // 1: b on t2, first of two
    set.trials.push_back(trial("t2", "a-only", a, 5.0));   // 2: a on t2, one of one
    set.trials.push_back(trial("t1", "a-open", a, {}));    // 3: a on t1, no finish time: last
    set.trials.push_back(trial("t1", "a-done", a, 30.0));  // 4: a on t1, first of two
    TrialRecord broken = trial("t1", "b-broken", b, 1.0);  // 5: outside statistics
    broken.loadError = "result.json: not JSON";
    set.trials.push_back(broken);
    set.trials[4].rewardKeys = {{"spec_consistency", 0.25}, {"geometry_similarity", 0.75}};
    set.trials[0].rewardKeys = {{"geometry_similarity", 0.5}};
    set.reindex();
    return set;
}

} // namespace

TEST(TrialOrder, AttemptPositionsFollowFinishTimesWithUnknownLast) {
    const ResultSet set = handBuiltSet();
    const auto pos = attemptPositions(set);
    ASSERT_EQ(pos.size(), 6u);
    const std::pair<int, int> expected[] = {{2, 2}, {1, 2}, {1, 1}, {2, 2}, {1, 2}, {0, 0}};
    for (std::size_t i = 0; i < pos.size(); ++i) {
        EXPECT_EQ(pos[i].index, expected[i].first) << set.trials[i].trialName;
        EXPECT_EQ(pos[i].count, expected[i].second) << set.trials[i].trialName;
    }
}

TEST(TrialOrder, TaskKeysSortByTaskThenLabelThenAttempt) {
    const ResultSet set = handBuiltSet();
    const auto order = trialOrder(set);
    ASSERT_EQ(order->set, &set);
    // Labels in byte order, each with one of its trials (the first met).
    ASSERT_EQ(order->labels, (std::vector<std::string>{"alpha/m", "beta/m"}));
    ASSERT_EQ(order->labelTrial, (std::vector<std::size_t>{2, 0}));
    using K = TrialOrder::TaskKey;
    const K expected[] = {{1, 1, 2}, {1, 1, 1}, {1, 0, 1}, {0, 0, 2}, {0, 0, 1}, {0, 1, 0}};
    ASSERT_EQ(order->taskKeys.size(), 6u);
    for (std::size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(order->taskKeys[i].task, expected[i].task) << set.trials[i].trialName;
        EXPECT_EQ(order->taskKeys[i].label, expected[i].label) << set.trials[i].trialName;
        EXPECT_EQ(order->taskKeys[i].attempt, expected[i].attempt) << set.trials[i].trialName;
    }
    // The order the keys give: t1 alpha (a-done, a-open), t1 beta (the broken one), t2 alpha, t2 beta.
    std::vector<std::size_t> rows = {0, 1, 2, 3, 4, 5};
    std::sort(rows.begin(), rows.end(),
              [&](auto x, auto y) { return order->taskKeys[x] < order->taskKeys[y]; });
    EXPECT_EQ(rows, (std::vector<std::size_t>{4, 3, 5, 2, 1, 0}));
    EXPECT_EQ(order->extraRewardKeys, (std::vector<std::string>{"geometry_similarity", "spec_consistency"}));
}

TEST(TrialOrder, AnEmptySetHasNoKeys) {
    const ResultSet set;
    const auto order = trialOrder(set);
    EXPECT_TRUE(order->attempts.empty());
    EXPECT_TRUE(order->taskKeys.empty());
    EXPECT_TRUE(order->labels.empty());
    EXPECT_TRUE(order->extraRewardKeys.empty());
}
