// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Statistics against hand computations and the paper's own arithmetic (docs/contract.md §1).
#include <gtest/gtest.h>

#include <cmath>

#include "models/statistics.h"

using namespace vernier;

namespace {

std::vector<TaskReward> suite(double c, double e, double i) {
    std::vector<TaskReward> r;
    for (int k = 0; k < 30; ++k)
        r.push_back({Workflow::Creation, c});
    for (int k = 0; k < 30; ++k)
        r.push_back({Workflow::CreateAndEdit, e});
    for (int k = 0; k < 40; ++k)
        r.push_back({Workflow::ImageToCad, i});
    return r;
}

double round2(double v) {
    return std::round(v * 100) / 100;
}

} // namespace

TEST(Statistics, OverallIsMeanOfTasksAndSaysWhichFormula) {
    OverallMethod m;
    EXPECT_DOUBLE_EQ(
        overallScore({{Workflow::Creation, 0.5}, {Workflow::CreateAndEdit, 1.0}, {Workflow::ImageToCad, 0}},
                     &m),
        0.5);
    EXPECT_EQ(m, OverallMethod::MeanOfTasks);
    // Complete suite: 0.30·0.5 + 0.30·0.2 + 0.40·0.9 = 0.57, equal to the plain mean (57/100).
    EXPECT_NEAR(overallScore(suite(0.5, 0.2, 0.9), &m), 0.57, 1e-12);
    EXPECT_EQ(m, OverallMethod::Weighted303040);
    EXPECT_STREQ(overallMethodText(m), "weighted 30/30/40");
}

TEST(Statistics, PaperWeightedOverallFromWorkflowMeans) {
    // Claude Code + Opus 5.5: overall 61.03 with image-to-CAD 84.66 (paper); reconstruct C and E such that
    // 0.3·C + 0.3·E + 0.4·84.66 = 61.03 → C + E = 90.5667; any split gives the same overall.
    const double ci = (0.6103 - 0.4 * 0.8466) / 0.3;
    EXPECT_NEAR(overallScore(suite(ci / 2 + 0.1, ci / 2 - 0.1, 0.8466)) * 100, 61.03, 1e-9);
}

TEST(Statistics, PaperCostPerPoint) {
    // Codex + GPT-6 Astra: $317.81 / 56.87 points = $5.59 per point.
    auto cpp = costPerPoint(317.81, 0.5687);
    ASSERT_TRUE(cpp.has_value());
    EXPECT_NEAR(*cpp, 5.58836, 1e-5);
    EXPECT_DOUBLE_EQ(round2(*cpp), 5.59);
    EXPECT_FALSE(costPerPoint(std::nullopt, 0.5).has_value()); // unknown cost stays unknown
    EXPECT_FALSE(costPerPoint(10.0, 0.0).has_value());         // no points: undefined, not infinite
}

TEST(Statistics, PaperWorkflowShareOfGainAfterWeights) {
    // Opus 5 → Opus 5.5: per-workflow gains 1.39 / 3.17 / 22.02 points. Overall gain after the 30/30/40
    // weights = 0.417 + 0.951 + 8.808 = 10.176 ≈ 10.18; the image share is 8.808 / 10.176 = 86.6% ≈ 87%.
    std::vector<PairedTask> t;
    for (int k = 0; k < 30; ++k)
        t.push_back({Workflow::Creation, 0.5 + 0.0139, 0.5});
    for (int k = 0; k < 30; ++k)
        t.push_back({Workflow::CreateAndEdit, 0.4 + 0.0317, 0.4});
    for (int k = 0; k < 40; ++k)
        t.push_back({Workflow::ImageToCad, 0.6 + 0.2202, 0.6});
    PairedComparison c = comparePaired(t);
    EXPECT_NEAR(c.delta * 100, 10.176, 1e-9);
    EXPECT_DOUBLE_EQ(round2(c.delta * 100), 10.18);
    EXPECT_NEAR(c.perWorkflow[Workflow::ImageToCad].delta * 100, 22.02, 1e-9);
    const double share = 0.40 * c.perWorkflow[Workflow::ImageToCad].delta / c.delta;
    EXPECT_NEAR(share, 0.8655, 1e-4);
    EXPECT_EQ(std::lround(share * 100), 87);
    // Constant per-workflow differences: every stratified resample has the same mean.
    EXPECT_NEAR(c.ci95.lo, c.delta, 1e-12);
    EXPECT_NEAR(c.ci95.hi, c.delta, 1e-12);
    EXPECT_EQ(c.higher, 100);
}

TEST(Statistics, RatesCostAndDuration) {
    std::vector<TaskReward> r = {{Workflow::Creation, 1.0},
                                 {Workflow::Creation, 1.0},
                                 {Workflow::ImageToCad, 0.0},
                                 {Workflow::ImageToCad, 0.5}};
    SystemSummary s = summarizeRewards({"a", "m"}, r, 5, {1.5, 2.5}, {1800, 3600});
    EXPECT_DOUBLE_EQ(s.overall, 0.625);
    EXPECT_DOUBLE_EQ(s.perfectRate, 0.5);
    EXPECT_DOUBLE_EQ(s.zeroRate, 0.25);
    EXPECT_DOUBLE_EQ(*s.perWorkflow[0], 1.0);
    EXPECT_FALSE(s.perWorkflow[1].has_value()); // no create_and_edit task: unknown, not 0
    EXPECT_DOUBLE_EQ(*s.perWorkflow[2], 0.25);
    EXPECT_DOUBLE_EQ(*s.costUsd, 4.0);
    EXPECT_DOUBLE_EQ(*s.costPerPoint, 4.0 / 62.5);
    EXPECT_DOUBLE_EQ(*s.meanDurationMin, 45.0);
    EXPECT_EQ(s.nTrials, 5);
    EXPECT_EQ(s.nTasks, 4);
    SystemSummary unknown = summarizeRewards({"a", "m"}, r, 4, {}, {});
    EXPECT_FALSE(unknown.costUsd.has_value());
    EXPECT_FALSE(unknown.costPerPoint.has_value());
    EXPECT_FALSE(unknown.meanDurationMin.has_value());
}

TEST(Statistics, QuantileType7) {
    EXPECT_DOUBLE_EQ(quantileSorted({1, 2, 3, 4}, 0.25), 1.75);
    EXPECT_DOUBLE_EQ(quantileSorted({1, 2, 3, 4}, 0.5), 2.5);
    EXPECT_DOUBLE_EQ(quantileSorted({7}, 0.975), 7);
}

TEST(Statistics, BootstrapHandCases) {
    // Two tasks {0, 1} in one stratum: resample means are 0, 0.5, 1 with probabilities ¼, ½, ¼, so the
    // 2.5% and 97.5% percentiles are 0 and 1.
    Interval i = bootstrapMeanCi({{Workflow::Creation, 0.0}, {Workflow::Creation, 1.0}});
    EXPECT_DOUBLE_EQ(i.lo, 0.0);
    EXPECT_DOUBLE_EQ(i.hi, 1.0);
    // Same values in two strata: stratification keeps one 0 and one 1 in every resample → [0.5, 0.5].
    i = bootstrapMeanCi({{Workflow::Creation, 0.0}, {Workflow::ImageToCad, 1.0}});
    EXPECT_DOUBLE_EQ(i.lo, 0.5);
    EXPECT_DOUBLE_EQ(i.hi, 0.5);
    // 100 tasks, half 0 and half 1: SE = 0.5/√100 = 0.05, so about 0.5 ± 1.96·0.05 = [0.402, 0.598].
    std::vector<TaskReward> half;
    for (int k = 0; k < 100; ++k)
        half.push_back({Workflow::Creation, k % 2 ? 1.0 : 0.0});
    i = bootstrapMeanCi(half);
    EXPECT_NEAR(i.lo, 0.402, 0.012);
    EXPECT_NEAR(i.hi, 0.598, 0.012);
    EXPECT_EQ(bootstrapMeanCi({}).lo, 0.0);
}

TEST(Statistics, BootstrapIsDeterministic) {
    std::vector<TaskReward> r;
    for (int k = 0; k < 100; ++k)
        r.push_back({kWorkflows[static_cast<std::size_t>(k % 3)], std::fmod(k * 0.137, 1.0)});
    Interval a = bootstrapMeanCi(r), b = bootstrapMeanCi(r);
    EXPECT_EQ(a.lo, b.lo); // same bits
    EXPECT_EQ(a.hi, b.hi);
    Interval c = bootstrapMeanCi(r, {10000, 7});
    EXPECT_NE(a.lo, c.lo); // the seed matters
    EXPECT_LT(a.lo, overallScore(r));
    EXPECT_GT(a.hi, overallScore(r));
}

TEST(Statistics, PairedCountsAndSimilarThreshold) {
    std::vector<PairedTask> t = {{Workflow::Creation, 0.52, 0.50},
                                 {Workflow::Creation, 0.51, 0.50},
                                 {Workflow::ImageToCad, 0.3, 0.305},
                                 {Workflow::ImageToCad, 0.1, 0.4},
                                 {Workflow::CreateAndEdit, 1.0, 1.0}};
    PairedComparison c = comparePaired(t);
    EXPECT_EQ(c.higher, 1);
    EXPECT_EQ(c.similar, 3); // 0.51 − 0.50 is similar although it is 0.0100000000000000089 in binary
    EXPECT_EQ(c.lower, 1);
    EXPECT_NEAR(c.delta, (0.02 + 0.01 - 0.005 - 0.3 + 0) / 5, 1e-12);
    EXPECT_EQ(c.perWorkflow[Workflow::Creation].higher, 1);
    EXPECT_EQ(c.perWorkflow[Workflow::Creation].similar, 1);
    EXPECT_NEAR(c.perWorkflow[Workflow::ImageToCad].delta, -0.1525, 1e-12);
    EXPECT_EQ(c.perWorkflow[Workflow::ImageToCad].lower, 1);
    EXPECT_LE(c.ci95.lo, c.delta);
    EXPECT_GE(c.ci95.hi, c.delta);
    PairedComparison loose = comparePaired(t, 0.05);
    EXPECT_EQ(loose.similar, 4);
}
