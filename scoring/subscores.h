// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The pure subscore formulas of the v2 scorer (docs/scoring.md §4): relative differences, the log tier
// ramp, component errors over sorted 3-vectors and the per-type surface error with its area floor.
#include <array>
#include <map>
#include <string>

namespace vernier {

// Matched/far thresholds of one tiered subscore (docs/scoring.md §4 table).
struct TierThresholds {
    double matched = 0.01;
    double far = 0.10;
};

// GeometryTolerances of the v2 scorer with the 0.6.0 defaults. validate() enforces §4: every value
// finite and > 0, matched < far; it throws InputError with a one-line reason otherwise.
struct GeometryTolerances {
    TierThresholds volume{0.001, 0.01};
    TierThresholds surfaceArea{0.01, 0.10};
    TierThresholds bbox{0.01, 0.10}; // far = the OBB gate threshold (§7.1.8)
    TierThresholds surfaceTypes{0.01, 0.10};
    TierThresholds principalMoments{0.01, 0.10};

    void validate() const;
    // for_scorer("v2", bbox_far_rel_tol=x) without a matched value: matched = min(0.01, x/10).
    static GeometryTolerances withBboxFar(double far);
};

enum class Tier { Matched, Close, Far };
const char* tierName(Tier t); // "Matched" | "Close" | "Far"

// rel(a,b;floor) = |a-b| / max(|a|, |b|, floor, 1e-9). Symmetric.
double relDiff(double a, double b, double floor = 1e-9);

struct TierScore {
    double score = 0;
    Tier tier = Tier::Far;
};
// Log ramp: e <= m -> 1 (Matched), e >= f -> 0 (Far), else clamp01(1 - log10(e/m)/log10(f/m)) (Close).
TierScore tierScore(double error, const TierThresholds& t);

// v1 linear ramp: 1 if e <= exact, 0 if e >= zeroAt, linear in between.
double linearScore(double error, double exact, double zeroAt);

// Per-component rel over two sorted 3-vectors; v2 takes the max, v1 the mean.
double maxComponentError(const std::array<double, 3>& r, const std::array<double, 3>& c);
double meanComponentError(const std::array<double, 3>& r, const std::array<double, 3>& c);

// v2 surface-type error: floor = 0.01 * max(sum A_r, sum A_c); e_t = rel(A_r[t], A_c[t]; floor) over the
// union of types (missing = 0); e = max_t e_t (0 with no types).
struct SurfaceTypeError {
    double error = 0;
    double areaFloor = 0;
    std::map<std::string, double> perType;
};
constexpr double kSurfaceTypeFloorFraction = 0.01;
SurfaceTypeError surfaceTypeErrorV2(const std::map<std::string, double>& reference,
                                    const std::map<std::string, double>& candidate);

// v1 surface-type error: sum |A_r - A_c| / sum (A_r + A_c), 0 if the total <= 1e-9, clamped to [0,1].
double surfaceTypeErrorV1(const std::map<std::string, double>& reference,
                          const std::map<std::string, double>& candidate);

double clamp01(double x);

} // namespace vernier
