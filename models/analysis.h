// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one analysis every view and every report command shows (docs/contract.md §1, §5): a result set, a
// filter and a policy in, an immutable snapshot of the statistics out. The GUI computes it off the GUI
// thread; `vernier-cli leaderboard|compare|export` print from it, so both show the same numbers for the
// same filter.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "models/attempts.h"
#include "models/filter.h"
#include "models/result_set.h"
#include "models/statistics.h"
#include "models/system_style.h"
#include "models/trial_order.h"

namespace vernier {

// Which trial stands for a (system, task) and which reward it counts with (docs/contract.md §1, §3.2), and
// the bootstrap used for intervals.
struct AnalysisPolicy {
    SelectionPolicy selection = SelectionPolicy::LatestFinished;
    bool preferRescored = false;
    BootstrapOptions bootstrap;

    bool operator==(const AnalysisPolicy& o) const {
        return selection == o.selection && preferRescored == o.preferRescored &&
               bootstrap.resamples == o.bootstrap.resamples && bootstrap.seed == o.bootstrap.seed;
    }
    // The policy the set is already indexed with (default bootstrap).
    static AnalysisPolicy of(const ResultSet& set);
};

// A system's aggregate on the filtered tasks, with per-workflow intervals for the whiskers.
struct SystemRow {
    int system = -1; // index into ResultSet::systems
    SystemSummary summary;
    std::array<std::optional<Interval>, 3> workflowCi95;
    ZeroCounts zeros;
    // Attempts (docs/statistics.md "Attempts"): the most valid attempts the system has on one filtered
    // task, and pass@1 … pass@maxAttempts over the filtered tasks with every valid attempt counted (whatever
    // the selection policy), for "perfect" (reward ≥ 0.9999) and "non-zero" passes.
    int maxAttempts = 0;
    std::vector<PassAtK> passPerfect, passNonZero;
};

struct Analysis {
    // The set the numbers are computed on: the given one, or a copy restricted to the filter's bundles
    // and indexed under the policy when those differ from the given set's. Trial indices refer to it.
    std::shared_ptr<const ResultSet> set;
    Filter filter;
    AnalysisPolicy policy;
    std::vector<int> tasks;      // task indices passing the filter
    std::vector<int> systems;    // system indices passing the filter
    std::vector<SystemRow> rows; // leaderboard order (overall descending, ties by label); systems with
                                 // no selected reward on the filtered tasks are left out
    // For every task in `tasks` (same order): how many of the shown systems score exactly 0 on it.
    std::vector<int> zeroSystemsPerTask;
    std::vector<std::string> categories; // all task categories of the set, sorted (for the filter bar)
    // How systems are shown (aliases, user colours, hidden): the workspace's, set by whoever owns the
    // snapshot (the GUI session, `vernier-cli --workspace`); analyse() leaves it empty. Hidden systems are
    // left out through the filter (Filter::hiddenSystems), not here.
    SystemStyles styles;
    // How the trial tables order `set`'s trials (models/trial_order.h): filled by the GUI session off the GUI
    // thread, the same object for as long as the set is the same; analyse() leaves it empty.
    std::shared_ptr<const TrialOrder> trialOrder;

    bool empty() const { return !set || set->trials.empty(); }
    // The alias of a system, or its label (systemIndex into ResultSet::systems).
    std::string displayName(int systemIndex) const;
    // The system's colour: the user's "#rrggbb", or empty when it takes its identity slot.
    std::string userColour(int systemIndex) const;
    // Its palette slot by identity (SystemStyles::identitySlot over every system of the set).
    int colourSlot(int systemIndex) const;
    const SystemRow* row(int systemIndex) const;
    // Trials passing the filter (task, system, bundle, status), in set order.
    std::vector<int> filteredTrials() const;
    // The rows' summaries, in leaderboard order (for the table exports).
    std::vector<SystemSummary> summaries() const;
    // Paired comparison of two systems on the filtered tasks both have (docs/contract.md §1).
    PairedComparison compare(int systemA, int systemB, double similarThreshold = 0.01) const;
    // The filtered tasks both systems have a selected reward on, in task order.
    std::vector<int> pairedTasks(int systemA, int systemB) const;
};

// Computes the snapshot. Without any filter the rows equal models' leaderboard() of the set.
Analysis analyse(std::shared_ptr<const ResultSet> set, const Filter& filter, const AnalysisPolicy& policy);
// Under the set's own policy (default bootstrap).
Analysis analyse(std::shared_ptr<const ResultSet> set, const Filter& filter = {});

// ---- Building blocks, exposed for the ResultSet adapters of models/statistics.h and for tests. ----

// Summary of one system on the given tasks: cost and duration of the trials that stand for it (the
// selected ones, or all valid ones under Mean), trials counted over all repetitions of those tasks.
SystemSummary summarizeSystemOn(const ResultSet& set, int system, const std::vector<int>& tasks,
                                const BootstrapOptions& options = {});
// Zero counts of the selected trials of one system on the given tasks.
ZeroCounts zeroCountsOn(const ResultSet& set, int system, const std::vector<int>& tasks);
// Paired comparison of two systems on the given tasks.
PairedComparison compareSystemsOn(const ResultSet& set, int a, int b, const std::vector<int>& tasks,
                                  double similarThreshold = 0.01, const BootstrapOptions& options = {});

} // namespace vernier
