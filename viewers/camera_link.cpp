// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "viewers/camera_link.h"

#include <algorithm>
#include <cmath>

namespace vernier::viewers {

namespace {

bool close(const std::array<double, 3>& a, const std::array<double, 3>& b, double tol) {
    for (int i = 0; i < 3; ++i)
        if (std::abs(a[i] - b[i]) > tol) return false;
    return true;
}

} // namespace

bool CameraState::approxEquals(const CameraState& other, double relTol) const {
    const double size = std::max({std::abs(scale), std::abs(other.scale), 1e-12});
    const double tol = relTol * size;
    return close(eye, other.eye, tol) && close(center, other.center, tol) && close(up, other.up, relTol) &&
           std::abs(scale - other.scale) <= tol;
}

void CameraLink::setApply(int side, ApplyFn apply) {
    apply_.at(side) = std::move(apply);
}

void CameraLink::setLinked(bool linked) {
    linked_ = linked;
    if (linked_ && known_[0]) cameraChanged(0, last_[0]);
}

void CameraLink::cameraChanged(int side, const CameraState& state) {
    last_.at(side) = state;
    known_[side] = true;
    // A report caused by our own apply() is an echo: record it, never bounce it back.
    if (applying_ || !linked_) return;
    applying_ = true;
    for (int other = 0; other < kSides; ++other) {
        if (other == side || !apply_[other]) continue;
        if (known_[other] && last_[other].approxEquals(state)) continue;
        last_[other] = state;
        known_[other] = true;
        ++propagations_;
        apply_[other](state);
    }
    applying_ = false;
}

} // namespace vernier::viewers
