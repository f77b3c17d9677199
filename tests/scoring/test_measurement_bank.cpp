// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The spec measurement bank (docs/scoring.md §8.3) on analytic OCCT shapes and real FreeCAD fixtures.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>

#include <BRepAlgoAPI_Cut.hxx>
#include <BRepAlgoAPI_Fuse.hxx>
#include <BRepBuilderAPI_Transform.hxx>
#include <BRepPrimAPI_MakeBox.hxx>
#include <BRepPrimAPI_MakeCone.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <gp_Ax2.hxx>
#include <gp_Trsf.hxx>

#include "scoring/measure_document.h"
#include "scoring/measurement_bank.h"

using namespace vernier;

namespace {

TopoDS_Shape box(double a, double b, double c) {
    return BRepPrimAPI_MakeBox(a, b, c).Shape();
}

TopoDS_Shape cylinderAt(double x, double y, double z, const gp_Dir& dir, double r, double h) {
    return BRepPrimAPI_MakeCylinder(gp_Ax2(gp_Pnt(x, y, z), dir), r, h).Shape();
}

TopoDS_Shape cut(const TopoDS_Shape& a, const TopoDS_Shape& b) {
    BRepAlgoAPI_Cut op(a, b);
    EXPECT_TRUE(op.IsDone());
    return op.Shape();
}

std::vector<double> offsets(const MeasurementBank& bank) {
    std::vector<double> out;
    for (const auto& p : bank.planePairs)
        out.push_back(p.offset);
    return out;
}

std::string fixture(const std::string& name) {
    return std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/" + name;
}

} // namespace

TEST(MeasurementBank, BoxGlobalsAndPcaObb) {
    const auto bank = bankFromShape(box(10, 5, 3));
    EXPECT_EQ(bank.solidCount, 1);
    EXPECT_NEAR(bank.globals.volume, 150.0, 1e-9);
    EXPECT_NEAR(bank.globals.area, 190.0, 1e-9);
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(bank.globals.aabbSorted[i], (std::array<double, 3>{3, 5, 10})[i], 1e-9);
        EXPECT_NEAR(bank.globals.obbSorted[i], (std::array<double, 3>{3, 5, 10})[i], 1e-9);
        EXPECT_NEAR(bank.globals.aabbMinCorner[i], 0.0, 1e-9);
        EXPECT_NEAR(bank.globals.aabbMaxCorner[i], (std::array<double, 3>{10, 5, 3})[i], 1e-9);
        EXPECT_NEAR(bank.globals.centroid[i], (std::array<double, 3>{5, 2.5, 1.5})[i], 1e-9);
    }
    EXPECT_NEAR(bank.globals.obbDiagonal(), std::sqrt(134.0), 1e-9);
    EXPECT_EQ(bank.faceStats.at("Plane"), 6);
    EXPECT_TRUE(bank.cylinderClusters.empty());
    EXPECT_EQ(offsets(bank), (std::vector<double>{3, 5, 10}));
    EXPECT_EQ(bank.planePairs[0].label(), "plane pair offset (normal z)");
    EXPECT_EQ(bank.planePairs[2].label(), "plane pair offset (normal x)");
}

TEST(MeasurementBank, PcaObbOfRotatedBoxIsRotationInvariant) {
    gp_Trsf rot;
    rot.SetRotation(gp_Ax1(gp_Pnt(0, 0, 0), gp_Dir(1, 1, 0)), 30.0 * std::numbers::pi / 180.0);
    const TopoDS_Shape rotated = BRepBuilderAPI_Transform(box(10, 5, 3), rot, true).Shape();
    const auto bank = bankFromShape(rotated);
    EXPECT_NEAR(bank.globals.obbSorted[0], 3.0, 1e-6);
    EXPECT_NEAR(bank.globals.obbSorted[1], 5.0, 1e-6);
    EXPECT_NEAR(bank.globals.obbSorted[2], 10.0, 1e-6);
    EXPECT_GT(bank.globals.aabbSorted[2], 10.0); // the AABB grows, the PCA box does not
}

TEST(MeasurementBank, PlateWithHoleGivesConcaveCluster) {
    const auto plate = cut(box(40, 30, 5), cylinderAt(10, 10, -1, gp::DZ(), 1.5, 7));
    const auto bank = bankFromShape(plate);
    ASSERT_EQ(bank.cylinderClusters.size(), 1u);
    const auto& c = bank.cylinderClusters[0];
    EXPECT_FALSE(c.convex);
    EXPECT_NEAR(c.radius, 1.5, 1e-9);
    EXPECT_NEAR(std::abs(c.axis[2]), 1.0, 1e-12);
    EXPECT_EQ(c.count(), 1);
    EXPECT_NEAR(c.axialExtent, 5.0, 1e-9);
    EXPECT_NEAR(c.centroids[0][0], 10.0, 1e-6);
    EXPECT_NEAR(c.centroids[0][1], 10.0, 1e-6);
    EXPECT_NEAR(c.centroids[0][2], 2.5, 1e-6);
    EXPECT_EQ(c.label(), "cylinder cluster #1 (concave, r=1.5, \xC3\x97"
                         "1)");
    ASSERT_EQ(c.faces.size(), 1u);
    EXPECT_GE(c.faces[0], 0);
    EXPECT_EQ(offsets(bank), (std::vector<double>{5, 30, 40}));
    EXPECT_NEAR(bank.globals.volume, 40 * 30 * 5 - std::numbers::pi * 1.5 * 1.5 * 5, 1e-6);
}

TEST(MeasurementBank, ClustersSplitByConvexityRadiusAndAxis) {
    TopoDS_Shape s = box(60, 60, 10);
    // A convex boss on top (r=5), four concave z-holes r=2, one r=3 hole, and one x-axis hole r=2.
    s = BRepAlgoAPI_Fuse(s, cylinderAt(30, 30, 10, gp::DZ(), 5, 8)).Shape();
    for (auto [x, y] : {std::pair{10.0, 10.0}, {50.0, 10.0}, {10.0, 50.0}, {50.0, 50.0}})
        s = cut(s, cylinderAt(x, y, -1, gp::DZ(), 2, 12));
    s = cut(s, cylinderAt(30, 10, -1, gp::DZ(), 3, 12));
    s = cut(s, cylinderAt(-1, 30, 5, gp::DX(), 2, 62));
    const auto bank = bankFromShape(s);
    int convexBoss = 0, zHoles = 0, bigHole = 0, xHole = 0;
    for (const auto& c : bank.cylinderClusters) {
        if (c.convex && std::abs(c.radius - 5) < 1e-9) convexBoss = c.count();
        if (!c.convex && std::abs(c.radius - 2) < 1e-9 && std::abs(c.axis[2]) > 0.99) zHoles = c.count();
        if (!c.convex && std::abs(c.radius - 3) < 1e-9) bigHole = c.count();
        if (!c.convex && std::abs(c.radius - 2) < 1e-9 && std::abs(c.axis[0]) > 0.99) xHole = c.count();
    }
    EXPECT_EQ(convexBoss, 1);
    EXPECT_EQ(zHoles, 4);
    EXPECT_EQ(bigHole, 1);
    EXPECT_GE(xHole, 1); // the cross hole may be split into pieces by the z holes it meets
    // The four z holes form a 2×2 grid with spacing 40.
    bool grid = false;
    for (const auto& g : bank.grids)
        if (g.count == 4 && g.rows == 2 && g.columns == 2 && std::abs(g.spacingRows - 40) < 1e-6 &&
            std::abs(g.spacingCols - 40) < 1e-6)
            grid = true;
    EXPECT_TRUE(grid);
}

TEST(MeasurementBank, CircularPatternOfSixHoles) {
    TopoDS_Shape s = cylinderAt(0, 0, 0, gp::DZ(), 40, 8);
    for (int k = 0; k < 6; ++k) {
        const double a = k * std::numbers::pi / 3;
        s = cut(s, cylinderAt(30 * std::cos(a), 30 * std::sin(a), -1, gp::DZ(), 3.3, 10));
    }
    const auto bank = bankFromShape(s);
    ASSERT_EQ(bank.circularPatterns.size(), 1u);
    const auto& cp = bank.circularPatterns[0];
    EXPECT_EQ(cp.count, 6);
    EXPECT_NEAR(cp.patternRadius, 30.0, 1e-6);
    EXPECT_NEAR(cp.angularPitch, std::numbers::pi / 3, 1e-9);
    EXPECT_EQ(cp.faces.size(), 6u);
    EXPECT_EQ(cp.source.rfind("cluster:", 0), 0u);
}

TEST(MeasurementBank, ConeFrustumRadii) {
    // R1 = 4 at the base, R2 = 2 at h = 10: the original's r(v) = R + v·tan(α) (kept for parity)
    // gives radius_min = 4 − L·tan(α) with L = 10/cos(α) the generatrix length.
    const auto bank = bankFromShape(BRepPrimAPI_MakeCone(4, 2, 10).Shape());
    ASSERT_EQ(bank.conicSurfaces.size(), 1u);
    const double alpha = std::atan(2.0 / 10.0);
    const double L = 10.0 / std::cos(alpha);
    EXPECT_NEAR(bank.conicSurfaces[0].radiusMax, 4.0, 1e-9);
    EXPECT_NEAR(bank.conicSurfaces[0].radiusMin, 4.0 - L * std::tan(alpha), 1e-9);
    EXPECT_NEAR(bank.conicSurfaces[0].axialExtent, L, 1e-9);
    EXPECT_EQ(bank.faceStats.at("Cone"), 1);
    EXPECT_EQ(bank.faceStats.at("Plane"), 2);
}

TEST(MeasurementBank, NullShapeHasNoSolid) {
    const auto bank = bankFromShape(TopoDS_Shape());
    EXPECT_EQ(bank.solidCount, 0);
}

TEST(MeasurementBank, DetectorsOnHandBuiltSketchCircles) {
    MeasurementBank bank;
    FeatureEntry sketch;
    sketch.name = "Sketch";
    sketch.type = "Sketcher::SketchObject";
    int k = 0;
    for (int row = 0; row < 2; ++row)
        for (int col = 0; col < 3; ++col, ++k) {
            sketch.values.push_back({"Geometry[" + std::to_string(k) + "].CircleRadius", 1.5});
            sketch.vectors.push_back(
                {"Geometry[" + std::to_string(k) + "].CircleCenter", {col * 10.0, row * 8.0, 0}});
        }
    sketch.values.push_back({"Geometry[6].LineLength", 20});
    sketch.values.push_back({"Geometry[7].LineLength", 12});
    bank.featureTree.push_back(sketch);
    runDetectors(bank);
    ASSERT_EQ(bank.grids.size(), 1u);
    EXPECT_EQ(bank.grids[0].rows, 2);
    EXPECT_EQ(bank.grids[0].columns, 3);
    EXPECT_NEAR(bank.grids[0].spacingRows, 8.0, 1e-9);
    EXPECT_NEAR(bank.grids[0].spacingCols, 10.0, 1e-9);
    EXPECT_EQ(bank.grids[0].source, "sketch:Sketch@r=1.5");
    EXPECT_TRUE(bank.circularPatterns.empty());
    ASSERT_EQ(bank.sketchProfiles.size(), 1u);
    EXPECT_EQ(bank.sketchProfiles[0].lineLengths, (std::vector<double>{20, 12}));
    EXPECT_EQ(bank.sketchProfiles[0].radii.size(), 6u);
}

// --- Document layer on real FreeCAD fixtures --------------------------------------------------------

TEST(MeasurementBankDocument, BoxAdditive) {
    const auto bank = buildMeasurementBank(FcDocument::load(fixture("box_additive.FCStd")));
    EXPECT_EQ(bank.solidCount, 1);
    EXPECT_EQ(bank.representative, "Body");
    EXPECT_NEAR(bank.globals.volume, 150.0, 1e-6);
    EXPECT_EQ(offsets(bank), (std::vector<double>{3, 5, 10}));
    const FeatureEntry* boxFeature = nullptr;
    for (const auto& e : bank.featureTree)
        if (e.type == "PartDesign::AdditiveBox") boxFeature = &e;
    ASSERT_NE(boxFeature, nullptr);
    ASSERT_NE(boxFeature->value("Length"), nullptr);
    EXPECT_DOUBLE_EQ(boxFeature->value("Length")->value, 10.0);
    EXPECT_DOUBLE_EQ(boxFeature->value("Width")->value, 5.0);
    EXPECT_DOUBLE_EQ(boxFeature->value("Height")->value, 3.0);
    for (const auto& e : bank.featureTree)
        EXPECT_NE(e.type, "App::Origin");
}

TEST(MeasurementBankDocument, PlateHoleSketchRadiusAndPocket) {
    const auto bank = buildMeasurementBank(FcDocument::load(fixture("plate_hole.FCStd")));
    ASSERT_EQ(bank.cylinderClusters.size(), 1u);
    EXPECT_FALSE(bank.cylinderClusters[0].convex);
    EXPECT_NEAR(bank.cylinderClusters[0].radius, 1.5, 1e-9);
    bool sketchRadius = false, padLength = false, pocket = false;
    for (const auto& e : bank.featureTree) {
        for (const auto& v : e.values) {
            if (v.key.find("CircleRadius") != std::string::npos && std::abs(v.value - 1.5) < 1e-9) {
                sketchRadius = true;
                const std::string centreKey = v.key.substr(0, v.key.find('.')) + ".CircleCenter";
                ASSERT_NE(e.vector(centreKey), nullptr);
                EXPECT_NEAR(e.vector(centreKey)->value[0], 10.0, 1e-9);
                EXPECT_NEAR(e.vector(centreKey)->value[1], 10.0, 1e-9);
            }
        }
        if (e.type == "PartDesign::Pad" && e.value("Length") && std::abs(e.value("Length")->value - 5) < 1e-9)
            padLength = true;
        if (e.type == "PartDesign::Pocket") pocket = true;
    }
    EXPECT_TRUE(sketchRadius);
    EXPECT_TRUE(padLength);
    EXPECT_TRUE(pocket);
    EXPECT_EQ(offsets(bank), (std::vector<double>{5, 30, 40}));
}

TEST(MeasurementBankDocument, FlangePolarPattern) {
    const auto bank = buildMeasurementBank(FcDocument::load(fixture("flange_polar.FCStd")));
    const FeatureEntry* polar = nullptr;
    const FeatureEntry* revolution = nullptr;
    for (const auto& e : bank.featureTree) {
        if (e.type == "PartDesign::PolarPattern") polar = &e;
        if (e.type == "PartDesign::Revolution") revolution = &e;
    }
    ASSERT_NE(polar, nullptr);
    ASSERT_NE(polar->value("Occurrences"), nullptr);
    EXPECT_DOUBLE_EQ(polar->value("Occurrences")->value, 6.0);
    ASSERT_NE(polar->value("Angle"), nullptr);
    EXPECT_NEAR(polar->value("Angle")->value, 2 * std::numbers::pi, 1e-9); // 360° stored, radians here
    ASSERT_NE(revolution, nullptr);
    ASSERT_NE(revolution->value("Angle"), nullptr);
    EXPECT_NEAR(revolution->value("Angle")->value, 2 * std::numbers::pi, 1e-9);

    int holes = 0;
    for (const auto& c : bank.cylinderClusters)
        if (!c.convex && std::abs(c.radius - 3.3) < 1e-6) holes = c.count();
    EXPECT_EQ(holes, 6);
    bool pattern = false;
    for (const auto& cp : bank.circularPatterns)
        if (cp.count == 6 && std::abs(cp.patternRadius - 30) < 1e-6) pattern = true;
    EXPECT_TRUE(pattern);
    // Bore Ø20, hub Ø40 and flange Ø80. Convexity is the face orientation alone (§8.3), as in the original:
    // the revolved bore is a Forward face on a left-handed cylinder (axis −z), so it reads "convex".
    bool bore = false, hub = false, flange = false;
    for (const auto& c : bank.cylinderClusters) {
        bore |= c.convex && std::abs(c.radius - 10) < 1e-6 && c.axis[2] < -0.99 && c.axialExtent == 25;
        hub |= c.convex && std::abs(c.radius - 20) < 1e-6;
        flange |= c.convex && std::abs(c.radius - 40) < 1e-6;
    }
    EXPECT_TRUE(bore);
    EXPECT_TRUE(hub);
    EXPECT_TRUE(flange);
}

TEST(MeasurementBankDocument, NoBodyNoRepresentativeSolid) {
    EXPECT_EQ(buildMeasurementBank(FcDocument::load(fixture("empty.FCStd"))).solidCount, 0);
    // A Body is representative even when empty: solid_count is "len(Solids) or 1".
    const auto emptyBody = buildMeasurementBank(FcDocument::load(fixture("empty_body.FCStd")));
    EXPECT_EQ(emptyBody.solidCount, 1);
    EXPECT_EQ(emptyBody.representative, "Body");
    // A plain Part::Box (no Body) is the first top-level solid.
    const auto partBox = buildMeasurementBank(FcDocument::load(fixture("part_box.FCStd")));
    EXPECT_EQ(partBox.solidCount, 1);
    EXPECT_NEAR(partBox.globals.volume, 150.0, 1e-6);
}

TEST(MeasurementBankDocument, PcaObbMatchesFreeCadVertexPca) {
    // Reference: FreeCAD 0.20.2 + numpy on the stored Body shapes, the original's recipe
    // (np.linalg.eigh(np.cov(vertices − mean)), extents along the eigenvectors, sorted).
    const std::vector<std::pair<std::string, Vec3>> expected{
        {"flange_polar.FCStd", {26.158582265607585, 57.677291892043655, 73.55757780197732}},
        {"l_bracket_fillet.FCStd", {30.000000000000057, 37.16076145907576, 63.571276167012996}},
        {"plate_hole.FCStd", {5.0, 31.805808397109715, 41.33588226374419}}};
    for (const auto& [file, obb] : expected) {
        const auto bank = buildMeasurementBank(FcDocument::load(fixture(file)));
        for (std::size_t i = 0; i < 3; ++i)
            EXPECT_NEAR(bank.globals.obbSorted[i], obb[i], 1e-8) << file << " " << i;
    }
}

// The bank built on a measured candidate (integrals reused from the geometry scorer) is the bank built
// from the document alone, value for value, on every fixture and every sample document.
TEST(MeasurementBankDocument, ReusedIntegralsGiveTheSameBank) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(std::string(VERNIER_TEST_DATA_DIR) + "/fcstd"))
        if (e.path().extension() == ".FCStd") files.push_back(e.path());
    for (const auto& e : fs::recursive_directory_iterator(fs::path(VERNIER_SOURCE_DIR) / "resources/sample"))
        if (e.is_regular_file() && e.path().extension() == ".FCStd") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    int reused = 0;
    for (const auto& f : files) {
        MeasureOptions fast;
        fast.exactObb = false;
        MeasuredDocument md;
        try {
            md = measureDocument(FcDocument::load(f.string()), DocumentRole::Candidate, fast);
        } catch (const std::exception&) {
            continue; // documents the scorer rejects have no integrals to reuse
        }
        const MeasurementBank a = buildMeasurementBank(md.document);
        const MeasurementBank b = buildMeasurementBank(md);
        const std::string label = f.filename().string();
        reused += md.features && b.representative == md.scoredBody;
        EXPECT_EQ(a.solidCount, b.solidCount) << label;
        EXPECT_EQ(a.representative, b.representative) << label;
        EXPECT_EQ(a.globals.volume, b.globals.volume) << label;
        EXPECT_EQ(a.globals.area, b.globals.area) << label;
        EXPECT_EQ(a.globals.centroid, b.globals.centroid) << label;
        EXPECT_EQ(a.globals.aabbSorted, b.globals.aabbSorted) << label;
        EXPECT_EQ(a.globals.obbSorted, b.globals.obbSorted) << label;
        EXPECT_EQ(a.faceStats, b.faceStats) << label;
        ASSERT_EQ(a.cylinderClusters.size(), b.cylinderClusters.size()) << label;
        for (std::size_t i = 0; i < a.cylinderClusters.size(); ++i) {
            EXPECT_EQ(a.cylinderClusters[i].centroids, b.cylinderClusters[i].centroids) << label;
            EXPECT_EQ(a.cylinderClusters[i].faces, b.cylinderClusters[i].faces) << label;
            EXPECT_EQ(a.cylinderClusters[i].radius, b.cylinderClusters[i].radius) << label;
        }
        EXPECT_EQ(offsets(a), offsets(b)) << label;
        EXPECT_EQ(a.conicSurfaces.size(), b.conicSurfaces.size()) << label;
        EXPECT_EQ(a.grids.size(), b.grids.size()) << label;
        EXPECT_EQ(a.circularPatterns.size(), b.circularPatterns.size()) << label;
        EXPECT_EQ(a.featureTree.size(), b.featureTree.size()) << label;
    }
    EXPECT_GT(reused, 40) << "documents whose bank reused the scorer's integrals";
}
