// Document.xml parsing (QXmlStreamReader, depth- and size-capped) and shape loading for FcDocument.
// Storage facts checked against FreeCAD 0.20.2 output are listed in fcstd-format.md.
#include "scoring/fcstd_document.h"

#include <QByteArray>
#include <QXmlStreamReader>
#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "scoring/brep_reader.h"
#include "scoring/errors.h"

namespace vernier {

struct FcObject::StoredShape {
    std::once_flag once;
    std::string what; // "shape file 'PartShape3.brp' of object 'Pad'", for reasons
    std::shared_ptr<const SafeZip> archive;
    std::string entry; // zip entry (with archive), else
    std::string bytes; // inline bytes
    TopoDS_Shape shape;
    std::exception_ptr error;
};

namespace {

constexpr std::uint64_t kMaxDocumentXmlBytes = 64ull << 20; // real documents: < 5 MiB
constexpr int kMaxXmlDepth = 64;                            // real documents: < 15

std::string attr(const QXmlStreamReader& r, const char* name) {
    return r.attributes().value(QLatin1String(name)).toString().toStdString();
}

double attrNum(const QXmlStreamReader& r, const char* name, double fallback = 0) {
    const auto v = r.attributes().value(QLatin1String(name));
    if (v.isEmpty()) return fallback;
    bool ok = false;
    const double d = v.toDouble(&ok);
    return ok ? d : fallback;
}

bool hasAttr(const QXmlStreamReader& r, const char* name) {
    return r.attributes().hasAttribute(QLatin1String(name));
}

void pushUnique(std::vector<std::string>& v, const std::string& s) {
    if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

const char* constraintTypeName(int t) {
    static const char* names[] = {"None",      "Coincident",    "Horizontal",    "Vertical",
                                  "Parallel",  "Tangent",       "Distance",      "DistanceX",
                                  "DistanceY", "Angle",         "Perpendicular", "Radius",
                                  "Equal",     "PointOnObject", "Symmetric",     "InternalAlignment",
                                  "SnellsLaw", "Block",         "Diameter",      "Weight"};
    return (t >= 0 && t < static_cast<int>(std::size(names))) ? names[t] : "";
}

// Inline shapes (<Part brep="1"> / <Part binary="1">) carry BREP text or base64 in their character data.
std::string inlineShapeBytes(const std::string& text) {
    if (sniffBrep(text) != BrepFormat::Unknown) return text;
    QByteArray decoded = QByteArray::fromBase64(QByteArray::fromStdString(text));
    return decoded.toStdString();
}

// Parses Document.xml into objects; returns inline shape bytes per object name.
std::unordered_map<std::string, std::string> parseDocumentXml(const std::string& xml, FcDocument& doc) {
    QXmlStreamReader r(QByteArray::fromRawData(xml.data(), static_cast<qsizetype>(xml.size())));
    std::unordered_map<std::string, std::size_t> index;
    std::unordered_map<std::string, std::vector<std::string>> deps;
    std::unordered_map<std::string, std::string> inlineShapes;
    auto objectNamed = [&](const std::string& name) -> FcObject& {
        auto it = index.find(name);
        if (it != index.end()) return doc.objects[it->second];
        index.emplace(name, doc.objects.size());
        doc.objects.emplace_back();
        doc.objects.back().name = name;
        return doc.objects.back();
    };

    int depth = 0;
    bool sawDocument = false, inObjects = false, inObjectData = false;
    std::string depsOf;
    FcObject* obj = nullptr;
    FcProperty* prop = nullptr;
    SketchGeometry* geo = nullptr;

    while (!r.atEnd()) {
        const auto token = r.readNext();
        if (token == QXmlStreamReader::EndElement) {
            --depth;
            const auto n = r.name();
            if (n == QLatin1String("Property"))
                prop = nullptr, geo = nullptr;
            else if (n == QLatin1String("Geometry"))
                geo = nullptr;
            else if (n == QLatin1String("Object") && !prop)
                obj = nullptr;
            else if (n == QLatin1String("Objects"))
                inObjects = false;
            else if (n == QLatin1String("ObjectData"))
                inObjectData = false;
            continue;
        }
        if (token != QXmlStreamReader::StartElement) continue;
        if (++depth > kMaxXmlDepth)
            throw InputError("Document.xml nests deeper than " + std::to_string(kMaxXmlDepth) + " levels");
        const auto n = r.name();
        if (!sawDocument) {
            if (n != QLatin1String("Document")) throw InputError("Document.xml has no <Document> root");
            sawDocument = true;
            doc.programVersion = attr(r, "ProgramVersion");
            continue;
        }
        if (prop) {
            if (n == QLatin1String("Float") || n == QLatin1String("Integer") ||
                n == QLatin1String("Quantity")) {
                if (!prop->number) prop->number = attrNum(r, "value");
            } else if (n == QLatin1String("Bool")) {
                prop->number = attr(r, "value") == "true" ? 1.0 : 0.0;
            } else if (n == QLatin1String("String")) {
                prop->text = attr(r, "value");
            } else if (n == QLatin1String("Link")) {
                pushUnique(prop->links, hasAttr(r, "obj") ? attr(r, "obj") : attr(r, "value"));
            } else if (n == QLatin1String("LinkSub")) {
                pushUnique(prop->links, attr(r, "value"));
            } else if (n == QLatin1String("XLink") || n == QLatin1String("XLinkSub")) {
                if (attr(r, "file").empty()) pushUnique(prop->links, attr(r, "name"));
            } else if (n == QLatin1String("PropertyPlacement")) {
                Placement p;
                p.px = attrNum(r, "Px"), p.py = attrNum(r, "Py"), p.pz = attrNum(r, "Pz");
                p.q0 = attrNum(r, "Q0"), p.q1 = attrNum(r, "Q1"), p.q2 = attrNum(r, "Q2"),
                p.q3 = attrNum(r, "Q3", 1);
                prop->placement = p;
            } else if (n == QLatin1String("Part")) {
                if (hasAttr(r, "file")) {
                    prop->shapeEntry = attr(r, "file");
                } else if (prop->name == "Shape" && obj) {
                    const QString text = r.readElementText(QXmlStreamReader::SkipChildElements);
                    --depth; // readElementText consumed the end element
                    inlineShapes[obj->name] = inlineShapeBytes(text.trimmed().toStdString());
                }
            } else if (n == QLatin1String("Geometry") && obj) {
                obj->sketchGeometry.emplace_back();
                geo = &obj->sketchGeometry.back();
                geo->typeName = attr(r, "type");
            } else if (geo) {
                if (n == QLatin1String("Construction")) {
                    geo->construction = attr(r, "value") == "1" || attr(r, "value") == "true";
                } else if (n == QLatin1String("GeoExtension") && hasAttr(r, "geometryModeFlags")) {
                    // Bit 1 of GeometryMode is Construction; the flags are written most significant bit
                    // first.
                    const std::string f = attr(r, "geometryModeFlags");
                    if (f.size() >= 2 && f[f.size() - 2] == '1') geo->construction = true;
                } else if (n == QLatin1String("LineSegment")) {
                    geo->kind = SketchGeometry::Kind::Line;
                    geo->x1 = attrNum(r, "StartX"), geo->y1 = attrNum(r, "StartY");
                    geo->x2 = attrNum(r, "EndX"), geo->y2 = attrNum(r, "EndY");
                } else if (n == QLatin1String("Circle") || n == QLatin1String("ArcOfCircle")) {
                    geo->kind = n == QLatin1String("Circle") ? SketchGeometry::Kind::Circle
                                                             : SketchGeometry::Kind::Arc;
                    geo->cx = attrNum(r, "CenterX"), geo->cy = attrNum(r, "CenterY");
                    geo->radius = attrNum(r, "Radius");
                    geo->startAngle = attrNum(r, "StartAngle"), geo->endAngle = attrNum(r, "EndAngle");
                } else if (n == QLatin1String("Point") && hasAttr(r, "X")) {
                    geo->kind = SketchGeometry::Kind::Point;
                    geo->x1 = geo->x2 = attrNum(r, "X"), geo->y1 = geo->y2 = attrNum(r, "Y");
                }
            } else if (n == QLatin1String("Constrain") && obj) {
                SketchConstraint c;
                c.name = attr(r, "Name");
                c.type = static_cast<int>(attrNum(r, "Type"));
                c.typeName = constraintTypeName(c.type);
                c.value = attrNum(r, "Value");
                c.first = static_cast<int>(attrNum(r, "First", -2000));
                c.second = static_cast<int>(attrNum(r, "Second", -2000));
                obj->sketchConstraints.push_back(std::move(c));
            }
            continue;
        }
        if (n == QLatin1String("Objects")) {
            inObjects = true;
        } else if (n == QLatin1String("ObjectData")) {
            inObjectData = true;
        } else if (n == QLatin1String("ObjectDeps") && inObjects) {
            depsOf = attr(r, "Name");
            deps[depsOf];
        } else if (n == QLatin1String("Dep") && inObjects) {
            deps[depsOf].push_back(attr(r, "Name"));
        } else if (n == QLatin1String("Object") && (inObjects || inObjectData)) {
            const std::string name = attr(r, "name");
            if (name.empty()) throw InputError("Document.xml has an <Object> without a name");
            FcObject& o = objectNamed(name);
            if (inObjects) o.type = attr(r, "type");
            if (attr(r, "Touched") == "1") o.touched = true;
            if (attr(r, "Invalid") == "1") o.invalid = true;
            if (hasAttr(r, "Error")) o.error = attr(r, "Error");
            if (inObjectData) obj = &o;
        } else if (n == QLatin1String("Property") && obj) {
            const std::string name = attr(r, "name");
            FcProperty& p = obj->properties[name];
            p.name = name;
            p.type = attr(r, "type");
            prop = &p;
        }
    }
    if (r.hasError())
        throw InputError("Document.xml is malformed: " + r.errorString().toStdString() + " (line " +
                         std::to_string(r.lineNumber()) + ")");
    if (!sawDocument) throw InputError("Document.xml is empty");

    for (FcObject& o : doc.objects) {
        if (o.type.empty()) throw InputError("Document.xml: object '" + o.name + "' has no type");
        if (const FcProperty* label = o.property("Label")) o.label = label->text;
        if (o.label.empty()) o.label = o.name;
        // FreeCAD's own OutList (ObjectDeps) first, then every link property, in a stable order.
        if (auto it = deps.find(o.name); it != deps.end())
            for (const auto& d : it->second)
                pushUnique(o.outList, d);
        for (const auto& [pname, p] : o.properties)
            for (const auto& l : p.links)
                pushUnique(o.outList, l);
        o.outList.erase(std::remove(o.outList.begin(), o.outList.end(), o.name), o.outList.end());
    }
    return inlineShapes;
}

FcDocument loadFromZip(std::shared_ptr<const SafeZip> archive, const std::string& fileName,
                       ShapeLoading shapes) {
    const SafeZip& zip = *archive;
    const ZipEntryInfo* xmlInfo = nullptr;
    for (const auto& e : zip.entries())
        if (e.name == "Document.xml") xmlInfo = &e;
    if (!xmlInfo) throw InputError("no Document.xml in the archive (not a FreeCAD document)");
    if (xmlInfo->uncompressedSize > kMaxDocumentXmlBytes)
        throw InputError("Document.xml is larger than " + std::to_string(kMaxDocumentXmlBytes >> 20) +
                         " MiB");

    FcDocument doc;
    doc.fileName = fileName;
    auto inlineShapes = parseDocumentXml(zip.read("Document.xml"), doc);

    for (FcObject& o : doc.objects) {
        const FcProperty* shapeProp = o.property("Shape");
        if (!shapeProp) continue;
        auto stored = std::make_shared<FcObject::StoredShape>();
        if (!shapeProp->shapeEntry.empty()) {
            stored->what = "shape file '" + shapeProp->shapeEntry + "' of object '" + o.name + "'";
            if (!zip.contains(shapeProp->shapeEntry))
                throw InputError(stored->what + " is missing from the archive");
            stored->archive = archive;
            stored->entry = shapeProp->shapeEntry;
        } else if (auto it = inlineShapes.find(o.name); it != inlineShapes.end()) {
            stored->what = "inline shape of object '" + o.name + "'";
            stored->bytes = std::move(it->second);
        } else {
            continue;
        }
        o.stored = std::move(stored);
        if (shapes == ShapeLoading::Eager) o.shape(); // parse now: a corrupt shape fails the load
    }
    return doc;
}

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

const TopoDS_Shape& FcObject::shape() const {
    static const TopoDS_Shape kNull;
    if (!stored) return kNull;
    StoredShape& s = *stored;
    std::call_once(s.once, [&s] {
        try {
            s.shape = readBrep(s.archive ? s.archive->read(s.entry) : s.bytes, s.what);
        } catch (...) {
            s.error = std::current_exception();
        }
        s.archive.reset();
        std::string().swap(s.bytes);
    });
    if (s.error) std::rethrow_exception(s.error);
    return s.shape;
}

void FcObject::setShape(const TopoDS_Shape& shape) {
    stored = std::make_shared<StoredShape>();
    std::call_once(stored->once, [] {});
    stored->shape = shape;
}

const FcProperty* FcObject::property(const std::string& n) const {
    auto it = properties.find(n);
    return it == properties.end() ? nullptr : &it->second;
}

std::optional<double> FcObject::number(const std::string& prop) const {
    const FcProperty* p = property(prop);
    return p ? p->number : std::nullopt;
}

const FcObject* FcDocument::find(const std::string& name) const {
    for (const auto& o : objects)
        if (o.name == name) return &o;
    return nullptr;
}

FcDocument FcDocument::load(const std::string& path, const ZipLimits& limits, ShapeLoading shapes) {
    return loadFromZip(std::make_shared<const SafeZip>(SafeZip::openFile(path, limits)), baseName(path),
                       shapes);
}

FcDocument FcDocument::parseXml(const std::string& documentXml, const std::string& fileName) {
    if (documentXml.size() > kMaxDocumentXmlBytes)
        throw InputError("Document.xml is larger than " + std::to_string(kMaxDocumentXmlBytes >> 20) +
                         " MiB");
    FcDocument doc;
    doc.fileName = baseName(fileName);
    parseDocumentXml(documentXml, doc);
    return doc;
}

FcDocument FcDocument::loadBytes(const std::string& bytes, const std::string& fileName,
                                 const ZipLimits& limits, ShapeLoading shapes) {
    return loadFromZip(std::make_shared<const SafeZip>(SafeZip::openBytes(bytes, limits)), baseName(fileName),
                       shapes);
}

} // namespace vernier
