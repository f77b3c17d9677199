// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Normalized principal moments of inertia (docs/scoring.md §3.2): rotation- and scale-invariant.
#include <array>

#include <GProp_GProps.hxx>
#include <TopoDS_Shape.hxx>

namespace vernier {

// From volume properties already computed at unit density: eigenvalues of the symmetrized inertia
// matrix about the centre of mass, clipped at 0, divided by V^(5/3), ascending.
// Throws MeasurementError when V <= 0 or the result is not finite.
std::array<double, 3> normalizedPrincipalMoments(const GProp_GProps& volumeProps);

// Convenience: computes the volume properties of `shape` first.
std::array<double, 3> normalizedPrincipalMoments(const TopoDS_Shape& shape);

} // namespace vernier
