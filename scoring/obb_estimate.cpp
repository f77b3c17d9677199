#include "scoring/obb_estimate.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <BRepAdaptor_Curve.hxx>
#include <BRepAdaptor_Surface.hxx>
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

namespace {

const std::string kPrefix = "Cannot compute OCCT OBB: ";

std::array<double, 3> sortedDims(const Bnd_OBB& box) {
    if (box.IsVoid()) throw MeasurementError(kPrefix + "void oriented box");
    std::array<double, 3> d{2 * box.XHSize(), 2 * box.YHSize(), 2 * box.ZHSize()};
    std::sort(d.begin(), d.end());
    for (double v : d)
        if (!std::isfinite(v) || v <= 0) throw MeasurementError(kPrefix + "degenerate oriented box");
    return d;
}

} // namespace

bool isPolyhedral(const TopoDS_Shape& shape) {
    bool anyFace = false;
    for (TopExp_Explorer f(shape, TopAbs_FACE); f.More(); f.Next()) {
        anyFace = true;
        if (BRepAdaptor_Surface(TopoDS::Face(f.Current()), Standard_False).GetType() != GeomAbs_Plane)
            return false;
        for (TopExp_Explorer e(f.Current(), TopAbs_EDGE); e.More(); e.Next()) {
            const TopoDS_Edge& edge = TopoDS::Edge(e.Current());
            if (BRep_Tool::IsGeometric(edge) && BRepAdaptor_Curve(edge).GetType() != GeomAbs_Line)
                return false;
        }
    }
    // Free edges (outside faces) would need their own polygons; a solid has none, but stay exact.
    if (TopExp_Explorer(shape, TopAbs_EDGE, TopAbs_FACE).More()) return false;
    return anyFace;
}

ObbEstimate estimateObb(const TopoDS_Shape& shape, double volume) {
    return estimateObb(shape, volume, kObbEstimateLinearFactor, kObbEstimateAngularDeflection);
}

ObbEstimate estimateObb(const TopoDS_Shape& shape, double volume, double linearFactor,
                        double angularDeflection) {
    if (shape.IsNull()) throw MeasurementError(kPrefix + "empty BREP shape");
    if (!(volume > 0) || !std::isfinite(volume))
        throw MeasurementError(kPrefix + "expected a positive-volume solid");
    try {
        ObbEstimate e;
        if (isPolyhedral(shape)) {
            // The same points, in the same order, as the spec's meshed OBB: no mesh, no copy needed.
            Bnd_OBB box;
            BRepBndLib::AddOBB(shape, box, Standard_False, Standard_True, Standard_False);
            e.dims = sortedDims(box);
            e.exact = true;
            return e;
        }
        // A private topology copy, so no mesh leaks into the caller's (possibly shared) shape.
        BRepBuilderAPI_Copy copier(shape, Standard_False, Standard_False);
        TopoDS_Shape work = copier.Shape();
        BRepTools::Clean(work);
        BRepMesh_IncrementalMesh mesher(work, obbDeflection(volume) * linearFactor, Standard_False,
                                        angularDeflection, Standard_False);
        if (!mesher.IsDone()) throw MeasurementError(kPrefix + "meshing failed");
        for (TopExp_Explorer ex(work, TopAbs_FACE); ex.More(); ex.Next()) {
            TopLoc_Location loc;
            const Handle(Poly_Triangulation) tri = BRep_Tool::Triangulation(TopoDS::Face(ex.Current()), loc);
            if (tri.IsNull()) throw MeasurementError(kPrefix + "a face has no triangulation");
            e.deflection = std::max(e.deflection, tri->Deflection());
        }
        Bnd_OBB box;
        BRepBndLib::AddOBB(work, box, Standard_True, Standard_True, Standard_False);
        e.dims = sortedDims(box);
        return e;
    } catch (const Standard_Failure& ex) {
        throw MeasurementError(kPrefix + (ex.GetMessageString() ? ex.GetMessageString() : "OCCT failure"));
    }
}

} // namespace vernier
