# Engineering drawings for the image_to_cad sample tasks: three orthographic views
# (third-angle: top above front, right side to the right) projected by FreeCAD's
# TechDraw.projectToSVG, plus dimensions, notes and a title block. Written twice from
# one primitive list: drawing.svg, and an ImageMagick MVG script rendered to drawing.png
# (Debian's ImageMagick has no SVG reader without librsvg2-bin; MVG needs no delegate).
import re
import subprocess

import FreeCAD as App
import TechDraw

PAPER = (420.0, 297.0)  # A3 landscape, mm
PX_PER_MM = 4.0
FONT_SVG = "DejaVu Sans"
FONT_MVG = "DejaVu-Sans"

# view name -> (matrix rows mapping world (x,y,z) to view (u, v, depth)), TechDraw looks down -depth
VIEWS = {
    "top": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "front": ((1, 0, 0), (0, 0, 1), (0, -1, 0)),
    "right": ((0, 1, 0), (0, 0, 1), (1, 0, 0)),
}


def _view_shape(shape, rows):
    m = App.Matrix(rows[0][0], rows[0][1], rows[0][2], 0, rows[1][0], rows[1][1], rows[1][2], 0,
                   rows[2][0], rows[2][1], rows[2][2], 0, 0, 0, 0, 1)
    s = shape.copy()
    s.transformShape(m)
    return s


_GROUP_RE = re.compile(r"<g([^>]*)>(.*?)</g>", re.S)
_PATH_RE = re.compile(r'd="([^"]+)"')
_CIRCLE_RE = re.compile(r'<circle\s+cx\s*="([^"]+)"\s+cy\s*="([^"]+)"\s+r\s*="([^"]+)"')


def project(shape, view):
    """(bbox (u0, v0, u1, v1), [(hidden, kind, data)]) of one view, in model mm."""
    s = _view_shape(shape, VIEWS[view])
    bb = s.BoundBox
    svg = TechDraw.projectToSVG(s, App.Vector(0, 0, 1), "ShowHiddenLines")
    items = []
    for attrs, body in _GROUP_RE.findall(svg):
        hidden = "dasharray" in attrs
        for d in _PATH_RE.findall(body):
            items.append((hidden, "path", d.strip()))
        for cx, cy, r in _CIRCLE_RE.findall(body):
            items.append((hidden, "circle", (float(cx), float(cy), float(r))))
    # Visible edges last so they are drawn over coincident hidden ones.
    items.sort(key=lambda it: not it[0])
    return (bb.XMin, bb.YMin, bb.XMax, bb.YMax), items


class Sheet:
    """Collects primitives in paper millimetres (y down) and writes SVG and MVG."""

    def __init__(self):
        self.svg = []
        self.mvg = []

    # -- raw primitives
    def line(self, x1, y1, x2, y2, w=0.25, dash=None):
        da = ' stroke-dasharray="%s"' % " ".join("%g" % d for d in dash) if dash else ""
        self.svg.append('<line x1="%.3f" y1="%.3f" x2="%.3f" y2="%.3f" stroke="black" stroke-width="%g"%s/>'
                        % (x1, y1, x2, y2, w, da))
        k = PX_PER_MM
        self.mvg += ["push graphic-context", "fill none", "stroke black", "stroke-width %g" % (w * k)]
        if dash:
            self.mvg.append("stroke-dasharray %s" % " ".join("%g" % (d * k) for d in dash))
        self.mvg += ["line %.2f,%.2f %.2f,%.2f" % (x1 * k, y1 * k, x2 * k, y2 * k), "pop graphic-context"]

    def rect(self, x, y, w, h, sw=0.35):
        for a, b, c, d in ((x, y, x + w, y), (x + w, y, x + w, y + h), (x + w, y + h, x, y + h), (x, y + h, x, y)):
            self.line(a, b, c, d, sw)

    def arrow(self, x, y, dx, dy, size=2.5):
        """Filled arrowhead with its tip at (x, y) pointing along (dx, dy)."""
        n = (dx * dx + dy * dy) ** 0.5
        ux, uy = dx / n, dy / n
        bx, by = x - ux * size, y - uy * size
        px, py = -uy * size * 0.3, ux * size * 0.3
        pts = [(x, y), (bx + px, by + py), (bx - px, by - py)]
        self.svg.append('<polygon points="%s" fill="black"/>' % " ".join("%.3f,%.3f" % p for p in pts))
        k = PX_PER_MM
        self.mvg += ["push graphic-context", "fill black", "stroke none",
                     "polygon %s" % " ".join("%.2f,%.2f" % (a * k, b * k) for a, b in pts), "pop graphic-context"]

    def text(self, x, y, s, size=3.5, anchor="middle", rotate=0):
        esc = s.replace("&", "&amp;").replace("<", "&lt;")
        tr = ' transform="rotate(%g %.3f %.3f)"' % (rotate, x, y) if rotate else ""
        self.svg.append('<text x="%.3f" y="%.3f" font-family="%s" font-size="%g" text-anchor="%s"%s>%s</text>'
                        % (x, y, FONT_SVG, size, anchor, tr, esc))
        k = PX_PER_MM
        self.mvg += ["push graphic-context", "fill black", "stroke none", "font '%s'" % FONT_MVG,
                     "font-size %g" % (size * k * 1.33), "text-anchor %s" % anchor]
        if rotate:
            self.mvg += ["translate %.2f,%.2f" % (x * k, y * k), "rotate %g" % rotate,
                         "text 0,0 '%s'" % s.replace("'", "")]
        else:
            self.mvg.append("text %.2f,%.2f '%s'" % (x * k, y * k, s.replace("'", "")))
        self.mvg.append("pop graphic-context")

    def view(self, items, ox, oy, scale, u0, v0):
        """Projected edges: model (u, v) -> paper (ox + s(u-u0), oy - s(v-v0))."""
        tx, ty = ox - scale * u0, oy + scale * v0
        k = PX_PER_MM
        for hidden, kind, data in items:
            w = (0.18 if hidden else 0.5) / scale
            dash = "%g %g" % (1.5 / scale, 0.8 / scale) if hidden else None
            style = 'fill="none" stroke="black" stroke-width="%g"%s' % (
                w, ' stroke-dasharray="%s"' % dash if dash else "")
            tr = 'transform="translate(%.3f,%.3f) scale(%g,%g)"' % (tx, ty, scale, -scale)
            if kind == "path":
                self.svg.append('<path %s %s d="%s"/>' % (tr, style, data))
            else:
                cx, cy, r = data
                self.svg.append('<circle %s %s cx="%g" cy="%g" r="%g"/>' % (tr, style, cx, cy, r))
            self.mvg += ["push graphic-context", "affine %g,0,0,%g,%.3f,%.3f" % (scale * k, -scale * k, tx * k, ty * k),
                         "fill none", "stroke black", "stroke-width %g" % w]
            if dash:
                self.mvg.append("stroke-dasharray %s" % dash)
            if kind == "path":
                self.mvg.append("path '%s'" % data)
            else:
                cx, cy, r = data
                self.mvg.append("circle %g,%g %g,%g" % (cx, cy, cx + r, cy))
            self.mvg.append("pop graphic-context")

    def write(self, svg_path, png_path):
        w, h = PAPER
        with open(svg_path, "w") as fh:
            fh.write('<?xml version="1.0" encoding="UTF-8"?>\n')
            fh.write('<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g">\n'
                     % (w, h, w, h))
            fh.write('<rect x="0" y="0" width="%g" height="%g" fill="white"/>\n' % (w, h))
            fh.write("\n".join(self.svg))
            fh.write("\n</svg>\n")
        k = PX_PER_MM
        mvg_path = png_path + ".mvg"
        with open(mvg_path, "w") as fh:
            fh.write("viewbox 0 0 %d %d\nfill white\nrectangle 0,0 %d,%d\n" % (w * k, h * k, w * k, h * k))
            fh.write("\n".join(self.mvg) + "\n")
        subprocess.run(["convert", "-size", "%dx%d" % (w * k, h * k), "mvg:" + mvg_path,
                        "-colorspace", "Gray", "-depth", "8", "-strip", png_path], check=True)
        import os

        os.remove(mvg_path)


class Drawing:
    """Three views of a shape on one sheet, plus dimension helpers in view coordinates."""

    def __init__(self, shape, title, task_id, material):
        self.sheet = Sheet()
        self.title, self.task_id, self.material = title, task_id, material
        self.proj = {v: project(shape, v) for v in VIEWS}
        (fu0, fv0, fu1, fv1) = self.proj["front"][0]
        (tu0, tv0, tu1, tv1) = self.proj["top"][0]
        (ru0, rv0, ru1, rv1) = self.proj["right"][0]
        fw, fh, th, rw = fu1 - fu0, fv1 - fv0, tv1 - tv0, ru1 - ru0
        gap = 45.0
        for s in (4.0, 3.0, 2.0, 1.5, 1.0, 0.75, 0.5, 0.25):
            if s * (fw + rw) + gap <= 300 and s * (fh + th) + gap <= 205:
                break
        self.scale = s
        x0 = 40 + (300 - s * (fw + rw) - gap) / 2
        front_bottom = 30 + s * th + gap + s * fh
        self.origin = {
            "front": (x0, front_bottom, fu0, fv0),
            "top": (x0, front_bottom - s * fh - gap, tu0, tv0),
            "right": (x0 + s * fw + gap, front_bottom, ru0, rv0),
        }
        for v, (ox, oy, u0, v0) in self.origin.items():
            self.sheet.view(self.proj[v][1], ox, oy, s, u0, v0)

    def P(self, view, u, v):
        ox, oy, u0, v0 = self.origin[view]
        return ox + self.scale * (u - u0), oy - self.scale * (v - v0)

    def hdim(self, view, u1, u2, v, off, label=None):
        """Horizontal dimension between (u1, v) and (u2, v); dimension line `off` paper-mm below (+) or above (-)."""
        sh = self.sheet
        (x1, y1), (x2, y2) = self.P(view, u1, v), self.P(view, u2, v)
        yd = y1 + off
        sh.line(x1, y1 + (1 if off > 0 else -1), x1, yd + (1.5 if off > 0 else -1.5), 0.18)
        sh.line(x2, y2 + (1 if off > 0 else -1), x2, yd + (1.5 if off > 0 else -1.5), 0.18)
        sh.line(x1, yd, x2, yd, 0.18)
        sh.arrow(x1, yd, -1, 0)
        sh.arrow(x2, yd, 1, 0)
        sh.text((x1 + x2) / 2, yd - 1.2, label or "%g" % round(abs(u2 - u1), 3))

    def vdim(self, view, v1, v2, u, off, label=None):
        """Vertical dimension between (u, v1) and (u, v2); `off` paper-mm left (-) or right (+)."""
        sh = self.sheet
        (x1, y1), (x2, y2) = self.P(view, u, v1), self.P(view, u, v2)
        xd = x1 + off
        sg = 1 if off > 0 else -1
        sh.line(x1 + sg, y1, xd + 1.5 * sg, y1, 0.18)
        sh.line(x2 + sg, y2, xd + 1.5 * sg, y2, 0.18)
        sh.line(xd, y1, xd, y2, 0.18)
        sh.arrow(xd, y1, 0, 1 if y1 > y2 else -1)
        sh.arrow(xd, y2, 0, -1 if y1 > y2 else 1)
        sh.text(xd - 1.2, (y1 + y2) / 2, label or "%g" % round(abs(v2 - v1), 3), rotate=-90)

    def note(self, view, u, v, dx, dy, label):
        """Leader from model point (u, v) to a note `dx, dy` paper-mm away."""
        sh = self.sheet
        x, y = self.P(view, u, v)
        tx, ty = x + dx, y + dy
        sh.line(tx, ty, x, y, 0.18)
        sh.arrow(x, y, x - tx, y - ty)
        shelf = 4 if dx >= 0 else -4
        sh.line(tx, ty, tx + shelf, ty, 0.18)
        sh.text(tx + shelf + (1 if dx >= 0 else -1), ty + 1.2, label, anchor="start" if dx >= 0 else "end")

    def finish(self, svg_path, png_path, notes=()):
        sh = self.sheet
        W, H = PAPER
        sh.rect(10, 10, W - 20, H - 20, 0.7)
        for v, label in (("front", "FRONT"), ("top", "TOP"), ("right", "RIGHT")):
            ox, oy, u0, v0 = self.origin[v]
            sh.text(ox, oy + 22, label + " VIEW", size=3.0, anchor="start")
        bx, by = W - 10 - 150, H - 10 - 36
        sh.rect(bx, by, 150, 36, 0.5)
        sh.line(bx, by + 14, bx + 150, by + 14, 0.35)
        sh.line(bx + 75, by + 14, bx + 75, by + 36, 0.35)
        sh.line(bx, by + 25, bx + 150, by + 25, 0.35)
        sh.text(bx + 4, by + 10, self.title.upper(), size=6, anchor="start")
        sh.text(bx + 4, by + 21, "DWG NO. " + self.task_id.upper(), size=3, anchor="start")
        sh.text(bx + 79, by + 21, "MATERIAL: " + self.material, size=3, anchor="start")
        sh.text(bx + 4, by + 32, "SCALE %s" % _scale_label(self.scale), size=3, anchor="start")
        sh.text(bx + 79, by + 32, "UNITS: mm    SHEET 1/1", size=3, anchor="start")
        y = H - 10 - 36
        for n in ("THIRD ANGLE PROJECTION", "ALL DIMENSIONS IN mm",
                  "TOLERANCES UNLESS STATED: +/-0.1", "BREAK SHARP EDGES") + tuple(notes):
            sh.text(16, y, n, size=3, anchor="start")
            y += 5
        sh.write(svg_path, png_path)


def _scale_label(s):
    if s >= 1:
        return "%g:1" % s
    return "1:%g" % (1 / s)
