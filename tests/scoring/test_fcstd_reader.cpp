// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// FcDocument on the real FreeCAD 0.20 fixtures (objects, links, quantities, placements, sketches,
// shapes), on format variants (inline, binary, 1.0 naming, sniffing) and on hostile documents.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <BRepGProp.hxx>
#include <GProp_GProps.hxx>
#include <QByteArray>
#include <QCryptographicHash>
#include <QString>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scoring/errors.h"
#include "scoring/fcstd_document.h"
#include "scoring/feature_tree.h"
#include "support/fcstd_mutate.h"

using namespace vernier;
using namespace vernier::test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

FcDocument load(const std::string& fixture) {
    return FcDocument::load(fixturePath(fixture));
}

const FcObject& obj(const FcDocument& d, const std::string& name) {
    const FcObject* o = d.find(name);
    if (!o) throw std::runtime_error("no object " + name);
    return *o;
}

std::vector<std::string> links(const FcDocument& d, const std::string& o, const std::string& p) {
    const FcProperty* prop = obj(d, o).property(p);
    return prop ? prop->links : std::vector<std::string>{};
}

double volume(const TopoDS_Shape& s) {
    GProp_GProps g;
    BRepGProp::VolumeProperties(s, g);
    return g.Mass();
}

template <class F> std::string inputError(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

std::string loadError(const std::string& bytes) {
    return inputError([&] { FcDocument::loadBytes(bytes, "hostile.FCStd"); });
}

// The entry holding `object`'s Shape in a fixture.
std::string shapeEntryOf(const std::string& fixture, const std::string& object) {
    return obj(load(fixture), object).property("Shape")->shapeEntry;
}

// Doubles with every bit (nan and inf spelled out), so golden comparisons are exact.
std::string exact(double v) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

// Everything FcDocument holds, as JSON (shapes as their type only: their reading is brep_reader's).
nlohmann::json dumpDocument(const FcDocument& d) {
    nlohmann::json doc = {{"fileName", d.fileName}, {"programVersion", d.programVersion}};
    doc["objects"] = nlohmann::json::array();
    for (const FcObject& o : d.objects) {
        nlohmann::json obj = {{"name", o.name},       {"type", o.type},       {"label", o.label},
                              {"touched", o.touched}, {"invalid", o.invalid}, {"error", o.error},
                              {"outList", o.outList}};
        obj["shape"] = o.shape().IsNull() ? -1 : static_cast<int>(o.shape().ShapeType());
        obj["properties"] = nlohmann::json::object();
        for (const auto& [key, p] : o.properties) {
            nlohmann::json prop = {{"name", p.name}, {"type", p.type}};
            if (p.number) prop["number"] = exact(*p.number);
            if (!p.links.empty()) prop["links"] = p.links;
            if (const auto& pl = p.placement)
                prop["placement"] = {exact(pl->px), exact(pl->py), exact(pl->pz), exact(pl->q0),
                                     exact(pl->q1), exact(pl->q2), exact(pl->q3)};
            if (!p.text.empty()) prop["text"] = p.text;
            if (!p.shapeEntry.empty()) prop["shapeEntry"] = p.shapeEntry;
            obj["properties"][key] = prop;
        }
        obj["geometry"] = nlohmann::json::array();
        for (const SketchGeometry& g : o.sketchGeometry)
            obj["geometry"].push_back({static_cast<int>(g.kind), g.typeName, g.construction, exact(g.x1),
                                       exact(g.y1), exact(g.x2), exact(g.y2), exact(g.cx), exact(g.cy),
                                       exact(g.radius), exact(g.startAngle), exact(g.endAngle)});
        obj["constraints"] = nlohmann::json::array();
        for (const SketchConstraint& c : o.sketchConstraints)
            obj["constraints"].push_back({c.name, c.type, c.typeName, exact(c.value), c.first, c.second});
        doc["objects"].push_back(obj);
    }
    return doc;
}

std::string sha256(const std::string& bytes) {
    return QCryptographicHash::hash(QByteArray::fromStdString(bytes), QCryptographicHash::Sha256)
        .toHex()
        .toStdString();
}

std::string dataPath(const std::string& rel) {
    return std::string(VERNIER_TEST_DATA_DIR) + "/" + rel;
}

// Every real document in the tree (fixtures and the sample bundle), as paths relative to the source dir.
std::vector<std::string> everyRealDocument() {
    namespace fs = std::filesystem;
    const fs::path source = VERNIER_SOURCE_DIR;
    std::vector<std::string> docs;
    for (const char* dir : {"tests/data/fcstd", "resources/sample"})
        for (const auto& e : fs::recursive_directory_iterator(source / dir))
            if (e.is_regular_file() && e.path().extension() == ".FCStd")
                docs.push_back(fs::relative(e.path(), source).generic_string());
    std::sort(docs.begin(), docs.end());
    return docs;
}

std::string nested(int levels, bool closed) {
    std::string xml = "<Document>";
    for (int i = 1; i < levels; ++i)
        xml += "<a>";
    if (closed) {
        for (int i = 1; i < levels; ++i)
            xml += "</a>";
        xml += "</Document>";
    }
    return xml;
}

// Small documents whose reading must not depend on the XML parser: the non-XML reasons (depth, root,
// names, types) and encodings and DTDs that read the same.
std::vector<std::pair<std::string, std::string>> documentVariants() {
    const std::string unnamed = "<Document><Objects><Object type=\"A\"/></Objects></Document>";
    const std::string one = "<Document ProgramVersion=\"\xc3\xa9\"><Objects><Object name=\"B\xc3\xa9\" "
                            "type=\"T\"/></Objects></Document>";
    const QString oneText = QString::fromStdString(one);
    const QByteArray utf16 = QByteArray("\xff\xfe", 2) +
                             QByteArray(reinterpret_cast<const char*>(oneText.utf16()), oneText.size() * 2);
    return {
        {"64 levels", nested(64, true)},
        {"65 levels", nested(65, true)},
        {"200 levels, unclosed", nested(200, false)},
        {"100000 levels", nested(100000, true)},
        {"other root", "<html/>"},
        {"other root, unclosed", "<html><Document>"},
        {"object without a name", unnamed},
        {"object without a name, then malformed", unnamed.substr(0, unnamed.size() - 12) + "<Objects"},
        {"object without a name, then a second root", unnamed + "<Document/>"},
        {"object without a type", "<Document><ObjectData><Object name=\"A\"/></ObjectData></Document>"},
        {"deep inside an inline shape",
         "<Document><Objects><Object name=\"A\" type=\"T\"/></Objects><ObjectData><Object name=\"A\">"
         "<Property name=\"Shape\"><Part>" +
             nested(100, true) + "</Part></Property></Object></ObjectData></Document>"},
        {"UTF-8 with a byte order mark", "\xef\xbb\xbf" + one},
        {"UTF-16 with a byte order mark", utf16.toStdString()},
        {"ISO-8859-1",
         "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><Document ProgramVersion=\"\xe9\"><Objects>"
         "<Object name=\"B\xe9\" type=\"T\"/></Objects></Document>"},
        {"DOCTYPE", "<!DOCTYPE Document SYSTEM \"Document.dtd\">" + one},
        {"DOCTYPE with an element declaration", "<!DOCTYPE Document [<!ELEMENT Document ANY>]>" + one},
        {"CR LF lines", "<Document\r\nProgramVersion=\"a\r\nb\"><Objects>\r\n<Object name=\"A\" type=\"T\"/>"
                        "\r\n</Objects></Document>\r\n"},
    };
}

// The edge-case document inside an FCStd, with the one shape file it names.
std::string edgeCaseArchive() {
    const std::string vertex = QByteArray::fromBase64("CkNBU0NBREUgVG9wb2xvZ3kgVjMsIChjKSBPcGVuIENhc2NhZGUKTG"
                                                      "9jYXRpb25zIDAKQ3VydmUyZHMgMApDdXJ2ZXMgMApQb2x5"
                                                      "Z29uM0QgMApQb2x5Z29uT25Ucmlhbmd1bGF0aW9ucyAwClN1cmZhY2"
                                                      "VzIDAKVHJpYW5ndWxhdGlvbnMgMAoKVFNoYXBlcyAxClZl"
                                                      "CjFlLTA3CjEgMiAzCjAgMAoKMTEwMTEwMQoqCgorMSAwIA==")
                                   .toStdString();
    return buildZip({storedItem("Document.xml", readFile(dataPath("document_xml/edge_cases.xml"))),
                     storedItem("Weird2.brp", vertex)},
                    "FreeCAD Document");
}

// What this build reads, in golden.json's layout: real documents as one 64-bit hash per object (the full
// dumps would be a megabyte), the hand-written document and the variants in full.
nlohmann::json readEverything() {
    nlohmann::json out;
    for (const std::string& rel : everyRealDocument()) {
        const std::string path = std::string(VERNIER_SOURCE_DIR) + "/" + rel;
        const nlohmann::json dump = dumpDocument(FcDocument::load(path));
        nlohmann::json objects = nlohmann::json::array(); // [name, hash of its dump], in document order
        for (const auto& o : dump["objects"])
            objects.push_back({o["name"], sha256(o.dump()).substr(0, 16)});
        out["documents"][rel] = {{"documentXmlSha256", sha256(SafeZip::openFile(path).read("Document.xml"))},
                                 {"fileName", dump["fileName"]},
                                 {"programVersion", dump["programVersion"]},
                                 {"objects", objects}};
    }
    const std::string edge = readFile(dataPath("document_xml/edge_cases.xml"));
    out["edgeCases"]["parseXml"] = dumpDocument(FcDocument::parseXml(edge, "edge_cases.FCStd"));
    out["edgeCases"]["loadBytes"] =
        dumpDocument(FcDocument::loadBytes(edgeCaseArchive(), "edge_cases.FCStd"));
    for (const auto& [name, xml] : documentVariants()) {
        const std::string why = inputError([&] { FcDocument::parseXml(xml, "variant.FCStd"); });
        out["variants"][name] =
            why.empty() ? dumpDocument(FcDocument::parseXml(xml, "variant.FCStd")) : nlohmann::json(why);
    }
    return out;
}

} // namespace

// Everything read from every fixture, every sample document and a hand-written document that takes every
// branch of the reader (numbers, entities, nesting, inline shapes), compared with what the QXmlStreamReader
// reader produced before the switch to pugixml (golden.json): doubles bit for bit, objects, properties,
// links, placements, sketches, outLists, shape presence; and small variants (encodings, DTDs, non-XML
// errors: depth, root, names, types).
TEST(FcstdReader, EveryDocumentReadsAsTheGoldenDumpRecordedIt) {
    const std::string goldenPath = dataPath("document_xml/golden.json");
    nlohmann::json actual = readEverything();
    if (const char* out = std::getenv("VERNIER_WRITE_DOCUMENT_GOLDEN")) {
        actual["comment"] = "Written by `VERNIER_WRITE_DOCUMENT_GOLDEN='<reader>' scoring_test_fcstd_reader "
                            "--gtest_filter='*GoldenDump*'`; producedBy names the reader that wrote it.";
        actual["producedBy"] = out;
        std::ofstream(goldenPath) << actual.dump(1) << "\n";
        GTEST_SKIP() << "wrote " << goldenPath;
    }
    const nlohmann::json golden = nlohmann::json::parse(readFile(goldenPath));
    std::size_t compared = 0;
    for (const auto& [rel, expected] : golden.at("documents").items()) {
        ASSERT_TRUE(actual["documents"].contains(rel)) << rel << " is gone: regenerate golden.json";
        const auto& now = actual["documents"][rel];
        // A document rewritten since (a regenerated sample) proves nothing either way.
        if (now["documentXmlSha256"] != expected["documentXmlSha256"]) continue;
        EXPECT_EQ(now, expected) << rel << ": " << nlohmann::json::diff(expected, now);
        ++compared;
    }
    EXPECT_GE(compared, 23u); // golden.json holds the 23 fixtures and the 58 sample documents
    for (const char* how : {"parseXml", "loadBytes"})
        EXPECT_EQ(actual["edgeCases"][how], golden["edgeCases"][how])
            << how << ": " << nlohmann::json::diff(golden["edgeCases"][how], actual["edgeCases"][how]);
    EXPECT_EQ(actual["variants"], golden["variants"])
        << nlohmann::json::diff(golden["variants"], actual["variants"]);
}

std::string xmlError(const std::string& xml) {
    return inputError([&] { FcDocument::parseXml(xml, "bad.FCStd"); });
}

// Malformed XML: pugixml's description (or the check pugixml leaves out) and the line of the fault.
TEST(FcstdReader, MalformedXmlNamesTheFaultAndItsLine) {
    EXPECT_EQ(xmlError("<Document>\n<Objects>\n</Document>"),
              "Document.xml is malformed: Start-end tags mismatch (line 3)");
    EXPECT_EQ(xmlError("<Document>\n<Objects><Object name=\"A"),
              "Document.xml is malformed: Error parsing element attribute (line 2)");
    EXPECT_EQ(xmlError("<Document/>\n<Document/>"),
              "Document.xml is malformed: extra content at the end of the document (line 2)");
    EXPECT_EQ(xmlError("<Document>\n\n<x a=\"\xc3\x28\"/></Document>"),
              "Document.xml is malformed: invalid UTF-8 (line 3)");
    EXPECT_EQ(xmlError("<Document>\n<x a=\"\x01\"/></Document>"),
              "Document.xml is malformed: control character 1 is not allowed (line 2)");
    EXPECT_EQ(xmlError("<Document ProgramVersion=\"&nbsp;\"/>"),
              "Document.xml is malformed: entity 'nbsp' is not declared (line 1)");
    EXPECT_EQ(xmlError("<Document ProgramVersion=\"&#xD800;\"/>"),
              "Document.xml is malformed: invalid character reference (line 1)");
    EXPECT_EQ(xmlError("<!DOCTYPE Document [<!ATTLIST Document ProgramVersion CDATA \"1\">]>\n<Document/>"),
              "Document.xml is malformed: DTD attribute declarations are refused (line 1)");
    EXPECT_EQ(xmlError("hello"), "Document.xml is malformed: No document element found (line 1)");
    EXPECT_EQ(xmlError(""), "Document.xml is empty");
    EXPECT_EQ(xmlError(" \n\t"), "Document.xml is empty");
    // Integer fields beyond int (or nan) read as their defaults; a plain cast would be undefined.
    const FcDocument d = FcDocument::parseXml(
        "<Document><Objects><Object name=\"S\" type=\"Sketcher::SketchObject\"/></Objects><ObjectData>"
        "<Object name=\"S\"><Property name=\"Constraints\"><Constrain Type=\"1e300\" First=\"-inf\" "
        "Second=\"nan\" Value=\"2\"/></Property></Object></ObjectData></Document>",
        "s.FCStd");
    ASSERT_EQ(d.objects[0].sketchConstraints.size(), 1u);
    EXPECT_EQ(d.objects[0].sketchConstraints[0].type, 0);
    EXPECT_EQ(d.objects[0].sketchConstraints[0].first, -2000);
    EXPECT_EQ(d.objects[0].sketchConstraints[0].second, -2000);
    EXPECT_EQ(d.objects[0].sketchConstraints[0].value, 2.0);
}

// A million nested elements: the parser and the reader's walk use no recursion, so no stack overflow.
TEST(FcstdReader, AMillionLevelsNestAsAnErrorNotACrash) {
    std::string xml = "<Document>";
    xml.reserve(8'000'100);
    for (int i = 0; i < 1'000'000; ++i)
        xml += "<a>";
    EXPECT_EQ(xmlError(xml), "Document.xml nests deeper than 64 levels"); // unclosed
    for (int i = 0; i < 1'000'000; ++i)
        xml += "</a>";
    xml += "</Document>";
    EXPECT_EQ(xmlError(xml), "Document.xml nests deeper than 64 levels");
}

TEST(FcstdReader, EveryFixtureHasFreeCadsObjectsInDocumentOrder) {
    std::ifstream in(fixturePath("fixtures.json"));
    const auto fixtures = nlohmann::json::parse(in).at("files");
    for (const auto& [file, expected] : fixtures.items()) {
        const FcDocument d = load(file);
        EXPECT_EQ(d.fileName, file);
        EXPECT_EQ(d.programVersion, "0.20R") << file;
        ASSERT_EQ(d.objects.size(), expected.at("objects").size()) << file;
        for (std::size_t i = 0; i < d.objects.size(); ++i) {
            EXPECT_EQ(d.objects[i].name, expected["objects"][i]["name"].get<std::string>()) << file;
            EXPECT_EQ(d.objects[i].type, expected["objects"][i]["type"].get<std::string>()) << file;
        }
    }
}

TEST(FcstdReader, PlateHoleLinksAsFreeCad020StoresThem) {
    const FcDocument d = load("plate_hole.FCStd");
    EXPECT_THAT(links(d, "Body", "Group"), ElementsAre("Sketch", "Pad", "Sketch001", "Pocket"));
    EXPECT_THAT(links(d, "Body", "Tip"), ElementsAre("Pocket"));
    EXPECT_THAT(links(d, "Body", "BaseFeature"), ElementsAre());         // <Link value=""/>
    EXPECT_THAT(links(d, "Pad", "Profile"), ElementsAre("Sketch"));      // <LinkSub value="Sketch">
    EXPECT_THAT(links(d, "Pocket", "BaseFeature"), ElementsAre("Pad"));  // <Link value="Pad"/>
    EXPECT_THAT(links(d, "Sketch", "Support"), ElementsAre("XY_Plane")); // <LinkSubList><Link obj=...>
    EXPECT_EQ(obj(d, "Pad").property("Profile")->type, "App::PropertyLinkSub");
    // OutList: FreeCAD's ObjectDeps first (Tip, Origin, Group), then the link properties; no duplicates.
    EXPECT_THAT(obj(d, "Body").outList, ElementsAre("Pocket", "Origin", "Sketch", "Pad", "Sketch001"));
    EXPECT_THAT(obj(d, "Pad").outList, ElementsAre("Sketch", "Body")); // Body via the hidden _Body link
    EXPECT_EQ(obj(d, "Pad").number("Length"), 5.0);
    EXPECT_EQ(obj(d, "Pad").label, "Pad");
    EXPECT_FALSE(obj(d, "Pad").touched);
    EXPECT_FALSE(obj(d, "Pad").invalid);
}

TEST(FcstdReader, SketchGeometryAndConstraints) {
    const FcDocument d = load("plate_hole.FCStd");
    const FcObject& sketch = obj(d, "Sketch");
    ASSERT_EQ(sketch.sketchGeometry.size(), 4u);
    const SketchGeometry& first = sketch.sketchGeometry[0];
    EXPECT_EQ(first.kind, SketchGeometry::Kind::Line);
    EXPECT_EQ(first.typeName, "Part::GeomLineSegment");
    EXPECT_FALSE(first.construction);
    EXPECT_EQ(first.x1, 0.0);
    EXPECT_EQ(first.x2, 40.0);
    EXPECT_EQ(sketch.sketchGeometry[1].y2, 30.0);
    ASSERT_EQ(sketch.sketchConstraints.size(), 10u);
    EXPECT_EQ(sketch.sketchConstraints[0].typeName, "Coincident");
    EXPECT_EQ(sketch.sketchConstraints[8].typeName, "DistanceX");
    EXPECT_EQ(sketch.sketchConstraints[8].value, 40.0);
    EXPECT_EQ(sketch.sketchConstraints[9].typeName, "DistanceY");
    EXPECT_EQ(sketch.sketchConstraints[9].value, 30.0);
    EXPECT_EQ(sketch.sketchConstraints[9].first, 1);
    EXPECT_EQ(sketch.sketchConstraints[4].second, -2000);

    const FcObject& hole = obj(d, "Sketch001");
    ASSERT_EQ(hole.sketchGeometry.size(), 1u);
    EXPECT_EQ(hole.sketchGeometry[0].kind, SketchGeometry::Kind::Circle);
    EXPECT_EQ(hole.sketchGeometry[0].cx, 10.0);
    EXPECT_EQ(hole.sketchGeometry[0].cy, 10.0);
    EXPECT_EQ(hole.sketchGeometry[0].radius, 1.5);
}

// Construction flags and arcs exactly as FreeCAD 0.20.2 writes them (copied from a saved document),
// and the pre-0.20 <Construction> element.
TEST(FcstdReader, ConstructionGeometryAndArcs) {
    const std::string xml = R"(<?xml version='1.0' encoding='utf-8'?>
<Document SchemaVersion="4" ProgramVersion="0.20R" FileVersion="1">
  <Objects Count="1" Dependencies="1"><ObjectDeps Name="Sketch" Count="0"/>
    <Object type="Sketcher::SketchObject" name="Sketch" id="1" Touched="1" Invalid="1" Error="Sketch is over-constrained"/>
  </Objects>
  <ObjectData Count="1"><Object name="Sketch" Extensions="True"><Properties Count="2" TransientCount="0">
    <Property name="Constraints" type="Sketcher::PropertyConstraintList"><ConstraintList count="2">
      <Constrain Name="R" Type="11" Value="1.5000000000000000" First="0" FirstPos="0" Second="-2000" SecondPos="0" Third="-2000" ThirdPos="0" LabelDistance="10.0" LabelPosition="10.0" IsDriving="1" IsInVirtualSpace="0" IsActive="1" />
      <Constrain Name="" Type="9" Value="0.5235987755982988" First="0" FirstPos="0" Second="1" SecondPos="0" Third="-2000" ThirdPos="0" LabelDistance="10.0" LabelPosition="10.0" IsDriving="1" IsInVirtualSpace="0" IsActive="1" />
    </ConstraintList></Property>
    <Property name="Geometry" type="Part::PropertyGeometryList" status="8192"><GeometryList count="3">
      <Geometry  type="Part::GeomCircle"><GeoExtensions count="1">
        <GeoExtension type="Sketcher::SketchGeometryExtension" internalGeometryType="0" geometryModeFlags="00000000000000000000000000000010" geometryLayer="0"/>
        </GeoExtensions>
        <Circle CenterX="20.0000000000000000" CenterY="15.0000000000000000" CenterZ="0.0000000000000000" NormalX="0.0000000000000000" NormalY="0.0000000000000000" NormalZ="1.0000000000000000" AngleXU="-0.0000000000000000" Radius="5.0000000000000000"/>
      </Geometry>
      <Geometry  type="Part::GeomArcOfCircle"><GeoExtensions count="1">
        <GeoExtension type="Sketcher::SketchGeometryExtension" internalGeometryType="0" geometryModeFlags="00000000000000000000000000000000" geometryLayer="0"/>
        </GeoExtensions>
        <ArcOfCircle CenterX="5.0000000000000000" CenterY="5.0000000000000000" CenterZ="0.0000000000000000" NormalX="0.0000000000000000" NormalY="0.0000000000000000" NormalZ="1.0000000000000000" AngleXU="-0.0000000000000000" Radius="1.0000000000000000" StartAngle="0.0000000000000000" EndAngle="1.5000000000000000"/>
      </Geometry>
      <Geometry type="Part::GeomLineSegment">
        <LineSegment StartX="1" StartY="2" StartZ="0" EndX="3" EndY="4" EndZ="0"/>
        <Construction value="1"/>
      </Geometry>
    </GeometryList></Property>
  </Properties></Object></ObjectData>
</Document>)";
    const FcDocument d = FcDocument::parseXml(xml, "/some/dir/sketch.FCStd");
    EXPECT_EQ(d.fileName, "sketch.FCStd");
    const FcObject& s = obj(d, "Sketch");
    EXPECT_TRUE(s.touched);
    EXPECT_TRUE(s.invalid);
    EXPECT_EQ(s.error, "Sketch is over-constrained");
    ASSERT_EQ(s.sketchGeometry.size(), 3u);
    EXPECT_TRUE(s.sketchGeometry[0].construction);
    EXPECT_EQ(s.sketchGeometry[0].radius, 5.0);
    EXPECT_FALSE(s.sketchGeometry[1].construction);
    EXPECT_EQ(s.sketchGeometry[1].kind, SketchGeometry::Kind::Arc);
    EXPECT_EQ(s.sketchGeometry[1].endAngle, 1.5);
    EXPECT_TRUE(s.sketchGeometry[2].construction);
    EXPECT_EQ(s.sketchGeometry[2].y2, 4.0);
    ASSERT_EQ(s.sketchConstraints.size(), 2u);
    EXPECT_EQ(s.sketchConstraints[0].name, "R");
    EXPECT_EQ(s.sketchConstraints[0].typeName, "Radius");
    EXPECT_EQ(s.sketchConstraints[1].typeName, "Angle");
    EXPECT_DOUBLE_EQ(s.sketchConstraints[1].value, M_PI / 6); // radians, as stored
}

TEST(FcstdReader, QuantitiesAndPlacements) {
    const FcDocument flange = load("flange_polar.FCStd");
    const FcObject* pattern = nullptr;
    for (const auto& o : flange.objects)
        if (o.type == "PartDesign::PolarPattern") pattern = &o;
    ASSERT_NE(pattern, nullptr);
    EXPECT_EQ(pattern->number("Occurrences"), 6.0); // <Integer value="6"/>
    EXPECT_EQ(pattern->number("Angle"), 360.0);     // degrees, as stored
    EXPECT_FALSE(pattern->property("Originals")->links.empty());

    std::ifstream in(fixturePath("fixtures.json"));
    const auto expected = nlohmann::json::parse(in).at("files").at("box_rotated.FCStd").at("placement");
    const Placement p = *obj(load("box_rotated.FCStd"), "Body").property("Placement")->placement;
    EXPECT_NEAR(p.px, expected["position"][0].get<double>(), 1e-12);
    EXPECT_NEAR(p.py, expected["position"][1].get<double>(), 1e-12);
    EXPECT_NEAR(p.pz, expected["position"][2].get<double>(), 1e-12);
    EXPECT_NEAR(p.q0, expected["quaternion_xyzw"][0].get<double>(), 1e-12);
    EXPECT_NEAR(p.q1, expected["quaternion_xyzw"][1].get<double>(), 1e-12);
    EXPECT_NEAR(p.q2, expected["quaternion_xyzw"][2].get<double>(), 1e-12);
    EXPECT_NEAR(p.q3, expected["quaternion_xyzw"][3].get<double>(), 1e-12);
    // 30 degrees about (1,1,0)/sqrt(2): w = cos 15 degrees.
    EXPECT_NEAR(p.q3, std::cos(M_PI / 12), 1e-12);
}

TEST(FcstdReader, ShapesLoadAndEmptyEntriesAreNull) {
    const FcDocument d = load("plate_hole.FCStd");
    for (const char* name : {"Body", "Pad", "Pocket", "Sketch", "Sketch001"})
        EXPECT_FALSE(obj(d, name).shape().IsNull()) << name;
    EXPECT_NEAR(volume(obj(d, "Body").shape()), 40 * 30 * 5 - M_PI * 1.5 * 1.5 * 5, 1e-6);
    EXPECT_TRUE(obj(load("empty_body.FCStd"), "Body").shape().IsNull()); // zero-byte PartShape.brp
    EXPECT_TRUE(load("empty.FCStd").objects.empty());
}

TEST(FcstdReader, BytesAndPathReadTheSameDocument) {
    const FcDocument a = load("flange_polar.FCStd");
    const FcDocument b =
        FcDocument::loadBytes(readFile(fixturePath("flange_polar.FCStd")), "flange_polar.FCStd");
    ASSERT_EQ(a.objects.size(), b.objects.size());
    for (std::size_t i = 0; i < a.objects.size(); ++i) {
        EXPECT_EQ(a.objects[i].name, b.objects[i].name);
        EXPECT_EQ(a.objects[i].outList, b.objects[i].outList);
        EXPECT_EQ(a.objects[i].shape().IsNull(), b.objects[i].shape().IsNull());
    }
    EXPECT_DOUBLE_EQ(volume(obj(a, "Body").shape()), volume(obj(b, "Body").shape()));
}

TEST(FcstdReader, BinaryBrepReadsLikeText) {
    const double text = volume(obj(load("box_additive.FCStd"), "Body").shape());
    const FcDocument bin = load("box_binary_brep.FCStd");
    EXPECT_THAT(obj(bin, "Body").property("Shape")->shapeEntry, HasSubstr(".bin"));
    EXPECT_NEAR(volume(obj(bin, "Body").shape()), text, 1e-9);
}

TEST(FcstdReader, ContentIsSniffedNotTheExtension) {
    // Text BREP stored under .bin names and binary BREP under .brp names still read.
    const auto swapText = mutateFixture("box_additive.FCStd", [](const std::string& n, std::string b) {
        if (n == "Document.xml")
            return std::make_optional(std::make_pair(n, replaceAll(b, ".brp\"", ".bin\"")));
        return std::make_optional(std::make_pair(replaceAll(n, ".brp", ".bin"), b));
    });
    const auto swapBinary = mutateFixture("box_binary_brep.FCStd", [](const std::string& n, std::string b) {
        if (n == "Document.xml")
            return std::make_optional(std::make_pair(n, replaceAll(b, ".bin\"", ".brp\"")));
        return std::make_optional(std::make_pair(replaceAll(n, ".bin", ".brp"), b));
    });
    EXPECT_NEAR(volume(obj(FcDocument::loadBytes(swapText, "a.FCStd"), "Body").shape()), 150, 1e-9);
    EXPECT_NEAR(volume(obj(FcDocument::loadBytes(swapBinary, "b.FCStd"), "Body").shape()), 150, 1e-9);
}

TEST(FcstdReader, FreeCad10ShapeFileNamesRead) {
    const std::string entry = shapeEntryOf("box_additive.FCStd", "Body");
    const auto renamed = mutateFixture(
        "box_additive.FCStd",
        [&](const std::string& n, std::string b) {
            if (n == "Document.xml")
                return std::make_optional(
                    std::make_pair(n, replaceAll(b, "\"" + entry + "\"", "\"Body.Shape.brp\"")));
            if (n == entry) return std::make_optional(std::make_pair(std::string("Body.Shape.brp"), b));
            return std::make_optional(std::make_pair(n, b));
        },
        {storedItem("Body.Shape.Map.txt", "ignored"), storedItem("StringHasher.Table.txt", "ignored")});
    EXPECT_NEAR(volume(obj(FcDocument::loadBytes(renamed, "box.FCStd"), "Body").shape()), 150, 1e-9);
}

TEST(FcstdReader, InlineShapesReadAsBase64OrText) {
    const std::string entry = shapeEntryOf("box_additive.FCStd", "Body");
    const std::string brep = fixtureEntry("box_additive.FCStd", entry);
    for (const std::string& payload : {QByteArray::fromStdString(brep).toBase64().toStdString(), brep}) {
        const auto inlined = mutateFixture("box_additive.FCStd", [&](const std::string& n, std::string b) {
            if (n == entry) return std::optional<std::pair<std::string, std::string>>();
            if (n == "Document.xml")
                b = replaceAll(b, "<Part file=\"" + entry + "\"/>",
                               "<Part brep=\"1\"><![CDATA[" + payload + "]]></Part>");
            return std::make_optional(std::make_pair(n, b));
        });
        const FcDocument d = FcDocument::loadBytes(inlined, "inline.FCStd");
        EXPECT_TRUE(obj(d, "Body").property("Shape")->shapeEntry.empty());
        EXPECT_NEAR(volume(obj(d, "Body").shape()), 150, 1e-9);
    }
}

TEST(FcstdReader, FeatureTreePutsSketchesUnderTheirFeatures) {
    const auto tree = featureTree(load("plate_hole.FCStd"), "Body");
    ASSERT_EQ(tree.size(), 2u);
    EXPECT_EQ(tree[0].name, "Pad");
    EXPECT_EQ(tree[0].type, "PartDesign::Pad");
    EXPECT_FALSE(tree[0].isTip);
    ASSERT_EQ(tree[0].children.size(), 1u);
    EXPECT_EQ(tree[0].children[0].name, "Sketch");
    EXPECT_EQ(tree[1].name, "Pocket");
    EXPECT_TRUE(tree[1].isTip);
    ASSERT_EQ(tree[1].children.size(), 1u);
    EXPECT_EQ(tree[1].children[0].name, "Sketch001");

    const auto rolled = featureTree(load("tip_rolled_back.FCStd"), "Body");
    ASSERT_EQ(rolled.size(), 2u);
    EXPECT_EQ(rolled[0].name, "Box");
    EXPECT_TRUE(rolled[0].isTip);
    EXPECT_EQ(rolled[1].name, "Pocket");
    EXPECT_FALSE(rolled[1].isTip);
    EXPECT_TRUE(featureTree(load("plate_hole.FCStd"), "NoSuchBody").empty());

    const auto flat = bodyGroup(load("plate_hole.FCStd"), "Body");
    ASSERT_EQ(flat.size(), 4u);
    EXPECT_EQ(flat[2], std::make_pair(std::string("Sketch001"), std::string("Sketcher::SketchObject")));
}

TEST(FcstdReader, HostileDocumentsGiveOneLineReasons) {
    const auto keep = [](const std::string& n, std::string b) {
        return std::make_optional(std::make_pair(n, b));
    };
    const std::string entry = shapeEntryOf("plate_hole.FCStd", "Body");
    EXPECT_THAT(loadError("not a zip at all"), HasSubstr("not a zip"));
    EXPECT_THAT(loadError(buildZip({storedItem("readme.txt", "hi")})), HasSubstr("no Document.xml"));
    EXPECT_THAT(loadError(mutateFixture("plate_hole.FCStd",
                                        [](const std::string& n, std::string b) {
                                            if (n == "Document.xml") b = b.substr(0, b.size() / 2);
                                            return std::make_optional(std::make_pair(n, b));
                                        })),
                HasSubstr("Document.xml is malformed"));
    std::string deep = "<Document>";
    for (int i = 0; i < 100; ++i)
        deep += "<a>";
    for (int i = 0; i < 100; ++i)
        deep += "</a>";
    deep += "</Document>";
    EXPECT_THAT(loadError(buildZip({storedItem("Document.xml", deep)})), HasSubstr("nests deeper than 64"));
    EXPECT_THAT(loadError(buildZip({storedItem("Document.xml", "<html/>")})),
                HasSubstr("no <Document> root"));
    EXPECT_THAT(loadError(buildZip({storedItem("Document.xml", "")})), HasSubstr("Document.xml"));
    EXPECT_THAT(loadError(mutateFixture("plate_hole.FCStd",
                                        [&](const std::string& n, std::string b) {
                                            if (n == entry)
                                                return std::optional<std::pair<std::string, std::string>>();
                                            return std::make_optional(std::make_pair(n, b));
                                        })),
                HasSubstr("shape file '" + entry + "' of object 'Body' is missing"));
    EXPECT_THAT(loadError(mutateFixture("plate_hole.FCStd",
                                        [&](const std::string& n, std::string b) {
                                            if (n == entry) b = "\x01\x02 garbage \xff";
                                            return std::make_optional(std::make_pair(n, b));
                                        })),
                HasSubstr("not a BREP shape"));
    EXPECT_THAT(loadError(mutateFixture("plate_hole.FCStd",
                                        [&](const std::string& n, std::string b) {
                                            if (n == entry) b = b.substr(0, b.size() / 3);
                                            return std::make_optional(std::make_pair(n, b));
                                        })),
                HasSubstr("corrupt BREP"));
    // Counts far beyond the data: the first read past the end stops the parse (no minutes-long loop).
    for (const char* section : {"Curves ", "Surfaces ", "TShapes "}) {
        EXPECT_THAT(loadError(mutateFixture("plate_hole.FCStd",
                                            [&](const std::string& n, std::string b) {
                                                if (n == entry) {
                                                    const auto at = b.find(std::string("\n") + section);
                                                    const auto eol = b.find('\n', at + 1);
                                                    b.replace(at + 1, eol - at - 1,
                                                              std::string(section) + "2000000000");
                                                }
                                                return std::make_optional(std::make_pair(n, b));
                                            })),
                    HasSubstr("corrupt BREP"))
            << section;
    }
    EXPECT_THAT(loadError(mutateFixture("plate_hole.FCStd",
                                        [&](const std::string& n, std::string b) {
                                            if (n == entry)
                                                b.insert(b.find("\nCurves") + 1,
                                                         std::string(300, 'x') + "\n");
                                            return std::make_optional(std::make_pair(n, b));
                                        })),
                HasSubstr("overlong token"));
    const std::string binEntry = shapeEntryOf("box_binary_brep.FCStd", "Body");
    EXPECT_THAT(loadError(mutateFixture("box_binary_brep.FCStd",
                                        [&](const std::string& n, std::string b) {
                                            if (n == binEntry) b = b.substr(0, b.size() / 2);
                                            return std::make_optional(std::make_pair(n, b));
                                        })),
                HasSubstr("corrupt BREP"));
    // Billion laughs: declared entities are refused (none is ever expanded).
    std::string lol =
        "<?xml version=\"1.0\"?><!DOCTYPE Document [<!ENTITY e0 \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">";
    for (int i = 1; i < 10; ++i) {
        lol += "<!ENTITY e";
        lol += std::to_string(i);
        lol += " \"";
        for (int k = 0; k < 10; ++k) {
            lol += "&e";
            lol += std::to_string(i - 1);
            lol += ";";
        }
        lol += "\">";
    }
    lol += "]><Document ProgramVersion=\"&e9;\"><Objects/></Document>";
    EXPECT_THAT(loadError(buildZip({storedItem("Document.xml", lol)})), HasSubstr("entity expansion limit"));
    EXPECT_NO_THROW(FcDocument::loadBytes(mutateFixture("plate_hole.FCStd", keep), "ok.FCStd"));
}
