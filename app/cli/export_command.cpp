// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli export BUNDLE... --tasks PACK --out DIR [--dpi N]`: every figure (SVG, PDF, PNG) and
// table (CSV, LaTeX, Markdown, JSON) of the report, headless, through the GUI's own export code
// (figures/report_export.h). `export … --heatmap [--format F] [--out FILE]` prints only the heatmap table
// (systems × tasks, selected reward in points). Both honour the selection policy, --rescore and the
// filters; docs/cli.md "export".
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/draw_program.h"
#include "cli/provenance_output.h"
#include "cli/results_common.h"
#include "models/analysis.h"
#include "models/provenance_json.h"
#include "models/report_json.h"
#include "models/result_set.h"
#include "models/table_export.h"
#include "scoring/errors.h"

#ifdef VERNIER_CLI_HAS_GUI
#include <QApplication>
#include <QByteArray>

#include "figures/provenance.h"
#include "figures/report_export.h"
#endif

namespace {

using namespace vernier;

// Schema 1 of the export command's JSON (docs/schemas/export.schema.json).
constexpr int kSchemaVersion = 1;

// The arguments without --dpi and its value: the rest reads like any report command's.
std::vector<std::string> withoutDpi(const std::vector<std::string>& argv, std::string* dpi) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] == "--dpi" && i + 1 < argv.size())
            *dpi = argv[++i];
        else if (argv[i].rfind("--dpi=", 0) == 0)
            *dpi = argv[i].substr(6);
        else
            out.push_back(argv[i]);
    }
    return out;
}

std::string heatmapText(const Analysis& analysis, cli::Format format, const nlohmann::json& block) {
    if (format == cli::Format::Json) return cli::stampedJson(heatmapJson(analysis), block);
    const auto cells = heatmapCells(heatmapTable(analysis));
    cli::TextTable t;
    if (!cells.empty()) {
        t.header = cells.front();
        t.rows.assign(cells.begin() + 1, cells.end());
    }
    const std::string caption = std::string("Reward per task in points (") +
                                (analysis.set->usesRescored() ? "rescored" : "recorded") + " rewards)";
    return cli::stampedText(cli::renderTable(t, format, caption), format, block);
}

int runExport(const std::vector<std::string>& argv) {
    std::string dpiText;
    const std::vector<std::string> rest = withoutDpi(argv, &dpiText);
    const cli::Args args(rest);
    const bool heatmapOnly = args.flag("--heatmap");
#ifndef VERNIER_CLI_HAS_GUI
    // vernier-cli proper: figures are drawn by the drawing program beside it (app/cli/draw_program.h); the
    // heatmap table is text and stays here.
    if (!heatmapOnly) return cli::runInDrawingProgram("export", argv);
#endif
    const std::string out = args.option("--out");
    if (!heatmapOnly && out.empty()) throw InputError("export needs --out DIR (or --heatmap)");
    if (!heatmapOnly && (!args.options("--format").empty() || args.flag("--json") || args.flag("--csv") ||
                         args.flag("--latex")))
        throw InputError("--format chooses the form of --heatmap; a full export writes every format");
    const cli::Format format = cli::reportFormat(args, cli::Format::Json);
    int dpi = 300;
    if (!dpiText.empty()) {
        try {
            dpi = std::stoi(dpiText);
        } catch (const std::exception&) {
            throw InputError("--dpi must be an integer");
        }
        if (dpi < 36 || dpi > 1200) throw InputError("--dpi must be between 36 and 1200");
    }

    ResultSet set = cli::loadResults(args); // --tasks, --policy
    cli::reportProblems(set);
    // The report filters (app/cli/results_common.h), as the GUI's filter bar applies them.
    const Filter filter = cli::reportFilter(args, set);
    if (cli::wantsRescore(args)) { // --rescore, --rewards rescored or the workspace's preference
        cli::rescoreAll(set, args);
        set.setPreferRescored(true); // asked for: the report is on rescored rewards and says so
    }
    std::fprintf(stderr, "export: %zu trials, %zu systems, %zu tasks\n", set.trials.size(),
                 set.systems.size(), set.tasks.size());
    auto shared = std::make_shared<const ResultSet>(std::move(set));
    Analysis analysed = analyse(shared, filter);
    analysed.styles = cli::reportStyles(args); // --workspace aliases and colours (docs/workspace.md)
    auto analysis = std::make_shared<const Analysis>(std::move(analysed));
    const nlohmann::json block = provenanceBlock(kSchemaVersion, inputsJson(*analysis->set),
                                                 policyJson(*analysis->set, analysis->filter));
    if (heatmapOnly) {
        cli::emitReport(args, heatmapText(*analysis, format, block));
        return cli::kExitOk;
    }
#ifndef VERNIER_CLI_HAS_GUI
    (void)dpi;
    return cli::kExitInternal; // not reached: a full export ran in the drawing program
#else
    // Charts need a QApplication; without a display the offscreen platform renders them identically.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    static int qtArgc = 1;
    static char qtName[] = "vernier-cli";
    static char* qtArgv[] = {qtName, nullptr};
    QApplication app(qtArgc, qtArgv);
    QString error;
    ui::ReportOptions options;
    options.dpi = dpi;
    options.command = ui::commandLine(QStringLiteral("vernier-cli export"), argv);
    const QStringList files = ui::exportReport(analysis, QString::fromStdString(out), options, &error);
    if (!error.isEmpty()) {
        std::fprintf(stderr, "vernier-cli export: %s\n", qPrintable(error));
        return cli::kExitInternal;
    }
    nlohmann::json j;
    j["out"] = out;
    j["files"] = nlohmann::json::array();
    for (const QString& f : files)
        j["files"].push_back(f.toStdString());
    std::printf("%s", cli::stampedJson(j, block).c_str());
    return cli::kExitOk;
#endif
}

} // namespace

VERNIER_CLI_COMMAND(
    export_cmd, "export",
    "BUNDLE... --tasks PACK --out DIR [--dpi N] [--policy latest|mean] [--rescore] [--system S]... "
    "[--workflow W]... [--category C]... [--task T]... | BUNDLE... --tasks PACK --heatmap "
    "[--format json|table|csv|latex|markdown] [--out FILE]",
    runExport, "write every figure and table of the report into a folder, or print the heatmap table",
    cli::join({cli::resultsOptionSpecs(),
               {{"--out", "DIR|FILE",
                 "the folder to write into (created if needed); with --heatmap the file (atomically)"},
                {"--dpi", "N", "PNG resolution, 36-1200 (default 300)"},
                {"--heatmap", nullptr, "print only the heatmap table (systems x tasks, points)"},
                {"--format", "table|json|csv|latex|markdown", "the heatmap table's format (default json)",
                 false, false, "table json csv latex markdown"},
                {"--json", nullptr, "same as --format json"},
                {"--csv", nullptr, "same as --format csv"},
                {"--latex", nullptr, "same as --format latex"},
                {"--csv-raw", nullptr, "CSV cells as they are: no ' before = + - @ TAB CR (docs/cli.md)"}},
               cli::filterOptionSpecs()}),
    "BUNDLE...: result bundles: Harbor job folders, submission folders, or zips of them");
