// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Face-centre ICP (docs/scoring.md §6): one point per face (its area centroid, weighted by area),
// 24 PCA initial poses, coarse ranking by bidirectional RMSE, trimmed mutual-NN ICP on the best 6,
// and q = exp(-k * max residual). Deterministic: no random numbers, ties broken by lowest index.
#include <string>
#include <vector>

#include <Eigen/Core>

namespace vernier {

// One side of the comparison: face centroids (world mm), face areas, and the body's vertex count.
struct IcpCloud {
    std::vector<Eigen::Vector3d> points;
    std::vector<double> weights; // face areas; uniform weights are used if they sum to <= 0
    int nVertices = 0;
};

// Constants of the 0.6.0 definition.
struct IcpParameters {
    int maxFaces = 5000;        // candidate faces above this: gated
    double maxCountRatio = 0.5; // |n_c - n_r| / max(n_c, n_r) above this: gated
    int refinedPoses = 6;
    int maxIterations = 80;
    double convergence = 1e-7; // |delta RMSE| below this stops a refinement
    double trimFraction = 0.8;
    double exactResidual = 1e-9; // max residual below this: q = 1
};

// k = -ln(0.9) / 0.1 per mm: 0.1 mm -> 0.9, 1 mm -> 0.349.
double icpRewardFromResidual(double maxResidual);

// Result and details (§6 "Details returned"). R, t map the candidate onto the reference:
// x_ref ~ R * x_cand + t (the inspector overlays the candidate with them).
struct IcpResult {
    double score = 0;
    bool gated = false;
    std::string gate;   // "icp" when gated
    std::string reason; // without the "<ref> vs <cand>: " prefix (the caller adds names)
    bool vacuous = false;
    Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
    Eigen::Vector3d t = Eigen::Vector3d::Zero();
    double rmse = 0;
    double maxResidual = 0;
    double candToRefMax = 0;
    double refToCandMax = 0;
    int iterations = 0;          // ICP iterations of the winning refinement
    int winningPermutation = -1; // index into the 24 proper axis permutations
    int candidatesRefined = 0;
    int nFacesReference = 0, nFacesCandidate = 0;
    int nVerticesReference = 0, nVerticesCandidate = 0;
};

// The 24 signed permutation matrices with det +1, in the fixed order used for winningPermutation:
// axis permutations in lexicographic order, and within each, signs (+,+,+), (+,+,-), ... (-,-,-).
const std::vector<Eigen::Matrix3d>& properAxisPermutations();

// Source = candidate, target = reference.
IcpResult faceCentreIcp(const IcpCloud& reference, const IcpCloud& candidate,
                        const IcpParameters& params = {});

// The residuals behind max_residual, face by face: with the candidate moved by R, t, the distance from each
// face centre to the nearest face centre of the other part (d1 for candidate faces, d2 for reference faces,
// §6 "Final evaluation"). The inspector marks the faces whose residual exceeds a tolerance.
struct FaceResiduals {
    std::vector<double> reference; // per reference point: nearest moved candidate point
    std::vector<double> candidate; // per candidate point: nearest reference point
};
FaceResiduals faceResiduals(const std::vector<Eigen::Vector3d>& reference,
                            const std::vector<Eigen::Vector3d>& candidate, const Eigen::Matrix3d& R,
                            const Eigen::Vector3d& t);

// 0.1 mm: where q_ICP would be 0.9 (the reward's own scale); faces farther than this "have no counterpart".
constexpr double kUnmatchedFaceToleranceMm = 0.1;

// Indices of the entries of `residuals` above `tolerance`.
std::vector<int> facesAbove(const std::vector<double>& residuals,
                            double tolerance = kUnmatchedFaceToleranceMm);

} // namespace vernier
