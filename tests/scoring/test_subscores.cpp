// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Subscore formulas of docs/scoring.md §4 against hand-checked numbers.
#include <cmath>

#include <gtest/gtest.h>

#include "scoring/errors.h"
#include "scoring/subscores.h"

using namespace vernier;

TEST(Subscores, RelDiffIsSymmetricWithFloor) {
    EXPECT_NEAR(relDiff(10, 9.7), 0.03, 1e-15);
    EXPECT_EQ(relDiff(9.7, 10), relDiff(10, 9.7));
    EXPECT_DOUBLE_EQ(relDiff(0, 0), 0.0);
    EXPECT_DOUBLE_EQ(relDiff(0, 1e-12), 1e-12 / 1e-9); // the 1e-9 denominator floor
    EXPECT_DOUBLE_EQ(relDiff(1, 2, 10), 0.1);          // an explicit floor above both values
}

TEST(Subscores, TierRampMatchesTheSpecExample) {
    const TierThresholds t{0.01, 0.10};
    const TierScore s = tierScore(0.03, t);
    EXPECT_NEAR(s.score, 0.5228787452803376, 1e-15);
    EXPECT_EQ(s.tier, Tier::Close);
    EXPECT_EQ(tierScore(0.01, t).score, 1.0);
    EXPECT_EQ(tierScore(0.01, t).tier, Tier::Matched);
    EXPECT_EQ(tierScore(0.10, t).score, 0.0);
    EXPECT_EQ(tierScore(0.10, t).tier, Tier::Far);
    EXPECT_NEAR(tierScore(std::sqrt(0.001), t).score, 0.5, 1e-12); // geometric midpoint
    EXPECT_STREQ(tierName(Tier::Close), "Close");
}

TEST(Subscores, LinearRamp) {
    EXPECT_EQ(linearScore(0.005, 0.005, 0.75), 1.0);
    EXPECT_EQ(linearScore(0.75, 0.005, 0.75), 0.0);
    EXPECT_NEAR(linearScore(0.3775, 0.005, 0.75), 0.5, 1e-12);
}

TEST(Subscores, ComponentErrorsMaxAndMean) {
    const std::array<double, 3> r{3, 5, 10}, c{2.91, 5, 10};
    EXPECT_NEAR(maxComponentError(r, c), 0.03, 1e-15);
    EXPECT_NEAR(meanComponentError(r, c), 0.01, 1e-15);
    // box x2 (20x10x6 vs 10x5x3): every component differs by 50%.
    EXPECT_DOUBLE_EQ(maxComponentError({3, 5, 10}, {6, 10, 20}), 0.5);
}

TEST(Subscores, SurfaceTypesV2HoleRadius) {
    // 40x30x5 plate with a hole, r = 1.5 vs 1.455: the cylinder area scales with r (same depth).
    const double cylR = 2 * M_PI * 1.5 * 5, cylC = 2 * M_PI * 1.455 * 5;
    const double planeR = 2 * (40 * 30 - M_PI * 1.5 * 1.5) + 2 * (40 + 30) * 5;
    const double planeC = 2 * (40 * 30 - M_PI * 1.455 * 1.455) + 2 * (40 + 30) * 5;
    const SurfaceTypeError e =
        surfaceTypeErrorV2({{"Plane", planeR}, {"Cylinder", cylR}}, {{"Plane", planeC}, {"Cylinder", cylC}});
    EXPECT_NEAR(e.perType.at("Cylinder"), 0.03, 1e-12);
    EXPECT_NEAR(e.error, 0.03, 1e-12);
    EXPECT_NEAR(tierScore(e.error, {0.01, 0.1}).score, 0.5228787452803376, 1e-9);
}

TEST(Subscores, SurfaceTypesV2FloorBoundaries) {
    // A type missing on one side: full credit at <= 0.01% of the larger total, 0 at >= 0.1%.
    const double total = 1000;
    auto scoreWithMissing = [&](double fraction) {
        const double a = fraction * total;
        const auto e = surfaceTypeErrorV2({{"Plane", total - a}, {"Cylinder", a}}, {{"Plane", total - a}});
        return tierScore(e.error, {0.01, 0.1}).score;
    };
    EXPECT_EQ(scoreWithMissing(0.0001), 1.0);
    EXPECT_EQ(scoreWithMissing(0.001), 0.0);
    EXPECT_GT(scoreWithMissing(0.0003), 0.0);
    EXPECT_LT(scoreWithMissing(0.0003), 1.0);
    EXPECT_EQ(surfaceTypeErrorV2({}, {}).error, 0.0);
    // Missing hole: the candidate has no Cylinder at all -> error 1.
    EXPECT_DOUBLE_EQ(surfaceTypeErrorV2({{"Plane", 2000}, {"Cylinder", 47}}, {{"Plane", 2000}}).error, 1.0);
}

TEST(Subscores, SurfaceTypesV1) {
    EXPECT_DOUBLE_EQ(surfaceTypeErrorV1({{"Plane", 10}}, {{"Plane", 10}}), 0.0);
    EXPECT_DOUBLE_EQ(surfaceTypeErrorV1({{"Plane", 10}}, {{"Cylinder", 10}}), 1.0);
    EXPECT_DOUBLE_EQ(surfaceTypeErrorV1({{"Plane", 10}, {"Cylinder", 2}}, {{"Plane", 10}}), 2.0 / 22.0);
    EXPECT_EQ(surfaceTypeErrorV1({}, {}), 0.0);
}

TEST(Subscores, TolerancesValidation) {
    GeometryTolerances t;
    EXPECT_NO_THROW(t.validate());
    t.volume.matched = 0.02; // >= far
    EXPECT_THROW(t.validate(), InputError);
    t = {};
    t.bbox.far = std::nan("");
    EXPECT_THROW(t.validate(), InputError);
    t = {};
    t.surfaceArea.matched = 0;
    EXPECT_THROW(t.validate(), InputError);
    const GeometryTolerances w = GeometryTolerances::withBboxFar(0.05);
    EXPECT_DOUBLE_EQ(w.bbox.matched, 0.005);
    EXPECT_DOUBLE_EQ(GeometryTolerances::withBboxFar(0.5).bbox.matched, 0.01);
}
