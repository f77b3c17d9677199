// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The cheap OBB estimates (obb_estimate.h, both tiers) against the OBB at the spec's deflection: their
// error stays inside the scorer's margin on every fixture and sample document and on rotated analytic
// shapes, and scoring on the fast path gives the same gates, bbox decisions and scores as the exact
// path on every fixture pair and every sample trial pair.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <random>

#include <BRepAdaptor_Curve.hxx>
#include <BRepAlgoAPI_Cut.hxx>
#include <BRepBuilderAPI_Transform.hxx>
#include <BRepFilletAPI_MakeFillet.hxx>
#include <BRepPrimAPI_MakeBox.hxx>
#include <BRepPrimAPI_MakeCone.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <BRepPrimAPI_MakeSphere.hxx>
#include <Bnd_OBB.hxx>
#include <TColgp_Array1OfPnt.hxx>
#include <TopExp_Explorer.hxx>
#include <TopoDS.hxx>
#include <gp_Ax2.hxx>
#include <gtest/gtest.h>

#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "scoring/obb.h"
#include "scoring/obb_estimate.h"
#include "support/sample_pairs.h"

namespace fs = std::filesystem;
using namespace vernier;

namespace {

// A document measured on the exact path and on the scorer's fast path (first-tier OBB estimate).
struct Twin {
    MeasuredDocument exact, estimated;
};

Twin measureTwin(const std::string& path, DocumentRole role) {
    Twin t;
    MeasureOptions exact, fast;
    exact.exactObb = true;
    fast.exactObb = false;
    t.exact = measureDocument(FcDocument::load(path), role, exact);
    t.estimated = measureDocument(FcDocument::load(path), role, fast);
    return t;
}

std::vector<std::string> fixtureFiles() {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(std::string(VERNIER_TEST_DATA_DIR) + "/fcstd"))
        if (e.path().extension() == ".FCStd") out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

// Both estimate tiers stay inside the scorer's margin around the spec's OBB; a polyhedral shape's
// estimate is the spec's OBB bit for bit.
void expectWithinMargin(const Twin& t, const std::string& label) {
    if (!t.exact.features) return;
    const GeometryFeatures& fx = *t.exact.features;
    const GeometryFeatures& fe = *t.estimated.features;
    const auto& x = fx.obbSorted;
    if (fe.obbExact) {
        EXPECT_TRUE(isPolyhedral(t.exact.shape)) << label;
        for (int i = 0; i < 3; ++i)
            EXPECT_EQ(fe.obbSorted[i], x[i]) << label << " dim " << i;
        return;
    }
    const auto m = obbMargin(fe.obbSorted, fe.obbCoarseDeflection, obbDeflection(fx.volume));
    for (int i = 0; i < 3; ++i)
        EXPECT_LE(std::fabs(fe.obbSorted[i] - x[i]), m[i]) << label << " dim " << i;
    const ObbEstimate closer =
        estimateObb(t.exact.shape, fx.volume, kObbCloserLinearFactor, kObbCloserAngularDeflection);
    EXPECT_FALSE(closer.exact) << label;
    EXPECT_LT(closer.deflection, fe.obbCoarseDeflection) << label;
    const auto mc = obbMargin(closer.dims, closer.deflection, obbDeflection(fx.volume));
    for (int i = 0; i < 3; ++i)
        EXPECT_LE(std::fabs(closer.dims[i] - x[i]), mc[i]) << label << " closer dim " << i;
}

struct Counts {
    int pairs = 0, closer = 0, refined = 0;
};

void expectSameDecision(const Twin& r, const Twin& c, const std::string& label, Counts& n) {
    const GeometryResult fast = scoreGeometry(r.estimated, c.estimated);
    const GeometryResult exact = scoreGeometry(r.exact, c.exact);
    EXPECT_EQ(fast.score, exact.score) << label;
    EXPECT_EQ(fast.partial, exact.partial) << label;
    EXPECT_EQ(bool(fast.gate), bool(exact.gate)) << label;
    if (fast.gate && exact.gate) {
        EXPECT_EQ(fast.gate->gate, exact.gate->gate) << label;
    }
    EXPECT_EQ(fast.bbox.has_value(), exact.bbox.has_value()) << label;
    if (fast.bbox && exact.bbox) {
        EXPECT_EQ(fast.bbox->passed, exact.bbox->passed) << label;
        // Whatever tier decided, the exact error lies in the interval it decided on.
        EXPECT_LE(fast.bbox->errorLow, exact.bbox->relativeError) << label;
        EXPECT_GE(fast.bbox->errorHigh, exact.bbox->relativeError) << label;
        if (fast.bbox->exact) {
            EXPECT_EQ(fast.bbox->relativeError, exact.bbox->relativeError) << label;
        }
    }
    ++n.pairs;
    n.closer += fast.bbox && fast.bbox->closer;
    n.refined += fast.bbox && fast.bbox->refined;
}

} // namespace

TEST(ObbEstimate, PolyhedralBoxIsTheExactObbWithoutAMesh) {
    const Twin t = measureTwin(std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/box_additive.FCStd",
                               DocumentRole::Candidate);
    ASSERT_TRUE(t.estimated.features);
    EXPECT_TRUE(t.estimated.features->obbExact);
    EXPECT_NEAR(t.estimated.features->obbSorted[0], 3, 1e-6);
    EXPECT_NEAR(t.estimated.features->obbSorted[1], 5, 1e-6);
    EXPECT_NEAR(t.estimated.features->obbSorted[2], 10, 1e-6);
    EXPECT_EQ(t.estimated.features->obbCoarseDeflection, 0.0);
}

TEST(ObbEstimate, CurvedShapesAreNotPolyhedral) {
    for (const char* f : {"cylinder.FCStd", "plate_hole.FCStd", "l_bracket_fillet.FCStd", "cone.FCStd"}) {
        const Twin t =
            measureTwin(std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/" + f, DocumentRole::Candidate);
        ASSERT_TRUE(t.estimated.features) << f;
        EXPECT_FALSE(isPolyhedral(t.estimated.shape)) << f;
        EXPECT_FALSE(t.estimated.features->obbExact) << f;
        EXPECT_GT(t.estimated.features->obbCoarseDeflection, 0.0) << f;
    }
}

// Analytic shapes built here, turned about several axes: the estimates stay inside the margin.
TEST(ObbEstimate, RotatedCurvedShapesStayInsideTheMargin) {
    const TopoDS_Shape plate =
        BRepAlgoAPI_Cut(BRepPrimAPI_MakeBox(60, 40, 6).Shape(),
                        BRepPrimAPI_MakeCylinder(gp_Ax2(gp_Pnt(30, 20, -1), gp::DZ()), 9, 8).Shape())
            .Shape();
    // Mixed shapes: ruled faces sampled by their edges, the torus / sphere faces meshed.
    const TopoDS_Shape drum = BRepPrimAPI_MakeCylinder(9, 20).Shape();
    BRepFilletAPI_MakeFillet rounded(drum);
    for (TopExp_Explorer e(drum, TopAbs_EDGE); e.More(); e.Next())
        if (BRepAdaptor_Curve(TopoDS::Edge(e.Current())).GetType() == GeomAbs_Circle)
            rounded.Add(2.5, TopoDS::Edge(e.Current()));
    const TopoDS_Shape dimpled = BRepAlgoAPI_Cut(BRepPrimAPI_MakeBox(50, 30, 8).Shape(),
                                                 BRepPrimAPI_MakeSphere(gp_Pnt(25, 15, 14), 9).Shape())
                                     .Shape();
    const TopoDS_Shape shapes[] = {BRepPrimAPI_MakeCylinder(7, 30).Shape(),
                                   BRepPrimAPI_MakeCone(10, 4, 25).Shape(),
                                   BRepPrimAPI_MakeSphere(12).Shape(),
                                   plate,
                                   rounded.Shape(),
                                   dimpled};
    EXPECT_FALSE(isRuled(rounded.Shape()));
    EXPECT_FALSE(isRuled(dimpled));
    const gp_Dir axes[] = {gp_Dir(1, 0, 0), gp_Dir(0, 1, 0), gp_Dir(1, 1, 0), gp_Dir(1, 2, 3)};
    const double angles[] = {0.3, 0.7853981633974483, 1.2};
    int checked = 0;
    for (const TopoDS_Shape& s : shapes)
        for (const gp_Dir& a : axes)
            for (double angle : angles) {
                gp_Trsf rot;
                rot.SetRotation(gp_Ax1(gp_Pnt(3, -2, 5), a), angle);
                const TopoDS_Shape moved = BRepBuilderAPI_Transform(s, rot, /*copy=*/true).Shape();
                MeasuredDocument exact, fast;
                exact.features = measureShape(moved);
                exact.shape = moved;
                MeasureOptions o;
                o.exactObb = false;
                fast.features = measureShape(moved, o);
                fast.shape = moved;
                expectWithinMargin(Twin{exact, fast}, "shape " + std::to_string(checked));
                ++checked;
            }
    EXPECT_EQ(checked, 72);
}

TEST(ObbEstimate, SameDecisionsAsExactOnAllFixturePairs) {
    std::vector<std::pair<std::string, Twin>> ref, cand;
    for (const auto& f : fixtureFiles()) {
        ref.emplace_back(f, measureTwin(f, DocumentRole::Reference));
        cand.emplace_back(f, measureTwin(f, DocumentRole::Candidate));
        expectWithinMargin(cand.back().second, f);
    }
    Counts n;
    for (const auto& [rn, r] : ref)
        for (const auto& [cn, c] : cand)
            expectSameDecision(r, c, fs::path(rn).stem().string() + " vs " + fs::path(cn).stem().string(), n);
    EXPECT_EQ(n.pairs, int(ref.size() * cand.size()));
    std::printf("fixture pairs: %d, second tier: %d, exact: %d\n", n.pairs, n.closer, n.refined);
}

TEST(ObbEstimate, SameDecisionsAsExactOnTheSampleTrials) {
    const auto pairs = test::sampleScoringPairs();
    ASSERT_FALSE(pairs.empty());
    std::map<std::string, Twin> refs;
    Counts n;
    for (const auto& [r, c, spec] : pairs) {
        if (!refs.count(r)) {
            refs.emplace(r, measureTwin(r, DocumentRole::Reference));
            expectWithinMargin(refs.at(r), r);
        }
        const Twin cand = measureTwin(c, DocumentRole::Candidate);
        expectWithinMargin(cand, c);
        expectSameDecision(refs.at(r), cand, c, n);
    }
    std::printf("sample pairs: %d, second tier: %d, exact: %d\n", n.pairs, n.closer, n.refined);
}

// The brute-force optimal OBB is OCCT's Bnd_OBB::ReBuild(optimal) bit for bit on point sets without
// ties: random clouds of several sizes, stretched and turned, and a cloud with a few repeated points.
TEST(ObbEstimate, OptimalObbOfPointsIsOcctsOptimalObb) {
    std::mt19937_64 rng(20261130);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    int checked = 0;
    for (int n : {4, 5, 17, 60, 250, 1200}) {
        for (int rep = 0; rep < 6; ++rep) {
            const double sx = 1 + 40 * (u(rng) + 1), sy = 1 + 10 * (u(rng) + 1), sz = 0.5 + 3 * (u(rng) + 1);
            gp_Trsf rot;
            rot.SetRotation(gp_Ax1(gp_Pnt(0, 0, 0), gp_Dir(u(rng), u(rng), 1.5)), 3 * u(rng));
            std::vector<gp_XYZ> pts;
            for (int i = 0; i < n; ++i) {
                gp_Pnt p(sx * u(rng), sy * u(rng), sz * u(rng));
                pts.push_back(p.Transformed(rot).XYZ());
            }
            if (rep == 5) pts.push_back(pts.front()), pts.push_back(pts[pts.size() / 2]);
            TColgp_Array1OfPnt array(0, static_cast<int>(pts.size()) - 1);
            for (std::size_t i = 0; i < pts.size(); ++i)
                array.SetValue(static_cast<int>(i), gp_Pnt(pts[i]));
            Bnd_OBB box;
            box.ReBuild(array, nullptr, Standard_True);
            std::array<double, 3> occt{2 * box.XHSize(), 2 * box.YHSize(), 2 * box.ZHSize()};
            std::sort(occt.begin(), occt.end());
            const std::array<double, 3> ours = optimalObbOfPoints(pts);
            for (int i = 0; i < 3; ++i)
                EXPECT_EQ(ours[i], occt[i]) << "n=" << n << " rep=" << rep << " dim " << i;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 36);
}
