// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one 3D scene of the trial inspector: which AIS presentations, in which colours, in which view,
// for each mode. The live views (OcctViewWidget, driven by ui/inspector/trial_inspector.cpp) and the
// offscreen renderer (offscreen_renderer.cpp, behind "Export image" and `vernier-cli render`) both get
// their presentations, their view style and their camera set-up from here and nowhere else, so an
// exported figure looks like the screen.
//
// Colour-space rule (one for every path):
//   - Colours are authored in sRGB (QColor; colour_map.h) and handed to OCCT as Quantity_TOC_sRGB,
//     i.e. converted once to linear RGB (toOcct()).
//   - OCCT lights in linear RGB and writes sRGB-encoded pixels: the live view wraps Qt's RGBA8
//     framebuffer and OCCT encodes in its shaders (OpenGl_Context::SetFrameBufferSRGB(true, false)),
//     the offscreen view renders into OCCT's own sRGB framebuffer. sRGB rendering is never disabled
//     (OpenGl_Caps::sRGBDisable stays false), so a shaded pixel gets the same value on screen and in a file.
//   - The background is plain white in both (papers want white; transparent exports clear it).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <AIS_ColoredShape.hxx>
#include <AIS_InteractiveObject.hxx>
#include <Eigen/Core>
#include <TopoDS_Shape.hxx>
#include <V3d_View.hxx>
#include <V3d_Viewer.hxx>

#include "viewers/camera_link.h"
#include "viewers/colour_map.h"
#include "viewers/deviation.h"

namespace vernier::viewers {

enum class InspectorMode { SideBySide, Overlay, Deviation };

// "side-by-side" | "overlay" | "deviation"; nullopt for anything else.
std::optional<InspectorMode> parseInspectorMode(const std::string& text);

enum class StandardView { Iso, Front, Top, Right };

// What to show: the measured shapes, the ICP pose that moves the candidate onto the reference, and what
// the mode needs.
struct SceneRequest {
    TopoDS_Shape reference;
    TopoDS_Shape candidate; // in its own coordinates; moved by R, t onto the reference
    Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
    Eigen::Vector3d t = Eigen::Vector3d::Zero();
    InspectorMode mode = InspectorMode::SideBySide;
    double overlayTransparency = 0.45; // both parts in overlay, 0 = opaque
    // Faces without a counterpart (models/trial_analysis.h unmatchedFaces), painted in side by side and
    // overlay.
    std::vector<int> unmatchedReference, unmatchedCandidate;
    // Deviation mode: the field (deviation.h) and its colour map; without a field the view is empty.
    std::shared_ptr<const DeviationField> deviation;
    DivergingColourMap colourMap;
};

// What one V3d view displays; `pickable` (one of `objects`, may be null) gets face selection.
struct SceneView {
    std::vector<Handle(AIS_InteractiveObject)> objects;
    Handle(AIS_ColoredShape) pickable;
    // The pickable's painted faces (unmatched, 0-based), so a view can restore them after highlighting.
    std::vector<int> markedFaces;
    QColor markColour;
};

struct Scene {
    InspectorMode mode = InspectorMode::SideBySide;
    // Side by side: [0] the reference, [1] the candidate (ICP-aligned). Overlay and deviation: one view.
    std::vector<SceneView> views;
    // Every object of every view (for fitting one camera to all of them).
    std::vector<Handle(AIS_InteractiveObject)> all() const;
};

// Builds the presentations. Overlay: the reference is drawn with a polygon offset (pushed back by a depth
// step) so that where both parts coincide the candidate wins the depth test every frame instead of the
// two z-fighting; the blend still shows the mixed tone.
Scene buildScene(const SceneRequest& request);

// One shaded part alone in its own coordinates (pickable): the reference as the third, toggleable view of
// the candidate-vs-candidate inspector, where candidate A takes the reference's role and colour
// (docs/inspector.md).
SceneView buildShapeView(const TopoDS_Shape& shape, const QColor& colour);
// The neutral grey of that third view, apart from both the reference and the candidate colour.
QColor thirdViewColour();

// Repaints the view's pickable faces: its marked faces, then `highlighted` (0-based) in the highlight colour
// (the faces a spec parameter was measured on); an empty list leaves just the marks. Call the context's
// Redisplay afterwards.
void paintHighlight(const SceneView& view, const std::vector<int>& highlighted);

// Applies the scene's look to a viewer and its view (lights, background, antialiasing). Every V3d view that
// shows a Scene is set up through these.
void styleViewer(const Handle(V3d_Viewer) & viewer);
void styleView(const Handle(V3d_View) & view);

// The margin FitAll leaves around the parts (a share of the view), the same live and offscreen.
inline constexpr double kFitMargin = 0.05;

void applyStandardView(const Handle(V3d_View) & view, StandardView v);
void applyCamera(const Handle(V3d_View) & view, const CameraState& state);
CameraState cameraOf(const Handle(V3d_View) & view);

} // namespace vernier::viewers
