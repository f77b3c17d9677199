#pragma once
// What the trial inspector shows for one stage of a trial, computed from the documents with the
// embedded scorer: both measured documents, the geometry result (with ICP R, t), spec findings and
// the feature trees. Pure data; runs off the GUI thread.
#include <optional>
#include <string>
#include <vector>

#include "models/trial_record.h"
#include "scoring/feature_tree.h"
#include "scoring/geometry_scorer.h"
#include "scoring/spec_scorer.h"

namespace vernier::viewers {

// Which part of spec.json a stage is checked against (create_and_edit splits it, spec_parser.h StageSpecs).
enum class SpecPart { Whole, Base, Edit };

struct StageInput {
    std::string title; // "Result", "Base", "Edit"
    FileRef reference;
    FileRef candidate;
    FileRef spec; // empty: no live spec scoring
    SpecPart specPart = SpecPart::Whole;
    StageScores recorded; // the verifier's recorded scores of this stage
    std::optional<StageScores> rescored;
};

struct StageAnalysis {
    StageInput input;
    std::optional<MeasuredDocument> reference;
    std::optional<MeasuredDocument> candidate;
    std::optional<GeometryResult> geometry;
    std::optional<SpecResult> spec;
    std::vector<FeatureNode> referenceTree, candidateTree;
    std::vector<std::string> problems; // one line each: what could not be loaded or scored, and why
};

// One stage for creation/image_to_cad, base and edit for create_and_edit. Each stage is checked against its
// part of spec.json, as the rescoring worker does (the base stage only when the file has base parameters).
std::vector<StageInput> stagesOf(const TrialRecord& trial, const TaskInfo& task);

// Never throws: failures become problems.
StageAnalysis analyseStage(const StageInput& input);

// Faces whose centre has no counterpart on the other part within `tolerance` mm once the candidate is
// moved by the ICP pose (per-face ICP residuals, icp.h): indices into each document's faces (TopExp face
// map order). Empty when ICP did not run, was gated or is vacuous.
struct UnmatchedFaces {
    std::vector<int> reference; // reference faces the candidate lacks (material or shape missing)
    std::vector<int> candidate; // candidate faces the reference lacks (extra or misplaced)
    double tolerance = kUnmatchedFaceToleranceMm;
};
UnmatchedFaces unmatchedFaces(const MeasuredDocument& reference, const MeasuredDocument& candidate,
                              const std::optional<IcpResult>& icp,
                              double tolerance = kUnmatchedFaceToleranceMm);

} // namespace vernier::viewers
