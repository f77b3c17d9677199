# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""FreeCAD baseline for bench_score: the per-pair work the original (FreeCAD-hosted) scorer must do.

Run with FreeCAD's interpreter from the repository root:

    freecadcmd bench/freecad_baseline.py                 # the embedded sample's pairs
    VERNIER_BASELINE_SET=fixtures freecadcmd bench/freecad_baseline.py
    VERNIER_BASELINE_MESH=1 freecadcmd bench/freecad_baseline.py   # also mesh at the OBB deflection
    VERNIER_BASELINE_OPENS=2 ...                                     # open each document twice, as the original
    VERNIER_BASELINE_FAITHFUL=1 freecadcmd bench/freecad_baseline.py # the original's whole per-pair path (below)
    VERNIER_BASELINE_PAIRS=pairs.json ...   # the pairs of a list [{"reference", "candidate", "spec"}, ...]
    VERNIER_BASELINE_WARMUP=0 ...           # no warm-up pair (bench_rescore_e2e.py times the whole process)

For every (reference, candidate) pair, in one warm process: open both documents, recompute them, pick
the scored PartDesign::Body, and compute volume, area, area by surface type, inertia matrix and the
per-face area centroids (and, with VERNIER_BASELINE_MESH=1, a mesh of both shapes at the OBB deflection
V^(1/3)*1e-4 with 0.1 rad through MeshPart.meshFromShape, the input of the original's OCCT OBB). Documents are opened once each (the
original opens each twice, docs/scoring.md §2), so this is a lower bound on the original's cost.
Prints wall and CPU seconds per pair as JSON on the last line.

VERNIER_BASELINE_FAITHFUL=1 walks the original's per-pair path (docs/scoring.md §2, §3.1, §8.3) as far as
FreeCAD 0.20's Python allows: the geometry comparator opens and recomputes both documents, measures
them and hands each shape to the OBB code as BREP text (exportBrepToString; read back, volume, Clean,
mesh at V^(1/3)*1e-4 / 0.1 rad); the ICP comparator opens both again for the face centres; the spec
scorer opens the candidate a third time and builds its measurement bank (volume, area, AABB, PCA over
the vertices, face statistics, cylinder radii/axes/centroids, plane origins, then the feature tree:
scalar properties, placements, sketch geometry and constraints). Not included, so still a
lower bound: OCCT's optimal OBB on the fine mesh (Bnd_OBB has no FreeCAD binding; bench_score's
BM_StageObbOnFineMesh measures it alone: add its figure), the conversion into OCP objects, and the
original's Python-side checks and detectors. VERNIER_BASELINE_ICP=1 adds the ICP comparator's Python
side (§6 in numpy, icp_numpy below; VERNIER_BASELINE_PRINT_ICP=1 prints each pair's q_ICP, which
bench/check_baseline_icp.sh compares with `vernier-cli score`).
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
# With FAITHFUL: also run the ICP comparator's Python side (icp_numpy below) on the face centres.
ICP = os.environ.get("VERNIER_BASELINE_ICP", "0") == "1"
# A JSON list of {"reference", "candidate", "spec"} (spec null or absent: none) instead of a built-in set
# (bench/bench_rescore_e2e.py writes the pairs `vernier-cli rescore` scores).
PAIRS_FILE = os.environ.get("VERNIER_BASELINE_PAIRS", "")
WARMUP = os.environ.get("VERNIER_BASELINE_WARMUP", "1") == "1"
SPEC_CANDIDATES = set()  # candidates whose pair has a spec (from PAIRS_FILE)

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
    """The ICP comparator's open: area-weighted face centres (§6) and the vertex count."""
    doc, body = open_body(path)
    try:
        if body is None:
            return None
        s = body.Shape.copy()
        pts = []
        for f in s.Faces:
            c = f.CenterOfMass
            pts.append((c.x, c.y, c.z, f.Area))
        _ = len(s.Vertexes)
        return pts
    finally:
        App.closeDocument(doc.Name)


def _pca_frame(p, w):
    """Area-weighted centroid and eigenvector frame (ascending eigenvalues, det +1), docs/scoring.md §6."""
    import numpy
    if w.sum() <= 0:
        w = numpy.ones(len(p))
    c = (p * w[:, None]).sum(axis=0) / w.sum()
    d = p - c
    cov = (d * w[:, None]).T @ d / w.sum()
    _, vecs = numpy.linalg.eigh(0.5 * (cov + cov.T))
    if numpy.linalg.det(vecs) < 0:
        vecs[:, 2] = -vecs[:, 2]
    return c, vecs


def _nn(a, b):
    """Nearest neighbour in b of every point of a: (distances, indices). Brute force: the clouds have one
    point per face (FreeCAD 0.20's Python has no scipy)."""
    import numpy
    d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2)
    j = d2.argmin(axis=1)
    return numpy.sqrt(d2[numpy.arange(len(a)), j]), j


def _bidirectional(src, tgt, R, t):
    import numpy
    moved = src @ R.T + t
    d1, _ = _nn(moved, tgt)
    d2, _ = _nn(tgt, moved)
    d = numpy.concatenate([d1, d2])
    return numpy.sqrt((d ** 2).mean()), d.max(), d1.max(), d2.max()


def _proper_permutations():
    import itertools
    import numpy
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1.0, -1.0), repeat=3):
            P = numpy.zeros((3, 3))
            for row, col in enumerate(perm):
                P[row, col] = signs[row]
            if numpy.linalg.det(P) > 0:
                out.append(P)
    return out


def icp_numpy(cand, ref):
    """The original's Python ICP (docs/scoring.md §6): 24 PCA poses ranked by bidirectional RMSE, the best 6
    refined by trimmed mutual-nearest-neighbour ICP (80%, Kabsch, <= 80 iterations), final full residuals."""
    import math
    import numpy
    if cand is None or ref is None or len(cand) < 3 or len(ref) < 3:
        return 1.0
    src, ws = numpy.array([p[:3] for p in cand]), numpy.array([p[3] for p in cand])
    tgt, wt = numpy.array([p[:3] for p in ref]), numpy.array([p[3] for p in ref])
    cs, As = _pca_frame(src, ws)
    ct, At = _pca_frame(tgt, wt)
    poses = []
    for k, P in enumerate(_proper_permutations()):
        R0 = At @ P @ As.T
        t0 = ct - R0 @ cs
        poses.append((_bidirectional(src, tgt, R0, t0)[0], k, R0, t0))
    poses.sort(key=lambda e: (e[0], e[1]))
    best = None
    for _, k, R, t in poses[:6]:
        prev = None
        for _ in range(80):
            moved = src @ R.T + t
            d_st, j = _nn(moved, tgt)
            _, i_back = _nn(tgt, moved)
            pairs = [(i, j[i], d_st[i]) for i in range(len(src)) if i_back[j[i]] == i]
            if len(pairs) < 3:
                pairs = [(i, j[i], d_st[i]) for i in range(len(src))]
            pairs.sort(key=lambda e: e[2])
            pairs = pairs[:max(3, math.ceil(0.8 * len(pairs)))]
            a = moved[[p[0] for p in pairs]]
            b = tgt[[p[1] for p in pairs]]
            mu_a, mu_b = a.mean(axis=0), b.mean(axis=0)
            H = (a - mu_a).T @ (b - mu_b)
            U, _, Vt = numpy.linalg.svd(H)
            D = numpy.diag([1.0, 1.0, numpy.sign(numpy.linalg.det(Vt.T @ U.T))])
            R_inc = Vt.T @ D @ U.T
            t_inc = mu_b - R_inc @ mu_a
            R, t = R_inc @ R, R_inc @ t + t_inc
            kept = numpy.linalg.norm(a @ R_inc.T + t_inc - b, axis=1)
            rmse = math.sqrt((kept ** 2).mean())
            if prev is not None and abs(prev - rmse) < 1e-7:
                break
            prev = rmse
        rmse, max_res, _, _ = _bidirectional(src, tgt, R, t)
        if best is None or (max_res, rmse) < best[:2]:
            best = (max_res, rmse)
        if max_res < 1e-9:
            break
    return 1.0 if best[0] < 1e-9 else math.exp(math.log(0.9) / 0.1 * best[0])


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
    ref_points = icp_side(r)
    cand_points = icp_side(c)
    if ICP:
        q = icp_numpy(cand_points, ref_points)
        if os.environ.get("VERNIER_BASELINE_PRINT_ICP") == "1":  # to compare with `vernier-cli score`
            print("ICP", os.path.relpath(r, ROOT), os.path.relpath(c, ROOT), repr(q))
    # The fixture pairs have no spec.json (bench_score scores no spec there either).
    if (WHICH == "sample" and not PAIRS_FILE) or c in SPEC_CANDIDATES:
        spec_side(c)


def file_pairs():
    with open(PAIRS_FILE) as f:
        listed = json.load(f)
    for p in listed:
        if p.get("spec"):
            SPEC_CANDIDATES.add(p["candidate"])
    return [(p["reference"], p["candidate"]) for p in listed]


def main():
    pairs = file_pairs() if PAIRS_FILE else sample_pairs() if WHICH == "sample" else fixture_pairs()
    if WARMUP:
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
    print(json.dumps({"set": PAIRS_FILE or WHICH, "pairs": len(pairs), "repeat": REPEAT, "mesh_at_obb_deflection": MESH, "opens_per_document": OPENS, "faithful": FAITHFUL, "icp_numpy": FAITHFUL and ICP,
                      "wall_s_per_pair": wall / n, "cpu_s_per_pair": cpu / n,
                      "freecad": ".".join(App.Version()[0:3])}))


main()
