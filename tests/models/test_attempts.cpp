// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Attempts per task: folding, the unbiased pass@k estimator, and the pairwise matrix with Holm's adjustment,
// each against hand-computed values (docs/statistics.md).
#include <gtest/gtest.h>

#include "models/attempts.h"
#include "models/pairwise.h"

using namespace vernier;

TEST(PassAtK, UnbiasedEstimatorMatchesTheBinomialFormula) {
    // n = 5 attempts, c = 2 pass. pass@1 = c/n; pass@2 = 1 − C(3,2)/C(5,2) = 1 − 3/10.
    EXPECT_NEAR(*passAtK(5, 2, 1), 0.4, 1e-12);
    EXPECT_NEAR(*passAtK(5, 2, 2), 0.7, 1e-12);
    // pass@3 = 1 − C(3,3)/C(5,3) = 1 − 1/10.
    EXPECT_NEAR(*passAtK(5, 2, 3), 0.9, 1e-12);
    EXPECT_DOUBLE_EQ(*passAtK(5, 2, 4), 1.0); // n − c = 3 < 4: every draw holds a pass
    EXPECT_DOUBLE_EQ(*passAtK(5, 0, 3), 0.0);
    EXPECT_DOUBLE_EQ(*passAtK(1, 1, 1), 1.0);
    EXPECT_FALSE(passAtK(3, 1, 4).has_value()); // k > n: undefined
    EXPECT_FALSE(passAtK(3, 1, 0).has_value());
}

TEST(PassAtK, SystemCurveAveragesTasksWithEnoughAttempts) {
    // T1: one perfect, two non-zero of 3; T2: 2 zeros; T3: 4 perfect.
    const std::vector<std::vector<double>> tasks = {{1.0, 0.0, 0.5}, {0.0, 0.0}, {1.0, 1.0, 1.0, 1.0}};
    const auto perfect = passAtKCurve(tasks, PassCriterion::Perfect);
    ASSERT_EQ(perfect.size(), 4u);
    EXPECT_NEAR(*perfect[0].value, (1.0 / 3 + 0 + 1) / 3, 1e-12); // 4/9
    EXPECT_EQ(perfect[0].tasks, 3);
    EXPECT_NEAR(*perfect[1].value, (2.0 / 3 + 0 + 1) / 3, 1e-12); // T1: 1 − C(2,2)/C(3,2) = 2/3
    EXPECT_NEAR(*perfect[2].value, 1.0, 1e-12);                   // T2 has only 2 attempts: left out
    EXPECT_EQ(perfect[2].tasks, 2);
    EXPECT_EQ(perfect[3].tasks, 1);
    const auto nonZero = systemPassAtK(tasks, 1, PassCriterion::NonZero);
    EXPECT_NEAR(*nonZero.value, (2.0 / 3 + 0 + 1) / 3, 1e-12);
    EXPECT_FALSE(systemPassAtK(tasks, 5, PassCriterion::Perfect).value.has_value());
    // 0.9999 is perfect (rewards are rounded to 4 places), 0.9998 is not.
    EXPECT_TRUE(passes(0.9999, PassCriterion::Perfect));
    EXPECT_FALSE(passes(0.9998, PassCriterion::Perfect));
}

TEST(Attempts, FoldingRules) {
    const std::vector<Attempt> a = {
        {0.2, "2026-01-02T00:00:00"}, {0.8, "2026-01-01T00:00:00"}, {0.5, "2026-01-03T00:00:00"}};
    EXPECT_NEAR(*aggregateAttempts(a, AttemptAggregate::Mean), 0.5, 1e-12);
    EXPECT_DOUBLE_EQ(*aggregateAttempts(a, AttemptAggregate::Best), 0.8);
    EXPECT_DOUBLE_EQ(*aggregateAttempts(a, AttemptAggregate::Latest), 0.5);
    EXPECT_DOUBLE_EQ(*aggregateAttempts(a, AttemptAggregate::First), 0.8);
    EXPECT_FALSE(aggregateAttempts({}, AttemptAggregate::Mean).has_value());
    EXPECT_EQ(parseAttemptAggregate("best"), AttemptAggregate::Best);
    EXPECT_FALSE(parseAttemptAggregate("median").has_value());
}

TEST(Pairwise, HolmAdjustmentByHand) {
    // Sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → monotone: 0.06.
    const auto adj = holmAdjust({0.01, 0.04, 0.03, 0.005});
    ASSERT_EQ(adj.size(), 4u);
    EXPECT_NEAR(adj[0], 0.03, 1e-12);
    EXPECT_NEAR(adj[1], 0.06, 1e-12);
    EXPECT_NEAR(adj[2], 0.06, 1e-12);
    EXPECT_NEAR(adj[3], 0.02, 1e-12);
    EXPECT_DOUBLE_EQ(holmAdjust({0.6, 0.7})[0], 1.0); // capped at 1
}

TEST(Pairwise, SignFlipPValue) {
    // Ten equal positive differences: exactly 2 of 1024 sign patterns are as extreme, p = 2/1024 ≈ 0.00195.
    const double p = signFlipPValue(std::vector<double>(10, 0.1));
    EXPECT_GT(p, 0.001);
    EXPECT_LT(p, 0.0035);
    // Differences that cancel: every pattern is as extreme as the observed 0.
    EXPECT_DOUBLE_EQ(signFlipPValue({0.5, -0.5, 0.5, -0.5}), 1.0);
    EXPECT_DOUBLE_EQ(signFlipPValue({}), 1.0);
}

TEST(Pairwise, FourSystemMatrixMatchesDirectComputation) {
    auto sys = [](std::string label, std::vector<double> r) {
        SystemTaskRewards s;
        s.label = std::move(label);
        const Workflow w[] = {Workflow::Creation, Workflow::CreateAndEdit, Workflow::ImageToCad,
                              Workflow::Creation};
        for (std::size_t i = 0; i < r.size(); ++i)
            if (r[i] >= 0) s.rewards["t" + std::to_string(i)] = {w[i], r[i]};
        return s;
    };
    // D lacks t3 (−1): its pairs use 3 tasks.
    const std::vector<SystemTaskRewards> systems = {
        sys("A", {1.0, 0.8, 0.6, 0.4}), sys("B", {0.5, 0.8, 0.2, 0.4}), sys("C", {0.0, 0.0, 0.0, 0.0}),
        sys("D", {1.0, 1.0, 1.0, -1})};
    const PairwiseMatrix m = pairwiseMatrix(systems);
    ASSERT_EQ(m.cells.size(), 6u);
    // Δ(A, B) = mean(0.5, 0, 0.4, 0) = 0.225; Δ(A, C) = 0.7; Δ(A, D) = mean(0, −0.2, −0.4) = −0.2.
    EXPECT_NEAR(m.cell(0, 1)->comparison.delta, 0.225, 1e-12);
    EXPECT_NEAR(m.cell(0, 2)->comparison.delta, 0.7, 1e-12);
    EXPECT_NEAR(m.cell(0, 3)->comparison.delta, -0.2, 1e-12);
    EXPECT_EQ(m.cell(0, 3)->comparison.n, 3);
    EXPECT_EQ(m.cell(3, 0), m.cell(0, 3));
    EXPECT_EQ(m.cell(2, 2), nullptr);
    // Δ(B, C) = mean(0.5, 0.8, 0.2, 0.4) = 0.475; Δ(C, D) = −1 on every paired task.
    EXPECT_NEAR(m.cell(1, 2)->comparison.delta, 0.475, 1e-12);
    EXPECT_NEAR(m.cell(2, 3)->comparison.delta, -1.0, 1e-12);
    // Intervals are the two-system comparison's; p-values are Holm-adjusted over the six pairs.
    std::vector<double> raw;
    for (const auto& c : m.cells) {
        std::vector<PairedTask> paired;
        for (const auto& [task, ra] : systems[c.a].rewards)
            if (auto it = systems[c.b].rewards.find(task); it != systems[c.b].rewards.end())
                paired.push_back({ra.workflow, ra.reward, it->second.reward});
        const PairedComparison direct = comparePaired(paired);
        EXPECT_DOUBLE_EQ(c.comparison.ci95.lo, direct.ci95.lo);
        EXPECT_DOUBLE_EQ(c.comparison.ci95.hi, direct.ci95.hi);
        raw.push_back(c.p);
    }
    const auto holm = holmAdjust(raw);
    for (std::size_t i = 0; i < m.cells.size(); ++i) {
        EXPECT_DOUBLE_EQ(m.cells[i].pHolm, holm[i]);
        EXPECT_GE(m.cells[i].pHolm, m.cells[i].p);
    }
    // C vs D: three differences of −1, 2 of 8 sign patterns as extreme: p ≈ 0.25.
    EXPECT_NEAR(m.cell(2, 3)->p, 0.25, 0.02);
}
