// Offscreen renders of real fixture pairs (run under a virtual X display): the part is visible at a
// sensible size, both halves of side by side show geometry, a self-comparison is all zero colour.
#include <cstdlib>

#include <BRepPrimAPI_MakeBox.hxx>
#include <QImage>
#include <gtest/gtest.h>

#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "support_fixture_shapes.h"
#include "viewers/offscreen_renderer.h"
#include "viewers/shape_presentation.h"
#include "viewers/trial_analysis.h"

using namespace vernier::viewers;
using namespace vernier;
using vernier::testing::fixturePath;
using vernier::testing::fixtureShape;
using vernier::testing::renderOutputDir;

namespace {

bool isBackground(QRgb p) {
    return qAlpha(p) == 0 || (qRed(p) > 250 && qGreen(p) > 250 && qBlue(p) > 250);
}

// Share of non-background pixels in [x0, x1) x [y0, y1), skipping the label band at the top.
double geometryShare(const QImage& img, int x0, int x1, int y0 = -1, int y1 = -1) {
    if (y0 < 0) y0 = img.height() / 12;
    if (y1 < 0) y1 = img.height();
    long hits = 0, total = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x, ++total)
            if (!isBackground(img.pixel(x, y))) ++hits;
    return total ? static_cast<double>(hits) / total : 0;
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

} // namespace

TEST_F(OffscreenRender, OverlayOfAFixtureFillsAReasonableShare) {
    RenderRequest req;
    req.reference = fixtureShape("l_bracket_fillet");
    req.candidate = req.reference;
    req.mode = InspectorMode::Overlay;
    req.size = QSize(800, 600);
    const QImage img = renderInspectorImage(req);
    save(img, "overlay_l_bracket_self.png");
    ASSERT_EQ(img.size(), QSize(800, 600));
    const double share = geometryShare(img, 0, img.width());
    EXPECT_GT(share, 0.10);
    EXPECT_LT(share, 0.85);
}

TEST_F(OffscreenRender, SideBySideShowsGeometryInBothHalves) {
    RenderRequest req;
    req.reference = fixtureShape("plate_hole");
    req.candidate = fixtureShape("plate_no_hole");
    req.mode = InspectorMode::SideBySide;
    req.size = QSize(1200, 600);
    const QImage img = renderInspectorImage(req);
    save(img, "side_by_side_plate_hole_vs_no_hole.png");
    const double left = geometryShare(img, 0, img.width() / 2 - 2);
    const double right = geometryShare(img, img.width() / 2 + 2, img.width());
    EXPECT_GT(left, 0.05);
    EXPECT_GT(right, 0.05);
    EXPECT_LT(left, 0.85);
    EXPECT_LT(right, 0.85);
}

// Marked faces (no counterpart) are painted on the part and keyed at the bottom: plate_hole's hole wall
// against plate_no_hole, scored for real.
TEST_F(OffscreenRender, UnmatchedFacesArePaintedAndKeyed) {
    MeasureOptions o;
    o.exactObb = false;
    const MeasuredDocument ref =
        measureDocument(FcDocument::load(fixturePath("plate_hole")), DocumentRole::Reference, o);
    const MeasuredDocument cand =
        measureDocument(FcDocument::load(fixturePath("plate_no_hole")), DocumentRole::Candidate, o);
    const GeometryResult g = scoreGeometry(ref, cand);
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
