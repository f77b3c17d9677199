// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the spec checks can compare a parameter against, measured on the candidate only
// (docs/scoring.md §8.3). Every measurement names its source so the parameter table can say where a
// value came from; face indices are 0-based positions in TopExp::MapShapes(shape, TopAbs_FACE) of the
// representative shape (the same order as MeasuredDocument::faces), for the 3D inspector to highlight.
#include <array>
#include <map>
#include <string>
#include <vector>

#include <TopoDS_Shape.hxx>

#include "scoring/fcstd_document.h"
#include "scoring/geometry_features.h"

namespace vernier {

using Vec3 = std::array<double, 3>;

struct BankGlobals {
    double volume = 0;
    double area = 0;
    Vec3 aabbSorted{0, 0, 0};
    Vec3 aabbMinCorner{0, 0, 0};
    Vec3 aabbMaxCorner{0, 0, 0};
    Vec3 obbSorted{0, 0, 0};    // PCA over the shape's vertices (not the OCCT OBB); AABB if < 3 vertices
    Vec3 centroid{0, 0, 0};     // centre of mass
    double obbDiagonal() const; // |obbSorted|, the scale of tol_pos
};

// Cylindrical faces of one convexity, radius (1%) and axis direction (2°).
struct CylinderCluster {
    std::string id;      // "cyl_cluster_<i>" (0-based, bank order)
    bool convex = false; // Forward face = boss (convex); Reversed = hole (concave)
    double radius = 0;
    Vec3 axis{0, 0, 1};
    Vec3 axisPoint{0, 0, 0};     // a point on the first face's axis
    std::vector<Vec3> centroids; // per-face centre of mass
    std::vector<int> faces;
    double axialExtent = 0; // largest v-parameter span of the faces
    int count() const { return static_cast<int>(faces.size()); }
    std::string label() const; // "cylinder cluster #2 (concave, r=1.5, ×6)"
};

// Two parallel planar faces and their offset.
struct PlanePair {
    std::string id; // "plane_pair_<i>"
    double offset = 0;
    Vec3 normal{0, 0, 1};
    int faceA = -1, faceB = -1;
    std::string label() const; // "plane pair offset (normal z)"
};

struct ConicSurface {
    std::string id; // "conic_surface_<i>"
    double radiusMin = 0, radiusMax = 0, axialExtent = 0;
    Vec3 axis{0, 0, 1};
    Vec3 apex{0, 0, 0};
    int face = -1;
};

// A named number on one document object: "Length", "Angle" (rad), "Geometry[3].CircleRadius", ...
struct FeatureValue {
    std::string key;
    double value = 0;
};
struct FeatureVector {
    std::string key; // "Placement.Position", "Geometry[3].CircleCenter" (z = 0), ...
    Vec3 value{0, 0, 0};
};
struct FeatureEntry {
    std::string name; // object name, e.g. "Pocket"
    std::string type; // TypeId
    std::vector<FeatureValue> values;
    std::vector<FeatureVector> vectors;
    const FeatureValue* value(const std::string& key) const;
    const FeatureVector* vector(const std::string& key) const;
};

struct Grid {
    std::string id;                       // "grid_<i>"
    std::string source;                   // "sketch:Sketch001@r=1.5" or "cluster:cyl_cluster_0"
    int count = 0, rows = 0, columns = 0; // rows <= columns
    double spacingRows = 0, spacingCols = 0;
    Vec3 origin{0, 0, 0};
};

struct CircularPattern {
    std::string id; // "circular_pattern_<i>"
    std::string source;
    int count = 0;
    double patternRadius = 0;
    Vec3 centre{0, 0, 0};
    Vec3 axis{0, 0, 1};
    double angularPitch = 0; // rad
    std::vector<int> faces;  // cluster-based patterns only
};

struct SketchProfile {
    std::string name;
    std::vector<double> lineLengths; // descending
    std::vector<double> radii;       // circles and arcs, descending
    std::vector<double> angles;      // LineAngle and constraint angles, rad, descending
};

struct MeasurementBank {
    int solidCount = 0;         // len(Solids) or 1 for a Body (§8.3); 0: nothing to measure
    std::string representative; // object whose shape was measured (empty for bankFromShape)
    BankGlobals globals;
    std::map<std::string, int> faceStats; // FreeCAD surface-type name -> face count
    std::vector<CylinderCluster> cylinderClusters;
    std::vector<PlanePair> planePairs;
    std::vector<ConicSurface> conicSurfaces;
    std::vector<FeatureEntry> featureTree;
    std::vector<Grid> grids;
    std::vector<CircularPattern> circularPatterns;
    std::vector<SketchProfile> sketchProfiles;
};

// Integrals the geometry scorer already took on the same shape (measureShape), so the bank need not
// integrate again: the same OCCT calls on the same shape give the same numbers bit for bit.
struct KnownIntegrals {
    double volume = 0;
    Vec3 centreOfMass{0, 0, 0};
    double area = 0;                 // sum of face areas in explorer order (= SurfaceProperties(shape))
    std::vector<Vec3> faceCentroids; // per face of TopExp::MapShapes(shape, TopAbs_FACE), in map order
};

// Shape layer: globals, face stats, clusters, plane pairs, conics (and cluster-based detectors).
// A null shape gives solidCount 0. Throws MeasurementError if OCCT fails on a readable shape.
MeasurementBank bankFromShape(const TopoDS_Shape& shape, const KnownIntegrals* known = nullptr);

// Document layer: feature-tree properties (angles in rad) and sketch geometry, then the detectors.
void addFeatureTree(MeasurementBank& bank, const FcDocument& document);

// Runs the grid / circular-pattern / sketch-profile detectors over what the bank already holds
// (called by buildMeasurementBank; exposed for tests on hand-built banks).
void runDetectors(MeasurementBank& bank);

// The full bank of §8.3 for a candidate document: representative shape, then both layers.
MeasurementBank buildMeasurementBank(const FcDocument& candidate);

// The same for a candidate the geometry scorer has measured: when the representative shape is the
// scored Body's, its volume, area and face centroids are taken from the measurement.
MeasurementBank buildMeasurementBank(const MeasuredDocument& candidate);

} // namespace vernier
