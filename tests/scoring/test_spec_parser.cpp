// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The spec.json parser against every case of docs/scoring.md §8.1-§8.2.
#include <gtest/gtest.h>

#include <numbers>

#include <nlohmann/json.hpp>

#include "scoring/errors.h"
#include "scoring/spec_parser.h"

using namespace vernier;
using Kind = SpecParameter::Kind;

namespace {

const SpecParameter& param(const StructuredSpec& s, const std::string& key, Kind kind) {
    const SpecParameter* p = s.find(key, kind);
    if (!p) throw std::runtime_error("missing parameter " + key + " of kind " + kindName(kind));
    return *p;
}

} // namespace

TEST(SpecParser, BoxSpecBulletsToMillimetres) {
    const auto spec = parseSpecJson(R"({"name": "test part",
 "description": "A part built by the end-to-end fixtures.",
 "key_parameters": "- length = 10 mm\n- width = 5 mm\n- height = 3 mm"})");
    EXPECT_EQ(spec.name, "test part");
    EXPECT_EQ(spec.description, "A part built by the end-to-end fixtures.");
    ASSERT_EQ(spec.parameters.size(), 3u);
    EXPECT_EQ(spec.parameters[0].key, "length");
    EXPECT_EQ(spec.parameters[1].key, "width");
    EXPECT_EQ(spec.parameters[2].key, "height");
    EXPECT_DOUBLE_EQ(spec.parameters[0].value, 10.0);
    EXPECT_DOUBLE_EQ(spec.parameters[1].value, 5.0);
    EXPECT_DOUBLE_EQ(spec.parameters[2].value, 3.0);
    for (const auto& p : spec.parameters) {
        EXPECT_EQ(p.kind, Kind::Scalar);
        EXPECT_EQ(p.unit, "mm");
    }
    EXPECT_EQ(spec.parameters[0].valueText, "10 mm");
    EXPECT_EQ(spec.parameters[0].rawText, "- length = 10 mm");
    EXPECT_EQ(spec.parameters[2].order, 2);
    EXPECT_TRUE(spec.rejected.empty());
}

TEST(SpecParser, StructuredHardeningExample) {
    const auto spec = parseSpecJson(R"({"name": "structured",
 "key_parameters": {"Overall_Length": {"value": 10, "unit": "cm"}, "num_teeth": 20,
                    "position": {"value": ["−5 mm", "3 mm"]},
                    "cut_angle": {"value": 90, "unit": "deg"}, "helix_hand": "right"}})");
    EXPECT_EQ(spec.name, "structured");
    ASSERT_EQ(spec.parameters.size(), 5u);
    const auto& len = param(spec, "overall_length", Kind::Scalar);
    EXPECT_DOUBLE_EQ(len.value, 100.0);
    EXPECT_EQ(len.unit, "mm");
    EXPECT_EQ(len.valueText, "10 cm");
    EXPECT_EQ(param(spec, "num_teeth", Kind::Count).value, 20.0);
    const auto& pos = param(spec, "position", Kind::Vector);
    ASSERT_EQ(pos.components.size(), 2u);
    EXPECT_DOUBLE_EQ(pos.components[0], -5.0);
    EXPECT_DOUBLE_EQ(pos.components[1], 3.0);
    EXPECT_EQ(pos.unit, "mm");
    const auto& angle = param(spec, "cut_angle", Kind::Scalar);
    EXPECT_DOUBLE_EQ(angle.value, std::numbers::pi / 2);
    EXPECT_EQ(angle.unit, "rad");
    EXPECT_EQ(param(spec, "helix_hand", Kind::String).text, "right");
    // Original key order is kept (ordered JSON), lower-cased.
    EXPECT_EQ(spec.parameters[0].key, "overall_length");
    EXPECT_EQ(spec.parameters[4].key, "helix_hand");
}

TEST(SpecParser, GearTextExample) {
    const auto s =
        parseKeyParameters("number_of_teeth = 20\ngear_module = 1 mm\ngear_pitch_diameter = 20 mm");
    EXPECT_EQ(param(s, "number_of_teeth", Kind::Count).value, 20.0);
    EXPECT_DOUBLE_EQ(param(s, "gear_module", Kind::Scalar).value, 1.0);
    EXPECT_DOUBLE_EQ(param(s, "gear_pitch_diameter", Kind::Scalar).value, 20.0);
}

TEST(SpecParser, LastEqualsWins) {
    const auto s = parseKeyParameters("A = B*C = 20*1 mm = 20 mm");
    ASSERT_EQ(s.parameters.size(), 1u);
    EXPECT_EQ(s.parameters[0].key, "a");
    EXPECT_DOUBLE_EQ(s.parameters[0].value, 20.0);
    EXPECT_EQ(s.parameters[0].unit, "mm");
    EXPECT_TRUE(s.rejected.empty());
}

TEST(SpecParser, UnitsNormalize) {
    const auto s = parseKeyParameters(
        "a_length = 2 cm\nb_length = 0.5 m\nc_length = 7mm\nd_angle = 30°\ne_angle = 45 deg\n"
        "f_angle = 0.25 rad\ng_force = 12 N\nh_ratio = 1.5");
    EXPECT_DOUBLE_EQ(param(s, "a_length", Kind::Scalar).value, 20.0);
    EXPECT_DOUBLE_EQ(param(s, "b_length", Kind::Scalar).value, 500.0);
    EXPECT_DOUBLE_EQ(param(s, "c_length", Kind::Scalar).value, 7.0);
    EXPECT_DOUBLE_EQ(param(s, "d_angle", Kind::Scalar).value, std::numbers::pi / 6);
    EXPECT_EQ(param(s, "d_angle", Kind::Scalar).unit, "rad");
    EXPECT_DOUBLE_EQ(param(s, "e_angle", Kind::Scalar).value, std::numbers::pi / 4);
    EXPECT_DOUBLE_EQ(param(s, "f_angle", Kind::Scalar).value, 0.25);
    EXPECT_DOUBLE_EQ(param(s, "g_force", Kind::Scalar).value, 12.0);
    EXPECT_EQ(param(s, "g_force", Kind::Scalar).unit, "N"); // unknown units are kept as written
    EXPECT_DOUBLE_EQ(param(s, "h_ratio", Kind::Scalar).value, 1.5);
    EXPECT_EQ(param(s, "h_ratio", Kind::Scalar).unit, "");
}

TEST(SpecParser, ScientificNotationAndUnicodeMinus) {
    const auto s = parseKeyParameters("gap = 5e-3 mm\nz_offset = −2.5 mm\nbig = 1.5E+2");
    EXPECT_DOUBLE_EQ(param(s, "gap", Kind::Scalar).value, 0.005);
    EXPECT_DOUBLE_EQ(param(s, "z_offset", Kind::Scalar).value, -2.5);
    EXPECT_DOUBLE_EQ(param(s, "big", Kind::Scalar).value, 150.0);
}

TEST(SpecParser, ExpressionsRejected) {
    const auto s = parseKeyParameters("ratio = 100/25\nhole_angle = 2*pi/20 rad\nwidth = 5 mm + 2 mm");
    EXPECT_TRUE(s.parameters.empty());
    ASSERT_EQ(s.rejected.size(), 3u);
    EXPECT_EQ(s.rejected[0].rawText, "ratio = 100/25");
    EXPECT_NE(s.rejected[0].reason.find("expression"), std::string::npos);
    EXPECT_NE(s.rejected[1].reason.find("expression"), std::string::npos);
}

TEST(SpecParser, VectorsWithOwnAndInheritedUnits) {
    const auto s = parseKeyParameters(
        "stud_center = (4mm,4mm)\nhole_position = (−5, 3) mm\ncorner = (1 cm, 2 cm, 3 cm)\n"
        "mixed_center = (1 cm, 5) mm\nbad_center = (1, 2, 3, 4) mm");
    const auto& a = param(s, "stud_center", Kind::Vector);
    EXPECT_EQ(a.components, (std::vector<double>{4, 4}));
    const auto& b = param(s, "hole_position", Kind::Vector);
    EXPECT_EQ(b.components, (std::vector<double>{-5, 3}));
    EXPECT_EQ(b.unit, "mm");
    EXPECT_EQ(param(s, "corner", Kind::Vector).components, (std::vector<double>{10, 20, 30}));
    EXPECT_EQ(param(s, "mixed_center", Kind::Vector).components, (std::vector<double>{10, 5}));
    ASSERT_EQ(s.rejected.size(), 1u);
    EXPECT_EQ(s.rejected[0].rawText, "bad_center = (1, 2, 3, 4) mm");
}

TEST(SpecParser, TopLevelCommasSplitButNotInsideParentheses) {
    const auto s = parseKeyParameters("lego_height=9.6mm, stud_center=(4mm,4mm), num_studs_rows=2");
    ASSERT_EQ(s.parameters.size(), 3u);
    EXPECT_DOUBLE_EQ(param(s, "lego_height", Kind::Scalar).value, 9.6);
    EXPECT_EQ(param(s, "stud_center", Kind::Vector).components.size(), 2u);
    EXPECT_EQ(param(s, "num_studs_rows", Kind::Count).value, 2.0);
}

TEST(SpecParser, CountsNeedCountTokenUnitlessInteger) {
    const auto s = parseKeyParameters(
        "num_holes = 6\nhole_count = 4\nteeth = 20\nbolt_rows = 3\nholes = 6\nnum_turns = 2.5\n"
        "num_spacing = 3 mm\nnumber_of_cols = 4");
    EXPECT_EQ(param(s, "num_holes", Kind::Count).value, 6.0);
    EXPECT_EQ(param(s, "hole_count", Kind::Count).value, 4.0);
    EXPECT_EQ(param(s, "teeth", Kind::Count).value, 20.0);
    EXPECT_EQ(param(s, "bolt_rows", Kind::Count).value, 3.0);
    EXPECT_EQ(param(s, "number_of_cols", Kind::Count).value, 4.0);
    EXPECT_NE(s.find("holes", Kind::Scalar), nullptr);       // no count token: a unitless scalar
    EXPECT_NE(s.find("num_turns", Kind::Scalar), nullptr);   // not an integer
    EXPECT_NE(s.find("num_spacing", Kind::Scalar), nullptr); // has a unit
}

TEST(SpecParser, StringsAreBareIdentifiers) {
    const auto s = parseKeyParameters("helix_hand = right\nthread = M6\nprofile = half-round\n"
                                      "section_1_type = smooth shaft");
    EXPECT_EQ(param(s, "helix_hand", Kind::String).text, "right");
    EXPECT_EQ(param(s, "thread", Kind::String).text, "M6");
    EXPECT_EQ(param(s, "profile", Kind::String).text, "half-round");
    ASSERT_EQ(s.rejected.size(), 1u);
    EXPECT_EQ(s.rejected[0].rawText, "section_1_type = smooth shaft");
}

TEST(SpecParser, MarkdownNoiseAndApproximatelyEqual) {
    const auto s = parseKeyParameters("* **drum_outer_diameter** = 280mm\n"
                                      "  - - **Base plate**: plate_thickness = 8 mm\n"
                                      "• Hub_Radius ≈ 12.5 mm\n"
                                      "Some prose without a value\n");
    EXPECT_DOUBLE_EQ(param(s, "drum_outer_diameter", Kind::Scalar).value, 280.0);
    EXPECT_DOUBLE_EQ(param(s, "plate_thickness", Kind::Scalar).value, 8.0);
    EXPECT_DOUBLE_EQ(param(s, "hub_radius", Kind::Scalar).value, 12.5);
    ASSERT_EQ(s.rejected.size(), 1u);
    EXPECT_EQ(s.rejected[0].reason, "no '=' in this line");
}

TEST(SpecParser, TrailingParentheticalNoteIsTolerated) {
    const auto s = parseKeyParameters("pitch_diameter = 20 mm (derived)\r\nwidth = 4 mm");
    EXPECT_DOUBLE_EQ(param(s, "pitch_diameter", Kind::Scalar).value, 20.0);
    EXPECT_DOUBLE_EQ(param(s, "width", Kind::Scalar).value, 4.0);
}

TEST(SpecParser, DuplicateKeyLaterValueWinsAtFirstPosition) {
    const auto s = parseKeyParameters("width = 4 mm\nheight = 2 mm\nwidth = 6 mm");
    ASSERT_EQ(s.parameters.size(), 2u);
    EXPECT_EQ(s.parameters[0].key, "width");
    EXPECT_DOUBLE_EQ(s.parameters[0].value, 6.0);
}

TEST(SpecParser, StructuredForms) {
    const auto s = parseKeyParameters(nlohmann::ordered_json::parse(R"({
        "Hole_Diameter": "3 mm", "plate_length": {"value": "4", "unit": "cm"},
        "corner": {"value": [1, 2, 3], "unit": "cm"}, "ratio": 0.5, "flag": true,
        "nested": {"a": 1}, "bad_vec": {"value": [1]}, "hole_count": 6.0})"));
    EXPECT_DOUBLE_EQ(param(s, "hole_diameter", Kind::Scalar).value, 3.0);
    EXPECT_DOUBLE_EQ(param(s, "plate_length", Kind::Scalar).value, 40.0);
    EXPECT_EQ(param(s, "corner", Kind::Vector).components, (std::vector<double>{10, 20, 30}));
    EXPECT_DOUBLE_EQ(param(s, "ratio", Kind::Scalar).value, 0.5);
    EXPECT_EQ(param(s, "hole_count", Kind::Count).value, 6.0);
    EXPECT_EQ(s.rejected.size(), 3u); // flag, nested, bad_vec
}

TEST(SpecParser, SchemaEdges) {
    const auto empty = parseSpecJson(R"({"name": " n ", "conditions": "ignored"})");
    EXPECT_EQ(empty.name, "n");
    EXPECT_TRUE(empty.parameters.empty());
    EXPECT_FALSE(empty.hasGeometryBindings);
    EXPECT_TRUE(parseSpecJson(R"({"key_parameters": "x_length = 1 mm", "geometry_bindings": {}})")
                    .hasGeometryBindings);
    EXPECT_THROW(parseSpecJson("not json"), InputError);
    EXPECT_THROW(parseSpecJson("[1, 2]"), InputError);
    EXPECT_THROW(parseSpecJson(R"({"key_parameters": [1, 2]})"), InputError);
    EXPECT_THROW(loadSpecFile("/nonexistent/spec.json"), InputError);
}

TEST(SpecParser, ValueTextGrammar) {
    EXPECT_TRUE(parseValueText("+4.5 mm").ok);
    EXPECT_TRUE(parseValueText(".5").ok);
    EXPECT_FALSE(parseValueText("4.5 mm extra").ok);
    EXPECT_FALSE(parseValueText("(1, 2").ok);
    EXPECT_FALSE(parseValueText("").ok);
    EXPECT_FALSE(parseValueText("1e999").ok); // not finite
    const auto v = parseValueText("(1, 2) cm");
    ASSERT_TRUE(v.ok);
    EXPECT_EQ(v.components, (std::vector<double>{10, 20}));
}

// create_and_edit: the edit stage reads the top-level fields, the base stage base_description and
// base_key_parameters (free text or structured), and there is no base stage without base parameters.
TEST(SpecParser, StageSpecsSplitBaseAndEdit) {
    const StageSpecs both = parseStageSpecs(R"({"name": "bracket", "description": "with holes",
        "key_parameters": "- thickness = 5 mm\n- num_holes = 2",
        "base_description": "plain", "base_key_parameters": {"thickness": "5 mm", "width": "30 mm"}})");
    ASSERT_TRUE(both.base.has_value());
    EXPECT_EQ(both.base->name, "bracket");
    EXPECT_EQ(both.base->description, "plain");
    EXPECT_EQ(both.base->parameters.size(), 2u);
    EXPECT_DOUBLE_EQ(param(*both.base, "width", Kind::Scalar).value, 30.0);
    EXPECT_EQ(both.base->find("num_holes", Kind::Count), nullptr);
    EXPECT_EQ(both.edit.description, "with holes");
    EXPECT_DOUBLE_EQ(param(both.edit, "thickness", Kind::Scalar).value, 5.0);
    EXPECT_EQ(param(both.edit, "num_holes", Kind::Count).value, 2.0);

    const StageSpecs editOnly = parseStageSpecs(R"({"name": "plate", "key_parameters": "- length = 40 mm"})");
    EXPECT_FALSE(editOnly.base.has_value());
    EXPECT_DOUBLE_EQ(param(editOnly.edit, "length", Kind::Scalar).value, 40.0);

    // A name that is not a string does not throw out of the split (parseSpecJson prints it).
    EXPECT_NO_THROW(parseStageSpecs(R"({"name": 7, "base_key_parameters": "- a = 1 mm"})"));
    EXPECT_THROW(parseStageSpecs("{not json"), InputError);
    EXPECT_THROW(parseStageSpecs(R"({"base_key_parameters": 5})"), InputError);
}
