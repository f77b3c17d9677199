// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Leaderboard statistics (docs/contract.md §1): pure functions over per-task rewards, plus adapters that
// take a ResultSet. Fractions in [0,1] here; the CLI/UI convert to points and percent.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "models/failure_taxonomy.h"
#include "models/task_pack.h"
#include "models/trial_record.h"

namespace vernier {

class ResultSet;

// One task's selected reward for a system.
struct TaskReward {
    Workflow workflow;
    double reward; // [0,1]; a scorer crash is 0
};

struct Interval {
    double lo = 0;
    double hi = 0;
};

struct BootstrapOptions {
    int resamples = 10000;
    std::uint64_t seed = 20260924; // fixed: output is deterministic
};

// Percentile bootstrap 95% interval of the mean, resampling tasks with replacement within each
// workflow stratum (so every resample keeps the suite's workflow mix). Empty input gives {0,0}.
Interval bootstrapMeanCi(const std::vector<TaskReward>& rewards, const BootstrapOptions& options = {});

// Linear-interpolation quantile (type 7) of sorted data; q in [0,1].
double quantileSorted(const std::vector<double>& sorted, double q);

enum class OverallMethod { MeanOfTasks, Weighted303040 };
const char* overallMethodText(OverallMethod m); // "mean of per-task rewards" | "weighted 30/30/40"

// Mean of per-task rewards; reports Weighted303040 when the tasks are exactly the complete suite
// (30/30/40), where the two are equal.
double overallScore(const std::vector<TaskReward>& rewards, OverallMethod* method = nullptr);

struct SystemSummary {
    SystemId system;
    int nTrials = 0; // valid trials, all repetitions
    int nTasks = 0;  // tasks with a selected reward
    double overall = 0;
    OverallMethod overallMethod = OverallMethod::MeanOfTasks;
    std::array<std::optional<double>, 3> perWorkflow; // nullopt when the system has no task there
    std::array<int, 3> perWorkflowTasks{};
    Interval ci95;
    double perfectRate = 0;             // share of selected rewards exactly 1.0
    double zeroRate = 0;                // share exactly 0
    std::optional<double> costUsd;      // total known cost; nullopt when no trial reports one
    std::optional<double> costPerPoint; // costUsd / (overall·100); nullopt if unknown or overall 0
    std::optional<double> meanDurationMin;
    int trialsWithCost = 0;
    int trialsWithDuration = 0;
};

// cost / (overall in points); nullopt when cost unknown or overall is 0.
std::optional<double> costPerPoint(std::optional<double> costUsd, double overallFraction);

// Summary from per-task rewards and per-trial cost/duration (seconds) lists (unknown entries omitted).
SystemSummary summarizeRewards(const SystemId& system, const std::vector<TaskReward>& rewards, int nTrials,
                               const std::vector<double>& knownCosts,
                               const std::vector<double>& knownDurationsSec,
                               const BootstrapOptions& options = {});

struct WorkflowDelta {
    double delta = 0; // mean(A) − mean(B) over paired tasks of this workflow
    int n = 0;
    int higher = 0, similar = 0, lower = 0;
};

struct PairedComparison {
    double delta = 0; // mean over paired tasks of (A − B)
    Interval ci95;
    int n = 0;
    int higher = 0, similar = 0, lower = 0;        // from A's side
    std::map<Workflow, WorkflowDelta> perWorkflow; // only workflows with paired tasks
};

struct PairedTask {
    Workflow workflow;
    double a;
    double b;
};

// Paired comparison over tasks both systems have: Δ with a paired bootstrap (tasks resampled within
// workflow strata), counts higher/similar/lower with |Δ| ≤ similarThreshold similar.
PairedComparison comparePaired(const std::vector<PairedTask>& tasks, double similarThreshold = 0.01,
                               const BootstrapOptions& options = {});

// Zero-category counts for one system (selected trials), with the trials behind every count.
struct ZeroCounts {
    std::map<ZeroCategory, int> counts;              // the six categories, 0 included
    std::map<ZeroCategory, std::vector<int>> trials; // trial indices per category
    std::map<std::string, int> gates;                // geometry-zero gate -> count
    std::map<Workflow, std::map<ZeroCategory, int>> perWorkflow;
};

// Leaderboard order: overall descending, ties by label.
bool rankedBefore(const SystemSummary& a, const SystemSummary& b);

// ---- Adapters over a ResultSet (the unfiltered case of models/analysis.h; selection policy and rescoring
// preference of the set apply). The filtered ones are analyse() and the *On() functions there.
std::vector<TaskReward> systemRewards(const ResultSet& set, int system);
SystemSummary summarizeSystem(const ResultSet& set, int system, const BootstrapOptions& options = {});
// All systems, sorted by overall descending (ties by label).
std::vector<SystemSummary> leaderboard(const ResultSet& set, const BootstrapOptions& options = {});
PairedComparison compareSystems(const ResultSet& set, int a, int b, double similarThreshold = 0.01,
                                const BootstrapOptions& options = {});
// Uses the selected (latest finished) trial of every task; under Mean the latest trial still decides.
ZeroCounts zeroCounts(const ResultSet& set, int system);

} // namespace vernier
