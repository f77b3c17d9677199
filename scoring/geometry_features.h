// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the v2 scorer measures on one document's scored body (docs/scoring.md §3), plus the
// per-face samples the face-centre ICP needs (§6). Plain data; computed by measureDocument().
#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <TopoDS_Shape.hxx>

#include "scoring/fcstd_document.h"

namespace vernier {

// A gate that forced geometry to 0 (docs/scoring.md §7): machine name and the spec's reason text.
struct GateResult {
    std::string gate; // body | feature_tree | complexity | face_count | vertex_count | bbox | icp
    std::string reason;
};

// One face of the scored shape: area centroid (world coordinates), area, FreeCAD surface-type name.
struct FaceSample {
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    double area = 0;
    std::string surfaceType;
};

struct GeometryFeatures {
    double volume = 0;
    double area = 0;
    std::array<double, 3> centreOfMass{0, 0, 0};               // of the volume (BRepGProp::VolumeProperties)
    std::map<std::string, double> surfaceAreaByType;           // FreeCAD names: Plane, Cylinder, ...
    std::array<double, 3> obbSorted{0, 0, 0};                  // OCCT optimal OBB dims, ascending (§3.1)
    bool obbExact = false;                                     // false: an estimate (docs/scoring.md §14)
    double obbCoarseDeflection = 0;                            // linear deflection of the coarse estimate
    std::array<double, 3> principalMomentsNormalized{0, 0, 0}; // §3.2, ascending
    int nFaces = 0;
    int nVertices = 0;
    int solidCount = 0;
};

enum class DocumentRole { Reference, Candidate };

// A document read and measured as the scorer sees it.
struct MeasuredDocument {
    FcDocument document;
    DocumentRole role = DocumentRole::Candidate;
    std::string scoredBody;                   // name of the scored PartDesign::Body, empty if none
    TopoDS_Shape shape;                       // the scored body's shape, world coordinates
    std::optional<GateResult> gate;           // structural/complexity gate on this document alone
    std::optional<GeometryFeatures> features; // absent when gated before measuring
    std::vector<FaceSample> faces;            // one per unique face (ICP input)
};

} // namespace vernier
