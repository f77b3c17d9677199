// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The one colour module: Okabe–Ito and viridis values as published, and the viewers' fixed colours
// taken from it (no second table anywhere).
#include <QColor>
#include <cmath>
#include <gtest/gtest.h>

#include "viewers/colour_map.h"
#include "viewers/shape_presentation.h"

using namespace vernier::viewers;

TEST(ColourModule, OkabeItoAndViridisMatchThePublishedValues) {
    EXPECT_EQ(colours::categorical(0), QColor(0x00, 0x72, 0xB2));
    EXPECT_EQ(colours::okabeIto(colours::OkabeIto::Vermillion), QColor(0xD5, 0x5E, 0x00));
    EXPECT_EQ(colours::categorical(colours::kCategoricalCount + 1), colours::categorical(1));
    // Viridis stop 5 of 10 (matplotlib: #21918C) is hit exactly at t = 0.5.
    EXPECT_EQ(colours::sequential(0.5), QColor(0x21, 0x91, 0x8C));
    EXPECT_EQ(colours::sequential(-3.0), QColor(0x44, 0x01, 0x54));
    EXPECT_EQ(colours::sequential(std::nan("")), colours::unknown());
}

TEST(ColourModule, FixedMeaningsComeFromTheSameTable) {
    EXPECT_EQ(referenceColour(), colours::okabeIto(colours::OkabeIto::Blue));
    EXPECT_EQ(candidateColour(), colours::okabeIto(colours::OkabeIto::Orange));
    EXPECT_EQ(colours::workflow("creation"), colours::categorical(0));
    EXPECT_EQ(colours::workflow("image_to_cad"), colours::okabeIto(colours::OkabeIto::BluishGreen));
    EXPECT_EQ(colours::gate("bbox"), colours::categorical(5));
    EXPECT_EQ(colours::zeroCategory("no such category"), colours::unknown());
    EXPECT_EQ(colours::highlight(), colours::okabeIto(colours::OkabeIto::Vermillion));
}
