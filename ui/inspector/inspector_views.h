// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The trial inspector's 3D area: reference and candidate side by side with linked cameras, or one view for
// the ICP-aligned overlay and the deviation colouring (with its legend), each under a caption saying what
// it shows. Candidate vs candidate (docs/inspector.md) adds a third side-by-side view, the task's reference,
// shown on demand and linked to the other two. The presentations come from viewers/scene_builder.h, as in
// exported images. Without OpenGL (or off xcb) a message takes each view's place and the legend still shows
// the deviation figures.
#include <optional>
#include <vector>

#include <QWidget>

#include "viewers/camera_link.h"
#include "viewers/scene_builder.h"

class QLabel;
class QStackedWidget;

namespace vernier::viewers {
class OcctViewWidget;
struct PickedFace;
} // namespace vernier::viewers

namespace vernier::ui {

class DeviationLegend;

class InspectorViews : public QWidget {
    Q_OBJECT
public:
    explicit InspectorViews(QWidget* parent = nullptr);

    bool live() const { return left_ != nullptr; }
    std::vector<viewers::OcctViewWidget*> views() const; // the live views (none without OpenGL)

    void setMode(viewers::InspectorMode mode);
    // Builds the request's scene and shows it (the request's mode should be the current one). Deviation mode
    // without a field shows nothing (call setLegendBusy while it is computed).
    void showScene(const viewers::SceneRequest& request);
    void clear();

    // Rich-text captions of the left, right and single views (their tooltips get the plain text).
    void setCaptions(const QString& left, const QString& right, const QString& single);
    void setLegend(std::shared_ptr<const viewers::DeviationField> field,
                   const viewers::DivergingColourMap& map);
    void setLegendBusy(const QString& message);

    // The third side-by-side view (candidate vs candidate: the reference), hidden until shown.
    void setThirdShape(const TopoDS_Shape& shape, const QString& caption);
    void setThirdVisible(bool visible);
    bool thirdVisible() const;

    void setStandardView(viewers::StandardView v);
    void fitAll();
    void setSection(bool enabled, int axis, double position);
    void highlightFaces(const std::vector<int>& faces);
    // The camera of the view the current mode shows (side by side: the left one); nullopt without live views.
    std::optional<viewers::CameraState> camera() const;
    viewers::CameraLink& cameraLink() { return link_; }

signals:
    void facePicked(const vernier::viewers::PickedFace& face);

private:
    viewers::InspectorMode mode_ = viewers::InspectorMode::SideBySide;
    viewers::CameraLink link_;
    QStackedWidget* stack_ = nullptr;
    viewers::OcctViewWidget* left_ = nullptr;
    viewers::OcctViewWidget* right_ = nullptr;
    viewers::OcctViewWidget* single_ = nullptr;
    viewers::OcctViewWidget* third_ = nullptr;
    QWidget* thirdBox_ = nullptr;
    QLabel* captionThird_ = nullptr;
    bool thirdWanted_ = false;
    DeviationLegend* legend_ = nullptr;
    QLabel* captionLeft_ = nullptr;
    QLabel* captionRight_ = nullptr;
    QLabel* captionSingle_ = nullptr;
    QLabel* picked_ = nullptr;
};

} // namespace vernier::ui
