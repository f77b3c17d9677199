// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The numbers of a deviation field (models/deviation_stats.h) on hand-made samples.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "models/deviation_stats.h"

using namespace vernier;

TEST(DeviationStats, ExtremesAndAreaWeightedRms) {
    // Areas 1, 3, 0, 4: rms = sqrt((1*0.2² + 3*(-0.1)² + 4*0²) / 8) = sqrt(0.07 / 8).
    const DeviationSummary s = summariseDeviation({0.2, -0.1, 5.0, 0.0}, {1, 3, 0, 4});
    EXPECT_DOUBLE_EQ(s.maxPositive, 5.0); // a zero-area point still counts for the extremes
    EXPECT_DOUBLE_EQ(s.maxNegative, -0.1);
    EXPECT_DOUBLE_EQ(s.maxAbs, 5.0);
    EXPECT_NEAR(s.rms, std::sqrt(0.07 / 8.0), 1e-15);
}

TEST(DeviationStats, EmptyAndDegenerateInput) {
    const DeviationSummary empty = summariseDeviation({}, {});
    EXPECT_EQ(empty.maxAbs, 0.0);
    EXPECT_EQ(empty.rms, 0.0);
    // Missing weights count as zero area; NaN values are skipped.
    const DeviationSummary s =
        summariseDeviation({-0.3, std::numeric_limits<double>::quiet_NaN(), 0.1}, {2.0});
    EXPECT_DOUBLE_EQ(s.maxNegative, -0.3);
    EXPECT_DOUBLE_EQ(s.maxPositive, 0.1);
    EXPECT_DOUBLE_EQ(s.rms, 0.3);
}

TEST(DeviationStats, HistogramBinsByArea) {
    // Range ±0.1 in 4 bins [-0.1,-0.05) [-0.05,0) [0,0.05) [0.05,0.1]; beyond the range lands at the ends.
    const DeviationHistogram h = deviationHistogram({-0.2, -0.01, 0.0, 0.07, 0.5}, {1, 1, 2, 1, 5}, 0.1, 4);
    ASSERT_EQ(h.areaFraction.size(), 4u);
    EXPECT_DOUBLE_EQ(h.range, 0.1);
    EXPECT_DOUBLE_EQ(h.areaFraction[0], 0.1);
    EXPECT_DOUBLE_EQ(h.areaFraction[1], 0.1);
    EXPECT_DOUBLE_EQ(h.areaFraction[2], 0.2);
    EXPECT_DOUBLE_EQ(h.areaFraction[3], 0.6);
}

TEST(DeviationStats, HistogramOfNoAreaIsAllZero) {
    const DeviationHistogram h = deviationHistogram({0.1}, {0.0}, 0, 3);
    EXPECT_DOUBLE_EQ(h.range, 0.1); // automatic: max |value|
    for (double f : h.areaFraction)
        EXPECT_EQ(f, 0.0);
}

TEST(DeviationStats, AutomaticRangeIsTheNextOneTwoFiveStep) {
    EXPECT_DOUBLE_EQ(automaticDeviationRange(0.0), 0.001);
    EXPECT_DOUBLE_EQ(automaticDeviationRange(0.5), 0.5);
    EXPECT_DOUBLE_EQ(automaticDeviationRange(0.51), 1.0);
    EXPECT_DOUBLE_EQ(automaticDeviationRange(0.13), 0.2);
    EXPECT_DOUBLE_EQ(automaticDeviationRange(3.0), 5.0);
    EXPECT_DOUBLE_EQ(automaticDeviationRange(std::numeric_limits<double>::infinity()), 0.001);
}
