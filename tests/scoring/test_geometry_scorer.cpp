// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The v2 geometry scorer on the real FreeCAD fixtures (docs/scoring.md §10) and on OCCT shapes built
// here for the complexity boundary.
#include <cmath>
#include <map>
#include <string>

#include <BRepBuilderAPI_MakeFace.hxx>
#include <BRepBuilderAPI_MakePolygon.hxx>
#include <BRepPrimAPI_MakeBox.hxx>
#include <BRepPrimAPI_MakePrism.hxx>
#include <BRep_Builder.hxx>
#include <TopoDS_Compound.hxx>
#include <gp_Ax1.hxx>
#include <gp_Trsf.hxx>
#include <gp_Vec.hxx>
#include <gtest/gtest.h>

#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "scoring/obb.h"
#include "scoring/obb_estimate.h"

using namespace vernier;

namespace {

std::string fixture(const std::string& name) {
    return std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/" + name + ".FCStd";
}

// Each fixture is read and measured once per OBB mode and role for the whole test program.
const MeasuredDocument& measured(const std::string& name, DocumentRole role, bool exactObb = false) {
    static std::map<std::string, MeasuredDocument> cache;
    const std::string key = name + (role == DocumentRole::Reference ? "/r" : "/c") + (exactObb ? "/x" : "/o");
    auto it = cache.find(key);
    if (it == cache.end()) {
        MeasureOptions o;
        o.exactObb = exactObb;
        it = cache.emplace(key, measureDocument(FcDocument::load(fixture(name)), role, o)).first;
    }
    return it->second;
}

GeometryResult score(const std::string& ref, const std::string& cand, bool exact = false) {
    return scoreGeometry(measured(ref, DocumentRole::Reference, exact),
                         measured(cand, DocumentRole::Candidate, exact));
}

const char* kUngated[] = {"box_additive",   "box_sketch_pad",   "box_2_91",         "box_scaled2",
                          "box_rotated",    "plate_hole",       "plate_hole_moved", "plate_hole_r1455",
                          "plate_no_hole",  "cylinder",         "cylinder_rotated", "cone",
                          "cone_scaled10",  "l_bracket_fillet", "flange_polar",     "box_binary_brep",
                          "tip_rolled_back"};

// A compound of 832 small boxes (4992 faces) plus one prism over a regular n-gon (n + 2 faces): a
// shape with an exact face count that meshes quickly.
MeasuredDocument manyFacesDocument(int prismSides, DocumentRole role) {
    BRep_Builder builder;
    TopoDS_Compound compound;
    builder.MakeCompound(compound);
    for (int i = 0; i < 832; ++i)
        builder.Add(compound, BRepPrimAPI_MakeBox(gp_Pnt(3.0 * (i % 32), 4.0 * (i / 32), 0.1 * (i % 5)), 1.0,
                                                  1.5 + 0.01 * (i % 7), 2.0)
                                  .Shape());
    BRepBuilderAPI_MakePolygon poly;
    for (int i = 0; i < prismSides; ++i) {
        const double a = 2 * M_PI * i / prismSides;
        poly.Add(gp_Pnt(-20 + 5 * std::cos(a), -20 + 5 * std::sin(a), 0));
    }
    poly.Close();
    const TopoDS_Face base = BRepBuilderAPI_MakeFace(poly.Wire());
    builder.Add(compound, BRepPrimAPI_MakePrism(base, gp_Vec(0, 0, 10)).Shape());
    MeasuredDocument d;
    d.role = role;
    d.document.fileName = "many_faces_" + std::to_string(4994 + prismSides) + ".FCStd";
    d.shape = compound;
    MeasureOptions o;
    o.exactObb = false;
    d.features = measureShape(d.shape, o, &d.faces);
    return d;
}

// An OCCT box a x b x c moved by a rotation about `axis` and a translation (an analytic document).
MeasuredDocument movedBox(double a, double b, double c, const gp_Dir& axis, double degrees,
                          DocumentRole role) {
    gp_Trsf rot, move;
    rot.SetRotation(gp_Ax1(gp_Pnt(0, 0, 0), axis), degrees * M_PI / 180);
    move.SetTranslation(gp_Vec(7, -3, 11));
    MeasuredDocument d;
    d.role = role;
    d.document.fileName = "box.FCStd";
    d.shape = BRepPrimAPI_MakeBox(a, b, c).Shape().Moved(TopLoc_Location(move * rot));
    MeasureOptions o;
    o.exactObb = false;
    d.features = measureShape(d.shape, o, &d.faces);
    return d;
}

} // namespace

TEST(GeometryScorer, SelfComparisonIsExactlyOne) {
    for (const char* name : kUngated) {
        const GeometryResult g = score(name, name);
        EXPECT_FALSE(g.gate) << name << ": " << g.reason;
        EXPECT_EQ(g.score, 1.0) << name << ": " << g.reason;
    }
}

TEST(GeometryScorer, SketchPadBoxAgainstAdditiveBox) {
    const GeometryResult g = score("box_additive", "box_sketch_pad");
    ASSERT_TRUE(g.icp);
    EXPECT_EQ(g.icp->score, 1.0);
    EXPECT_GE(g.score, 0.99);
}

TEST(GeometryScorer, RigidlyMovedCopiesScoreOne) {
    for (auto [a, b] : {std::pair{"box_additive", "box_rotated"}, {"cylinder", "cylinder_rotated"}}) {
        for (bool swap : {false, true}) {
            const GeometryResult g = swap ? score(b, a) : score(a, b);
            EXPECT_FALSE(g.gate) << g.reason;
            EXPECT_NEAR(g.score, 1.0, 1e-6) << g.reason;
            ASSERT_TRUE(g.bbox);
            EXPECT_LT(g.bbox->relativeError, 1e-3);
        }
    }
    const GeometryResult c = score("cylinder", "cylinder_rotated", true);
    EXPECT_NEAR(c.bbox->candidate[0], 8, 0.01);
    EXPECT_NEAR(c.bbox->candidate[1], 8, 0.01);
    EXPECT_NEAR(c.bbox->candidate[2], 12, 0.01);
}

TEST(GeometryScorer, RotatedCubesAndNearCubesScoreOne) {
    // docs/scoring.md §10: 10x10x10 and 10x10.01x9.99 boxes, several axes and angles, both directions.
    const gp_Dir axes[] = {gp_Dir(1, 2, 3), gp_Dir(0, 0, 1), gp_Dir(-1, 1, 0.5)};
    const double angles[] = {37, 90, 125};
    for (const auto& dims : {std::array<double, 3>{10, 10, 10}, std::array<double, 3>{10, 10.01, 9.99}}) {
        const MeasuredDocument still =
            movedBox(dims[0], dims[1], dims[2], gp_Dir(0, 0, 1), 0, DocumentRole::Reference);
        for (int k = 0; k < 3; ++k) {
            const MeasuredDocument moved =
                movedBox(dims[0], dims[1], dims[2], axes[k], angles[k], DocumentRole::Candidate);
            MeasuredDocument movedRef = moved, stillCand = still;
            movedRef.role = DocumentRole::Reference;
            stillCand.role = DocumentRole::Candidate;
            for (const MeasuredDocument* pr : {&still, static_cast<const MeasuredDocument*>(&movedRef)}) {
                const GeometryResult g = scoreGeometry(*pr, pr == &still ? moved : stillCand);
                EXPECT_FALSE(g.gate) << g.reason;
                EXPECT_NEAR(g.score, 1.0, 1e-6) << dims[1] << " axis " << k << ": " << g.reason;
                EXPECT_LT(g.bbox->relativeError, 1e-3);
            }
        }
    }
}

TEST(GeometryScorer, ConeIsAVacuousIcpMatch) {
    const GeometryResult g = score("cone", "cone");
    ASSERT_TRUE(g.icp);
    EXPECT_TRUE(g.icp->vacuous);
    EXPECT_EQ(g.score, 1.0);
}

TEST(GeometryScorer, ScaledCopiesHitTheBboxGateBeforeIcp) {
    const GeometryResult cone = score("cone", "cone_scaled10");
    ASSERT_TRUE(cone.gate);
    EXPECT_EQ(cone.gate->gate, "bbox");
    EXPECT_EQ(cone.score, 0.0);
    EXPECT_NEAR(cone.bbox->relativeError, 0.9, 1e-3);
    EXPECT_FALSE(cone.icp);

    const GeometryResult box = score("box_additive", "box_scaled2");
    ASSERT_TRUE(box.gate);
    EXPECT_EQ(box.gate->gate, "bbox");
    EXPECT_NEAR(box.bbox->relativeError, 0.5, 1e-6);
    ASSERT_TRUE(box.subscores);
    EXPECT_EQ(box.subscores->volume.score, 0.0);
    EXPECT_FALSE(box.icp);
    EXPECT_NE(box.reason.find("OCCT OBB maximum relative error 50.000% >= 10.000% threshold"),
              std::string::npos)
        << box.reason;
}

TEST(GeometryScorer, ThinnerBox) {
    const GeometryResult g = score("box_additive", "box_2_91", true);
    ASSERT_FALSE(g.gate) << g.reason;
    EXPECT_NEAR(g.bbox->relativeError, 0.03, 1e-6);
    EXPECT_NEAR(g.subscores->bbox.score, 0.5229, 5e-5);
    // Moments from the analytic box formula (docs/scoring.md §3.2).
    auto moments = [](double a, double b, double c) {
        std::array<double, 3> m{b * b + c * c, a * a + c * c, a * a + b * b};
        for (double& v : m)
            v /= 12 * std::pow(a * b * c, 2.0 / 3.0);
        std::sort(m.begin(), m.end());
        return m;
    };
    const double ePm = maxComponentError(moments(10, 5, 3), moments(10, 5, 2.91));
    EXPECT_NEAR(g.subscores->principalMoments.relDiff, ePm, 1e-9);
    EXPECT_NEAR(g.subscores->principalMoments.score, 1 - std::log10(ePm / 0.01), 1e-6);
    EXPECT_NEAR(meanComponentError(g.bbox->reference, g.bbox->candidate), 0.01, 1e-6); // v1 bbox error
}

TEST(GeometryScorer, HoleRadius) {
    const GeometryResult g = score("plate_hole", "plate_hole_r1455");
    ASSERT_FALSE(g.gate) << g.reason;
    EXPECT_NEAR(g.surfaceTypesPerTypeRelDiff.at("Cylinder"), 0.03, 1e-6);
    EXPECT_NEAR(g.subscores->surfaceTypes.score, 0.5229, 5e-5);
}

TEST(GeometryScorer, HoleMovedAndMissing) {
    const GeometryResult moved = score("plate_hole", "plate_hole_moved");
    ASSERT_FALSE(moved.gate) << moved.reason;
    EXPECT_LT(moved.icp->score, 0.9);
    EXPECT_LT(moved.score, 0.7);
    EXPECT_EQ(moved.subscores->surfaceTypes.score, 1.0);

    const GeometryResult missing = score("plate_hole", "plate_no_hole");
    ASSERT_FALSE(missing.gate) << missing.reason;
    EXPECT_LT(missing.icp->score, 0.9);
    EXPECT_EQ(missing.subscores->surfaceTypes.score, 0.0);
    EXPECT_GT(missing.score, 0.0);
    EXPECT_LT(missing.score, 0.7);
}

TEST(GeometryScorer, StructuralGatesReferenceFirst) {
    const GeometryResult partBox = score("box_additive", "part_box");
    ASSERT_TRUE(partBox.gate);
    EXPECT_EQ(partBox.score, 0.0);
    EXPECT_NE(partBox.reason.find("PartDesign::Body"), std::string::npos);
    EXPECT_FALSE(partBox.subscores);

    for (bool candidateSide : {true, false}) {
        const GeometryResult baked =
            candidateSide ? score("box_additive", "baked_feature") : score("baked_feature", "box_additive");
        ASSERT_TRUE(baked.gate);
        EXPECT_EQ(baked.gate->gate, "feature_tree");
        EXPECT_NE(baked.reason.find("non-PartDesign / baked geometry"), std::string::npos);
        EXPECT_NE(baked.reason.find(candidateSide ? "candidate model" : "reference model"), std::string::npos)
            << baked.reason;
    }
    // Both sides gated: the reference's gate is reported.
    const GeometryResult both = score("two_bodies", "part_box");
    ASSERT_TRUE(both.gate);
    EXPECT_NE(both.reason.find("reference model 'two_bodies.FCStd'"), std::string::npos) << both.reason;
    for (const char* bad : {"empty", "empty_body", "body_two_solids"}) {
        const GeometryResult g = score("box_additive", bad);
        ASSERT_TRUE(g.gate) << bad;
        EXPECT_EQ(g.gate->gate, "body") << bad << ": " << g.reason;
    }
}

TEST(GeometryScorer, CountGates) {
    EXPECT_FALSE(faceCountGate(6, 12)); // exactly 50%
    const auto f = faceCountGate(5, 12);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->gate, "face_count");
    EXPECT_EQ(f->reason,
              "face count differs by 58.3% (candidate=5, reference=12; threshold 50%) \u2014 candidate "
              "likely represents a structurally different part; gated geometry to 0.0");
    const auto v = vertexCountGate(20, 8);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->gate, "vertex_count");
    EXPECT_EQ(v->reason,
              "vertex count differs by 60.0% (candidate=20, reference=8; threshold 50%) \u2014 gated "
              "geometry to 0.0");
    // Cylinder (3 faces) against a box (6 faces): 50% exactly passes the face gate, vertices 2 vs 8 do not.
    const GeometryResult g = score("box_additive", "cylinder");
    ASSERT_TRUE(g.gate);
    EXPECT_EQ(g.gate->gate, "vertex_count");
}

TEST(GeometryScorer, BboxGateBoundary) {
    // Exact OBBs set by hand on the measured boxes: 0.099999 passes, 0.1 fails.
    const MeasuredDocument& ref0 = measured("box_additive", DocumentRole::Reference, true);
    const MeasuredDocument& cand0 = measured("box_sketch_pad", DocumentRole::Candidate, true);
    auto withObb = [](MeasuredDocument d, std::array<double, 3> dims) {
        d.features->obbSorted = dims;
        return d;
    };
    const MeasuredDocument ref = withObb(ref0, {3, 5, 10});
    const GeometryResult pass = scoreGeometry(ref, withObb(cand0, {3, 5, 10 * (1 - 0.099999)}));
    EXPECT_FALSE(pass.gate);
    EXPECT_NEAR(pass.bbox->relativeError, 0.099999, 1e-12);
    EXPECT_TRUE(pass.bbox->passed);
    const GeometryResult fail = scoreGeometry(ref, withObb(cand0, {3, 5, 9}));
    ASSERT_TRUE(fail.gate);
    EXPECT_EQ(fail.bbox->relativeError, 0.1);
    EXPECT_EQ(fail.gate->gate, "bbox");
    EXPECT_EQ(fail.score, 0.0);

    const std::array<double, 3> zero{0, 0, 0};
    const auto iv = bboxErrorInterval({10, 10, 10}, {10, 10, 9}, {0.1, 0.1, 0.1}, zero);
    EXPECT_LT(iv[0], 0.1);
    EXPECT_GT(iv[1], 0.1);
}

TEST(GeometryScorer, ComplexityBoundary) {
    const MeasuredDocument ref = manyFacesDocument(6, DocumentRole::Reference); // 5000 faces
    const MeasuredDocument ok = manyFacesDocument(6, DocumentRole::Candidate);
    const MeasuredDocument tooMany = manyFacesDocument(7, DocumentRole::Candidate); // 5001 faces
    ASSERT_EQ(ok.features->nFaces, 5000);
    ASSERT_EQ(tooMany.features->nFaces, 5001);
    const GeometryResult pass = scoreGeometry(ref, ok);
    EXPECT_FALSE(pass.gate) << pass.reason;
    EXPECT_EQ(pass.score, 1.0);
    const GeometryResult fail = scoreGeometry(ref, tooMany);
    ASSERT_TRUE(fail.gate);
    EXPECT_EQ(fail.gate->gate, "complexity");
    EXPECT_NE(fail.reason.find("candidate has 5001 faces (> 5000)"), std::string::npos) << fail.reason;
    EXPECT_FALSE(fail.bbox); // before OBB and ICP
    EXPECT_FALSE(fail.icp);
}

// docs/scoring.md §14: coarse OBBs decide the gate unless the interval straddles it. Every ordered pair of
// fixtures must get the same gate and the same score as with OBBs at the spec's deflection.
TEST(GeometryScorer, CoarseObbPathEqualsExactPathOnAllFixturePairs) {
    for (const char* name : kUngated) {
        const GeometryFeatures& c = *measured(name, DocumentRole::Candidate).features;
        const GeometryFeatures& x = *measured(name, DocumentRole::Candidate, true).features;
        ASSERT_TRUE(x.obbExact);
        // Polyhedral shapes get the spec's OBB itself (vertices only, no mesh); the others an estimate.
        ASSERT_EQ(c.obbExact, isPolyhedral(measured(name, DocumentRole::Candidate).shape)) << name;
        if (c.obbExact) {
            for (int i = 0; i < 3; ++i)
                EXPECT_EQ(c.obbSorted[i], x.obbSorted[i]) << name << " dim " << i;
            continue;
        }
        const auto m = obbMargin(c.obbSorted, c.obbCoarseDeflection, obbDeflection(c.volume));
        for (int i = 0; i < 3; ++i) // the premise of the interval
            EXPECT_LE(std::fabs(c.obbSorted[i] - x.obbSorted[i]), m[i]) << name << " dim " << i;
    }
    int refined = 0, pairs = 0;
    for (const char* a : kUngated)
        for (const char* b : kUngated) {
            const GeometryResult fast = score(a, b, false), exact = score(a, b, true);
            ++pairs;
            refined += fast.bbox && fast.bbox->refined;
            EXPECT_EQ(fast.score, exact.score) << a << " vs " << b;
            EXPECT_EQ(bool(fast.gate), bool(exact.gate)) << a << " vs " << b;
            if (fast.gate && exact.gate) {
                EXPECT_EQ(fast.gate->gate, exact.gate->gate) << a << " vs " << b;
            }
            if (fast.bbox && exact.bbox) {
                EXPECT_EQ(fast.bbox->passed, exact.bbox->passed) << a << " vs " << b;
            }
        }
    RecordProperty("pairs", pairs);
    RecordProperty("refined", refined);
    std::printf("coarse-vs-exact: %d pairs, %d refined\n", pairs, refined);
}

TEST(GeometryScorer, StraddlingCoarseEstimateIsRefined) {
    // A coarse candidate OBB that claims exactly 10% error: undecided, so the second tier measures the
    // shape again, which (a polyhedral box: vertices only) finds the true 10x5x3 box exactly.
    MeasuredDocument cand = measured("box_sketch_pad", DocumentRole::Candidate);
    cand.features->obbSorted = {2.7, 5, 10};
    cand.features->obbExact = false;
    cand.features->obbCoarseDeflection = 0.01;
    const GeometryResult g = scoreGeometry(measured("box_additive", DocumentRole::Reference), cand);
    ASSERT_TRUE(g.bbox);
    EXPECT_TRUE(g.bbox->closer);
    EXPECT_FALSE(g.bbox->refined);
    EXPECT_TRUE(g.bbox->exact);
    EXPECT_NEAR(g.bbox->relativeError, 0.0, 1e-6);
    EXPECT_FALSE(g.gate);
}

TEST(GeometryScorer, StraddlingCurvedEstimateIsDecidedByTheSecondTier) {
    // The same lie on a cylinder: the second-tier estimates decide (7x7x30 vs itself: error ~0).
    MeasuredDocument cand = measured("cylinder", DocumentRole::Candidate);
    const auto truth = measured("cylinder", DocumentRole::Candidate, true).features->obbSorted;
    cand.features->obbSorted = {truth[0] * 0.9, truth[1], truth[2]};
    const GeometryResult g = scoreGeometry(measured("cylinder", DocumentRole::Reference), cand);
    ASSERT_TRUE(g.bbox);
    EXPECT_TRUE(g.bbox->closer);
    EXPECT_FALSE(g.bbox->refined);
    EXPECT_FALSE(g.bbox->exact);
    EXPECT_TRUE(g.bbox->passed);
    EXPECT_LT(g.bbox->errorHigh, 0.1);
    EXPECT_FALSE(g.gate);
}

TEST(GeometryScorer, ExactDiagnosticsOnRequest) {
    GeometryOptions o;
    o.exactBboxDiagnostics = true;
    // Boxes already carry their exact OBB (polyhedral): nothing to refine.
    const GeometryResult boxes = scoreGeometry(measured("box_additive", DocumentRole::Reference),
                                               measured("box_2_91", DocumentRole::Candidate), o);
    ASSERT_TRUE(boxes.bbox);
    EXPECT_TRUE(boxes.bbox->exact);
    EXPECT_FALSE(boxes.bbox->refined);
    EXPECT_NEAR(boxes.bbox->relativeError, 0.03, 1e-6);
    // Curved shapes are meshed at the spec's deflection on request, and match the exact path.
    const GeometryResult g = scoreGeometry(measured("cylinder", DocumentRole::Reference),
                                           measured("cylinder_rotated", DocumentRole::Candidate), o);
    const GeometryResult x = score("cylinder", "cylinder_rotated", true);
    ASSERT_TRUE(g.bbox);
    ASSERT_TRUE(x.bbox);
    EXPECT_TRUE(g.bbox->exact);
    EXPECT_TRUE(g.bbox->refined);
    EXPECT_EQ(g.bbox->relativeError, x.bbox->relativeError);
    EXPECT_EQ(g.bbox->reference, x.bbox->reference);
    EXPECT_EQ(g.bbox->candidate, x.bbox->candidate);
}

TEST(GeometryScorer, CombinationWeights) {
    EXPECT_NEAR(combineGeometry(0.2, 0.4, 0.6, 0.8, 1.0), 0.53, 1e-12);
    EXPECT_NEAR(combineGeometry(0.2, 0.4, 0.6, 0.8, 0.0), 0.265, 1e-12);
    EXPECT_EQ(combineGeometry(1, 1, 1, 1, 0), 0.5);
    EXPECT_EQ(combineGeometry(1, 1, 1, 1, 1), 1.0);
}

TEST(GeometryScorer, ReasonFormat) {
    const GeometryResult g = score("plate_hole", "plate_hole_r1455");
    EXPECT_EQ(g.reason.rfind("plate_hole.FCStd vs plate_hole_r1455.FCStd: overall=", 0), 0u) << g.reason;
    EXPECT_NE(g.reason.find("[solid_count=1 (matched)]"), std::string::npos);
    EXPECT_NE(g.reason.find("surface_types_diff=3.000% (Close)"), std::string::npos) << g.reason;
    EXPECT_NE(g.reason.find("icp[plate_hole.FCStd vs plate_hole_r1455.FCStd: reward="), std::string::npos);
}
