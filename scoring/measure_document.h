// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The entry point of per-document measurement: gates (docs/scoring.md §7.1 steps 2-5), scored-body
// selection (§2), geometry features (§3) and per-face samples (§6).
#include <string>

#include <GProp_GProps.hxx>
#include <TopoDS_Shape.hxx>

#include "scoring/geometry_features.h"
#include "scoring/shape_integrals.h"

namespace vernier {

struct MeasureOptions {
    bool exactObb = true;             // false: the cheap estimate only (obb_estimate.h, docs/scoring.md §14)
    int maxFacesBeforeMeshing = 5000; // the complexity gate (candidate only)
    // False: a gated document's `shape` stays null (not parsed), and a candidate Body past the complexity
    // gate is gated from its text's census (docs/scoring.md §15 "Gates from the text"). Same gate either way.
    bool shapeWhenGated = true;
};

// Gates first; when none fires, measures the scored Body's shape. OCCT failures while measuring throw
// MeasurementError("<role> model '<file>': ...") — an error, never a zero (§3.1.6).
MeasuredDocument measureDocument(FcDocument doc, DocumentRole role, const MeasureOptions& opts = {});

// Features of a shape alone (no gates); what measureDocument uses. Exposed for analytic tests.
// `integrals`, when given, must be integrateShape(shape) already computed by the caller; the shape is
// then not integrated again.
GeometryFeatures measureShape(const TopoDS_Shape& shape, const MeasureOptions& opts = {},
                              std::vector<FaceSample>* faces = nullptr,
                              const ShapeIntegrals* integrals = nullptr);

} // namespace vernier
