// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Many attempts per (system, task): how they are folded into one reward per task, and pass@k
// (docs/statistics.md "Attempts"). Pure functions over rewards; Qt-free.
#include <optional>
#include <string>
#include <vector>

namespace vernier {

// How k attempts of one task become the task's reward.
enum class AttemptAggregate { Mean, Best, Latest, First };
const char* attemptAggregateName(AttemptAggregate a); // "mean" | "best" | "latest" | "first"
// Parses the name; nullopt for anything else.
std::optional<AttemptAggregate> parseAttemptAggregate(const std::string& name);

// One finished attempt: its reward in [0,1] and when it finished (any monotone key: ISO time text sorts).
struct Attempt {
    double reward = 0;
    std::string finishedAt;
};

// The task's reward under `how`; nullopt when there is no attempt. Latest/First order by finishedAt, ties
// by position (later in the list is later).
std::optional<double> aggregateAttempts(const std::vector<Attempt>& attempts, AttemptAggregate how);

// Unbiased pass@k estimator for one task (Chen et al. 2021, "Evaluating Large Language Models Trained on
// Code", eq. 1): with n attempts of which c pass, pass@k = 1 − C(n−c, k) / C(n, k), computed as the
// numerically stable product 1 − Π_{i=n−c+1..n} (1 − k/i). nullopt when k < 1 or k > n.
std::optional<double> passAtK(int n, int c, int k);

// What counts as a pass.
enum class PassCriterion { Perfect, NonZero };
constexpr double kPerfectReward = 0.9999; // reward ≥ this is "perfect" (scores are rounded to 4 places)
bool passes(double reward, PassCriterion criterion);

// pass@k of a system: the mean over tasks with at least k attempts of the per-task estimate, and how many
// tasks that is. `attemptsPerTask[i]` are task i's rewards.
struct PassAtK {
    int k = 0;
    std::optional<double> value; // nullopt when no task has k attempts
    int tasks = 0;               // tasks with n ≥ k
};
PassAtK systemPassAtK(const std::vector<std::vector<double>>& attemptsPerTask, int k,
                      PassCriterion criterion);

// pass@1 … pass@kMax, kMax = the largest number of attempts of any task.
std::vector<PassAtK> passAtKCurve(const std::vector<std::vector<double>>& attemptsPerTask,
                                  PassCriterion criterion);

} // namespace vernier
