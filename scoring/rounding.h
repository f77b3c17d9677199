// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The rounding of stored measurements (docs/scoring.md §8.3): lengths to 1e-9 and angles (radians) to 1e-10,
// as in the original. The only definition; the measurement bank and its detectors use it.
#include <array>
#include <cmath>

namespace vernier {

inline double roundLength(double v) {
    return std::round(v * 1e9) / 1e9;
}

inline double roundAngle(double v) {
    return std::round(v * 1e10) / 1e10;
}

inline std::array<double, 3> roundLength(const std::array<double, 3>& v) {
    return {roundLength(v[0]), roundLength(v[1]), roundLength(v[2])};
}

} // namespace vernier
