// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/deviation_stats.h"

#include <algorithm>
#include <cmath>

namespace vernier {

namespace {

double weightAt(const std::vector<double>& weights, std::size_t i) {
    return i < weights.size() && std::isfinite(weights[i]) ? weights[i] : 0.0;
}

} // namespace

DeviationSummary summariseDeviation(const std::vector<double>& values, const std::vector<double>& weights) {
    DeviationSummary s;
    double sumW = 0, sumW2 = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double v = values[i];
        if (!std::isfinite(v)) continue;
        const double w = weightAt(weights, i);
        s.maxPositive = std::max(s.maxPositive, v);
        s.maxNegative = std::min(s.maxNegative, v);
        sumW += w;
        sumW2 += w * v * v;
    }
    s.maxAbs = std::max(s.maxPositive, -s.maxNegative);
    s.rms = sumW > 0 ? std::sqrt(sumW2 / sumW) : 0;
    return s;
}

DeviationHistogram deviationHistogram(const std::vector<double>& values, const std::vector<double>& weights,
                                      double range, int bins) {
    DeviationHistogram h;
    h.range = range > 0 ? range : std::max(summariseDeviation(values, weights).maxAbs, 1e-6);
    h.areaFraction.assign(static_cast<std::size_t>(std::max(bins, 1)), 0.0);
    const long last = static_cast<long>(h.areaFraction.size()) - 1;
    double total = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i])) continue;
        const double u = std::clamp((values[i] / h.range + 1.0) / 2.0, 0.0, 1.0);
        const auto bin = static_cast<std::size_t>(
            std::min(static_cast<long>(std::floor(u * static_cast<double>(h.areaFraction.size()))), last));
        const double w = weightAt(weights, i);
        h.areaFraction[bin] += w;
        total += w;
    }
    if (total > 0)
        for (double& f : h.areaFraction)
            f /= total;
    return h;
}

double automaticDeviationRange(double maxAbs) {
    const double m = std::max(std::isfinite(maxAbs) ? maxAbs : 0.0, 1e-3);
    const double decade = std::pow(10.0, std::floor(std::log10(m)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (m <= step * decade * (1 + 1e-9)) return step * decade;
    return 10 * decade;
}

} // namespace vernier
