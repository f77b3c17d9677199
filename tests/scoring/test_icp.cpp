// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Face-centre ICP (docs/scoring.md §6) on synthetic clouds with known answers.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include "scoring/icp.h"

using namespace vernier;

namespace {

// An asymmetric cloud: no two principal extents alike, no rigid self-symmetry.
IcpCloud asymmetricCloud() {
    IcpCloud c;
    const double pts[][3] = {{0, 0, 0},    {40, 0, 0},  {40, 25, 0}, {0, 25, 0},  {3, 7, 11},  {31, 4, 9},
                             {17, 21, 14}, {9, 13, -6}, {27, 18, 3}, {22, 2, -4}, {36, 12, 7}, {5, 19, 2}};
    for (const auto& p : pts) {
        c.points.emplace_back(p[0], p[1], p[2]);
        c.weights.push_back(1.0 + 0.1 * static_cast<double>(c.points.size()));
    }
    c.nVertices = 20;
    return c;
}

IcpCloud transformed(const IcpCloud& in, const Eigen::Matrix3d& R, const Eigen::Vector3d& t) {
    IcpCloud out = in;
    for (auto& p : out.points)
        p = R * p + t;
    return out;
}

// Face centres and areas of an a x b x c box centred at the origin.
IcpCloud boxFaces(double a, double b, double c) {
    IcpCloud cl;
    const double h[3] = {a / 2, b / 2, c / 2};
    const double area[3] = {b * c, a * c, a * b};
    for (int ax = 0; ax < 3; ++ax)
        for (int s : {-1, 1}) {
            Eigen::Vector3d p = Eigen::Vector3d::Zero();
            p[ax] = s * h[ax];
            cl.points.push_back(p);
            cl.weights.push_back(area[ax]);
        }
    cl.nVertices = 8;
    return cl;
}

} // namespace

TEST(Icp, RewardCurve) {
    EXPECT_EQ(icpRewardFromResidual(0.0), 1.0);
    EXPECT_EQ(icpRewardFromResidual(0.99e-9), 1.0);
    EXPECT_NEAR(icpRewardFromResidual(0.1), 0.9, 1e-15);
    EXPECT_NEAR(icpRewardFromResidual(0.5), 0.59049, 1e-12);
    EXPECT_NEAR(icpRewardFromResidual(1.0), 0.3486784401, 1e-12);
    EXPECT_NEAR(icpRewardFromResidual(3.0), 0.04239115827521624, 1e-12);
}

TEST(Icp, TwentyFourProperPermutations) {
    const auto& perms = properAxisPermutations();
    ASSERT_EQ(perms.size(), 24u);
    std::set<std::vector<double>> unique;
    for (const auto& P : perms) {
        EXPECT_NEAR(P.determinant(), 1.0, 1e-15);
        EXPECT_TRUE((P * P.transpose()).isApprox(Eigen::Matrix3d::Identity()));
        unique.insert(std::vector<double>(P.data(), P.data() + 9));
    }
    EXPECT_EQ(unique.size(), 24u);
    EXPECT_TRUE(perms[0].isIdentity());
}

TEST(Icp, SelfComparisonIsExactlyOne) {
    const IcpCloud c = asymmetricCloud();
    const IcpResult r = faceCentreIcp(c, c);
    EXPECT_FALSE(r.gated);
    EXPECT_FALSE(r.vacuous);
    EXPECT_EQ(r.score, 1.0);
    EXPECT_LT(r.maxResidual, 1e-9);
    EXPECT_TRUE(r.R.isApprox(Eigen::Matrix3d::Identity(), 1e-12));
    EXPECT_EQ(r.nFacesReference, 12);
}

TEST(Icp, RigidMotionsAreRecovered) {
    const IcpCloud ref = asymmetricCloud();
    const Eigen::Vector3d axes[] = {{1, 2, 3}, {0, 0, 1}, {-1, 0.5, 0.2}, {1, 1, 0}};
    const double angles[] = {37.0, 90.0, 163.0, -71.5};
    for (int k = 0; k < 4; ++k) {
        const Eigen::Matrix3d Rm =
            Eigen::AngleAxisd(angles[k] * M_PI / 180, axes[k].normalized()).toRotationMatrix();
        const Eigen::Vector3d tm(12.5, -40, 7.25);
        const IcpCloud cand = transformed(ref, Rm, tm);
        const IcpResult r = faceCentreIcp(ref, cand);
        EXPECT_GT(r.score, 1.0 - 1e-9) << "case " << k;
        EXPECT_LT(r.maxResidual, 1e-8);
        // R, t undo the motion: x_ref = R x_cand + t.
        EXPECT_TRUE((r.R * Rm).isApprox(Eigen::Matrix3d::Identity(), 1e-9)) << "case " << k;
        EXPECT_LT((r.R * tm + r.t).norm(), 1e-8);
    }
}

TEST(Icp, SymmetricBoxUnderAxisRotation) {
    // A box turned by 90 degrees: its PCA frame is only defined up to the axis permutations.
    const IcpCloud ref = boxFaces(10, 5, 3);
    const Eigen::Matrix3d Rz = Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    const IcpResult r = faceCentreIcp(ref, transformed(ref, Rz, {1, 2, 3}));
    EXPECT_EQ(r.score, 1.0);
    EXPECT_GE(r.winningPermutation, 0);
    EXPECT_LT(r.winningPermutation, 24);
    EXPECT_GE(r.candidatesRefined, 1);
}

TEST(Icp, OutlierSetsTheMaxResidual) {
    // One face centre moved by 0.5 mm: the trimmed fit ignores it, the final max residual sees it.
    const IcpCloud ref = asymmetricCloud();
    IcpCloud cand = ref;
    cand.points[5] += Eigen::Vector3d(0.3, 0.0, 0.4);
    const IcpResult r = faceCentreIcp(ref, cand);
    EXPECT_NEAR(r.maxResidual, 0.5, 1e-9);
    EXPECT_NEAR(r.candToRefMax, 0.5, 1e-9);
    EXPECT_NEAR(r.refToCandMax, 0.5, 1e-9);
    EXPECT_NEAR(r.score, 0.59049, 1e-9);
    EXPECT_NEAR(r.rmse, std::sqrt(2 * 0.25 / 24.0), 1e-9);
    EXPECT_NE(r.reason.find("reward=0.590"), std::string::npos) << r.reason;
}

// Per-face residuals: the outlier's own residual is 0.5 mm on both sides, every other face 0; their maxima
// are the result's directional maxima, and only the outlier is above the 0.1 mm marking tolerance.
TEST(Icp, FaceResidualsSingleOutTheOutlier) {
    const IcpCloud ref = asymmetricCloud();
    IcpCloud cand = ref;
    cand.points[5] += Eigen::Vector3d(0.3, 0.0, 0.4);
    const IcpResult r = faceCentreIcp(ref, cand);
    const FaceResiduals f = faceResiduals(ref.points, cand.points, r.R, r.t);
    ASSERT_EQ(f.reference.size(), ref.points.size());
    ASSERT_EQ(f.candidate.size(), cand.points.size());
    EXPECT_NEAR(f.candidate[5], 0.5, 1e-9);
    EXPECT_NEAR(f.reference[5], 0.5, 1e-9);
    EXPECT_EQ(*std::max_element(f.candidate.begin(), f.candidate.end()), r.candToRefMax);
    EXPECT_EQ(*std::max_element(f.reference.begin(), f.reference.end()), r.refToCandMax);
    EXPECT_EQ(facesAbove(f.candidate), std::vector<int>{5});
    EXPECT_EQ(facesAbove(f.reference), std::vector<int>{5});
    EXPECT_TRUE(facesAbove(f.candidate, 0.6).empty());

    // Hand-checked: a candidate with one extra face 3 mm above reference point 0, shown unmoved.
    const std::vector<Eigen::Vector3d> a = {{0, 0, 0}, {10, 0, 0}, {0, 5, 0}};
    std::vector<Eigen::Vector3d> b = {{1, 0, 0}, {11, 0, 0}, {1, 5, 0}, {1, 0, 3}};
    const FaceResiduals g = faceResiduals(a, b, Eigen::Matrix3d::Identity(), Eigen::Vector3d(-1, 0, 0));
    EXPECT_EQ(g.reference, (std::vector<double>{0, 0, 0}));
    EXPECT_EQ(g.candidate, (std::vector<double>{0, 0, 0, 3}));
    EXPECT_EQ(facesAbove(g.candidate), std::vector<int>{3});
}

TEST(Icp, VacuousUnderThreeFaces) {
    IcpCloud ref, cand;
    ref.points = {{0, 0, 0}, {0, 0, 12}};
    ref.weights = {50, 50};
    cand.points = {{5, 5, 5}, {5, 5, 17}};
    cand.weights = {50, 50};
    const IcpResult r = faceCentreIcp(ref, cand);
    EXPECT_TRUE(r.vacuous);
    EXPECT_FALSE(r.gated);
    EXPECT_EQ(r.score, 1.0);
    EXPECT_NE(r.reason.find("vacuous"), std::string::npos);
}

TEST(Icp, GatesDuplicateTheGeometryGates) {
    IcpCloud small = boxFaces(1, 2, 3), big;
    for (int i = 0; i < 5001; ++i)
        big.points.emplace_back(i, 0.5 * i, 0);
    big.nVertices = 8;
    IcpResult r = faceCentreIcp(small, big);
    EXPECT_TRUE(r.gated);
    EXPECT_EQ(r.gate, "icp");
    EXPECT_EQ(r.score, 0.0);

    IcpCloud twelve = asymmetricCloud();
    IcpCloud five = twelve;
    five.points.resize(5);
    five.weights.resize(5);
    r = faceCentreIcp(twelve, five); // 7/12 = 58% > 50%
    EXPECT_TRUE(r.gated);
    EXPECT_NE(r.reason.find("face count"), std::string::npos);

    IcpCloud fewVerts = twelve;
    fewVerts.nVertices = 9; // 11/20 = 55%
    r = faceCentreIcp(twelve, fewVerts);
    EXPECT_TRUE(r.gated);
    EXPECT_NE(r.reason.find("vertex count"), std::string::npos);
}

TEST(Icp, BitIdenticalOnRepeat) {
    const IcpCloud ref = asymmetricCloud();
    IcpCloud cand = transformed(
        ref, Eigen::AngleAxisd(0.3, Eigen::Vector3d(1, 1, 1).normalized()).toRotationMatrix(), {1, 2, 3});
    cand.points[3] += Eigen::Vector3d(0.2, -0.1, 0.05);
    const IcpResult a = faceCentreIcp(ref, cand), b = faceCentreIcp(ref, cand);
    EXPECT_EQ(std::memcmp(a.R.data(), b.R.data(), sizeof(double) * 9), 0);
    EXPECT_EQ(std::memcmp(a.t.data(), b.t.data(), sizeof(double) * 3), 0);
    EXPECT_EQ(std::memcmp(&a.maxResidual, &b.maxResidual, sizeof(double)), 0);
    EXPECT_EQ(a.iterations, b.iterations);
    EXPECT_EQ(a.winningPermutation, b.winningPermutation);
}
