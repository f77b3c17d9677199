// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// A solid's volume integrals and each of its faces' surface integrals in one pass over the faces.
#pragma once

#include <optional>
#include <vector>

#include <GProp_GProps.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS_Shape.hxx>

namespace vernier {

struct ShapeIntegrals {
    // BRepGProp::VolumeProperties(shape) with OCCT 7.6's default arguments, to rounding (2.6e-15 relative at
    // most over every stored shape of the fixtures and the sample): curved faces take OCCT's own Gauss
    // integration in the same order, planar faces an exact closed form from their surface integrals.
    GProp_GProps volume;
    // faces[i - 1] is bit for bit BRepGProp::SurfaceProperties(faceMap(i)), faceMap being
    // TopExp::MapShapes(shape, TopAbs_FACE): area, area centroid and inertia of every unique face.
    std::vector<GProp_GProps> faces;
};

// Computes both sets with the OCCT integrators the two calls above use, but prepares each face (its UV
// bounds and boundary: BRepGProp_Face::Load, the costliest step for the small analytic faces CAD parts
// have) once for both, instead of once per call, and derives a planar face's share of the volume integrals
// from its surface integrals (divergence theorem; shape_integrals.cpp) instead of integrating it a second
// time. Throws Standard_Failure as those calls do.
ShapeIntegrals integrateShape(const TopoDS_Shape& shape);

// The volume of a polyhedral shape in closed form, or nothing when a face is not a plane bounded by straight
// edges (or an edge has no 3D curve). By the divergence theorem each planar face adds (p - o).S / 3, S being
// the area vector of its boundary loops (half the sum of the edges' end-point cross products, edges as the
// shape orients them) and p any point of it: no Gauss integration and no UV bounds (a 5,006-face prism: 10 ms
// against OCCT's 237, bench_gated). A mirroring location is declined too. Equal to
// BRepGProp::VolumeProperties to rounding; the gates use it where only the volume is needed (docs/scoring.md
// "Gates first").
std::optional<double> polyhedralVolume(const TopoDS_Shape& shape);

} // namespace vernier
