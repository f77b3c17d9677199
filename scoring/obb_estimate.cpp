#include "scoring/obb_estimate.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <BRepBndLib.hxx>
#include <BRepBuilderAPI_Copy.hxx>
#include <BRepMesh_IncrementalMesh.hxx>
#include <BRepTools.hxx>
#include <BRep_Tool.hxx>
#include <Bnd_OBB.hxx>
#include <Poly_Triangulation.hxx>
#include <Standard_Failure.hxx>
#include <TopExp_Explorer.hxx>
#include <TopoDS.hxx>

#include "scoring/errors.h"
#include "scoring/obb.h"

namespace vernier {

ObbEstimate estimateObb(const TopoDS_Shape& shape, double volume) {
    const std::string prefix = "Cannot compute OCCT OBB: ";
    if (shape.IsNull()) throw MeasurementError(prefix + "empty BREP shape");
    if (!(volume > 0) || !std::isfinite(volume))
        throw MeasurementError(prefix + "expected a positive-volume solid");
    try {
        // A private topology copy, so no mesh leaks into the caller's (possibly shared) shape.
        BRepBuilderAPI_Copy copier(shape, Standard_False, Standard_False);
        TopoDS_Shape work = copier.Shape();
        BRepTools::Clean(work);
        BRepMesh_IncrementalMesh mesher(work, obbDeflection(volume) * kObbEstimateLinearFactor,
                                        Standard_False, kObbEstimateAngularDeflection, Standard_False);
        if (!mesher.IsDone()) throw MeasurementError(prefix + "meshing failed");
        ObbEstimate e;
        for (TopExp_Explorer ex(work, TopAbs_FACE); ex.More(); ex.Next()) {
            TopLoc_Location loc;
            const Handle(Poly_Triangulation) tri = BRep_Tool::Triangulation(TopoDS::Face(ex.Current()), loc);
            if (tri.IsNull()) throw MeasurementError(prefix + "a face has no triangulation");
            e.deflection = std::max(e.deflection, tri->Deflection());
        }
        Bnd_OBB box;
        BRepBndLib::AddOBB(work, box, Standard_True, Standard_True, Standard_False);
        if (box.IsVoid()) throw MeasurementError(prefix + "void oriented box");
        e.dims = {2 * box.XHSize(), 2 * box.YHSize(), 2 * box.ZHSize()};
        std::sort(e.dims.begin(), e.dims.end());
        for (double v : e.dims)
            if (!std::isfinite(v) || v <= 0) throw MeasurementError(prefix + "degenerate oriented box");
        return e;
    } catch (const Standard_Failure& ex) {
        throw MeasurementError(prefix + (ex.GetMessageString() ? ex.GetMessageString() : "OCCT failure"));
    }
}

} // namespace vernier
