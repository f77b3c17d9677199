#pragma once
// Face-centre ICP (scoring-spec.md §6): one point per face (its area centroid, weighted by area),
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

} // namespace vernier
