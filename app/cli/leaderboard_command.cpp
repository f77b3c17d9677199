// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli leaderboard BUNDLE... --tasks PACK [--rescore] [filters] --json|--csv|--latex`: the paper's
// main table (docs/contract.md §5) with bootstrap intervals and the zero-reward taxonomy, on the tasks and
// systems the filters leave (the GUI's filter bar, models/filter.h).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/provenance_output.h"
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
    if (cli::wantsRescore(a)) { // --rescore, --rewards rescored or the workspace's preference
        cli::rescoreAll(set, a);
        set.setPreferRescored(true); // asked for: the report is on rescored rewards and says so
    }
    AnalysisPolicy policy = AnalysisPolicy::of(set);
    policy.bootstrap = bo;
    // The GUI's leaderboard for the same filter: the same analyse() (models/analysis.h).
    Analysis analysis = analyse(std::make_shared<const ResultSet>(std::move(set)), filter, policy);
    analysis.styles = cli::reportStyles(a); // --workspace aliases (docs/workspace.md)
    // Schema 1 (docs/schemas/leaderboard.schema.json); the provenance block on every format but the table.
    const nlohmann::json block =
        provenanceBlock(1, inputsJson(*analysis.set), policyJson(*analysis.set, analysis.filter));
    switch (format) {
    case cli::Format::Csv:
        cli::emitReport(a, cli::stampedText(cli::leaderboardCsvText(analysis), format, block)); // + aliases
        break;
    case cli::Format::Latex:
        // + aliases and pass@k columns (app/cli/results_common.h)
        cli::emitReport(
            a, cli::stampedText(cli::leaderboardLatexText(analysis, a.option("--caption")), format, block));
        break;
    case cli::Format::Table:
    case cli::Format::Markdown: // the CSV's columns, aligned or as a GitHub table
        cli::emitReport(a, cli::stampedText(cli::renderTable(cli::leaderboardTable(analysis), format,
                                                             a.option("--caption")),
                                            format, block));
        break;
    case cli::Format::Json:
        cli::emitReport(
            a, cli::stampedJson(cli::withAttemptsAndAliases(leaderboardJson(analysis), analysis), block));
        break;
    }
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(
    leaderboard, "leaderboard",
    "BUNDLE... --tasks PACK [--workspace FILE] [--rescore [--jobs N]] [--policy latest|mean|best|first] "
    "[--system S]... [--workflow W]... [--category C]... [--task T]... "
    "[--format json|table|csv|latex|markdown] [--out FILE]",
    runLeaderboard, "the leaderboard of the systems in the bundles (JSON unless --format)",
    cli::join({cli::resultsOptionSpecs(),
               cli::filterOptionSpecs(),
               cli::formatOptionSpecs(),
               {{"--caption", "TEXT", "table caption (latex, table)"},
                {"--resamples", "N", "bootstrap resamples, 1000-1000000 (default 10000)"},
                {"--seed", "N", "bootstrap seed"}}}),
    "BUNDLE...: result bundles: Harbor job folders, submission folders, or zips of them");
