// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "viewers/offscreen_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include <AIS_InteractiveContext.hxx>
#include <Aspect_DisplayConnection.hxx>
#include <Graphic3d_Camera.hxx>
#include <Image_PixMap.hxx>
#include <OpenGl_GraphicDriver.hxx>
#include <QPainter>
#include <Standard_Failure.hxx>
#include <V3d_View.hxx>
#include <V3d_Viewer.hxx>
#include <Xw_Window.hxx>

#include "viewers/colour_map.h"
#include "viewers/shape_presentation.h"

namespace vernier::viewers {

namespace {

// One hidden viewer for the whole process: a virtual (never mapped) X window gives OCCT its GL
// context, and V3d_View::ToPixMap renders into an offscreen framebuffer of any size.
class OffscreenScene {
public:
    static OffscreenScene& instance() {
        static OffscreenScene scene;
        return scene;
    }

    void ensureReady() {
        if (!view_.IsNull()) return;
        if (qEnvironmentVariableIsEmpty("DISPLAY"))
            throw std::runtime_error("no X display (set DISPLAY or run under xvfb-run)");
        try {
            Handle(Aspect_DisplayConnection) display = new Aspect_DisplayConnection();
            Handle(OpenGl_GraphicDriver) driver = new OpenGl_GraphicDriver(display, false);
            // sRGB stays on: the colour-space rule of scene_builder.h (linear lighting, sRGB-encoded
            // pixels in ToPixMap's sRGB framebuffer), the same as the live views.
            driver->ChangeOptions().buffersOpaqueAlpha = false; // keeps the background's alpha at 0
            viewer_ = new V3d_Viewer(driver);
            styleViewer(viewer_);
            context_ = new AIS_InteractiveContext(viewer_);
            Handle(Xw_Window) window = new Xw_Window(display, "vernier offscreen", 0, 0, 64, 64);
            window->SetVirtual(true);
            view_ = viewer_->CreateView();
            view_->SetWindow(window);
            styleView(view_);
        } catch (const Standard_Failure& e) {
            view_.Nullify();
            throw std::runtime_error(std::string("OpenGL is not available: ") + e.GetMessageString());
        }
    }

    Handle(AIS_InteractiveContext) context() const { return context_; }
    Handle(V3d_View) view() const { return view_; }

private:
    Handle(V3d_Viewer) viewer_;
    Handle(AIS_InteractiveContext) context_;
    Handle(V3d_View) view_;
};

QImage grab(const Handle(V3d_View) & view, QSize size, bool transparent) {
    Image_PixMap pix;
    V3d_ImageDumpOptions opts;
    opts.Width = size.width();
    opts.Height = size.height();
    opts.BufferType = transparent ? Graphic3d_BT_RGBA : Graphic3d_BT_RGB;
    opts.ToAdjustAspect = true;
    if (!view->ToPixMap(pix, opts))
        throw std::runtime_error("offscreen rendering failed (V3d_View::ToPixMap)");
    QImage image(size, transparent ? QImage::Format_RGBA8888 : QImage::Format_RGB888);
    const std::size_t rowBytes = static_cast<std::size_t>(size.width()) * (transparent ? 4 : 3);
    for (int y = 0; y < size.height(); ++y) {
        // Image_PixMap::Row() already counts from the top whatever the storage order.
        std::memcpy(image.scanLine(y), pix.Row(y), rowBytes);
    }
    return image.convertToFormat(QImage::Format_ARGB32);
}

QString mm(double v) {
    return QString::number(v, 'f', std::abs(v) >= 1 ? 3 : 4) + QStringLiteral(" mm");
}

void drawLabel(QPainter& p, const QRect& area, const QString& text, const QColor& swatch) {
    QFont f = p.font();
    f.setPixelSize(std::max(12, area.height() / 40));
    p.setFont(f);
    const QFontMetrics fm(f);
    const int pad = fm.height() / 2;
    int x = area.left() + pad;
    if (swatch.isValid()) {
        p.fillRect(QRect(x, area.top() + pad, fm.height(), fm.height()), swatch);
        x += fm.height() + pad / 2;
    }
    p.setPen(Qt::black);
    p.drawText(QPoint(x, area.top() + pad + fm.ascent()), text);
}

// Bottom-left key for the painted faces, one line per side that has any.
void drawUnmatchedKey(QPainter& p, const QSize& size, const RenderRequest& request) {
    const int line = std::max(14, size.height() / 40) * 2;
    int y = size.height() - line;
    const auto key = [&](const std::vector<int>& faces, const QColor& colour, const QString& what) {
        if (faces.empty()) return;
        drawLabel(p, QRect(QPoint(0, y - line / 2), size),
                  QStringLiteral("%1 %2 face%3 without a counterpart within 0.1 mm")
                      .arg(faces.size())
                      .arg(what, faces.size() == 1 ? QString() : QStringLiteral("s")),
                  colour);
        y -= line;
    };
    key(request.unmatchedCandidate, candidateOnlyColour(), QStringLiteral("candidate"));
    key(request.unmatchedReference, referenceOnlyColour(), QStringLiteral("reference"));
}

} // namespace

bool offscreenRenderingAvailable(std::string* reason) {
    try {
        OffscreenScene::instance().ensureReady();
        return true;
    } catch (const std::exception& e) {
        if (reason) *reason = e.what();
        return false;
    }
}

QImage renderInspectorImage(const RenderRequest& request) {
    if (request.size.width() < 16 || request.size.height() < 16 || request.size.width() > 8192 ||
        request.size.height() > 8192)
        throw std::invalid_argument("image size must be between 16x16 and 8192x8192");
    OffscreenScene& scene = OffscreenScene::instance();
    scene.ensureReady();
    const Handle(AIS_InteractiveContext) ctx = scene.context();
    const Handle(V3d_View) view = scene.view();
    ctx->RemoveAll(false);
    styleView(view);

    SceneRequest sceneRequest = request; // the scene part of the request
    std::shared_ptr<const DeviationField> field = request.deviation;
    DivergingColourMap& map = sceneRequest.colourMap;
    if (request.mode == InspectorMode::Deviation) {
        if (!field)
            field = std::make_shared<const DeviationField>(
                computeDeviation(request.reference, request.candidate, request.R, request.t));
        map.setRange(request.deviationRange > 0 ? request.deviationRange : automaticDeviationRange(*field));
        sceneRequest.deviation = field;
    }
    const Scene built = buildScene(sceneRequest);
    const QColor refColour = referenceColour(), candColour = candidateColour();

    // Camera: fitted to everything the picture shows, so both halves of side by side share a scale.
    for (const auto& obj : built.all())
        ctx->Display(obj, false);
    if (request.camera) {
        applyCamera(view, *request.camera);
        // A live view's zoom belongs to its own aspect ratio; refitting frames the part in the image.
        if (request.refitCamera) view->FitAll(kFitMargin, false);
    } else {
        applyStandardView(view, request.view);
        view->FitAll(kFitMargin, false);
    }
    // Shows exactly one view of the scene.
    const auto showOnly = [&](std::size_t index) {
        for (const auto& obj : built.all())
            ctx->Erase(obj, false);
        if (index < built.views.size())
            for (const auto& obj : built.views[index].objects)
                ctx->Display(obj, false);
    };

    const QSize size = request.size;
    QImage out(size, QImage::Format_ARGB32);
    out.fill(request.transparentBackground ? Qt::transparent : Qt::white);
    QPainter painter(&out);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);

    if (!request.annotate) {
        // The bare 3D view: side by side as two halves, the others as one picture.
        if (request.mode == InspectorMode::SideBySide) {
            const QSize half(size.width() / 2, size.height());
            for (std::size_t side = 0; side < 2; ++side) {
                showOnly(side);
                painter.drawImage(QPoint(static_cast<int>(side) * half.width(), 0),
                                  grab(view, half, request.transparentBackground));
            }
        } else {
            showOnly(0);
            painter.drawImage(QPoint(0, 0), grab(view, size, request.transparentBackground));
        }
    } else if (request.mode == InspectorMode::SideBySide) {
        const QSize half(size.width() / 2, size.height());
        QImage images[2];
        for (std::size_t side = 0; side < 2; ++side) {
            showOnly(side);
            images[side] = grab(view, half, request.transparentBackground);
        }
        painter.drawImage(QPoint(0, 0), images[0]);
        painter.drawImage(QPoint(half.width(), 0), images[1]);
        painter.setPen(QPen(QColor(160, 160, 160), 1));
        painter.drawLine(half.width(), 0, half.width(), size.height());
        drawLabel(painter, QRect(QPoint(0, 0), half), QStringLiteral("Reference"), refColour);
        drawLabel(painter, QRect(QPoint(half.width(), 0), half), QStringLiteral("Candidate (aligned by ICP)"),
                  candColour);
        drawUnmatchedKey(painter, size, request);
    } else if (request.mode == InspectorMode::Overlay) {
        painter.drawImage(QPoint(0, 0), grab(view, size, request.transparentBackground));
        drawLabel(painter, QRect(QPoint(0, 0), size), QStringLiteral("Reference"), refColour);
        drawLabel(painter, QRect(QPoint(0, std::max(14, size.height() / 40) * 2), size),
                  QStringLiteral("Candidate (aligned by ICP); mixed tone = both"), candColour);
        drawUnmatchedKey(painter, size, request);
    } else {
        // The colour bar and the statistics take a strip on the right, wide enough for their text (a legend
        // is never clipped); the part is rendered in the rest.
        QFont f = painter.font();
        f.setPixelSize(std::max(11, size.height() / 50));
        painter.setFont(f);
        const QFontMetrics fm(f);
        const QStringList stats = {QStringLiteral("max +") + mm(field->maxPositive),
                                   QStringLiteral("min ") + mm(field->maxNegative),
                                   QStringLiteral("RMS ") + mm(field->rms)};
        int widest = 0;
        for (const QString& line : stats)
            widest = std::max(widest, fm.horizontalAdvance(line));
        const int barStrip =
            std::min(size.width() / 2, std::max(std::clamp(size.width() / 6, 110, 220), widest + 24));
        const QSize partSize(std::max(16, size.width() - barStrip), size.height());
        painter.drawImage(QPoint(0, 0), grab(view, partSize, request.transparentBackground));
        const int margin = size.height() / 12;
        paintColourBar(painter,
                       QRect(partSize.width() + 8, margin, barStrip - 16, size.height() * 2 / 3 - margin),
                       map, QStringLiteral("Deviation"));
        int y = size.height() * 2 / 3 + fm.height() * 2;
        for (const QString& line : stats) {
            painter.drawText(QPoint(partSize.width() + 8, y), line);
            y += fm.height() + 2;
        }
    }
    painter.end();
    ctx->RemoveAll(false);
    return out;
}

} // namespace vernier::viewers
