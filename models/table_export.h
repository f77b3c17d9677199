// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one export path for leaderboard tables: CSV and LaTeX (booktabs), used by the CLI and the GUI.
// Units: scores and intervals in points (0–100), rates in percent, cost USD, duration minutes; unknown "—"
// in LaTeX and empty in CSV.
#include <string>
#include <vector>

#include "models/analysis.h"
#include "models/result_set.h"
#include "models/statistics.h"

namespace vernier {

// One CSV field (quoted when it holds a comma, quote, CR or LF, RFC 4180) and LaTeX text escaping (specials
// and the typographic characters the tables use: em/en dash, Δ, minus, ≤); every table export goes through
// these. A text cell beginning with = + - @ TAB or CR gets a leading ' (OWASP CSV injection), unless raw CSV
// is switched on for the process (`vernier-cli --csv-raw`, docs/cli.md).
std::string csvField(const std::string& s);
void setCsvRaw(bool raw);
bool csvRaw();
std::string latexEscape(const std::string& utf8);

// Every listed trial (indices into set.trials) as data: full-precision numbers, no units or display
// labels, empty where unknown; stable snake_case column names, trial_name first.
std::string trialsCsv(const ResultSet& set, const std::vector<int>& trials);

std::string leaderboardCsv(const std::vector<SystemSummary>& rows);
// The same columns, then each workflow's bootstrap interval: creation_ci95_lo, creation_ci95_hi,
// create_and_edit_ci95_lo, …, image_to_cad_ci95_hi (points; empty where a workflow has no interval).
std::string leaderboardCsv(const Analysis& analysis);
std::string leaderboardLatex(const std::vector<SystemSummary>& rows, const std::string& caption = {});
// With each workflow's 95 % interval in a column after its score.
std::string leaderboardLatex(const Analysis& analysis, const std::string& caption = {});

// The heatmap as a table: one row per shown system (leaderboard order, display names), one column per
// filtered task (grouped by workflow: creation, create_and_edit, image_to_cad; task order within), cells the
// selected reward in points with 2 decimals, empty where the system has no trial on the task.
struct HeatmapTable {
    std::vector<std::string> systems;
    std::vector<int> systemIndices;
    std::vector<std::string> tasks;                         // task ids
    std::vector<std::string> workflows;                     // workflow key of each task
    std::vector<std::vector<std::optional<double>>> points; // [system][task]
};
HeatmapTable heatmapTable(const Analysis& analysis);
// Header "system", then the task ids; rows as text cells.
std::vector<std::vector<std::string>> heatmapCells(const HeatmapTable& table);

// Generic renderings of a header + rows: RFC 4180 CSV (csvField), a booktabs tabular, a GitHub table.
std::string tableCsv(const std::vector<std::vector<std::string>>& rowsWithHeader);
std::string tableLatex(const std::vector<std::vector<std::string>>& rowsWithHeader,
                       const std::string& caption = {});
std::string tableMarkdown(const std::vector<std::vector<std::string>>& rowsWithHeader);
// Zero-reward taxonomy table: one row per system, six category columns.
std::string zeroCategoriesCsv(const std::vector<SystemSummary>& rows, const std::vector<ZeroCounts>& counts);

} // namespace vernier
