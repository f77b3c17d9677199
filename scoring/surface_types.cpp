// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Mirrors TopoShapeFacePy::getSurface: BRepAdaptor_Surface's type decides the Python class, so trimmed
// surfaces report their basis type just as FreeCAD unwraps them.
#include "scoring/surface_types.h"

#include <BRepAdaptor_Surface.hxx>
#include <BRep_Tool.hxx>
#include <Standard_Failure.hxx>

namespace vernier {

std::string surfaceTypeName(GeomAbs_SurfaceType type) {
    switch (type) {
    case GeomAbs_Plane:
        return "Plane";
    case GeomAbs_Cylinder:
        return "Cylinder";
    case GeomAbs_Cone:
        return "Cone";
    case GeomAbs_Sphere:
        return "Sphere";
    case GeomAbs_Torus:
        return "Toroid";
    case GeomAbs_BezierSurface:
        return "BezierSurface";
    case GeomAbs_BSplineSurface:
        return "BSplineSurface";
    case GeomAbs_SurfaceOfRevolution:
        return "SurfaceOfRevolution";
    case GeomAbs_SurfaceOfExtrusion:
        return "SurfaceOfExtrusion";
    case GeomAbs_OffsetSurface:
        return "OffsetSurface";
    default:
        return "Unknown";
    }
}

std::string surfaceTypeName(const TopoDS_Face& face) {
    try {
        TopLoc_Location loc;
        if (BRep_Tool::Surface(face, loc).IsNull()) return "Unknown";
        BRepAdaptor_Surface adaptor(face, /*restriction=*/Standard_False);
        return surfaceTypeName(adaptor.GetType());
    } catch (const Standard_Failure&) {
        return "Unknown";
    }
}

} // namespace vernier
