// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/measurement_bank.h"
#include "scoring/surface_types.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <sstream>

#include <BRepAdaptor_Surface.hxx>
#include <BRepBndLib.hxx>
#include <BRepGProp.hxx>
#include <BRepTools.hxx>
#include <BRep_Tool.hxx>
#include <Bnd_Box.hxx>
#include <Eigen/Eigenvalues>
#include <GProp_GProps.hxx>
#include <Standard_Failure.hxx>
#include <TopExp.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Face.hxx>
#include <TopoDS_Vertex.hxx>
#include <gp_Cone.hxx>
#include <gp_Cylinder.hxx>
#include <gp_Pln.hxx>

#include "scoring/errors.h"
#include "scoring/rounding.h"

namespace vernier {
namespace {

Vec3 toVec(const gp_XYZ& p) {
    return {p.X(), p.Y(), p.Z()};
}
double dot(const Vec3& a, const Vec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

std::string fmt(double v) {
    std::ostringstream os;
    os.precision(6);
    os << v;
    return os.str();
}

std::string axisName(const Vec3& n) {
    static const char* names[3] = {"x", "y", "z"};
    for (int i = 0; i < 3; ++i)
        if (std::abs(n[i]) > 0.999) return names[i];
    // Appended piecewise: GCC 12's -Wrestrict misfires on a chain of operator+ here.
    std::string out = "(";
    out.append(fmt(n[0])).append(", ").append(fmt(n[1])).append(", ").append(fmt(n[2])).append(")");
    return out;
}

void measureGlobals(const TopoDS_Shape& shape, MeasurementBank& bank, const KnownIntegrals* known) {
    BankGlobals& g = bank.globals;
    if (known) {
        g.volume = roundLength(known->volume);
        g.area = roundLength(known->area);
        g.centroid = roundLength(known->centreOfMass); // known only for positive volumes
    } else {
        GProp_GProps vprops, sprops;
        BRepGProp::VolumeProperties(shape, vprops);
        BRepGProp::SurfaceProperties(shape, sprops);
        g.volume = roundLength(vprops.Mass());
        g.area = roundLength(sprops.Mass());
        g.centroid = roundLength(toVec((vprops.Mass() > 0 ? vprops : sprops).CentreOfMass().XYZ()));
    }

    Bnd_Box box;
    BRepBndLib::AddOptimal(shape, box, false, false);
    if (!box.IsVoid()) {
        double x0, y0, z0, x1, y1, z1;
        box.Get(x0, y0, z0, x1, y1, z1);
        g.aabbMinCorner = roundLength(Vec3{x0, y0, z0});
        g.aabbMaxCorner = roundLength(Vec3{x1, y1, z1});
        Vec3 ext{x1 - x0, y1 - y0, z1 - z0};
        std::sort(ext.begin(), ext.end());
        g.aabbSorted = roundLength(ext);
    }

    // PCA over the unique vertices: extents along the covariance eigenvectors (not the OCCT OBB).
    TopTools_IndexedMapOfShape vmap;
    TopExp::MapShapes(shape, TopAbs_VERTEX, vmap);
    if (vmap.Extent() < 3) {
        g.obbSorted = g.aabbSorted;
        return;
    }
    std::vector<Eigen::Vector3d> pts;
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    for (int i = 1; i <= vmap.Extent(); ++i) {
        const gp_Pnt p = BRep_Tool::Pnt(TopoDS::Vertex(vmap(i)));
        pts.emplace_back(p.X(), p.Y(), p.Z());
        mean += pts.back();
    }
    mean /= static_cast<double>(pts.size());
    Eigen::Matrix3d cov = Eigen::Matrix3d::Zero();
    for (const auto& p : pts)
        cov += (p - mean) * (p - mean).transpose();
    cov /= static_cast<double>(pts.size());
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> es(cov);
    const Eigen::Matrix3d axes = es.eigenvectors();
    Vec3 ext{};
    for (int k = 0; k < 3; ++k) {
        double lo = 1e300, hi = -1e300;
        for (const auto& p : pts) {
            const double t = (p - mean).dot(axes.col(k));
            lo = std::min(lo, t);
            hi = std::max(hi, t);
        }
        ext[static_cast<std::size_t>(k)] = hi - lo;
    }
    std::sort(ext.begin(), ext.end());
    g.obbSorted = roundLength(ext);
}

struct CylFace {
    int index;
    bool convex;
    double radius;
    Vec3 axis, loc, centroid;
    double vSpan;
};

// Greedy clustering is O(faces × clusters); an untrusted document may not make it quadratic in millions.
constexpr std::size_t kMaxCylinderClusters = 5000;

void clusterCylinders(std::vector<CylFace>& faces, MeasurementBank& bank) {
    const double cos2deg = std::cos(2.0 * std::numbers::pi / 180.0);
    std::vector<std::vector<const CylFace*>> groups;
    for (const auto& f : faces) {
        bool placed = false;
        for (auto& gr : groups) {
            const CylFace& first = *gr.front();
            const double rel = std::abs(first.radius - f.radius) / std::max({first.radius, f.radius, 1e-12});
            if (first.convex == f.convex && rel <= 0.01 && std::abs(dot(first.axis, f.axis)) > cos2deg) {
                gr.push_back(&f);
                placed = true;
                break;
            }
        }
        if (!placed && groups.size() < kMaxCylinderClusters) groups.push_back({&f});
    }
    for (std::size_t i = 0; i < groups.size(); ++i) {
        CylinderCluster c;
        c.id = "cyl_cluster_" + std::to_string(i);
        c.convex = groups[i].front()->convex;
        c.radius = roundLength(groups[i].front()->radius);
        c.axis = roundLength(groups[i].front()->axis);
        c.axisPoint = roundLength(groups[i].front()->loc);
        for (const CylFace* f : groups[i]) {
            c.faces.push_back(f->index);
            c.centroids.push_back(roundLength(f->centroid));
            c.axialExtent = std::max(c.axialExtent, roundLength(f->vSpan));
        }
        bank.cylinderClusters.push_back(std::move(c));
    }
}

struct PlaneFace {
    int index;
    Vec3 normal, origin;
};

// Untrusted documents: a part with thousands of parallel planes would otherwise make millions of pairs.
constexpr std::size_t kMaxPlanePairs = 100000;
constexpr std::size_t kMaxPlaneComparisons = 50000000;

void pairPlanes(const std::vector<PlaneFace>& planes, MeasurementBank& bank) {
    std::vector<PlanePair> pairs;
    std::set<std::array<long long, 4>> seen;
    std::size_t comparisons = 0;
    for (std::size_t i = 0; i < planes.size() && pairs.size() < kMaxPlanePairs; ++i) {
        if ((comparisons += planes.size() - i - 1) > kMaxPlaneComparisons) break;
        for (std::size_t j = i + 1; j < planes.size() && pairs.size() < kMaxPlanePairs; ++j) {
            const auto& a = planes[i];
            const auto& b = planes[j];
            if (std::abs(dot(a.normal, b.normal)) <= 0.999) continue;
            const Vec3 d{b.origin[0] - a.origin[0], b.origin[1] - a.origin[1], b.origin[2] - a.origin[2]};
            const double offset = std::abs(dot(d, a.normal));
            if (offset < 1e-6) continue;
            const std::array<long long, 4> key{
                std::llround(offset * 1e6), std::llround(std::abs(a.normal[0]) * 1e6),
                std::llround(std::abs(a.normal[1]) * 1e6), std::llround(std::abs(a.normal[2]) * 1e6)};
            if (!seen.insert(key).second) continue;
            PlanePair p;
            p.offset = roundLength(offset);
            p.normal = roundLength(a.normal);
            p.faceA = a.index;
            p.faceB = b.index;
            pairs.push_back(p);
        }
    }
    std::stable_sort(pairs.begin(), pairs.end(),
                     [](const PlanePair& x, const PlanePair& y) { return x.offset < y.offset; });
    for (std::size_t i = 0; i < pairs.size(); ++i)
        pairs[i].id = "plane_pair_" + std::to_string(i);
    bank.planePairs = std::move(pairs);
}

} // namespace

double BankGlobals::obbDiagonal() const {
    return std::sqrt(dot(obbSorted, obbSorted));
}

std::string CylinderCluster::label() const {
    std::string n = id.substr(id.rfind('_') + 1);
    int idx = 0;
    try {
        idx = std::stoi(n);
    } catch (...) {
    }
    return "cylinder cluster #" + std::to_string(idx + 1) + " (" + (convex ? "convex" : "concave") +
           ", r=" + fmt(radius) + ", \xC3\x97" + std::to_string(count()) + ")";
}

std::string PlanePair::label() const {
    std::string out = "plane pair offset (normal ";
    out.append(axisName(normal)).append(")");
    return out;
}

const FeatureValue* FeatureEntry::value(const std::string& key) const {
    for (const auto& v : values)
        if (v.key == key) return &v;
    return nullptr;
}

const FeatureVector* FeatureEntry::vector(const std::string& key) const {
    for (const auto& v : vectors)
        if (v.key == key) return &v;
    return nullptr;
}

MeasurementBank bankFromShape(const TopoDS_Shape& shape, const KnownIntegrals* known) {
    MeasurementBank bank;
    if (shape.IsNull()) return bank;
    try {
        TopTools_IndexedMapOfShape solids, faces;
        TopExp::MapShapes(shape, TopAbs_SOLID, solids);
        TopExp::MapShapes(shape, TopAbs_FACE, faces);
        bank.solidCount = std::max(solids.Extent(), 1);
        if (known && known->faceCentroids.size() != static_cast<std::size_t>(faces.Extent())) known = nullptr;
        measureGlobals(shape, bank, known);

        std::vector<CylFace> cylinders;
        std::vector<PlaneFace> planes;
        for (int i = 1; i <= faces.Extent(); ++i) {
            const TopoDS_Face face = TopoDS::Face(faces(i));
            BRepAdaptor_Surface surf(face,
                                     Standard_False); // no UV-bounds pass: only type and parameters are read
            const GeomAbs_SurfaceType type = surf.GetType();
            bank.faceStats[surfaceTypeName(type)] += 1;
            if (type == GeomAbs_Cylinder) {
                const gp_Cylinder cyl = surf.Cylinder();
                Vec3 centroid;
                if (known) {
                    centroid = known->faceCentroids[static_cast<std::size_t>(i - 1)];
                } else {
                    GProp_GProps fp;
                    BRepGProp::SurfaceProperties(face, fp);
                    centroid = toVec(fp.CentreOfMass().XYZ());
                }
                double u0, u1, v0, v1;
                BRepTools::UVBounds(face, u0, u1, v0, v1);
                cylinders.push_back({i - 1, face.Orientation() == TopAbs_FORWARD, cyl.Radius(),
                                     toVec(cyl.Axis().Direction().XYZ()), toVec(cyl.Location().XYZ()),
                                     centroid, std::abs(v1 - v0)});
            } else if (type == GeomAbs_Plane) {
                const gp_Pln pln = surf.Plane();
                planes.push_back({i - 1, toVec(pln.Axis().Direction().XYZ()), toVec(pln.Location().XYZ())});
            } else if (type == GeomAbs_Cone) {
                const gp_Cone cone = surf.Cone();
                double u0, u1, v0, v1;
                BRepTools::UVBounds(face, u0, u1, v0, v1);
                // The original's r(v) = R_ref + v·tan(semi-angle) (§8.3), kept for parity.
                const double t = std::tan(cone.SemiAngle());
                const double ra = std::max(0.0, cone.RefRadius() + v0 * t);
                const double rb = std::max(0.0, cone.RefRadius() + v1 * t);
                ConicSurface c;
                c.id = "conic_surface_" + std::to_string(bank.conicSurfaces.size());
                c.radiusMin = roundLength(std::min(ra, rb));
                c.radiusMax = roundLength(std::max(ra, rb));
                c.axialExtent = roundLength(std::abs(v1 - v0));
                c.axis = roundLength(toVec(cone.Axis().Direction().XYZ()));
                c.apex = roundLength(toVec(cone.Apex().XYZ()));
                c.face = i - 1;
                bank.conicSurfaces.push_back(c);
            }
        }
        clusterCylinders(cylinders, bank);
        pairPlanes(planes, bank);
        runDetectors(bank);
    } catch (const Standard_Failure& e) {
        throw MeasurementError(std::string("measurement bank: OCCT failed: ") +
                               (e.GetMessageString() ? e.GetMessageString() : "unknown error"));
    }
    return bank;
}

namespace {

// FreeCAD boilerplate objects the original's feature-tree walk skips.
bool isHelper(const std::string& type) {
    return type == "App::Origin" || type == "App::Line" || type == "App::Plane" ||
           type == "App::DocumentObjectGroup" || type == "PartDesign::CoordinateSystem";
}

bool isAngleProperty(const std::string& name) {
    return name.find("Angle") != std::string::npos;
}

FeatureEntry featureEntry(const FcObject& o) {
    static const char* scalarProps[] = {
        "Length", "Length2", "Radius", "Radius1", "Radius2", "Diameter",    "Depth",       "Size",
        "Height", "Width",   "Angle",  "Angle1",  "Angle2",  "MajorRadius", "MinorRadius", "Occurrences"};
    FeatureEntry e;
    e.name = o.name;
    e.type = o.type;
    for (const char* prop : scalarProps) {
        const auto v = o.number(prop);
        if (!v || !std::isfinite(*v)) continue;
        e.values.push_back(
            {prop, isAngleProperty(prop) ? roundAngle(*v * std::numbers::pi / 180.0) : roundLength(*v)});
    }
    if (const FcProperty* p = o.property("Placement"); p && p->placement)
        e.vectors.push_back(
            {"Placement.Position", roundLength(Vec3{p->placement->px, p->placement->py, p->placement->pz})});
    if (o.type != "Sketcher::SketchObject") return e;

    // Line-pair angles grow quadratically; an untrusted sketch with more lines than this gets none.
    constexpr std::size_t kMaxAngleLines = 1000;
    std::vector<std::pair<int, Vec3>> lineDirs;
    for (std::size_t k = 0; k < o.sketchGeometry.size(); ++k) {
        const SketchGeometry& g = o.sketchGeometry[k];
        const std::string base = "Geometry[" + std::to_string(k) + "].";
        switch (g.kind) {
        case SketchGeometry::Kind::Circle:
            e.values.push_back({base + "CircleRadius", roundLength(g.radius)});
            e.vectors.push_back({base + "CircleCenter", roundLength(Vec3{g.cx, g.cy, 0})});
            break;
        case SketchGeometry::Kind::Arc:
            // The original matches "Circle" in the Python type name first, so an ArcOfCircle is
            // recorded as a circle (radius and centre); kept for parity.
            if (g.typeName.find("Circle") != std::string::npos) {
                e.values.push_back({base + "CircleRadius", roundLength(g.radius)});
                e.vectors.push_back({base + "CircleCenter", roundLength(Vec3{g.cx, g.cy, 0})});
            } else {
                e.values.push_back({base + "ArcRadius", roundLength(g.radius)});
            }
            break;
        case SketchGeometry::Kind::Line: {
            const double dx = g.x2 - g.x1, dy = g.y2 - g.y1, len = std::hypot(dx, dy);
            e.values.push_back({base + "LineLength", roundLength(len)});
            if (len > 1e-12) lineDirs.push_back({static_cast<int>(k), Vec3{dx / len, dy / len, 0}});
            break;
        }
        default:
            break;
        }
    }
    if (lineDirs.size() > kMaxAngleLines) lineDirs.clear();
    for (std::size_t i = 0; i < lineDirs.size(); ++i) {
        for (std::size_t j = i + 1; j < lineDirs.size(); ++j) {
            const double c = std::min(1.0, std::abs(dot(lineDirs[i].second, lineDirs[j].second)));
            const double angle = std::acos(c);
            if (angle < 1e-4) continue; // (near-)parallel lines carry no angle
            e.values.push_back({"LineAngle[" + std::to_string(lineDirs[i].first) + "," +
                                    std::to_string(lineDirs[j].first) + "]",
                                roundAngle(angle)});
        }
    }
    for (std::size_t i = 0; i < o.sketchConstraints.size(); ++i) {
        const SketchConstraint& c = o.sketchConstraints[i];
        if ((c.typeName == "Angle" || c.type == 9) && std::isfinite(c.value))
            e.values.push_back({"Constraint[" + std::to_string(i) + "].Angle", roundAngle(c.value)});
    }
    return e;
}

// Whether some Part-workbench object consumes this one (the original prefers objects that are not).
bool hasPartConsumer(const FcDocument& doc, const std::string& name) {
    for (const auto& o : doc.objects)
        if (o.name != name && o.type.rfind("Part::", 0) == 0 &&
            std::find(o.outList.begin(), o.outList.end(), name) != o.outList.end())
            return true;
    return false;
}

double shapeVolume(const TopoDS_Shape& s) {
    if (s.IsNull()) return 0;
    TopTools_IndexedMapOfShape solids;
    TopExp::MapShapes(s, TopAbs_SOLID, solids);
    if (solids.Extent() == 0) return 0;
    GProp_GProps p;
    BRepGProp::VolumeProperties(s, p);
    return p.Mass();
}

} // namespace

void addFeatureTree(MeasurementBank& bank, const FcDocument& document) {
    for (const auto& o : document.objects) {
        if (isHelper(o.type)) continue;
        FeatureEntry e = featureEntry(o);
        if (!e.values.empty() || !e.vectors.empty()) bank.featureTree.push_back(std::move(e));
    }
}

namespace {

const FcObject* representativeOf(const FcDocument& candidate) {
    const FcObject* rep = nullptr;
    for (const auto& o : candidate.objects) {
        if (o.type == "PartDesign::Body") {
            rep = &o;
            break;
        }
    }
    if (!rep) {
        // No Body: the first object with a positive-volume solid, preferring ones no Part:: object consumes.
        std::vector<const FcObject*> candidates;
        for (const auto& o : candidate.objects) {
            if (o.type == "Part::Feature" || isHelper(o.type)) continue;
            try {
                if (shapeVolume(o.shape()) > 0) candidates.push_back(&o);
            } catch (const Standard_Failure&) {
            }
        }
        for (const FcObject* o : candidates) {
            if (!hasPartConsumer(candidate, o->name)) {
                rep = o;
                break;
            }
        }
        if (!rep && !candidates.empty()) rep = candidates.front();
    }
    return rep;
}

MeasurementBank bankOf(const FcDocument& candidate, const FcObject* rep, const KnownIntegrals* known) {
    MeasurementBank bank;
    if (!rep) return bank; // solidCount 0: nothing parametric to measure
    bank = bankFromShape(rep->shape(), known);
    bank.representative = rep->name;
    if (rep->type == "PartDesign::Body") bank.solidCount = std::max(bank.solidCount, 1);
    addFeatureTree(bank, candidate);
    runDetectors(bank);
    return bank;
}

} // namespace

MeasurementBank buildMeasurementBank(const FcDocument& candidate) {
    return bankOf(candidate, representativeOf(candidate), nullptr);
}

MeasurementBank buildMeasurementBank(const MeasuredDocument& candidate) {
    const FcObject* rep = representativeOf(candidate.document);
    if (!rep || !candidate.features || rep->name != candidate.scoredBody ||
        !rep->shape().IsEqual(candidate.shape) ||
        candidate.faces.size() != std::size_t(candidate.features->nFaces))
        return bankOf(candidate.document, rep, nullptr);
    const GeometryFeatures& f = *candidate.features;
    KnownIntegrals known;
    known.volume = f.volume;
    known.centreOfMass = f.centreOfMass;
    known.area = f.area;
    known.faceCentroids.reserve(candidate.faces.size());
    for (const FaceSample& s : candidate.faces)
        known.faceCentroids.push_back({s.centre.x(), s.centre.y(), s.centre.z()});
    return bankOf(candidate.document, rep, &known);
}

} // namespace vernier
