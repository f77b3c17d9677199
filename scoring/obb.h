// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The v2 scorer's oriented bounding box (docs/scoring.md §3.1): mesh, then OCCT's optimal OBB.
#include <array>

#include <TopoDS_Shape.hxx>

namespace vernier {

// The spec's mesh deflection for a shape of volume V: V^(1/3) * 1e-4 (absolute), angular 0.1 rad.
double obbDeflection(double volume);

// Sorted OBB dimensions of `shape` meshed at `linearDeflection` (angular 0.1 rad, sequential mesher,
// then BRepBndLib::AddOBB with triangulation, optimal, no tolerance). Meshes a topological copy, so
// the caller's shape (possibly shared between threads) never carries a mesh whose deflection would
// leak into a later OBB. Throws MeasurementError("Cannot compute OCCT OBB: ...") on any failure.
std::array<double, 3> obbDims(const TopoDS_Shape& shape, double linearDeflection);

} // namespace vernier
