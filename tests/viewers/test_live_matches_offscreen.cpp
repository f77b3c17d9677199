// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// One trial scene rendered both ways: a live OcctViewWidget (QOpenGLWidget, grabbed with grabFramebuffer())
// and the offscreen renderer with the live view's camera. Both take their presentations, colours and view
// style from viewers/scene_builder.h, so the pictures agree within antialiasing noise; a colour-space
// difference (e.g. sRGB handled on one path only) shifts every shaded pixel and fails this.
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include "models/trial_analysis.h"
#include "scoring/fcstd_document.h"
#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "support/image_baseline.h"
#include "support_fixture_shapes.h"
#include "viewers/occt_view_widget.h"
#include "viewers/offscreen_renderer.h"

using namespace vernier;
using namespace vernier::viewers;
using vernier::testing::fixturePath;
using vernier::testing::renderOutputDir;

namespace {

struct Trial {
    MeasuredDocument reference, candidate;
    GeometryResult geometry;
    UnmatchedFaces unmatched;
};

// plate_hole against plate_no_hole, scored for real (ICP pose, unmatched hole walls).
const Trial& plateTrial() {
    static const Trial trial = [] {
        MeasureOptions o;
        o.exactObb = false;
        Trial t;
        t.reference =
            measureDocument(FcDocument::load(fixturePath("plate_hole")), DocumentRole::Reference, o);
        t.candidate =
            measureDocument(FcDocument::load(fixturePath("plate_no_hole")), DocumentRole::Candidate, o);
        t.geometry = scoreGeometry(t.reference, t.candidate);
        t.unmatched = unmatchedFaces(t.reference, t.candidate, t.geometry.icp);
        return t;
    }();
    return trial;
}

SceneRequest sceneOf(const Trial& t, InspectorMode mode) {
    SceneRequest req;
    req.reference = t.reference.shape;
    req.candidate = t.candidate.shape;
    if (t.geometry.icp) {
        req.R = t.geometry.icp->R;
        req.t = t.geometry.icp->t;
    }
    req.mode = mode;
    req.unmatchedReference = t.unmatched.reference;
    req.unmatchedCandidate = t.unmatched.candidate;
    if (mode == InspectorMode::Deviation) {
        req.deviation = std::make_shared<const DeviationField>(
            computeDeviation(req.reference, req.candidate, req.R, req.t));
        req.colourMap.setRange(automaticDeviationRange(*req.deviation));
    }
    return req;
}

class LiveMatchesOffscreen : public ::testing::TestWithParam<InspectorMode> {
protected:
    void SetUp() override {
        if (QGuiApplication::platformName() != QStringLiteral("xcb")) GTEST_SKIP() << "live views need xcb";
        std::string why;
        if (!offscreenRenderingAvailable(&why)) GTEST_SKIP() << "no offscreen OpenGL here: " << why;
    }
};

} // namespace

TEST_P(LiveMatchesOffscreen, SameTrialSamePicture) {
    const InspectorMode mode = GetParam();
    const Trial& trial = plateTrial();
    ASSERT_TRUE(trial.geometry.icp.has_value());
    const SceneRequest request = sceneOf(trial, mode);
    const Scene scene = buildScene(request);
    // Side by side: the candidate's view (the right one) against the candidate half of the offscreen image.
    const std::size_t shown = mode == InspectorMode::SideBySide ? 1 : 0;
    ASSERT_GT(scene.views.size(), shown);

    OcctViewWidget live;
    live.resize(320, 240);
    live.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&live));
    ASSERT_FALSE(live.glFailed());
    QSignalSpy frames(&live, &OcctViewWidget::frameRendered);
    live.showScene(scene.views[shown]);
    live.setStandardView(StandardView::Iso);
    for (int i = 0; i < 200 && frames.count() < 2; ++i)
        QTest::qWait(20);
    ASSERT_GE(frames.count(), 1) << "the live view never drew";
    const QImage liveImage = live.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    ASSERT_FALSE(liveImage.isNull());

    RenderRequest req;
    req.reference = request.reference;
    req.candidate = request.candidate;
    req.R = request.R;
    req.t = request.t;
    req.mode = mode;
    req.unmatchedReference = request.unmatchedReference;
    req.unmatchedCandidate = request.unmatchedCandidate;
    req.deviation = request.deviation;
    req.deviationRange = request.colourMap.range();
    req.camera = live.cameraState();
    req.refitCamera = false;
    req.annotate = false;
    // Side by side renders both halves; the right half is the candidate's view at the live view's size.
    req.size = mode == InspectorMode::SideBySide ? QSize(liveImage.width() * 2, liveImage.height())
                                                 : liveImage.size();
    QImage offscreen = renderInspectorImage(req).convertToFormat(QImage::Format_RGB32);
    if (mode == InspectorMode::SideBySide)
        offscreen = offscreen.copy(liveImage.width(), 0, liveImage.width(), liveImage.height());

    const std::string name = "live_vs_offscreen_" + std::to_string(static_cast<int>(mode));
    liveImage.save(QString::fromStdString(renderOutputDir() + "/" + name + "_live.png"));
    offscreen.save(QString::fromStdString(renderOutputDir() + "/" + name + "_offscreen.png"));

    // The part covers a good share of the view (so the comparison compares geometry, not background).
    long part = 0;
    for (int y = 0; y < liveImage.height(); ++y)
        for (int x = 0; x < liveImage.width(); ++x) {
            const QRgb p = liveImage.pixel(x, y);
            part += !(qRed(p) > 250 && qGreen(p) > 250 && qBlue(p) > 250);
        }
    EXPECT_GT(part, liveImage.width() * liveImage.height() / 10);

    const auto cmp = vernier::test::compareImages(liveImage, offscreen, 24);
    ASSERT_TRUE(cmp.sizeMatches);
    cmp.diff.save(QString::fromStdString(renderOutputDir() + "/" + name + "_diff.png"));
    // Edges may antialias a little differently (Qt's framebuffer vs OCCT's own); shading and colours agree.
    EXPECT_LE(cmp.badShare(), 0.01) << cmp.badPixels << " of " << cmp.pixels
                                    << " pixels differ by more than 24 "
                                    << "(worst " << cmp.worstChannelDelta << "); see " << renderOutputDir();
}

INSTANTIATE_TEST_SUITE_P(Modes, LiveMatchesOffscreen,
                         ::testing::Values(InspectorMode::SideBySide, InspectorMode::Overlay,
                                           InspectorMode::Deviation),
                         [](const ::testing::TestParamInfo<InspectorMode>& info) {
                             switch (info.param) {
                             case InspectorMode::SideBySide:
                                 return std::string("SideBySide");
                             case InspectorMode::Overlay:
                                 return std::string("Overlay");
                             case InspectorMode::Deviation:
                                 return std::string("Deviation");
                             }
                             return std::string("Unknown");
                         });
