// `vernier-cli compare BUNDLE... --tasks PACK --a "agent/model" --b "agent/model" --json`: paired comparison
// of two systems on their common tasks (docs/contract.md §1, §5), restricted to the tasks the filters leave.
#include <cstdlib>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/results_common.h"
#include "models/analysis.h"
#include "models/report_json.h"
#include "scoring/errors.h"

namespace {

using namespace vernier;

int systemArg(const ResultSet& set, const Filter& filter, const cli::Args& a, const char* flag) {
    const std::string label = a.option(flag);
    if (label.empty()) throw InputError(std::string(flag) + " \"agent/model\" is required");
    auto id = SystemId::parse(label);
    int i = id ? set.systemIndex(*id) : -1;
    if (i < 0 || set.trialCount(i) == 0) {
        std::string known;
        for (const auto& s : set.systems)
            known += (known.empty() ? "" : ", ") + s.label();
        throw InputError(std::string(flag) + ": no system \"" + label + "\" (known: " + known + ")");
    }
    if (!filter.matchesSystem(set.systems[static_cast<std::size_t>(i)]))
        throw InputError(std::string(flag) + ": system \"" + label + "\" is left out by --system");
    return i;
}

int runCompare(const std::vector<std::string>& raw) {
    cli::Args a(raw);
    ResultSet set = cli::loadResults(a);
    cli::reportProblems(set);
    // Bad options are reported before any rescoring starts.
    const Filter filter = cli::reportFilter(a, set);
    double similar = 0.01;
    const std::string s = a.option("--similar");
    if (!s.empty()) {
        char* end = nullptr;
        similar = std::strtod(s.c_str(), &end);
        if (*end != '\0' || !(similar >= 0 && similar < 1)) throw InputError("--similar must be in [0, 1)");
    }
    systemArg(set, filter, a, "--a");
    systemArg(set, filter, a, "--b");
    if (a.flag("--rescore")) {
        cli::rescoreAll(set, a);
        set.setPreferRescored(true); // asked for: the report is on rescored rewards and says so
    }
    // The GUI's Compare view for the same filter: paired over the filtered tasks (models/analysis.h).
    const Analysis analysis = analyse(std::make_shared<const ResultSet>(std::move(set)), filter);
    const int sa = systemArg(*analysis.set, filter, a, "--a"); // indices into the analysed set
    const int sb = systemArg(*analysis.set, filter, a, "--b");
    std::cout << vernier::cli::jsonText(comparisonJson(analysis, sa, sb, similar)) << "\n";
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(
    compare, "compare",
    "BUNDLE... --tasks PACK --a AGENT/MODEL --b AGENT/MODEL [--similar 0.01] [--rescore] [--system S]... "
    "[--workflow W]... [--category C]... [--task T]... --json",
    runCompare);
