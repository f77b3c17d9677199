// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Routing in registry order and the per-kind matching of docs/scoring.md §8.4, on hand-built banks.
#include <gtest/gtest.h>

#include <numbers>

#include "scoring/spec_checks.h"

using namespace vernier;

namespace {

SpecParameter param(const std::string& line) {
    const auto s = parseKeyParameters(line);
    if (s.parameters.size() != 1) throw std::runtime_error("bad test line " + line);
    return s.parameters[0];
}

ParameterFinding check(const std::string& line, const MeasurementBank& bank) {
    return checkParameter(param(line), bank);
}

CylinderCluster cluster(const std::string& id, bool convex, double r, std::vector<Vec3> centroids,
                        Vec3 axis = {0, 0, 1}, double extent = 10) {
    CylinderCluster c;
    c.id = id;
    c.convex = convex;
    c.radius = r;
    c.axis = axis;
    c.centroids = centroids;
    for (std::size_t i = 0; i < centroids.size(); ++i)
        c.faces.push_back(static_cast<int>(i));
    c.axialExtent = extent;
    return c;
}

MeasurementBank baseBank() {
    MeasurementBank b;
    b.solidCount = 1;
    b.globals.volume = 1000;
    b.globals.area = 600;
    b.globals.aabbSorted = {10, 10, 10};
    b.globals.aabbMinCorner = {-5, -5, 0};
    b.globals.aabbMaxCorner = {5, 5, 10};
    b.globals.obbSorted = {10, 10, 10};
    b.globals.centroid = {0, 0, 5};
    return b;
}

} // namespace

TEST(SpecRouting, RegistryOrder) {
    EXPECT_EQ(routeKey("num_holes"), "count");
    EXPECT_EQ(routeKey("num_studs_rows"), "count");        // count before distance
    EXPECT_EQ(routeKey("num_holes_diameter"), "diameter"); // a dimension token vetoes count
    EXPECT_EQ(routeKey("part_volume"), "volume");
    EXPECT_EQ(routeKey("surface_area"), "area");
    EXPECT_EQ(routeKey("bolt_pcd"), "diameter");
    EXPECT_EQ(routeKey("hole_dia"), "diameter");
    EXPECT_EQ(routeKey("fillet_radius"), "radius");
    EXPECT_EQ(routeKey("wall_thickness"), "thickness");
    EXPECT_EQ(routeKey("hole_center_distance"), "distance"); // distance before vector
    EXPECT_EQ(routeKey("stud_center"), "vector");
    EXPECT_EQ(routeKey("draft_angle"), "angle");
    EXPECT_EQ(routeKey("taper"), "angle");
    EXPECT_EQ(routeKey("overall_length"), "length");
    EXPECT_EQ(routeKey("extrusion_end_plane"), "length");
    EXPECT_EQ(routeKey("radius_length"), "radius"); // radius precedes length
    EXPECT_EQ(routeKey("color"), "");
    EXPECT_EQ(routeKey("lengthy"), ""); // whole tokens only
}

TEST(SpecChecks, VolumeAreaAndUnknownKey) {
    const auto b = baseBank();
    EXPECT_EQ(check("part_volume = 1005", b).status, FindingStatus::Consistent);
    EXPECT_EQ(check("part_volume = 1100", b).status, FindingStatus::Inconsistent);
    EXPECT_EQ(check("surface_area = 600", b).measurementSource, "part surface area");
    const auto u = check("color = 5", b);
    EXPECT_EQ(u.status, FindingStatus::NotFound);
    EXPECT_EQ(u.reason, "unknown property kind for key 'color'");
}

TEST(SpecChecks, NoCandidatesIsNotFound) {
    MeasurementBank b;
    b.solidCount = 1;
    const auto f = check("fillet_radius = 2 mm", b);
    EXPECT_EQ(f.status, FindingStatus::NotFound);
    EXPECT_EQ(f.reason, "no measurement available");
}

TEST(SpecChecks, RadiusAndDiameterSources) {
    auto b = baseBank();
    FeatureEntry fillet{"Fillet", "PartDesign::Fillet", {{"Radius", 2.0}}, {}};
    b.featureTree.push_back(fillet);
    b.cylinderClusters.push_back(cluster("cyl_cluster_0", false, 4.0, {{0, 0, 5}}));
    ConicSurface cone;
    cone.id = "conic_surface_0";
    cone.radiusMin = 1.0;
    cone.radiusMax = 6.0;
    cone.face = 7;
    b.conicSurfaces.push_back(cone);
    EXPECT_EQ(check("fillet_radius = 2 mm", b).measurementSource, "Fillet.Radius");
    EXPECT_EQ(check("bore_diameter = 8 mm", b).measurementSource,
              "cylinder cluster #1 (concave, r=4, \xC3\x97"
              "1) radius \xC3\x97 2");
    const auto tip = check("tip_diameter = 2 mm", b);
    EXPECT_EQ(tip.status, FindingStatus::Consistent);
    EXPECT_EQ(tip.faces, (std::vector<int>{7}));
}

TEST(SpecChecks, ThicknessRadialWall) {
    auto b = baseBank();
    b.cylinderClusters.push_back(cluster("cyl_cluster_0", false, 8.0, {{0, 0, 5}}));
    b.cylinderClusters.push_back(cluster("cyl_cluster_1", true, 10.0, {{0, 0, 2}}));
    b.cylinderClusters.push_back(cluster("cyl_cluster_2", true, 20.0, {{0, 0, 5}}));
    const auto f = check("tube_wall_thickness = 2 mm", b);
    EXPECT_EQ(f.status, FindingStatus::Consistent);
    EXPECT_NE(f.measurementSource.find("radial wall"), std::string::npos);
    // Only the smallest larger coaxial convex cluster pairs with the hole: 20 − 8 = 12 is not offered.
    EXPECT_EQ(check("tube_wall_thickness = 12 mm", b).status, FindingStatus::Inconsistent);
    // Off-axis clusters are not coaxial.
    auto off = baseBank();
    off.cylinderClusters.push_back(cluster("cyl_cluster_0", false, 8.0, {{0, 0, 5}}));
    off.cylinderClusters.push_back(cluster("cyl_cluster_1", true, 10.0, {{3, 0, 5}}));
    EXPECT_EQ(check("tube_wall_thickness = 2 mm", off).status, FindingStatus::NotFound);
}

TEST(SpecChecks, DistanceFromGridSpacing) {
    auto b = baseBank();
    Grid g;
    g.id = "grid_0";
    g.source = "sketch:Sketch@r=1.5";
    g.count = 6, g.rows = 2, g.columns = 3, g.spacingRows = 8, g.spacingCols = 10;
    g.origin = {0, 0, 0};
    b.grids.push_back(g);
    EXPECT_EQ(check("hole_spacing = 10 mm", b).measurementSource,
              "grid column spacing (sketch:Sketch@r=1.5)");
    EXPECT_EQ(check("hole_pitch = 8 mm", b).status, FindingStatus::Consistent);
    EXPECT_EQ(check("hole_rows = 2", b).measurementSource, "grid rows (sketch:Sketch@r=1.5)");
    EXPECT_EQ(check("hole_columns = 3", b).status, FindingStatus::Consistent);
    EXPECT_EQ(check("hole_rows = 3", b).status, FindingStatus::Inconsistent); // rows keys use grid dims only
    EXPECT_EQ(check("num_holes = 6", b).measurementSource, "grid count (sketch:Sketch@r=1.5)");
    // Vector: the grid origin is sketch-local and matched directly.
    EXPECT_EQ(check("stud_center = (0, 0) mm", b).measurementSource, "grid origin (sketch:Sketch@r=1.5)");
}

TEST(SpecChecks, CountRules) {
    auto b = baseBank();
    b.cylinderClusters.push_back(cluster("cyl_cluster_0", false, 1.5, {{1, 0, 0}}));
    FeatureEntry pattern{"LinearPattern", "PartDesign::LinearPattern", {{"Occurrences", 4.0}}, {}};
    b.featureTree.push_back(pattern);
    SketchProfile ladder;
    ladder.name = "Sketch";
    ladder.lineLengths.assign(12, 5.0);
    b.sketchProfiles.push_back(ladder);
    EXPECT_EQ(check("num_holes = 1", b).status, FindingStatus::Consistent);
    EXPECT_EQ(check("num_holes = 4", b).measurementSource, "LinearPattern.Occurrences");
    // Repeated nouns ignore singleton clusters.
    EXPECT_EQ(check("num_ribs = 1", b).status, FindingStatus::Inconsistent);
    EXPECT_EQ(check("num_rungs = 3", b).measurementSource, "Sketch rectangle count (12 lines ÷ 4)");
    EXPECT_EQ(check("num_steps = 5", b).status, FindingStatus::Consistent); // (12 − 2) / 2
    EXPECT_EQ(check("num_teeth = 6", b).status, FindingStatus::Consistent); // 12 / 2
    const auto bad = checkParameter(param("num_turns = 2.5"), b);
    EXPECT_EQ(bad.status, FindingStatus::Inconsistent);
    EXPECT_EQ(bad.reason, "count value must be an integer, got 2.5");
    const auto miss = check("num_holes = 10", b);
    EXPECT_EQ(miss.reason, "count mismatch (got 4, expected 10)");
    EXPECT_DOUBLE_EQ(*miss.relError, 0.6);
}

TEST(SpecChecks, VectorTolerancesAndShapes) {
    auto b = baseBank(); // PCA-OBB diagonal = 10·√3 ≈ 17.32: tol_pos 1% ≈ 0.173 mm
    b.cylinderClusters.push_back(cluster("cyl_cluster_0", false, 1.5, {{4, 0, 5}}));
    const auto ok = check("hole_center = (4.1, 0) mm", b);
    EXPECT_EQ(ok.status, FindingStatus::Consistent);
    EXPECT_EQ(ok.measuredVector, (std::vector<double>{4, 0}));
    const auto far = check("hole_center = (4.5, 0, 0) mm", b);
    EXPECT_EQ(far.status, FindingStatus::Inconsistent);
    EXPECT_NEAR(*far.relError, 0.5 / (10 * std::sqrt(3.0)), 1e-12);
    EXPECT_EQ(check("hole_center = 4 mm", b).status, FindingStatus::NotFound);
    EXPECT_EQ(check("part_corner = (5, 5, 10) mm", b).measurementSource, "bounding box max corner");
    EXPECT_EQ(check("overall_length = (1, 2) mm", b).status, FindingStatus::NotFound);
}

TEST(SpecChecks, AngleInRadiansShownInDegrees) {
    auto b = baseBank();
    FeatureEntry sketch{"Sketch", "Sketcher::SketchObject", {{"LineAngle[0,1]", std::numbers::pi / 3}}, {}};
    b.featureTree.push_back(sketch);
    const auto f = check("draft_angle = 60°", b);
    EXPECT_EQ(f.status, FindingStatus::Consistent);
    EXPECT_EQ(f.measuredText, "60\xC2\xB0");
    EXPECT_EQ(f.measurementSource, "Sketch.LineAngle[0,1]");
}

TEST(SpecChecks, LengthSourcesByToken) {
    auto b = baseBank();
    FeatureEntry pocket{"Pocket", "PartDesign::Pocket", {{"Depth", 3.0}, {"Length", 4.0}}, {}};
    b.featureTree.push_back(pocket);
    b.cylinderClusters.push_back(cluster("cyl_cluster_0", false, 1.5, {{2, -3, 5}}, {0, 0, 1}, 7.0));
    PlanePair pp;
    pp.id = "plane_pair_0";
    pp.offset = 0.5;
    pp.normal = {0, 0, 1};
    b.planePairs.push_back(pp);
    EXPECT_EQ(check("slot_depth = 3 mm", b).measurementSource, "Pocket.Depth");
    EXPECT_EQ(check("pin_height = 7 mm", b).measurementSource, "cylinder cluster #1 (concave, r=1.5, \xC3\x97"
                                                               "1) axial extent");
    EXPECT_EQ(check("slot_width = 3 mm", b).status, FindingStatus::Inconsistent); // Width only, no Depth
    EXPECT_EQ(check("slot_gap = 0.5 mm", b).measurementSource, "plane pair offset (normal z)");
    EXPECT_EQ(check("hole_y_offset = 3 mm", b).status, FindingStatus::Consistent);
    EXPECT_EQ(check("hole_x_offset = 3 mm", b).status, FindingStatus::Inconsistent); // axis-filtered
    EXPECT_EQ(check("extrusion_end_plane = 10 mm", b).measurementSource, "bounding box max corner |z|");
}

TEST(SpecChecks, StringsAreNotFound) {
    const auto f = checkParameter(param("helix_hand = right"), baseBank());
    EXPECT_EQ(f.status, FindingStatus::NotFound);
    EXPECT_EQ(f.reason, "no generic CAD string measurement available");
    EXPECT_EQ(f.kind, "string");
}
