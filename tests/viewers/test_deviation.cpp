// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Deviation sampling on analytic OCCT shapes: hand-checkable distances and signs.
#include <cmath>

#include <BRepPrimAPI_MakeBox.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <gtest/gtest.h>

#include "viewers/deviation.h"

using namespace vernier::viewers;

namespace {

const Eigen::Matrix3d kIdentity = Eigen::Matrix3d::Identity();
const Eigen::Vector3d kZero = Eigen::Vector3d::Zero();

} // namespace

TEST(Deviation, SelfComparisonIsZeroEverywhere) {
    const TopoDS_Shape box = BRepPrimAPI_MakeBox(40, 30, 10).Shape();
    const DeviationField f = computeDeviation(box, box, kIdentity, kZero);
    ASSERT_FALSE(f.values.empty());
    EXPECT_TRUE(f.signFromSolid);
    for (double v : f.values)
        EXPECT_EQ(v, 0.0);
    EXPECT_EQ(f.maxAbs, 0.0);
    EXPECT_EQ(f.rms, 0.0);
}

TEST(Deviation, CurvedSelfComparisonIsZeroEverywhere) {
    const TopoDS_Shape cyl = BRepPrimAPI_MakeCylinder(12.5, 20).Shape();
    const DeviationField f = computeDeviation(cyl, cyl, kIdentity, kZero);
    ASSERT_GT(f.values.size(), 50u);
    EXPECT_LT(f.maxAbs, 1e-9);
}

TEST(Deviation, TallerBoxStandsOutByTheExtraHeight) {
    const TopoDS_Shape ref = BRepPrimAPI_MakeBox(40, 30, 10).Shape();
    const TopoDS_Shape cand = BRepPrimAPI_MakeBox(40, 30, 10.1).Shape();
    const DeviationField f = computeDeviation(ref, cand, kIdentity, kZero);
    EXPECT_NEAR(f.maxAbs, 0.1, 1e-9);
    EXPECT_NEAR(f.maxPositive, 0.1, 1e-9); // excess material is outside: positive
    EXPECT_EQ(f.maxNegative, 0.0);
    // Every top-face vertex (z = 10.1) is exactly 0.1 above the reference top.
    int top = 0;
    for (std::size_t i = 0; i < f.values.size(); ++i) {
        if (std::abs(f.candidate.points[i].z() - 10.1) < 1e-9) {
            EXPECT_NEAR(f.values[i], 0.1, 1e-9);
            ++top;
        }
    }
    EXPECT_GE(top, 4);
}

TEST(Deviation, ShorterBoxIsNegative) {
    const TopoDS_Shape ref = BRepPrimAPI_MakeBox(40, 30, 10).Shape();
    const TopoDS_Shape cand = BRepPrimAPI_MakeBox(40, 30, 9.75).Shape();
    const DeviationField f = computeDeviation(ref, cand, kIdentity, kZero);
    EXPECT_NEAR(f.maxNegative, -0.25, 1e-9);
    EXPECT_EQ(f.maxPositive, 0.0);
}

TEST(Deviation, TransformIsAppliedToTheCandidate) {
    // The candidate sits 5 mm along x; the ICP transform moves it back onto the reference.
    const TopoDS_Shape ref = BRepPrimAPI_MakeBox(20, 20, 20).Shape();
    const TopoDS_Shape cand = BRepPrimAPI_MakeBox(gp_Pnt(5, 0, 0), 20, 20, 20).Shape();
    const DeviationField moved = computeDeviation(ref, cand, kIdentity, Eigen::Vector3d(-5, 0, 0));
    EXPECT_LT(moved.maxAbs, 1e-9);
    const DeviationField unmoved = computeDeviation(ref, cand, kIdentity, kZero);
    EXPECT_NEAR(unmoved.maxAbs, 5.0, 1e-9);
}

TEST(Deviation, RmsIsAreaWeighted) {
    // Cylinder radius 10 vs 10.2, same height: the mantle (area 2*pi*10.2*h) deviates by +0.2 (up to
    // the chord error), the caps lie in the reference cap planes; caps beyond r = 10 are also 0..0.2 off.
    const TopoDS_Shape ref = BRepPrimAPI_MakeCylinder(10, 30).Shape();
    const TopoDS_Shape cand = BRepPrimAPI_MakeCylinder(10.2, 30).Shape();
    const DeviationField f = computeDeviation(ref, cand, kIdentity, kZero);
    EXPECT_NEAR(f.maxAbs, 0.2, f.deflection + 1e-9);
    EXPECT_GT(f.rms, 0.05);
    EXPECT_LT(f.rms, 0.2 + f.deflection);
}

TEST(Deviation, HistogramSumsToOneAndCentresSelfComparison) {
    const TopoDS_Shape box = BRepPrimAPI_MakeBox(10, 10, 10).Shape();
    const DeviationField f = computeDeviation(box, box, kIdentity, kZero);
    const DeviationHistogram h = deviationHistogram(f, 0.1, 21);
    ASSERT_EQ(h.areaFraction.size(), 21u);
    EXPECT_NEAR(h.areaFraction[10], 1.0, 1e-12);
    double sum = 0;
    for (double v : h.areaFraction)
        sum += v;
    EXPECT_NEAR(sum, 1.0, 1e-12);
}

TEST(Deviation, AsyncMatchesSynchronousBitForBit) {
    const TopoDS_Shape ref = BRepPrimAPI_MakeCylinder(10, 30).Shape();
    const TopoDS_Shape cand = BRepPrimAPI_MakeBox(gp_Pnt(-8, -8, 0), 16, 16, 31).Shape();
    auto future = computeDeviationAsync(ref, cand, kIdentity, kZero);
    const DeviationField a = future.result();
    const DeviationField b = computeDeviation(ref, cand, kIdentity, kZero);
    ASSERT_EQ(a.values.size(), b.values.size());
    for (std::size_t i = 0; i < a.values.size(); ++i)
        EXPECT_EQ(a.values[i], b.values[i]);
}

TEST(Deviation, NullShapesGiveAnEmptyField) {
    const DeviationField f = computeDeviation(TopoDS_Shape(), TopoDS_Shape(), kIdentity, kZero);
    EXPECT_TRUE(f.values.empty());
    EXPECT_EQ(f.maxAbs, 0.0);
}
