// `vernier-cli leaderboard BUNDLE... --tasks PACK [--rescore] [filters] --json|--csv|--latex`: the paper's
// main table (docs/contract.md §5) with bootstrap intervals and the zero-reward taxonomy, on the tasks and
// systems the filters leave (the GUI's filter bar, models/filter.h).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/results_common.h"
#include "models/analysis.h"
#include "models/report_json.h"
#include "models/table_export.h"
#include "scoring/errors.h"

namespace {

using namespace vernier;

BootstrapOptions bootstrapOptions(const cli::Args& a) {
    BootstrapOptions o;
    const std::string n = a.option("--resamples");
    if (!n.empty()) {
        char* end = nullptr;
        long v = std::strtol(n.c_str(), &end, 10);
        if (*end != '\0' || v < 1000 || v > 1000000)
            throw InputError("--resamples must be in [1000, 1000000]");
        o.resamples = static_cast<int>(v);
    }
    const std::string seed = a.option("--seed");
    if (!seed.empty()) {
        char* end = nullptr;
        unsigned long long v = std::strtoull(seed.c_str(), &end, 10);
        if (*end != '\0') throw InputError("--seed must be a non-negative integer");
        o.seed = v;
    }
    return o;
}

int runLeaderboard(const std::vector<std::string>& raw) {
    cli::Args a(raw);
    // JSON stays the default: scripts written before --format read it (docs/cli.md).
    const cli::Format format = cli::reportFormat(a, cli::Format::Json);
    ResultSet set = cli::loadResults(a);
    cli::reportProblems(set);
    // Bad options are reported before any rescoring starts.
    const Filter filter = cli::reportFilter(a, set);
    const BootstrapOptions bo = bootstrapOptions(a);
    if (a.flag("--rescore")) {
        cli::rescoreAll(set, a);
        set.setPreferRescored(true); // asked for: the report is on rescored rewards and says so
    }
    AnalysisPolicy policy = AnalysisPolicy::of(set);
    policy.bootstrap = bo;
    // The GUI's leaderboard for the same filter: the same analyse() (models/analysis.h).
    const Analysis analysis = analyse(std::make_shared<const ResultSet>(std::move(set)), filter, policy);
    switch (format) {
    case cli::Format::Csv:
        cli::emitReport(a, leaderboardCsv(analysis.summaries()));
        break;
    case cli::Format::Latex:
        cli::emitReport(a, leaderboardLatex(analysis.summaries(), a.option("--caption")));
        break;
    case cli::Format::Table:
    case cli::Format::Markdown: // the CSV's columns, aligned or as a GitHub table
        cli::emitReport(a, cli::renderTable(cli::parseCsv(leaderboardCsv(analysis.summaries())), format,
                                            a.option("--caption")));
        break;
    case cli::Format::Json:
        cli::emitReport(a, vernier::cli::jsonText(leaderboardJson(analysis)) + "\n");
        break;
    }
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(
    leaderboard, "leaderboard",
    "BUNDLE... --tasks PACK [--rescore [--jobs N]] [--policy latest|mean] [--system S]... [--workflow W]... "
    "[--category C]... [--task T]... [--format json|table|csv|latex|markdown] [--out FILE]",
    runLeaderboard, "the leaderboard of the systems in the bundles (JSON unless --format)",
    cli::join({cli::resultsOptionSpecs(),
               cli::filterOptionSpecs(),
               cli::formatOptionSpecs(),
               {{"--caption", "TEXT", "table caption (latex, table)"},
                {"--resamples", "N", "bootstrap resamples, 1000-1000000 (default 10000)"},
                {"--seed", "N", "bootstrap seed"}}}),
    "BUNDLE...: result bundles: Harbor job folders, submission folders, or zips of them");
