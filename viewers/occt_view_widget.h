// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One live 3D view: OCCT's V3d_View drawing into Qt's QOpenGLWidget framebuffer (the approach of
// gkv311/occt-samples-qopenglwidget), with mouse navigation, face picking and highlighting. Shows a
// message instead of crashing when OpenGL is unavailable.
#include <optional>
#include <vector>

#include <AIS_ColoredShape.hxx>
#include <AIS_InteractiveContext.hxx>
#include <AIS_ViewController.hxx>
#include <Graphic3d_ClipPlane.hxx>
#include <QOpenGLWidget>
#include <V3d_View.hxx>

#include "viewers/camera_link.h"
#include "viewers/scene_builder.h"

class QLabel;

namespace vernier::viewers {

// What a picked face is (FreeCAD surface-type name, area in mm², area centroid in world mm).
struct PickedFace {
    int index = -1; // 0-based in TopExp::MapShapes(shape, TopAbs_FACE) of the pickable shape
    std::string surfaceType;
    double area = 0;
    std::array<double, 3> centroid{0, 0, 0};
};

class OcctViewWidget : public QOpenGLWidget, public AIS_ViewController {
    Q_OBJECT
public:
    explicit OcctViewWidget(QWidget* parent = nullptr);
    ~OcctViewWidget() override;

    bool glFailed() const { return glFailed_; }
    const Handle(AIS_InteractiveContext) & context() const { return context_; }
    const Handle(V3d_View) & view() const { return view_; }

    // Replaces what is shown by one view of a Scene (scene_builder.h). Its `pickable` gets face selection
    // and highlightFaces(); that shape's faces are what PickedFace::index refers to.
    void showScene(const SceneView& view);
    void clear();

    void setStandardView(StandardView v);
    void fitAll();
    CameraState cameraState() const;
    void setCameraState(const CameraState& state);

    // Section plane normal to an axis (0 = x, 1 = y, 2 = z) at a world coordinate; capped.
    void setSection(bool enabled, int axis, double position);

    // Faces (0-based indices of the pickable shape) drawn in the highlight colour; empty clears.
    void highlightFaces(const std::vector<int>& faces);

signals:
    void cameraChanged(const vernier::viewers::CameraState& state);
    void facePicked(const vernier::viewers::PickedFace& face);
    void pickCleared();
    void frameRendered(); // after each OCCT redraw into Qt's framebuffer

protected:
    void initializeGL() override;
    void paintGL() override;
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override; // palette changes recolour the background
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

    // AIS_ViewController
    void handleViewRedraw(const Handle(AIS_InteractiveContext) & ctx, const Handle(V3d_View) & view) override;
    void OnSelectionChanged(const Handle(AIS_InteractiveContext) & ctx,
                            const Handle(V3d_View) & view) override;

private:
    void showGlFailure(const QString& why);
    Aspect_Drawable nativeDrawable() const;
    void reportCameraIfChanged();

    Handle(V3d_Viewer) viewer_;
    Handle(V3d_View) view_;
    Handle(AIS_InteractiveContext) context_;
    Handle(Graphic3d_ClipPlane) clip_;
    SceneView scene_; // what is shown
    std::vector<int> highlighted_;
    std::optional<CameraState> lastReported_;
    QLabel* failure_ = nullptr;
    bool glFailed_ = false;
    bool pendingFit_ = false;
};

} // namespace vernier::viewers
