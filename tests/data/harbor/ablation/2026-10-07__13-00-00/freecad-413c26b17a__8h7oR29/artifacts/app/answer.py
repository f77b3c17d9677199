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


def bolt_flange(name, p):
    doc = new_doc(name)
    body = add_body(doc)
    ft = p["flange_t"]
    sk = add_sketch(doc, body, "Sketch")
    add_circle(sk, 0, 0, p["flange_d"] / 2)
    add_circle(sk, 0, 0, p["bore_d"] / 2)
    pad(doc, body, "Pad", sk, ft)
    sk2 = add_sketch(doc, body, "Sketch001", offset=_top(ft))
    add_circle(sk2, 0, 0, p["hub_d"] / 2)
    add_circle(sk2, 0, 0, p["bore_d"] / 2)
    pad(doc, body, "Hub", sk2, p["hub_h"])
    sk3 = add_sketch(doc, body, "Sketch002", offset=_top(ft))
    for k in range(p["n"]):
        a = math.radians(360.0 * k / p["n"])
        add_circle(sk3, p["pcd"] / 2 * math.cos(a), p["pcd"] / 2 * math.sin(a), p["bolt_d"] / 2)
    pocket_through(doc, body, "BoltHoles", sk3)
    return doc


PARAMS = {'bolt_d': 4.5, 'bore_d': 20.0, 'flange_d': 45.0, 'flange_t': 6.0, 'hub_d': 28.0, 'hub_h': 4.0, 'n': 6, 'pcd': 35.0}

doc = bolt_flange('Answer', PARAMS)
doc.recompute()
doc.saveAs('/app/answer.FCStd')
print('saved /app/answer.FCStd')
