// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The JSON documents of `vernier-cli leaderboard` and `compare` (docs/contract.md §5), built here so the CLI,
// the GUI's "copy as JSON" and the tests share one definition. Units: points (0–100) for scores and
// intervals, percent for rates, USD, minutes; unknown is null.
#include <nlohmann/json.hpp>
#include <string>

#include "models/analysis.h"
#include "models/filter.h"
#include "models/result_set.h"
#include "models/statistics.h"

namespace vernier {

// {"systems":[{agent, model, n_trials, overall, creation, create_and_edit, image_to_cad, ci95, perfect_rate,
//  creation_ci95, create_and_edit_ci95, image_to_cad_ci95 ([lo, hi] or null), zero_rate, cost_usd,
//  cost_per_point, mean_duration_min, n_tasks, overall_method}], "zero_categories":
//  {"agent/model": {six keys}}, "zero_gates": {...}, "selection", "rescored", "bootstrap", "filter",
//  "bundles", "problems"} — the rows of the analysis, i.e. what the GUI's leaderboard shows for the same
//  filter.
nlohmann::json leaderboardJson(const Analysis& analysis);
// The unfiltered leaderboard of the set under its own policy.
nlohmann::json leaderboardJson(const ResultSet& set, const BootstrapOptions& options = {});

// {"a", "b", "delta", "ci95", "per_workflow": {wf: {delta, n, higher, similar, lower}}, "higher", "similar",
//  "lower", "n_tasks", "similar_threshold", "selection", "filter", "bootstrap"} — delta in points, A minus B,
// over the analysis' filtered tasks both systems have (system indices into analysis.set).
nlohmann::json comparisonJson(const Analysis& analysis, int a, int b, double similarThreshold = 0.01);
// Over every task of the set, under its own policy.
nlohmann::json comparisonJson(const ResultSet& set, int a, int b, double similarThreshold = 0.01,
                              const BootstrapOptions& options = {});

// The heatmap (systems × filtered tasks, models/table_export.h heatmapTable): {"tasks": [{task_id,
// workflow}], "systems": [{system, name, points: [per task, null where no trial]}], "rewards":
// "recorded"|"rescored", "selection", "units": "points", "filter"}.
nlohmann::json heatmapJson(const Analysis& analysis);

// Each bundle that is a cad-bench v2 submission: its checks and declared vs computed figures.
nlohmann::json submissionsJson(const ResultSet& set);

// {"systems", "workflows", "categories", "tasks", "bundles"}: the values of the filter, empty = all.
nlohmann::json filterJson(const Filter& filter);

// Rounds to 6 decimals so that JSON shows 56.87, not 56.870000000000005 (far below any reported digit).
double tidy(double v);

} // namespace vernier
