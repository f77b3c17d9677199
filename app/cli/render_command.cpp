// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli render`: the trial inspector's 3D picture of a reference/candidate pair, rendered
// offscreen through the same path as the GUI's "Export image" (docs/contract.md §5).
#include <cstdio>
#include <optional>
#include <string>

#include "cli/command.h"
#include "cli/draw_program.h"
#include "cli/results_common.h"
#include "scoring/errors.h"

#ifdef VERNIER_CLI_HAS_GUI
#include <QApplication>
#include <QImageWriter>

#include "figures/provenance.h"
#include "models/result_set.h"
#include "models/trial_analysis.h"
#include "scoring/fcstd_document.h"
#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "scoring/process_guard.h"
#include "viewers/occt_platform.h"
#include "viewers/offscreen_renderer.h"
#endif

namespace {

#ifdef VERNIER_CLI_HAS_GUI
QSize parseSize(const std::string& text) {
    const auto x = text.find('x');
    try {
        if (x == std::string::npos) throw std::invalid_argument("x");
        std::size_t used = 0;
        const int w = std::stoi(text.substr(0, x), &used);
        if (used != x) throw std::invalid_argument("w");
        const int h = std::stoi(text.substr(x + 1), &used);
        if (used != text.size() - x - 1) throw std::invalid_argument("h");
        if (w < 16 || h < 16 || w > 8192 || h > 8192) throw std::out_of_range("size");
        return QSize(w, h);
    } catch (const std::exception&) {
        throw vernier::InputError("--size must be WxH with 16..8192 pixels per side, got '" + text + "'");
    }
}

vernier::MeasuredDocument measure(const std::string& path, vernier::DocumentRole role) {
    vernier::MeasureOptions opts;
    opts.exactObb = false;
    return vernier::measureDocument(vernier::FcDocument::load(path, {}, vernier::ShapeLoading::OnDemand),
                                    role, opts);
}

// The bundle form: one trial of a result bundle, found by its trial name, and the documents of one of its
// stages as the trial inspector loads them (models/trial_analysis.h analyseStage: checked in a throw-away
// process first).
struct TrialDocuments {
    vernier::MeasuredDocument reference, candidate;
    std::optional<vernier::GeometryResult> geometry;
};

TrialDocuments trialDocuments(const std::vector<std::string>& bundles, const vernier::cli::Args& args) {
    const std::string pack = args.option("--tasks"), name = args.option("--trial");
    if (pack.empty()) throw vernier::InputError("render BUNDLE needs --tasks PACK");
    if (name.empty()) throw vernier::InputError("render BUNDLE needs --trial NAME");
    if (!args.option("--reference").empty() || !args.option("--candidate").empty())
        throw vernier::InputError("give either BUNDLE --tasks --trial or --reference/--candidate, not both");
    const vernier::ResultSet set = vernier::importResults(bundles, pack);
    vernier::cli::reportProblems(set);
    std::vector<const vernier::TrialRecord*> found;
    for (const auto& t : set.trials)
        if (t.trialName == name) found.push_back(&t);
    if (found.empty()) {
        std::string some;
        for (std::size_t i = 0; i < set.trials.size() && i < 3; ++i)
            some += (i ? ", " : "") + set.trials[i].trialName;
        throw vernier::InputError("no trial named \"" + name + "\" in the bundles (" +
                                  std::to_string(set.trials.size()) + " trials" +
                                  (some.empty() ? "" : ", e.g. " + some) + ")");
    }
    if (found.size() > 1)
        throw vernier::InputError("trial name \"" + name + "\" is in several bundles; give only one BUNDLE");
    const vernier::TrialRecord& trial = *found.front();
    if (trial.taskIndex < 0) throw vernier::InputError("trial \"" + name + "\": its task is not in " + pack);
    const auto stages = vernier::stagesOf(trial, set.tasks[static_cast<std::size_t>(trial.taskIndex)]);
    if (stages.empty()) throw vernier::InputError("trial \"" + name + "\" has no stage to render");
    const std::string stageName = args.option("--stage");
    std::size_t which = stages.size() - 1; // the final stage (the edit of create_and_edit)
    if (!stageName.empty()) {
        if (stages.size() < 2 || (stageName != "base" && stageName != "edit"))
            throw vernier::InputError(stages.size() < 2
                                          ? "--stage applies to create_and_edit trials only"
                                          : "--stage must be base or edit, got '" + stageName + "'");
        which = stageName == "base" ? 0 : 1;
    }
    const vernier::StageAnalysis a = vernier::analyseStage(stages[which]);
    if (!a.reference || !a.candidate || a.reference->shape.IsNull() || a.candidate->shape.IsNull()) {
        std::string why = a.problems.empty() ? std::string("no scored body shape") : a.problems.front();
        throw vernier::InputError("trial \"" + name + "\" (" + stages[which].title + "): " + why);
    }
    return {*a.reference, *a.candidate, a.geometry};
}

int runRender(const std::vector<std::string>& argv) {
    // Untrusted documents: OCCT faults become bad input. No address-space cap here: the OpenGL
    // driver (llvmpipe under Xvfb) reserves large mappings of its own.
    vernier::installOcctGuards(std::nullopt);
    const vernier::cli::Args args(argv);
    const std::vector<std::string> bundles =
        args.positionals({"--reference", "--candidate", "--out", "--mode", "--size", "--background",
                          "--tasks", "--trial", "--stage", "--timeout"});
    const bool bundleForm = !bundles.empty() || !args.option("--trial").empty();
    const std::string refPath = args.option("--reference"), candPath = args.option("--candidate");
    const std::string out = args.option("--out"), modeText = args.option("--mode", "side-by-side");
    if (bundleForm && bundles.empty()) throw vernier::InputError("--trial needs a BUNDLE");
    if (!bundleForm && (refPath.empty() || candPath.empty() || out.empty()))
        throw vernier::InputError("--reference, --candidate and --out are required (or BUNDLE --tasks PACK "
                                  "--trial NAME --out FILE)");
    if (out.empty()) throw vernier::InputError("--out FILE.png is required");
    const auto mode = vernier::viewers::parseInspectorMode(modeText);
    if (!mode)
        throw vernier::InputError("--mode must be side-by-side, overlay or deviation, got '" + modeText +
                                  "'");
    const std::string background = args.option("--background", "white");
    if (background != "white" && background != "transparent")
        throw vernier::InputError("--background must be white or transparent, got '" + background + "'");

    vernier::viewers::RenderRequest request;
    request.mode = *mode;
    request.size = parseSize(
        args.option("--size", mode == vernier::viewers::InspectorMode::SideBySide ? "1600x800" : "1200x900"));
    request.transparentBackground = background == "transparent";

    // Fail on bad input before asking for a display. A document that makes the reader loop ends the
    // command at --timeout (scoring/process_guard.h); drawing is not under the deadline.
    auto deadline = vernier::cli::readDeadline(args, "render", "reading and measuring the documents");
    TrialDocuments docs;
    if (bundleForm) {
        docs = trialDocuments(bundles, args);
    } else {
        docs.reference = measure(refPath, vernier::DocumentRole::Reference);
        docs.candidate = measure(candPath, vernier::DocumentRole::Candidate);
        if (docs.reference.shape.IsNull())
            throw vernier::InputError("reference has no scored body shape: " + refPath);
        if (docs.candidate.shape.IsNull())
            throw vernier::InputError("candidate has no scored body shape: " + candPath);
    }
    const vernier::MeasuredDocument& reference = docs.reference;
    const vernier::MeasuredDocument& candidate = docs.candidate;
    request.reference = reference.shape;
    request.candidate = candidate.shape;
    if (!reference.gate && !candidate.gate) {
        if (!docs.geometry) docs.geometry = vernier::scoreGeometry(reference, candidate);
        const auto& geometry = *docs.geometry;
        if (geometry.icp && !geometry.icp->gated) {
            request.R = geometry.icp->R;
            request.t = geometry.icp->t;
            if (!args.flag("--no-unmatched")) {
                const auto unmatched = vernier::unmatchedFaces(reference, candidate, geometry.icp);
                request.unmatchedReference = unmatched.reference;
                request.unmatchedCandidate = unmatched.candidate;
            }
        } else {
            std::fprintf(stderr, "vernier-cli render: no ICP transform (%s); candidate shown unmoved\n",
                         geometry.gate ? geometry.gate->reason.c_str() : "ICP did not run");
        }
    } else {
        std::fprintf(stderr, "vernier-cli render: gated before ICP; candidate shown unmoved\n");
    }

    deadline.reset();
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        throw vernier::InputError("no X display: set DISPLAY or run under xvfb-run");
    vernier::prepareOcctPlatform();
    int qargc = 1;
    char name[] = "vernier-cli";
    char* qargv[] = {name, nullptr};
    QApplication app(qargc, qargv);
    const QImage image = vernier::viewers::renderInspectorImage(request);
    // Written beside the target and renamed over it, so a reader never sees half a picture.
    const std::string partial = out + ".partial";
    QImageWriter writer(QString::fromStdString(partial), "png");
    // What produced the picture, as PNG text chunks (figures/provenance.h).
    const auto provenance =
        vernier::ui::basicProvenance(vernier::ui::commandLine(QStringLiteral("vernier-cli render"), argv));
    writer.setText(QStringLiteral("Software"), provenance.producer);
    writer.setText(QStringLiteral("Source"), provenance.command);
    writer.setText(QStringLiteral("Creation Time"), provenance.date);
    writer.setText(QStringLiteral("Description"), provenance.text());
    if (!writer.write(image)) {
        std::remove(partial.c_str());
        throw vernier::InputError("cannot write " + out + ": " + writer.errorString().toStdString());
    }
    if (std::rename(partial.c_str(), out.c_str()) != 0) {
        std::remove(partial.c_str());
        throw vernier::InputError("cannot write " + out);
    }
    std::fprintf(stderr, "wrote %s (%dx%d)\n", out.c_str(), image.width(), image.height());
    return vernier::cli::kExitOk;
}
#else
// vernier-cli proper: the drawing program beside it renders (app/cli/draw_program.h).
int runRender(const std::vector<std::string>& argv) {
    return vernier::cli::runInDrawingProgram("render", argv);
}
#endif

} // namespace

VERNIER_CLI_COMMAND(
    render, "render",
    "--reference R.FCStd --candidate C.FCStd | BUNDLE --tasks PACK --trial NAME [--stage base|edit]  "
    "--out FILE.png [--mode side-by-side|overlay|deviation] [--size WxH] [--background white|transparent] "
    "[--no-unmatched] [--timeout S]",
    runRender, "render the trial inspector's 3D picture of a pair, or of a bundle's trial, to a PNG",
    {{"--reference", "R.FCStd", "the reference document (file form)"},
     {"--candidate", "C.FCStd", "the candidate document (file form)"},
     {"--tasks", "PACK", "the task pack (bundle form)"},
     {"--trial", "NAME", "the trial's name, as `leaderboard`/`rescore` list it (bundle form)"},
     {"--stage", "base|edit", "create_and_edit: which stage to render (default edit)", false, false,
      "base edit"},
     {"--out", "FILE.png", "the PNG to write (atomically); required"},
     {"--mode", "side-by-side|overlay|deviation", "the picture (default side-by-side)", false, false,
      "side-by-side overlay deviation"},
     {"--size", "WxH", "pixels, 16-8192 per side (default 1600x800 side by side, else 1200x900)"},
     {"--background", "white|transparent", "background (default white)", false, false, "white transparent"},
     {"--no-unmatched", nullptr, "do not highlight the faces ICP left unmatched"},
     vernier::cli::readTimeoutOptionSpec()},
    "BUNDLE: the result bundle holding --trial (bundle form)");
