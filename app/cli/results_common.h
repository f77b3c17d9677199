// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the commands that read result bundles (leaderboard, compare, rescore): the common options
// BUNDLE... --tasks PACK [--workspace FILE] [--policy|--attempts latest|mean|best|first] [--rescore]
// [--rewards recorded|rescored] [--split-by-job] [--no-index] [--jobs N] [--timeout S] [--no-cache], and the
// report filters [--system S]... [--workflow W]... [--category C]... [--task T]... (models/filter.h).
//
// --workspace FILE (docs/workspace.md) supplies what the GUI shows for that workspace: the enabled bundles,
// the task pack, the filter (hidden systems included), the attempts policy, the rewards preference, split by
// job and the system aliases. Whatever is given on the command line overrides the workspace's value.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.h"
#include "models/analysis.h"
#include "models/filter.h"
#include "models/result_set.h"
#include "models/workspace.h"
#include "scoring/process_guard.h"

namespace vernier::cli {

// The options that take a value, for Args::positionals().
const std::vector<std::string>& resultsOptionsWithValue();

// The workspace named by --workspace, loaded (InputError with a one-line reason when it cannot be);
// nullopt without the option.
std::optional<Workspace> commandWorkspace(const Args& args);

// Imports the bundles named on the command line (or, without any, the workspace's enabled bundles);
// throws InputError for a missing --tasks or bundle. Applies the attempts policy (--policy, --attempts or
// the workspace's) and split by job (--split-by-job or the workspace's).
ResultSet loadResults(const Args& args);
// Waits for the trial index writes loadResults started beside the command's own work (a first open writes
// its bundle's index on a thread of its own, docs/index.md "Deferred write"); main() calls it before exiting.
void waitForIndexWrites();

// The report filters, checked against the set: an unknown system, workflow, category or task (or a filter
// option without a value) is an InputError naming the valid values. Empty filter when none is given. With
// --workspace the workspace's filter is the start: each filter option given replaces that dimension, and
// the workspace's hidden systems stay hidden unless --system names them.
Filter reportFilter(const Args& args, const ResultSet& set);

// True when the report is to be on rescored rewards: --rescore, --rewards rescored, or a workspace that
// prefers rescored rewards (unless --rewards recorded).
bool wantsRescore(const Args& args);

// The workspace's system styles (aliases, colours, hidden); empty without --workspace.
SystemStyles reportStyles(const Args& args);

// Usage text of the report filters, for the commands' usage lines.
constexpr const char* kFilterUsage = "[--system S]... [--workflow W]... [--category C]... [--task T]...";

// Rescores every trial with an answer (progress on stderr), applies the results, returns the count.
int rescoreAll(ResultSet& set, const Args& args);

// (bundle, cache directory beside it) for each bundle of the set; empty with --no-cache, so that turning the
// cache off creates no directory (RescoreCache::directoryFor creates the one it names).
std::vector<std::pair<std::string, std::string>> cacheDirectories(const ResultSet& set, const Args& args);

// An integer option's value in [lo, hi]; otherwise an InputError naming the flag and the range.
int parseIntOption(const std::string& flag, const std::string& text, int lo, int hi);

// `--timeout S` of the commands that read documents in their own process (inspect, score, render): the
// option, and the deadline it sets (default 300 s, as per trial when rescoring). When it passes, the
// command prints "vernier-cli COMMAND: WHAT did not finish within S s (--timeout)" and exits 2
// (docs/cli.md "Exit codes"; scoring/process_guard.h).
OptionSpec readTimeoutOptionSpec();
std::unique_ptr<ProcessDeadline> readDeadline(const Args& args, const std::string& command,
                                              const std::string& what);

// Prints the import problems (malformed trials with their reasons) to stderr.
void reportProblems(const ResultSet& set);

// The output format of a report command: --format table|json|csv|latex|markdown, or the aliases --json,
// --csv, --latex. Two different formats are an InputError; none gives `fallback`.
enum class Format { Table, Json, Csv, Latex, Markdown };
Format reportFormat(const Args& args, Format fallback);

// A report as rows of cells, printed in any Format but JSON.
struct TextTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};
// Aligned columns (table), RFC 4180 CSV, a booktabs tabular (latex) or a GitHub table (markdown).
std::string renderTable(const TextTable& table, Format format, const std::string& caption = {});
// Reads CSV as written by renderTable / models/table_export.h (quoted cells, `# ` comment lines skipped).
TextTable parseCsv(const std::string& csv);

// Writes a report: to stdout, or with --out FILE atomically to FILE (a temporary file beside it, renamed
// over it), so a reader never sees half a report. Throws InputError when FILE cannot be written.
void emitReport(const Args& args, const std::string& text);
// The same for any path.
void writeFileAtomically(const std::string& path, const std::string& bytes);

// The leaderboard as rows (CSV columns of models/table_export.h), with a `system` column after `rank`
// holding the alias or label when some shown system has an alias, and `pass@1` / `pass@K` columns (perfect,
// percent, K = the most attempts any shown system has on a task) when some system has more than one
// attempt per task.
TextTable leaderboardTable(const Analysis& analysis);
// The leaderboard CSV of models/table_export.h, with the `system` column after `rank` when some shown
// system has an alias. No pass@k columns: the CSV's columns are a contract (tests/cli/contract_rules.py);
// the pass@k curves are in the JSON.
std::string leaderboardCsvText(const Analysis& analysis);
// The booktabs table of models/table_export.h, with a System column (aliases) and the pass@1 / pass@K
// columns as leaderboardTable() adds them.
std::string leaderboardLatexText(const Analysis& analysis, const std::string& caption);
// Adds to leaderboard JSON rows (models/report_json.h) what the analysis knows beyond them: "alias" (the
// display name, null without one) and "attempts": {"max": k, "pass_at_k": {"perfect": [...], "nonzero":
// [...]}} with {"k", "value" (percent, null when no task has k attempts), "tasks"} entries.
nlohmann::json withAttemptsAndAliases(nlohmann::json leaderboard, const Analysis& analysis);

} // namespace vernier::cli
