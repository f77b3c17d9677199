// Gates on one document, following the 0.6.0 validator's rules and reason texts (scoring-spec.md §7).
#include "scoring/structural_gates.h"

#include <cmath>
#include <set>

#include <BRepGProp.hxx>
#include <GProp_GProps.hxx>
#include <Standard_Failure.hxx>
#include <TopExp.hxx>
#include <TopExp_Explorer.hxx>
#include <TopTools_IndexedMapOfShape.hxx>

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

// Depth-first walk of §7.2; true when the object (or anything it aggregates) is flagged.
bool flagged(const FcDocument& doc, const FcObject& o, std::set<std::string>& visited) {
    if (!visited.insert(o.name).second) return false;
    if (o.type == kBody && carriesFaces(o.shape)) {
        const FcProperty* tipProp = o.property("Tip");
        const FcObject* tip =
            (tipProp && !tipProp->links.empty()) ? doc.find(tipProp->links.front()) : nullptr;
        if (!tip) return true;
        if (!carriesFaces(tip->shape)) {
            bool someChild = false;
            for (const auto& c : o.outList)
                if (const FcObject* child = doc.find(c); child && carriesFaces(child->shape))
                    someChild = true;
            if (!someChild) return true;
        } else {
            const double vb = shapeVolume(o.shape), vt = shapeVolume(tip->shape);
            const bool sameFaces = countOf(o.shape, TopAbs_FACE) == countOf(tip->shape, TopAbs_FACE);
            if (!sameFaces || std::abs(vb - vt) > 1e-6 * std::max({std::abs(vb), std::abs(vt), 1.0}))
                return true;
        }
    }
    if (isAggregator(o.type)) {
        if (o.outList.empty()) return carriesFaces(o.shape);
        for (const auto& c : o.outList)
            if (const FcObject* child = doc.find(c); child && flagged(doc, *child, visited)) return true;
        return false;
    }
    if (isAllowedLeaf(o.type)) return false;
    return carriesFaces(o.shape);
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

bool carriesFaces(const TopoDS_Shape& shape) {
    if (shape.IsNull()) return false;
    try {
        return TopExp_Explorer(shape, TopAbs_FACE).More();
    } catch (const Standard_Failure&) {
        return true;
    }
}

std::vector<BodyInfo> listBodies(const FcDocument& doc) {
    std::vector<BodyInfo> out;
    for (const auto& o : doc.objects)
        if (o.type == kBody) out.push_back({o.name, o.type, shapeVolume(o.shape) > 0});
    return out;
}

std::string selectScoredBody(const FcDocument& doc) {
    for (const auto& b : listBodies(doc))
        if (b.nonEmpty) return b.name;
    return {};
}

std::optional<GateResult> noSolidGate(const FcDocument& doc, DocumentRole role) {
    for (const auto& o : doc.objects)
        if (countOf(o.shape, TopAbs_SOLID) > 0 && shapeVolume(o.shape) > 0) return std::nullopt;
    return GateResult{"body", std::string("No solid shape found in ") + roleWord(role) + " model '" +
                                  doc.fileName + "'"};
}

std::optional<GateResult> bodyGate(const FcDocument& doc, DocumentRole role) {
    const auto bodies = listBodies(doc);
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
    const int solids = countOf(body->shape, TopAbs_SOLID);
    if (solids != 1)
        return GateResult{
            "body", "PartDesign::Body '" + body->name + "' tip Shape has " + std::to_string(solids) +
                        " solids — spec requires the Body to produce exactly one solid" + suffix(doc, role)};
    return std::nullopt;
}

std::optional<GateResult> featureTreeGate(const FcDocument& doc, const std::string& bodyName,
                                          DocumentRole role) {
    const FcObject* body = doc.find(bodyName);
    if (!body) return std::nullopt;
    std::set<std::string> visited;
    if (!flagged(doc, *body, visited)) return std::nullopt;
    return GateResult{
        "feature_tree",
        "document builds its solid from non-PartDesign / baked geometry (for example a "
        "Part-workbench shape or scripted feature holder), not an editable PartDesign feature tree" +
            suffix(doc, role)};
}

std::optional<GateResult> complexityGate(int nFaces, DocumentRole role, int maxFaces) {
    if (role != DocumentRole::Candidate || nFaces <= maxFaces) return std::nullopt;
    return GateResult{"complexity",
                      "candidate has " + std::to_string(nFaces) + " faces (> " + std::to_string(maxFaces) +
                          "); gated geometry to 0.0 — geometry too complex to be a valid candidate"};
}

std::optional<GateResult> structuralGates(const FcDocument& doc, DocumentRole role) {
    if (auto g = noSolidGate(doc, role)) return g;
    if (auto g = bodyGate(doc, role)) return g;
    return featureTreeGate(doc, selectScoredBody(doc), role);
}

} // namespace vernier
