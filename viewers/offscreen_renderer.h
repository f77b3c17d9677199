#pragma once
// The one offscreen rendering path (docs/contract.md §5): the trial inspector's side-by-side, overlay and
// deviation pictures as images, never touching a live widget. Used by the GUI's "Export image" and
// by `vernier-cli render`. The 3D content comes from scene_builder.h, as in the live views.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <QImage>
#include <QSize>
#include <TopoDS_Shape.hxx>

#include "viewers/camera_link.h"
#include "viewers/deviation.h"
#include "viewers/scene_builder.h"

namespace vernier::viewers {

struct RenderRequest {
    TopoDS_Shape reference;
    TopoDS_Shape candidate; // in its own coordinates; moved by R, t onto the reference
    Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
    Eigen::Vector3d t = Eigen::Vector3d::Zero();
    InspectorMode mode = InspectorMode::SideBySide;
    QSize size{1600, 800};
    bool transparentBackground = false;
    std::optional<CameraState> camera; // default: the standard view, fitted to both parts
    bool refitCamera = true;           // keep the camera direction and up, refit the zoom to the image
    StandardView view = StandardView::Iso;
    double overlayTransparency = 0.45;
    // Faces without a counterpart (trial_analysis.h unmatchedFaces), painted in side by side and overlay.
    std::vector<int> unmatchedReference, unmatchedCandidate;
    std::shared_ptr<const DeviationField> deviation; // deviation mode; computed here when null
    double deviationRange = 0;                       // colour-bar half range in mm; 0 = automatic
    bool annotate =
        true; // labels, keys and the colour bar; false: the 3D view alone, as a live view draws it
};

// Throws std::runtime_error with a one-line reason when there is no X display or OpenGL fails.
// Must run on the thread that owns the QApplication (OCCT's GL context is not shared across threads).
QImage renderInspectorImage(const RenderRequest& request);

// Whether offscreen rendering can work here (a display connection and an OpenGL driver).
bool offscreenRenderingAvailable(std::string* reason = nullptr);

} // namespace vernier::viewers
