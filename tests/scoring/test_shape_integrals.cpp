// integrateShape (shape_integrals.h) gives, bit for bit, what BRepGProp::VolumeProperties(shape) and
// BRepGProp::SurfaceProperties(face) give for every face: on every shape stored in the fixtures and the
// embedded sample, and on analytic shapes with locations, reversed and shared faces.
#include <filesystem>
#include <string>

#include <BRepAlgoAPI_Cut.hxx>
#include <BRepBuilderAPI_Transform.hxx>
#include <BRepFilletAPI_MakeFillet.hxx>
#include <BRepGProp.hxx>
#include <BRepPrimAPI_MakeBox.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <BRepPrimAPI_MakeSphere.hxx>
#include <BRepPrimAPI_MakeTorus.hxx>
#include <BRep_Builder.hxx>
#include <TopExp.hxx>
#include <TopExp_Explorer.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Compound.hxx>
#include <gp_Ax1.hxx>
#include <gtest/gtest.h>

#include "scoring/fcstd_document.h"
#include "scoring/shape_integrals.h"

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

// Returns the number of faces compared.
int expectMatchesOcct(const TopoDS_Shape& shape, const std::string& what) {
    const ShapeIntegrals got = integrateShape(shape);
    GProp_GProps volume;
    BRepGProp::VolumeProperties(shape, volume);
    expectSameBits(got.volume, volume, what + " volume");
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

TEST(ShapeIntegrals, EveryStoredShapeOfTheFixturesMatchesOcct) {
    int faces = 0, files = 0;
    for (const auto& e : fs::directory_iterator(fs::path(VERNIER_TEST_DATA_DIR) / "fcstd"))
        if (e.path().extension() == ".FCStd") {
            faces += compareStoredShapes(e.path());
            ++files;
        }
    EXPECT_GE(files, 20);
    EXPECT_GT(faces, 300);
}

TEST(ShapeIntegrals, EveryStoredShapeOfTheSampleMatchesOcct) {
    int faces = 0, files = 0;
    for (const auto& e : fs::recursive_directory_iterator(fs::path(VERNIER_SOURCE_DIR) / "resources/sample"))
        if (e.path().extension() == ".FCStd") {
            faces += compareStoredShapes(e.path());
            ++files;
        }
    EXPECT_GE(files, 40);
    EXPECT_GT(faces, 1400);
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

} // namespace
