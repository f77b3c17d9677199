#pragma once
// Shared by the commands that read result bundles (leaderboard, compare, rescore): the common options
// BUNDLE... --tasks PACK [--policy latest|mean] [--rescore] [--jobs N] [--timeout S] [--no-cache], and the
// report filters [--system S]... [--workflow W]... [--category C]... [--task T]... (models/filter.h).
#include <string>
#include <utility>
#include <vector>

#include "cli/command.h"
#include "models/filter.h"
#include "models/result_set.h"

namespace vernier::cli {

// The options that take a value, for Args::positionals().
const std::vector<std::string>& resultsOptionsWithValue();

// Imports the bundles named on the command line; throws InputError for a missing --tasks or bundle.
ResultSet loadResults(const Args& args);

// The report filters, checked against the set: an unknown system, workflow, category or task (or a filter
// option without a value) is an InputError naming the valid values. Empty filter when none is given.
Filter reportFilter(const Args& args, const ResultSet& set);
// Usage text of the report filters, for the commands' usage lines.
constexpr const char* kFilterUsage = "[--system S]... [--workflow W]... [--category C]... [--task T]...";

// Rescores every trial with an answer (progress on stderr), applies the results, returns the count.
int rescoreAll(ResultSet& set, const Args& args);

// (bundle, cache directory beside it) for each bundle of the set; empty with --no-cache, so that turning the
// cache off creates no directory (RescoreCache::directoryFor creates the one it names).
std::vector<std::pair<std::string, std::string>> cacheDirectories(const ResultSet& set, const Args& args);

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

} // namespace vernier::cli
