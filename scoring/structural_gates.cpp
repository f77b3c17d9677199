// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Gates on one document, following the 0.6.0 validator's rules and reason texts (docs/scoring.md §7).
#include "scoring/structural_gates.h"

#include <cmath>
#include <cstdint>
#include <future>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include <BRepAdaptor_Curve.hxx>
#include <BRepAdaptor_Surface.hxx>
#include <BRepGProp.hxx>
#include <BRep_Tool.hxx>
#include <GProp_GProps.hxx>
#include <Standard_Failure.hxx>
#include <TopExp.hxx>
#include <TopExp_Explorer.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>

namespace vernier {

namespace {

constexpr const char* kBody = "PartDesign::Body";

std::string suffix(const FcDocument& doc, DocumentRole role) {
    return std::string(" in ") + roleWord(role) + " model '" + doc.fileName + "'";
}

int countOf(const TopoDS_Shape& shape, TopAbs_ShapeEnum kind) {
    if (shape.IsNull()) return 0;
    TopTools_IndexedMapOfShape map;
    TopExp::MapShapes(shape, kind, map);
    return map.Extent();
}

std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

bool isAggregator(const std::string& type) {
    static const std::set<std::string> types = {"App::Part",
                                                "App::Link",
                                                "App::LinkGroup",
                                                "PartDesign::Body",
                                                "PartDesign::FeatureBase",
                                                "PartDesign::SubShapeBinder",
                                                "PartDesign::Boolean"};
    return types.count(type) != 0;
}

bool isAllowedLeaf(const std::string& type) {
    static const std::set<std::string> types = [] {
        std::set<std::string> s = {"Sketcher::SketchObject",
                                   "PartDesign::Pad",
                                   "PartDesign::Pocket",
                                   "PartDesign::Revolution",
                                   "PartDesign::Groove",
                                   "PartDesign::Hole",
                                   "PartDesign::Fillet",
                                   "PartDesign::Chamfer",
                                   "PartDesign::Draft",
                                   "PartDesign::Thickness",
                                   "PartDesign::LinearPattern",
                                   "PartDesign::PolarPattern",
                                   "PartDesign::Mirrored",
                                   "PartDesign::Scaled",
                                   "PartDesign::MultiTransform",
                                   "PartDesign::Plane",
                                   "PartDesign::Line",
                                   "PartDesign::Point",
                                   "PartDesign::CoordinateSystem",
                                   "App::Origin",
                                   "App::Plane",
                                   "App::Line"};
        for (const char* kind : {"Additive", "Subtractive"})
            for (const char* prim : {"Box", "Cylinder", "Cone", "Sphere", "Ellipsoid", "Torus", "Prism",
                                     "Wedge", "Loft", "Pipe", "Helix"})
                s.insert(std::string("PartDesign::") + kind + prim);
        return s;
    }();
    return types.count(type) != 0;
}

// Faces and solids of an object's stored shape: from its census when the gates read censuses (the same
// numbers), else from the parsed shape.
int countIn(const FcObject& o, TopAbs_ShapeEnum kind, bool census) {
    if (census)
        if (const auto& c = o.census()) return kind == TopAbs_FACE ? c->faces : c->solids;
    return countOf(o.shape(), kind);
}

bool facesIn(const FcObject& o, bool census) {
    if (census)
        if (const auto& c = o.census()) return c->faces > 0;
    return carriesFaces(o.shape());
}

// Volumes computed once per object: the gates ask for the same Body volume several times. For a Body the
// whole integrals are kept (volume properties and each face's surface properties, integrated in one pass),
// so the scored Body's serve its features too (inertia, face centroids, §3) — unless the Body has more faces
// than the complexity gate lets through (a candidate only): it is never measured, so only its volume is
// computed, in closed form when it is polyhedral (polyhedralVolume). Other objects need only their volume.
class VolumeMemo {
public:
    explicit VolumeMemo(int bodyIntegralsUpToFaces = std::numeric_limits<int>::max(), bool census = false)
        : integralsUpTo_(bodyIntegralsUpToFaces), census_(census) {}
    bool census() const { return census_; }
    double of(const FcObject& o) { return entry(o).volume; }
    // The integrals behind of(o) for a Body, or nullptr when OCCT failed or the volume is not finite.
    const ShapeIntegrals* integralsOf(const FcObject& o) {
        const Entry& e = entry(o);
        return e.integrals ? &*e.integrals : nullptr;
    }
    // of(o) when it is known or cheap (polyhedral); nothing when only Gauss integration could tell.
    std::optional<double> cheap(const FcObject& o) {
        Entry& e = cache_[&o];
        if (e.done) return e.volume;
        if (wantsIntegrals(o, e)) return entry(o).volume;
        tryPolyhedral(o, e);
        if (e.done) return e.volume;
        return std::nullopt;
    }

private:
    struct Entry {
        bool done = false;
        double volume = 0;
        std::optional<ShapeIntegrals> integrals;
        bool polyhedralTried = false;
        std::optional<bool> integralsWanted;
    };
    bool wantsIntegrals(const FcObject& o, Entry& e) const {
        if (!e.integralsWanted)
            e.integralsWanted = o.type == kBody && (integralsUpTo_ == std::numeric_limits<int>::max() ||
                                                    countIn(o, TopAbs_FACE, census_) <= integralsUpTo_);
        return *e.integralsWanted;
    }
    void tryPolyhedral(const FcObject& o, Entry& e) const {
        if (e.polyhedralTried) return;
        e.polyhedralTried = true;
        if (census_)
            if (const auto& c = o.census()) { // polyhedralVolume(o.shape()), read from the text
                if (c->polyhedralVolume) {
                    e.volume = std::isfinite(*c->polyhedralVolume) ? *c->polyhedralVolume : 0;
                    e.done = true;
                }
                return;
            }
        if (o.shape().IsNull()) return;
        try {
            if (const auto v = polyhedralVolume(o.shape())) {
                e.volume = std::isfinite(*v) ? *v : 0;
                e.done = true;
            }
        } catch (const Standard_Failure&) {
        }
    }
    Entry& entry(const FcObject& o) {
        Entry& e = cache_[&o];
        if (e.done) return e;
        try {
            if (wantsIntegrals(o, e)) {
                if (!o.shape().IsNull()) {
                    // Equal to shapeVolume()'s computation to rounding (shape_integrals.h).
                    ShapeIntegrals integrals = integrateShape(o.shape());
                    if (std::isfinite(integrals.volume.Mass())) {
                        e.volume = integrals.volume.Mass();
                        e.integrals = std::move(integrals);
                    }
                }
            } else {
                tryPolyhedral(o, e);
                if (!e.done && !o.shape().IsNull()) {
                    GProp_GProps props;
                    BRepGProp::VolumeProperties(o.shape(), props);
                    if (std::isfinite(props.Mass())) e.volume = props.Mass();
                }
            }
        } catch (const Standard_Failure&) {
        }
        e.done = true;
        return e;
    }
    int integralsUpTo_;
    bool census_;
    std::map<const FcObject*, Entry> cache_;
};

std::vector<BodyInfo> bodiesOf(const FcDocument& doc, VolumeMemo& memo) {
    std::vector<BodyInfo> out;
    for (const auto& o : doc.objects)
        if (o.type == kBody) out.push_back({o.name, o.type, memo.of(o) > 0});
    return out;
}

std::string scoredOf(const std::vector<BodyInfo>& bodies) {
    for (const auto& b : bodies)
        if (b.nonEmpty) return b.name;
    return {};
}

std::optional<GateResult> noSolid(const FcDocument& doc, DocumentRole role, VolumeMemo& memo) {
    for (const auto& o : doc.objects)
        if (countIn(o, TopAbs_SOLID, memo.census()) > 0 && memo.of(o) > 0) return std::nullopt;
    return GateResult{"body", std::string("No solid shape found in ") + roleWord(role) + " model '" +
                                  doc.fileName + "'"};
}

std::optional<GateResult> bodyGateOf(const FcDocument& doc, DocumentRole role,
                                     const std::vector<BodyInfo>& bodies, bool census);
std::optional<GateResult> treeGateOf(const FcDocument& doc, const std::string& bodyName, DocumentRole role,
                                     VolumeMemo& memo);

// Depth-first walk of §7.2; true when the object (or anything it aggregates) is flagged.
bool flagged(const FcDocument& doc, const FcObject& o, std::set<std::string>& visited, VolumeMemo& memo) {
    if (!visited.insert(o.name).second) return false;
    const bool census = memo.census();
    if (o.type == kBody && facesIn(o, census)) {
        const FcProperty* tipProp = o.property("Tip");
        const FcObject* tip =
            (tipProp && !tipProp->links.empty()) ? doc.find(tipProp->links.front()) : nullptr;
        if (!tip) return true;
        if (!facesIn(*tip, census)) {
            bool someChild = false;
            for (const auto& c : o.outList)
                if (const FcObject* child = doc.find(c); child && facesIn(*child, census)) someChild = true;
            if (!someChild) return true;
        } else {
            if (countIn(o, TopAbs_FACE, census) != countIn(*tip, TopAbs_FACE, census)) return true;
            const auto differ = [](double vb, double vt) {
                return std::abs(vb - vt) > 1e-6 * std::max({std::abs(vb), std::abs(vt), 1.0});
            };
            // Both volumes at hand or in closed form: compare them. Otherwise, the same faces bound the same
            // solid: the volumes agree without integrating the tip.
            const auto cheapBody = memo.cheap(o), cheapTip = memo.cheap(*tip);
            if (cheapBody && cheapTip) {
                if (differ(*cheapBody, *cheapTip)) return true;
            } else if (!sameBoundary(o.shape(), tip->shape()) && differ(memo.of(o), memo.of(*tip))) {
                return true;
            }
        }
    }
    if (isAggregator(o.type)) {
        if (o.outList.empty()) return facesIn(o, census);
        for (const auto& c : o.outList)
            if (const FcObject* child = doc.find(c); child && flagged(doc, *child, visited, memo))
                return true;
        return false;
    }
    if (isAllowedLeaf(o.type)) return false;
    return facesIn(o, census);
}

} // namespace

namespace {

std::optional<GateResult> bodyGateOf(const FcDocument& doc, DocumentRole role,
                                     const std::vector<BodyInfo>& bodies, bool census) {
    if (bodies.empty())
        return GateResult{"body", "no PartDesign::Body found — spec requires exactly one solid body in a "
                                  "parametric feature tree" +
                                      suffix(doc, role)};
    std::vector<std::string> all, nonEmpty;
    for (const auto& b : bodies) {
        all.push_back(b.name);
        if (b.nonEmpty) nonEmpty.push_back(b.name);
    }
    if (nonEmpty.empty())
        return GateResult{"body", "all PartDesign::Body objects (" + joinNames(all) +
                                      ") are empty (null shape or zero volume) — incomplete model" +
                                      suffix(doc, role)};
    if (nonEmpty.size() > 1)
        return GateResult{"body", std::to_string(nonEmpty.size()) + " non-empty PartDesign::Body objects (" +
                                      joinNames(nonEmpty) + ") — spec requires exactly one solid body" +
                                      suffix(doc, role)};
    const FcObject* body = doc.find(nonEmpty.front());
    const int solids = countIn(*body, TopAbs_SOLID, census);
    if (solids != 1)
        return GateResult{
            "body", "PartDesign::Body '" + body->name + "' tip Shape has " + std::to_string(solids) +
                        " solids — spec requires the Body to produce exactly one solid" + suffix(doc, role)};
    return std::nullopt;
}

std::optional<GateResult> treeGateOf(const FcDocument& doc, const std::string& bodyName, DocumentRole role,
                                     VolumeMemo& memo) {
    const FcObject* body = doc.find(bodyName);
    if (!body) return std::nullopt;
    std::set<std::string> visited;
    if (!flagged(doc, *body, visited, memo)) return std::nullopt;
    return GateResult{
        "feature_tree",
        "document builds its solid from non-PartDesign / baked geometry (for example a "
        "Part-workbench shape or scripted feature holder), not an editable PartDesign feature tree" +
            suffix(doc, role)};
}

} // namespace

const char* roleWord(DocumentRole role) {
    return role == DocumentRole::Reference ? "reference" : "candidate";
}

double shapeVolume(const TopoDS_Shape& shape) {
    if (shape.IsNull()) return 0;
    try {
        GProp_GProps props;
        BRepGProp::VolumeProperties(shape, props);
        const double v = props.Mass();
        return std::isfinite(v) ? v : 0;
    } catch (const Standard_Failure&) {
        return 0;
    }
}

namespace {

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-9 * (1.0 + std::max(std::abs(a), std::abs(b)));
}

bool near(const gp_XYZ& a, const gp_XYZ& b) {
    return near(a.X(), b.X()) && near(a.Y(), b.Y()) && near(a.Z(), b.Z());
}

bool near(const gp_Ax3& a, const gp_Ax3& b) {
    return near(a.Location().XYZ(), b.Location().XYZ()) && near(a.Direction().XYZ(), b.Direction().XYZ()) &&
           near(a.XDirection().XYZ(), b.XDirection().XYZ());
}

bool sameSurface(const TopoDS_Face& fa, const TopoDS_Face& fb) {
    const BRepAdaptor_Surface a(fa, Standard_False), b(fb, Standard_False);
    if (a.GetType() != b.GetType()) return false;
    switch (a.GetType()) {
    case GeomAbs_Plane:
        return near(a.Plane().Position(), b.Plane().Position());
    case GeomAbs_Cylinder:
        return near(a.Cylinder().Position(), b.Cylinder().Position()) &&
               near(a.Cylinder().Radius(), b.Cylinder().Radius());
    case GeomAbs_Cone:
        return near(a.Cone().Position(), b.Cone().Position()) &&
               near(a.Cone().RefRadius(), b.Cone().RefRadius()) &&
               near(a.Cone().SemiAngle(), b.Cone().SemiAngle());
    case GeomAbs_Sphere:
        return near(a.Sphere().Position(), b.Sphere().Position()) &&
               near(a.Sphere().Radius(), b.Sphere().Radius());
    case GeomAbs_Torus:
        return near(a.Torus().Position(), b.Torus().Position()) &&
               near(a.Torus().MajorRadius(), b.Torus().MajorRadius()) &&
               near(a.Torus().MinorRadius(), b.Torus().MinorRadius());
    default:
        return false;
    }
}

bool sameEdge(const TopoDS_Edge& ea, const TopoDS_Edge& eb) {
    if (ea.Orientation() != eb.Orientation()) return false;
    const bool da = BRep_Tool::Degenerated(ea), db = BRep_Tool::Degenerated(eb);
    if (da || db) return da == db;
    if (!BRep_Tool::IsGeometric(ea) || !BRep_Tool::IsGeometric(eb)) return false;
    const BRepAdaptor_Curve a(ea), b(eb);
    if (a.GetType() != b.GetType()) return false;
    switch (a.GetType()) {
    case GeomAbs_Line:
        break;
    case GeomAbs_Circle:
        if (!near(a.Circle().Radius(), b.Circle().Radius()) ||
            !near(a.Circle().Location().XYZ(), b.Circle().Location().XYZ()) ||
            !near(a.Circle().Axis().Direction().XYZ(), b.Circle().Axis().Direction().XYZ()))
            return false;
        break;
    case GeomAbs_Ellipse:
        if (!near(a.Ellipse().MajorRadius(), b.Ellipse().MajorRadius()) ||
            !near(a.Ellipse().MinorRadius(), b.Ellipse().MinorRadius()) ||
            !near(a.Ellipse().Position(), b.Ellipse().Position()))
            return false;
        break;
    default:
        return false;
    }
    // The arc: both ends and the middle (which side of a full circle the edge runs).
    const double a0 = a.FirstParameter(), a1 = a.LastParameter(), b0 = b.FirstParameter(),
                 b1 = b.LastParameter();
    return near(a.Value(a0).XYZ(), b.Value(b0).XYZ()) && near(a.Value(a1).XYZ(), b.Value(b1).XYZ()) &&
           near(a.Value(0.5 * (a0 + a1)).XYZ(), b.Value(0.5 * (b0 + b1)).XYZ());
}

} // namespace

bool sameBoundary(const TopoDS_Shape& a, const TopoDS_Shape& b) {
    if (a.IsNull() || b.IsNull()) return false;
    try {
        TopTools_IndexedMapOfShape fa, fb;
        TopExp::MapShapes(a, TopAbs_FACE, fa);
        TopExp::MapShapes(b, TopAbs_FACE, fb);
        if (fa.Extent() != fb.Extent() || fa.Extent() == 0) return false;
        // Every face as the solids use it (orientation included), in the same order.
        TopExp_Explorer xa(a, TopAbs_FACE), xb(b, TopAbs_FACE);
        for (; xa.More() && xb.More(); xa.Next(), xb.Next()) {
            const TopoDS_Face& f = TopoDS::Face(xa.Current());
            const TopoDS_Face& g = TopoDS::Face(xb.Current());
            if (f.Orientation() != g.Orientation() || !sameSurface(f, g)) return false;
            TopExp_Explorer ea(f, TopAbs_EDGE), eb(g, TopAbs_EDGE);
            for (; ea.More() && eb.More(); ea.Next(), eb.Next())
                if (!sameEdge(TopoDS::Edge(ea.Current()), TopoDS::Edge(eb.Current()))) return false;
            if (ea.More() || eb.More()) return false;
        }
        return !xa.More() && !xb.More();
    } catch (const Standard_Failure&) {
        return false;
    }
}

bool carriesFaces(const TopoDS_Shape& shape) {
    if (shape.IsNull()) return false;
    try {
        return TopExp_Explorer(shape, TopAbs_FACE).More();
    } catch (const Standard_Failure&) {
        return true;
    }
}

std::vector<BodyInfo> listBodies(const FcDocument& doc) {
    VolumeMemo memo;
    return bodiesOf(doc, memo);
}

std::string selectScoredBody(const FcDocument& doc) {
    return scoredOf(listBodies(doc));
}

std::optional<GateResult> noSolidGate(const FcDocument& doc, DocumentRole role) {
    VolumeMemo memo;
    return noSolid(doc, role, memo);
}

std::optional<GateResult> bodyGate(const FcDocument& doc, DocumentRole role) {
    return bodyGateOf(doc, role, listBodies(doc), false);
}

std::optional<GateResult> featureTreeGate(const FcDocument& doc, const std::string& bodyName,
                                          DocumentRole role) {
    VolumeMemo memo;
    return treeGateOf(doc, bodyName, role, memo);
}

std::optional<GateResult> complexityGate(int nFaces, DocumentRole role, int maxFaces) {
    if (role != DocumentRole::Candidate || nFaces <= maxFaces) return std::nullopt;
    return GateResult{"complexity",
                      "candidate has " + std::to_string(nFaces) + " faces (> " + std::to_string(maxFaces) +
                          "); gated geometry to 0.0 — geometry too complex to be a valid candidate"};
}

StructuralCheck checkStructure(const FcDocument& doc, DocumentRole role, int maxCandidateFaces,
                               CensusUse censusUse) {
    // The gates read each Body's shape, then (feature-tree gate) its Tip's: a large Tip is read meanwhile
    // on a second thread, which takes the larger part of a big document's reading off the critical path (a
    // small one is not worth a thread: its start and fresh memory cost more CPU than the parse). The same
    // shapes, the same bits: only when each is parsed changes (FcObject::shape is thread-safe).
    // A candidate may have its large shapes counted from their text instead (CensusUse::WhenLarge): when a
    // large Body's census is past the complexity gate, every object's census stands in for its shape
    // where it has one, and the Tip's census is what the second thread takes (then its shape, if the census
    // is not past the gate either, as before).
    constexpr std::uint64_t kLargeBytes = 512 * 1024;
    const bool mayCount = censusUse == CensusUse::WhenLarge && role == DocumentRole::Candidate &&
                          maxCandidateFaces < std::numeric_limits<int>::max();
    const auto pastGate = [maxCandidateFaces](const FcObject& o) {
        const auto& c = o.census();
        return c && c->faces > maxCandidateFaces;
    };
    std::vector<const FcObject*> tips;
    for (const auto& o : doc.objects)
        if (o.type == kBody)
            if (const FcProperty* tip = o.property("Tip"); tip && !tip->links.empty())
                if (const FcObject* t = doc.find(tip->links.front());
                    t && t->storedShapeBytes() >= kLargeBytes)
                    tips.push_back(t);
    std::future<void> tipsRead;
    if (!tips.empty())
        tipsRead = std::async(std::launch::async, [&tips, mayCount, &pastGate] {
            for (const FcObject* t : tips) {
                try {
                    if (!mayCount || !pastGate(*t)) t->shape();
                } catch (...) { // a corrupt shape throws again where the gates read it
                }
            }
        });
    bool census = censusUse == CensusUse::Always;
    if (mayCount)
        for (const auto& o : doc.objects)
            if (o.type == kBody && o.storedShapeBytes() >= kLargeBytes && pastGate(o)) census = true;
    VolumeMemo memo(role == DocumentRole::Candidate ? maxCandidateFaces : std::numeric_limits<int>::max(),
                    census);
    StructuralCheck out;
    const auto bodies = bodiesOf(doc, memo);
    out.scoredBody = scoredOf(bodies);
    out.gate = noSolid(doc, role, memo);
    if (!out.gate) out.gate = bodyGateOf(doc, role, bodies, census);
    if (!out.gate) out.gate = treeGateOf(doc, out.scoredBody, role, memo);
    if (const FcObject* body = doc.find(out.scoredBody)) {
        if (const ShapeIntegrals* p = memo.integralsOf(*body)) out.scoredBodyIntegrals = *p;
        if (census)
            if (const auto& c = body->census()) out.scoredBodyFaces = c->faces;
    }
    return out;
}

std::optional<GateResult> structuralGates(const FcDocument& doc, DocumentRole role) {
    return checkStructure(doc, role).gate;
}

} // namespace vernier
