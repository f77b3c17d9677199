// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The v2 geometry similarity of a candidate against a reference (docs/scoring.md §5.1, §7.1):
// gates in the spec's order, subscores, the OBB bbox gate, face-centre ICP and P * (0.5 + 0.5 Q).
#include <array>
#include <map>
#include <optional>
#include <string>

#include "scoring/geometry_features.h"
#include "scoring/icp.h"
#include "scoring/subscores.h"

namespace vernier {

struct GeometryOptions {
    GeometryTolerances tolerances;
    // Compute the OBB at the spec's deflection on both shapes even when coarse estimates already
    // decide the gate (the inspector's exact bbox diagnostic). Scores and gates never depend on it.
    bool exactBboxDiagnostics = false;
};

// One tiered subscore: its error, score and tier.
struct Subscore {
    double relDiff = 0;
    double score = 0;
    Tier tier = Tier::Far;
};

// The OBB comparison and its gate (§7.1.8). When an OBB is an estimate, [errorLow, errorHigh] bounds
// the error the spec's deflection would give; when that interval straddles the threshold, finer
// estimates are made (obb_estimate.h second tier), then, if still undecided (or on request), the
// exact OBBs, in which case `exact` is true.
struct BboxComparison {
    std::array<double, 3> reference{0, 0, 0};
    std::array<double, 3> candidate{0, 0, 0};
    double relativeError = 0; // max sorted-component rel (exact, or the coarse estimate)
    double errorLow = 0, errorHigh = 0;
    double threshold = 0.10;
    bool passed = false;
    bool exact = false;
    bool closer = false;  // the first-tier estimates could not decide: second-tier estimates were made
    bool refined = false; // exact OBBs had to be computed here
};

// Everything the scorer decided, as data. `subscores` is absent when a gate fired before them
// (§5.1 step 1); `icp` is absent when ICP did not run (step 1 or the bbox gate).
struct GeometryResult {
    double score = 0;
    std::optional<GateResult> gate;
    std::string reason; // §9 format, or the gate's reason

    struct Subscores {
        Subscore surfaceTypes, volume, surfaceArea, principalMoments, bbox; // bbox: diagnostic only
        std::optional<double> icp;                                          // absent if ICP did not run
    };
    std::optional<Subscores> subscores;
    std::optional<BboxComparison> bbox;
    std::optional<IcpResult> icp;

    double partial = 0; // P of §5.1 (0 when gated before subscores)
    std::map<std::string, double> surfaceTypesPerTypeRelDiff;
    double surfaceTypesAreaFloor = 0;
    std::array<double, 3> principalMomentsReference{0, 0, 0}, principalMomentsCandidate{0, 0, 0};
    int solidCountReference = 0, solidCountCandidate = 0;
};

// Weights of §5.1 (sum of the scalar weights 0.50; ICP 0.50).
struct GeometryWeights {
    static constexpr double surfaceTypes = 0.05, volume = 0.175, surfaceArea = 0.175, principalMoments = 0.10;
    static constexpr double scalarSum = 0.50;
};

// P = clamp01(weighted scalars / 0.50); G = clamp01(P * (0.5 + 0.5 * clamp01(q))).
double combineGeometry(double surfaceTypes, double volume, double surfaceArea, double principalMoments,
                       double icp);

// Both documents as measured by measureDocument() (either OBB mode). Throws MeasurementError (with
// "reference|candidate model '<file>': ") when an exact OBB is needed and OCCT cannot compute it,
// InputError for invalid tolerances.
GeometryResult scoreGeometry(const MeasuredDocument& reference, const MeasuredDocument& candidate,
                             const GeometryTolerances& tolerances = {});
GeometryResult scoreGeometry(const MeasuredDocument& reference, const MeasuredDocument& candidate,
                             const GeometryOptions& options);

// The §7.1.6/7 count gates: |a - b| / max(a, b) > 0.5.
std::optional<GateResult> faceCountGate(int candidateFaces, int referenceFaces);
std::optional<GateResult> vertexCountGate(int candidateVertices, int referenceVertices);

// Interval of the max sorted-component rel error when each side's dims may be off by the given
// absolute margins (0 for an exact side). Exposed for tests.
std::array<double, 2> bboxErrorInterval(const std::array<double, 3>& r, const std::array<double, 3>& c,
                                        const std::array<double, 3>& marginR,
                                        const std::array<double, 3>& marginC);

// Absolute per-dimension uncertainty of an OBB meshed at `coarseDeflection` relative to one meshed at
// `fineDeflection` (documented in geometry_scorer.cpp).
std::array<double, 3> obbMargin(const std::array<double, 3>& dims, double coarseDeflection,
                                double fineDeflection);

} // namespace vernier
