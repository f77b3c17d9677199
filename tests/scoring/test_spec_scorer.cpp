// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Spec consistency end to end on real FreeCAD fixtures (docs/scoring.md §8.1 box_spec, §10).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "scoring/spec_json.h"
#include "scoring/spec_scorer.h"

using namespace vernier;

namespace {

std::string fixture(const std::string& name) {
    return std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/" + name;
}

SpecResult score(const std::string& keyParameters, const std::string& file, SpecOptions o = {}) {
    nlohmann::json j{{"name", "test part"}, {"description", "fixture"}, {"key_parameters", keyParameters}};
    return scoreSpec(parseSpecJson(j.dump()), FcDocument::load(fixture(file)), o);
}

const ParameterFinding& finding(const SpecResult& r, const std::string& key) {
    for (const auto& f : r.parameters)
        if (f.key == key) return f;
    throw std::runtime_error("no finding for " + key);
}

} // namespace

TEST(SpecScorer, BoxSpecOnAdditiveBoxIsOne) {
    const auto r = score("- length = 10 mm\n- width = 5 mm\n- height = 3 mm", "box_additive.FCStd");
    EXPECT_EQ(r.score, 1.0);
    EXPECT_EQ(r.consistent, 3);
    EXPECT_EQ(r.reason, "spec.json vs box_additive.FCStd: spec_score=1.000 (3/3 consistent, 0 inconsistent, "
                        "0 not_found; failure_budget=10)");
    EXPECT_EQ(finding(r, "length").measurementSource, "Box.Length");
    EXPECT_EQ(finding(r, "width").measurementSource, "Box.Width");
    EXPECT_EQ(finding(r, "height").measurementSource, "Box.Height");
    EXPECT_EQ(*finding(r, "height").measured, 3.0);
    EXPECT_EQ(finding(r, "height").expected, "3 mm");
    EXPECT_EQ(*finding(r, "height").relError, 0.0);
    EXPECT_EQ(r.unexpectedFeatures, (std::vector<std::string>{"Body"})); // Box is claimed by the findings
}

TEST(SpecScorer, BoxSpecWrongEverywhereIsZero) {
    const auto r = score("- length = 999 mm\n- width = 888 mm\n- height = 777 mm", "box_additive.FCStd");
    EXPECT_EQ(r.score, 0.0);
    EXPECT_EQ(r.inconsistent, 3);
    // Without a budget the legacy rate is also 0.
    EXPECT_EQ(score("- length = 999 mm\n- width = 888 mm\n- height = 777 mm", "box_additive.FCStd",
                    {0.01, 0.01, std::nullopt})
                  .score,
              0.0);
}

TEST(SpecScorer, BoxSpecHeightOnlyWrongIsStrictlyBetween) {
    const auto r = score("- length = 10 mm\n- width = 5 mm\n- height = 4 mm", "box_additive.FCStd");
    EXPECT_GT(r.score, 0.0);
    EXPECT_LT(r.score, 1.0);
    EXPECT_DOUBLE_EQ(r.score, 1.0 - 1.0 / 3.0);
    const auto& h = finding(r, "height");
    EXPECT_EQ(h.status, FindingStatus::Inconsistent);
    // Closest candidate: the middle bounding-box extent, |4 − 5| / 5 = 0.2 (Box.Height = 3 gives 0.25).
    EXPECT_EQ(*h.measured, 5.0);
    EXPECT_EQ(h.measurementSource, "bounding box extent (mid)");
    EXPECT_DOUBLE_EQ(*h.relError, 0.2);
    EXPECT_EQ(h.reason, "rel_diff 0.200 > tol 0.01");
}

TEST(SpecScorer, SketchPadBoxMatchesThroughPadAndBoundingBox) {
    const auto r = score("- length = 10 mm\n- width = 5 mm\n- height = 3 mm", "box_sketch_pad.FCStd");
    EXPECT_EQ(r.score, 1.0);
    EXPECT_EQ(finding(r, "width").measurementSource, "bounding box extent (mid)");
}

TEST(SpecScorer, PlateHoleDiameterThicknessAndCorners) {
    const auto r = score("hole_diameter = 3 mm\nplate_thickness = 5 mm\nplate_corner = (0, 0, 0) mm\n"
                         "hole_radius = 1.5 mm\nplate_length = 40 mm\nplate_width = 30 mm",
                         "plate_hole.FCStd");
    EXPECT_EQ(r.consistent, 6) << r.reason;
    const auto& d = finding(r, "hole_diameter");
    EXPECT_EQ(d.status, FindingStatus::Consistent);
    EXPECT_EQ(*d.measured, 3.0);
    EXPECT_EQ(d.check, "diameter");
    EXPECT_EQ(d.measurementSource, "Sketch001.Geometry[0].CircleRadius \xC3\x97 2");
    const auto& t = finding(r, "plate_thickness");
    EXPECT_EQ(t.measurementSource, "plane pair offset (normal z)");
    EXPECT_EQ(t.faces.size(), 2u);
    const auto& c = finding(r, "plate_corner");
    EXPECT_EQ(c.measurementSource, "bounding box min corner");
    EXPECT_EQ(c.measuredVector, (std::vector<double>{0, 0, 0}));
}

TEST(SpecScorer, PlateHoleWrongDiameterIsInconsistent) {
    const auto r = score("hole_diameter = 3.3 mm", "plate_hole_r1455.FCStd");
    const auto& d = finding(r, "hole_diameter");
    EXPECT_EQ(d.status, FindingStatus::Inconsistent);
    EXPECT_NEAR(*d.measured, 2.91, 1e-9);
}

TEST(SpecScorer, FlangeHoleCountPcdAndAngle) {
    const auto r = score("num_holes = 6\nbolt_pcd = 60 mm\nflange_diameter = 80 mm\nbore_diameter = 20 mm\n"
                         "revolution_angle = 360 deg\nflange_thickness = 8 mm\nnum_spokes_count = 5",
                         "flange_polar.FCStd");
    const auto& n = finding(r, "num_holes");
    EXPECT_EQ(n.status, FindingStatus::Consistent);
    EXPECT_EQ(*n.measured, 6.0);
    EXPECT_EQ(n.check, "count");
    EXPECT_EQ(n.measurementSource, "cylinder cluster #2 (concave, r=3.3, \xC3\x97"
                                   "6) count");
    EXPECT_EQ(n.faces.size(), 6u);
    EXPECT_EQ(finding(r, "bolt_pcd").status, FindingStatus::Consistent);
    EXPECT_EQ(finding(r, "flange_diameter").status, FindingStatus::Consistent);
    EXPECT_EQ(finding(r, "bore_diameter").status, FindingStatus::Consistent);
    const auto& a = finding(r, "revolution_angle");
    EXPECT_EQ(a.status, FindingStatus::Consistent);
    EXPECT_NEAR(*a.measured, 2 * std::numbers::pi, 1e-9);
    EXPECT_EQ(a.measuredText, "360\xC2\xB0");
    EXPECT_EQ(finding(r, "flange_thickness").status, FindingStatus::Consistent);
    // "spokes" is no count noun: only PolarPattern.Occurrences = 6 is a candidate.
    const auto& s = finding(r, "num_spokes_count");
    EXPECT_EQ(s.status, FindingStatus::Inconsistent);
    EXPECT_EQ(s.measurementSource, "PolarPattern.Occurrences");
    EXPECT_EQ(s.reason, "count mismatch (got 6, expected 5)");
    EXPECT_DOUBLE_EQ(*s.relError, 0.2);
}

TEST(SpecScorer, EmptyDocumentSkipsEveryParameter) {
    const auto r = score("length = 10 mm", "empty.FCStd");
    EXPECT_EQ(r.notFound, 1);
    EXPECT_EQ(r.score, 0.0);
    EXPECT_EQ(r.error, "skip: no parametric solid (dumb body or empty)");
}

TEST(SpecScorer, ParamCheckIsReportedNeverExecuted) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("vernier_spec_pc_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto marker = dir / "executed.txt";
    {
        std::ofstream(dir / "spec.json")
            << R"({"name": "box", "key_parameters": "length = 10 mm\nwidth = 6 mm\nhand = left"})";
        std::ofstream(dir / "param_check.py") << "open(r'" << marker.string() << "', 'w').write('ran')\n";
    }
    const SpecDefinition spec = loadSpecFile((dir / "spec.json").string());
    EXPECT_EQ(spec.fileName, "spec.json");
    EXPECT_TRUE(hasParamCheck(spec.path));
    const auto r = scoreSpec(spec, FcDocument::load(fixture("box_additive.FCStd")));
    EXPECT_TRUE(r.paramCheckPresent);
    EXPECT_EQ(r.paramCheckRefinable, (std::vector<std::string>{"width", "hand"}));
    EXPECT_FALSE(std::filesystem::exists(marker));
    const auto j = specResultToJson(r, SpecOptions{});
    EXPECT_EQ(j["param_check"]["present"], true);
    EXPECT_EQ(j["param_check"]["executed"], false);
    std::filesystem::remove(dir / "param_check.py");
    EXPECT_FALSE(hasParamCheck(spec.path));
    EXPECT_FALSE(scoreSpec(spec, FcDocument::load(fixture("box_additive.FCStd"))).paramCheckPresent);
    std::filesystem::remove_all(dir);
}

TEST(SpecScorer, ParameterJsonMatchesTheCliContract) {
    const auto r =
        score("hole_diameter = 3 mm\nhole_center = (10, 10) mm\nhand = left\nsection_type = smooth shaft",
              "plate_hole.FCStd");
    const auto params = specParametersToJson(r);
    ASSERT_EQ(params.size(), 3u); // the unparseable chunk is listed under "rejected", not scored
    for (const auto& p : params) {
        for (const char* k : {"key", "expected", "measured", "status", "reason", "source", "rel_error"})
            EXPECT_TRUE(p.contains(k)) << k;
        EXPECT_TRUE(p["status"] == "consistent" || p["status"] == "inconsistent" ||
                    p["status"] == "not_found");
    }
    EXPECT_EQ(params[0]["measured"], 3.0);
    EXPECT_TRUE(params[1]["measured"].is_array()); // nearest centroid offset, in the original's frame
    EXPECT_TRUE(params[2]["measured"].is_null());
    const auto full = specResultToJson(r, SpecOptions{});
    ASSERT_EQ(full["rejected"].size(), 1u);
    EXPECT_EQ(full["rejected"][0]["text"], "section_type = smooth shaft");
    EXPECT_EQ(full["failure_budget"], 10);
    EXPECT_EQ(full["total_params"], 3);
}
