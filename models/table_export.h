#pragma once
// The one export path for leaderboard tables: CSV and LaTeX (booktabs), used by the CLI and the GUI.
// Units: scores and intervals in points (0–100), rates in percent, cost USD, duration minutes; unknown "—"
// in LaTeX and empty in CSV.
#include <string>
#include <vector>

#include "models/result_set.h"
#include "models/statistics.h"

namespace vernier {

// One CSV field (quoted when it holds a comma, quote or newline) and LaTeX text escaping (specials and the
// typographic characters the tables use: em/en dash, Δ, minus, ≤); every table export goes through these.
std::string csvField(const std::string& s);
std::string latexEscape(const std::string& utf8);

// Every listed trial (indices into set.trials) as data: full-precision numbers, no units or display
// labels, empty where unknown; stable snake_case column names, trial_name first.
std::string trialsCsv(const ResultSet& set, const std::vector<int>& trials);

std::string leaderboardCsv(const std::vector<SystemSummary>& rows);
std::string leaderboardLatex(const std::vector<SystemSummary>& rows, const std::string& caption = {});
// Zero-reward taxonomy table: one row per system, six category columns.
std::string zeroCategoriesCsv(const std::vector<SystemSummary>& rows, const std::vector<ZeroCounts>& counts);

} // namespace vernier
