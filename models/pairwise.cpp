// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/pairwise.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace vernier {

const PairwiseCell* PairwiseMatrix::cell(int a, int b) const {
    if (a == b) return nullptr;
    const int lo = std::min(a, b), hi = std::max(a, b);
    for (const auto& c : cells)
        if (c.a == lo && c.b == hi) return &c;
    return nullptr;
}

double signFlipPValue(const std::vector<double>& differences, const RandomisationOptions& options) {
    const std::size_t n = differences.size();
    if (n == 0 || options.resamples < 1) return 1.0;
    const double observed = std::abs(std::accumulate(differences.begin(), differences.end(), 0.0));
    // Compare sums rather than means (same n), with a relative hair of slack so ties count as extreme.
    const double bar = observed - 1e-12 * std::max(1.0, observed);
    std::mt19937_64 rng(options.seed);
    int extreme = 0;
    for (int r = 0; r < options.resamples; ++r) {
        double sum = 0;
        std::uint64_t bits = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (i % 64 == 0) bits = rng();
            sum += (bits & 1u) ? differences[i] : -differences[i];
            bits >>= 1;
        }
        if (std::abs(sum) >= bar) ++extreme;
    }
    return (1.0 + extreme) / (1.0 + options.resamples);
}

std::vector<double> holmAdjust(const std::vector<double>& p) {
    const std::size_t m = p.size();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return p[x] < p[y]; });
    std::vector<double> out(m);
    double running = 0;
    for (std::size_t j = 0; j < m; ++j) {
        const double scaled = std::min(1.0, static_cast<double>(m - j) * p[order[j]]);
        running = std::max(running, scaled);
        out[order[j]] = running;
    }
    return out;
}

PairwiseMatrix pairwiseMatrix(const std::vector<SystemTaskRewards>& systems, double similarThreshold,
                              const BootstrapOptions& bootstrap, const RandomisationOptions& randomisation) {
    PairwiseMatrix m;
    for (const auto& s : systems)
        m.labels.push_back(s.label);
    std::vector<double> ps;
    for (int a = 0; a < static_cast<int>(systems.size()); ++a)
        for (int b = a + 1; b < static_cast<int>(systems.size()); ++b) {
            std::vector<PairedTask> paired;
            std::vector<double> diffs;
            for (const auto& [task, ra] : systems[static_cast<std::size_t>(a)].rewards) {
                const auto& other = systems[static_cast<std::size_t>(b)].rewards;
                auto it = other.find(task);
                if (it == other.end()) continue;
                paired.push_back({ra.workflow, ra.reward, it->second.reward});
                diffs.push_back(ra.reward - it->second.reward);
            }
            PairwiseCell c;
            c.a = a;
            c.b = b;
            c.comparison = comparePaired(paired, similarThreshold, bootstrap);
            c.p = signFlipPValue(diffs, randomisation);
            ps.push_back(c.p);
            m.cells.push_back(std::move(c));
        }
    const std::vector<double> adjusted = holmAdjust(ps);
    for (std::size_t i = 0; i < m.cells.size(); ++i)
        m.cells[i].pHolm = adjusted[i];
    return m;
}

} // namespace vernier
