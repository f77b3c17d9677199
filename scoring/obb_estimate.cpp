// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
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
#include <BRep_Builder.hxx>
#include <BRep_Tool.hxx>
#include <Bnd_OBB.hxx>
#include <GCPnts_TangentialDeflection.hxx>
#include <Poly_Triangulation.hxx>
#include <Precision.hxx>
#include <Standard_Failure.hxx>
#include <TopExp.hxx>
#include <TopExp_Explorer.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Compound.hxx>
#include <TopoDS_Wire.hxx>
#include <gp_Dir.hxx>
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

// OBBTool (Bnd_OBB.cxx, OCCT 7.6) in its optimal mode, projecting by brute force.
class OptimalObb {
public:
    explicit OptimalObb(const std::vector<gp_XYZ>& points) : points_(points) {
        xs_.reserve(points.size()), ys_.reserve(points.size()), zs_.reserve(points.size());
        for (const gp_XYZ& p : points)
            xs_.push_back(p.X()), ys_.push_back(p.Y()), zs_.push_back(p.Z());
        const double s3 = std::sqrt(3.0);
        const gp_XYZ initial[kInitAxes] = {gp_XYZ(1.0, 0.0, 0.0),       gp_XYZ(0.0, 1.0, 0.0),
                                           gp_XYZ(0.0, 0.0, 1.0),       gp_XYZ(1.0, 1.0, 1.0) / s3,
                                           gp_XYZ(1.0, 1.0, -1.0) / s3, gp_XYZ(1.0, -1.0, 1.0) / s3,
                                           gp_XYZ(1.0, -1.0, -1.0) / s3};
        for (int a = 0; a < kInitAxes; ++a) {
            double lo, hi;
            std::size_t iLo = 0, iHi = 0;
            project(initial[a], lo, hi, &iLo, &iHi);
            extremal_[2 * a] = points_[iLo];
            extremal_[2 * a + 1] = points_[iHi];
        }
    }

    std::array<double, 3> dims() {
        for (int i = 0; i < kExtremal - 2; ++i)
            for (int j = i + 1; j < kExtremal - 1; ++j)
                for (int k = j + 1; k < kExtremal; ++k)
                    processTriangle(i, j, k);
        const bool isObb =
            axes_[0].SquareModulus() * axes_[1].SquareModulus() * axes_[2].SquareModulus() > 1.0e-14;
        const gp_Dir dx = isObb ? gp_Dir(axes_[0]) : gp_Dir(1, 0, 0);
        const gp_Dir dy = isObb ? gp_Dir(axes_[1]) : gp_Dir(0, 1, 0);
        const gp_Dir dz = isObb ? gp_Dir(axes_[2]) : gp_Dir(0, 0, 1);
        std::array<double, 3> d{};
        const gp_Dir dirs[3] = {dx, dy, dz};
        for (int a = 0; a < 3; ++a) {
            double lo, hi;
            project(dirs[a].XYZ(), lo, hi);
            d[static_cast<std::size_t>(a)] = 2 * (0.5 * (hi - lo));
        }
        std::sort(d.begin(), d.end());
        return d;
    }

private:
    static constexpr int kInitAxes = 7;
    static constexpr int kExtremal = 2 * kInitAxes;

    // Min and max of axis . p over all points (the same products OCCT's BVH walk evaluates), and the
    // first point reaching each.
    void project(const gp_XYZ& axis, double& lo, double& hi, std::size_t* iLo = nullptr,
                 std::size_t* iHi = nullptr) const {
        const double ax = axis.X(), ay = axis.Y(), az = axis.Z();
        lo = RealLast(), hi = RealFirst();
        const std::size_t n = xs_.size();
        if (!iLo) {
            for (std::size_t i = 0; i < n; ++i) {
                const double t = ax * xs_[i] + ay * ys_[i] + az * zs_[i];
                lo = t < lo ? t : lo;
                hi = t > hi ? t : hi;
            }
            return;
        }
        for (std::size_t i = 0; i < n; ++i) {
            const double t = ax * xs_[i] + ay * ys_[i] + az * zs_[i];
            if (t < lo) lo = t, *iLo = i;
            if (t > hi) hi = t, *iHi = i;
        }
    }

    void cachedParams(int i, int j, double& lo, double& hi) {
        Params& p = params_[i][j];
        if (p.lo > p.hi) {
            project((extremal_[i] - extremal_[j]).Normalized(), p.lo, p.hi);
            params_[j][i] = p;
        }
        lo = p.lo, hi = p.hi;
    }

    void processTriangle(int i1, int i2, int i3) {
        const int id1[3] = {i2, i3, i1}, id2[3] = {i1, i2, i3};
        const gp_XYZ y[3] = {extremal_[id1[0]] - extremal_[id2[0]], extremal_[id1[1]] - extremal_[id2[1]],
                             extremal_[id1[2]] - extremal_[id2[2]]};
        gp_XYZ z = y[0].Crossed(y[1]);
        const double sq = z.SquareModulus();
        if (sq < Precision::SquareConfusion()) return;
        z /= std::sqrt(sq);
        gp_XYZ x[3];
        for (int a = 0; a < 3; ++a)
            x[a] = y[a].Crossed(z).Normalized();
        double p[6];
        project(z, p[4], p[5]);
        int best = -1;
        for (int a = 0; a < 3; ++a) {
            project(x[a], p[0], p[1]);
            cachedParams(id1[a], id2[a], p[2], p[3]);
            const double dX = p[1] - p[0], dY = p[3] - p[2], dZ = p[5] - p[4];
            const double area = dX * dY + dY * dZ + dX * dZ;
            if (area < quality_) {
                quality_ = area;
                best = a;
            }
        }
        if (best < 0) return;
        axes_[0] = x[best];
        axes_[1] = y[best].Normalized();
        axes_[2] = z;
    }

    struct Params {
        double lo = RealLast(), hi = RealFirst();
    };
    const std::vector<gp_XYZ>& points_;
    std::vector<double> xs_, ys_, zs_;
    gp_XYZ extremal_[kExtremal];
    Params params_[kExtremal][kExtremal];
    gp_XYZ axes_[3];
    double quality_ = RealLast();
};

bool isRuledType(GeomAbs_SurfaceType t) {
    return t == GeomAbs_Plane || t == GeomAbs_Cylinder || t == GeomAbs_Cone ||
           t == GeomAbs_SurfaceOfExtrusion;
}

// The vertices and a discretization of every curved edge, except the inner wires of planar faces: such a
// wire (a hole's rim, a boss's foot) lies inside its face, so inside the hull of the face's outer wire,
// and its points can never be extreme. Returns the largest chord sag reached.
double sampleEdges(const TopoDS_Shape& shape, double linearDeflection, double angularDeflection,
                   std::vector<gp_XYZ>& points) {
    TopTools_IndexedMapOfShape edges, vertices, inner;
    TopExp::MapShapes(shape, TopAbs_EDGE, edges);
    TopExp::MapShapes(shape, TopAbs_VERTEX, vertices);
    for (TopExp_Explorer f(shape, TopAbs_FACE); f.More(); f.Next()) {
        const TopoDS_Face& face = TopoDS::Face(f.Current());
        if (BRepAdaptor_Surface(face, Standard_False).GetType() != GeomAbs_Plane) continue;
        const TopoDS_Wire outer = BRepTools::OuterWire(face);
        if (outer.IsNull()) continue;
        for (TopExp_Explorer w(face, TopAbs_WIRE); w.More(); w.Next())
            if (!w.Current().IsSame(outer)) TopExp::MapShapes(w.Current(), TopAbs_EDGE, inner);
    }
    points.reserve(points.size() + static_cast<std::size_t>(vertices.Extent() + 8 * edges.Extent()));
    for (int i = 1; i <= vertices.Extent(); ++i)
        points.push_back(BRep_Tool::Pnt(TopoDS::Vertex(vertices(i))).XYZ());
    double sag = 0;
    for (int i = 1; i <= edges.Extent(); ++i) {
        const TopoDS_Edge& edge = TopoDS::Edge(edges(i));
        if (BRep_Tool::Degenerated(edge) || inner.Contains(edge)) continue;
        if (!BRep_Tool::IsGeometric(edge)) throw MeasurementError(kPrefix + "an edge has no 3D curve");
        const BRepAdaptor_Curve curve(edge);
        if (curve.GetType() == GeomAbs_Line) continue; // its end points are vertices
        const GCPnts_TangentialDeflection d(curve, angularDeflection, linearDeflection, 2);
        if (d.NbPoints() < 2) throw MeasurementError(kPrefix + "an edge could not be discretized");
        for (int k = 1; k <= d.NbPoints(); ++k)
            points.push_back(d.Value(k).XYZ());
        sag = std::max(sag, chordSag(curve, d));
    }
    return sag;
}

// Meshes a private copy of the given faces and appends the nodes; returns the largest deflection reached.
double sampleMeshedFaces(const std::vector<TopoDS_Face>& faces, double linearDeflection,
                         double angularDeflection, std::vector<gp_XYZ>& points) {
    TopoDS_Compound compound;
    BRep_Builder builder;
    builder.MakeCompound(compound);
    for (const TopoDS_Face& f : faces)
        builder.Add(compound, f);
    // A private topology copy, so no mesh leaks into the caller's (possibly shared) shape.
    BRepBuilderAPI_Copy copier(compound, Standard_False, Standard_False);
    TopoDS_Shape work = copier.Shape();
    BRepTools::Clean(work);
    BRepMesh_IncrementalMesh mesher(work, linearDeflection, Standard_False, angularDeflection,
                                    Standard_False);
    if (!mesher.IsDone()) throw MeasurementError(kPrefix + "meshing failed");
    double deflection = 0;
    for (TopExp_Explorer ex(work, TopAbs_FACE); ex.More(); ex.Next()) {
        TopLoc_Location loc;
        const Handle(Poly_Triangulation) tri = BRep_Tool::Triangulation(TopoDS::Face(ex.Current()), loc);
        if (tri.IsNull()) throw MeasurementError(kPrefix + "a face has no triangulation");
        deflection = std::max(deflection, tri->Deflection());
        const gp_Trsf t = loc.Transformation();
        for (int i = 1; i <= tri->NbNodes(); ++i)
            points.push_back(loc.IsIdentity() ? tri->Node(i).XYZ() : tri->Node(i).Transformed(t).XYZ());
    }
    return deflection;
}

} // namespace

std::array<double, 3> optimalObbOfPoints(const std::vector<gp_XYZ>& points) {
    if (points.size() < 3) throw MeasurementError(kPrefix + "too few points for an oriented box");
    const std::array<double, 3> d = OptimalObb(points).dims();
    for (double v : d)
        if (!std::isfinite(v) || v <= 0) throw MeasurementError(kPrefix + "degenerate oriented box");
    return d;
}

bool isRuled(const TopoDS_Shape& shape) {
    bool anyFace = false;
    for (TopExp_Explorer f(shape, TopAbs_FACE); f.More(); f.Next()) {
        anyFace = true;
        if (!isRuledType(BRepAdaptor_Surface(TopoDS::Face(f.Current()), Standard_False).GetType()))
            return false;
    }
    return anyFace && !TopExp_Explorer(shape, TopAbs_EDGE, TopAbs_FACE).More();
}

ObbEstimate estimateObbFromEdges(const TopoDS_Shape& shape, double linearDeflection,
                                 double angularDeflection) {
    std::vector<gp_XYZ> points;
    ObbEstimate e;
    e.deflection = sampleEdges(shape, linearDeflection, angularDeflection, points);
    if (points.size() < 4) throw MeasurementError(kPrefix + "too few points for an oriented box");
    e.dims = optimalObbOfPoints(points);
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
        // Mixed: ruled faces by their edges, only the others (tori, spheres, B-splines, ...) meshed.
        TopTools_IndexedMapOfShape faceMap;
        TopExp::MapShapes(shape, TopAbs_FACE, faceMap);
        std::vector<TopoDS_Face> others;
        for (int i = 1; i <= faceMap.Extent(); ++i)
            if (!isRuledType(BRepAdaptor_Surface(TopoDS::Face(faceMap(i)), Standard_False).GetType()))
                others.push_back(TopoDS::Face(faceMap(i)));
        if (static_cast<int>(others.size()) < faceMap.Extent() &&
            !TopExp_Explorer(shape, TopAbs_EDGE, TopAbs_FACE).More()) {
            const double linear = obbDeflection(volume) * linearFactor;
            std::vector<gp_XYZ> points;
            const double sag = sampleEdges(shape, linear * kObbEdgeLinearScale,
                                           std::min(angularDeflection, kObbEdgeMaxAngularDeflection), points);
            const double meshed = sampleMeshedFaces(others, linear, angularDeflection, points);
            e.dims = optimalObbOfPoints(points);
            e.deflection = std::max({sag, linear * kObbEdgeLinearScale, meshed});
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
