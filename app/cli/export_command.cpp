// `vernier-cli export BUNDLE... --tasks PACK --out DIR [--dpi N]`: every figure (SVG, PDF, PNG) and
// table (CSV, LaTeX) of the report, headless, through the GUI's own export code (figures/report_export.h).
#include <cstdio>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/results_common.h"
#include "scoring/errors.h"

#ifdef VERNIER_CLI_HAS_GUI
#include <QApplication>
#include <QByteArray>
#include <memory>
#include <nlohmann/json.hpp>

#include "figures/provenance.h"
#include "figures/report_export.h"
#include "models/analysis.h"
#include "models/result_set.h"
#endif

namespace {

int runExport(const std::vector<std::string>& argv) {
#ifndef VERNIER_CLI_HAS_GUI
    (void)argv;
    throw vernier::InputError("this vernier-cli was built without the GUI libraries; export needs them");
#else
    const vernier::cli::Args args(argv);
    const std::vector<std::string> bundles =
        args.positionals({"--tasks", "--out", "--dpi", "--system", "--workflow", "--category", "--task"});
    const std::string pack = args.option("--tasks");
    const std::string out = args.option("--out");
    if (bundles.empty()) throw vernier::InputError("export needs at least one BUNDLE");
    if (pack.empty()) throw vernier::InputError("export needs --tasks PACK");
    if (out.empty()) throw vernier::InputError("export needs --out DIR");
    int dpi = 300;
    if (const std::string d = args.option("--dpi"); !d.empty()) {
        try {
            dpi = std::stoi(d);
        } catch (const std::exception&) {
            throw vernier::InputError("--dpi must be an integer");
        }
        if (dpi < 36 || dpi > 1200) throw vernier::InputError("--dpi must be between 36 and 1200");
    }

    // Charts need a QApplication; without a display the offscreen platform renders them identically.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    static int qtArgc = 1;
    static char qtName[] = "vernier-cli";
    static char* qtArgv[] = {qtName, nullptr};
    QApplication app(qtArgc, qtArgv);

    auto set = std::make_shared<vernier::ResultSet>(vernier::importResults(bundles, pack));
    std::fprintf(stderr, "export: %zu trials, %zu systems, %zu tasks\n", set->trials.size(),
                 set->systems.size(), set->tasks.size());
    // The report filters (app/cli/results_common.h), as the GUI's filter bar applies them.
    const vernier::Filter filter = vernier::cli::reportFilter(args, *set);
    auto analysis = std::make_shared<const vernier::Analysis>(vernier::analyse(set, filter));
    QString error;
    vernier::ui::ReportOptions options;
    options.dpi = dpi;
    options.command = vernier::ui::commandLine(QStringLiteral("vernier-cli export"), argv);
    const QStringList files =
        vernier::ui::exportReport(analysis, QString::fromStdString(out), options, &error);
    if (!error.isEmpty()) {
        std::fprintf(stderr, "vernier-cli export: %s\n", qPrintable(error));
        return vernier::cli::kExitInternal;
    }
    nlohmann::json j;
    j["out"] = out;
    j["files"] = nlohmann::json::array();
    for (const QString& f : files)
        j["files"].push_back(f.toStdString());
    std::printf("%s\n", vernier::cli::jsonText(j).c_str());
    return vernier::cli::kExitOk;
#endif
}

} // namespace

VERNIER_CLI_COMMAND(export_cmd, "export",
                    "BUNDLE... --tasks PACK --out DIR [--dpi N] [--system S]... [--workflow W]... "
                    "[--category C]... [--task T]...",
                    runExport, "write every figure and table of the report into a folder",
                    vernier::cli::join({{{"--tasks", "PACK", "the task pack (folder or zip); required"},
                                         {"--out", "DIR",
                                          "the folder to write into (created if needed); required"},
                                         {"--dpi", "N", "PNG resolution, 36-1200 (default 300)"}},
                                        vernier::cli::filterOptionSpecs()}),
                    "BUNDLE...: result bundles: Harbor job folders, submission folders, or zips of them");
