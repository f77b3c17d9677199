#include "scoring/shape_integrals.h"

#include <BRepGProp.hxx>
#include <BRepGProp_Domain.hxx>
#include <BRepGProp_Face.hxx>
#include <BRepGProp_Sinert.hxx>
#include <BRepGProp_Vinert.hxx>
#include <BRep_Tool.hxx>
#include <Geom_Surface.hxx>
#include <TopExp.hxx>
#include <TopExp_Explorer.hxx>
#include <TopoDS.hxx>
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

    BRepGProp_Vinert volume;
    volume.SetLocation(roughBaryCentre(shape));
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

        preparedFace.Load(f);
        const bool naturalRestriction = f.NbChildren() == 0;
        if (oriented) {
            if (naturalRestriction) {
                volume.Perform(preparedFace);
            } else {
                boundary.Init(f);
                volume.Perform(preparedFace, boundary);
            }
            out.volume.Add(volume);
        }
        if (surfaceHere) {
            done[static_cast<std::size_t>(index)] = true;
            GProp_GProps& faceProps = out.faces[static_cast<std::size_t>(index - 1)];
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
    }
    return out;
}

} // namespace vernier
