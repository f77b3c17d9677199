// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Joint combination (docs/scoring.md §5.3) and the create_and_edit two-stage reward (docs/contract.md §1).
#include <gtest/gtest.h>

#include "scoring/errors.h"
#include "scoring/reward.h"

using namespace vernier;

TEST(Reward, HarmonicSpecVector) {
    EXPECT_NEAR(combineScores(0.8, 0.5), 0.6153846153846154, 1e-15);
    EXPECT_EQ(combineScores(0.0, 0.5), 0.0);
    EXPECT_EQ(combineScores(0.8, 0.0), 0.0);
    EXPECT_EQ(combineScores(1.0, 1.0), 1.0);
}

TEST(Reward, MinMethodAndParsing) {
    EXPECT_EQ(combineScores(0.8, 0.5, CombineMethod::Min), 0.5);
    EXPECT_EQ(combineScores(0.8, 0.0, CombineMethod::Min), 0.0);
    EXPECT_EQ(parseCombineMethod("min"), CombineMethod::Min);
    EXPECT_EQ(parseCombineMethod("harmonic"), CombineMethod::Harmonic);
    EXPECT_THROW(parseCombineMethod("mean"), InputError);
}

TEST(Reward, CreateAndEditIsHarmonicTwice) {
    const StageScore base = scoreStage(0.8, 0.5);
    const StageScore edit = scoreStage(0.9, 0.6);
    EXPECT_NEAR(base.combined, 0.6153846153846154, 1e-15);
    EXPECT_NEAR(edit.combined, 0.72, 1e-15);
    const CreateAndEditScore s = combineStages(base, edit);
    const double expected = 2 * 0.6153846153846154 * 0.72 / (0.6153846153846154 + 0.72);
    EXPECT_NEAR(s.combined, expected, 1e-15);
    EXPECT_NEAR(s.combined, 0.6635944700460829, 1e-12);
    EXPECT_EQ(s.base.geometry, 0.8);
    EXPECT_EQ(*s.edit.spec, 0.6);
    // Either stage at 0 zeroes the task.
    EXPECT_EQ(combineStages(scoreStage(0.0, 1.0), scoreStage(1.0, 1.0)).combined, 0.0);
    // Without a spec a stage is its geometry score.
    EXPECT_EQ(scoreStage(0.7, std::nullopt).combined, 0.7);
}
