// `vernier-cli render`: the trial inspector's 3D picture of a reference/candidate pair, rendered
// offscreen through the same path as the GUI's "Export image" (docs/contract.md §5).
#include <cstdio>
#include <string>

#include "cli/command.h"
#include "scoring/errors.h"

#ifdef VERNIER_CLI_HAS_GUI
#include <QApplication>
#include <QImageWriter>

#include "figures/provenance.h"
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

int runRender(const std::vector<std::string>& argv) {
    // Untrusted documents: OCCT faults become bad input. No address-space cap here: the OpenGL
    // driver (llvmpipe under Xvfb) reserves large mappings of its own.
    vernier::installOcctGuards(std::nullopt);
    const vernier::cli::Args args(argv);
    const std::string refPath = args.option("--reference"), candPath = args.option("--candidate");
    const std::string out = args.option("--out"), modeText = args.option("--mode", "side-by-side");
    if (refPath.empty() || candPath.empty() || out.empty())
        throw vernier::InputError("--reference, --candidate and --out are required");
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

    // Fail on bad input before asking for a display.
    const auto reference = measure(refPath, vernier::DocumentRole::Reference);
    const auto candidate = measure(candPath, vernier::DocumentRole::Candidate);
    if (reference.shape.IsNull()) throw vernier::InputError("reference has no scored body shape: " + refPath);
    if (candidate.shape.IsNull())
        throw vernier::InputError("candidate has no scored body shape: " + candPath);
    request.reference = reference.shape;
    request.candidate = candidate.shape;
    if (!reference.gate && !candidate.gate) {
        const auto geometry = vernier::scoreGeometry(reference, candidate);
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

    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        throw vernier::InputError("no X display: set DISPLAY or run under xvfb-run");
    vernier::prepareOcctPlatform();
    int qargc = 1;
    char name[] = "vernier-cli";
    char* qargv[] = {name, nullptr};
    QApplication app(qargc, qargv);
    const QImage image = vernier::viewers::renderInspectorImage(request);
    QImageWriter writer(QString::fromStdString(out), "png");
    // What produced the picture, as PNG text chunks (figures/provenance.h).
    const auto provenance =
        vernier::ui::basicProvenance(vernier::ui::commandLine(QStringLiteral("vernier-cli render"), argv));
    writer.setText(QStringLiteral("Software"), provenance.producer);
    writer.setText(QStringLiteral("Source"), provenance.command);
    writer.setText(QStringLiteral("Creation Time"), provenance.date);
    writer.setText(QStringLiteral("Description"), provenance.text());
    if (!writer.write(image))
        throw vernier::InputError("cannot write " + out + ": " + writer.errorString().toStdString());
    std::fprintf(stderr, "wrote %s (%dx%d)\n", out.c_str(), image.width(), image.height());
    return vernier::cli::kExitOk;
}
#else
int runRender(const std::vector<std::string>&) {
    std::fprintf(stderr, "vernier-cli render: this build has no GUI libraries (VERNIER_BUILD_GUI=OFF)\n");
    return vernier::cli::kExitBadInput;
}
#endif

} // namespace

VERNIER_CLI_COMMAND(
    render, "render",
    "--reference R.FCStd --candidate C.FCStd --mode side-by-side|overlay|deviation --out FILE.png "
    "[--size WxH] [--background white|transparent] [--no-unmatched]",
    runRender);
