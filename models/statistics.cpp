// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/statistics.h"

#include <algorithm>
#include <cmath>

#include "models/analysis.h"
#include "models/result_set.h"

namespace vernier {

namespace {

// xoshiro256** seeded through splitmix64: fully specified, so the same seed gives the same intervals on
// every platform and standard library (std::uniform_int_distribution is implementation-defined).
class Rng {
public:
    explicit Rng(std::uint64_t seed) {
        for (auto& s : s_) {
            seed += 0x9e3779b97f4a7c15ull;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            s = z ^ (z >> 31);
        }
    }
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    // Uniform in [0, n) by multiply-shift (bias below 2^-50 for the sizes used here).
    std::size_t below(std::size_t n) {
        return static_cast<std::size_t>((static_cast<unsigned __int128>(next()) * n) >> 64);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

// quantileSorted(sorted copy of v, q), from v reordered in place: the order statistics at floor(h) and the
// next one, by selection.
double quantileSelected(std::vector<double>& v, double q) {
    if (v.empty()) return 0;
    const double h = (static_cast<double>(v.size()) - 1) * std::clamp(q, 0.0, 1.0);
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const auto at = v.begin() + static_cast<std::ptrdiff_t>(lo);
    std::nth_element(v.begin(), at, v.end());
    const double a = *at;
    const double b = lo + 1 < v.size() ? *std::min_element(at + 1, v.end()) : a;
    return a + (h - static_cast<double>(lo)) * (b - a);
}

// Percentile bootstrap of the mean with resampling inside each workflow stratum.
Interval stratifiedBootstrap(const std::array<std::vector<double>, 3>& strata, const BootstrapOptions& o) {
    std::size_t n = 0;
    for (const auto& s : strata)
        n += s.size();
    if (n == 0 || o.resamples <= 0) return {};
    Rng rng(o.seed);
    std::vector<double> means(static_cast<std::size_t>(o.resamples));
    for (auto& m : means) {
        double total = 0;
        for (const auto& s : strata) {
            const std::size_t k = s.size();
            for (std::size_t i = 0; i < k; ++i)
                total += s[rng.below(k)];
        }
        m = total / static_cast<double>(n);
    }
    // The two order statistics each quantile needs, selected instead of sorting all resamples (same values).
    return {quantileSelected(means, 0.025), quantileSelected(means, 0.975)};
}

int idx(Workflow w) {
    return static_cast<int>(w);
}

} // namespace

double quantileSorted(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return 0;
    const double h = (static_cast<double>(sorted.size()) - 1) * std::clamp(q, 0.0, 1.0);
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

Interval bootstrapMeanCi(const std::vector<TaskReward>& rewards, const BootstrapOptions& options) {
    std::array<std::vector<double>, 3> strata;
    for (const auto& r : rewards)
        strata[static_cast<std::size_t>(idx(r.workflow))].push_back(r.reward);
    return stratifiedBootstrap(strata, options);
}

const char* overallMethodText(OverallMethod m) {
    return m == OverallMethod::Weighted303040 ? "weighted 30/30/40" : "mean of per-task rewards";
}

double overallScore(const std::vector<TaskReward>& rewards, OverallMethod* method) {
    std::array<int, 3> counts{};
    std::array<double, 3> sums{};
    for (const auto& r : rewards) {
        ++counts[static_cast<std::size_t>(idx(r.workflow))];
        sums[static_cast<std::size_t>(idx(r.workflow))] += r.reward;
    }
    const bool complete =
        counts[0] == kSuiteTaskCount[0] && counts[1] == kSuiteTaskCount[1] && counts[2] == kSuiteTaskCount[2];
    if (method) *method = complete ? OverallMethod::Weighted303040 : OverallMethod::MeanOfTasks;
    if (rewards.empty()) return 0;
    if (complete) {
        // The paper's formula; equal to the plain mean on the complete suite.
        double v = 0;
        for (int w = 0; w < 3; ++w)
            v += kSuiteWeight[w] * sums[static_cast<std::size_t>(w)] / counts[static_cast<std::size_t>(w)];
        return v;
    }
    double total = sums[0] + sums[1] + sums[2];
    return total / static_cast<double>(rewards.size());
}

std::optional<double> costPerPoint(std::optional<double> costUsd, double overallFraction) {
    if (!costUsd || overallFraction <= 0) return std::nullopt;
    return *costUsd / (overallFraction * 100.0);
}

SystemSummary summarizeRewards(const SystemId& system, const std::vector<TaskReward>& rewards, int nTrials,
                               const std::vector<double>& knownCosts,
                               const std::vector<double>& knownDurationsSec,
                               const BootstrapOptions& options) {
    SystemSummary s;
    s.system = system;
    s.nTrials = nTrials;
    s.nTasks = static_cast<int>(rewards.size());
    s.overall = overallScore(rewards, &s.overallMethod);
    std::array<double, 3> sums{};
    int perfect = 0, zero = 0;
    for (const auto& r : rewards) {
        const auto w = static_cast<std::size_t>(idx(r.workflow));
        sums[w] += r.reward;
        ++s.perWorkflowTasks[w];
        if (r.reward == 1.0) ++perfect;
        if (r.reward == 0.0) ++zero;
    }
    for (std::size_t w = 0; w < 3; ++w)
        if (s.perWorkflowTasks[w] > 0) s.perWorkflow[w] = sums[w] / s.perWorkflowTasks[w];
    if (!rewards.empty()) {
        s.perfectRate = static_cast<double>(perfect) / static_cast<double>(rewards.size());
        s.zeroRate = static_cast<double>(zero) / static_cast<double>(rewards.size());
    }
    s.ci95 = bootstrapMeanCi(rewards, options);
    s.trialsWithCost = static_cast<int>(knownCosts.size());
    if (!knownCosts.empty()) {
        double c = 0;
        for (double v : knownCosts)
            c += v;
        s.costUsd = c;
    }
    s.costPerPoint = costPerPoint(s.costUsd, s.overall);
    s.trialsWithDuration = static_cast<int>(knownDurationsSec.size());
    if (!knownDurationsSec.empty()) {
        double d = 0;
        for (double v : knownDurationsSec)
            d += v;
        s.meanDurationMin = d / static_cast<double>(knownDurationsSec.size()) / 60.0;
    }
    return s;
}

PairedComparison comparePaired(const std::vector<PairedTask>& tasks, double similarThreshold,
                               const BootstrapOptions& options) {
    PairedComparison c;
    c.n = static_cast<int>(tasks.size());
    // A hair of slack so that e.g. 0.51 − 0.50 (0.0100000000000000089 in binary) counts as similar.
    const double thr = similarThreshold + 1e-12;
    std::array<std::vector<double>, 3> strata;
    std::array<double, 3> sums{};
    double total = 0;
    for (const auto& t : tasks) {
        const double d = t.a - t.b;
        const auto w = static_cast<std::size_t>(idx(t.workflow));
        strata[w].push_back(d);
        sums[w] += d;
        total += d;
        WorkflowDelta& wd = c.perWorkflow[t.workflow];
        ++wd.n;
        if (d > thr) {
            ++c.higher;
            ++wd.higher;
        } else if (d < -thr) {
            ++c.lower;
            ++wd.lower;
        } else {
            ++c.similar;
            ++wd.similar;
        }
    }
    for (auto& [w, wd] : c.perWorkflow)
        wd.delta = sums[static_cast<std::size_t>(idx(w))] / wd.n;
    if (c.n > 0) c.delta = total / c.n;
    c.ci95 = stratifiedBootstrap(strata, options);
    return c;
}

bool rankedBefore(const SystemSummary& a, const SystemSummary& b) {
    if (a.overall != b.overall) return a.overall > b.overall;
    return SystemId::labelLess(a.system, b.system);
}

// ---- ResultSet adapters ----

std::vector<TaskReward> systemRewards(const ResultSet& set, int system) {
    std::vector<TaskReward> out;
    for (std::size_t t = 0; t < set.tasks.size(); ++t)
        if (auto r = set.selectedReward(system, static_cast<int>(t)))
            out.push_back({set.tasks[t].workflow, *r});
    return out;
}

namespace {

std::vector<int> allTasks(const ResultSet& set) {
    std::vector<int> out(set.tasks.size());
    for (std::size_t t = 0; t < out.size(); ++t)
        out[t] = static_cast<int>(t);
    return out;
}

} // namespace

// The adapters below are the unfiltered case of models/analysis.h, through the same building blocks.

SystemSummary summarizeSystem(const ResultSet& set, int system, const BootstrapOptions& options) {
    return summarizeSystemOn(set, system, allTasks(set), options);
}

std::vector<SystemSummary> leaderboard(const ResultSet& set, const BootstrapOptions& options) {
    // analyse(set, {}) without the per-workflow intervals and zero counts it also computes.
    const std::vector<int> tasks = allTasks(set);
    std::vector<SystemSummary> rows;
    for (std::size_t s = 0; s < set.systems.size(); ++s) {
        if (set.trialCount(static_cast<int>(s)) == 0) continue; // only malformed/unmatched trials
        rows.push_back(summarizeSystemOn(set, static_cast<int>(s), tasks, options));
    }
    std::stable_sort(rows.begin(), rows.end(), rankedBefore);
    return rows;
}

PairedComparison compareSystems(const ResultSet& set, int a, int b, double similarThreshold,
                                const BootstrapOptions& options) {
    return compareSystemsOn(set, a, b, allTasks(set), similarThreshold, options);
}

ZeroCounts zeroCounts(const ResultSet& set, int system) {
    return zeroCountsOn(set, system, allTasks(set));
}

} // namespace vernier
