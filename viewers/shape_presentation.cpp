// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "viewers/shape_presentation.h"

#include "viewers/colour_map.h"

#include <AIS_DisplayMode.hxx>
#include <BRep_Builder.hxx>
#include <Graphic3d_ArrayOfTriangles.hxx>
#include <Graphic3d_AspectFillArea3d.hxx>
#include <Prs3d_LineAspect.hxx>
#include <Prs3d_ShadingAspect.hxx>
#include <Standard_Failure.hxx>
#include <StdPrs_ToolTriangulatedShape.hxx>
#include <TopExp.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS_Compound.hxx>
#include <algorithm>
#include <cmath>
#include <vector>

namespace vernier::viewers {

QColor referenceColour() {
    return colours::okabeIto(colours::OkabeIto::Blue);
}
QColor candidateColour() {
    return colours::okabeIto(colours::OkabeIto::Orange);
}
QColor referenceOnlyColour() {
    return colours::okabeIto(colours::OkabeIto::ReddishPurple);
}
QColor candidateOnlyColour() {
    return colours::okabeIto(colours::OkabeIto::BluishGreen);
}

Quantity_Color toOcct(const QColor& c) {
    return Quantity_Color(c.redF(), c.greenF(), c.blueF(), Quantity_TOC_sRGB);
}

gp_Trsf toTrsf(const Eigen::Matrix3d& R, const Eigen::Vector3d& t) {
    gp_Trsf trsf;
    trsf.SetValues(R(0, 0), R(0, 1), R(0, 2), t.x(), R(1, 0), R(1, 1), R(1, 2), t.y(), R(2, 0), R(2, 1),
                   R(2, 2), t.z());
    return trsf;
}

Handle(AIS_ColoredShape)
    makeShadedShape(const TopoDS_Shape& shape, const QColor& colour, double transparency) {
    Handle(AIS_ColoredShape) prs = new AIS_ColoredShape(shape);
    prs->SetDisplayMode(AIS_Shaded);
    prs->SetMaterial(Graphic3d_MaterialAspect(Graphic3d_NameOfMaterial_Plastified));
    prs->SetColor(toOcct(colour));
    const Handle(Prs3d_Drawer)& drawer = prs->Attributes();
    drawer->SetFaceBoundaryDraw(true);
    drawer->SetFaceBoundaryAspect(new Prs3d_LineAspect(Quantity_NOC_BLACK, Aspect_TOL_SOLID, 1.0));
    drawer->SetFaceBoundaryUpperContinuity(GeomAbs_C0); // seam-like smooth edges stay hidden
    if (transparency > 0) prs->SetTransparency(std::min(transparency, 0.95));
    return prs;
}

void tessellateForDisplay(const TopoDS_Shape& shape) {
    if (shape.IsNull()) return;
    try {
        Handle(Prs3d_Drawer) drawer = new Prs3d_Drawer();
        StdPrs_ToolTriangulatedShape::Tessellate(shape, drawer);
    } catch (const Standard_Failure&) { // the display meshes it itself, or shows what it can
    }
}

void markFaces(const Handle(AIS_ColoredShape) & prs, const TopoDS_Shape& shape, const std::vector<int>& faces,
               const QColor& colour) {
    if (prs.IsNull() || faces.empty()) return;
    TopTools_IndexedMapOfShape map;
    TopExp::MapShapes(shape, TopAbs_FACE, map);
    for (int i : faces)
        if (i >= 0 && i < map.Extent()) {
            prs->SetCustomColor(map(i + 1), toOcct(colour));
            prs->SetCustomTransparency(map(i + 1), 0.0);
        }
}

Handle(AIS_Shape) makeEdgeLines(const TopoDS_Shape& shape, const QColor& colour) {
    TopoDS_Compound edges;
    BRep_Builder builder;
    builder.MakeCompound(edges);
    TopTools_IndexedMapOfShape map;
    TopExp::MapShapes(shape, TopAbs_EDGE, map);
    for (int i = 1; i <= map.Extent(); ++i)
        builder.Add(edges, map(i));
    Handle(AIS_Shape) prs = new AIS_Shape(edges);
    prs->SetDisplayMode(AIS_WireFrame);
    prs->SetColor(toOcct(colour));
    prs->SetWidth(1.0);
    return prs;
}

DeviationPresentation::DeviationPresentation(std::shared_ptr<const DeviationField> field,
                                             const DivergingColourMap& map)
    : field_(std::move(field)), map_(map) {
    SetDisplayMode(0);
}

void DeviationPresentation::setColourMap(const DivergingColourMap& map) {
    map_ = map;
    SetToUpdate();
}

void DeviationPresentation::Compute(const Handle(PrsMgr_PresentationManager) &,
                                    const Handle(Prs3d_Presentation) & prs, const Standard_Integer mode) {
    if (mode != 0 || !field_ || field_->candidate.empty()) return;
    const SurfaceMesh& mesh = field_->candidate;
    // One group per colour band (the interior colour of a group is honoured by every OCCT GL
    // path; per-vertex colours were not in 7.6's offscreen dumps). An odd band count gives zero
    // its own band, exactly the zero colour. The candidate is finely sampled, so bands look smooth.
    constexpr int kBands = 63;
    const double range = map_.range();
    std::vector<std::vector<std::size_t>> bands(kBands);
    for (std::size_t i = 0; i < mesh.triangles.size(); ++i) {
        const auto& t = mesh.triangles[i];
        double v = 0;
        for (int k : t)
            v += static_cast<std::size_t>(k) < field_->values.size() ? field_->values[k] : 0.0;
        v /= 3.0;
        const double u = (std::clamp(v / range, -1.0, 1.0) + 1.0) / 2.0; // [0, 1]
        bands[std::min(kBands - 1, static_cast<int>(std::floor(u * kBands)))].push_back(i);
    }
    for (int b = 0; b < kBands; ++b) {
        if (bands[b].empty()) continue;
        const double bandValue = (-1.0 + (2.0 * b + 1.0) / kBands) * range;
        Handle(Graphic3d_ArrayOfTriangles) triangles = new Graphic3d_ArrayOfTriangles(
            static_cast<int>(bands[b].size() * 3), 0, Graphic3d_ArrayFlags_VertexNormal);
        for (std::size_t ti : bands[b]) {
            for (int k : mesh.triangles[ti]) {
                const auto& p = mesh.points[k];
                const auto& n = mesh.normals[k];
                triangles->AddVertex(gp_Pnt(p.x(), p.y(), p.z()), gp_Dir(n.x(), n.y(), n.z()));
            }
        }
        Handle(Graphic3d_AspectFillArea3d) aspect = new Graphic3d_AspectFillArea3d();
        aspect->SetInteriorStyle(Aspect_IS_SOLID);
        const Quantity_Color colour =
            toOcct(b == kBands / 2 ? DivergingColourMap::zeroColour() : map_.colour(bandValue));
        Graphic3d_MaterialAspect material(Graphic3d_NameOfMaterial_Plastified);
        aspect->SetFrontMaterial(material);
        aspect->SetBackMaterial(material);
        aspect->SetInteriorColor(colour);
        aspect->SetBackInteriorColor(colour);
        aspect->SetDistinguishOff();
        Handle(Graphic3d_Group) group = prs->NewGroup();
        group->SetGroupPrimitivesAspect(aspect);
        group->AddPrimitiveArray(triangles);
    }
}

} // namespace vernier::viewers
