// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/geometry_scorer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "scoring/errors.h"
#include "scoring/obb.h"
#include "scoring/obb_estimate.h"
#include "scoring/structural_gates.h"

namespace vernier {

namespace {

constexpr double kCountRatioThreshold = 0.5;

// How far an OBB from a coarse mesh may be from the one at the spec's deflection. Mesh nodes lie on
// the surface and chords stay within the linear deflection, so each face of the box moves by at most
// about the deflection of either mesh: 2 * (coarse + fine) per dimension. OCCT's "optimal" OBB is a
// heuristic search whose orientation can shift with the mesh, so the bound is doubled and a relative
// slack is added; pairs inside the widened interval are simply measured exactly.
constexpr double kObbDeflectionSafety = 2.0;
constexpr double kObbRelativeSlack = 0.005;

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

double countRatio(int a, int b) {
    const int m = std::max(a, b);
    return m > 0 ? std::fabs(double(a) - double(b)) / double(m) : 0.0;
}

std::string docLabel(const MeasuredDocument& d) {
    return d.document.fileName;
}

Subscore tiered(double err, const TierThresholds& t) {
    const TierScore s = tierScore(err, t);
    return {err, s.score, s.tier};
}

std::string roleFileText(const MeasuredDocument& d) {
    return std::string(roleWord(d.role)) + " model '" + d.document.fileName + "': ";
}

// The exact OBB of one side (or its stored exact value).
std::array<double, 3> exactObb(const MeasuredDocument& d) {
    const GeometryFeatures& f = *d.features;
    if (f.obbExact) return f.obbSorted;
    try {
        return obbDims(d.shape, obbDeflection(f.volume));
    } catch (const MeasurementError& e) {
        throw MeasurementError(roleFileText(d) + e.what());
    }
}

// An OBB and how far (absolutely, per sorted dimension) it may be from the spec's.
struct BoundedObb {
    std::array<double, 3> dims{0, 0, 0}, margin{0, 0, 0};
    bool exact = false;
};

BoundedObb storedObb(const GeometryFeatures& f) {
    if (f.obbExact) return {f.obbSorted, {0, 0, 0}, true};
    return {f.obbSorted, obbMargin(f.obbSorted, f.obbCoarseDeflection, obbDeflection(f.volume)), false};
}

// The second-tier estimate (obb_estimate.h) of a side whose stored OBB is only the first tier.
BoundedObb closerObb(const MeasuredDocument& d) {
    const GeometryFeatures& f = *d.features;
    if (f.obbExact) return storedObb(f);
    try {
        const ObbEstimate e =
            estimateObb(d.shape, f.volume, kObbCloserLinearFactor, kObbCloserAngularDeflection);
        if (e.exact) return {e.dims, {0, 0, 0}, true};
        return {e.dims, obbMargin(e.dims, e.deflection, obbDeflection(f.volume)), false};
    } catch (const MeasurementError& e) {
        throw MeasurementError(roleFileText(d) + e.what());
    }
}

BboxComparison compareBbox(const MeasuredDocument& ref, const MeasuredDocument& cand, double threshold,
                           bool forceExact) {
    BboxComparison b;
    b.threshold = threshold;
    BoundedObb r = storedObb(*ref.features), c = storedObb(*cand.features);
    auto interval = [&] { return bboxErrorInterval(r.dims, c.dims, r.margin, c.margin); };
    auto decided = [&](const std::array<double, 2>& iv) { return iv[1] < threshold || iv[0] >= threshold; };
    std::array<double, 2> iv = interval();
    if (!(r.exact && c.exact) && !forceExact && !decided(iv)) {
        // Undecided on the first tier: a finer (still much cheaper than the spec's) mesh first.
        r = closerObb(ref);
        c = closerObb(cand);
        iv = interval();
        b.closer = true;
    }
    b.exact = r.exact && c.exact;
    if (!b.exact && (forceExact || !decided(iv))) {
        r = {exactObb(ref), {0, 0, 0}, true};
        c = {exactObb(cand), {0, 0, 0}, true};
        b.exact = true;
        b.refined = true;
    }
    b.reference = r.dims;
    b.candidate = c.dims;
    b.relativeError = maxComponentError(b.reference, b.candidate);
    b.errorLow = b.exact ? b.relativeError : iv[0];
    b.errorHigh = b.exact ? b.relativeError : iv[1];
    // Undecided intervals were refined above, so the estimate and the exact value agree here.
    b.passed = b.exact ? b.relativeError < threshold : iv[1] < threshold;
    return b;
}

std::string solidCountText(int r, int c) {
    if (r == c) return "solid_count=" + std::to_string(r) + " (matched)";
    return "solid_count reference=" + std::to_string(r) + " candidate=" + std::to_string(c) + " (mismatch)";
}

std::string diffText(const char* name, const Subscore& s) {
    return std::string(name) + "_diff=" + fmt("%.3f", 100.0 * s.relDiff) + "% (" + tierName(s.tier) + ")";
}

std::string buildReason(const MeasuredDocument& ref, const MeasuredDocument& cand, const GeometryResult& g) {
    const auto& s = *g.subscores;
    std::string r =
        docLabel(ref) + " vs " + docLabel(cand) + ": overall=" + fmt("%.3f", g.score) + " [" +
        solidCountText(g.solidCountReference, g.solidCountCandidate) +
        "] (surface_types=" + fmt("%.3f", s.surfaceTypes.score) + ", volume=" + fmt("%.3f", s.volume.score) +
        ", surface_area=" + fmt("%.3f", s.surfaceArea.score) +
        ", principal_moments=" + fmt("%.3f", s.principalMoments.score) +
        ", icp=" + (s.icp ? fmt("%.3f", *s.icp) : std::string("n/a")) + "); " +
        diffText("surface_types", s.surfaceTypes) + "; " + diffText("volume", s.volume) + "; " +
        diffText("surface_area", s.surfaceArea) + "; bbox_diff=" + fmt("%.3f", 100.0 * s.bbox.relDiff) +
        "% (OCCT OBB" + (g.bbox->exact ? "" : ", coarse estimate") + "; gate " +
        (g.bbox->passed ? "passed" : "failed") + "); " + diffText("principal_moments", s.principalMoments);
    if (g.icp) r += "; icp[" + docLabel(ref) + " vs " + docLabel(cand) + ": " + g.icp->reason + "]";
    return r;
}

GeometryResult gated(GeometryResult g, GateResult gate) {
    g.score = 0;
    g.reason = gate.reason;
    g.gate = std::move(gate);
    return g;
}

IcpCloud cloudOf(const MeasuredDocument& d) {
    IcpCloud c;
    c.points.reserve(d.faces.size());
    for (const FaceSample& f : d.faces) {
        c.points.push_back(f.centre);
        c.weights.push_back(f.area);
    }
    c.nVertices = d.features->nVertices;
    return c;
}

} // namespace

double combineGeometry(double st, double vol, double area, double pm, double icp) {
    using W = GeometryWeights;
    const double p =
        clamp01((W::surfaceTypes * st + W::volume * vol + W::surfaceArea * area + W::principalMoments * pm) /
                W::scalarSum);
    return clamp01(p * (0.5 + 0.5 * clamp01(icp)));
}

std::optional<GateResult> faceCountGate(int nc, int nr) {
    const double ratio = countRatio(nc, nr);
    if (!(ratio > kCountRatioThreshold)) return std::nullopt;
    char buf[400];
    std::snprintf(
        buf, sizeof buf,
        "face count differs by %.1f%% (candidate=%d, reference=%d; threshold 50%%) \u2014 candidate likely "
        "represents a structurally different part; gated geometry to 0.0",
        100.0 * ratio, nc, nr);
    return GateResult{"face_count", buf};
}

std::optional<GateResult> vertexCountGate(int nc, int nr) {
    const double ratio = countRatio(nc, nr);
    if (!(ratio > kCountRatioThreshold)) return std::nullopt;
    char buf[300];
    std::snprintf(buf, sizeof buf,
                  "vertex count differs by %.1f%% (candidate=%d, reference=%d; threshold 50%%) \u2014 gated "
                  "geometry to 0.0",
                  100.0 * ratio, nc, nr);
    return GateResult{"vertex_count", buf};
}

std::array<double, 3> obbMargin(const std::array<double, 3>& dims, double coarse, double fine) {
    std::array<double, 3> m{};
    for (int i = 0; i < 3; ++i)
        m[i] = kObbDeflectionSafety * 2.0 * (coarse + fine) + kObbRelativeSlack * std::fabs(dims[i]);
    return m;
}

std::array<double, 2> bboxErrorInterval(const std::array<double, 3>& r, const std::array<double, 3>& c,
                                        const std::array<double, 3>& mr, const std::array<double, 3>& mc) {
    // Per component, e = |r - c| / max(|r|, |c|, 1e-9) with r in [r0 +- mr], c in [c0 +- mc]: bound the
    // numerator and the denominator separately (conservative, cheap). The max of the bounds bounds the max.
    double lo = 0, hi = 0;
    for (int i = 0; i < 3; ++i) {
        const double diff = std::fabs(r[i] - c[i]);
        const double slack = mr[i] + mc[i];
        const double denomHi = std::max({std::fabs(r[i]) + mr[i], std::fabs(c[i]) + mc[i], 1e-9});
        const double denomLo = std::max({std::fabs(r[i]) - mr[i], std::fabs(c[i]) - mc[i], 1e-9});
        lo = std::max(lo, std::max(0.0, diff - slack) / denomHi);
        hi = std::max(hi, std::min(1.0, (diff + slack) / denomLo));
    }
    return {lo, hi};
}

GeometryResult scoreGeometry(const MeasuredDocument& reference, const MeasuredDocument& candidate,
                             const GeometryTolerances& tolerances) {
    GeometryOptions o;
    o.tolerances = tolerances;
    return scoreGeometry(reference, candidate, o);
}

GeometryResult scoreGeometry(const MeasuredDocument& ref, const MeasuredDocument& cand,
                             const GeometryOptions& opt) {
    const GeometryTolerances& tol = opt.tolerances;
    tol.validate();
    GeometryResult g;

    // §7.1 steps 2-5: reference first, then candidate (each document's own gates, complexity included).
    if (ref.gate) return gated(std::move(g), *ref.gate);
    if (cand.gate) return gated(std::move(g), *cand.gate);
    if (!ref.features || !cand.features)
        throw MeasurementError("geometry features missing on an ungated document (measureDocument not run?)");
    const GeometryFeatures &fr = *ref.features, &fc = *cand.features;
    g.solidCountReference = fr.solidCount;
    g.solidCountCandidate = fc.solidCount;
    if (auto gate = complexityGate(fc.nFaces, DocumentRole::Candidate)) return gated(std::move(g), *gate);
    if (auto gate = faceCountGate(fc.nFaces, fr.nFaces)) return gated(std::move(g), *gate);
    if (auto gate = vertexCountGate(fc.nVertices, fr.nVertices)) return gated(std::move(g), *gate);

    // OBB (coarse unless the decision needs the spec's deflection), then the subscores.
    g.bbox = compareBbox(ref, cand, tol.bbox.far, opt.exactBboxDiagnostics);
    GeometryResult::Subscores s;
    const SurfaceTypeError st = surfaceTypeErrorV2(fr.surfaceAreaByType, fc.surfaceAreaByType);
    g.surfaceTypesPerTypeRelDiff = st.perType;
    g.surfaceTypesAreaFloor = st.areaFloor;
    s.surfaceTypes = tiered(st.error, tol.surfaceTypes);
    s.volume = tiered(relDiff(fr.volume, fc.volume), tol.volume);
    s.surfaceArea = tiered(relDiff(fr.area, fc.area), tol.surfaceArea);
    g.principalMomentsReference = fr.principalMomentsNormalized;
    g.principalMomentsCandidate = fc.principalMomentsNormalized;
    s.principalMoments =
        tiered(maxComponentError(fr.principalMomentsNormalized, fc.principalMomentsNormalized),
               tol.principalMoments);
    s.bbox = tiered(g.bbox->relativeError, tol.bbox);
    g.partial = clamp01((GeometryWeights::surfaceTypes * s.surfaceTypes.score +
                         GeometryWeights::volume * s.volume.score +
                         GeometryWeights::surfaceArea * s.surfaceArea.score +
                         GeometryWeights::principalMoments * s.principalMoments.score) /
                        GeometryWeights::scalarSum);
    g.subscores = s;

    // §5.1 step 2: the bbox gate; ICP is not run.
    if (!g.bbox->passed) {
        const std::string reason =
            docLabel(ref) + " vs " + docLabel(cand) + ": OCCT OBB maximum relative error " +
            fmt("%.3f", 100.0 * g.bbox->relativeError) + "% >= " + fmt("%.3f", 100.0 * g.bbox->threshold) +
            "% threshold; gated geometry to 0.0";
        return gated(std::move(g), GateResult{"bbox", reason});
    }

    // Step 3: ICP (its own gates are normally unreachable here).
    g.icp = faceCentreIcp(cloudOf(ref), cloudOf(cand));
    g.subscores->icp = g.icp->score;
    if (g.icp->gated) {
        return gated(std::move(g),
                     GateResult{g.icp->gate.empty() ? "icp" : g.icp->gate,
                                docLabel(ref) + " vs " + docLabel(cand) + ": " + g.icp->reason});
    }

    // Step 4.
    g.score = combineGeometry(s.surfaceTypes.score, s.volume.score, s.surfaceArea.score,
                              s.principalMoments.score, g.icp->score);
    g.reason = buildReason(ref, cand, g);
    return g;
}

} // namespace vernier
