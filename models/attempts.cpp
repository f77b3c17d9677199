// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/attempts.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace vernier {

const char* attemptAggregateName(AttemptAggregate a) {
    switch (a) {
    case AttemptAggregate::Mean:
        return "mean";
    case AttemptAggregate::Best:
        return "best";
    case AttemptAggregate::Latest:
        return "latest";
    case AttemptAggregate::First:
        return "first";
    }
    return "mean";
}

std::optional<AttemptAggregate> parseAttemptAggregate(const std::string& name) {
    for (auto a :
         {AttemptAggregate::Mean, AttemptAggregate::Best, AttemptAggregate::Latest, AttemptAggregate::First})
        if (name == attemptAggregateName(a)) return a;
    return std::nullopt;
}

std::optional<double> aggregateAttempts(const std::vector<Attempt>& attempts, AttemptAggregate how) {
    if (attempts.empty()) return std::nullopt;
    switch (how) {
    case AttemptAggregate::Mean: {
        double sum = 0;
        for (const auto& a : attempts)
            sum += a.reward;
        return sum / static_cast<double>(attempts.size());
    }
    case AttemptAggregate::Best: {
        double best = attempts.front().reward;
        for (const auto& a : attempts)
            best = std::max(best, a.reward);
        return best;
    }
    case AttemptAggregate::Latest:
    case AttemptAggregate::First: {
        // Stable: among equal times, list order decides (the later entry is the later attempt).
        std::size_t pick = 0;
        for (std::size_t i = 1; i < attempts.size(); ++i) {
            const bool later = attempts[i].finishedAt >= attempts[pick].finishedAt;
            const bool earlier = attempts[i].finishedAt < attempts[pick].finishedAt;
            if (how == AttemptAggregate::Latest ? later : earlier) pick = i;
        }
        return attempts[pick].reward;
    }
    }
    return std::nullopt;
}

std::optional<double> passAtK(int n, int c, int k) {
    if (k < 1 || k > n || c < 0 || c > n) return std::nullopt;
    if (n - c < k) return 1.0; // every draw of k contains a pass
    double fail = 1.0;
    for (int i = n - c + 1; i <= n; ++i)
        fail *= 1.0 - static_cast<double>(k) / static_cast<double>(i);
    return 1.0 - fail;
}

bool passes(double reward, PassCriterion criterion) {
    return criterion == PassCriterion::Perfect ? reward >= kPerfectReward : reward > 0.0;
}

namespace {
// Per task: (attempts, passing attempts).
std::vector<std::pair<int, int>> passCounts(const std::vector<std::vector<double>>& attemptsPerTask,
                                            PassCriterion criterion) {
    std::vector<std::pair<int, int>> out;
    out.reserve(attemptsPerTask.size());
    for (const auto& rewards : attemptsPerTask)
        out.emplace_back(static_cast<int>(rewards.size()),
                         static_cast<int>(std::count_if(rewards.begin(), rewards.end(),
                                                        [&](double r) { return passes(r, criterion); })));
    return out;
}

PassAtK passAtKOf(const std::vector<std::pair<int, int>>& counts, int k) {
    PassAtK out;
    out.k = k;
    double sum = 0;
    for (const auto& [n, c] : counts)
        if (auto p = passAtK(n, c, k)) {
            sum += *p;
            ++out.tasks;
        }
    if (out.tasks > 0) out.value = sum / out.tasks;
    return out;
}
} // namespace

PassAtK systemPassAtK(const std::vector<std::vector<double>>& attemptsPerTask, int k,
                      PassCriterion criterion) {
    return passAtKOf(passCounts(attemptsPerTask, criterion), k);
}

std::vector<PassAtK> passAtKCurve(const std::vector<std::vector<double>>& attemptsPerTask,
                                  PassCriterion criterion) {
    // The passes of each task are counted once for every k (10^5 trials: 26 values of k).
    const std::vector<std::pair<int, int>> counts = passCounts(attemptsPerTask, criterion);
    int kMax = 0;
    for (const auto& [n, c] : counts)
        kMax = std::max(kMax, n);
    std::vector<PassAtK> out;
    out.reserve(static_cast<std::size_t>(kMax));
    for (int k = 1; k <= kMax; ++k)
        out.push_back(passAtKOf(counts, k));
    return out;
}

} // namespace vernier
