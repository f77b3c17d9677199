// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Body gate, feature-tree gate, complexity gate and scored-body selection (docs/scoring.md §2, §7):
// every reason on the fixture that triggers it, no gate on the good fixtures, and the §7.2 rules one
// by one on small documents assembled here.
#include <filesystem>
#include <fstream>

#include <BRepAlgoAPI_Cut.hxx>
#include <BRepBuilderAPI_Transform.hxx>
#include <BRepPrimAPI_MakeBox.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <TopExp_Explorer.hxx>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scoring/measure_document.h"
#include "scoring/structural_gates.h"

using namespace vernier;

namespace {

const std::string kDir = std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/";

MeasuredDocument measure(const std::string& file, DocumentRole role = DocumentRole::Candidate) {
    return measureDocument(FcDocument::load(kDir + file), role);
}

std::string reasonOf(const std::string& file, DocumentRole role = DocumentRole::Candidate) {
    const MeasuredDocument md = measure(file, role);
    return md.gate ? md.gate->gate + ": " + md.gate->reason : "";
}

// Small documents for the §7.2 rules.
struct DocBuilder {
    FcDocument doc;
    DocBuilder() { doc.fileName = "built.FCStd"; }
    FcObject& add(const std::string& name, const std::string& type, const TopoDS_Shape& shape = {},
                  std::vector<std::string> outList = {}) {
        FcObject o;
        o.name = name;
        o.type = type;
        o.setShape(shape);
        o.outList = std::move(outList);
        doc.objects.push_back(std::move(o));
        return doc.objects.back();
    }
    void tip(const std::string& body, const std::string& target) {
        for (auto& o : doc.objects)
            if (o.name == body) {
                o.properties["Tip"].name = "Tip";
                o.properties["Tip"].links = {target};
            }
    }
};

TopoDS_Shape box(double a = 10, double b = 5, double c = 3) {
    return BRepPrimAPI_MakeBox(a, b, c).Shape();
}
TopoDS_Shape oneFace() {
    return TopExp_Explorer(box(), TopAbs_FACE).Current();
}

std::optional<GateResult> treeGate(const DocBuilder& b) {
    return featureTreeGate(b.doc, "Body", DocumentRole::Candidate);
}

const std::string kTreeReason = "document builds its solid from non-PartDesign / baked geometry (for example "
                                "a Part-workbench shape or scripted "
                                "feature holder), not an editable PartDesign feature tree";

} // namespace

TEST(StructuralGates, EveryFixtureGetsItsExpectedGateOrNone) {
    std::ifstream in(kDir + "fixtures.json");
    const nlohmann::json fixtures = nlohmann::json::parse(in).at("files");
    int checked = 0;
    for (const auto& [file, expected] : fixtures.items()) {
        ++checked;
        const MeasuredDocument md = measure(file);
        if (expected.at("expected_gate").is_null()) {
            EXPECT_FALSE(md.gate.has_value()) << file << ": " << md.gate->reason;
        } else {
            ASSERT_TRUE(md.gate.has_value()) << file;
            EXPECT_EQ(md.gate->gate, expected["expected_gate"].get<std::string>()) << file;
        }
        const std::string scored =
            expected.at("scored_body").is_null() ? "" : expected["scored_body"].get<std::string>();
        EXPECT_EQ(md.scoredBody, scored) << file;
        const auto bodies = listBodies(md.document);
        ASSERT_EQ(bodies.size(), expected.at("bodies").size()) << file;
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            EXPECT_EQ(bodies[i].name, expected["bodies"][i]["name"].get<std::string>());
            EXPECT_EQ(bodies[i].nonEmpty, expected["bodies"][i]["non_empty"].get<bool>()) << file;
        }
    }
    EXPECT_EQ(checked, 23);
}

TEST(StructuralGates, ReasonTextsOnTheFixtures) {
    EXPECT_EQ(reasonOf("part_box.FCStd"), "body: no PartDesign::Body found — spec requires exactly one solid "
                                          "body in a parametric feature tree in "
                                          "candidate model 'part_box.FCStd'");
    EXPECT_EQ(reasonOf("two_bodies.FCStd"), "body: 2 non-empty PartDesign::Body objects (Body, Body001) — "
                                            "spec requires exactly one solid body in "
                                            "candidate model 'two_bodies.FCStd'");
    EXPECT_EQ(reasonOf("body_two_solids.FCStd", DocumentRole::Reference),
              "body: PartDesign::Body 'Body' tip Shape has 2 solids — spec requires the Body to produce "
              "exactly one "
              "solid in reference model 'body_two_solids.FCStd'");
    EXPECT_EQ(reasonOf("empty.FCStd"), "body: No solid shape found in candidate model 'empty.FCStd'");
    EXPECT_EQ(reasonOf("empty_body.FCStd", DocumentRole::Reference),
              "body: No solid shape found in reference model 'empty_body.FCStd'");
    EXPECT_EQ(reasonOf("baked_feature.FCStd"),
              "feature_tree: " + kTreeReason + " in candidate model 'baked_feature.FCStd'");
}

TEST(StructuralGates, AllBodiesEmptyWhileAnotherObjectHasASolid) {
    DocBuilder b;
    b.add("Body", "PartDesign::Body");
    b.add("Body001", "PartDesign::Body");
    b.add("Box", "Part::Box", box());
    EXPECT_FALSE(noSolidGate(b.doc, DocumentRole::Candidate));
    const auto g = bodyGate(b.doc, DocumentRole::Candidate);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->reason,
              "all PartDesign::Body objects (Body, Body001) are empty (null shape or zero volume) — "
              "incomplete model in candidate model 'built.FCStd'");
    EXPECT_EQ(selectScoredBody(b.doc), "");
}

TEST(StructuralGates, EmptyBodiesMayCoexistWithOneSolidBody) {
    DocBuilder b;
    b.add("Empty", "PartDesign::Body");
    b.add("Body", "PartDesign::Body", box(), {"Pad"});
    b.add("Pad", "PartDesign::Pad", box(), {"Body"});
    b.tip("Body", "Pad");
    EXPECT_FALSE(structuralGates(b.doc, DocumentRole::Candidate));
    EXPECT_EQ(selectScoredBody(b.doc), "Body"); // the first non-empty Body, not the first Body
}

TEST(StructuralGates, FeatureTreeAcceptsAnOrdinaryBodyWithCycles) {
    DocBuilder b;
    b.add("Body", "PartDesign::Body", box(), {"Pad", "Origin", "Sketch"});
    b.add("Origin", "App::Origin", {}, {"XY_Plane"});
    b.add("XY_Plane", "App::Plane");
    b.add("Sketch", "Sketcher::SketchObject", {}, {"XY_Plane"});
    b.add("Pad", "PartDesign::Pad", box(), {"Sketch", "Body"});
    b.add("Sheet", "Spreadsheet::Sheet"); // shapeless helper
    b.doc.objects[0].outList.push_back("Sheet");
    b.tip("Body", "Pad");
    EXPECT_FALSE(treeGate(b));
}

TEST(StructuralGates, FeatureTreeFlagsAnUnbackedBodyShape) {
    { // no Tip at all
        DocBuilder b;
        b.add("Body", "PartDesign::Body", box(), {"Pad"});
        b.add("Pad", "PartDesign::Pad", box());
        EXPECT_TRUE(treeGate(b));
    }
    { // Tip without faces and no child with faces
        DocBuilder b;
        b.add("Body", "PartDesign::Body", box(), {"Pad"});
        b.add("Pad", "PartDesign::Pad");
        b.tip("Body", "Pad");
        EXPECT_TRUE(treeGate(b));
    }
    { // a failed tip is tolerated when some child carries faces
        DocBuilder b;
        b.add("Body", "PartDesign::Body", box(), {"Pad", "Pocket"});
        b.add("Pad", "PartDesign::Pad", box());
        b.add("Pocket", "PartDesign::Pocket");
        b.tip("Body", "Pocket");
        EXPECT_FALSE(treeGate(b));
    }
    { // same faces, different volume
        DocBuilder b;
        b.add("Body", "PartDesign::Body", box(), {"Pad"});
        b.add("Pad", "PartDesign::Pad", box(10, 5, 2.9));
        b.tip("Body", "Pad");
        EXPECT_TRUE(treeGate(b));
    }
    { // same volume, different face count
        DocBuilder b;
        const double r = std::sqrt(150.0 / (M_PI * 3));
        b.add("Body", "PartDesign::Body", box(), {"Pad"});
        b.add("Pad", "PartDesign::Pad", BRepPrimAPI_MakeCylinder(r, 3).Shape());
        b.tip("Body", "Pad");
        EXPECT_TRUE(treeGate(b));
    }
    { // a body with no faces is not checked against its tip
        DocBuilder b;
        b.add("Body", "PartDesign::Body", {}, {"Pad"});
        b.add("Pad", "PartDesign::Pad", box());
        EXPECT_FALSE(treeGate(b));
    }
}

TEST(StructuralGates, FeatureTreeFlagsForeignTypesOnlyWhenTheyCarryFaces) {
    for (const char* type : {"Part::FeaturePython", "PartDesign::FeaturePython", "PartDesign::Feature",
                             "Part::Box", "PartDesign::ShapeBinder", "Part::Feature"}) {
        DocBuilder withFaces;
        withFaces.add("Body", "PartDesign::Body", box(), {"Pad", "X"});
        withFaces.add("Pad", "PartDesign::Pad", box());
        withFaces.add("X", type, oneFace());
        withFaces.tip("Body", "Pad");
        EXPECT_TRUE(treeGate(withFaces)) << type;
        DocBuilder shapeless;
        shapeless.add("Body", "PartDesign::Body", box(), {"Pad", "X"});
        shapeless.add("Pad", "PartDesign::Pad", box());
        shapeless.add("X", type);
        shapeless.tip("Body", "Pad");
        EXPECT_FALSE(treeGate(shapeless)) << type;
    }
}

TEST(StructuralGates, FeatureTreeRecursesThroughAggregators) {
    { // a Boolean aggregating a Part feature with faces
        DocBuilder b;
        b.add("Body", "PartDesign::Body", box(), {"Boolean"});
        b.add("Boolean", "PartDesign::Boolean", box(), {"Other"});
        b.add("Other", "Part::Feature", box());
        b.tip("Body", "Boolean");
        EXPECT_TRUE(treeGate(b));
    }
    { // an aggregator with faces and no children
        DocBuilder b;
        b.add("Body", "PartDesign::Body", box(), {"Pad", "Binder"});
        b.add("Pad", "PartDesign::Pad", box());
        b.add("Binder", "PartDesign::SubShapeBinder", oneFace());
        b.tip("Body", "Pad");
        EXPECT_TRUE(treeGate(b));
    }
    { // allowed leaves are not descended into
        DocBuilder b;
        b.add("Body", "PartDesign::Body", box(), {"Pad"});
        b.add("Pad", "PartDesign::Pad", box(), {"Baked"});
        b.add("Baked", "Part::Feature", box());
        b.tip("Body", "Pad");
        EXPECT_FALSE(treeGate(b));
    }
}

TEST(StructuralGates, ComplexityGateIsStrictlyAboveFiveThousandAndCandidateOnly) {
    EXPECT_FALSE(complexityGate(5000, DocumentRole::Candidate));
    const auto g = complexityGate(5001, DocumentRole::Candidate);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->gate, "complexity");
    EXPECT_EQ(g->reason, "candidate has 5001 faces (> 5000); gated geometry to 0.0 — geometry too complex to "
                         "be a valid candidate");
    EXPECT_FALSE(complexityGate(5001, DocumentRole::Reference));

    // Through measureDocument with a lowered limit: the 7-face plate is gated before any measuring.
    MeasureOptions o;
    o.maxFacesBeforeMeshing = 6;
    const MeasuredDocument md =
        measureDocument(FcDocument::load(kDir + "plate_hole.FCStd"), DocumentRole::Candidate, o);
    ASSERT_TRUE(md.gate);
    EXPECT_EQ(
        md.gate->reason,
        "candidate has 7 faces (> 6); gated geometry to 0.0 — geometry too complex to be a valid candidate");
    EXPECT_FALSE(md.features);
    o.maxFacesBeforeMeshing = 7;
    EXPECT_TRUE(
        measureDocument(FcDocument::load(kDir + "plate_hole.FCStd"), DocumentRole::Candidate, o).features);
}

// The tip shortcut of §7.2: the same faces recognised, anything else not.
TEST(StructuralGates, SameBoundaryRecognisesTheSameSolidOnly) {
    auto plate = [](double r) {
        return BRepAlgoAPI_Cut(box(40, 30, 5),
                               BRepPrimAPI_MakeCylinder(gp_Ax2(gp_Pnt(20, 15, -1), gp::DZ()), r, 7).Shape())
            .Shape();
    };
    EXPECT_TRUE(sameBoundary(box(), box()));
    EXPECT_TRUE(sameBoundary(plate(1.5), plate(1.5)));
    EXPECT_FALSE(sameBoundary(plate(1.5), plate(1.455)));
    EXPECT_FALSE(sameBoundary(box(), box(10, 5, 2.9)));
    gp_Trsf moved;
    moved.SetTranslation(gp_Vec(0, 0, 1e-3));
    EXPECT_FALSE(sameBoundary(box(), BRepBuilderAPI_Transform(box(), moved, true).Shape()));
    EXPECT_FALSE(sameBoundary(box(), box().Reversed()));
    EXPECT_FALSE(sameBoundary(box(), TopoDS_Shape()));
}

// Wherever the shortcut fires on real documents (the Body against its Tip), OCCT's two volume integrals
// agree far inside §7.2's 1e-6, so the gate decides as if both were integrated.
TEST(StructuralGates, BodyAndTipVolumesAgreeWheneverTheirBoundariesDo) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(kDir))
        if (e.path().extension() == ".FCStd") files.push_back(e.path());
    for (const auto& e : fs::recursive_directory_iterator(fs::path(VERNIER_SOURCE_DIR) / "resources/sample"))
        if (e.is_regular_file() && e.path().extension() == ".FCStd") files.push_back(e.path());
    int same = 0, compared = 0;
    for (const auto& f : files) {
        FcDocument d;
        try {
            d = FcDocument::load(f.string());
        } catch (const std::exception&) {
            continue;
        }
        for (const auto& o : d.objects) {
            const FcProperty* tipProp = o.property("Tip");
            if (o.type != "PartDesign::Body" || !tipProp || tipProp->links.empty()) continue;
            const FcObject* tip = d.find(tipProp->links.front());
            if (!tip || o.shape().IsNull() || tip->shape().IsNull()) continue;
            ++compared;
            if (!sameBoundary(o.shape(), tip->shape())) continue;
            ++same;
            const double vb = shapeVolume(o.shape()), vt = shapeVolume(tip->shape());
            EXPECT_LE(std::abs(vb - vt), 1e-9 * std::max(std::abs(vb), 1.0)) << f;
        }
    }
    std::printf("bodies with a tip: %d, same boundary: %d\n", compared, same);
    EXPECT_GT(same, 40);
}
