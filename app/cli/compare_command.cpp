// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli compare BUNDLE... --tasks PACK --a "agent/model" --b "agent/model" --json`: paired comparison
// of two systems on their common tasks (docs/contract.md §1, §5), restricted to the tasks the filters leave.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/provenance_output.h"
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

std::string number(const nlohmann::json& v, int decimals = 2) {
    if (!v.is_number()) return "";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v.get<double>());
    return buf;
}

// The comparison as rows: overall first, then each workflow (the JSON's numbers, 2 decimals).
cli::TextTable comparisonTable(const nlohmann::json& j) {
    cli::TextTable t;
    t.header = {"scope", "n_tasks", "delta", "ci95_lo", "ci95_hi", "higher", "similar", "lower"};
    const auto& ci = j["ci95"];
    t.rows.push_back({"overall", std::to_string(j["n_tasks"].get<int>()), number(j["delta"]),
                      ci.is_array() && ci.size() == 2 ? number(ci[0]) : "",
                      ci.is_array() && ci.size() == 2 ? number(ci[1]) : "",
                      std::to_string(j["higher"].get<int>()), std::to_string(j["similar"].get<int>()),
                      std::to_string(j["lower"].get<int>())});
    for (const auto& [w, r] : j["per_workflow"].items())
        t.rows.push_back({w, std::to_string(r["n"].get<int>()), number(r["delta"]), "", "",
                          std::to_string(r["higher"].get<int>()), std::to_string(r["similar"].get<int>()),
                          std::to_string(r["lower"].get<int>())});
    return t;
}

int runCompare(const std::vector<std::string>& raw) {
    cli::Args a(raw);
    // JSON stays the default: scripts written before --format read it (docs/cli.md).
    const cli::Format format = cli::reportFormat(a, cli::Format::Json);
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
    if (cli::wantsRescore(a)) { // --rescore, --rewards rescored or the workspace's preference
        cli::rescoreAll(set, a);
        set.setPreferRescored(true); // asked for: the report is on rescored rewards and says so
    }
    // The GUI's Compare view for the same filter: paired over the filtered tasks (models/analysis.h).
    const Analysis analysis = analyse(std::make_shared<const ResultSet>(std::move(set)), filter);
    const int sa = systemArg(*analysis.set, filter, a, "--a"); // indices into the analysed set
    const int sb = systemArg(*analysis.set, filter, a, "--b");
    const nlohmann::json j = comparisonJson(analysis, sa, sb, similar);
    // Schema 1 (docs/schemas/compare.schema.json); the provenance block on every format but the table.
    const nlohmann::json block =
        provenanceBlock(1, inputsJson(*analysis.set), policyJson(*analysis.set, analysis.filter));
    if (format == cli::Format::Json)
        cli::emitReport(a, cli::stampedJson(j, block));
    else
        cli::emitReport(a, cli::stampedText(cli::renderTable(comparisonTable(j), format,
                                                             j["a"].get<std::string>() + " vs " +
                                                                 j["b"].get<std::string>()),
                                            format, block));
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(
    compare, "compare",
    "BUNDLE... --tasks PACK [--workspace FILE] --a AGENT/MODEL --b AGENT/MODEL [--similar 0.01] [--rescore] "
    "[--policy|--attempts latest|mean|best|first] [--system S]... "
    "[--workflow W]... [--category C]... [--task T]... [--format json|table|csv|latex|markdown] [--out FILE]",
    runCompare,
    "two systems task by task: paired difference with a bootstrap interval (JSON unless --format)",
    cli::join({{{"--a", "AGENT/MODEL", "system A; required"},
                {"--b", "AGENT/MODEL", "system B; required"},
                {"--similar", "D", "|reward A - reward B| <= D counts as similar, in [0, 1) (default 0.01)"}},
               cli::resultsOptionSpecs(),
               cli::filterOptionSpecs(),
               cli::formatOptionSpecs()}),
    "BUNDLE...: result bundles: Harbor job folders, submission folders, or zips of them");
