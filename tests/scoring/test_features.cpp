// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Geometry features (docs/scoring.md §3) against FreeCAD's own numbers for every fixture, and against
// closed forms on OCCT shapes built here.
#include <cmath>
#include <fstream>

#include <BRepBuilderAPI_Transform.hxx>
#include <BRepPrimAPI_MakeBox.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <filesystem>
#include <gmock/gmock.h>
#include <gp_Ax1.hxx>
#include <gp_Trsf.hxx>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scoring/errors.h"
#include "scoring/measure_document.h"
#include "scoring/obb.h"
#include "scoring/principal_moments.h"

using namespace vernier;
using nlohmann::json;

namespace {

const std::string kDir = std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/";

const json& fixtures() {
    static const json j = [] {
        std::ifstream in(kDir + "fixtures.json");
        return json::parse(in);
    }();
    return j.at("files");
}

double rel(double a, double b) {
    return std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-300});
}

MeasuredDocument measure(const std::string& file, const MeasureOptions& o = {}) {
    return measureDocument(FcDocument::load(kDir + file), DocumentRole::Candidate, o);
}

TopoDS_Shape moved(const TopoDS_Shape& s, const gp_Trsf& t) {
    return BRepBuilderAPI_Transform(s, t, true).Shape();
}

gp_Trsf rotation(double deg, gp_Dir axis, gp_Vec shift = gp_Vec(0, 0, 0)) {
    gp_Trsf r;
    r.SetRotation(gp_Ax1(gp_Pnt(0, 0, 0), axis), deg * M_PI / 180.0);
    gp_Trsf t;
    t.SetTranslation(shift);
    return t * r;
}

} // namespace

// Every fixture FreeCAD measured: the same numbers from the stored shapes, or the expected gate.
TEST(Features, EveryFixtureMatchesFreeCadsNumbers) {
    int measured = 0, gated = 0;
    for (const auto& [file, expected] : fixtures().items()) {
        SCOPED_TRACE(file);
        const MeasuredDocument md = measure(file);
        if (!expected.at("expected_gate").is_null()) {
            ASSERT_TRUE(md.gate.has_value());
            EXPECT_EQ(md.gate->gate, expected.at("expected_gate").get<std::string>());
            EXPECT_FALSE(md.features.has_value());
            ++gated;
            continue;
        }
        ASSERT_FALSE(md.gate.has_value()) << md.gate->reason;
        ASSERT_TRUE(md.features.has_value());
        const GeometryFeatures& f = *md.features;
        EXPECT_EQ(md.scoredBody, expected.at("scored_body").get<std::string>());
        EXPECT_LT(rel(f.volume, expected.at("volume")), 1e-6) << f.volume;
        EXPECT_LT(rel(f.area, expected.at("area")), 1e-6) << f.area;
        EXPECT_EQ(f.nFaces, expected.at("n_faces").get<int>());
        EXPECT_EQ(f.nVertices, expected.at("n_vertices").get<int>());
        EXPECT_EQ(f.solidCount, expected.at("solid_count").get<int>());
        const auto& types = expected.at("surface_area_by_type");
        EXPECT_EQ(f.surfaceAreaByType.size(), types.size());
        for (const auto& [type, area] : types.items()) {
            ASSERT_TRUE(f.surfaceAreaByType.count(type)) << type;
            EXPECT_LT(rel(f.surfaceAreaByType.at(type), area), 1e-6) << type;
        }
        const auto& pm = expected.at("principal_moments_normalized");
        for (int i = 0; i < 3; ++i)
            EXPECT_LT(rel(f.principalMomentsNormalized[i], pm[i]), 1e-6) << i;
        EXPECT_TRUE(f.obbExact);
        // The OBB never undercuts the shape's sorted AABB-in-its-own-frame by more than the mesh
        // deflection; its largest side is at most the AABB diagonal.
        const auto& bb = expected.at("bound_box");
        double diag = 0;
        for (int i = 0; i < 3; ++i)
            diag += double(bb[i]) * double(bb[i]);
        EXPECT_LE(f.obbSorted[2], std::sqrt(diag) + 1e-9);
        EXPECT_EQ(static_cast<int>(md.faces.size()), f.nFaces);
        double faceArea = 0;
        for (const auto& s : md.faces)
            faceArea += s.area;
        EXPECT_LT(rel(faceArea, f.area), 1e-12);
        ++measured;
    }
    EXPECT_GE(measured, 15);
    EXPECT_GE(gated, 6);
}

TEST(Features, AxisAlignedFixturesHaveTheirExactBoxes) {
    const std::map<std::string, std::array<double, 3>> boxes = {
        {"box_additive.FCStd", {3, 5, 10}},   {"box_sketch_pad.FCStd", {3, 5, 10}},
        {"box_2_91.FCStd", {2.91, 5, 10}},    {"box_scaled2.FCStd", {6, 10, 20}},
        {"box_rotated.FCStd", {3, 5, 10}},    {"plate_hole.FCStd", {5, 30, 40}},
        {"plate_no_hole.FCStd", {5, 30, 40}}, {"box_binary_brep.FCStd", {3, 5, 10}}};
    for (const auto& [file, dims] : boxes) {
        const auto f = *measure(file).features;
        for (int i = 0; i < 3; ++i)
            EXPECT_NEAR(f.obbSorted[i], dims[i], 1e-6 * dims[i]) << file << " " << i;
    }
}

TEST(Features, RotatedCylinderFixtureHasObbEightEightTwelve) {
    const auto plain = *measure("cylinder.FCStd").features;
    const auto rotated = *measure("cylinder_rotated.FCStd").features;
    const std::array<double, 3> expected{8, 8, 12};
    for (int i = 0; i < 3; ++i) {
        // The box hugs the mesh, whose chords lie inside the circle by at most the deflection.
        EXPECT_NEAR(rotated.obbSorted[i], expected[i], 1e-3) << i;
        EXPECT_NEAR(rotated.obbSorted[i], plain.obbSorted[i], 1e-3) << i;
    }
}

TEST(Features, BinaryBrepDocumentMeasuresLikeItsTextTwin) {
    const auto text = *measure("box_additive.FCStd").features;
    const auto binary = *measure("box_binary_brep.FCStd").features;
    EXPECT_LT(rel(text.volume, binary.volume), 1e-12);
    EXPECT_LT(rel(text.area, binary.area), 1e-12);
    EXPECT_EQ(text.nFaces, binary.nFaces);
    EXPECT_EQ(text.nVertices, binary.nVertices);
    EXPECT_EQ(text.surfaceAreaByType.size(), binary.surfaceAreaByType.size());
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(text.obbSorted[i], binary.obbSorted[i], 1e-9);
        EXPECT_LT(rel(text.principalMomentsNormalized[i], binary.principalMomentsNormalized[i]), 1e-9);
    }
}

TEST(Features, BoxFaceSamplesAreTheFaceCentres) {
    const MeasuredDocument md = measure("box_additive.FCStd"); // 10 x 5 x 3 at the origin
    std::vector<std::array<double, 4>> got;
    for (const auto& s : md.faces)
        got.push_back({s.centre.x(), s.centre.y(), s.centre.z(), s.area});
    std::sort(got.begin(), got.end());
    const std::vector<std::array<double, 4>> expected = {{0, 2.5, 1.5, 15}, {5, 0, 1.5, 30},
                                                         {5, 2.5, 0, 50},   {5, 2.5, 3, 50},
                                                         {5, 5, 1.5, 30},   {10, 2.5, 1.5, 15}};
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        for (int k = 0; k < 4; ++k)
            EXPECT_NEAR(got[i][k], expected[i][k], 1e-9) << i << "," << k;
    for (const auto& s : md.faces)
        EXPECT_EQ(s.surfaceType, "Plane");
}

TEST(Features, BoxMomentsMatchTheClosedForm) {
    for (const auto& [a, b, c] : std::vector<std::array<double, 3>>{{10, 5, 3}, {1, 1, 1}, {20, 2, 7.5}}) {
        const TopoDS_Shape box = BRepPrimAPI_MakeBox(a, b, c).Shape();
        std::array<double, 3> expected{b * b + c * c, a * a + c * c, a * a + b * b};
        for (double& e : expected)
            e /= 12.0 * std::pow(a * b * c, 2.0 / 3.0);
        std::sort(expected.begin(), expected.end());
        const auto got = normalizedPrincipalMoments(box);
        for (int i = 0; i < 3; ++i)
            EXPECT_LT(rel(got[i], expected[i]), 1e-12) << a << "x" << b << "x" << c;
    }
}

TEST(Features, CylinderRotated37DegreesAboutOneTwoThreeHasObbEightEightTwelve) {
    const TopoDS_Shape cyl = BRepPrimAPI_MakeCylinder(4, 12).Shape();
    const TopoDS_Shape turned = moved(cyl, rotation(37, gp_Dir(1, 2, 3), gp_Vec(3, -2, 7)));
    const auto f = measureShape(turned);
    const std::array<double, 3> expected{8, 8, 12};
    for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(f.obbSorted[i], expected[i], 1e-3) << i;
    EXPECT_LT(rel(f.volume, M_PI * 16 * 12), 1e-9);
}

TEST(Features, RigidMotionLeavesEveryFeatureUnchanged) {
    for (const char* file : {"plate_hole.FCStd", "l_bracket_fillet.FCStd", "flange_polar.FCStd"}) {
        const MeasuredDocument md = measure(file);
        const GeometryFeatures a = *md.features;
        const GeometryFeatures b =
            measureShape(moved(md.shape, rotation(71, gp_Dir(-1, 0.4, 2), gp_Vec(50, -20, 9))));
        SCOPED_TRACE(file);
        EXPECT_LT(rel(a.volume, b.volume), 1e-9);
        EXPECT_LT(rel(a.area, b.area), 1e-9);
        EXPECT_EQ(a.nFaces, b.nFaces);
        EXPECT_EQ(a.nVertices, b.nVertices);
        EXPECT_EQ(a.solidCount, b.solidCount);
        ASSERT_EQ(a.surfaceAreaByType.size(), b.surfaceAreaByType.size());
        for (const auto& [type, area] : a.surfaceAreaByType)
            EXPECT_LT(rel(area, b.surfaceAreaByType.at(type)), 1e-9);
        for (int i = 0; i < 3; ++i) {
            EXPECT_LT(rel(a.principalMomentsNormalized[i], b.principalMomentsNormalized[i]), 1e-9);
            EXPECT_LT(rel(a.obbSorted[i], b.obbSorted[i]), 1e-4) << i;
        }
    }
}

TEST(Features, CoarseObbIsWithinItsDeflectionOfTheExactOne) {
    MeasureOptions coarse;
    coarse.exactObb = false;
    for (const char* file :
         {"cylinder_rotated.FCStd", "plate_hole.FCStd", "flange_polar.FCStd", "cone.FCStd"}) {
        const auto exact = *measure(file).features;
        const auto rough = *measure(file, coarse).features;
        EXPECT_FALSE(rough.obbExact);
        // The estimate's mesh is coarser than the spec's, and its achieved deflection bounds its error.
        EXPECT_GT(rough.obbCoarseDeflection, obbDeflection(exact.volume));
        for (int i = 0; i < 3; ++i)
            EXPECT_NEAR(rough.obbSorted[i], exact.obbSorted[i],
                        2 * (rough.obbCoarseDeflection + obbDeflection(exact.volume)))
                << file << " " << i;
        EXPECT_EQ(rough.volume, exact.volume);
    }
}

TEST(Features, ObbDimsDoesNotLeaveAMeshOnTheCallersShape) {
    const MeasuredDocument md = measure("cylinder.FCStd");
    const double fine = obbDeflection(md.features->volume);
    const auto before = obbDims(md.shape, fine);
    (void)obbDims(md.shape, fine * 1000); // a very coarse mesh must not stick to the shared shape
    const auto after = obbDims(md.shape, fine);
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(before[i], after[i]);
}

TEST(Features, MeasuringNothingIsAnErrorNotAZero) {
    EXPECT_THROW(measureShape(TopoDS_Shape()), MeasurementError);
    EXPECT_THROW(obbDims(TopoDS_Shape(), 0.01), MeasurementError);
    EXPECT_THROW(normalizedPrincipalMoments(TopoDS_Shape()), MeasurementError);
}

// measureDocument reuses the gates' volume integration of the scored Body: the same bits as measuring
// the shape from scratch, on every fixture that reaches measurement.
TEST(Features, ReusedGateVolumeIsTheSameAsMeasuringTheShapeAlone) {
    int measured = 0;
    for (const auto& e : std::filesystem::directory_iterator(std::string(VERNIER_TEST_DATA_DIR) + "/fcstd")) {
        if (e.path().extension() != ".FCStd") continue;
        const MeasuredDocument md =
            measureDocument(FcDocument::load(e.path().string()), DocumentRole::Reference);
        if (!md.features) continue;
        const GeometryFeatures alone = measureShape(md.shape);
        EXPECT_EQ(md.features->volume, alone.volume) << e.path();
        EXPECT_EQ(md.features->principalMomentsNormalized, alone.principalMomentsNormalized) << e.path();
        EXPECT_EQ(md.features->area, alone.area) << e.path();
        ++measured;
    }
    EXPECT_GE(measured, 15);
}
