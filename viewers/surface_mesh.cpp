// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "viewers/surface_mesh.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include <BRepBndLib.hxx>
#include <BRepMesh_IncrementalMesh.hxx>
#include <BRep_Tool.hxx>
#include <Bnd_Box.hxx>
#include <Poly_Triangulation.hxx>
#include <TopExp.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Face.hxx>

namespace vernier::viewers {

void SurfaceMesh::transform(const Eigen::Matrix3d& R, const Eigen::Vector3d& t) {
    for (auto& p : points)
        p = R * p + t;
    for (auto& n : normals)
        n = R * n;
}

double defaultDeflection(const TopoDS_Shape& shape) {
    Bnd_Box box;
    BRepBndLib::Add(shape, box, false);
    if (box.IsVoid()) return 0.01;
    const double diag = std::sqrt(box.SquareExtent());
    return std::clamp(diag * 1e-3, 0.002, 0.5);
}

SurfaceMesh triangulateShape(const TopoDS_Shape& shape, double linearDeflection, double angularDeflection) {
    SurfaceMesh mesh;
    if (shape.IsNull()) return mesh;
    BRepMesh_IncrementalMesh mesher(shape, linearDeflection, false, angularDeflection, false);
    (void)mesher;

    TopTools_IndexedMapOfShape faces;
    TopExp::MapShapes(shape, TopAbs_FACE, faces);
    for (int fi = 1; fi <= faces.Extent(); ++fi) {
        const TopoDS_Face& face = TopoDS::Face(faces(fi));
        TopLoc_Location loc;
        const Handle(Poly_Triangulation) tri = BRep_Tool::Triangulation(face, loc);
        if (tri.IsNull() || tri->NbTriangles() == 0) continue;
        const gp_Trsf trsf = loc.Transformation();
        const int base = static_cast<int>(mesh.points.size());
        for (int i = 1; i <= tri->NbNodes(); ++i) {
            const gp_Pnt p = tri->Node(i).Transformed(trsf);
            mesh.points.emplace_back(p.X(), p.Y(), p.Z());
            mesh.normals.emplace_back(Eigen::Vector3d::Zero());
        }
        const bool reversed = face.Orientation() == TopAbs_REVERSED;
        for (int i = 1; i <= tri->NbTriangles(); ++i) {
            int a = 0, b = 0, c = 0;
            tri->Triangle(i).Get(a, b, c);
            if (reversed) std::swap(b, c);
            const std::array<int, 3> t{base + a - 1, base + b - 1, base + c - 1};
            // Area-weighted normal accumulation: the cross product's length is twice the area.
            const Eigen::Vector3d n =
                (mesh.points[t[1]] - mesh.points[t[0]]).cross(mesh.points[t[2]] - mesh.points[t[0]]);
            for (int k : t)
                mesh.normals[k] += n;
            mesh.triangles.push_back(t);
            mesh.triangleFace.push_back(fi);
        }
    }
    for (auto& n : mesh.normals) {
        const double len = n.norm();
        n = len > 0 ? Eigen::Vector3d(n / len) : Eigen::Vector3d(0, 0, 1);
    }
    return mesh;
}

} // namespace vernier::viewers

namespace vernier::viewers {

namespace {

// Longest-edge bisection of one triangle until every edge is at most maxEdge; midpoints are shared
// inside the triangle so its pieces form a proper mesh.
struct Bisector {
    SurfaceMesh& out;
    double maxEdge2;
    int face, parent;
    std::map<std::pair<int, int>, int> midpoints;
    std::size_t budget;

    int midpoint(int a, int b) {
        const auto key = std::minmax(a, b);
        if (auto it = midpoints.find(key); it != midpoints.end()) return it->second;
        const int m = static_cast<int>(out.points.size());
        out.points.push_back(0.5 * (out.points[a] + out.points[b]));
        Eigen::Vector3d n = out.normals[a] + out.normals[b];
        out.normals.push_back(n.norm() > 0 ? Eigen::Vector3d(n.normalized()) : out.normals[a]);
        midpoints.emplace(key, m);
        return m;
    }
    void split(int a, int b, int c, int depth) {
        const auto& P = out.points;
        const double ab = (P[a] - P[b]).squaredNorm(), bc = (P[b] - P[c]).squaredNorm(),
                     ca = (P[c] - P[a]).squaredNorm();
        const double longest = std::max({ab, bc, ca});
        if (longest <= maxEdge2 || depth > 40 || out.points.size() > budget) {
            out.triangles.push_back({a, b, c});
            out.triangleFace.push_back(face);
            out.triangleParent.push_back(parent);
            return;
        }
        // Rotate so that (a, b) is the longest edge, keeping the orientation.
        if (ab != longest) return bc == longest ? split(b, c, a, depth) : split(c, a, b, depth);
        const int m = midpoint(a, b);
        split(a, m, c, depth + 1);
        split(m, b, c, depth + 1);
    }
};

} // namespace

SurfaceMesh refineMesh(const SurfaceMesh& mesh, double maxEdge, std::size_t maxPoints) {
    if (!(maxEdge > 0) || mesh.empty()) return mesh;
    for (int attempt = 0; attempt < 20; ++attempt, maxEdge *= 1.5) {
        SurfaceMesh out;
        out.points = mesh.points;
        out.normals = mesh.normals;
        bool overflow = false;
        for (std::size_t ti = 0; ti < mesh.triangles.size() && !overflow; ++ti) {
            const auto& t = mesh.triangles[ti];
            Bisector b{out, maxEdge * maxEdge, mesh.triangleFace[ti], static_cast<int>(ti), {}, maxPoints};
            b.split(t[0], t[1], t[2], 0);
            overflow = out.points.size() > maxPoints;
        }
        if (!overflow) return out;
    }
    return mesh;
}

} // namespace vernier::viewers
