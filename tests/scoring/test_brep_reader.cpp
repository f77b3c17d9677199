// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// BREP parsing by content: every text version OCCT writes (V1-V3, with or without a mesh), the
// DBRep_DrawableShape prefix, FreeCAD's binary recipe, zero-byte null shapes and non-BREP bytes.
#include <cstdint>
#include <sstream>
#include <thread>
#include <vector>

#include <BRepBuilderAPI_Transform.hxx>
#include <BRepGProp.hxx>
#include <BRepMesh_IncrementalMesh.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <BRepTools.hxx>
#include <BRep_Tool.hxx>
#include <GProp_GProps.hxx>
#include <TopExp_Explorer.hxx>
#include <TopoDS.hxx>
#include <gmock/gmock.h>
#include <gp_Ax1.hxx>
#include <gtest/gtest.h>

#include <BinTools.hxx>
#include <BinTools_ShapeSet.hxx>

#include "scoring/brep_census.h"
#include "scoring/brep_reader.h"
#include "scoring/errors.h"
#include "scoring/safe_zip.h"

using namespace vernier;
using ::testing::HasSubstr;

namespace {

// A located cylinder r=4 h=12: the location must survive the round trip.
TopoDS_Shape locatedCylinder() {
    gp_Trsf t;
    t.SetRotation(gp_Ax1(gp_Pnt(0, 0, 0), gp_Dir(1, 2, 3)), 0.6);
    t.SetTranslationPart(gp_Vec(5, -3, 2));
    TopoDS_Shape s = BRepPrimAPI_MakeCylinder(4, 12).Shape();
    s.Move(TopLoc_Location(t));
    return s;
}

std::string text(const TopoDS_Shape& s, TopTools_FormatVersion version, bool withMesh) {
    std::ostringstream out;
    BRepTools::Write(s, out, withMesh, withMesh, version);
    return out.str();
}

// FreeCAD's TopoShape::exportBinary: the shape set, then shape index, location index, orientation.
std::string freecadBinary(const TopoDS_Shape& s, int formatVersion) {
    std::ostringstream out(std::ios::out | std::ios::binary);
    BinTools_ShapeSet set;
    set.SetFormatNb(formatVersion);
    const Standard_Integer shapeId = set.Add(s);
    const Standard_Integer locId = set.Locations().Index(s.Location());
    set.Write(out);
    BinTools::PutInteger(out, shapeId);
    BinTools::PutInteger(out, locId);
    BinTools::PutInteger(out, static_cast<int>(s.Orientation()));
    return out.str();
}

gp_Pnt centre(const TopoDS_Shape& s) {
    GProp_GProps g;
    BRepGProp::VolumeProperties(s, g);
    return g.CentreOfMass();
}

} // namespace

TEST(BrepReader, ReadsEveryTextVersionWithItsLocation) {
    TopoDS_Shape cyl = locatedCylinder();
    BRepMesh_IncrementalMesh(cyl, 0.5);
    const gp_Pnt expected = centre(cyl);
    for (auto version : {TopTools_FormatVersion_VERSION_1, TopTools_FormatVersion_VERSION_2,
                         TopTools_FormatVersion_VERSION_3})
        for (bool mesh : {false, true}) {
            const std::string bytes = text(cyl, version, mesh);
            EXPECT_EQ(sniffBrep(bytes), BrepFormat::Text);
            const TopoDS_Shape back = readBrep(bytes, "t");
            EXPECT_LT(centre(back).Distance(expected), 1e-9) << version << mesh;
        }
    const TopoDS_Shape drawable =
        readBrep("DBRep_DrawableShape\n\n" + text(cyl, TopTools_FormatVersion_VERSION_1, false), "d");
    EXPECT_LT(centre(drawable).Distance(expected), 1e-9);
}

TEST(BrepReader, ReadsFreeCadsBinaryRecipeInEveryVersion) {
    const TopoDS_Shape cyl = locatedCylinder();
    const gp_Pnt expected = centre(cyl);
    for (int version = 1; version <= 4; ++version) {
        const std::string bytes = freecadBinary(cyl, version);
        EXPECT_EQ(sniffBrep(bytes), BrepFormat::Binary) << version;
        EXPECT_LT(centre(readBrep(bytes, "b")).Distance(expected), 1e-9) << version;
        // Without the three trailing integers the root shape is unknown.
        EXPECT_THROW(readBrep(bytes.substr(0, bytes.size() - 12), "b"), InputError) << version;
    }
}

TEST(BrepReader, NullAndForeignBytes) {
    EXPECT_EQ(sniffBrep(""), BrepFormat::Empty);
    EXPECT_TRUE(readBrep("", "empty").IsNull());
    EXPECT_EQ(sniffBrep("\x89PNG\r\n"), BrepFormat::Unknown);
    try {
        readBrep("solid cube\nfacet normal 0 0 1\n", "PartShape.brp");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_THAT(e.what(), HasSubstr("PartShape.brp: not a BREP shape"));
    }
    try {
        readBrep("CASCADE Topology V9, (c) Somebody\n", "v9");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_THAT(e.what(), HasSubstr("unsupported version line"));
    }
}

// Two reads at once give what one read gives. OCCT 7.6.3's text reader is not safe to run twice at once: on
// the 3.8 MB text of a 5,100-triangle shape (bench/make_mesh_candidate.py), 27 of 30 pairs of concurrent
// reads had vertex coordinates off by 1e-15 to 1e26, which made a Body's volume garbage and its gate random
// (the gates read a large Tip on a second thread). readBrep takes one lock for OCCT's reads.
TEST(BrepReader, ConcurrentReadsGiveTheSequentialShape) {
    const std::string text =
        vernier::SafeZip::openFile(std::string(VERNIER_SOURCE_DIR) + "/bench/data/mesh_sphere.FCStd")
            .read("PartShape.brp");
    const auto points = [](const TopoDS_Shape& s) {
        std::vector<gp_Pnt> out;
        for (TopExp_Explorer ex(s, TopAbs_VERTEX); ex.More(); ex.Next())
            out.push_back(BRep_Tool::Pnt(TopoDS::Vertex(ex.Current())));
        return out;
    };
    const std::vector<gp_Pnt> want = points(readBrep(text, "sequential"));
    ASSERT_EQ(want.size(), 30600u); // 5,100 triangles, three vertices each as the faces use them
    for (int run = 0; run < 8; ++run) {
        TopoDS_Shape a, b;
        std::thread other([&] { b = readBrep(text, "b"); });
        a = readBrep(text, "a");
        other.join();
        for (const TopoDS_Shape* s : {&a, &b}) {
            const std::vector<gp_Pnt> got = points(*s);
            ASSERT_EQ(got.size(), want.size());
            int differing = 0;
            for (std::size_t i = 0; i < got.size(); ++i)
                if (got[i].X() != want[i].X() || got[i].Y() != want[i].Y() || got[i].Z() != want[i].Z())
                    ++differing;
            EXPECT_EQ(differing, 0) << "run " << run;
        }
    }
}

// A composite location raised to an absurd power: OCCT's TopLoc_Location::Powered recurses that deep and
// overflows the stack (fuzz_brep,
// tests/data/hostile/fuzz-regressions/fuzz_brep/location-power-stack-overflow-*). readBrep refuses it first,
// in text and in binary BREP; a power of a thousand is still read. Made from real FreeCAD documents:
// box_additive's text and box_binary_brep's binary shape, each with a composite location's power changed.
TEST(BrepReader, AbsurdLocationPowersAreRefusedBeforeOcctRecursesOnThem) {
    const std::string data = std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/";
    const std::string text = vernier::SafeZip::openFile(data + "box_additive.FCStd").read("PartShape.brp");
    const auto composite = text.find("\n2  ");
    ASSERT_NE(composite, std::string::npos);
    const auto power = text.find(" -1 ", composite);
    ASSERT_NE(power, std::string::npos);
    ASSERT_LT(power, text.find('\n', composite + 1));
    const auto withPower = [&](const std::string& p) {
        std::string t = text;
        t.replace(power + 1, 2, p);
        return t;
    };
    EXPECT_NO_THROW(readBrep(withPower("-1"), "same"));
    EXPECT_NO_THROW(readBrep(withPower("-1000"), "a thousand"));
    try {
        readBrep(withPower("-18888888"), "PartShape.brp");
        ADD_FAILURE() << "an absurd power was read";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "PartShape.brp: corrupt BREP (a location raised to the power -18888888)");
    }
    EXPECT_FALSE(brepCensus(withPower("-18888888")));
    EXPECT_THROW(readBrep(withPower("+18888888"), "plus"), InputError); // `>> int` reads a sign too

    // Binary: "Locations 3\n", two matrices (type byte 1, 96 bytes), then type byte 2 and (index, power) as
    // little-endian int32 up to index 0.
    std::string binary = vernier::SafeZip::openFile(data + "box_binary_brep.FCStd").read("PartShape.bin");
    const auto table = binary.find("Locations 3\n");
    ASSERT_NE(table, std::string::npos);
    const std::size_t entry = table + 12 + 2 * 97;
    ASSERT_EQ(binary[entry], '\x02');
    ASSERT_EQ(binary.substr(entry + 5, 4), std::string("\xff\xff\xff\xff", 4)); // power -1
    EXPECT_NO_THROW(readBrep(binary, "binary"));
    const std::int32_t absurd = 2000000;
    for (int k = 0; k < 4; ++k)
        binary[entry + 5 + static_cast<std::size_t>(k)] = static_cast<char>((absurd >> (8 * k)) & 0xff);
    EXPECT_THROW(readBrep(binary, "binary"), InputError);
}
