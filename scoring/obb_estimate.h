#pragma once
// A cheap OBB estimate for the bbox gate (perf-notes.md): the same OCCT optimal OBB on a much coarser
// mesh, with the mesh's achieved deflection so the scorer can bound the error against the OBB at the
// spec's deflection (geometry_scorer.h obbMargin) and refine only when the gate is in doubt.
#include <array>

#include <TopoDS_Shape.hxx>

namespace vernier {

// Mesh parameters of the estimate: linear deflection = factor x the spec's V^(1/3)*1e-4, angular 0.5 rad.
constexpr double kObbEstimateLinearFactor = 100.0;
constexpr double kObbEstimateAngularDeflection = 0.5;

struct ObbEstimate {
    std::array<double, 3> dims{0, 0, 0}; // sorted ascending
    double deflection = 0;               // largest deflection the mesh actually reached (mm)
};

// Throws MeasurementError("Cannot compute OCCT OBB: ...") like obbDims().
ObbEstimate estimateObb(const TopoDS_Shape& shape, double volume);

} // namespace vernier
