// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Compare many systems at once (docs/statistics.md "Pairwise matrix"): for every pair, the paired Δ of mean
// reward over the tasks both have, its paired bootstrap 95 % interval, a two-sided p-value from a paired
// sign-flip randomisation test, and Holm-adjusted p-values over all pairs. Pure functions; Qt-free.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "models/statistics.h"

namespace vernier {

// One system's reward per task (already folded over attempts), keyed by task id.
struct SystemTaskRewards {
    std::string label;
    std::map<std::string, TaskReward> rewards;
};

struct PairwiseCell {
    int a = -1, b = -1; // indices into the systems given; Δ is a − b
    PairedComparison comparison;
    double p = 1.0;     // two-sided, unadjusted
    double pHolm = 1.0; // Holm-adjusted over every pair of the matrix
};

struct PairwiseMatrix {
    std::vector<std::string> labels;
    std::vector<PairwiseCell> cells;              // a < b, row-major: (0,1), (0,2), …, (1,2), …
    const PairwiseCell* cell(int a, int b) const; // either order; nullptr when a == b or out of range
};

struct RandomisationOptions {
    int resamples = 10000;
    unsigned long long seed = 20260924; // fixed: output is deterministic
};

// Two-sided p-value of "mean difference is 0" for paired differences: each task's difference keeps its size
// and gets a random sign (under the null the sign is exchangeable); p = (1 + #{|mean*| ≥ |mean|}) / (1 + R),
// never 0. With no tasks, 1.
double signFlipPValue(const std::vector<double>& differences, const RandomisationOptions& options = {});

// Holm's step-down adjustment (Holm 1979): sort p ascending, adjusted p_(i) = max_{j ≤ i} min(1, (m − j + 1)
// p_(j)), returned in the input order.
std::vector<double> holmAdjust(const std::vector<double>& p);

PairwiseMatrix pairwiseMatrix(const std::vector<SystemTaskRewards>& systems, double similarThreshold = 0.01,
                              const BootstrapOptions& bootstrap = {},
                              const RandomisationOptions& randomisation = {});

} // namespace vernier
