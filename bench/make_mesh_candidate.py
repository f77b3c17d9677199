# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Builds bench/data/mesh_sphere.FCStd: the other usual shape of a bad agent's answer — a triangle mesh turned
# into a solid. A sphere of radius 20 mm meshed into 5,100 triangles (Mesh.createSphere), made a shape face by
# face (Part.Shape.makeShapeFromMesh: one planar face bounded by three line edges per triangle), closed into a
# solid and held by a Part::Feature that is the BaseFeature of a PartDesign Body. So the Body's stored shape
# is polyhedral with over 5,000 faces, and the feature-tree gate fires before the complexity gate (baked
# geometry, docs/scoring.md §7). The census of its text (scoring/brep_census.h) is tested against OCCT's parse
# on it (tests/scoring/test_brep_census.cpp).
#
#   freecadcmd bench/make_mesh_candidate.py
#
# Deterministic: pd_helpers.save pins Uid and dates; the mesh is a function of its radius and sampling.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "fixtures"))
import FreeCAD as App  # noqa: E402
import Mesh  # noqa: E402
import Part  # noqa: E402

import pd_helpers as H  # noqa: E402

OUT = os.path.join(HERE, "data", "mesh_sphere.FCStd")


def main():
    prefs = App.ParamGet("User parameter:BaseApp/Preferences/Document")
    prefs.SetBool("CreateBackupFiles", False)
    mesh = Mesh.createSphere(20, 51)  # 2 * 51 * 50 = 5,100 triangles
    shape = Part.Shape()
    shape.makeShapeFromMesh(mesh.Topology, 0.01)
    solid = Part.Solid(Part.Shell(shape.Faces))
    assert solid.isValid() and solid.Volume > 0, (solid.isValid(), solid.Volume)
    doc = H.new_doc("mesh_sphere")
    base = doc.addObject("Part::Feature", "MeshSolid")
    base.Shape = solid
    body = H.add_body(doc)
    body.BaseFeature = base
    H.check_recompute(doc)
    faces = len(body.Shape.Faces)
    assert faces > 5000, faces
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    H.save(doc, OUT)
    print("WROTE", OUT, "faces", faces, "volume", body.Shape.Volume)


main()
