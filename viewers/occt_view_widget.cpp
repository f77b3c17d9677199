// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "viewers/occt_view_widget.h"

#include <Aspect_DisplayConnection.hxx>
#include <Aspect_NeutralWindow.hxx>
#include <BRepGProp.hxx>
#include <GProp_GProps.hxx>
#include <Message.hxx>
#include <OpenGl_Context.hxx>
#include <OpenGl_FrameBuffer.hxx>
#include <OpenGl_GraphicDriver.hxx>
#include <OpenGl_View.hxx>
#include <OpenGl_Window.hxx>
#include <QGuiApplication>
#include <QLabel>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <StdSelect_BRepOwner.hxx>
#include <TopExp.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <V3d_Viewer.hxx>

#include "scoring/surface_types.h"
#include "viewers/colour_map.h"
#include "viewers/scene_builder.h"
#include "viewers/shape_presentation.h"

namespace vernier::viewers {

namespace {

// Qt's default framebuffer (RGBA8, not sRGB) as OCCT's default FBO. SetFrameBufferSRGB(true, false) tells
// OCCT the target is not sRGB-capable, so its shaders encode the linear result as sRGB themselves: the
// colour-space rule of scene_builder.h, which the offscreen renderer follows with an sRGB FBO.
class QtFrameBuffer : public OpenGl_FrameBuffer {
    DEFINE_STANDARD_RTTI_INLINE(QtFrameBuffer, OpenGl_FrameBuffer)
public:
    void BindBuffer(const Handle(OpenGl_Context) & ctx) override {
        OpenGl_FrameBuffer::BindBuffer(ctx);
        ctx->SetFrameBufferSRGB(true, false);
    }
    void BindDrawBuffer(const Handle(OpenGl_Context) & ctx) override {
        OpenGl_FrameBuffer::BindDrawBuffer(ctx);
        ctx->SetFrameBufferSRGB(true, false);
    }
};

Aspect_VKeyMouse toVKeys(Qt::MouseButtons buttons) {
    Aspect_VKeyMouse keys = Aspect_VKeyMouse_NONE;
    if (buttons & Qt::LeftButton) keys |= Aspect_VKeyMouse_LeftButton;
    if (buttons & Qt::MiddleButton) keys |= Aspect_VKeyMouse_MiddleButton;
    if (buttons & Qt::RightButton) keys |= Aspect_VKeyMouse_RightButton;
    return keys;
}

Aspect_VKeyFlags toVFlags(Qt::KeyboardModifiers mods) {
    Aspect_VKeyFlags flags = Aspect_VKeyFlags_NONE;
    if (mods & Qt::ShiftModifier) flags |= Aspect_VKeyFlags_SHIFT;
    if (mods & Qt::ControlModifier) flags |= Aspect_VKeyFlags_CTRL;
    if (mods & Qt::AltModifier) flags |= Aspect_VKeyFlags_ALT;
    return flags;
}

Handle(OpenGl_Context) glContextOf(const Handle(V3d_View) & view) {
    Handle(OpenGl_View) glView = Handle(OpenGl_View)::DownCast(view->View());
    return glView.IsNull() || glView->GlWindow().IsNull() ? Handle(OpenGl_Context)()
                                                          : glView->GlWindow()->GetGlContext();
}

} // namespace

OcctViewWidget::OcctViewWidget(QWidget* parent) : QOpenGLWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setUpdateBehavior(QOpenGLWidget::NoPartialUpdate);
    setMinimumSize(200, 150);
    // OCCT's OpenGL driver talks to Xlib: other Qt platforms (offscreen, wayland) get the message.
    if (QGuiApplication::platformName() != QStringLiteral("xcb")) {
        showGlFailure(
            tr("the 3D view needs the xcb platform (running on '%1')").arg(QGuiApplication::platformName()));
        return;
    }
    try {
        Handle(Aspect_DisplayConnection) display = new Aspect_DisplayConnection();
        Handle(OpenGl_GraphicDriver) driver = new OpenGl_GraphicDriver(display, false);
        driver->ChangeOptions().buffersNoSwap = true;      // QOpenGLWidget swaps
        driver->ChangeOptions().buffersOpaqueAlpha = true; // Qt composes the widget: keep it opaque
        driver->ChangeOptions().useSystemBuffer = false;
        viewer_ = new V3d_Viewer(driver);
    } catch (const Standard_Failure& e) {
        showGlFailure(QString::fromUtf8(e.GetMessageString()));
        return;
    }
    styleViewer(viewer_); // scene_builder.h: the same look as the offscreen renderer
    context_ = new AIS_InteractiveContext(viewer_);
    view_ = viewer_->CreateView();
    styleView(view_);
    // White as the offscreen renderer, unless the desktop palette is dark (colour_map.h viewBackground).
    view_->SetBackgroundColor(toOcct(colours::viewBackground(palette())));
}

void OcctViewWidget::changeEvent(QEvent* event) {
    QOpenGLWidget::changeEvent(event);
    if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) &&
        !view_.IsNull()) {
        view_->SetBackgroundColor(toOcct(colours::viewBackground(palette())));
        update();
    }
}

OcctViewWidget::~OcctViewWidget() {
    if (viewer_.IsNull()) return;
    // As in the OCCT sample: keep OCCT's X display connection open until Qt's context is current
    // again, or QOpenGLWidget's destructor crashes inside the GL driver.
    Handle(Aspect_DisplayConnection) display = viewer_->Driver()->GetDisplayConnection();
    context_->RemoveAll(false);
    context_.Nullify();
    view_->Remove();
    view_.Nullify();
    viewer_.Nullify();
    if (!glFailed_) makeCurrent();
    display.Nullify();
}

void OcctViewWidget::closeEvent(QCloseEvent* event) {
    QOpenGLWidget::closeEvent(event);
}

Aspect_Drawable OcctViewWidget::nativeDrawable() const {
    return static_cast<Aspect_Drawable>(window()->winId());
}

void OcctViewWidget::showGlFailure(const QString& why) {
    glFailed_ = true;
    if (!failure_) {
        failure_ = new QLabel(this);
        failure_->setWordWrap(true);
        failure_->setAlignment(Qt::AlignCenter);
        auto* layout = new QVBoxLayout(this);
        layout->addWidget(failure_);
    }
    failure_->setText(tr("3D view unavailable: %1\nThe scores and tables still work; "
                         "`vernier-cli render` can draw the pictures offscreen.")
                          .arg(why));
}

void OcctViewWidget::initializeGL() {
    if (viewer_.IsNull()) return;
    if (!QOpenGLWidget::context() || !QOpenGLWidget::context()->isValid()) {
        showGlFailure(tr("no OpenGL context"));
        return;
    }
    const bool core = QOpenGLWidget::context()->format().profile() == QSurfaceFormat::CoreProfile;
    Handle(OpenGl_Context) glCtx = new OpenGl_Context();
    if (!glCtx->Init(core)) {
        showGlFailure(tr("OpenGl_Context could not wrap Qt's OpenGL context"));
        return;
    }
    const QSize px = size() * devicePixelRatioF();
    Handle(Aspect_NeutralWindow) window = Handle(Aspect_NeutralWindow)::DownCast(view_->Window());
    const bool first = window.IsNull();
    if (first) {
        window = new Aspect_NeutralWindow();
        window->SetVirtual(true);
    }
    // The top-level window's handle: Qt's context is current on it while painting, and asking this
    // child for winId() would turn it into a native non-GL window that breaks Qt's composition.
    window->SetNativeHandle(nativeDrawable());
    window->SetSize(px.width(), px.height());
    try {
        view_->SetWindow(window, glCtx->RenderingContext());
    } catch (const Standard_Failure& e) {
        showGlFailure(QString::fromUtf8(e.GetMessageString()));
        return;
    }
    if (first) pendingFit_ = true;
}

void OcctViewWidget::paintGL() {
    if (glFailed_ || view_->Window().IsNull()) return;
    if (view_->Window()->NativeHandle() != nativeDrawable()) {
        initializeGL(); // Qt recreated the native window (e.g. screen change)
        return;
    }
    Handle(OpenGl_Context) glCtx = glContextOf(view_);
    if (glCtx.IsNull()) return;
    Handle(OpenGl_FrameBuffer) fbo = glCtx->DefaultFrameBuffer();
    if (fbo.IsNull()) {
        fbo = new QtFrameBuffer();
        glCtx->SetDefaultFrameBuffer(fbo);
    }
    if (!fbo->InitWrapper(glCtx)) {
        showGlFailure(tr("could not wrap Qt's framebuffer"));
        return;
    }
    Graphic3d_Vec2i oldSize;
    Handle(Aspect_NeutralWindow) window = Handle(Aspect_NeutralWindow)::DownCast(view_->Window());
    window->Size(oldSize.x(), oldSize.y());
    const Graphic3d_Vec2i newSize = fbo->GetVPSize();
    if (newSize != oldSize) {
        window->SetSize(newSize.x(), newSize.y());
        view_->MustBeResized();
        view_->Invalidate();
    }
    if (pendingFit_) {
        pendingFit_ = false;
        view_->FitAll(kFitMargin, false);
    }
    view_->InvalidateImmediate();
    FlushViewEvents(context_, view_, true);
    reportCameraIfChanged();
    emit frameRendered();
}

void OcctViewWidget::handleViewRedraw(const Handle(AIS_InteractiveContext) & ctx,
                                      const Handle(V3d_View) & view) {
    AIS_ViewController::handleViewRedraw(ctx, view);
    if (myToAskNextFrame) update(); // animations (e.g. smooth zoom) need the next frame
}

void OcctViewWidget::reportCameraIfChanged() {
    const CameraState now = cameraState();
    if (lastReported_ && lastReported_->approxEquals(now)) return;
    lastReported_ = now;
    emit cameraChanged(now);
}

void OcctViewWidget::mousePressEvent(QMouseEvent* e) {
    QOpenGLWidget::mousePressEvent(e);
    const Graphic3d_Vec2i p(static_cast<int>(e->position().x()), static_cast<int>(e->position().y()));
    if (!glFailed_ && UpdateMouseButtons(p, toVKeys(e->buttons()), toVFlags(e->modifiers()), false)) update();
}

void OcctViewWidget::mouseReleaseEvent(QMouseEvent* e) {
    QOpenGLWidget::mouseReleaseEvent(e);
    const Graphic3d_Vec2i p(static_cast<int>(e->position().x()), static_cast<int>(e->position().y()));
    if (!glFailed_ && UpdateMouseButtons(p, toVKeys(e->buttons()), toVFlags(e->modifiers()), false)) update();
}

void OcctViewWidget::mouseMoveEvent(QMouseEvent* e) {
    QOpenGLWidget::mouseMoveEvent(e);
    const Graphic3d_Vec2i p(static_cast<int>(e->position().x()), static_cast<int>(e->position().y()));
    if (!glFailed_ && UpdateMousePosition(p, toVKeys(e->buttons()), toVFlags(e->modifiers()), false))
        update();
}

void OcctViewWidget::wheelEvent(QWheelEvent* e) {
    QOpenGLWidget::wheelEvent(e);
    const Graphic3d_Vec2i p(static_cast<int>(e->position().x()), static_cast<int>(e->position().y()));
    if (!glFailed_ && UpdateZoom(Aspect_ScrollDelta(p, e->angleDelta().y() / 8.0))) update();
}

void OcctViewWidget::clear() {
    showScene({});
}

void OcctViewWidget::showScene(const SceneView& scene) {
    if (viewer_.IsNull()) return;
    context_->RemoveAll(false);
    scene_ = scene;
    highlighted_.clear();
    for (const auto& o : scene_.objects) {
        if (o.IsNull()) continue;
        context_->Display(o, false);
        if (o != scene_.pickable) context_->Deactivate(o);
    }
    if (!scene_.pickable.IsNull()) {
        context_->Deactivate(scene_.pickable);
        context_->Activate(scene_.pickable, AIS_Shape::SelectionMode(TopAbs_FACE));
    }
    pendingFit_ = view_->Window().IsNull();
    if (!pendingFit_) view_->FitAll(kFitMargin, false);
    update();
}

void OcctViewWidget::setStandardView(StandardView v) {
    if (viewer_.IsNull()) return;
    applyStandardView(view_, v);
    fitAll();
}

void OcctViewWidget::fitAll() {
    if (viewer_.IsNull()) return;
    view_->FitAll(kFitMargin, false);
    view_->Invalidate();
    update();
}

CameraState OcctViewWidget::cameraState() const {
    if (viewer_.IsNull()) return {};
    return cameraOf(view_);
}

void OcctViewWidget::setCameraState(const CameraState& s) {
    if (viewer_.IsNull()) return;
    applyCamera(view_, s);
    lastReported_ = s; // not a user change: do not report it back
    view_->Invalidate();
    update();
}

void OcctViewWidget::setSection(bool enabled, int axis, double position) {
    if (viewer_.IsNull()) return;
    if (!clip_.IsNull()) {
        view_->RemoveClipPlane(clip_);
        clip_.Nullify();
    }
    if (enabled) {
        const gp_Dir normal = axis == 0 ? gp::DX() : axis == 1 ? gp::DY() : gp::DZ();
        gp_Pnt origin(0, 0, 0);
        origin.SetCoord(axis + 1, position);
        // The plane keeps the half-space its normal points away from; flip so x < position stays.
        clip_ = new Graphic3d_ClipPlane(gp_Pln(origin, normal.Reversed()));
        clip_->SetCapping(true);
        clip_->SetCappingColor(Quantity_Color(0.55, 0.55, 0.55, Quantity_TOC_sRGB));
        clip_->SetUseObjectMaterial(true);
        view_->AddClipPlane(clip_);
    }
    view_->Invalidate();
    update();
}

void OcctViewWidget::highlightFaces(const std::vector<int>& faces) {
    if (scene_.pickable.IsNull() || faces == highlighted_) return;
    highlighted_ = faces;
    paintHighlight(scene_, faces);
    context_->Redisplay(scene_.pickable, false);
    update();
}

void OcctViewWidget::OnSelectionChanged(const Handle(AIS_InteractiveContext) & ctx,
                                        const Handle(V3d_View) &) {
    ctx->InitSelected();
    if (!ctx->MoreSelected() || scene_.pickable.IsNull()) {
        emit pickCleared();
        return;
    }
    Handle(StdSelect_BRepOwner) owner = Handle(StdSelect_BRepOwner)::DownCast(ctx->SelectedOwner());
    if (owner.IsNull() || owner->Shape().ShapeType() != TopAbs_FACE) return;
    // The presentation may carry a local transformation (the ICP alignment); owner shapes are
    // untransformed sub-shapes of the pickable shape.
    TopTools_IndexedMapOfShape map;
    TopExp::MapShapes(scene_.pickable->Shape(), TopAbs_FACE, map);
    PickedFace picked;
    const TopoDS_Face face = TopoDS::Face(owner->Shape());
    picked.index = map.FindIndex(face) - 1;
    picked.surfaceType = surfaceTypeName(face);
    GProp_GProps props;
    BRepGProp::SurfaceProperties(face, props);
    picked.area = props.Mass();
    gp_Pnt c = props.CentreOfMass();
    if (scene_.pickable->HasTransformation()) c.Transform(scene_.pickable->LocalTransformation());
    picked.centroid = {c.X(), c.Y(), c.Z()};
    emit facePicked(picked);
}

} // namespace vernier::viewers
