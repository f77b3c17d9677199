# answer.py - written by the agent; produces /app/answer.FCStd
import math

import FreeCAD as App
import Part
import Sketcher

V = App.Vector


def new_doc(name):
    for d in list(App.listDocuments().values()):
        if d.Name == name:
            App.closeDocument(d.Name)
    return App.newDocument(name)


def add_body(doc, name="Body"):
    return doc.addObject("PartDesign::Body", name)


def origin_feature(body, role):
    """role: X_Axis, Y_Axis, Z_Axis, XY_Plane, XZ_Plane, YZ_Plane."""
    for f in body.Origin.OriginFeatures:
        if f.Role == role:
            return f
    raise KeyError(role)


def add_sketch(doc, body, name, plane="XY_Plane", offset=None):
    sk = body.newObject("Sketcher::SketchObject", name)
    sk.Support = (origin_feature(body, plane), [""])
    sk.MapMode = "FlatFace"
    if offset is not None:
        sk.AttachmentOffset = offset
    return sk


def add_polygon(sk, pts):
    """Closed polygon of lines with coincident and horizontal/vertical constraints
    (what the Sketcher's polyline tool leaves behind)."""
    n = len(pts)
    first = sk.GeometryCount
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        sk.addGeometry(Part.LineSegment(V(a[0], a[1], 0), V(b[0], b[1], 0)), False)
    cons = []
    for i in range(n):
        cons.append(Sketcher.Constraint("Coincident", first + i, 2, first + (i + 1) % n, 1))
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        if abs(a[1] - b[1]) < 1e-12:
            cons.append(Sketcher.Constraint("Horizontal", first + i))
        elif abs(a[0] - b[0]) < 1e-12:
            cons.append(Sketcher.Constraint("Vertical", first + i))
    sk.addConstraint(cons)
    return first


def add_rectangle(sk, x0, y0, w, h, dims=True):
    first = add_polygon(sk, [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)])
    if dims:
        sk.addConstraint(Sketcher.Constraint("DistanceX", first, 1, first, 2, w))
        sk.addConstraint(Sketcher.Constraint("DistanceY", first + 1, 1, first + 1, 2, h))
    return first


def add_circle(sk, cx, cy, r, radius_constraint=True):
    gi = sk.addGeometry(Part.Circle(V(cx, cy, 0), V(0, 0, 1), r), False)
    if radius_constraint:
        sk.addConstraint(Sketcher.Constraint("Radius", gi, r))
    return gi


def pad(doc, body, name, sketch, length, midplane=False, reversed_=False):
    p = body.newObject("PartDesign::Pad", name)
    p.Profile = sketch
    p.Length = length
    p.Midplane = midplane
    p.Reversed = reversed_
    return p


def pocket_through(doc, body, name, sketch, midplane=False):
    p = body.newObject("PartDesign::Pocket", name)
    p.Profile = sketch
    p.Type = "ThroughAll"
    p.Midplane = midplane
    return p


def hole_through(doc, body, name, sketch, diameter):
    # The Hole reads its profile's shape while its properties are set, so the
    # sketch must already be computed (else "Linked shape object is empty").
    doc.recompute()
    h = body.newObject("PartDesign::Hole", name)
    h.Profile = sketch
    h.Diameter = diameter
    h.DepthType = "ThroughAll"
    h.Threaded = False
    h.DrillPoint = "Flat"
    return h


def _top(z):
    return App.Placement(V(0, 0, z), App.Rotation())


def clevis(name, p):
    doc = new_doc(name)
    body = add_body(doc)
    lt, g, bt, h = p["lug_t"], p["gap"], p["base_t"], p["height"]
    L = 2 * lt + g
    sk = add_sketch(doc, body, "Sketch", plane="XZ_Plane")
    add_polygon(sk, [(0, 0), (L, 0), (L, h), (L - lt, h), (L - lt, bt), (lt, bt), (lt, h), (0, h)])
    pad(doc, body, "Pad", sk, p["width"], midplane=True)
    sk2 = add_sketch(doc, body, "Sketch001", plane="YZ_Plane")
    add_circle(sk2, 0, p["pin_z"], p["pin_d"] / 2)
    pocket_through(doc, body, "PinHole", sk2, midplane=True)
    sk3 = add_sketch(doc, body, "Sketch002", offset=_top(bt))
    add_circle(sk3, L / 2, 0, p["base_hole_d"] / 2)
    pocket_through(doc, body, "BaseHole", sk3)
    return doc


PARAMS = {'base_hole_d': 8, 'base_t': 10, 'gap': 14, 'height': 40, 'lug_t': 10, 'pin_d': 10, 'pin_z': 30, 'width': 30}

doc = clevis('Answer', PARAMS)
doc.recompute()
doc.saveAs('/app/answer.FCStd')
print('saved /app/answer.FCStd')
