"""FreeCAD baseline for bench_score: the per-pair work the original (FreeCAD-hosted) scorer must do.

Run with FreeCAD's interpreter from the repository root:

    freecadcmd bench/freecad_baseline.py                 # the embedded sample's pairs
    VERNIER_BASELINE_SET=fixtures freecadcmd bench/freecad_baseline.py
    VERNIER_BASELINE_MESH=1 freecadcmd bench/freecad_baseline.py   # also mesh at the OBB deflection
    VERNIER_BASELINE_OPENS=2 ...                                     # open each document twice, as the original
    VERNIER_BASELINE_FAITHFUL=1 freecadcmd bench/freecad_baseline.py # the original's whole per-pair path (below)

For every (reference, candidate) pair, in one warm process: open both documents, recompute them, pick
the scored PartDesign::Body, and compute volume, area, area by surface type, inertia matrix and the
per-face area centroids (and, with VERNIER_BASELINE_MESH=1, a mesh of both shapes at the OBB deflection
V^(1/3)*1e-4 with 0.1 rad through MeshPart.meshFromShape, the input of the original's OCCT OBB). Documents are opened once each (the
original opens each twice, scoring-spec.md §2), so this is a lower bound on the original's cost.
Prints wall and CPU seconds per pair as JSON on the last line.

VERNIER_BASELINE_FAITHFUL=1 walks the original's per-pair path (scoring-spec.md §2, §3.1, §8.3) as far as
FreeCAD 0.20's Python allows: the geometry comparator opens and recomputes both documents, measures
them and hands each shape to the OBB code as BREP text (exportBrepToString; read back, volume, Clean,
mesh at V^(1/3)*1e-4 / 0.1 rad); the ICP comparator opens both again for the face centres; the spec
scorer opens the candidate a third time and builds its measurement bank (volume, area, AABB, PCA over
the vertices, face statistics, cylinder radii/axes/centroids, plane origins, then the feature tree:
scalar properties, placements, sketch geometry and constraints). Not included, so still a
lower bound: OCCT's optimal OBB on the fine mesh (Bnd_OBB has no FreeCAD binding; bench_score's
BM_StageObbOnFineMesh measures it alone: add its figure), the conversion into OCP objects, and the
original's Python-side work (ICP in numpy, detectors, checks).
"""
import glob
import json
import os
import sys
import time

import FreeCAD as App

ROOT = os.environ.get("VERNIER_ROOT", os.getcwd())
WHICH = os.environ.get("VERNIER_BASELINE_SET", "sample")
MESH = os.environ.get("VERNIER_BASELINE_MESH", "0") == "1"
REPEAT = int(os.environ.get("VERNIER_BASELINE_REPEAT", "2"))
# The original opens each document twice (geometry comparator, then ICP comparator): set 2 to match.
OPENS = int(os.environ.get("VERNIER_BASELINE_OPENS", "1"))
FAITHFUL = os.environ.get("VERNIER_BASELINE_FAITHFUL", "0") == "1"

FIXTURE_PAIRS = [("box_additive", "box_additive"), ("box_additive", "box_sketch_pad"),
                 ("box_additive", "box_rotated"), ("box_additive", "box_2_91"),
                 ("box_additive", "box_scaled2"), ("plate_hole", "plate_hole_moved"),
                 ("plate_hole", "plate_hole_r1455"), ("plate_hole", "plate_no_hole"),
                 ("cylinder", "cylinder_rotated"), ("cone", "cone_scaled10"),
                 ("l_bracket_fillet", "l_bracket_fillet"), ("flange_polar", "flange_polar"),
                 ("box_additive", "baked_feature"), ("box_additive", "part_box")]


def fixture_pairs():
    d = os.path.join(ROOT, "tests/data/fcstd")
    return [(os.path.join(d, r + ".FCStd"), os.path.join(d, c + ".FCStd")) for r, c in FIXTURE_PAIRS]


def sample_pairs():
    """Same enumeration as bench_score.cpp samplePairs()."""
    root = os.path.join(ROOT, "resources/sample")
    out = []
    for a in sorted(glob.glob(os.path.join(root, "results/**/*.FCStd"), recursive=True)):
        parent = os.path.basename(os.path.dirname(a))
        task = parent
        if parent == "app":
            task = os.path.basename(os.path.dirname(os.path.dirname(os.path.dirname(a))))
        task = task.split("__")[0]
        stem = os.path.splitext(os.path.basename(a))[0]
        ref = {"answer_base": "reference_base.FCStd", "answer_edit": "reference_edit.FCStd"}.get(stem, "reference.FCStd")
        r = os.path.join(root, "pack", task, "tests", ref)
        if os.path.exists(r):
            out.append((r, a))
    return out


def measure(path, mesh=MESH):
    doc = App.openDocument(path, hidden=True) if "hidden" in App.openDocument.__doc__ else App.openDocument(path)
    try:
        doc.recompute()
        body = None
        for o in doc.Objects:
            if o.TypeId == "PartDesign::Body" and not o.Shape.isNull() and o.Shape.Volume > 0:
                body = o
                break
        if body is None:
            return None
        s = body.Shape.copy()
        feats = {"volume": s.Volume, "area": s.Area, "n_faces": len(s.Faces), "n_vertices": len(s.Vertexes)}
        by_type = {}
        centres = []
        for f in s.Faces:
            by_type[type(f.Surface).__name__] = by_type.get(type(f.Surface).__name__, 0.0) + f.Area
            c = f.CenterOfMass
            centres.append((c.x, c.y, c.z, f.Area))
        solid = s.Solids[0] if s.Solids else s
        feats["inertia"] = [list(r) for r in [solid.MatrixOfInertia.A[0:4]]]
        feats["by_type"] = by_type
        feats["centres"] = len(centres)
        if mesh:
            # BRepMesh_IncrementalMesh in C++, as OCP's OBB path does (no Python triangle lists).
            import MeshPart
            MeshPart.meshFromShape(Shape=s, LinearDeflection=s.Volume ** (1.0 / 3.0) * 1e-4,
                                   AngularDeflection=0.1, Relative=False)
        return feats
    finally:
        App.closeDocument(doc.Name)


def open_body(path):
    doc = App.openDocument(path, hidden=True) if "hidden" in App.openDocument.__doc__ else App.openDocument(path)
    doc.recompute()
    for o in doc.Objects:
        if o.TypeId == "PartDesign::Body" and not o.Shape.isNull() and o.Shape.Volume > 0:
            return doc, o
    return doc, None


def geometry_side(path):
    """GeometryScorerV2's open: features (§3) and the OBB path of §3.1 on the BREP text."""
    import MeshPart
    import Part
    doc, body = open_body(path)
    try:
        if body is None:
            return
        s = body.Shape.copy()
        _ = (s.Volume, s.Area, len(s.Faces), len(s.Vertexes), len(s.Solids))
        for f in s.Faces:
            _ = (type(f.Surface).__name__, f.Area)
        _ = (s.Solids[0] if s.Solids else s).MatrixOfInertia
        brep = s.exportBrepToString()
        t = Part.Shape()
        t.importBrepFromString(brep, False)
        v = t.Volume
        MeshPart.meshFromShape(Shape=t, LinearDeflection=v ** (1.0 / 3.0) * 1e-4, AngularDeflection=0.1,
                               Relative=False)
    finally:
        App.closeDocument(doc.Name)


def icp_side(path):
    """The ICP comparator's open: area-weighted face centres (§6)."""
    doc, body = open_body(path)
    try:
        if body is not None:
            _ = [(f.CenterOfMass, f.Area) for f in body.Shape.copy().Faces]
    finally:
        App.closeDocument(doc.Name)


FEATURE_PROPERTIES = ("Length", "Length2", "Radius", "Radius1", "Radius2", "Diameter", "Depth", "Size", "Height",
                      "Width", "Angle", "Angle1", "Angle2", "MajorRadius", "MinorRadius", "Occurrences")


def spec_side(path):
    """SpecConsistencyScorer's open of the candidate: its measurement bank (§8.3)."""
    import numpy
    doc, body = open_body(path)
    try:
        if body is None:
            return
        s = body.Shape
        _ = (s.Volume, s.Area, s.BoundBox, s.CenterOfMass if hasattr(s, "CenterOfMass") else None)
        pts = numpy.array([[v.X, v.Y, v.Z] for v in s.Vertexes])
        if len(pts) >= 3:
            c = pts - pts.mean(axis=0)
            _, vecs = numpy.linalg.eigh(c.T @ c)
            _ = (c @ vecs).ptp(axis=0)
        stats = {}
        for f in s.Faces:
            surf = f.Surface
            name = type(surf).__name__
            stats[name] = stats.get(name, 0) + 1
            if name == "Cylinder":
                _ = (surf.Radius, surf.Axis, f.Orientation, f.CenterOfMass, f.ParameterRange)
            elif name == "Plane":
                _ = (surf.Axis, surf.Position)
            elif name == "Cone":
                _ = (surf.Radius, surf.SemiAngle, surf.Axis, surf.Apex, f.ParameterRange)
        # The feature-tree layer (§8.3): scalar properties, placements, sketch geometry and constraints.
        for o in doc.Objects:
            if o.TypeId in ("App::Origin", "App::Line", "App::Plane"):
                continue
            for prop in FEATURE_PROPERTIES:
                if prop in o.PropertiesList:
                    _ = getattr(o, prop)
            if "Placement" in o.PropertiesList:
                _ = o.Placement.Base
            if o.TypeId == "Sketcher::SketchObject":
                for g in o.Geometry:
                    kind = type(g).__name__
                    if kind in ("Circle", "ArcOfCircle"):
                        _ = (g.Radius, g.Center)
                    elif kind == "LineSegment":
                        _ = (g.StartPoint, g.EndPoint, g.length())
                for c in o.Constraints:
                    _ = (c.Type, c.Value)
    finally:
        App.closeDocument(doc.Name)


def faithful_pair(r, c):
    geometry_side(r)
    geometry_side(c)
    icp_side(r)
    icp_side(c)
    if WHICH == "sample":  # the fixture pairs have no spec.json (bench_score scores no spec there either)
        spec_side(c)


def main():
    pairs = sample_pairs() if WHICH == "sample" else fixture_pairs()
    measure(pairs[0][0])  # warm up module loading
    if FAITHFUL:
        faithful_pair(*pairs[0])
    wall = cpu = 0.0
    n = 0
    for _ in range(REPEAT):
        for r, c in pairs:
            w0, c0 = time.perf_counter(), time.process_time()
            if FAITHFUL:
                faithful_pair(r, c)
            else:
                for k in range(OPENS):  # the OBB mesh belongs to the first (geometry) open only
                    measure(r, MESH and k == 0)
                    measure(c, MESH and k == 0)
            wall += time.perf_counter() - w0
            cpu += time.process_time() - c0
            n += 1
    print(json.dumps({"set": WHICH, "pairs": len(pairs), "repeat": REPEAT, "mesh_at_obb_deflection": MESH, "opens_per_document": OPENS, "faithful": FAITHFUL,
                      "wall_s_per_pair": wall / n, "cpu_s_per_pair": cpu / n,
                      "freecad": ".".join(App.Version()[0:3])}))


main()
