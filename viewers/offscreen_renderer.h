// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
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

// What to draw is a scene (scene_builder.h, the same request the live views build from); the rest is how the
// image is framed and annotated. The colour map's range is set here: `deviationRange`, else automatic.
struct RenderRequest : SceneRequest {
    QSize size{1600, 800};
    bool transparentBackground = false;
    std::optional<CameraState> camera; // default: the standard view, fitted to both parts
    bool refitCamera = true;           // keep the camera direction and up, refit the zoom to the image
    StandardView view = StandardView::Iso;
    double deviationRange = 0; // colour-bar half range in mm; 0 = automatic (deviation computed when null)
    bool annotate =
        true; // labels, keys and the colour bar; false: the 3D view alone, as a live view draws it
};

// Throws std::runtime_error with a one-line reason when there is no X display or OpenGL fails.
// Must run on the thread that owns the QApplication (OCCT's GL context is not shared across threads).
QImage renderInspectorImage(const RenderRequest& request);

// Whether offscreen rendering can work here (a display connection and an OpenGL driver).
bool offscreenRenderingAvailable(std::string* reason = nullptr);

} // namespace vernier::viewers
