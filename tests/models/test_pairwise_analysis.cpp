// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The pairwise matrix on an Analysis (models/pairwise_analysis.h) against a direct computation on the
// embedded sample: the rewards it compares are the analysis' filtered, policy-selected ones, and every cell
// equals the two-system comparison of the same pair (docs/statistics.md "Pairwise matrix").
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>

#include "models/pairwise_analysis.h"

using namespace vernier;

namespace {

std::shared_ptr<const ResultSet> sampleSet() {
    namespace fs = std::filesystem;
    const fs::path root = fs::path(VERNIER_SOURCE_DIR) / "resources/sample";
    if (!fs::exists(root / "results") || !fs::exists(root / "pack")) return nullptr;
    return std::make_shared<const ResultSet>(
        importResults({(root / "results").string()}, (root / "pack").string()));
}

std::vector<int> shownSystems(const Analysis& a) {
    std::vector<int> out;
    for (const auto& r : a.rows)
        out.push_back(r.system);
    return out;
}

// Every cell against the direct computation: the tasks both systems have a selected reward on, among the
// analysis' filtered tasks, their mean difference, and Analysis::compare for the interval and the counts.
void expectMatchesDirectComputation(const Analysis& a) {
    const std::vector<int> systems = shownSystems(a);
    ASSERT_GE(systems.size(), 2u);
    const auto rewards = systemTaskRewards(a, systems);
    ASSERT_EQ(rewards.size(), systems.size());
    for (std::size_t i = 0; i < systems.size(); ++i) {
        const int s = systems[i];
        EXPECT_EQ(rewards[i].label, a.set->systems[static_cast<std::size_t>(s)].label());
        std::size_t expected = 0;
        for (int t : a.tasks)
            if (const auto r = a.set->selectedReward(s, t)) {
                ++expected;
                const auto it = rewards[i].rewards.find(a.set->tasks[static_cast<std::size_t>(t)].id);
                ASSERT_NE(it, rewards[i].rewards.end());
                EXPECT_DOUBLE_EQ(it->second.reward, *r);
                EXPECT_EQ(it->second.workflow, a.set->tasks[static_cast<std::size_t>(t)].workflow);
            }
        EXPECT_EQ(rewards[i].rewards.size(), expected);
        EXPECT_EQ(static_cast<int>(expected), a.row(s)->summary.nTasks);
    }

    const PairwiseMatrix m = pairwiseMatrix(a, systems);
    const int n = static_cast<int>(systems.size());
    ASSERT_EQ(m.cells.size(), static_cast<std::size_t>(n * (n - 1) / 2));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const PairwiseCell* cell = m.cell(i, j);
            if (i == j) {
                EXPECT_EQ(cell, nullptr);
                continue;
            }
            ASSERT_NE(cell, nullptr);
            const int sa = systems[static_cast<std::size_t>(cell->a)];
            const int sb = systems[static_cast<std::size_t>(cell->b)];
            const std::vector<int> paired = a.pairedTasks(sa, sb);
            double sum = 0;
            for (int t : paired)
                sum += *a.set->selectedReward(sa, t) - *a.set->selectedReward(sb, t);
            EXPECT_EQ(cell->comparison.n, static_cast<int>(paired.size()));
            ASSERT_GT(cell->comparison.n, 0);
            EXPECT_NEAR(cell->comparison.delta, sum / static_cast<double>(paired.size()), 1e-12);
            const PairedComparison direct = a.compare(sa, sb);
            EXPECT_NEAR(cell->comparison.delta, direct.delta, 1e-12);
            EXPECT_DOUBLE_EQ(cell->comparison.ci95.lo, direct.ci95.lo); // same tasks, same order, same seed
            EXPECT_DOUBLE_EQ(cell->comparison.ci95.hi, direct.ci95.hi);
            EXPECT_EQ(cell->comparison.higher, direct.higher);
            EXPECT_EQ(cell->comparison.similar, direct.similar);
            EXPECT_EQ(cell->comparison.lower, direct.lower);
            EXPECT_GE(cell->pHolm, cell->p);
            EXPECT_LE(cell->pHolm, 1.0);
        }
}

} // namespace

TEST(PairwiseAnalysis, EveryCellIsTheTwoSystemComparisonOnTheSample) {
    const auto set = sampleSet();
    if (!set) GTEST_SKIP() << "the embedded sample is not complete in this checkout";
    const Analysis a = analyse(set);
    ASSERT_EQ(a.rows.size(), 4u); // the sample's four systems
    expectMatchesDirectComputation(a);
}

TEST(PairwiseAnalysis, FollowsTheFilterAndThePolicy) {
    const auto set = sampleSet();
    if (!set) GTEST_SKIP() << "the embedded sample is not complete in this checkout";
    Filter creation;
    creation.workflows = {Workflow::Creation};
    const Analysis filtered = analyse(set, creation);
    ASSERT_LT(filtered.tasks.size(), set->tasks.size());
    expectMatchesDirectComputation(filtered);
    for (const auto& entry : systemTaskRewards(filtered, shownSystems(filtered)))
        for (const auto& [task, r] : entry.rewards)
            EXPECT_EQ(r.workflow, Workflow::Creation) << task;

    AnalysisPolicy mean = AnalysisPolicy::of(*set);
    mean.selection = SelectionPolicy::Mean;
    const Analysis meanAnalysis = analyse(set, Filter{}, mean);
    expectMatchesDirectComputation(meanAnalysis);
}

TEST(PairwiseAnalysis, SystemsOutOfRangeShareNoTask) {
    const auto set = sampleSet();
    if (!set) GTEST_SKIP() << "the embedded sample is not complete in this checkout";
    const Analysis a = analyse(set);
    const auto rewards = systemTaskRewards(a, {a.rows[0].system, -1, 99});
    ASSERT_EQ(rewards.size(), 3u);
    EXPECT_FALSE(rewards[0].rewards.empty());
    EXPECT_TRUE(rewards[1].rewards.empty());
    EXPECT_TRUE(rewards[2].label.empty());
    const PairwiseMatrix m = pairwiseMatrix(a, {a.rows[0].system, -1});
    ASSERT_EQ(m.cells.size(), 1u);
    EXPECT_EQ(m.cells[0].comparison.n, 0);
    EXPECT_DOUBLE_EQ(m.cells[0].p, 1.0);
    EXPECT_TRUE(systemTaskRewards(Analysis{}, {0, 1})[0].rewards.empty()); // no set: nothing, no crash
}
