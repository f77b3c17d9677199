#include "scoring/obb_estimate.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <BRepAdaptor_Curve.hxx>
#include <BRepAdaptor_Surface.hxx>
#include <BRepBndLib.hxx>
#include <BRepBuilderAPI_Copy.hxx>
#include <BRepMesh_IncrementalMesh.hxx>
#include <BRepTools.hxx>
#include <BRep_Tool.hxx>
#include <Bnd_OBB.hxx>
#include <GCPnts_TangentialDeflection.hxx>
#include <Poly_Triangulation.hxx>
#include <Standard_Failure.hxx>
#include <TColgp_Array1OfPnt.hxx>
#include <TopExp.hxx>
#include <TopExp_Explorer.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Wire.hxx>
#include <gp_Lin.hxx>

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

// The largest distance from a curve to the chords of its discretization, sampled at each chord's
// middle parameter (the exact sag for lines, circles and ellipse arcs this short).
double chordSag(const BRepAdaptor_Curve& c, const GCPnts_TangentialDeflection& d) {
    double sag = 0;
    for (int i = 1; i < d.NbPoints(); ++i) {
        const gp_Pnt a = d.Value(i), b = d.Value(i + 1);
        const gp_Pnt m = c.Value(0.5 * (d.Parameter(i) + d.Parameter(i + 1)));
        const double len = a.Distance(b);
        const double dist = len > 0 ? gp_Lin(a, gp_Dir(gp_Vec(a, b))).Distance(m) : a.Distance(m);
        sag = std::max(sag, dist);
    }
    return sag;
}

} // namespace

bool isRuled(const TopoDS_Shape& shape) {
    bool anyFace = false;
    for (TopExp_Explorer f(shape, TopAbs_FACE); f.More(); f.Next()) {
        anyFace = true;
        switch (BRepAdaptor_Surface(TopoDS::Face(f.Current()), Standard_False).GetType()) {
        case GeomAbs_Plane:
        case GeomAbs_Cylinder:
        case GeomAbs_Cone:
        case GeomAbs_SurfaceOfExtrusion:
            break;
        default:
            return false;
        }
    }
    return anyFace && !TopExp_Explorer(shape, TopAbs_EDGE, TopAbs_FACE).More();
}

ObbEstimate estimateObbFromEdges(const TopoDS_Shape& shape, double linearDeflection,
                                 double angularDeflection) {
    TopTools_IndexedMapOfShape edges, vertices, inner;
    TopExp::MapShapes(shape, TopAbs_EDGE, edges);
    TopExp::MapShapes(shape, TopAbs_VERTEX, vertices);
    // An inner wire of a planar face (a hole's rim, a boss's foot) lies inside that face, so inside the
    // hull of the face's outer wire: its points can never be extreme and are not sampled.
    for (TopExp_Explorer f(shape, TopAbs_FACE); f.More(); f.Next()) {
        const TopoDS_Face& face = TopoDS::Face(f.Current());
        if (BRepAdaptor_Surface(face, Standard_False).GetType() != GeomAbs_Plane) continue;
        const TopoDS_Wire outer = BRepTools::OuterWire(face);
        if (outer.IsNull()) continue;
        for (TopExp_Explorer w(face, TopAbs_WIRE); w.More(); w.Next())
            if (!w.Current().IsSame(outer)) TopExp::MapShapes(w.Current(), TopAbs_EDGE, inner);
    }
    std::vector<gp_Pnt> points;
    points.reserve(static_cast<std::size_t>(vertices.Extent() + 8 * edges.Extent()));
    for (int i = 1; i <= vertices.Extent(); ++i)
        points.push_back(BRep_Tool::Pnt(TopoDS::Vertex(vertices(i))));
    ObbEstimate e;
    for (int i = 1; i <= edges.Extent(); ++i) {
        const TopoDS_Edge& edge = TopoDS::Edge(edges(i));
        if (BRep_Tool::Degenerated(edge) || inner.Contains(edge)) continue;
        if (!BRep_Tool::IsGeometric(edge)) throw MeasurementError(kPrefix + "an edge has no 3D curve");
        const BRepAdaptor_Curve curve(edge);
        if (curve.GetType() == GeomAbs_Line) continue; // its end points are vertices
        const GCPnts_TangentialDeflection d(curve, angularDeflection, linearDeflection, 2);
        if (d.NbPoints() < 2) throw MeasurementError(kPrefix + "an edge could not be discretized");
        for (int k = 1; k <= d.NbPoints(); ++k)
            points.push_back(d.Value(k));
        e.deflection = std::max(e.deflection, chordSag(curve, d));
    }
    if (points.size() < 4) throw MeasurementError(kPrefix + "too few points for an oriented box");
    // Bnd_OBB::ReBuild indexes from 0 (OCCT 7.6 OBBTool), as BRepBndLib's own point lists do.
    TColgp_Array1OfPnt array(0, static_cast<int>(points.size()) - 1);
    for (std::size_t i = 0; i < points.size(); ++i)
        array.SetValue(static_cast<int>(i), points[i]);
    Bnd_OBB box;
    box.ReBuild(array, nullptr, Standard_True);
    e.dims = sortedDims(box);
    // Even an all-line ruled shape is not polyhedral when a face is curved: keep the margin non-zero.
    e.deflection = std::max(e.deflection, linearDeflection);
    return e;
}

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
        if (isRuled(shape)) {
            // Edges are cheap, so each tier discretizes them finer than it would mesh (obb_estimate.h).
            return estimateObbFromEdges(shape, obbDeflection(volume) * linearFactor * kObbEdgeLinearScale,
                                        std::min(angularDeflection, kObbEdgeMaxAngularDeflection));
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
