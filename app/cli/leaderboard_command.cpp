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
    const int formats = a.flag("--json") + a.flag("--csv") + a.flag("--latex");
    if (formats > 1) throw InputError("choose one of --json, --csv, --latex");
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
    if (a.flag("--csv")) {
        std::cout << leaderboardCsv(analysis.summaries());
    } else if (a.flag("--latex")) {
        std::cout << leaderboardLatex(analysis.summaries(), a.option("--caption"));
    } else {
        std::cout << vernier::cli::jsonText(leaderboardJson(analysis)) << "\n";
    }
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(
    leaderboard, "leaderboard",
    "BUNDLE... --tasks PACK [--rescore [--jobs N]] [--policy latest|mean] [--system S]... [--workflow W]... "
    "[--category C]... [--task T]... --json|--csv|--latex",
    runLeaderboard);
