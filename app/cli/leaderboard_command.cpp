// `vernier-cli leaderboard BUNDLE... --tasks PACK [--rescore] --json|--csv|--latex`: the paper's main
// table (docs/contract.md §5) with bootstrap intervals and the zero-reward taxonomy.
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/command.h"
#include "cli/results_common.h"
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
    if (a.flag("--rescore")) {
        cli::rescoreAll(set, a);
        set.setPreferRescored(true); // asked for: the report is on rescored rewards and says so
    }
    const BootstrapOptions bo = bootstrapOptions(a);
    if (a.flag("--csv")) {
        std::cout << leaderboardCsv(leaderboard(set, bo));
    } else if (a.flag("--latex")) {
        std::cout << leaderboardLatex(leaderboard(set, bo), a.option("--caption"));
    } else {
        std::cout << vernier::cli::jsonText(leaderboardJson(set, bo)) << "\n";
    }
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(
    leaderboard, "leaderboard",
    "BUNDLE... --tasks PACK [--rescore [--jobs N]] [--policy latest|mean] --json|--csv|--latex",
    runLeaderboard);
