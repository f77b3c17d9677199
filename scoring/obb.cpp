// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// OBB per docs/scoring.md §3.1 on a private copy of the topology (the mesh lives on the TFaces).
#include "scoring/obb.h"

#include <algorithm>
#include <cmath>

#include <BRepBndLib.hxx>
#include <BRepBuilderAPI_Copy.hxx>
#include <BRepMesh_IncrementalMesh.hxx>
#include <BRepTools.hxx>
#include <Bnd_OBB.hxx>
#include <Standard_Failure.hxx>

#include "scoring/errors.h"

namespace vernier {

double obbDeflection(double volume) {
    return std::cbrt(volume) * 1e-4;
}

std::array<double, 3> obbDims(const TopoDS_Shape& shape, double linearDeflection) {
    const std::string prefix = "Cannot compute OCCT OBB: ";
    if (shape.IsNull()) throw MeasurementError(prefix + "empty BREP shape");
    if (!(linearDeflection > 0) || !std::isfinite(linearDeflection))
        throw MeasurementError(prefix + "expected a positive-volume solid");
    try {
        // Copy topology (geometry is shared, read-only) so the mesh is private to this call.
        BRepBuilderAPI_Copy copier(shape, /*copyGeom=*/Standard_False, /*copyMesh=*/Standard_False);
        TopoDS_Shape work = copier.Shape();
        BRepTools::Clean(work);
        BRepMesh_IncrementalMesh mesher(work, linearDeflection, /*isRelative=*/Standard_False, 0.1,
                                        /*isInParallel=*/Standard_False);
        if (!mesher.IsDone()) throw MeasurementError(prefix + "meshing failed");
        Bnd_OBB box;
        BRepBndLib::AddOBB(work, box, /*useTriangulation=*/Standard_True, /*isOptimal=*/Standard_True,
                           /*useShapeTolerance=*/Standard_False);
        if (box.IsVoid()) throw MeasurementError(prefix + "void oriented box");
        std::array<double, 3> d{2 * box.XHSize(), 2 * box.YHSize(), 2 * box.ZHSize()};
        std::sort(d.begin(), d.end());
        for (double v : d)
            if (!std::isfinite(v) || v <= 0) throw MeasurementError(prefix + "degenerate oriented box");
        return d;
    } catch (const Standard_Failure& e) {
        throw MeasurementError(prefix + (e.GetMessageString() ? e.GetMessageString() : "OCCT failure"));
    }
}

} // namespace vernier
