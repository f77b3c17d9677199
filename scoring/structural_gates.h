// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Scored-body selection (docs/scoring.md §2) and the gates on one document alone (§7.1 steps 2-5).
// Gate results are data: {gate, reason} with the spec's reason texts.
#include <optional>
#include <string>
#include <vector>

#include <GProp_GProps.hxx>
#include <TopoDS_Shape.hxx>

#include "scoring/fcstd_document.h"
#include "scoring/geometry_features.h"
#include "scoring/shape_integrals.h"

namespace vernier {

constexpr int kMaxCandidateFaces = 5000; // §7.1.5

// A PartDesign::Body of the document, in document order.
struct BodyInfo {
    std::string name;
    std::string type;
    bool nonEmpty = false; // non-null shape with Volume > 0
};

std::vector<BodyInfo> listBodies(const FcDocument& doc);

// "reference" / "candidate".
const char* roleWord(DocumentRole role);

// Volume of a stored shape (0 for a null shape or when OCCT fails).
double shapeVolume(const TopoDS_Shape& shape);
// §7.2 "carries faces": non-null with at least one face; an OCCT exception counts as true.
bool carriesFaces(const TopoDS_Shape& shape);

// True when both shapes are bounded by the same faces: in the same order, each with the same orientation,
// the same analytic surface (plane, cylinder, cone, sphere, torus; placement and radii within 1e-9
// relative) and the same edges (line, circle or ellipse arcs with the same type, parameters and end and
// middle points). Their volumes then differ by integration noise only, so §7.2's body-versus-tip volume
// test holds without integrating the tip. False whenever it cannot tell (other surface or curve types).
bool sameBoundary(const TopoDS_Shape& a, const TopoDS_Shape& b);

// §2: the first PartDesign::Body whose shape is non-null with Volume > 0; empty if none.
std::string selectScoredBody(const FcDocument& doc);

// §7.1.2: no shape the scorer could load (no Body and no other object with a positive-volume solid):
// "No solid shape found in <role> model '<file>'". Gate name "body".
std::optional<GateResult> noSolidGate(const FcDocument& doc, DocumentRole role);

// §7.1.3: the body gate, every rejection reason, suffixed " in <role> model '<file>'".
std::optional<GateResult> bodyGate(const FcDocument& doc, DocumentRole role);

// §7.1.4 / §7.2: the feature-tree gate on the scored Body.
std::optional<GateResult> featureTreeGate(const FcDocument& doc, const std::string& bodyName,
                                          DocumentRole role);

// §7.1.5 (candidate only): more than maxFaces faces.
std::optional<GateResult> complexityGate(int nFaces, DocumentRole role, int maxFaces = kMaxCandidateFaces);

// Steps 2-4 in the spec's order; the first gate that fires.
std::optional<GateResult> structuralGates(const FcDocument& doc, DocumentRole role);

// The same, with the scored Body (§2) from the same pass (each object's volume computed once).
struct StructuralCheck {
    std::string scoredBody;
    std::optional<GateResult> gate;
    // integrateShape() of the scored Body's shape, as computed for the gates (absent when OCCT failed):
    // measureDocument reuses it instead of integrating the same solid and its faces again.
    std::optional<ShapeIntegrals> scoredBodyIntegrals;
    // The scored Body's face count, when the gates read it from its text (CensusUse): the complexity gate
    // needs nothing else.
    std::optional<int> scoredBodyFaces;
};
// Whether the gates read counts and volumes from the stored text (FcObject::census) instead of parsing.
// The census's numbers are the parsed shape's, so the outcome is the same; only the cost differs.
// WhenLarge: a candidate with a Body stored in 512 KiB or more whose census is past the complexity gate
// (a mesh-like answer of thousands of faces: docs/scoring.md §15 "Gates from the text"). Always: every
// object with a census (tests).
enum class CensusUse { Never, WhenLarge, Always };
// A candidate Body with more than maxCandidateFaces faces is never measured (the complexity gate): its
// integrals are not computed, only its volume (absent scoredBodyIntegrals).
StructuralCheck checkStructure(const FcDocument& doc, DocumentRole role,
                               int maxCandidateFaces = kMaxCandidateFaces,
                               CensusUse census = CensusUse::Never);

} // namespace vernier
