// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/icp.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <numeric>

#include <Eigen/Dense>
#include <nanoflann.hpp>

#include "scoring/errors.h"

namespace vernier {

namespace {

// nanoflann dataset adaptor over a vector of Eigen points.
struct CloudAdaptor {
    const std::vector<Eigen::Vector3d>& pts;
    std::size_t kdtree_get_point_count() const { return pts.size(); }
    double kdtree_get_pt(std::size_t i, std::size_t d) const { return pts[i][static_cast<Eigen::Index>(d)]; }
    template <class B> bool kdtree_get_bbox(B&) const { return false; }
};

// k=1 result set that keeps the lowest index among exactly equal squared distances, so neighbours do
// not depend on the tree's internal order. worstDist() is padded so equal-distance points are visited.
class LowestIndexNearest {
public:
    using DistanceType = double;
    using IndexType = uint32_t;
    std::size_t size() const { return found_ ? 1 : 0; }
    bool full() const { return found_; }
    bool addPoint(double dist, uint32_t index) {
        if (!found_ || dist < best_ || (dist == best_ && index < index_)) {
            best_ = dist;
            index_ = index;
            found_ = true;
        }
        return true;
    }
    double worstDist() const {
        return found_ ? best_ * (1.0 + 1e-9) + 1e-300 : std::numeric_limits<double>::max();
    }
    uint32_t index() const { return index_; }

private:
    bool found_ = false;
    double best_ = 0;
    uint32_t index_ = 0;
};

using KdTree = nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Simple_Adaptor<double, CloudAdaptor>,
                                                   CloudAdaptor, 3, uint32_t>;

// A fixed cloud with its k-d tree. Queries for a rigidly moved copy of it are answered by moving the
// query point back (x -> R^T (x - t)), so each tree is built once per comparison.
class IndexedCloud {
public:
    explicit IndexedCloud(const std::vector<Eigen::Vector3d>& pts)
        : pts_(pts), adaptor_{pts}, tree_(3, adaptor_, nanoflann::KDTreeSingleIndexAdaptorParams(10)) {
        tree_.buildIndex();
    }
    std::size_t nearest(const Eigen::Vector3d& q) const {
        LowestIndexNearest rs;
        tree_.findNeighbors(rs, q.data(), nanoflann::SearchParams());
        return rs.index();
    }
    const Eigen::Vector3d& operator[](std::size_t i) const { return pts_[i]; }
    std::size_t size() const { return pts_.size(); }

private:
    const std::vector<Eigen::Vector3d>& pts_;
    CloudAdaptor adaptor_;
    KdTree tree_;
};

struct Pose {
    Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
    Eigen::Vector3d t = Eigen::Vector3d::Zero();
    Eigen::Vector3d apply(const Eigen::Vector3d& p) const { return R * p + t; }
    Eigen::Vector3d inverse(const Eigen::Vector3d& q) const { return R.transpose() * (q - t); }
};

struct Residuals {
    double rmse = 0, max = 0, candToRef = 0, refToCand = 0;
};

// Full bidirectional nearest-neighbour residuals, nothing trimmed (coarse ranking and final evaluation).
Residuals bidirectional(const IndexedCloud& ref, const IndexedCloud& cand, const Pose& pose) {
    Residuals r;
    double sumSq = 0;
    for (std::size_t i = 0; i < cand.size(); ++i) {
        const Eigen::Vector3d moved = pose.apply(cand[i]);
        const double d = (moved - ref[ref.nearest(moved)]).norm();
        sumSq += d * d;
        r.candToRef = std::max(r.candToRef, d);
    }
    for (std::size_t j = 0; j < ref.size(); ++j) {
        const std::size_t i = cand.nearest(pose.inverse(ref[j]));
        const double d = (pose.apply(cand[i]) - ref[j]).norm();
        sumSq += d * d;
        r.refToCand = std::max(r.refToCand, d);
    }
    r.rmse = std::sqrt(sumSq / static_cast<double>(cand.size() + ref.size()));
    r.max = std::max(r.candToRef, r.refToCand);
    return r;
}

// Area-weighted centroid and principal axes (ascending eigenvalues, right-handed).
void principalFrame(const IcpCloud& cloud, Eigen::Vector3d& centroid, Eigen::Matrix3d& axes) {
    const std::size_t n = cloud.points.size();
    double total = 0;
    for (double w : cloud.weights)
        total += w;
    const bool uniform = !(total > 0) || cloud.weights.size() != n;
    auto weight = [&](std::size_t i) { return uniform ? 1.0 : cloud.weights[i]; };
    const double wsum = uniform ? static_cast<double>(n) : total;
    centroid.setZero();
    for (std::size_t i = 0; i < n; ++i)
        centroid += weight(i) * cloud.points[i];
    centroid /= wsum;
    Eigen::Matrix3d cov = Eigen::Matrix3d::Zero();
    for (std::size_t i = 0; i < n; ++i) {
        const Eigen::Vector3d d = cloud.points[i] - centroid;
        cov += weight(i) * d * d.transpose();
    }
    cov /= wsum;
    cov = 0.5 * (cov + cov.transpose()).eval();
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> es(cov);
    axes = es.eigenvectors();
    if (axes.determinant() < 0) axes.col(2) *= -1.0;
}

// Rigid Kabsch without scale: the rotation/translation taking src onto dst in the least-squares sense.
Pose kabsch(const std::vector<Eigen::Vector3d>& src, const std::vector<Eigen::Vector3d>& dst) {
    const double n = static_cast<double>(src.size());
    Eigen::Vector3d ms = Eigen::Vector3d::Zero(), md = Eigen::Vector3d::Zero();
    for (std::size_t k = 0; k < src.size(); ++k) {
        ms += src[k];
        md += dst[k];
    }
    ms /= n;
    md /= n;
    Eigen::Matrix3d H = Eigen::Matrix3d::Zero();
    for (std::size_t k = 0; k < src.size(); ++k)
        H += (src[k] - ms) * (dst[k] - md).transpose();
    Eigen::JacobiSVD<Eigen::Matrix3d> svd(H, Eigen::ComputeFullU | Eigen::ComputeFullV);
    const Eigen::Matrix3d U = svd.matrixU(), V = svd.matrixV();
    Eigen::Matrix3d D = Eigen::Matrix3d::Identity();
    D(2, 2) = (V * U.transpose()).determinant() < 0 ? -1.0 : 1.0;
    Pose p;
    p.R = V * D * U.transpose();
    p.t = md - p.R * ms;
    return p;
}

// Trimmed mutual-nearest-neighbour ICP from one initial pose.
Pose refine(const IndexedCloud& ref, const IndexedCloud& cand, Pose pose, const IcpParameters& prm,
            int& iterations) {
    const std::size_t n = cand.size();
    std::vector<Eigen::Vector3d> moved(n);
    std::vector<std::size_t> nnSrc(n), nnTgt(ref.size());
    struct Pair {
        std::size_t i, j;
        double d;
    };
    std::vector<Pair> pairs;
    std::vector<Eigen::Vector3d> src, dst;
    double prevRmse = std::numeric_limits<double>::infinity();
    iterations = 0;
    for (int it = 0; it < prm.maxIterations; ++it) {
        for (std::size_t i = 0; i < n; ++i) {
            moved[i] = pose.apply(cand[i]);
            nnSrc[i] = ref.nearest(moved[i]);
        }
        for (std::size_t j = 0; j < ref.size(); ++j)
            nnTgt[j] = cand.nearest(pose.inverse(ref[j]));
        pairs.clear();
        for (std::size_t i = 0; i < n; ++i)
            if (nnTgt[nnSrc[i]] == i) pairs.push_back({i, nnSrc[i], (moved[i] - ref[nnSrc[i]]).norm()});
        if (pairs.size() < 3) {
            pairs.clear();
            for (std::size_t i = 0; i < n; ++i)
                pairs.push_back({i, nnSrc[i], (moved[i] - ref[nnSrc[i]]).norm()});
        }
        std::stable_sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) { return a.d < b.d; });
        const std::size_t keep =
            std::min(pairs.size(), std::max<std::size_t>(3, static_cast<std::size_t>(std::ceil(
                                                                prm.trimFraction * double(pairs.size())))));
        pairs.resize(keep);
        src.clear();
        dst.clear();
        for (const Pair& p : pairs) {
            src.push_back(moved[p.i]);
            dst.push_back(ref[p.j]);
        }
        const Pose inc = kabsch(src, dst);
        pose.R = (inc.R * pose.R).eval();
        pose.t = (inc.R * pose.t + inc.t).eval();
        double sumSq = 0;
        for (const Pair& p : pairs)
            sumSq += (pose.apply(cand[p.i]) - ref[p.j]).squaredNorm();
        const double rmse = std::sqrt(sumSq / double(pairs.size()));
        iterations = it + 1;
        if (std::fabs(prevRmse - rmse) < prm.convergence) break;
        prevRmse = rmse;
    }
    return pose;
}

double countRatio(int a, int b) {
    const int m = std::max(a, b);
    return m > 0 ? std::fabs(double(a - b)) / double(m) : 0.0;
}

std::string formatReason(const char* fmt, double a, double b = 0, double c = 0) {
    char buf[256];
    std::snprintf(buf, sizeof buf, fmt, a, b, c);
    return buf;
}

} // namespace

double icpRewardFromResidual(double maxResidual) {
    static const double k = -std::log(0.9) / 0.1;
    if (maxResidual < 1e-9) return 1.0;
    return std::exp(-k * maxResidual);
}

const std::vector<Eigen::Matrix3d>& properAxisPermutations() {
    static const std::vector<Eigen::Matrix3d> perms = [] {
        std::vector<Eigen::Matrix3d> out;
        std::array<int, 3> axis{0, 1, 2};
        do {
            for (int s = 0; s < 8; ++s) {
                Eigen::Matrix3d P = Eigen::Matrix3d::Zero();
                for (int r = 0; r < 3; ++r)
                    P(r, axis[r]) = (s >> (2 - r)) & 1 ? -1.0 : 1.0;
                if (P.determinant() > 0) out.push_back(P);
            }
        } while (std::next_permutation(axis.begin(), axis.end()));
        return out;
    }();
    return perms;
}

IcpResult faceCentreIcp(const IcpCloud& reference, const IcpCloud& candidate, const IcpParameters& prm) {
    IcpResult res;
    const int nr = static_cast<int>(reference.points.size()), nc = static_cast<int>(candidate.points.size());
    res.nFacesReference = nr;
    res.nFacesCandidate = nc;
    res.nVerticesReference = reference.nVertices;
    res.nVerticesCandidate = candidate.nVertices;
    for (const auto* cloud : {&reference, &candidate})
        for (const auto& p : cloud->points)
            if (!p.allFinite()) throw MeasurementError("face-centre ICP: non-finite face centroid");

    auto gateWith = [&](std::string reason) {
        res.gated = true;
        res.gate = "icp";
        res.score = 0;
        res.reason = std::move(reason);
        return res;
    };
    if (nc > prm.maxFaces)
        return gateWith(formatReason("candidate has %.0f faces (> %.0f); ICP gated", nc, prm.maxFaces));
    if (countRatio(nc, nr) > prm.maxCountRatio)
        return gateWith(
            formatReason("face count differs by %.1f%% (candidate=%.0f, reference=%.0f); ICP gated",
                         100.0 * countRatio(nc, nr), nc, nr));
    if (countRatio(candidate.nVertices, reference.nVertices) > prm.maxCountRatio)
        return gateWith(
            formatReason("vertex count differs by %.1f%% (candidate=%.0f, reference=%.0f); ICP gated",
                         100.0 * countRatio(candidate.nVertices, reference.nVertices), candidate.nVertices,
                         reference.nVertices));
    if (nr < 3 || nc < 3) {
        res.vacuous = true;
        res.score = 1.0;
        res.reason =
            formatReason("vacuous ICP match (fewer than 3 face centres: reference=%.0f, candidate=%.0f); "
                         "reward=1.000",
                         nr, nc);
        if (nr > 0 && nc > 0) {
            Eigen::Vector3d cr, cc;
            Eigen::Matrix3d ar, ac;
            principalFrame(reference, cr, ar);
            principalFrame(candidate, cc, ac);
            res.t = cr - cc;
        }
        return res;
    }

    const IndexedCloud ref(reference.points), cand(candidate.points);
    Eigen::Vector3d cRef, cCand;
    Eigen::Matrix3d aRef, aCand;
    principalFrame(reference, cRef, aRef);
    principalFrame(candidate, cCand, aCand);

    const auto& perms = properAxisPermutations();
    std::vector<Pose> poses(perms.size());
    std::vector<double> coarse(perms.size());
    for (std::size_t k = 0; k < perms.size(); ++k) {
        poses[k].R = aRef * perms[k] * aCand.transpose();
        poses[k].t = cRef - poses[k].R * cCand;
        coarse[k] = bidirectional(ref, cand, poses[k]).rmse;
    }
    std::vector<std::size_t> order(perms.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return coarse[a] < coarse[b]; });

    bool haveBest = false;
    Residuals best;
    const int nRefine = std::min<int>(prm.refinedPoses, static_cast<int>(order.size()));
    for (int c = 0; c < nRefine; ++c) {
        int iterations = 0;
        const Pose pose = refine(ref, cand, poses[order[c]], prm, iterations);
        const Residuals r = bidirectional(ref, cand, pose);
        res.candidatesRefined = c + 1;
        if (!haveBest || r.max < best.max || (r.max == best.max && r.rmse < best.rmse)) {
            haveBest = true;
            best = r;
            res.R = pose.R;
            res.t = pose.t;
            res.iterations = iterations;
            res.winningPermutation = static_cast<int>(order[c]);
        }
        if (best.max < prm.exactResidual) break;
    }
    res.rmse = best.rmse;
    res.maxResidual = best.max;
    res.candToRefMax = best.candToRef;
    res.refToCandMax = best.refToCand;
    res.score = best.max < prm.exactResidual ? 1.0 : icpRewardFromResidual(best.max);
    res.reason =
        formatReason("reward=%.3f rmse=%.3e max_residual=%.3e mm", res.score, res.rmse, res.maxResidual);
    return res;
}

FaceResiduals faceResiduals(const std::vector<Eigen::Vector3d>& reference,
                            const std::vector<Eigen::Vector3d>& candidate, const Eigen::Matrix3d& R,
                            const Eigen::Vector3d& t) {
    // Brute force: the clouds have one point per face, and this runs once per view, not per ICP iteration.
    std::vector<Eigen::Vector3d> moved;
    moved.reserve(candidate.size());
    for (const auto& p : candidate)
        moved.push_back(R * p + t);
    const auto nearest = [](const Eigen::Vector3d& p, const std::vector<Eigen::Vector3d>& cloud) {
        double best = std::numeric_limits<double>::infinity();
        for (const auto& q : cloud)
            best = std::min(best, (p - q).squaredNorm());
        return std::sqrt(best);
    };
    FaceResiduals out;
    out.reference.reserve(reference.size());
    out.candidate.reserve(candidate.size());
    for (const auto& p : reference)
        out.reference.push_back(nearest(p, moved));
    for (const auto& p : moved)
        out.candidate.push_back(nearest(p, reference));
    return out;
}

std::vector<int> facesAbove(const std::vector<double>& residuals, double tolerance) {
    std::vector<int> out;
    for (std::size_t i = 0; i < residuals.size(); ++i)
        if (residuals[i] > tolerance) out.push_back(static_cast<int>(i));
    return out;
}

} // namespace vernier
