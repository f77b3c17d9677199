// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/inspector_views.h"

#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QOpenGLContext>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextDocument>
#include <QVBoxLayout>

#include "ui/inspector/deviation_legend.h"
#include "viewers/occt_view_widget.h"

namespace vernier::ui {

using viewers::CameraState;
using viewers::InspectorMode;
using viewers::OcctViewWidget;

namespace {

// Whether live OpenGL views can be shown: OCCT needs xcb, and Qt itself crashes when a visible
// QOpenGLWidget sits in a window of a platform without OpenGL (e.g. `offscreen`).
bool liveViewsPossible(QString* why) {
    if (QGuiApplication::platformName() != QStringLiteral("xcb")) {
        *why = QObject::tr("the 3D views need the xcb platform (this is '%1')")
                   .arg(QGuiApplication::platformName());
        return false;
    }
    QOpenGLContext probe;
    if (!probe.create()) {
        *why = QObject::tr("no OpenGL context could be created");
        return false;
    }
    return true;
}

} // namespace

InspectorViews::InspectorViews(QWidget* parent) : QWidget(parent) {
    QString noGl;
    // Without live views no QOpenGLWidget may exist in the window at all (Qt then composes the
    // window through OpenGL and crashes): a message takes each view's place.
    if (liveViewsPossible(&noGl)) {
        left_ = new OcctViewWidget(this);
        right_ = new OcctViewWidget(this);
        single_ = new OcctViewWidget(this);
        third_ = new OcctViewWidget(this);
        link_.setApply(0, [this](const CameraState& s) { left_->setCameraState(s); });
        link_.setApply(1, [this](const CameraState& s) { right_->setCameraState(s); });
        link_.setApply(2, [this](const CameraState& s) { third_->setCameraState(s); });
        connect(left_, &OcctViewWidget::cameraChanged, this,
                [this](const CameraState& s) { link_.cameraChanged(0, s); });
        connect(right_, &OcctViewWidget::cameraChanged, this,
                [this](const CameraState& s) { link_.cameraChanged(1, s); });
        connect(third_, &OcctViewWidget::cameraChanged, this,
                [this](const CameraState& s) { link_.cameraChanged(2, s); });
        for (auto* w : views())
            connect(w, &OcctViewWidget::facePicked, this, [this](const viewers::PickedFace& f) {
                picked_->setText(tr("Face %1: %2, area %3 mm², centroid (%4, %5, %6) mm")
                                     .arg(f.index + 1)
                                     .arg(QString::fromStdString(f.surfaceType))
                                     .arg(f.area, 0, 'f', 3)
                                     .arg(f.centroid[0], 0, 'f', 3)
                                     .arg(f.centroid[1], 0, 'f', 3)
                                     .arg(f.centroid[2], 0, 'f', 3));
                emit facePicked(f);
            });
    }
    const auto place = [&](OcctViewWidget* v) -> QWidget* {
        if (v) return v;
        auto* label = new QLabel(tr("3D view unavailable: %1.\nScores and tables still work; "
                                    "`vernier-cli render` draws the pictures offscreen under a display.")
                                     .arg(noGl),
                                 this);
        label->setAlignment(Qt::AlignCenter);
        label->setWordWrap(true);
        return label;
    };
    // Each view says what it shows: which document, in whose frame.
    const auto captioned = [this](QWidget* view, QLabel*& caption, const char* name) {
        auto* box = new QWidget(this);
        auto* v = new QVBoxLayout(box);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(2);
        caption = new QLabel(box);
        caption->setObjectName(QString::fromLatin1(name));
        caption->setTextFormat(Qt::RichText);
        // Two lines, wrapped, the same height in every pane: the two panes of the pair must start at the same
        // height for their linked cameras to match. The tooltip has the whole text.
        caption->setWordWrap(true);
        caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        caption->setFixedHeight(caption->fontMetrics().lineSpacing() * 2 + 2);
        caption->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        v->addWidget(caption);
        v->addWidget(view, 1);
        return box;
    };
    auto* pair = new QSplitter(Qt::Horizontal, this);
    pair->addWidget(captioned(place(left_), captionLeft_, "captionLeft"));
    pair->addWidget(captioned(place(right_), captionRight_, "captionRight"));
    thirdBox_ = captioned(place(third_), captionThird_, "captionThird");
    pair->addWidget(thirdBox_);
    thirdBox_->setVisible(false);
    legend_ = new DeviationLegend(this);
    auto* singlePage = new QWidget(this);
    auto* sh = new QHBoxLayout(singlePage);
    sh->setContentsMargins(0, 0, 0, 0);
    sh->addWidget(captioned(place(single_), captionSingle_, "captionSingle"), 1);
    sh->addWidget(legend_);
    stack_ = new QStackedWidget(this);
    stack_->addWidget(pair);
    stack_->addWidget(singlePage);
    picked_ = new QLabel(tr("Click a face to see its type, area and centroid."), this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stack_, 1);
    layout->addWidget(picked_);
    setMode(InspectorMode::SideBySide);
}

std::vector<OcctViewWidget*> InspectorViews::views() const {
    std::vector<OcctViewWidget*> out;
    for (auto* w : {left_, right_, single_, third_})
        if (w) out.push_back(w);
    return out;
}

void InspectorViews::setMode(InspectorMode mode) {
    mode_ = mode;
    stack_->setCurrentIndex(mode == InspectorMode::SideBySide ? 0 : 1);
    legend_->setVisible(mode == InspectorMode::Deviation);
}

void InspectorViews::showScene(const viewers::SceneRequest& request) {
    if (request.mode == InspectorMode::Deviation && request.deviation)
        legend_->setField(request.deviation, request.colourMap);
    if (!live()) return;
    if (request.mode == InspectorMode::Deviation && !request.deviation) {
        single_->clear();
        return;
    }
    const viewers::Scene scene = viewers::buildScene(request);
    if (request.mode == InspectorMode::SideBySide && scene.views.size() == 2) {
        left_->showScene(scene.views[0]);
        right_->showScene(scene.views[1]);
        link_.cameraChanged(0, left_->cameraState());
    } else if (!scene.views.empty()) {
        single_->showScene(scene.views[0]);
    }
}

void InspectorViews::clear() {
    for (auto* w : views())
        w->clear();
}

void InspectorViews::setCaptions(const QString& left, const QString& right, const QString& single) {
    const auto set = [](QLabel* l, const QString& html) {
        l->setText(html);
        QTextDocument d;
        d.setHtml(html);
        l->setToolTip(d.toPlainText());
    };
    set(captionLeft_, left);
    set(captionRight_, right);
    set(captionSingle_, single);
}

void InspectorViews::setLegend(std::shared_ptr<const viewers::DeviationField> field,
                               const viewers::DivergingColourMap& map) {
    legend_->setField(std::move(field), map);
}

void InspectorViews::setLegendBusy(const QString& message) {
    legend_->setBusy(message);
}

void InspectorViews::setThirdShape(const TopoDS_Shape& shape, const QString& caption) {
    captionThird_->setText(caption);
    QTextDocument d;
    d.setHtml(caption);
    captionThird_->setToolTip(d.toPlainText());
    if (!third_) return;
    if (shape.IsNull()) {
        third_->clear();
        return;
    }
    third_->showScene(viewers::buildShapeView(shape, viewers::thirdViewColour()));
    if (left_) link_.cameraChanged(0, left_->cameraState());
}

void InspectorViews::setThirdVisible(bool visible) {
    thirdWanted_ = visible;
    thirdBox_->setVisible(visible);
    // A view that appears takes the pair's camera.
    if (visible && left_) link_.cameraChanged(0, left_->cameraState());
}

bool InspectorViews::thirdVisible() const {
    return thirdWanted_;
}

void InspectorViews::setStandardView(viewers::StandardView v) {
    for (auto* w : views())
        w->setStandardView(v);
}

void InspectorViews::fitAll() {
    for (auto* w : views())
        w->fitAll();
}

void InspectorViews::setSection(bool enabled, int axis, double position) {
    for (auto* w : views())
        w->setSection(enabled, axis, position);
}

void InspectorViews::highlightFaces(const std::vector<int>& faces) {
    // Candidate face indices: the views whose pickable part is the candidate.
    for (auto* w : {right_, single_})
        if (w) w->highlightFaces(faces);
}

std::optional<CameraState> InspectorViews::camera() const {
    if (!live()) return std::nullopt;
    return (mode_ == InspectorMode::SideBySide ? left_ : single_)->cameraState();
}

} // namespace vernier::ui
