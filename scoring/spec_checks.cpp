// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/spec_checks.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <sstream>

namespace vernier {
namespace {

using Kind = SpecParameter::Kind;
using Tokens = std::set<std::string>;

// One measured value a parameter may be compared with.
struct Candidate {
    double value = 0;
    std::string source;     // human-readable, e.g. "Pocket.Depth"
    std::string featureRef; // feature name / cluster id, empty for globals
    std::vector<int> faces;
};

struct VectorCandidate {
    Vec3 value{};
    std::string source;
    std::string featureRef;
    std::vector<int> faces;
};

Tokens tokens(const std::string& key) {
    Tokens out;
    std::string cur;
    for (char c : key) {
        if (c == '_') {
            out.insert(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.insert(cur);
    return out;
}

bool any(const Tokens& t, std::initializer_list<const char*> words) {
    for (const char* w : words)
        if (t.count(w)) return true;
    return false;
}

std::string fmt(double v, int precision = 6) {
    std::ostringstream os;
    os.precision(precision);
    os << v;
    return os.str();
}

std::string fixed3(double v) {
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(3);
    os << v;
    return os.str();
}

double toDegrees(double rad) {
    return rad * 180.0 / std::numbers::pi;
}

// ---- candidate sources ------------------------------------------------------------------------------

const char* const kRadiusProps[] = {"Radius", "Radius1", "Radius2", "MajorRadius", "MinorRadius"};

std::vector<Candidate> radiusCandidates(const MeasurementBank& bank) {
    std::vector<Candidate> out;
    for (const auto& e : bank.featureTree) {
        for (const char* prop : kRadiusProps)
            if (const FeatureValue* v = e.value(prop))
                out.push_back({v->value, e.name + "." + prop, e.name, {}});
        for (const auto& v : e.values)
            if (v.key.find("CircleRadius") != std::string::npos ||
                v.key.find("ArcRadius") != std::string::npos)
                out.push_back({v.value, e.name + "." + v.key, e.name, {}});
    }
    for (const auto& c : bank.cylinderClusters)
        out.push_back({c.radius, c.label() + " radius", c.id, c.faces});
    for (const auto& cp : bank.circularPatterns)
        out.push_back(
            {cp.patternRadius,
             "circular pattern (" + cp.source + ", \xC3\x97" + std::to_string(cp.count) + ") radius", cp.id,
             cp.faces});
    for (const auto& cs : bank.conicSurfaces) {
        out.push_back({cs.radiusMin, "cone " + cs.id + " radius_min", cs.id, {cs.face}});
        out.push_back({cs.radiusMax, "cone " + cs.id + " radius_max", cs.id, {cs.face}});
    }
    return out;
}

std::vector<Candidate> planePairCandidates(const MeasurementBank& bank) {
    std::vector<Candidate> out;
    for (const auto& p : bank.planePairs)
        out.push_back({p.offset, p.label(), p.id, {p.faceA, p.faceB}});
    return out;
}

bool coaxial(const CylinderCluster& a, const CylinderCluster& b) {
    const double d = std::abs(a.axis[0] * b.axis[0] + a.axis[1] * b.axis[1] + a.axis[2] * b.axis[2]);
    if (d < 0.999 || a.centroids.empty() || b.centroids.empty()) return false;
    const double n = std::sqrt(a.axis[0] * a.axis[0] + a.axis[1] * a.axis[1] + a.axis[2] * a.axis[2]);
    if (n <= 1e-12) return false;
    const Vec3 u{a.axis[0] / n, a.axis[1] / n, a.axis[2] / n};
    for (const auto& ca : a.centroids) {
        for (const auto& cb : b.centroids) {
            const Vec3 dv{ca[0] - cb[0], ca[1] - cb[1], ca[2] - cb[2]};
            const double along = dv[0] * u[0] + dv[1] * u[1] + dv[2] * u[2];
            if (dv[0] * dv[0] + dv[1] * dv[1] + dv[2] * dv[2] - along * along <= 1e-6) return true;
        }
    }
    return false;
}

std::vector<int> joinFaces(const CylinderCluster& a, const CylinderCluster& b) {
    std::vector<int> f = a.faces;
    f.insert(f.end(), b.faces.begin(), b.faces.end());
    return f;
}

std::vector<Candidate> thicknessCandidates(const MeasurementBank& bank, const Tokens& t) {
    std::vector<Candidate> out = planePairCandidates(bank);
    if (t.count("shaft") && t.count("material") && t.count("thickness")) {
        double longest = 0;
        for (const auto& c : bank.cylinderClusters)
            longest = std::max(longest, c.axialExtent);
        std::vector<const CylinderCluster*> shaft;
        for (const auto& c : bank.cylinderClusters)
            if (longest > 0 && c.axialExtent >= 0.8 * longest) shaft.push_back(&c);
        for (std::size_t i = 0; i < shaft.size(); ++i)
            for (std::size_t j = i + 1; j < shaft.size(); ++j) {
                if (!coaxial(*shaft[i], *shaft[j])) continue;
                const double diff = std::abs(shaft[j]->radius - shaft[i]->radius);
                if (diff > 0)
                    out.push_back({diff, "shaft wall (" + shaft[j]->label() + " − " + shaft[i]->label() + ")",
                                   shaft[j]->id, joinFaces(*shaft[i], *shaft[j])});
            }
    }
    std::vector<const CylinderCluster*> convexByR;
    for (const auto& c : bank.cylinderClusters)
        if (c.convex) convexByR.push_back(&c);
    std::stable_sort(
        convexByR.begin(), convexByR.end(),
        [](const CylinderCluster* a, const CylinderCluster* b) { return a->radius < b->radius; });
    for (const auto& inner : bank.cylinderClusters) {
        if (inner.convex) continue;
        for (const CylinderCluster* outer : convexByR) {
            if (outer->radius > inner.radius && coaxial(inner, *outer)) {
                out.push_back({outer->radius - inner.radius,
                               "radial wall (" + outer->label() + " − " + inner.label() + ")", outer->id,
                               joinFaces(inner, *outer)});
                break;
            }
        }
    }
    return out;
}

std::vector<Candidate> distanceCandidates(const MeasurementBank& bank) {
    std::vector<Candidate> out;
    for (const auto& g : bank.grids) {
        if (g.spacingRows > 0)
            out.push_back({g.spacingRows, "grid row spacing (" + g.source + ")", g.id, {}});
        if (g.spacingCols > 0)
            out.push_back({g.spacingCols, "grid column spacing (" + g.source + ")", g.id, {}});
    }
    for (auto& c : planePairCandidates(bank))
        out.push_back(std::move(c));
    return out;
}

std::vector<Candidate> angleCandidates(const MeasurementBank& bank) {
    std::vector<Candidate> out;
    for (const auto& e : bank.featureTree)
        for (const auto& v : e.values)
            if (v.key.find("Angle") != std::string::npos)
                out.push_back({v.value, e.name + "." + v.key, e.name, {}});
    return out;
}

std::vector<Candidate> lengthCandidates(const MeasurementBank& bank, const Tokens& t) {
    std::vector<Candidate> out;
    std::vector<const char*> props;
    auto want = [&](const char* p) {
        if (std::find_if(props.begin(), props.end(), [&](const char* q) { return std::string(q) == p; }) ==
            props.end())
            props.push_back(p);
    };
    if (any(t, {"length", "run", "span"})) want("Length"), want("Length2");
    if (any(t, {"height", "rise", "riser"})) want("Height"), want("Length"), want("Length2");
    if (t.count("depth")) want("Depth"), want("Length"), want("Length2");
    if (t.count("width")) want("Width");
    if (t.count("size")) want("Size");
    for (const auto& e : bank.featureTree)
        for (const char* p : props)
            if (const FeatureValue* v = e.value(p)) out.push_back({v->value, e.name + "." + p, e.name, {}});
    if (any(t, {"length", "height", "depth", "span", "rise", "riser"}))
        for (const auto& c : bank.cylinderClusters)
            if (c.axialExtent > 0) out.push_back({c.axialExtent, c.label() + " axial extent", c.id, c.faces});
    if (any(t, {"length", "height", "depth", "width", "span", "size", "rise", "run", "riser"})) {
        static const char* names[3] = {"min", "mid", "max"};
        for (int i = 0; i < 3; ++i)
            out.push_back({bank.globals.aabbSorted[static_cast<std::size_t>(i)],
                           std::string("bounding box extent (") + names[i] + ")",
                           "",
                           {}});
    }
    if (any(t, {"clearance", "gap", "span", "offset"}))
        for (auto& c : planePairCandidates(bank))
            out.push_back(std::move(c));
    if (t.count("plane")) {
        static const char* axes[3] = {"x", "y", "z"};
        for (int k = 0; k < 2; ++k) {
            const Vec3& corner = k == 0 ? bank.globals.aabbMinCorner : bank.globals.aabbMaxCorner;
            for (int i = 0; i < 3; ++i)
                out.push_back(
                    {std::abs(corner[static_cast<std::size_t>(i)]),
                     std::string("bounding box ") + (k == 0 ? "min" : "max") + " corner |" + axes[i] + "|",
                     "",
                     {}});
        }
    }
    if (t.count("offset")) {
        static const char* axes[3] = {"x", "y", "z"};
        const bool axisFilter = any(t, {"x", "y", "z"});
        for (const auto& c : bank.cylinderClusters)
            for (std::size_t i = 0; i < c.centroids.size(); ++i)
                for (int a = 0; a < 3; ++a)
                    if (!axisFilter || t.count(axes[a]))
                        out.push_back(
                            {std::abs(c.centroids[i][static_cast<std::size_t>(a)]),
                             c.label() + " centroid[" + std::to_string(i) + "] |" + axes[a] + "|", c.id,
                             i < c.faces.size() ? std::vector<int>{c.faces[i]} : std::vector<int>{}});
    }
    return out;
}

std::vector<Candidate> countCandidates(const MeasurementBank& bank, const Tokens& t) {
    std::vector<Candidate> out;
    const bool circular = any(t, {"bore", "bores", "boss", "bosses", "cylinder", "cylinders", "hole", "holes",
                                  "pin", "pins", "post", "posts", "stud", "studs", "tube", "tubes"});
    const bool repeated = any(t, {"blade", "blades", "lobe", "lobes", "rib", "ribs", "spline", "splines",
                                  "teeth", "tooth", "vane", "vanes"});
    if (circular) {
        for (const auto& c : bank.cylinderClusters)
            out.push_back({double(c.count()), c.label() + " count", c.id, c.faces});
        for (const auto& e : bank.featureTree) {
            int n = 0;
            for (const auto& v : e.values)
                if (v.key.find("CircleRadius") != std::string::npos) ++n;
            if (n > 0) out.push_back({double(n), e.name + " circle count", e.name, {}});
        }
        for (const auto& g : bank.grids)
            out.push_back({double(g.count), "grid count (" + g.source + ")", g.id, {}});
    } else if (repeated) {
        for (const auto& c : bank.cylinderClusters)
            if (c.count() > 1) out.push_back({double(c.count()), c.label() + " count", c.id, c.faces});
    }
    if (circular || repeated || any(t, {"pattern", "patterns"}))
        for (const auto& cp : bank.circularPatterns)
            out.push_back({double(cp.count),
                           "circular pattern (" + cp.source + ", r=" + fmt(cp.patternRadius) + ") count",
                           cp.id, cp.faces});
    for (const auto& e : bank.featureTree)
        if (const FeatureValue* v = e.value("Occurrences"))
            out.push_back({v->value, e.name + ".Occurrences", e.name, {}});
    for (const auto& sp : bank.sketchProfiles) {
        const int n = static_cast<int>(sp.lineLengths.size());
        if (any(t, {"rectangle", "rectangles", "rung", "rungs", "slot", "slots", "keyway"}) && n >= 8 &&
            n % 4 == 0 && n <= 200)
            out.push_back({double(n / 4),
                           sp.name + " rectangle count (" + std::to_string(n) + " lines ÷ 4)",
                           sp.name,
                           {}});
        if (any(t, {"step", "steps", "tier", "tiers", "riser", "risers"}) && n >= 6 && n % 2 == 0 && n <= 200)
            out.push_back({double((n - 2) / 2),
                           sp.name + " staircase tier count ((" + std::to_string(n) + " − 2) ÷ 2)",
                           sp.name,
                           {}});
        if (any(t, {"spline", "splines", "teeth", "tooth"}) && n >= 12 && n % 2 == 0 && n <= 400)
            out.push_back({double(n / 2),
                           sp.name + " parallel-tooth count (" + std::to_string(n) + " lines ÷ 2)",
                           sp.name,
                           {}});
    }
    return out;
}

std::vector<Candidate> gridDimensionCandidates(const MeasurementBank& bank, const Tokens& t) {
    std::vector<Candidate> out;
    const bool rows = t.count("rows") > 0, cols = any(t, {"cols", "columns"});
    for (const auto& g : bank.grids) {
        if (rows) out.push_back({double(g.rows), "grid rows (" + g.source + ")", g.id, {}});
        if (cols) out.push_back({double(g.columns), "grid columns (" + g.source + ")", g.id, {}});
    }
    return out;
}

std::vector<VectorCandidate> vectorCandidates(const MeasurementBank& bank, const Tokens& t) {
    std::vector<VectorCandidate> out;
    if (any(t, {"corner", "origin"})) {
        out.push_back({bank.globals.aabbMinCorner, "bounding box min corner", "", {}});
        out.push_back({bank.globals.aabbMaxCorner, "bounding box max corner", "", {}});
        return out; // absolute model-frame claims: no sketch-local or centroid-relative evidence
    }
    for (const auto& g : bank.grids)
        out.push_back({g.origin, "grid origin (" + g.source + ")", g.id, {}});
    const Vec3& o = bank.globals.centroid;
    for (const auto& c : bank.cylinderClusters)
        for (std::size_t i = 0; i < c.centroids.size(); ++i)
            out.push_back({{c.centroids[i][0] - o[0], c.centroids[i][1] - o[1], c.centroids[i][2] - o[2]},
                           c.label() + " centroid[" + std::to_string(i) + "] − part centroid",
                           c.id,
                           i < c.faces.size() ? std::vector<int>{c.faces[i]} : std::vector<int>{}});
    return out;
}

// ---- matching ---------------------------------------------------------------------------------------

std::string unitFor(const std::string& check) {
    if (check == "volume") return "mm^3";
    if (check == "area") return "mm^2";
    if (check == "angle") return "deg";
    if (check == "count") return "";
    return "mm";
}

std::string displayValue(double v, const std::string& check) {
    if (check == "angle")
        return fmt(std::round(toDegrees(v) * 1e4) / 1e4, 10) + "\xC2\xB0"; // as_display_angle
    if (check == "count") return fmt(v, 15);
    return fmt(v, 10) + " " + unitFor(check);
}

void fill(ParameterFinding& f, const Candidate& c) {
    f.measured = c.value;
    f.measuredText = displayValue(c.value, f.check);
    f.measurementSource = c.source;
    f.featureRef = c.featureRef;
    f.faces = c.faces;
}

void matchScalar(ParameterFinding& f, double spec, const std::vector<Candidate>& cands, double tol) {
    if (cands.empty()) {
        f.status = FindingStatus::NotFound;
        f.reason = "no measurement available";
        return;
    }
    std::size_t best = 0;
    double bestErr = INFINITY;
    for (std::size_t i = 0; i < cands.size(); ++i) {
        const double m = cands[i].value;
        const double err = std::abs(spec - m) / std::max({std::abs(spec), std::abs(m), 1e-9});
        if (err < bestErr) bestErr = err, best = i;
    }
    fill(f, cands[best]);
    f.relError = bestErr;
    if (bestErr <= tol) {
        f.status = FindingStatus::Consistent;
        f.reason = "rel_diff " + fixed3(bestErr) + " <= tol " + fmt(tol);
    } else {
        f.status = FindingStatus::Inconsistent;
        f.reason = "rel_diff " + fixed3(bestErr) + " > tol " + fmt(tol);
    }
}

void matchCount(ParameterFinding& f, double spec, const MeasurementBank& bank, const Tokens& t) {
    if (!std::isfinite(spec) || spec != std::floor(spec) || std::abs(spec) > 9.0e15) {
        f.status = FindingStatus::Inconsistent;
        f.relError = 1.0;
        f.measurementSource = "spec";
        f.reason = "count value must be an integer, got " + fmt(spec, 10);
        return;
    }
    const long long want = static_cast<long long>(spec);
    std::vector<Candidate> cands = gridDimensionCandidates(bank, t);
    if (!any(t, {"rows", "cols", "columns"})) {
        auto general = countCandidates(bank, t);
        general.insert(general.end(), cands.begin(), cands.end());
        cands = std::move(general);
    }
    if (cands.empty()) {
        f.status = FindingStatus::NotFound;
        f.reason = "no measurement available";
        return;
    }
    auto asInt = [](double v) { return static_cast<long long>(std::trunc(v)); };
    for (const auto& c : cands) {
        if (asInt(c.value) == want) {
            fill(f, c);
            f.measured = double(asInt(c.value));
            f.relError = 0.0;
            f.status = FindingStatus::Consistent;
            f.reason = "count matches";
            return;
        }
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < cands.size(); ++i)
        if (std::llabs(asInt(cands[i].value) - want) < std::llabs(asInt(cands[best].value) - want)) best = i;
    const long long got = asInt(cands[best].value);
    fill(f, cands[best]);
    f.measured = double(got);
    f.measuredText = std::to_string(got);
    f.relError = double(std::llabs(got - want)) / double(std::max(1LL, want));
    f.status = FindingStatus::Inconsistent;
    f.reason = "count mismatch (got " + std::to_string(got) + ", expected " + std::to_string(want) + ")";
}

std::string vectorText(const std::vector<double>& v) {
    std::string s = "(";
    for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + fmt(v[i], 10);
    return s + ") mm";
}

void matchVector(ParameterFinding& f, const SpecParameter& p, const MeasurementBank& bank, const Tokens& t,
                 double tolPos) {
    if (p.kind != Kind::Vector) {
        f.status = FindingStatus::NotFound;
        f.reason = "vector check expected a tuple, got a " + std::string(kindName(p.kind));
        return;
    }
    const std::size_t n = p.components.size();
    if (n != 2 && n != 3) {
        f.status = FindingStatus::NotFound;
        f.reason = "vector check supports 2 or 3 components, got " + std::to_string(n);
        return;
    }
    const auto cands = vectorCandidates(bank, t);
    if (cands.empty()) {
        f.status = FindingStatus::NotFound;
        f.reason = "no position measurements available";
        return;
    }
    double bestDist = INFINITY;
    std::size_t best = 0;
    for (std::size_t i = 0; i < cands.size(); ++i) {
        double s = 0;
        for (std::size_t k = 0; k < n; ++k)
            s += (p.components[k] - cands[i].value[k]) * (p.components[k] - cands[i].value[k]);
        if (std::sqrt(s) < bestDist) bestDist = std::sqrt(s), best = i;
    }
    const double diag = bank.globals.obbDiagonal();
    const double tolAbs = tolPos * diag;
    f.measuredVector.assign(cands[best].value.begin(), cands[best].value.begin() + static_cast<long>(n));
    f.measuredText = vectorText(f.measuredVector);
    f.measurementSource = cands[best].source;
    f.featureRef = cands[best].featureRef;
    f.faces = cands[best].faces;
    f.relError = bestDist / std::max(diag, 1e-9);
    if (bestDist <= tolAbs) {
        f.status = FindingStatus::Consistent;
        f.reason = "distance " + fixed3(bestDist) + " mm <= tol " + fixed3(tolAbs) + " mm";
    } else {
        f.status = FindingStatus::Inconsistent;
        f.reason = "distance " + fixed3(bestDist) + " mm > tol " + fixed3(tolAbs) + " mm";
    }
}

} // namespace

const char* statusName(FindingStatus status) {
    switch (status) {
    case FindingStatus::Consistent:
        return "consistent";
    case FindingStatus::Inconsistent:
        return "inconsistent";
    case FindingStatus::NotFound:
        return "not_found";
    }
    return "not_found";
}

std::string routeKey(const std::string& key) {
    const Tokens t = tokens(key);
    if (any(t, {"num", "number", "count", "rows", "cols", "columns", "teeth"}) &&
        !any(t, {"angle", "depth", "diameter", "distance", "height", "length", "offset", "pitch", "radius",
                 "size", "spacing", "thickness", "width"}))
        return "count";
    if (t.count("volume")) return "volume";
    if (t.count("area")) return "area";
    if (any(t, {"diameter", "dia", "pcd"})) return "diameter";
    if (t.count("radius")) return "radius";
    if (any(t, {"thickness", "wall", "material"})) return "thickness";
    if (any(t, {"distance", "spacing", "pitch"})) return "distance";
    if (any(t, {"center", "centre", "position", "corner", "origin"})) return "vector";
    if (any(t, {"angle", "taper"})) return "angle";
    if (any(t, {"length", "height", "depth", "width", "rise", "run", "riser", "clearance", "gap", "span",
                "size", "offset", "plane"}))
        return "length";
    return {};
}

ParameterFinding checkParameter(const SpecParameter& p, const MeasurementBank& bank,
                                const SpecCheckOptions& opt) {
    ParameterFinding f;
    f.key = p.key;
    f.kind = kindName(p.kind);
    f.expected = p.valueText;
    f.order = p.order;
    if (p.kind == Kind::Vector)
        f.expectedVector = p.components;
    else if (p.kind != Kind::String)
        f.expectedValue = p.value;

    if (p.kind == Kind::String) {
        f.status = FindingStatus::NotFound;
        f.reason = "no generic CAD string measurement available";
        return f;
    }
    f.check = routeKey(p.key);
    if (f.check.empty()) {
        f.status = FindingStatus::NotFound;
        f.reason = "unknown property kind for key '" + p.key + "'";
        return f;
    }
    const Tokens t = tokens(p.key);
    if (f.check == "vector") {
        matchVector(f, p, bank, t, opt.tolPos);
        return f;
    }
    if (p.kind == Kind::Vector) { // a tuple under a scalar-kind key: nothing to compare it with
        f.status = FindingStatus::NotFound;
        f.reason = f.check + " check expected a number, got a vector";
        return f;
    }
    if (f.check == "count") {
        matchCount(f, p.value, bank, t);
        return f;
    }
    std::vector<Candidate> cands;
    if (f.check == "volume") {
        if (bank.globals.area > 0) cands.push_back({bank.globals.volume, "part volume", "", {}});
    } else if (f.check == "area") {
        if (bank.globals.area > 0) cands.push_back({bank.globals.area, "part surface area", "", {}});
    } else if (f.check == "diameter") {
        for (auto c : radiusCandidates(bank)) {
            c.value *= 2;
            c.source += " \xC3\x97 2";
            cands.push_back(std::move(c));
        }
        if (t.count("pcd"))
            for (const auto& cp : bank.circularPatterns)
                cands.push_back({2 * cp.patternRadius, "pitch circle of circular pattern (" + cp.source + ")",
                                 cp.id, cp.faces});
    } else if (f.check == "radius") {
        cands = radiusCandidates(bank);
    } else if (f.check == "thickness") {
        cands = thicknessCandidates(bank, t);
    } else if (f.check == "distance") {
        cands = distanceCandidates(bank);
    } else if (f.check == "angle") {
        cands = angleCandidates(bank);
    } else {
        cands = lengthCandidates(bank, t);
    }
    matchScalar(f, p.value, cands, opt.tolScalar);
    return f;
}

} // namespace vernier
