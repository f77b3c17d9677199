// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/shape_integrals.h"

#include <cmath>
#include <optional>

#include <BRepAdaptor_Surface.hxx>
#include <BRepGProp.hxx>
#include <BRepGProp_Domain.hxx>
#include <BRepGProp_Face.hxx>
#include <BRepGProp_Sinert.hxx>
#include <BRepGProp_Vinert.hxx>
#include <BRep_Tool.hxx>
#include <GeomAdaptor_Curve.hxx>
#include <GeomAdaptor_Surface.hxx>
#include <Geom_Curve.hxx>
#include <Geom_Surface.hxx>
#include <TopExp.hxx>
#include <TopExp_Explorer.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Edge.hxx>
#include <TopoDS_Face.hxx>

namespace vernier {
namespace {

// The integration origin OCCT's BRepGProp uses (roughBaryCenter in BRepGProp.cxx): the mean of the
// vertices the explorer visits, repeats included, summed in visiting order.
gp_Pnt roughBaryCentre(const TopoDS_Shape& s) {
    gp_XYZ xyz(0, 0, 0);
    int n = 0;
    for (TopExp_Explorer ex(s, TopAbs_VERTEX); ex.More(); ex.Next(), ++n)
        xyz += BRep_Tool::Pnt(TopoDS::Vertex(ex.Current())).XYZ();
    if (n > 0) xyz /= n;
    return gp_Pnt(xyz);
}

// The origin of the GProp_GProps the BRepGProp entry points return.
GProp_GProps propsAtShapeLocation(const TopoDS_Shape& s) {
    gp_Pnt p(0, 0, 0);
    p.Transform(s.Location());
    return GProp_GProps(p);
}

// True when OCCT's face loop would integrate this face's surface (it has one). Faces with only a
// triangulation, or with neither, take OCCT's own path (see integrateShape).
bool hasSurface(const TopoDS_Face& f) {
    TopLoc_Location loc;
    return !BRep_Tool::Surface(f, loc).IsNull();
}

// A planar face's share of the volume integrals, from the face's own surface integrals. By the divergence
// theorem the solid's integrals are sums over its faces of those of the cone from `origin` over each face;
// on a plane n.(x - o) is a constant d, so the cone's volume is d A / 3, its first moment (d/4) A (c - o)
// (centre of mass 3/4 of the way from o to the face centroid c) and its second moment
// (d/5) (M_c + A (c - o)(c - o)^T), M_c being the face's second moment about c. The face's area, centroid and
// inertia come from its surface integral, which the scorer computes anyway: a planar face then costs no
// second Gauss integration.
class PlanarFaceCone : public GProp_GProps {
public:
    PlanarFaceCone(const gp_Pnt& origin, const gp_XYZ& outward, const GProp_GProps& face)
        : GProp_GProps(origin) {
        const double area = face.Mass();
        const gp_XYZ c = face.CentreOfMass().XYZ() - origin.XYZ();
        const double d = outward.Dot(c);
        dim = d * area / 3.0;
        g = gp_Pnt(c * 0.75); // GProp_GProps keeps the centre relative to its location
        // Second moments about the centroid from OCCT's inertia matrix J (J = tr(M) I - M).
        const gp_Mat j = face.MatrixOfInertia();
        const double halfTrace = 0.5 * (j(1, 1) + j(2, 2) + j(3, 3));
        gp_Mat t;
        for (int r = 1; r <= 3; ++r)
            for (int k = 1; k <= 3; ++k)
                t(r, k) = d / 5.0 * ((r == k ? halfTrace : 0.0) - j(r, k) + area * c.Coord(r) * c.Coord(k));
        const double trace = t(1, 1) + t(2, 2) + t(3, 3);
        for (int r = 1; r <= 3; ++r)
            for (int k = 1; k <= 3; ++k)
                inertia(r, k) = (r == k ? trace : 0.0) - t(r, k);
    }
};

// The outward normal of a planar face (its plane's normal, reversed with the face), when the face's location
// is a rigid motion; otherwise nothing, and the face takes OCCT's Gauss integration.
std::optional<gp_XYZ> planarOutwardNormal(const TopoDS_Face& f) {
    const BRepAdaptor_Surface surface(f, Standard_False);
    if (surface.GetType() != GeomAbs_Plane) return std::nullopt;
    if (std::abs(surface.Trsf().ScaleFactor() - 1.0) > 1e-12) return std::nullopt;
    const gp_Ax3 axes = surface.Plane().Position();
    gp_XYZ n = axes.XDirection().XYZ().Crossed(axes.YDirection().XYZ()); // D1U x D1V of the plane
    if (f.Orientation() == TopAbs_REVERSED) n.Reverse();
    return n;
}

} // namespace

ShapeIntegrals integrateShape(const TopoDS_Shape& shape) {
    ShapeIntegrals out;
    TopTools_IndexedMapOfShape faceMap;
    TopExp::MapShapes(shape, TopAbs_FACE, faceMap);
    bool allSurfaces = true;
    for (int i = 1; i <= faceMap.Extent() && allSurfaces; ++i)
        allSurfaces = hasSurface(TopoDS::Face(faceMap(i)));
    if (!allSurfaces) {
        // Triangulation-only faces: OCCT's mesh integrators, through the plain calls.
        BRepGProp::VolumeProperties(shape, out.volume);
        out.faces.resize(static_cast<std::size_t>(faceMap.Extent()));
        for (int i = 1; i <= faceMap.Extent(); ++i)
            BRepGProp::SurfaceProperties(faceMap(i), out.faces[static_cast<std::size_t>(i - 1)]);
        return out;
    }

    out.volume = propsAtShapeLocation(shape);
    out.faces.resize(static_cast<std::size_t>(faceMap.Extent()));
    std::vector<bool> done(static_cast<std::size_t>(faceMap.Extent()) + 1, false);

    const gp_Pnt origin = roughBaryCentre(shape);
    BRepGProp_Vinert volume;
    volume.SetLocation(origin);
    BRepGProp_Face preparedFace;
    BRepGProp_Domain boundary;
    for (TopExp_Explorer ex(shape, TopAbs_FACE); ex.More(); ex.Next()) {
        const TopoDS_Face& f = TopoDS::Face(ex.Current());
        const TopAbs_Orientation o = f.Orientation();
        const bool oriented = o == TopAbs_FORWARD || o == TopAbs_REVERSED;
        const int index = faceMap.FindIndex(f);
        // A face's own surface integral is computed on its first visit, which is the shape the map holds
        // (same orientation and location).
        const bool surfaceHere = !done[static_cast<std::size_t>(index)];
        if (!oriented && !surfaceHere) continue;

        const std::optional<gp_XYZ> planar = oriented ? planarOutwardNormal(f) : std::nullopt;
        const bool naturalRestriction = f.NbChildren() == 0;
        if (surfaceHere || (oriented && !planar)) preparedFace.Load(f);
        GProp_GProps& faceProps = out.faces[static_cast<std::size_t>(index - 1)];
        if (surfaceHere) {
            done[static_cast<std::size_t>(index)] = true;
            faceProps = propsAtShapeLocation(f);
            BRepGProp_Sinert surface;
            surface.SetLocation(roughBaryCentre(f));
            if (naturalRestriction) {
                surface.Perform(preparedFace);
            } else {
                boundary.Init(f);
                surface.Perform(preparedFace, boundary);
            }
            faceProps.Add(surface);
        }
        if (!oriented) continue;
        if (planar) {
            out.volume.Add(PlanarFaceCone(origin, *planar, faceProps));
            continue;
        }
        if (naturalRestriction) {
            volume.Perform(preparedFace);
        } else {
            boundary.Init(f);
            volume.Perform(preparedFace, boundary);
        }
        out.volume.Add(volume);
    }
    return out;
}

std::optional<double> polyhedralVolume(const TopoDS_Shape& shape) {
    if (shape.IsNull()) return std::nullopt;
    // The origin: the first end point met, so every vector is at most the part's size (an origin far away
    // would cancel digits). Any origin gives the same volume for closed loops.
    std::optional<gp_XYZ> origin;
    double sixfold = 0; // 6 V = 2 sum over faces of (p - o).S
    bool anyFace = false;
    for (TopExp_Explorer ex(shape, TopAbs_FACE); ex.More(); ex.Next()) {
        const TopoDS_Face& f = TopoDS::Face(ex.Current());
        const TopAbs_Orientation o = f.Orientation();
        if (o != TopAbs_FORWARD && o != TopAbs_REVERSED) continue; // as OCCT: no share of the volume
        TopLoc_Location surfaceLocation;
        const Handle(Geom_Surface) surface = BRep_Tool::Surface(f, surfaceLocation);
        // A mirroring location turns the loops over: left to OCCT.
        if (surface.IsNull() || surfaceLocation.Transformation().IsNegative() ||
            GeomAdaptor_Surface(surface).GetType() != GeomAbs_Plane)
            return std::nullopt;
        anyFace = true;
        gp_XYZ twiceArea(0, 0, 0), onFace(0, 0, 0);
        bool first = true;
        // Every edge of every wire, oriented as the face uses it (face, wire and edge orientations composed),
        // so the loops run counter-clockwise about the outward normal and S points outwards.
        for (TopExp_Explorer ee(f, TopAbs_EDGE); ee.More(); ee.Next()) {
            const TopoDS_Edge& e = TopoDS::Edge(ee.Current());
            if (BRep_Tool::Degenerated(e)) continue;
            const TopAbs_Orientation eo = e.Orientation();
            if (eo != TopAbs_FORWARD && eo != TopAbs_REVERSED) return std::nullopt;
            TopLoc_Location curveLocation;
            double a = 0, b = 0;
            const Handle(Geom_Curve) curve = BRep_Tool::Curve(e, curveLocation, a, b);
            if (curve.IsNull() || curveLocation.Transformation().IsNegative() ||
                GeomAdaptor_Curve(curve).GetType() != GeomAbs_Line)
                return std::nullopt;
            gp_Pnt p = curve->Value(a), q = curve->Value(b);
            if (!curveLocation.IsIdentity()) {
                p.Transform(curveLocation.Transformation());
                q.Transform(curveLocation.Transformation());
            }
            if (!origin) origin = p.XYZ();
            gp_XYZ from = p.XYZ() - *origin, to = q.XYZ() - *origin;
            if (eo == TopAbs_REVERSED) std::swap(from, to);
            twiceArea += from.Crossed(to);
            if (first) onFace = from;
            first = false;
        }
        sixfold += onFace.Dot(twiceArea);
    }
    if (!anyFace) return std::nullopt;
    return sixfold / 6.0;
}

} // namespace vernier
