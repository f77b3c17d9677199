// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "viewers/scene_builder.h"

#include <Aspect_PolygonOffsetMode.hxx>
#include <Graphic3d_Camera.hxx>
#include <Graphic3d_RenderingParams.hxx>
#include <Prs3d_ShadingAspect.hxx>

#include "viewers/shape_presentation.h"

namespace vernier::viewers {

std::optional<InspectorMode> parseInspectorMode(const std::string& text) {
    if (text == "side-by-side") return InspectorMode::SideBySide;
    if (text == "overlay") return InspectorMode::Overlay;
    if (text == "deviation") return InspectorMode::Deviation;
    return std::nullopt;
}

std::vector<Handle(AIS_InteractiveObject)> Scene::all() const {
    std::vector<Handle(AIS_InteractiveObject)> out;
    for (const auto& v : views)
        for (const auto& o : v.objects)
            if (!o.IsNull()) out.push_back(o);
    return out;
}

namespace {

Handle(AIS_ColoredShape) shaded(const TopoDS_Shape& shape, const QColor& colour, double transparency,
                                const std::vector<int>& unmatched, const QColor& unmatchedColour) {
    if (shape.IsNull()) return nullptr;
    Handle(AIS_ColoredShape) prs = makeShadedShape(shape, colour, transparency);
    markFaces(prs, shape, unmatched, unmatchedColour);
    return prs;
}

// Polygon offset on the presentation and on every per-face drawer (painted faces carry their own
// shading aspect, which would otherwise still z-fight).
void pushBack(const Handle(AIS_ColoredShape) & prs) {
    if (prs.IsNull()) return;
    constexpr float kFactor = 4.0f, kUnits = 16.0f; // OCCT gives every shaded face (1, 1) already
    prs->SetPolygonOffsets(Aspect_POM_Fill, kFactor, kUnits);
    for (AIS_DataMapOfShapeDrawer::Iterator it(prs->CustomAspectsMap()); it.More(); it.Next()) {
        const Handle(AIS_ColoredDrawer)& drawer = it.Value();
        if (drawer->HasOwnShadingAspect())
            drawer->ShadingAspect()->Aspect()->SetPolygonOffsets(Aspect_POM_Fill, kFactor, kUnits);
    }
}

} // namespace

Scene buildScene(const SceneRequest& request) {
    Scene scene;
    scene.mode = request.mode;
    const gp_Trsf trsf = toTrsf(request.R, request.t);
    if (request.mode == InspectorMode::Deviation) {
        SceneView view;
        if (request.deviation)
            view.objects.push_back(new DeviationPresentation(request.deviation, request.colourMap));
        if (!request.candidate.IsNull()) {
            Handle(AIS_Shape) edges = makeEdgeLines(request.candidate, QColor(40, 40, 40));
            edges->SetLocalTransformation(trsf);
            view.objects.push_back(edges);
        }
        scene.views.push_back(view);
        return scene;
    }
    const double transparency = request.mode == InspectorMode::Overlay ? request.overlayTransparency : 0.0;
    Handle(AIS_ColoredShape) ref = shaded(request.reference, referenceColour(), transparency,
                                          request.unmatchedReference, referenceOnlyColour());
    Handle(AIS_ColoredShape) cand = shaded(request.candidate, candidateColour(), transparency,
                                           request.unmatchedCandidate, candidateOnlyColour());
    if (!cand.IsNull()) cand->SetLocalTransformation(trsf);
    if (request.mode == InspectorMode::SideBySide) {
        scene.views.push_back({{ref}, ref, request.unmatchedReference, referenceOnlyColour()});
        scene.views.push_back({{cand}, cand, request.unmatchedCandidate, candidateOnlyColour()});
    } else {
        // Coincident surfaces: the reference steps back in depth, so the candidate is always the front one.
        pushBack(ref);
        SceneView view;
        view.objects = {ref, cand};
        view.pickable = cand;
        view.markedFaces = request.unmatchedCandidate;
        view.markColour = candidateOnlyColour();
        scene.views.push_back(view);
    }
    for (auto& v : scene.views)
        std::erase_if(v.objects, [](const Handle(AIS_InteractiveObject) & o) { return o.IsNull(); });
    return scene;
}

SceneView buildShapeView(const TopoDS_Shape& shape, const QColor& colour) {
    SceneView view;
    Handle(AIS_ColoredShape) prs = shaded(shape, colour, 0.0, {}, colour);
    if (prs.IsNull()) return view;
    view.objects = {prs};
    view.pickable = prs;
    view.markColour = colour;
    return view;
}

QColor thirdViewColour() {
    return QColor(165, 165, 165);
}

void paintHighlight(const SceneView& view, const std::vector<int>& highlighted) {
    if (view.pickable.IsNull()) return;
    view.pickable->ClearCustomAspects();
    markFaces(view.pickable, view.pickable->Shape(), view.markedFaces, view.markColour);
    // Magenta: apart from both parts' colours and from the unmatched-face colours.
    markFaces(view.pickable, view.pickable->Shape(), highlighted, QColor(255, 0, 255));
}

void styleViewer(const Handle(V3d_Viewer) & viewer) {
    viewer->SetDefaultBackgroundColor(Quantity_NOC_WHITE);
    viewer->SetDefaultLights();
    viewer->SetLightOn();
}

void styleView(const Handle(V3d_View) & view) {
    view->SetBackgroundColor(Quantity_NOC_WHITE);
    view->SetImmediateUpdate(false);
    Graphic3d_RenderingParams& params = view->ChangeRenderingParams();
    params.NbMsaaSamples = 4;
    params.IsAntialiasingEnabled = true;
}

void applyStandardView(const Handle(V3d_View) & view, StandardView v) {
    switch (v) {
    case StandardView::Iso:
        view->SetProj(V3d_XposYnegZpos);
        break;
    case StandardView::Front:
        view->SetProj(V3d_Yneg);
        break;
    case StandardView::Top:
        view->SetProj(V3d_Zpos);
        break;
    case StandardView::Right:
        view->SetProj(V3d_Xpos);
        break;
    }
}

void applyCamera(const Handle(V3d_View) & view, const CameraState& s) {
    const Handle(Graphic3d_Camera)& cam = view->Camera();
    cam->SetEye(gp_Pnt(s.eye[0], s.eye[1], s.eye[2]));
    cam->SetCenter(gp_Pnt(s.center[0], s.center[1], s.center[2]));
    cam->SetUp(gp_Dir(s.up[0], s.up[1], s.up[2]));
    cam->SetScale(s.scale);
}

CameraState cameraOf(const Handle(V3d_View) & view) {
    const Handle(Graphic3d_Camera)& cam = view->Camera();
    CameraState s;
    s.eye = {cam->Eye().X(), cam->Eye().Y(), cam->Eye().Z()};
    s.center = {cam->Center().X(), cam->Center().Y(), cam->Center().Z()};
    s.up = {cam->Up().X(), cam->Up().Y(), cam->Up().Z()};
    s.scale = cam->Scale();
    return s;
}

} // namespace vernier::viewers
