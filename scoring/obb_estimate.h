// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A cheap OBB estimate for the bbox gate (docs/scoring.md §14): the same OCCT optimal OBB algorithm on far
// fewer points than the spec's fine mesh, with the deflection those points reach, so the scorer can bound
// the error against the OBB at the spec's deflection (geometry_scorer.h obbMargin) and refine only when
// the gate is in doubt. The points: planar-only shapes use their vertices (exact); faces on planes,
// cylinders, cones and extrusions contribute their edges (isRuled); any other face a coarse mesh.
#include <array>
#include <vector>

#include <gp_XYZ.hxx>

#include <TopoDS_Shape.hxx>

namespace vernier {

// First-tier mesh: linear deflection = factor x the spec's V^(1/3)*1e-4, angular 0.7 rad (measured: as
// few second-tier passes on the fixtures and sample as 0.5 rad, 10% cheaper; 1.0 rad triples them).
constexpr double kObbEstimateLinearFactor = 100.0;
constexpr double kObbEstimateAngularDeflection = 0.7;
// Second tier, tried before the spec's mesh when the first cannot decide the gate (about 4x fewer
// nodes than the spec's 0.1 rad on curved faces, about 12x less chordal error than the first tier).
constexpr double kObbCloserLinearFactor = 10.0;
constexpr double kObbCloserAngularDeflection = 0.2;

// Ruled faces (isRuled) need no mesh: each tier discretizes the edges with a tenth of its linear
// factor and at most 0.3 rad (measured on the sample: first tier 1.6 ms per pair, no pair needs the
// second tier; 0.1 rad costs 30% more, a linear scale of 0.3 sends 8 of 46 pairs to the second tier).
constexpr double kObbEdgeLinearScale = 0.1;
constexpr double kObbEdgeMaxAngularDeflection = 0.3;

struct ObbEstimate {
    std::array<double, 3> dims{0, 0, 0}; // sorted ascending
    double deflection = 0;               // largest deflection the mesh actually reached (mm)
    // The shape has only planar faces bounded by straight edges: OCCT's OBB then uses the vertices
    // alone, whatever the mesh, so `dims` is the spec's OBB itself (computed without any mesh).
    bool exact = false;
};

// Throws MeasurementError("Cannot compute OCCT OBB: ...") like obbDims().
ObbEstimate estimateObb(const TopoDS_Shape& shape, double volume);

// The same with explicit mesh parameters (linear factor x V^(1/3)*1e-4, angular rad).
ObbEstimate estimateObb(const TopoDS_Shape& shape, double volume, double linearFactor,
                        double angularDeflection);

// OCCT's optimal OBB of a point set (Bnd_OBB::ReBuild(points, nullptr, isOptimal = true), OCCT 7.6):
// the same 7 initial axes, the same 364 extremal-point triangles, the same quality criterion and the
// same floating-point operations, with each projection a straight pass over the points instead of a
// BVH walk (4x faster for the few hundred points of an edge sample). Values agree with OCCT bit for
// bit; only which of several tied extremal points is picked may differ. Dims sorted ascending.
std::array<double, 3> optimalObbOfPoints(const std::vector<gp_XYZ>& points);

// True when every face is a plane and every geometric edge of every face a line: the case in which
// BRepBndLib::AddOBB builds the box from the vertices only (BRepBndLib_1.cxx PointsForOBB).
bool isPolyhedral(const TopoDS_Shape& shape);

// True when every face lies on a plane, cylinder, cone or surface of linear extrusion. Each point of
// such a face lies on a straight ruling whose two ends are on the face's boundary, so the convex hull
// of the solid (all that an oriented box sees) is the convex hull of its edges: no mesh is needed.
bool isRuled(const TopoDS_Shape& shape);

// The optimal OBB of the vertices and of each curved edge discretized at the given deflections; the
// estimate's deflection is the largest chord sag reached (at least `linearDeflection`).
ObbEstimate estimateObbFromEdges(const TopoDS_Shape& shape, double linearDeflection,
                                 double angularDeflection);

} // namespace vernier
