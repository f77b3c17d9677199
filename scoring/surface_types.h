// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// FreeCAD's names for face surface types (the Python class of face.Surface), docs/scoring.md §3.
#include <string>

#include <GeomAbs_SurfaceType.hxx>
#include <TopoDS_Face.hxx>

namespace vernier {

// "Plane", "Cylinder", "Cone", "Sphere", "Toroid", "BezierSurface", "BSplineSurface",
// "SurfaceOfRevolution", "SurfaceOfExtrusion", "OffsetSurface"; "Unknown" when FreeCAD has no class
// for the surface (GeomAbs_OtherSurface) or the face has no surface.
std::string surfaceTypeName(const TopoDS_Face& face);
// The same name for an adaptor's surface type (FreeCAD's Python class of face.Surface).
std::string surfaceTypeName(GeomAbs_SurfaceType type);

} // namespace vernier
