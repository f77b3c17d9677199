// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "viewers/deviation.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>

#include <BRepBuilderAPI_Copy.hxx>
#include <BRepClass3d_SolidClassifier.hxx>
#include <QtConcurrent/QtConcurrentRun>
#include <TopExp_Explorer.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Solid.hxx>
#include <nanoflann.hpp>

namespace vernier::viewers {

namespace {

using Vec = Eigen::Vector3d;

// Closest point on triangle abc to p (Ericson, Real-Time Collision Detection 5.1.5); interior is
// true when it lies strictly inside the triangle, where the triangle normal gives a reliable sign.
Vec closestOnTriangle(const Vec& p, const Vec& a, const Vec& b, const Vec& c, bool& interior) {
    interior = false;
    const Vec ab = b - a, ac = c - a, ap = p - a;
    const double d1 = ab.dot(ap), d2 = ac.dot(ap);
    if (d1 <= 0 && d2 <= 0) return a;
    const Vec bp = p - b;
    const double d3 = ab.dot(bp), d4 = ac.dot(bp);
    if (d3 >= 0 && d4 <= d3) return b;
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + ab * (d1 / (d1 - d3));
    const Vec cp = p - c;
    const double d5 = ab.dot(cp), d6 = ac.dot(cp);
    if (d6 >= 0 && d5 <= d6) return c;
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + ac * (d2 / (d2 - d6));
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    const double denom = va + vb + vc;
    if (!(std::abs(denom) > 0)) return a; // degenerate triangle
    interior = true;
    return a + ab * (vb / denom) + ac * (vc / denom);
}

// Reference triangles indexed for nearest-surface queries. The k-d tree holds the centroids of a
// finely split copy of the mesh, so every indexed piece is small and the search radius bound
// (best distance so far + largest piece radius) stays tight; distances are then measured to the
// original triangles, where the "interior" flag is meaningful.
class TriangleIndex {
public:
    TriangleIndex(const SurfaceMesh& mesh, double spacing)
        : mesh_(mesh), pieces_(refineMesh(mesh, spacing, 2000000)), stamp_(mesh.triangles.size(), 0) {
        const std::size_t n = pieces_.triangles.size();
        centroids_.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const auto& t = pieces_.triangles[i];
            const auto& P = pieces_.points;
            const Vec c = (P[t[0]] + P[t[1]] + P[t[2]]) / 3.0;
            centroids_[i] = c;
            pieceRadius_ =
                std::max({pieceRadius_, (P[t[0]] - c).norm(), (P[t[1]] - c).norm(), (P[t[2]] - c).norm()});
        }
        if (pieces_.triangleParent.size() != n) { // refineMesh returned the mesh unchanged
            pieces_.triangleParent.resize(n);
            for (std::size_t i = 0; i < n; ++i)
                pieces_.triangleParent[i] = static_cast<int>(i);
        }
        cloud_.owner = this;
        tree_ = std::make_unique<Tree>(3, cloud_, nanoflann::KDTreeSingleIndexAdaptorParams(10));
        tree_->buildIndex();
    }

    struct Hit {
        double distance = std::numeric_limits<double>::infinity();
        Vec closest = Vec::Zero();
        std::size_t triangle = 0;
        bool interior = false;
        int outsideVotes = 0; // triangles at the same (closest) distance whose normal says outside
        int insideVotes = 0;
    };

    // Not thread-safe (the visit stamps): one index per thread.
    Hit nearest(const Vec& p) const {
        Hit best;
        ++query_;
        auto test = [&](std::size_t piece) {
            const std::size_t ti = static_cast<std::size_t>(pieces_.triangleParent[piece]);
            if (stamp_[ti] == query_) return;
            stamp_[ti] = query_;
            const auto& t = mesh_.triangles[ti];
            bool interior = false;
            const Vec q =
                closestOnTriangle(p, mesh_.points[t[0]], mesh_.points[t[1]], mesh_.points[t[2]], interior);
            const double d = (p - q).norm();
            const double tieTol = 1e-12 * (1 + d);
            const Vec nrm =
                (mesh_.points[t[1]] - mesh_.points[t[0]]).cross(mesh_.points[t[2]] - mesh_.points[t[0]]);
            const double side = (p - q).dot(nrm.normalized());
            const int outside = side > tieTol ? 1 : 0, inside = side < -tieTol ? 1 : 0;
            if (d < best.distance - tieTol) {
                best = {d, q, ti, interior, outside, inside};
            } else if (d <= best.distance + tieTol) {
                best.outsideVotes += outside;
                best.insideVotes += inside;
                // Ties go to the lower triangle index so results never depend on search order.
                if (ti < best.triangle) {
                    best.triangle = ti;
                    best.closest = q;
                    best.interior = interior;
                }
            }
        };
        if (centroids_.empty()) return best;
        const double query[3] = {p.x(), p.y(), p.z()};
        std::size_t k = std::min<std::size_t>(4, centroids_.size());
        std::size_t idx[4];
        double dist[4];
        k = tree_->knnSearch(query, k, idx, dist);
        for (std::size_t i = 0; i < k; ++i)
            test(idx[i]);
        const double r = best.distance + pieceRadius_;
        std::vector<std::pair<std::size_t, double>> matches;
        tree_->radiusSearch(query, r * r * (1 + 1e-12), matches, nanoflann::SearchParams(32, 0, false));
        for (const auto& m : matches)
            test(m.first);
        return best;
    }

private:
    struct Cloud {
        const TriangleIndex* owner = nullptr;
        std::size_t kdtree_get_point_count() const { return owner->centroids_.size(); }
        double kdtree_get_pt(std::size_t i, std::size_t dim) const { return owner->centroids_[i][dim]; }
        template <class B> bool kdtree_get_bbox(B&) const { return false; }
    };
    using Tree = nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Simple_Adaptor<double, Cloud>, Cloud, 3,
                                                     std::size_t>;

    const SurfaceMesh& mesh_;
    SurfaceMesh pieces_;
    std::vector<Vec> centroids_;
    double pieceRadius_ = 0;
    mutable std::vector<std::uint64_t> stamp_;
    mutable std::uint64_t query_ = 0;
    Cloud cloud_;
    std::unique_ptr<Tree> tree_;
};

// Inside/outside against the reference B-rep's solids, for points whose nearest mesh feature is an
// edge or vertex (there a single triangle normal can give the wrong side).
class SolidSide {
public:
    explicit SolidSide(const TopoDS_Shape& shape) {
        for (TopExp_Explorer ex(shape, TopAbs_SOLID); ex.More(); ex.Next())
            classifiers_.push_back(
                std::make_unique<BRepClass3d_SolidClassifier>(TopoDS::Solid(ex.Current())));
    }
    bool available() const { return !classifiers_.empty(); }
    // +1 outside every solid, -1 inside one, 0 on a boundary.
    int side(const Vec& p, double tol) const {
        bool on = false;
        for (const auto& c : classifiers_) {
            c->Perform(gp_Pnt(p.x(), p.y(), p.z()), tol);
            const TopAbs_State s = c->State();
            if (s == TopAbs_IN) return -1;
            if (s == TopAbs_ON) on = true;
        }
        return on ? 0 : 1;
    }

private:
    std::vector<std::unique_ptr<BRepClass3d_SolidClassifier>> classifiers_;
};

} // namespace

DeviationField computeDeviation(const TopoDS_Shape& reference, const TopoDS_Shape& candidate,
                                const Eigen::Matrix3d& R, const Eigen::Vector3d& t,
                                const DeviationOptions& options) {
    DeviationField field;
    field.deflection = options.linearDeflection > 0 ? options.linearDeflection : defaultDeflection(reference);
    const SurfaceMesh refMesh = triangulateShape(reference, field.deflection);
    field.candidate = triangulateShape(candidate, field.deflection);
    Eigen::AlignedBox3d box;
    for (const auto& p : field.candidate.points)
        box.extend(p);
    for (const auto& p : refMesh.points)
        box.extend(p);
    const double spacing =
        options.sampleSpacing > 0 ? options.sampleSpacing : std::max(box.diagonal().norm() / 100.0, 1e-6);
    if (!field.candidate.empty()) field.candidate = refineMesh(field.candidate, spacing, options.maxSamples);
    field.candidate.transform(R, t);
    const std::size_t n = field.candidate.points.size();
    field.values.assign(n, 0.0);
    field.weights.assign(n, 0.0);
    for (const auto& tri : field.candidate.triangles) {
        const auto& P = field.candidate.points;
        const double area = 0.5 * (P[tri[1]] - P[tri[0]]).cross(P[tri[2]] - P[tri[0]]).norm();
        for (int k : tri)
            field.weights[k] += area / 3.0;
    }
    if (refMesh.empty() || n == 0) return field;

    const TriangleIndex index(refMesh, spacing);
    const SolidSide solid(reference);
    field.signFromSolid = solid.available();
    const double zeroTol = 1e-9;
    for (std::size_t i = 0; i < n; ++i) {
        const Vec& p = field.candidate.points[i];
        const auto hit = index.nearest(p);
        if (!(hit.distance > zeroTol)) continue; // on the reference surface (or no hit): exactly 0
        int sign = 0;
        const bool agreed = (hit.outsideVotes > 0) != (hit.insideVotes > 0);
        if (hit.interior || agreed || !solid.available()) {
            sign = hit.outsideVotes >= hit.insideVotes ? 1 : -1;
        } else {
            sign = solid.side(p, std::min(hit.distance * 0.5, field.deflection * 0.1));
            if (sign == 0) sign = 1;
        }
        field.values[i] = sign * hit.distance;
    }

    const DeviationSummary summary = summariseDeviation(field.values, field.weights);
    field.maxAbs = summary.maxAbs;
    field.maxPositive = summary.maxPositive;
    field.maxNegative = summary.maxNegative;
    field.rms = summary.rms;
    return field;
}

QFuture<DeviationField> computeDeviationAsync(const TopoDS_Shape& reference, const TopoDS_Shape& candidate,
                                              const Eigen::Matrix3d& R, const Eigen::Vector3d& t,
                                              const DeviationOptions& options) {
    // Deep copies: meshing writes triangulations into the shape, which the display may be reading.
    const TopoDS_Shape ref =
        reference.IsNull() ? reference : BRepBuilderAPI_Copy(reference, true, false).Shape();
    const TopoDS_Shape cand =
        candidate.IsNull() ? candidate : BRepBuilderAPI_Copy(candidate, true, false).Shape();
    return QtConcurrent::run(
        [ref, cand, R, t, options] { return computeDeviation(ref, cand, R, t, options); });
}

DeviationHistogram deviationHistogram(const DeviationField& field, double range, int bins) {
    return vernier::deviationHistogram(field.values, field.weights,
                                       range > 0 ? range : std::max(field.maxAbs, 1e-6), bins);
}

double automaticDeviationRange(const DeviationField& field) {
    return vernier::automaticDeviationRange(field.maxAbs);
}

} // namespace vernier::viewers
