// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// integrateShape (shape_integrals.h) gives, bit for bit, what BRepGProp::SurfaceProperties(face) gives for
// every face, and BRepGProp::VolumeProperties(shape) to rounding: on every shape stored in the fixtures and
// the embedded sample, and on analytic shapes with locations, reversed and shared faces. polyhedralVolume
// gives the volume of a polyhedral shape in closed form, equal to OCCT's to rounding, and nothing otherwise.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <utility>

#include <BRepAlgoAPI_Cut.hxx>
#include <BRepBuilderAPI_Transform.hxx>
#include <BRepFilletAPI_MakeFillet.hxx>
#include <BRepGProp.hxx>
#include <BRepPrimAPI_MakeBox.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <BRepPrimAPI_MakeSphere.hxx>
#include <BRepPrimAPI_MakeTorus.hxx>
#include <BRep_Builder.hxx>
#include <GProp_PrincipalProps.hxx>
#include <TopExp.hxx>
#include <TopExp_Explorer.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Compound.hxx>
#include <array>
#include <gp_Ax1.hxx>
#include <gtest/gtest.h>

#include "scoring/fcstd_document.h"
#include "scoring/obb_estimate.h"
#include "scoring/shape_integrals.h"
#include "scoring/structural_gates.h"

using namespace vernier;
namespace fs = std::filesystem;

namespace {

// Every quantity a GProp_GProps holds, compared with ==.
void expectSameBits(const GProp_GProps& a, const GProp_GProps& b, const std::string& what) {
    EXPECT_EQ(a.Mass(), b.Mass()) << what;
    if (a.Mass() != 0 || b.Mass() != 0) {
        EXPECT_EQ(a.CentreOfMass().X(), b.CentreOfMass().X()) << what;
        EXPECT_EQ(a.CentreOfMass().Y(), b.CentreOfMass().Y()) << what;
        EXPECT_EQ(a.CentreOfMass().Z(), b.CentreOfMass().Z()) << what;
    }
    const gp_Mat ma = a.MatrixOfInertia(), mb = b.MatrixOfInertia();
    for (int r = 1; r <= 3; ++r)
        for (int c = 1; c <= 3; ++c)
            EXPECT_EQ(ma(r, c), mb(r, c)) << what << " inertia(" << r << "," << c << ")";
}

// Volume integrals: planar faces take the closed form (shape_integrals.cpp), so they agree with OCCT's Gauss
// integration to rounding, relative to the part's size: 1e-12 of the volume, of the bounding extent for the
// centre, of the largest inertia entry for the inertia matrix. The largest deviation seen is kept.
double worstRelative = 0;
void expectClose(const GProp_GProps& a, const GProp_GProps& b, const std::string& what) {
    const double v = std::abs(b.Mass());
    const double dv = std::abs(a.Mass() - b.Mass()) / std::max(v, 1e-300);
    EXPECT_LE(dv, 1e-12) << what;
    worstRelative = std::max(worstRelative, dv);
    const double size = std::cbrt(std::max(v, 1e-300));
    const gp_XYZ dc = a.CentreOfMass().XYZ() - b.CentreOfMass().XYZ();
    EXPECT_LE(dc.Modulus(), 1e-12 * std::max(size, b.CentreOfMass().XYZ().Modulus())) << what;
    const gp_Mat ma = a.MatrixOfInertia(), mb = b.MatrixOfInertia();
    double scale = 0, diff = 0;
    for (int r = 1; r <= 3; ++r)
        for (int c = 1; c <= 3; ++c) {
            scale = std::max(scale, std::abs(mb(r, c)));
            diff = std::max(diff, std::abs(ma(r, c) - mb(r, c)));
        }
    EXPECT_LE(diff, 1e-11 * scale) << what;
    worstRelative = std::max(worstRelative, diff / std::max(scale, 1e-300));
}

// Returns the number of faces compared.
int expectMatchesOcct(const TopoDS_Shape& shape, const std::string& what) {
    const ShapeIntegrals got = integrateShape(shape);
    GProp_GProps volume;
    BRepGProp::VolumeProperties(shape, volume);
    expectClose(got.volume, volume, what + " volume");
    TopTools_IndexedMapOfShape faces;
    TopExp::MapShapes(shape, TopAbs_FACE, faces);
    EXPECT_EQ(static_cast<int>(got.faces.size()), faces.Extent()) << what;
    for (int i = 1; i <= faces.Extent() && i <= static_cast<int>(got.faces.size()); ++i) {
        GProp_GProps surface;
        BRepGProp::SurfaceProperties(faces(i), surface);
        expectSameBits(got.faces[static_cast<std::size_t>(i - 1)], surface,
                       what + " face " + std::to_string(i));
    }
    return faces.Extent();
}

int compareStoredShapes(const fs::path& file) {
    int faces = 0;
    const FcDocument doc = FcDocument::load(file.string());
    for (const FcObject& o : doc.objects)
        if (!o.shape().IsNull())
            faces += expectMatchesOcct(o.shape(), file.filename().string() + ":" + o.name);
    return faces;
}

// Every .FCStd under `root` (recursively): (files, faces compared).
std::pair<int, int> compareEveryDocument(const fs::path& root) {
    int faces = 0, files = 0;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.path().extension() == ".FCStd") {
            faces += compareStoredShapes(e.path());
            ++files;
        }
    return {files, faces};
}

TEST(ShapeIntegrals, EveryStoredShapeOfTheFixturesMatchesOcct) {
    const auto [files, faces] = compareEveryDocument(fs::path(VERNIER_TEST_DATA_DIR) / "fcstd");
    EXPECT_GE(files, 20);
    EXPECT_GT(faces, 300);
}

TEST(ShapeIntegrals, EveryStoredShapeOfTheSampleMatchesOcct) {
    const auto [files, faces] = compareEveryDocument(fs::path(VERNIER_SOURCE_DIR) / "resources/sample");
    EXPECT_GE(files, 40);
    EXPECT_GT(faces, 1400);
    std::printf("largest relative deviation of the volume integrals from OCCT's: %.3g\n", worstRelative);
}

TEST(ShapeIntegrals, AnalyticShapesWithLocationsAndSharedFacesMatchOcct) {
    const TopoDS_Shape box = BRepPrimAPI_MakeBox(10, 5, 3).Shape();
    const TopoDS_Shape hole = BRepPrimAPI_MakeCylinder(gp_Ax2(gp_Pnt(5, 2.5, -1), gp::DZ()), 1.5, 5).Shape();
    const TopoDS_Shape plate = BRepAlgoAPI_Cut(box, hole).Shape();
    BRepFilletAPI_MakeFillet fillet(plate);
    for (TopExp_Explorer ex(plate, TopAbs_EDGE); ex.More(); ex.Next()) {
        fillet.Add(0.4, TopoDS::Edge(ex.Current()));
        break;
    }
    const TopoDS_Shape filleted = fillet.Shape();
    expectMatchesOcct(plate, "plate with hole");
    expectMatchesOcct(filleted, "filleted plate");
    expectMatchesOcct(BRepPrimAPI_MakeSphere(4).Shape(), "sphere (natural restriction)");
    expectMatchesOcct(BRepPrimAPI_MakeTorus(6, 1.5).Shape(), "torus");

    // A location on the shape (not baked into the geometry), and a reversed copy.
    gp_Trsf t;
    t.SetRotation(gp_Ax1(gp_Pnt(1, 2, 3), gp_Dir(1, 1, 0)), 0.7);
    t.SetTranslationPart(gp_Vec(20, -4, 9));
    expectMatchesOcct(filleted.Moved(TopLoc_Location(t)), "located");
    expectMatchesOcct(plate.Reversed(), "reversed");

    // A compound holding the same solid twice: every face visited twice, integrated once for its own
    // surface properties and twice for the volume.
    TopoDS_Compound twice;
    BRep_Builder b;
    b.MakeCompound(twice);
    b.Add(twice, plate);
    b.Add(twice, plate.Moved(TopLoc_Location(t)));
    b.Add(twice, plate);
    expectMatchesOcct(twice, "compound with shared faces");
}

// Hand-checked: a 10 x 5 x 3 box (planar faces only, so the volume integrals are all closed form) has volume
// 150 and, about its centre, Ixx = 150 (5^2 + 3^2) / 12 = 425, Iyy = 150 (10^2 + 3^2) / 12 = 1362.5,
// Izz = 150 (10^2 + 5^2) / 12 = 1562.5 with no products of inertia; moved and turned, the principal values
// stay and the centre follows the motion.
TEST(ShapeIntegrals, BoxHandChecked) {
    const TopoDS_Shape box = BRepPrimAPI_MakeBox(gp_Pnt(2, -1, 4), 10, 5, 3).Shape();
    const ShapeIntegrals a = integrateShape(box);
    EXPECT_NEAR(a.volume.Mass(), 150.0, 1e-12);
    EXPECT_NEAR(a.volume.CentreOfMass().X(), 7.0, 1e-12);
    EXPECT_NEAR(a.volume.CentreOfMass().Y(), 1.5, 1e-12);
    EXPECT_NEAR(a.volume.CentreOfMass().Z(), 5.5, 1e-12);
    const gp_Mat j = a.volume.MatrixOfInertia();
    EXPECT_NEAR(j(1, 1), 425.0, 1e-9);
    EXPECT_NEAR(j(2, 2), 1362.5, 1e-9);
    EXPECT_NEAR(j(3, 3), 1562.5, 1e-9);
    for (auto [r, c] : {std::pair{1, 2}, {1, 3}, {2, 3}})
        EXPECT_NEAR(j(r, c), 0.0, 1e-9);
    ASSERT_EQ(a.faces.size(), 6u);
    EXPECT_NEAR(a.faces[0].Mass() + a.faces[1].Mass(), 2 * 5 * 3, 1e-12); // the two x faces

    gp_Trsf turn;
    turn.SetRotation(gp_Ax1(gp_Pnt(0, 0, 0), gp_Dir(1, 2, 3)), 1.1);
    turn.SetTranslationPart(gp_Vec(-30, 12, 7));
    const ShapeIntegrals b = integrateShape(box.Moved(TopLoc_Location(turn)));
    EXPECT_NEAR(b.volume.Mass(), 150.0, 1e-11);
    const gp_Pnt moved = gp_Pnt(7, 1.5, 5.5).Transformed(turn);
    EXPECT_NEAR(b.volume.CentreOfMass().Distance(moved), 0.0, 1e-11);
    const GProp_PrincipalProps p = b.volume.PrincipalProperties();
    double i1, i2, i3;
    p.Moments(i1, i2, i3);
    std::array<double, 3> m{i1, i2, i3};
    std::sort(m.begin(), m.end());
    EXPECT_NEAR(m[0], 425.0, 1e-8);
    EXPECT_NEAR(m[1], 1362.5, 1e-8);
    EXPECT_NEAR(m[2], 1562.5, 1e-8);
}

// A location that is not a rigid motion (a point symmetry, scale -1: OCCT refuses to build one, but a BREP
// file can carry it) sends planar faces to OCCT's own integration; the result still matches OCCT.
TEST(ShapeIntegrals, NonRigidLocationFallsBackToOcct) {
    gp_Trsf mirror;
    mirror.SetMirror(gp_Pnt(1, 2, 3));
    const TopoDS_Shape box =
        BRepPrimAPI_MakeBox(10, 5, 3).Shape().Moved(TopLoc_Location(mirror), Standard_False);
    expectMatchesOcct(box, "point-mirrored box");
}

// polyhedralVolume on every stored shape of a folder: where it answers, the shape is polyhedral and the
// volume is OCCT's to 1e-12 relative; where it does not, the shape has a curved face or edge (or none).
// Returns (shapes answered, shapes declined).
std::pair<int, int> comparePolyhedralVolumes(const fs::path& root) {
    int answered = 0, declined = 0;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (e.path().extension() != ".FCStd") continue;
        const FcDocument doc = FcDocument::load(e.path().string());
        for (const FcObject& o : doc.objects) {
            if (o.shape().IsNull()) continue;
            const std::string what = e.path().filename().string() + ":" + o.name;
            const std::optional<double> v = polyhedralVolume(o.shape());
            if (!v) {
                ++declined;
                EXPECT_FALSE(isPolyhedral(o.shape()) && TopExp_Explorer(o.shape(), TopAbs_FACE).More())
                    << what;
                continue;
            }
            ++answered;
            GProp_GProps occt;
            BRepGProp::VolumeProperties(o.shape(), occt);
            EXPECT_NEAR(*v, occt.Mass(), 1e-12 * std::max(std::abs(occt.Mass()), 1.0)) << what;
        }
    }
    return {answered, declined};
}

// Hand-checked: the 10 x 5 x 3 box is 150 wherever it is moved and turned; with a 2 x 1 x 3 slot cut through
// it, 144; a cylinder is not polyhedral.
TEST(PolyhedralVolume, BoxesHandChecked) {
    const TopoDS_Shape box = BRepPrimAPI_MakeBox(gp_Pnt(2, -1, 4), 10, 5, 3).Shape();
    ASSERT_TRUE(polyhedralVolume(box));
    EXPECT_NEAR(*polyhedralVolume(box), 150.0, 1e-12);
    gp_Trsf turn;
    turn.SetRotation(gp_Ax1(gp_Pnt(0, 0, 0), gp_Dir(1, 2, 3)), 1.1);
    turn.SetTranslationPart(gp_Vec(-30, 12, 7));
    EXPECT_NEAR(*polyhedralVolume(box.Moved(TopLoc_Location(turn))), 150.0, 1e-11);
    const TopoDS_Shape slot = BRepPrimAPI_MakeBox(gp_Pnt(6, 1, 3), 2, 1, 5).Shape();
    const TopoDS_Shape cut = BRepAlgoAPI_Cut(box, slot).Shape();
    ASSERT_TRUE(polyhedralVolume(cut));
    EXPECT_NEAR(*polyhedralVolume(cut), 144.0, 1e-11);
    // Reversed, the solid is turned inside out: OCCT's volume changes sign, and so does this one.
    GProp_GProps reversed;
    BRepGProp::VolumeProperties(box.Reversed(), reversed);
    EXPECT_NEAR(*polyhedralVolume(box.Reversed()), reversed.Mass(), 1e-12);
    EXPECT_FALSE(polyhedralVolume(BRepPrimAPI_MakeCylinder(2, 5).Shape()));
    EXPECT_FALSE(polyhedralVolume(TopoDS_Shape()));
}

// A mirroring location turns the loops over: declined, left to OCCT's integration.
TEST(PolyhedralVolume, MirroringLocationIsDeclined) {
    gp_Trsf mirror;
    mirror.SetMirror(gp_Pnt(1, 2, 3));
    const TopoDS_Shape box =
        BRepPrimAPI_MakeBox(10, 5, 3).Shape().Moved(TopLoc_Location(mirror), Standard_False);
    EXPECT_FALSE(polyhedralVolume(box));
}

TEST(PolyhedralVolume, EveryPolyhedralStoredShapeMatchesOcct) {
    const auto [fixturesAnswered, fixturesDeclined] =
        comparePolyhedralVolumes(fs::path(VERNIER_TEST_DATA_DIR) / "fcstd");
    const auto [sampleAnswered, sampleDeclined] =
        comparePolyhedralVolumes(fs::path(VERNIER_SOURCE_DIR) / "resources" / "sample");
    EXPECT_GE(fixturesAnswered + sampleAnswered, 60);  // 65 when written: boxes, brackets, polygon pads
    EXPECT_GE(fixturesDeclined + sampleDeclined, 250); // 290: holes, cylinders, fillets, sketches
}

// The gated benchmark candidate (bench/make_gated_candidate.py, FreeCAD): a Pad of a regular 5,004-gon of
// circumradius 20 mm, 5 mm high, whose volume is (n / 2) R^2 sin(2 pi / n) h = 6283.1837 mm^3. The gates
// take its volume in closed form and, over the complexity limit, compute no integrals.
TEST(PolyhedralVolume, GatedPrismHandChecked) {
    const FcDocument doc = FcDocument::load(std::string(VERNIER_SOURCE_DIR) + "/bench/data/prism_5004.FCStd");
    const double n = 5004, r = 20, h = 5;
    const double expected = n / 2 * r * r * std::sin(2 * M_PI / n) * h;
    for (const char* name : {"Body", "Pad"}) {
        const std::optional<double> v = polyhedralVolume(doc.find(name)->shape());
        ASSERT_TRUE(v) << name;
        EXPECT_NEAR(*v, expected, 1e-9 * expected) << name;
    }
    // The stored sizes the gates use to parse a large Tip ahead (`unzip -l`): PartShape.brp, PartShape3.brp.
    EXPECT_EQ(doc.find("Body")->storedShapeBytes(), 6367330u);
    EXPECT_EQ(doc.find("Pad")->storedShapeBytes(), 4684334u);
    EXPECT_EQ(doc.find("Origin")->storedShapeBytes(), 0u);
    const StructuralCheck gated = checkStructure(doc, DocumentRole::Candidate);
    EXPECT_FALSE(gated.gate);
    EXPECT_EQ(gated.scoredBody, "Body");
    EXPECT_FALSE(gated.scoredBodyIntegrals); // never measured: over the complexity limit
    const StructuralCheck asReference = checkStructure(doc, DocumentRole::Reference);
    EXPECT_FALSE(asReference.gate);
    ASSERT_TRUE(asReference.scoredBodyIntegrals);
    EXPECT_NEAR(asReference.scoredBodyIntegrals->volume.Mass(), expected, 1e-9 * expected);
}

} // namespace
