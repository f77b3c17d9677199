// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The numbers of a deviation field (viewers/deviation.h computes the field on the candidate surface):
// extremes, area-weighted RMS, the area histogram and the automatic colour range. Plain numbers: no Qt,
// no OCCT, so the CLI, reports and tests can use them without a viewer.
#include <vector>

namespace vernier {

// Signed deviations (mm) at sample points, each standing for `weights[i]` of surface area (mm²).
struct DeviationSummary {
    double maxAbs = 0;
    double maxPositive = 0; // largest value (>= 0)
    double maxNegative = 0; // smallest value (<= 0)
    double rms = 0;         // area-weighted; 0 when the weights sum to 0
};

// Missing weights count as 0. Non-finite values are skipped.
DeviationSummary summariseDeviation(const std::vector<double>& values, const std::vector<double>& weights);

// Area share of the surface per deviation bin over [-range, +range]; values beyond the range land in the
// end bins. A non-positive range means max(|values|) (at least 1e-6).
struct DeviationHistogram {
    double range = 0;
    std::vector<double> areaFraction; // sums to 1 when the surface has area
};
DeviationHistogram deviationHistogram(const std::vector<double>& values, const std::vector<double>& weights,
                                      double range, int bins);

// The automatic colour range of the deviation view: maxAbs rounded up to a 1-2-5 step, at least 0.001 mm.
double automaticDeviationRange(double maxAbs);

} // namespace vernier
