# FreeCAD builders for the sample tasks' parts (references and agent answers).
# Runs inside freecadcmd. One function per part; each takes the parameter dict of
# plan.TASKS (possibly with a candidate's overrides) and returns a recomputed document.
import math

import FreeCAD as App
import Part

import pd_helpers as H

V = App.Vector


def _top(z):
    return App.Placement(V(0, 0, z), App.Rotation())


def mounting_plate(name, p):
    doc = H.new_doc(name)
    body = H.add_body(doc)
    sk = H.add_sketch(doc, body, "Sketch")
    H.add_rectangle(sk, 0, 0, p["length"], p["width"])
    H.pad(doc, body, "Pad", sk, p["thickness"])
    if p.get("holes", True):
        sk2 = H.add_sketch(doc, body, "Sketch001", offset=_top(p["thickness"]))
        m, r = p["margin"], p["hole_d"] / 2
        for x in (m, p["length"] - m):
            for y in (m, p["width"] - m):
                H.add_circle(sk2, x, y, r)
        H.pocket_through(doc, body, "Pocket", sk2)
    return doc


def flanged_bushing(name, p):
    doc = H.new_doc(name)
    body = H.add_body(doc)
    sk = H.add_sketch(doc, body, "Sketch", plane="XZ_Plane")
    rb, ro, rf = p["bore_d"] / 2, p["od"] / 2, p["flange_d"] / 2
    H.add_polygon(sk, [(rb, 0), (rf, 0), (rf, p["flange_t"]), (ro, p["flange_t"]), (ro, p["length"]), (rb, p["length"])])
    rev = body.newObject("PartDesign::Revolution", "Revolution")
    rev.Profile = sk
    rev.ReferenceAxis = (sk, ["V_Axis"])
    rev.Angle = 360
    return doc


def flanged_bushing_part_wb(name, p):
    """The same bushing made from Part-workbench primitives at the document root (no Body)."""
    doc = H.new_doc(name)
    fl = doc.addObject("Part::Cylinder", "Flange")
    fl.Radius, fl.Height = p["flange_d"] / 2, p["flange_t"]
    sh = doc.addObject("Part::Cylinder", "Shank")
    sh.Radius, sh.Height = p["od"] / 2, p["length"]
    fu = doc.addObject("Part::Fuse", "Fusion")
    fu.Base, fu.Tool = fl, sh
    bo = doc.addObject("Part::Cylinder", "Bore")
    bo.Radius, bo.Height = p["bore_d"] / 2, p["length"]
    cut = doc.addObject("Part::Cut", "Bushing")
    cut.Base, cut.Tool = fu, bo
    return doc


def stepped_shaft(name, p):
    doc = H.new_doc(name)
    body = H.add_body(doc)
    sk = H.add_sketch(doc, body, "Sketch", plane="XZ_Plane")
    r1, r2, r3 = p["d1"] / 2, p["d2"] / 2, p["d3"] / 2
    z1, z2, z3 = p["l1"], p["l1"] + p["l2"], p["l1"] + p["l2"] + p["l3"]
    H.add_polygon(sk, [(0, 0), (r1, 0), (r1, z1), (r2, z1), (r2, z2), (r3, z2), (r3, z3), (0, z3)])
    rev = body.newObject("PartDesign::Revolution", "Revolution")
    rev.Profile = sk
    rev.ReferenceAxis = (sk, ["V_Axis"])
    rev.Angle = 360
    if p.get("keyway", True):
        # YZ_Plane: sketch u -> world Y, v -> world Z, normal +X; offset to the tangent plane x = r2.
        sk2 = H.add_sketch(doc, body, "Sketch001", plane="YZ_Plane", offset=_top(r2))
        zc = p["l1"] + p["l2"] / 2
        H.add_rectangle(sk2, -p["key_w"] / 2, zc - p["key_l"] / 2, p["key_w"], p["key_l"])
        pk = body.newObject("PartDesign::Pocket", "Keyway")
        pk.Profile = sk2
        pk.Type = "Length"
        pk.Length = p["key_depth"]
    return doc


def spacer_ring(name, p):
    doc = H.new_doc(name)
    body = H.add_body(doc)
    sk = H.add_sketch(doc, body, "Sketch")
    H.add_circle(sk, 0, 0, p["od"] / 2)
    H.add_circle(sk, 0, 0, p["id"] / 2)
    H.pad(doc, body, "Pad", sk, p["t"])
    if p.get("holes", True):
        sk2 = H.add_sketch(doc, body, "Sketch001", offset=_top(p["t"]))
        for k in range(p["n"]):
            a = math.radians(90 + 360.0 * k / p["n"])
            H.add_circle(sk2, p["pcd"] / 2 * math.cos(a), p["pcd"] / 2 * math.sin(a), p["hole_d"] / 2)
        H.pocket_through(doc, body, "Pocket", sk2)
    return doc


def l_bracket(name, p):
    doc = H.new_doc(name)
    body = H.add_body(doc)
    t = p["t"]
    sk = H.add_sketch(doc, body, "Sketch", plane="XZ_Plane")
    H.add_polygon(sk, [(0, 0), (p["base_len"], 0), (p["base_len"], t), (t, t), (t, p["up_h"]), (0, p["up_h"])])
    pad = H.pad(doc, body, "Pad", sk, p["w"], midplane=True)
    if p.get("fillet"):
        doc.recompute()
        edge = H.find_edge(pad.Shape, lambda e: len(e.Vertexes) == 2 and all(
            abs(v.X - t) < 1e-6 and abs(v.Z - t) < 1e-6 for v in e.Vertexes))
        f = body.newObject("PartDesign::Fillet", "Fillet")
        f.Base = (pad, [edge])
        f.Radius = p["fillet"]
    if p.get("holes", True):
        sk2 = H.add_sketch(doc, body, "Sketch001", offset=_top(t))
        for y in (-p["hole_dy"], p["hole_dy"]):
            H.add_circle(sk2, p["hole_x"], y, p["hole_d"] / 2)
        H.hole_through(doc, body, "Hole", sk2, p["hole_d"])
    return doc


def cover_plate(name, p):
    doc = H.new_doc(name)
    body = H.add_body(doc)
    L, W, t = p["length"], p["w"], p["t"]
    sk = H.add_sketch(doc, body, "Sketch")
    H.add_rectangle(sk, 0, 0, L, W)
    H.pad(doc, body, "Pad", sk, t)
    sk2 = H.add_sketch(doc, body, "Sketch001", offset=_top(t))
    for x in (p["margin"], L - p["margin"]):
        H.add_circle(sk2, x, W / 2, p["hole_d"] / 2)
    H.pocket_through(doc, body, "Pocket", sk2)
    if p.get("vent_grid"):
        sk3 = H.add_sketch(doc, body, "Sketch002", offset=_top(t))
        for i in range(8):
            for j in range(4):
                H.add_circle(sk3, L / 2 + (i - 3.5) * 9, W / 2 + (j - 1.5) * 9, 2.5)
        H.pocket_through(doc, body, "Pocket001", sk3)
    elif p.get("window"):
        wx, wy = p["window"]
        sk3 = H.add_sketch(doc, body, "Sketch002", offset=_top(t))
        H.add_rectangle(sk3, (L - wx) / 2, (W - wy) / 2, wx, wy)
        H.pocket_through(doc, body, "Pocket001", sk3)
    return doc


def clevis(name, p):
    doc = H.new_doc(name)
    body = H.add_body(doc)
    lt, g, bt, h = p["lug_t"], p["gap"], p["base_t"], p["height"]
    L = 2 * lt + g
    sk = H.add_sketch(doc, body, "Sketch", plane="XZ_Plane")
    H.add_polygon(sk, [(0, 0), (L, 0), (L, h), (L - lt, h), (L - lt, bt), (lt, bt), (lt, h), (0, h)])
    H.pad(doc, body, "Pad", sk, p["width"], midplane=True)
    sk2 = H.add_sketch(doc, body, "Sketch001", plane="YZ_Plane")
    H.add_circle(sk2, 0, p["pin_z"], p["pin_d"] / 2)
    H.pocket_through(doc, body, "PinHole", sk2, midplane=True)
    sk3 = H.add_sketch(doc, body, "Sketch002", offset=_top(bt))
    H.add_circle(sk3, L / 2, 0, p["base_hole_d"] / 2)
    H.pocket_through(doc, body, "BaseHole", sk3)
    return doc


def bolt_flange(name, p):
    doc = H.new_doc(name)
    body = H.add_body(doc)
    ft = p["flange_t"]
    sk = H.add_sketch(doc, body, "Sketch")
    H.add_circle(sk, 0, 0, p["flange_d"] / 2)
    H.add_circle(sk, 0, 0, p["bore_d"] / 2)
    H.pad(doc, body, "Pad", sk, ft)
    sk2 = H.add_sketch(doc, body, "Sketch001", offset=_top(ft))
    H.add_circle(sk2, 0, 0, p["hub_d"] / 2)
    H.add_circle(sk2, 0, 0, p["bore_d"] / 2)
    H.pad(doc, body, "Hub", sk2, p["hub_h"])
    sk3 = H.add_sketch(doc, body, "Sketch002", offset=_top(ft))
    for k in range(p["n"]):
        a = math.radians(360.0 * k / p["n"])
        H.add_circle(sk3, p["pcd"] / 2 * math.cos(a), p["pcd"] / 2 * math.sin(a), p["bolt_d"] / 2)
    H.pocket_through(doc, body, "BoltHoles", sk3)
    return doc


def bearing_block(name, p):
    doc = H.new_doc(name)
    body = H.add_body(doc)
    L, W, Ht = p["length"], p["width"], p["height"]
    sk = H.add_sketch(doc, body, "Sketch", plane="XZ_Plane")
    H.add_rectangle(sk, 0, 0, L, Ht)
    H.pad(doc, body, "Pad", sk, W, midplane=True)
    sk2 = H.add_sketch(doc, body, "Sketch001", plane="XZ_Plane")
    H.add_circle(sk2, L / 2, p["bore_z"], p["bore_d"] / 2)
    H.pocket_through(doc, body, "Bore", sk2, midplane=True)
    if p.get("holes", True):
        sk3 = H.add_sketch(doc, body, "Sketch002", offset=_top(Ht))
        for x in (p["mh_x"], L - p["mh_x"]):
            H.add_circle(sk3, x, 0, p["mh_d"] / 2)
        H.pocket_through(doc, body, "MountingHoles", sk3)
    return doc


BUILDERS = {
    "mounting-plate": mounting_plate,
    "flanged-bushing": flanged_bushing,
    "stepped-shaft": stepped_shaft,
    "spacer-ring": spacer_ring,
    "l-bracket": l_bracket,
    "cover-plate": cover_plate,
    "clevis": clevis,
    "bolt-flange": bolt_flange,
    "bearing-block": bearing_block,
}

COUNT_KEYS = {"n"}


def scaled(p, factor):
    out = {}
    for k, v in p.items():
        if k in COUNT_KEYS or isinstance(v, bool) or v is None:
            out[k] = v
        elif isinstance(v, (int, float)):
            out[k] = v * factor
        elif isinstance(v, tuple):
            out[k] = tuple(x * factor for x in v)
        else:
            out[k] = v
    return out


def baked(name, shape):
    """A Body whose only solid feature is a generic PartDesign::Feature holding `shape`."""
    doc = H.new_doc(name)
    body = H.add_body(doc)
    f = body.newObject("PartDesign::Feature", "Feature")
    f.Shape = shape
    return doc


def build(slug, name, p, mode="pd", factor=1.0):
    """Build one part document for plan variant `mode` and return it recomputed."""
    if mode == "scale":
        p = scaled(p, factor)
    if mode == "part_wb":
        if slug != "flanged-bushing":
            raise ValueError("part_wb only for the bushing")
        doc = flanged_bushing_part_wb(name, p)
    elif mode == "baked":
        src = BUILDERS[slug](name + "_src", p)
        H.check_recompute(src)
        shape = src.getObject("Body").Shape.copy()
        App.closeDocument(src.Name)
        doc = baked(name, shape)
    else:
        if mode == "vent_grid":
            p = dict(p, vent_grid=True, window=None)
        doc = BUILDERS[slug](name, p)
    H.check_recompute(doc)
    return doc, p
