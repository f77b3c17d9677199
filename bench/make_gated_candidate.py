# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Builds bench/data/prism_5004.FCStd: a PartDesign Body whose Pad extrudes a regular 5004-gon sketch
# (radius 20 mm, height 5 mm), so its solid has 5004 side faces + 2 caps = 5006 faces. That is over the v2
# complexity gate (5000 faces, docs/scoring.md §5) — the kind of answer a bad agent writes, and the document
# bench_rescore uses to measure what a gated candidate costs.
#
#   freecadcmd bench/make_gated_candidate.py
#
# The lines are left unconstrained (the sketch solver need not run over 5004 coincidences); the Pad only needs
# a closed wire. Deterministic: pd_helpers.save pins Uid and dates.
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "fixtures"))
import FreeCAD as App  # noqa: E402
import Part  # noqa: E402

import pd_helpers as H  # noqa: E402

SIDES = 5004
OUT = os.path.join(HERE, "data", "prism_5004.FCStd")


def main():
    prefs = App.ParamGet("User parameter:BaseApp/Preferences/Document")
    prefs.SetBool("CreateBackupFiles", False)
    doc = H.new_doc("prism_5004")
    body = H.add_body(doc)
    sk = H.add_sketch(doc, body, "Sketch")
    pts = [(20 * math.cos(2 * math.pi * i / SIDES), 20 * math.sin(2 * math.pi * i / SIDES)) for i in range(SIDES)]
    geo = [Part.LineSegment(App.Vector(a[0], a[1], 0), App.Vector(b[0], b[1], 0))
           for a, b in zip(pts, pts[1:] + pts[:1])]
    sk.addGeometry(geo, False)
    H.pad(doc, body, "Pad", sk, 5)
    H.check_recompute(doc)
    faces = len(body.Shape.Faces)
    assert faces == SIDES + 2, faces
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    H.save(doc, OUT)
    print("WROTE", OUT, "faces", faces, "volume", body.Shape.Volume)


main()
