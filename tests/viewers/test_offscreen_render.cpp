// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Offscreen renders of real fixture pairs (run under a virtual X display): every mode against its baseline
// image, painted unmatched faces and their key, a self-comparison in zero colour only, the image row order,
// transparent backgrounds.
#include <cstdlib>

#include <BRepPrimAPI_MakeBox.hxx>
#include <QImage>
#include <gtest/gtest.h>

#include "models/trial_analysis.h"
#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "support/image_baseline.h"
#include "support_fixture_shapes.h"
#include "viewers/offscreen_renderer.h"
#include "viewers/shape_presentation.h"

using namespace vernier::viewers;
using namespace vernier;
using vernier::testing::fixturePath;
using vernier::testing::fixtureShape;
using vernier::testing::renderOutputDir;

namespace {

bool isBackground(QRgb p) {
    return qAlpha(p) == 0 || (qRed(p) > 250 && qGreen(p) > 250 && qBlue(p) > 250);
}

class OffscreenRender : public ::testing::Test {
protected:
    void SetUp() override {
        std::string why;
        if (!offscreenRenderingAvailable(&why)) GTEST_SKIP() << "no offscreen OpenGL here: " << why;
    }
    static void save(const QImage& img, const std::string& name) {
        img.save(QString::fromStdString(renderOutputDir() + "/" + name));
    }
};

// A reference/candidate pair of fixtures scored for real: the ICP pose and the unmatched faces are what
// the inspector shows for such a trial.
struct ScoredPair {
    MeasuredDocument reference, candidate;
    GeometryResult geometry;
    UnmatchedFaces unmatched;
};

ScoredPair scorePair(const std::string& reference, const std::string& candidate) {
    MeasureOptions o;
    o.exactObb = false;
    ScoredPair p;
    p.reference = measureDocument(FcDocument::load(fixturePath(reference)), DocumentRole::Reference, o);
    p.candidate = measureDocument(FcDocument::load(fixturePath(candidate)), DocumentRole::Candidate, o);
    p.geometry = scoreGeometry(p.reference, p.candidate);
    p.unmatched = unmatchedFaces(p.reference, p.candidate, p.geometry.icp);
    return p;
}

// plate_hole against the same plate with a 1.455 mm hole radius: only the hole walls differ.
const ScoredPair& plateHolePair() {
    static const ScoredPair pair = scorePair("plate_hole", "plate_hole_r1455");
    return pair;
}

RenderRequest plateHoleRequest(InspectorMode mode) {
    const ScoredPair& p = plateHolePair();
    RenderRequest req;
    req.reference = p.reference.shape;
    req.candidate = p.candidate.shape;
    if (p.geometry.icp) {
        req.R = p.geometry.icp->R;
        req.t = p.geometry.icp->t;
    }
    req.mode = mode;
    req.unmatchedReference = p.unmatched.reference;
    req.unmatchedCandidate = p.unmatched.candidate;
    req.size = QSize(320, 240);
    req.annotate = false; // the 3D views only: baselines must not depend on the machine's fonts
    return req;
}

// Renders twice (the second must equal the first bit for bit: llvmpipe is deterministic, and a scene that is
// not would make every baseline flaky), saves a copy to look at, then compares with the baseline.
void expectBaseline(const RenderRequest& req, const char* name) {
    const QImage first = renderInspectorImage(req);
    const QImage second = renderInspectorImage(req);
    ASSERT_EQ(first.size(), req.size);
    const auto same = vernier::test::compareImages(second, first, 0);
    EXPECT_EQ(same.badPixels, 0) << name << ": two renders of the same request differ";
    first.save(QString::fromStdString(renderOutputDir() + "/" + name + ".png"));
    vernier::test::expectMatchesBaseline(first, QString::fromLatin1(name));
}

} // namespace

// Baselines of every mode the offscreen renderer draws (tests/data/baselines/render_*.png; regenerate with
// VERNIER_UPDATE_BASELINES=1 and look at them before committing).
TEST_F(OffscreenRender, SideBySideMatchesTheBaseline) {
    expectBaseline(plateHoleRequest(InspectorMode::SideBySide), "render_side_by_side");
}

TEST_F(OffscreenRender, OverlayMatchesTheBaseline) {
    expectBaseline(plateHoleRequest(InspectorMode::Overlay), "render_overlay");
}

TEST_F(OffscreenRender, OverlayOfASelfComparisonMatchesTheBaseline) {
    // Candidate and reference coincide everywhere: without the reference's polygon offset this z-fights.
    RenderRequest req;
    req.reference = fixtureShape("l_bracket_fillet");
    req.candidate = req.reference;
    req.mode = InspectorMode::Overlay;
    req.size = QSize(320, 240);
    req.annotate = false;
    expectBaseline(req, "render_overlay_self");
}

TEST_F(OffscreenRender, DeviationMatchesTheBaseline) {
    RenderRequest req;
    req.reference = BRepPrimAPI_MakeBox(40, 30, 10).Shape();
    req.candidate = BRepPrimAPI_MakeBox(40, 30, 10.5).Shape();
    req.mode = InspectorMode::Deviation;
    req.size = QSize(320, 240);
    req.annotate = false;
    expectBaseline(req, "render_deviation");
}

TEST_F(OffscreenRender, TopViewMatchesTheBaseline) {
    RenderRequest req = plateHoleRequest(InspectorMode::SideBySide);
    req.view = StandardView::Top; // the hole in plan
    expectBaseline(req, "render_side_by_side_top");
}

// Marked faces (no counterpart) are painted on the part and keyed at the bottom: plate_hole's hole wall
// against plate_no_hole, scored for real.
TEST_F(OffscreenRender, UnmatchedFacesArePaintedAndKeyed) {
    static const ScoredPair pair = scorePair("plate_hole", "plate_no_hole");
    const MeasuredDocument& ref = pair.reference;
    const MeasuredDocument& cand = pair.candidate;
    const GeometryResult& g = pair.geometry;
    ASSERT_TRUE(g.icp.has_value());
    const UnmatchedFaces u = unmatchedFaces(ref, cand, g.icp);
    ASSERT_FALSE(u.reference.empty());
    bool cylinder = false;
    for (int f : u.reference)
        cylinder = cylinder || ref.faces[static_cast<std::size_t>(f)].surfaceType == "Cylinder";
    EXPECT_TRUE(cylinder); // the hole wall is among them

    RenderRequest req;
    req.reference = ref.shape;
    req.candidate = cand.shape;
    req.R = g.icp->R;
    req.t = g.icp->t;
    req.mode = InspectorMode::SideBySide;
    req.size = QSize(1200, 600);
    const QImage plain = renderInspectorImage(req);
    req.unmatchedReference = u.reference;
    req.unmatchedCandidate = u.candidate;
    const QImage marked = renderInspectorImage(req);
    save(marked, "side_by_side_unmatched_faces.png");
    // The key's swatch is the exact colour; the painted faces are shades of it (lit), absent without marks.
    const auto purpleish = [](const QImage& img, int x0, int x1) {
        int n = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = x0; x < x1; ++x) {
                const QColor c = QColor::fromRgb(img.pixel(x, y));
                n += c.red() > c.green() + 40 && c.blue() > c.green() + 20; // reddish purple, lit or not
            }
        return n;
    };
    EXPECT_EQ(purpleish(plain, 0, 600), 0);
    EXPECT_GT(purpleish(marked, 0, 600), 300);
    bool keySwatch = false;
    for (int y = marked.height() / 2; y < marked.height() && !keySwatch; ++y)
        for (int x = 0; x < 60 && !keySwatch; ++x)
            keySwatch = QColor::fromRgb(marked.pixel(x, y)) == referenceOnlyColour();
    EXPECT_TRUE(keySwatch);
}

TEST_F(OffscreenRender, DeviationOfASelfComparisonIsOnlyZeroColour) {
    RenderRequest req;
    req.reference = fixtureShape("flange_polar");
    req.candidate = req.reference;
    req.mode = InspectorMode::Deviation;
    req.size = QSize(900, 700);
    const QImage img = renderInspectorImage(req);
    save(img, "deviation_flange_self.png");
    const int partWidth = img.width() - std::clamp(img.width() / 6, 110, 220);
    long part = 0, coloured = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < partWidth; ++x) {
            const QRgb p = img.pixel(x, y);
            if (isBackground(p)) continue;
            ++part;
            // Zero deviation is neutral grey: shading and black edges keep r = g = b.
            if (std::abs(qRed(p) - qGreen(p)) > 8 || std::abs(qGreen(p) - qBlue(p)) > 8) ++coloured;
        }
    EXPECT_GT(part, img.width() * img.height() / 20);
    EXPECT_EQ(coloured, 0);
}

TEST_F(OffscreenRender, DeviationShowsColourWhereThePartsDiffer) {
    RenderRequest req;
    req.reference = BRepPrimAPI_MakeBox(40, 30, 10).Shape();
    req.candidate = BRepPrimAPI_MakeBox(40, 30, 10.5).Shape();
    req.mode = InspectorMode::Deviation;
    req.size = QSize(900, 700);
    const QImage img = renderInspectorImage(req);
    save(img, "deviation_box_taller.png");

    long reddish = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width() - 220; ++x) {
            const QRgb p = img.pixel(x, y);
            if (qRed(p) > qBlue(p) + 60) ++reddish;
        }
    EXPECT_GT(reddish, 1000); // the raised top face is red (excess material)
}

TEST_F(OffscreenRender, FrontViewIsUprightWithTheExcessOnTop) {
    // Guards the image row order: the extra 0.5 mm sits at the top of the front face.
    RenderRequest req;
    req.reference = BRepPrimAPI_MakeBox(40, 30, 10).Shape();
    req.candidate = BRepPrimAPI_MakeBox(40, 30, 10.5).Shape();
    req.mode = InspectorMode::Deviation;
    req.view = StandardView::Front;
    req.size = QSize(900, 700);
    const QImage img = renderInspectorImage(req);
    save(img, "deviation_box_taller_front.png");
    double redY = 0, greyY = 0;
    long reds = 0, greys = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width() - 220; ++x) {
            const QRgb p = img.pixel(x, y);
            if (isBackground(p)) continue;
            if (qRed(p) > qBlue(p) + 60)
                redY += y, ++reds;
            else if (qRed(p) == qBlue(p))
                greyY += y, ++greys;
        }
    ASSERT_GT(reds, 100);
    ASSERT_GT(greys, 1000);
    EXPECT_LT(redY / reds, greyY / greys);
}

TEST_F(OffscreenRender, TransparentBackgroundHasClearCornersAndOpaqueParts) {
    RenderRequest req;
    req.reference = fixtureShape("box_sketch_pad");
    req.candidate = req.reference;
    req.mode = InspectorMode::SideBySide;
    req.size = QSize(800, 400);
    req.transparentBackground = true;
    const QImage img = renderInspectorImage(req);
    save(img, "side_by_side_box_transparent.png");
    EXPECT_EQ(qAlpha(img.pixel(img.width() - 1, img.height() - 1)), 0);
    EXPECT_EQ(qAlpha(img.pixel(img.width() / 4, img.height() / 2)), 255);
    EXPECT_EQ(qAlpha(img.pixel(img.width() * 3 / 4, img.height() / 2)), 255);
}

TEST_F(OffscreenRender, RejectsAbsurdSizes) {
    RenderRequest req;
    req.reference = BRepPrimAPI_MakeBox(1, 1, 1).Shape();
    req.candidate = req.reference;
    req.size = QSize(4, 100000);
    EXPECT_THROW(renderInspectorImage(req), std::invalid_argument);
}

TEST(InspectorMode, ParsesTheCliNames) {
    EXPECT_EQ(parseInspectorMode("side-by-side"), InspectorMode::SideBySide);
    EXPECT_EQ(parseInspectorMode("overlay"), InspectorMode::Overlay);
    EXPECT_EQ(parseInspectorMode("deviation"), InspectorMode::Deviation);
    EXPECT_FALSE(parseInspectorMode("Overlay").has_value());
}

// The deviation legend (colour bar labels and max/min/RMS lines) is never clipped by the image edge, at a
// small export size as at a large one: the last columns of the image hold background only.
TEST_F(OffscreenRender, DeviationLegendIsNeverClipped) {
    for (const QSize size : {QSize(480, 320), QSize(1200, 600)}) {
        RenderRequest req = plateHoleRequest(InspectorMode::Deviation);
        req.size = size;
        req.annotate = true;
        const QImage image = renderInspectorImage(req).convertToFormat(QImage::Format_RGB32);
        ASSERT_EQ(image.size(), size);
        int inked = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = image.width() - 4; x < image.width(); ++x)
                if (qGray(image.pixel(x, y)) < 200) ++inked;
        EXPECT_EQ(inked, 0) << size.width() << "x" << size.height() << ": text reaches the right edge";
    }
}
