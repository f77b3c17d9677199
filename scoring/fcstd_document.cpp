// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Document.xml parsing (pugixml, depth- and size-capped) and shape loading for FcDocument.
// Storage facts checked against FreeCAD 0.20.2 output are listed in docs/fcstd.md.
#include "scoring/fcstd_document.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringDecoder>
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <pugixml.hpp>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "scoring/brep_reader.h"
#include "scoring/errors.h"
#include "scoring/xml_text.h"

namespace vernier {

struct FcObject::StoredShape {
    std::mutex mutex; // guards everything below but `what` and `size`
    std::string what; // "shape file 'PartShape3.brp' of object 'Pad'", for reasons
    std::shared_ptr<const SafeZip> archive;
    std::string entry;      // zip entry (with archive), else
    std::string bytes;      // inline bytes, or the entry's once read (for the census, kept for a parse)
    bool bytesHeld = false; // `bytes` holds the stored bytes
    std::uint64_t size = 0; // the stored bytes' (uncompressed) size; set at load, never changed
    bool parsed = false;    // `shape` or `error` is the parse's outcome
    TopoDS_Shape shape;
    std::exception_ptr error;
    bool censusTaken = false;
    std::optional<BrepCensus> census;

    // Under `mutex`.
    const std::string& heldBytes() {
        if (!bytesHeld && archive) bytes = archive->read(entry);
        bytesHeld = true;
        return bytes;
    }
};

namespace {

constexpr std::uint64_t kMaxDocumentXmlBytes = 16ull << 20; // real documents: < 5 MiB
constexpr int kMaxXmlDepth = 64;                            // real documents: < 15

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

// The element names the reader acts on.
enum class Tag {
    Other,
    Document,
    Objects,
    ObjectData,
    ObjectDeps,
    Dep,
    Object,
    Property,
    Float,
    Integer,
    Quantity,
    Bool,
    String,
    Link,
    LinkSub,
    XLink,
    XLinkSub,
    PropertyPlacement,
    Part,
    Geometry,
    Construction,
    GeoExtension,
    LineSegment,
    Circle,
    ArcOfCircle,
    Point,
    Constrain
};

Tag tagOf(pugi::xml_node e) {
    static constexpr std::pair<std::string_view, Tag> kTags[] = {
        {"Document", Tag::Document},
        {"Objects", Tag::Objects},
        {"ObjectData", Tag::ObjectData},
        {"ObjectDeps", Tag::ObjectDeps},
        {"Dep", Tag::Dep},
        {"Object", Tag::Object},
        {"Property", Tag::Property},
        {"Float", Tag::Float},
        {"Integer", Tag::Integer},
        {"Quantity", Tag::Quantity},
        {"Bool", Tag::Bool},
        {"String", Tag::String},
        {"Link", Tag::Link},
        {"LinkSub", Tag::LinkSub},
        {"XLink", Tag::XLink},
        {"XLinkSub", Tag::XLinkSub},
        {"PropertyPlacement", Tag::PropertyPlacement},
        {"Part", Tag::Part},
        {"Geometry", Tag::Geometry},
        {"Construction", Tag::Construction},
        {"GeoExtension", Tag::GeoExtension},
        {"LineSegment", Tag::LineSegment},
        {"Circle", Tag::Circle},
        {"ArcOfCircle", Tag::ArcOfCircle},
        {"Point", Tag::Point},
        {"Constrain", Tag::Constrain},
    };
    std::string_view name = e.name();
    if (const auto colon = name.rfind(':'); colon != std::string_view::npos) // local name, as Qt matched it
        name.remove_prefix(colon + 1);
    for (const auto& [n, tag] : kTags)
        if (n == name) return tag;
    return Tag::Other;
}

std::string attr(pugi::xml_node e, const char* name) {
    return e.attribute(name).value();
}

bool hasAttr(pugi::xml_node e, const char* name) {
    return static_cast<bool>(e.attribute(name));
}

double attrNum(pugi::xml_node e, const char* name, double fallback = 0) {
    return xml::toNumber(e.attribute(name).value()).value_or(fallback);
}

// Integer attributes are read as numbers and truncated; one that does not fit an int reads as missing.
int attrInt(pugi::xml_node e, const char* name, int fallback) {
    const double d = attrNum(e, name, fallback);
    return d > INT_MIN - 1.0 && d < INT_MAX + 1.0 ? static_cast<int>(d) : fallback;
}

// The element's own character data (text and CDATA, not its children's), as readElementText read it.
std::string elementText(pugi::xml_node e) {
    std::string text;
    for (pugi::xml_node c = e.first_child(); c; c = c.next_sibling())
        if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) text += c.value();
    return text;
}

// Document.xml's elements in document order, through the state machine FreeCAD's layout needs: objects
// (<Objects>), their data (<ObjectData>), properties and what they hold, sketch geometry and constraints.
class DocumentXmlReader {
public:
    explicit DocumentXmlReader(FcDocument& doc) : doc_(doc) {}

    // Returns false when the element's content was taken whole (an inline shape): no children, no end.
    bool start(pugi::xml_node e);
    void end(pugi::xml_node e);
    void finish();
    std::unordered_map<std::string, std::string> takeInlineShapes() { return std::move(inlineShapes_); }

private:
    FcObject& objectNamed(const std::string& name);
    void propertyContent(pugi::xml_node e, Tag tag);

    FcDocument& doc_;
    std::unordered_map<std::string, std::size_t> index_;
    std::unordered_map<std::string, std::vector<std::string>> deps_;
    std::unordered_map<std::string, std::string> inlineShapes_;
    bool sawDocument_ = false, inObjects_ = false, inObjectData_ = false;
    std::string depsOf_;
    FcObject* obj_ = nullptr;
    FcProperty* prop_ = nullptr;
    SketchGeometry* geo_ = nullptr;
};

FcObject& DocumentXmlReader::objectNamed(const std::string& name) {
    auto it = index_.find(name);
    if (it != index_.end()) return doc_.objects[it->second];
    index_.emplace(name, doc_.objects.size());
    doc_.objects.emplace_back();
    doc_.objects.back().name = name;
    return doc_.objects.back();
}

bool DocumentXmlReader::start(pugi::xml_node e) {
    const Tag tag = tagOf(e);
    if (!sawDocument_) {
        if (tag != Tag::Document) throw InputError("Document.xml has no <Document> root");
        sawDocument_ = true;
        doc_.programVersion = attr(e, "ProgramVersion");
        return true;
    }
    if (prop_) {
        if (tag == Tag::Part && !hasAttr(e, "file") && prop_->name == "Shape" && obj_) {
            inlineShapes_[obj_->name] = inlineShapeBytes(std::string(xml::trimmed(elementText(e))));
            return false;
        }
        propertyContent(e, tag);
        return true;
    }
    if (tag == Tag::Objects) {
        inObjects_ = true;
    } else if (tag == Tag::ObjectData) {
        inObjectData_ = true;
    } else if (tag == Tag::ObjectDeps && inObjects_) {
        depsOf_ = attr(e, "Name");
        deps_[depsOf_];
    } else if (tag == Tag::Dep && inObjects_) {
        deps_[depsOf_].push_back(attr(e, "Name"));
    } else if (tag == Tag::Object && (inObjects_ || inObjectData_)) {
        const std::string name = attr(e, "name");
        if (name.empty()) throw InputError("Document.xml has an <Object> without a name");
        FcObject& o = objectNamed(name);
        if (inObjects_) o.type = attr(e, "type");
        if (attr(e, "Touched") == "1") o.touched = true;
        if (attr(e, "Invalid") == "1") o.invalid = true;
        if (hasAttr(e, "Error")) o.error = attr(e, "Error");
        if (inObjectData_) obj_ = &o;
    } else if (tag == Tag::Property && obj_) {
        const std::string name = attr(e, "name");
        FcProperty& p = obj_->properties[name];
        p.name = name;
        p.type = attr(e, "type");
        prop_ = &p;
    }
    return true;
}

// An element inside a <Property>: its value, links, placement, shape file, sketch geometry or constraint.
void DocumentXmlReader::propertyContent(pugi::xml_node e, Tag tag) {
    FcProperty& p = *prop_;
    if (tag == Tag::Float || tag == Tag::Integer || tag == Tag::Quantity) {
        if (!p.number) p.number = attrNum(e, "value");
    } else if (tag == Tag::Bool) {
        p.number = attr(e, "value") == "true" ? 1.0 : 0.0;
    } else if (tag == Tag::String) {
        p.text = attr(e, "value");
    } else if (tag == Tag::Link) {
        pushUnique(p.links, hasAttr(e, "obj") ? attr(e, "obj") : attr(e, "value"));
    } else if (tag == Tag::LinkSub) {
        pushUnique(p.links, attr(e, "value"));
    } else if (tag == Tag::XLink || tag == Tag::XLinkSub) {
        if (attr(e, "file").empty()) pushUnique(p.links, attr(e, "name"));
    } else if (tag == Tag::PropertyPlacement) {
        Placement pl;
        pl.px = attrNum(e, "Px"), pl.py = attrNum(e, "Py"), pl.pz = attrNum(e, "Pz");
        pl.q0 = attrNum(e, "Q0"), pl.q1 = attrNum(e, "Q1"), pl.q2 = attrNum(e, "Q2"),
        pl.q3 = attrNum(e, "Q3", 1);
        p.placement = pl;
    } else if (tag == Tag::Part) {
        if (hasAttr(e, "file")) p.shapeEntry = attr(e, "file");
    } else if (tag == Tag::Geometry && obj_) {
        obj_->sketchGeometry.emplace_back();
        geo_ = &obj_->sketchGeometry.back();
        geo_->typeName = attr(e, "type");
    } else if (geo_) {
        SketchGeometry& g = *geo_;
        if (tag == Tag::Construction) {
            g.construction = attr(e, "value") == "1" || attr(e, "value") == "true";
        } else if (tag == Tag::GeoExtension && hasAttr(e, "geometryModeFlags")) {
            // Bit 1 of GeometryMode is Construction; the flags are written most significant bit first.
            const std::string f = attr(e, "geometryModeFlags");
            if (f.size() >= 2 && f[f.size() - 2] == '1') g.construction = true;
        } else if (tag == Tag::LineSegment) {
            g.kind = SketchGeometry::Kind::Line;
            g.x1 = attrNum(e, "StartX"), g.y1 = attrNum(e, "StartY");
            g.x2 = attrNum(e, "EndX"), g.y2 = attrNum(e, "EndY");
        } else if (tag == Tag::Circle || tag == Tag::ArcOfCircle) {
            g.kind = tag == Tag::Circle ? SketchGeometry::Kind::Circle : SketchGeometry::Kind::Arc;
            g.cx = attrNum(e, "CenterX"), g.cy = attrNum(e, "CenterY");
            g.radius = attrNum(e, "Radius");
            g.startAngle = attrNum(e, "StartAngle"), g.endAngle = attrNum(e, "EndAngle");
        } else if (tag == Tag::Point && hasAttr(e, "X")) {
            g.kind = SketchGeometry::Kind::Point;
            g.x1 = g.x2 = attrNum(e, "X"), g.y1 = g.y2 = attrNum(e, "Y");
        }
    } else if (tag == Tag::Constrain && obj_) {
        SketchConstraint c;
        c.name = attr(e, "Name");
        c.type = attrInt(e, "Type", 0);
        c.typeName = constraintTypeName(c.type);
        c.value = attrNum(e, "Value");
        c.first = attrInt(e, "First", -2000);
        c.second = attrInt(e, "Second", -2000);
        obj_->sketchConstraints.push_back(std::move(c));
    }
}

void DocumentXmlReader::end(pugi::xml_node e) {
    const Tag tag = tagOf(e);
    if (tag == Tag::Property)
        prop_ = nullptr, geo_ = nullptr;
    else if (tag == Tag::Geometry)
        geo_ = nullptr;
    else if (tag == Tag::Object && !prop_)
        obj_ = nullptr;
    else if (tag == Tag::Objects)
        inObjects_ = false;
    else if (tag == Tag::ObjectData)
        inObjectData_ = false;
}

void DocumentXmlReader::finish() {
    if (!sawDocument_) throw InputError("Document.xml is empty");
    for (FcObject& o : doc_.objects) {
        if (o.type.empty()) throw InputError("Document.xml: object '" + o.name + "' has no type");
        if (const FcProperty* label = o.property("Label")) o.label = label->text;
        if (o.label.empty()) o.label = o.name;
        // FreeCAD's own OutList (ObjectDeps) first, then every link property, in a stable order.
        if (auto it = deps_.find(o.name); it != deps_.end())
            for (const auto& d : it->second)
                pushUnique(o.outList, d);
        for (const auto& [pname, p] : o.properties)
            for (const auto& l : p.links)
                pushUnique(o.outList, l);
        o.outList.erase(std::remove(o.outList.begin(), o.outList.end(), o.name), o.outList.end());
    }
}

pugi::xml_node nextElement(pugi::xml_node n) {
    while (n && n.type() != pugi::node_element)
        n = n.next_sibling();
    return n;
}

// Feeds the elements that start before `limit` to the reader in document order, depth first, without
// recursion (a hostile document nests as deep as it likes; the depth cap throws at 65 levels).
void walkElements(pugi::xml_node root, std::size_t limit, DocumentXmlReader& reader) {
    const auto before = [&](pugi::xml_node n) {
        return limit == std::string::npos || static_cast<std::size_t>(n.offset_debug()) < limit;
    };
    int depth = 0;
    pugi::xml_node n = nextElement(root);
    while (n && before(n)) {
        if (++depth > kMaxXmlDepth)
            throw InputError("Document.xml nests deeper than " + std::to_string(kMaxXmlDepth) + " levels");
        if (reader.start(n)) {
            if (pugi::xml_node child = nextElement(n.first_child())) {
                n = child;
                continue;
            }
            reader.end(n);
        }
        --depth;
        // Up to the next sibling, closing the elements left on the way.
        for (;;) {
            if (pugi::xml_node sibling = nextElement(n.next_sibling())) {
                n = sibling;
                break;
            }
            n = n.parent();
            if (n.type() != pugi::node_element) return;
            reader.end(n);
            --depth;
        }
    }
}

// The last element of a partly parsed tree: the one whose start tag the parser stopped in.
pugi::xml_node lastElement(pugi::xml_node n) {
    pugi::xml_node last;
    for (pugi::xml_node c = n.last_child(); c;) {
        while (c && c.type() != pugi::node_element)
            c = c.previous_sibling();
        if (!c) break;
        last = c;
        c = c.last_child();
    }
    return last;
}

std::string malformed(std::string_view xml, const xml::Fault& f) {
    const auto line = 1 + std::count(xml.begin(), xml.begin() + std::min(f.offset, xml.size()), '\n');
    return "Document.xml is malformed: " + f.what + " (line " + std::to_string(line) + ")";
}

std::optional<xml::Fault> earlier(std::optional<xml::Fault> a, std::optional<xml::Fault> b) {
    if (a && b) return a->offset <= b->offset ? a : b;
    return a ? a : b;
}

// What a parsed tree shows that QXmlStreamReader refused and pugixml keeps: a second root element, and
// DTD declarations that would change values (entities, attribute defaults; pugixml applies neither).
std::optional<xml::Fault> treeFault(const pugi::xml_document& tree) {
    std::optional<xml::Fault> fault;
    bool sawRoot = false;
    for (pugi::xml_node n = tree.first_child(); n; n = n.next_sibling()) {
        const auto at = static_cast<std::size_t>(n.offset_debug());
        const std::string_view dtd = n.type() == pugi::node_doctype ? n.value() : "";
        if (dtd.find("<!ENTITY") != std::string_view::npos)
            fault =
                earlier(fault, xml::Fault{at, "declared entities are refused (entity expansion limit 0)"});
        else if (dtd.find("<!ATTLIST") != std::string_view::npos)
            fault = earlier(fault, xml::Fault{at, "DTD attribute declarations are refused"});
        if (n.type() == pugi::node_element && std::exchange(sawRoot, true))
            fault = earlier(fault, xml::Fault{at, "extra content at the end of the document"});
    }
    return fault;
}

// A document pugixml found in another encoding (declared ISO-8859-1, or UTF-16/32 by its first bytes), as
// UTF-8, so one set of checks and offsets serves every document.
std::string asUtf8(std::string_view xml, pugi::xml_encoding encoding) {
    if (encoding == pugi::encoding_latin1) return xml::latin1ToUtf8(xml);
    const auto qtEncoding = encoding == pugi::encoding_utf16_le   ? QStringConverter::Utf16LE
                            : encoding == pugi::encoding_utf16_be ? QStringConverter::Utf16BE
                            : encoding == pugi::encoding_utf32_le ? QStringConverter::Utf32LE
                                                                  : QStringConverter::Utf32BE;
    QStringDecoder decode(qtEncoding);
    const QString text = decode(QByteArrayView(xml.data(), static_cast<qsizetype>(xml.size())));
    if (decode.hasError()) throw InputError("Document.xml is malformed: invalid UTF-16 or UTF-32 (line 1)");
    return text.toStdString();
}

// Parses Document.xml into objects; returns inline shape bytes per object name. What pugixml tolerates
// and QXmlStreamReader refused (bad UTF-8 or characters, unknown entities, DTD declarations, a second
// root) is refused too. Before a parse error or a second root, the elements are read first, as the
// streaming reader did: a document cut short after nesting too deep says it nests too deep.
std::unordered_map<std::string, std::string> parseDocumentXml(const std::string& input, FcDocument& doc) {
    std::string_view xml = input;
    pugi::xml_document tree;
    constexpr unsigned kOptions = pugi::parse_default | pugi::parse_doctype; // the DOCTYPE is checked
    pugi::xml_parse_result parsed = tree.load_buffer(xml.data(), xml.size(), kOptions, pugi::encoding_auto);
    std::string converted;
    if (parsed.encoding != pugi::encoding_utf8) {
        converted = asUtf8(xml, parsed.encoding);
        xml = converted;
        parsed = tree.load_buffer(xml.data(), xml.size(), kOptions, pugi::encoding_utf8);
    }
    if (parsed.status == pugi::status_out_of_memory) throw InputError("Document.xml is too large to read");
    if (parsed.status == pugi::status_no_document_element && xml::trimmed(xml).empty())
        throw InputError("Document.xml is empty");

    std::optional<xml::Fault> fault = treeFault(tree);
    std::size_t readUpTo = fault ? fault->offset : std::string::npos;
    if (!parsed) {
        const auto at = static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0));
        if (!fault || at < fault->offset) {
            fault = xml::Fault{at, parsed.description()};
            readUpTo = at;
            // A start tag the parser stopped in is no element.
            if (parsed.status == pugi::status_bad_start_element ||
                parsed.status == pugi::status_bad_attribute)
                if (pugi::xml_node open = lastElement(tree))
                    readUpTo = std::min(readUpTo, static_cast<std::size_t>(open.offset_debug()));
        }
    }
    // A bad character or reference may sit in an element's start tag: nothing is read before it.
    if (auto text = xml::firstTextFault(xml); text && (!fault || text->offset < fault->offset))
        throw InputError(malformed(xml, *text));
    DocumentXmlReader reader(doc);
    walkElements(tree.first_child(), readUpTo, reader);
    if (fault) throw InputError(malformed(xml, *fault));
    reader.finish();
    return reader.takeInlineShapes();
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
            if (const ZipEntryInfo* info = zip.entry(shapeProp->shapeEntry))
                stored->size = info->uncompressedSize;
        } else if (auto it = inlineShapes.find(o.name); it != inlineShapes.end()) {
            stored->what = "inline shape of object '" + o.name + "'";
            stored->bytes = std::move(it->second);
            stored->size = stored->bytes.size();
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
    {
        const std::lock_guard<std::mutex> lock(s.mutex);
        if (!s.parsed) {
            try {
                s.shape = readBrep(s.heldBytes(), s.what);
            } catch (...) {
                s.error = std::current_exception();
            }
            s.parsed = true;
            s.archive.reset();
            std::string().swap(s.bytes);
        }
    }
    if (s.error) std::rethrow_exception(s.error);
    return s.shape;
}

const std::optional<BrepCensus>& FcObject::census() const {
    static const std::optional<BrepCensus> kNone;
    if (!stored) return kNone;
    StoredShape& s = *stored;
    const std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.censusTaken && !s.parsed) {
        try {
            const std::string& bytes = s.heldBytes();
            if (sniffBrep(bytes) == BrepFormat::Text) s.census = brepCensus(bytes);
        } catch (...) { // an entry that cannot be read: shape() reports it
        }
    }
    s.censusTaken = true;
    return s.census;
}

std::uint64_t FcObject::storedShapeBytes() const {
    return stored ? stored->size : 0;
}

void FcObject::setShape(const TopoDS_Shape& shape) {
    stored = std::make_shared<StoredShape>();
    stored->parsed = true;
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
