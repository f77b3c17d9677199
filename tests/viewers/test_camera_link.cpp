// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The linked-camera logic without any GL: two fake views whose "apply" reports back like a real view.
#include <cmath>

#include <gtest/gtest.h>

#include "viewers/camera_link.h"

using vernier::viewers::CameraLink;
using vernier::viewers::CameraState;

namespace {

// A fake view: applying a state stores it and, like V3d_View, reports the change back to the link.
struct FakeView {
    CameraLink* link = nullptr;
    int side = 0;
    CameraState state;
    int applied = 0;
    void apply(const CameraState& s) {
        state = s;
        ++applied;
        link->cameraChanged(side, s); // echo
    }
    void userMoves(const CameraState& s) {
        state = s;
        link->cameraChanged(side, s);
    }
};

CameraState rotated(double angle) {
    CameraState s;
    s.eye = {std::cos(angle) * 100, std::sin(angle) * 100, 50};
    s.center = {1, 2, 3};
    s.up = {0, 0, 1};
    s.scale = 80;
    return s;
}

struct Fixture {
    CameraLink link;
    FakeView left, right;
    Fixture() {
        left.link = right.link = &link;
        left.side = 0;
        right.side = 1;
        link.setApply(0, [this](const CameraState& s) { left.apply(s); });
        link.setApply(1, [this](const CameraState& s) { right.apply(s); });
    }
};

} // namespace

TEST(CameraLink, LeftChangeIsCopiedToRightOnceWithoutEcho) {
    Fixture f;
    f.left.userMoves(rotated(0.3));
    EXPECT_EQ(f.right.applied, 1);
    EXPECT_EQ(f.left.applied, 0); // the echo from the right view did not bounce back
    EXPECT_TRUE(f.right.state.approxEquals(rotated(0.3)));
    EXPECT_EQ(f.link.propagations(), 1);
}

TEST(CameraLink, RightChangeIsCopiedToLeft) {
    Fixture f;
    f.right.userMoves(rotated(1.1));
    EXPECT_EQ(f.left.applied, 1);
    EXPECT_DOUBLE_EQ(f.left.state.scale, 80);
    EXPECT_DOUBLE_EQ(f.left.state.eye[0], std::cos(1.1) * 100);
}

TEST(CameraLink, RepeatedIdenticalStateIsNotPropagatedAgain) {
    Fixture f;
    f.left.userMoves(rotated(0.5));
    f.left.userMoves(rotated(0.5)); // e.g. a redraw that reports an unchanged camera
    EXPECT_EQ(f.right.applied, 1);
    f.left.userMoves(rotated(0.6));
    EXPECT_EQ(f.right.applied, 2);
}

TEST(CameraLink, UnlinkedViewsMoveIndependentlyAndRelinkSyncsRightToLeft) {
    Fixture f;
    f.link.setLinked(false);
    f.left.userMoves(rotated(0.2));
    f.right.userMoves(rotated(2.0));
    EXPECT_EQ(f.left.applied, 0);
    EXPECT_EQ(f.right.applied, 0);
    EXPECT_FALSE(f.left.state.approxEquals(f.right.state));

    f.link.setLinked(true);
    EXPECT_EQ(f.right.applied, 1);
    EXPECT_TRUE(f.right.state.approxEquals(rotated(0.2)));
    EXPECT_EQ(f.left.applied, 0);
}

TEST(CameraLink, ApproxEqualsUsesScaleRelativeTolerance) {
    CameraState a = rotated(0.1);
    CameraState b = a;
    b.eye[0] += 1e-12;
    EXPECT_TRUE(a.approxEquals(b));
    b.eye[0] += 1e-3;
    EXPECT_FALSE(a.approxEquals(b));
    b = a;
    b.scale *= 1.01;
    EXPECT_FALSE(a.approxEquals(b));
}
