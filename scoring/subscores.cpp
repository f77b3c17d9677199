// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/subscores.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "scoring/errors.h"

namespace vernier {

namespace {

void checkPair(const char* name, const TierThresholds& t) {
    if (!std::isfinite(t.matched) || !std::isfinite(t.far) || t.matched <= 0 || t.far <= 0)
        throw InputError(std::string("geometry tolerance ") + name + " must be finite and > 0");
    if (t.matched >= t.far)
        throw InputError(std::string("geometry tolerance ") + name + ": matched must be < far");
}

} // namespace

void GeometryTolerances::validate() const {
    checkPair("volume", volume);
    checkPair("surface_area", surfaceArea);
    checkPair("bbox", bbox);
    checkPair("surface_types", surfaceTypes);
    checkPair("principal_moments", principalMoments);
}

GeometryTolerances GeometryTolerances::withBboxFar(double far) {
    GeometryTolerances t;
    t.bbox = {std::min(0.01, far / 10.0), far};
    return t;
}

const char* tierName(Tier t) {
    switch (t) {
    case Tier::Matched:
        return "Matched";
    case Tier::Close:
        return "Close";
    case Tier::Far:
        break;
    }
    return "Far";
}

double clamp01(double x) {
    return x < 0 ? 0.0 : (x > 1 ? 1.0 : x);
}

double relDiff(double a, double b, double floor) {
    const double denom = std::max({std::fabs(a), std::fabs(b), floor, 1e-9});
    return std::fabs(a - b) / denom;
}

TierScore tierScore(double error, const TierThresholds& t) {
    if (error <= t.matched) return {1.0, Tier::Matched};
    if (error >= t.far) return {0.0, Tier::Far};
    return {clamp01(1.0 - std::log10(error / t.matched) / std::log10(t.far / t.matched)), Tier::Close};
}

double linearScore(double error, double exact, double zeroAt) {
    if (error <= exact) return 1.0;
    if (error >= zeroAt) return 0.0;
    return 1.0 - (error - exact) / (zeroAt - exact);
}

double maxComponentError(const std::array<double, 3>& r, const std::array<double, 3>& c) {
    double e = 0;
    for (int i = 0; i < 3; ++i)
        e = std::max(e, relDiff(r[i], c[i]));
    return e;
}

double meanComponentError(const std::array<double, 3>& r, const std::array<double, 3>& c) {
    return (relDiff(r[0], c[0]) + relDiff(r[1], c[1]) + relDiff(r[2], c[2])) / 3.0;
}

namespace {

std::set<std::string> typeUnion(const std::map<std::string, double>& a,
                                const std::map<std::string, double>& b) {
    std::set<std::string> keys;
    for (const auto& [k, v] : a)
        keys.insert(k);
    for (const auto& [k, v] : b)
        keys.insert(k);
    return keys;
}

double areaOf(const std::map<std::string, double>& m, const std::string& k) {
    auto it = m.find(k);
    return it == m.end() ? 0.0 : it->second;
}

double total(const std::map<std::string, double>& m) {
    double s = 0;
    for (const auto& [k, v] : m)
        s += v;
    return s;
}

} // namespace

SurfaceTypeError surfaceTypeErrorV2(const std::map<std::string, double>& reference,
                                    const std::map<std::string, double>& candidate) {
    SurfaceTypeError out;
    out.areaFloor = kSurfaceTypeFloorFraction * std::max(total(reference), total(candidate));
    for (const auto& k : typeUnion(reference, candidate)) {
        const double e = relDiff(areaOf(reference, k), areaOf(candidate, k), out.areaFloor);
        out.perType[k] = e;
        out.error = std::max(out.error, e);
    }
    return out;
}

double surfaceTypeErrorV1(const std::map<std::string, double>& reference,
                          const std::map<std::string, double>& candidate) {
    double diff = 0, sum = 0;
    for (const auto& k : typeUnion(reference, candidate)) {
        const double a = areaOf(reference, k), b = areaOf(candidate, k);
        diff += std::fabs(a - b);
        sum += a + b;
    }
    if (sum <= 1e-9) return 0.0;
    return clamp01(diff / sum);
}

} // namespace vernier
