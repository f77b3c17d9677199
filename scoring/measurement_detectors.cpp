// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Derived bank sections (docs/scoring.md §8.3 "Detectors"): grids, circular patterns and sketch
// profiles, mined from sketch circles and cylinder-cluster centroids already in the bank.
#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <sstream>

#include <Eigen/Eigenvalues>

#include "scoring/measurement_bank.h"
#include "scoring/rounding.h"

namespace vernier {
namespace {

constexpr double kGridSpacingRelTol = 0.05;
constexpr double kGridBinFracTol = 0.05;
constexpr double kCircularRadiusRelTol = 0.05;
constexpr double kCircularPitchRelTol = 0.05;

std::string fmtG(double v) {
    std::ostringstream os;
    os.precision(6);
    os << v;
    return os.str();
}

struct Bins {
    int count = 0;
    double spacing = 0;
};

// Sorted 1D values merged into bins closer than `tol`; nullopt when the bin spacing is not uniform.
std::optional<Bins> binProjections(std::vector<double> vals, double tol) {
    if (vals.empty()) return std::nullopt;
    std::sort(vals.begin(), vals.end());
    if (vals.back() - vals.front() < tol) return Bins{1, 0};
    std::vector<std::vector<double>> bins{{vals[0]}};
    for (std::size_t i = 1; i < vals.size(); ++i) {
        if (vals[i] - bins.back().back() < tol)
            bins.back().push_back(vals[i]);
        else
            bins.push_back({vals[i]});
    }
    if (bins.size() == 1) return Bins{1, 0};
    std::vector<double> centres;
    for (const auto& b : bins) {
        double s = 0;
        for (double v : b)
            s += v;
        centres.push_back(s / static_cast<double>(b.size()));
    }
    double mean = 0;
    for (std::size_t i = 0; i + 1 < centres.size(); ++i)
        mean += centres[i + 1] - centres[i];
    mean /= static_cast<double>(centres.size() - 1);
    if (mean <= 0) return std::nullopt;
    for (std::size_t i = 0; i + 1 < centres.size(); ++i)
        if (std::abs(centres[i + 1] - centres[i] - mean) / mean > kGridSpacingRelTol) return std::nullopt;
    return Bins{static_cast<int>(centres.size()), mean};
}

std::optional<Grid> detectGrid(const std::vector<Vec3>& points) {
    const std::size_t n = points.size();
    if (n < 2) return std::nullopt;
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    for (const auto& p : points)
        mean += Eigen::Vector3d(p[0], p[1], p[2]);
    mean /= static_cast<double>(n);
    std::vector<Eigen::Vector3d> c;
    for (const auto& p : points)
        c.push_back(Eigen::Vector3d(p[0], p[1], p[2]) - mean);
    Eigen::Matrix3d cov = Eigen::Matrix3d::Zero();
    if (n >= 3) {
        for (const auto& v : c)
            cov += v * v.transpose();
        cov /= static_cast<double>(n - 1);
    } else {
        cov = c[0] * c[0].transpose();
    }
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> es(cov);
    const Eigen::Vector3d major = es.eigenvectors().col(2);
    const Eigen::Vector3d minor = es.eigenvectors().col(1);
    std::vector<double> pMaj, pMin;
    for (const auto& v : c) {
        pMaj.push_back(v.dot(major));
        pMin.push_back(v.dot(minor));
    }
    auto range = [](const std::vector<double>& v) {
        auto [lo, hi] = std::minmax_element(v.begin(), v.end());
        return *hi - *lo;
    };
    const double tol = kGridBinFracTol * std::max({range(pMaj), range(pMin), 1e-6});
    const auto bMaj = binProjections(pMaj, tol);
    const auto bMin = binProjections(pMin, tol);
    if (!bMaj || !bMin || static_cast<std::size_t>(bMaj->count * bMin->count) != n) return std::nullopt;
    Grid g;
    g.count = static_cast<int>(n);
    if (bMaj->count >= bMin->count) {
        g.columns = bMaj->count, g.spacingCols = bMaj->spacing;
        g.rows = bMin->count, g.spacingRows = bMin->spacing;
    } else {
        g.columns = bMin->count, g.spacingCols = bMin->spacing;
        g.rows = bMaj->count, g.spacingRows = bMaj->spacing;
    }
    g.spacingRows = roundLength(g.spacingRows);
    g.spacingCols = roundLength(g.spacingCols);
    const double minMaj = *std::min_element(pMaj.begin(), pMaj.end());
    const double minMin = *std::min_element(pMin.begin(), pMin.end());
    std::size_t anchor = 0;
    double best = 1e300;
    for (std::size_t i = 0; i < n; ++i) {
        const double d = std::hypot(pMaj[i] - minMaj, pMin[i] - minMin);
        if (d < best) best = d, anchor = i;
    }
    g.origin = {roundLength(points[anchor][0]), roundLength(points[anchor][1]),
                roundLength(points[anchor][2])};
    return g;
}

std::optional<CircularPattern> detectCircular(const std::vector<Vec3>& points, const Vec3* axisHint) {
    const std::size_t n = points.size();
    if (n < 3) return std::nullopt;
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    for (const auto& p : points)
        mean += Eigen::Vector3d(p[0], p[1], p[2]);
    mean /= static_cast<double>(n);
    Eigen::Vector3d axis;
    if (axisHint) {
        axis = Eigen::Vector3d((*axisHint)[0], (*axisHint)[1], (*axisHint)[2]);
        if (axis.norm() < 1e-9) return std::nullopt;
        axis.normalize();
    } else {
        Eigen::Matrix3d cov = Eigen::Matrix3d::Zero();
        for (const auto& p : points) {
            const Eigen::Vector3d v = Eigen::Vector3d(p[0], p[1], p[2]) - mean;
            cov += v * v.transpose();
        }
        cov /= static_cast<double>(n - 1);
        Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> es(cov);
        axis = es.eigenvectors().col(0);
    }
    const Eigen::Vector3d tmp =
        std::abs(axis.z()) < 0.9 ? Eigen::Vector3d(0, 0, 1) : Eigen::Vector3d(1, 0, 0);
    Eigen::Vector3d e1 = axis.cross(tmp);
    if (e1.norm() < 1e-9) return std::nullopt;
    e1.normalize();
    const Eigen::Vector3d e2 = axis.cross(e1);
    std::vector<double> radii, thetas;
    for (const auto& p : points) {
        const Eigen::Vector3d v = Eigen::Vector3d(p[0], p[1], p[2]) - mean;
        const Eigen::Vector3d perp = v - v.dot(axis) * axis;
        const double r = perp.norm();
        if (r < 1e-9) return std::nullopt; // a point on the axis has no angle
        radii.push_back(r);
        thetas.push_back(std::atan2(perp.dot(e2), perp.dot(e1)));
    }
    double meanR = 0;
    for (double r : radii)
        meanR += r;
    meanR /= static_cast<double>(n);
    if (meanR < 1e-6) return std::nullopt;
    for (double r : radii)
        if (std::abs(r - meanR) / meanR > kCircularRadiusRelTol) return std::nullopt;
    std::sort(thetas.begin(), thetas.end());
    std::vector<double> gaps;
    for (std::size_t i = 0; i < n; ++i) {
        double gap = thetas[(i + 1) % n] - thetas[i];
        if (gap <= 0) gap += 2 * std::numbers::pi;
        gaps.push_back(gap);
    }
    double meanGap = 0;
    for (double g : gaps)
        meanGap += g;
    meanGap /= static_cast<double>(n);
    if (meanGap <= 0) return std::nullopt;
    for (double g : gaps)
        if (std::abs(g - meanGap) / meanGap > kCircularPitchRelTol) return std::nullopt;
    const double expected = 2 * std::numbers::pi / static_cast<double>(n);
    if (std::abs(meanGap - expected) / expected > kCircularPitchRelTol) return std::nullopt;
    CircularPattern cp;
    cp.count = static_cast<int>(n);
    cp.patternRadius = roundLength(meanR);
    cp.centre = {roundLength(mean.x()), roundLength(mean.y()), roundLength(mean.z())};
    cp.axis = {roundLength(axis.x()), roundLength(axis.y()), roundLength(axis.z())};
    cp.angularPitch = roundAngle(meanGap);
    return cp;
}

// Circle centres of one sketch grouped by radius (rounded to 1e-6), in radius order of first appearance.
std::vector<std::pair<double, std::vector<Vec3>>> sketchCirclesByRadius(const FeatureEntry& e) {
    std::vector<std::pair<double, std::vector<Vec3>>> groups;
    for (const auto& v : e.values) {
        const auto pos = v.key.find("].CircleRadius");
        if (pos == std::string::npos || v.key.rfind("Geometry[", 0) != 0) continue;
        const FeatureVector* centre = e.vector(v.key.substr(0, pos) + "].CircleCenter");
        if (!centre) continue;
        const double r = std::round(v.value * 1e6) / 1e6;
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == r; });
        if (it == groups.end()) {
            groups.push_back({r, {}});
            it = groups.end() - 1;
        }
        it->second.push_back(centre->value);
    }
    return groups;
}

std::vector<double> valuesMatching(const FeatureEntry& e, const std::string& prefix,
                                   const std::string& suffix) {
    std::vector<double> out;
    for (const auto& v : e.values)
        if (v.key.rfind(prefix, 0) == 0 && v.key.size() >= suffix.size() &&
            v.key.compare(v.key.size() - suffix.size(), suffix.size(), suffix) == 0)
            out.push_back(v.value);
    return out;
}

} // namespace

void runDetectors(MeasurementBank& bank) {
    bank.grids.clear();
    bank.circularPatterns.clear();
    bank.sketchProfiles.clear();

    for (const auto& e : bank.featureTree) {
        for (const auto& [r, centres] : sketchCirclesByRadius(e)) {
            if (centres.size() < 2) continue;
            if (auto g = detectGrid(centres)) {
                g->id = "grid_" + std::to_string(bank.grids.size());
                g->source = "sketch:" + e.name + "@r=" + fmtG(r);
                bank.grids.push_back(*g);
            }
        }
    }
    for (const auto& c : bank.cylinderClusters) {
        if (c.count() < 2) continue;
        if (auto g = detectGrid(c.centroids)) {
            g->id = "grid_" + std::to_string(bank.grids.size());
            g->source = "cluster:" + c.id;
            g->count = c.count();
            bank.grids.push_back(*g);
        }
    }

    for (const auto& e : bank.featureTree) {
        for (const auto& [r, centres] : sketchCirclesByRadius(e)) {
            if (centres.size() < 3) continue;
            if (auto cp = detectCircular(centres, nullptr)) {
                cp->id = "circular_pattern_" + std::to_string(bank.circularPatterns.size());
                cp->source = "sketch:" + e.name + "@r=" + fmtG(r);
                bank.circularPatterns.push_back(*cp);
            }
        }
    }
    for (const auto& c : bank.cylinderClusters) {
        if (c.count() < 3) continue;
        if (auto cp = detectCircular(c.centroids, &c.axis)) {
            cp->id = "circular_pattern_" + std::to_string(bank.circularPatterns.size());
            cp->source = "cluster:" + c.id;
            cp->faces = c.faces;
            bank.circularPatterns.push_back(*cp);
        }
    }

    for (const auto& e : bank.featureTree) {
        if (e.type != "Sketcher::SketchObject") continue;
        SketchProfile p;
        p.name = e.name;
        p.lineLengths = valuesMatching(e, "Geometry[", "].LineLength");
        p.radii = valuesMatching(e, "Geometry[", "].CircleRadius");
        for (double r : valuesMatching(e, "Geometry[", "].ArcRadius"))
            p.radii.push_back(r);
        p.angles = valuesMatching(e, "LineAngle[", "]");
        for (double a : valuesMatching(e, "Constraint[", "].Angle"))
            p.angles.push_back(a);
        for (auto* v : {&p.lineLengths, &p.radii, &p.angles})
            std::sort(v->begin(), v->end(), std::greater<>());
        bank.sketchProfiles.push_back(std::move(p));
    }
}

} // namespace vernier
