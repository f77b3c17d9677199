// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Principal moments via Eigen's self-adjoint solver (deterministic, sorted ascending).
#include "scoring/principal_moments.h"

#include <algorithm>
#include <cmath>

#include <BRepGProp.hxx>
#include <Eigen/Eigenvalues>
#include <Standard_Failure.hxx>

#include "scoring/errors.h"

namespace vernier {

std::array<double, 3> normalizedPrincipalMoments(const GProp_GProps& props) {
    const double volume = props.Mass();
    if (!(volume > 0) || !std::isfinite(volume))
        throw MeasurementError("principal moments need a positive-volume solid");
    const gp_Mat m = props.MatrixOfInertia();
    Eigen::Matrix3d t;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            t(i, j) = m.Value(i + 1, j + 1);
    const Eigen::Matrix3d sym = 0.5 * (t + t.transpose());
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(sym, Eigen::EigenvaluesOnly);
    if (solver.info() != Eigen::Success) throw MeasurementError("principal moments: eigen solver failed");
    const double norm = std::pow(volume, 5.0 / 3.0);
    std::array<double, 3> out{};
    for (int i = 0; i < 3; ++i)
        out[i] = std::max(0.0, solver.eigenvalues()(i)) / norm;
    std::sort(out.begin(), out.end());
    for (double v : out)
        if (!std::isfinite(v)) throw MeasurementError("principal moments are not finite");
    return out;
}

std::array<double, 3> normalizedPrincipalMoments(const TopoDS_Shape& shape) {
    if (shape.IsNull()) throw MeasurementError("principal moments: no solid");
    GProp_GProps props;
    try {
        BRepGProp::VolumeProperties(shape, props);
    } catch (const Standard_Failure& e) {
        throw MeasurementError(std::string("principal moments: ") +
                               (e.GetMessageString() ? e.GetMessageString() : "OCCT failure"));
    }
    return normalizedPrincipalMoments(props);
}

} // namespace vernier
