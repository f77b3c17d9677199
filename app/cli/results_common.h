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

} // namespace vernier::cli
