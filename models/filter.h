// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The filter every view and every report command applies (docs/contract.md §1, §5): which systems,
// workflows, task categories, tasks and bundles count, plus the trial status the GUI's trial lists use.
// An empty set means "all". Plain std types, so that the GUI and `vernier-cli` share it.
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "models/task_pack.h"
#include "models/trial_record.h"

namespace vernier {

class ResultSet;

// Reward status of a trial. Aggregates (leaderboard, charts, comparisons) work on tasks, so they ignore
// it; trial lists, the heatmap and failure drill-downs apply it.
enum class TrialStatus { All = 0, Perfect, Partial, Zero, Error, Mismatch };
constexpr int kTrialStatusCount = 6;
// "all", "perfect", "partial", "zero", "error", "mismatch".
const char* trialStatusKey(TrialStatus s);
// "All statuses", "Perfect (1.0)", "Partial (0–1)", … (UTF-8, for menus).
const char* trialStatusText(TrialStatus s);
// The status of one trial from its effective reward (rescored preferred when asked). A malformed trial or a
// scorer crash is Error; Mismatch is never returned here (it is a property of the pair recorded/rescored).
TrialStatus statusOf(const TrialRecord& trial, bool preferRescored);

struct Filter {
    std::set<std::string> systems; // labels ("agent/model[ · variant]"); empty: all
    std::set<std::string>
        hiddenSystems;                // labels hidden in the workspace: never shown, whatever `systems` says
    std::set<Workflow> workflows;     //
    std::set<std::string> categories; // task.toml categories
    std::set<std::string> tasks;      // task ids (pack folder names)
    std::set<std::string> bundles;    // bundle paths as given on import
    TrialStatus status = TrialStatus::All;

    bool operator==(const Filter&) const = default;

    // True when nothing is filtered out.
    bool empty() const;
    // True when the workflow, category or task choice leaves out some tasks.
    bool restrictsTasks() const { return !workflows.empty() || !categories.empty() || !tasks.empty(); }
    bool matchesTask(const TaskInfo& task) const;
    bool matchesSystem(const SystemId& system) const;
    bool matchesBundle(const std::string& bundle) const;
    // System, bundle, task (workflow, category, id) and status together. A trial whose task is not in the
    // pack passes only when no task restriction is set.
    bool matches(const ResultSet& set, const TrialRecord& trial) const;
    bool matches(const ResultSet& set, int trialIndex) const; // false for an index out of range
};

// ---- Parsing command-line values. Each throws InputError with a one-line reason on a bad value. ----

// Accepts the JSON/task.toml keys (creation, create_and_edit, image_to_cad), the titles the GUI shows
// ("Creation", "Create & edit", "Image to CAD"), any letter case, and '-' or ' ' for '_'.
Workflow parseWorkflowName(std::string_view text);
// "all", "perfect", "partial", "zero", "error", "mismatch" (any letter case).
TrialStatus parseTrialStatus(std::string_view text);

// Values as given on a command line (--system, --workflow, --category, --task, --bundle; each repeatable).
struct FilterValues {
    std::vector<std::string> systems;
    std::vector<std::string> workflows;
    std::vector<std::string> categories;
    std::vector<std::string> tasks;
    std::vector<std::string> bundles;
};

// Builds a filter and checks every value against the set: a system, category, task or bundle the set does
// not have is an InputError naming the valid ones.
Filter parseFilter(const FilterValues& values, const ResultSet& set);

} // namespace vernier
