// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Signed distance from the aligned candidate surface to the reference surface, sampled at the
// candidate triangulation's vertices: what the deviation view colours and summarises.
#include <vector>

#include <Eigen/Core>
#include <QFuture>
#include <TopoDS_Shape.hxx>

#include "models/deviation_stats.h"
#include "viewers/surface_mesh.h"

namespace vernier::viewers {

struct DeviationOptions {
    double linearDeflection = 0; // mm; 0 = defaultDeflection(reference)
    double sampleSpacing = 0;    // longest candidate triangle edge after refining; 0 = diagonal / 100
    std::size_t maxSamples = 400000;
};

// Per-vertex signed distances (mm): positive where the candidate lies outside the reference solid
// (material in excess), negative inside (material missing).
struct DeviationField {
    SurfaceMesh candidate;       // candidate triangulation after R, t (reference frame)
    std::vector<double> values;  // one per candidate point
    std::vector<double> weights; // surface area represented by each point (a third of its triangles)
    double maxAbs = 0;
    double maxPositive = 0;     // largest value (>= 0)
    double maxNegative = 0;     // smallest value (<= 0)
    double rms = 0;             // area-weighted
    double deflection = 0;      // mesh deflection used: distances are exact only to about this
    bool signFromSolid = false; // false: the reference has no solid, signs come from face normals
};

using vernier::DeviationHistogram; // models/deviation_stats.h: the numbers, Qt- and OCCT-free

// Candidate points move by p -> R p + t (the scorer's ICP transform) before measuring. Pure
// computation: safe off the GUI thread as long as the shapes are not meshed concurrently elsewhere
// (computeDeviationAsync copies them first).
DeviationField computeDeviation(const TopoDS_Shape& reference, const TopoDS_Shape& candidate,
                                const Eigen::Matrix3d& R, const Eigen::Vector3d& t,
                                const DeviationOptions& options = {});

// Copies both shapes on the calling thread, then computes on Qt's global thread pool.
QFuture<DeviationField> computeDeviationAsync(const TopoDS_Shape& reference, const TopoDS_Shape& candidate,
                                              const Eigen::Matrix3d& R, const Eigen::Vector3d& t,
                                              const DeviationOptions& options = {});

// The field's values and weights through models/deviation_stats.h.
DeviationHistogram deviationHistogram(const DeviationField& field, double range, int bins);
double automaticDeviationRange(const DeviationField& field);

} // namespace vernier::viewers
