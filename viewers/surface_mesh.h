// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A B-rep's triangulation as plain arrays (world coordinates, outward triangle orientation), the
// common input of deviation sampling and deviation display.
#include <array>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <TopoDS_Shape.hxx>

namespace vernier::viewers {

struct SurfaceMesh {
    std::vector<Eigen::Vector3d> points;
    std::vector<Eigen::Vector3d> normals;      // per point, averaged over its face's triangles
    std::vector<std::array<int, 3>> triangles; // counter-clockwise seen from outside
    std::vector<int> triangleFace;             // 1-based index into TopExp::MapShapes(shape, FACE)
    std::vector<int> triangleParent;           // refineMesh(): the unrefined triangle it came from

    bool empty() const { return triangles.empty(); }
    void transform(const Eigen::Matrix3d& R, const Eigen::Vector3d& t); // p -> R p + t
};

// A linear deflection suited to display and sampling: 0.1 % of the bounding-box diagonal,
// clamped to [0.002, 0.5] mm.
double defaultDeflection(const TopoDS_Shape& shape);

// Meshes the shape in place (BRepMesh_IncrementalMesh; pass a copy when the shape is shared
// with another thread) and collects every face's triangles. Faces OCCT cannot mesh are skipped.
SurfaceMesh triangulateShape(const TopoDS_Shape& shape, double linearDeflection,
                             double angularDeflection = 0.35);

// Splits every triangle uniformly until no edge exceeds maxEdge (coarsened as needed to stay under
// maxPoints): CAD meshes put vertices only at face corners of planar faces, so deviations inside
// a face would otherwise be neither sampled nor coloured.
SurfaceMesh refineMesh(const SurfaceMesh& mesh, double maxEdge, std::size_t maxPoints = 400000);

} // namespace vernier::viewers
