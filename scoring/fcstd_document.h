// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The objects of a FreeCAD document (.FCStd) as stored: types, links, quantities, sketches, shapes.
// Read without FreeCAD (docs/fcstd.md); nothing is recomputed.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <TopoDS_Shape.hxx>

#include "scoring/brep_census.h"
#include "scoring/safe_zip.h"

namespace vernier {

// FreeCAD Placement: position and rotation quaternion (x, y, z, w) = (Q0, Q1, Q2, Q3).
struct Placement {
    double px = 0, py = 0, pz = 0;
    double q0 = 0, q1 = 0, q2 = 0, q3 = 1;
};

// One element of a sketch's Geometry property, in sketch-local 2D coordinates.
struct SketchGeometry {
    enum class Kind { Line, Circle, Arc, Point, Other };
    Kind kind = Kind::Other;
    std::string typeName; // FreeCAD type, e.g. "Part::GeomLineSegment"
    bool construction = false;
    double x1 = 0, y1 = 0, x2 = 0, y2 = 0; // Line: start and end
    double cx = 0, cy = 0, radius = 0;     // Circle / Arc
    double startAngle = 0, endAngle = 0;   // Arc, radians
};

// One sketch constraint (only what spec checks need).
struct SketchConstraint {
    std::string name;
    int type = 0;         // FreeCAD's ConstraintType enum value
    std::string typeName; // "Angle", "Distance", "Radius", ... when known
    double value = 0;     // as stored (angles in radians, lengths in mm)
    int first = -2000, second = -2000;
};

// A property of a document object. Only the fields matching its kind are set.
struct FcProperty {
    std::string name;
    std::string type;                   // e.g. "App::PropertyLength"
    std::optional<double> number;       // Float/Integer/Bool/Quantity value (angles in degrees, as stored)
    std::vector<std::string> links;     // Link / LinkList / LinkSub targets, in order
    std::optional<Placement> placement; // PropertyPlacement
    std::string text;                   // String / Enumeration value
    std::string shapeEntry;             // PropertyPartShape: zip entry name (empty: inline or none)
};

// When a document's stored shapes are parsed. Eager: all at load, so any corrupt shape fails the load
// (inspection, the viewers). OnDemand: each on its first use, so scoring parses only the shapes it
// reads (the scored Body, its Tip, ...): a corrupt shape nobody reads is ignored, as FreeCAD ignores
// one it cannot restore, and one that is read throws InputError from FcObject::shape().
enum class ShapeLoading { Eager, OnDemand };

// One document object with its stored shape (null when the stored shape is empty or absent).
struct FcObject {
    std::string name;
    std::string type; // TypeId, e.g. "PartDesign::Pad"
    std::string label;
    bool touched = false;
    bool invalid = false;
    std::string error; // Error attribute when invalid
    std::map<std::string, FcProperty> properties;
    std::vector<SketchGeometry> sketchGeometry;      // Sketcher::SketchObject only
    std::vector<SketchConstraint> sketchConstraints; // Sketcher::SketchObject only
    // Stored Shape, with its top-level location (the object's Placement); null when absent or empty.
    // Thread-safe; with ShapeLoading::OnDemand the first call parses it (InputError when corrupt).
    const TopoDS_Shape& shape() const;
    void setShape(const TopoDS_Shape& shape); // for documents built in code (tests)
    // The stored shape's faces, solids and polyhedral volume read from its text without parsing it
    // (brep_census.h); nothing when the shape is parsed already, is not text, or is text the census does not
    // read exactly. Thread-safe; computed once. The bytes it reads are kept for a later shape().
    const std::optional<BrepCensus>& census() const;
    // Size of the stored shape's bytes (uncompressed, as the archive declares it); 0 when there are none or
    // the shape was built in code. Known from the load on, without parsing; safe from any thread.
    std::uint64_t storedShapeBytes() const;

    const FcProperty* property(const std::string& n) const;
    // Objects this one links to (all link-type properties, ObjectDeps when present), in order, unique.
    std::vector<std::string> outList;
    std::optional<double> number(const std::string& prop) const;

    // The stored bytes (or shape) behind shape(); shared by copies of the object.
    struct StoredShape;
    std::shared_ptr<StoredShape> stored;
};

// A whole document: objects in document order.
class FcDocument {
public:
    std::string fileName;       // basename, for reasons
    std::string programVersion; // e.g. "0.20R"
    std::vector<FcObject> objects;

    const FcObject* find(const std::string& name) const;

    // Read from a path or from bytes (a document inside a bundle zip). Throws InputError with a
    // one-line reason on bad input (not a zip, limits, no/malformed Document.xml, corrupt shape).
    static FcDocument load(const std::string& path, const ZipLimits& limits = {},
                           ShapeLoading shapes = ShapeLoading::Eager);
    static FcDocument loadBytes(const std::string& bytes, const std::string& fileName,
                                const ZipLimits& limits = {}, ShapeLoading shapes = ShapeLoading::Eager);
    // Document.xml alone: objects, properties, sketches; no shapes are loaded (all null).
    static FcDocument parseXml(const std::string& documentXml, const std::string& fileName);
};

} // namespace vernier
