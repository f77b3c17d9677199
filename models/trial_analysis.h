// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the trial inspector shows for one stage of a trial, computed by the TrialScorer
// (scoring/trial_scorer.h; docs/scoring.md "Trial scorer: one answer per case"): both measured documents,
// the geometry result (with ICP R, t), spec findings as table rows, the live stage scores and the feature
// trees. Pure data, Qt-free apart from QtCore; runs off the GUI thread.
#include <optional>
#include <string>
#include <vector>

#include "models/file_ref.h"
#include "models/trial_record.h"
#include "scoring/feature_tree.h"
#include "scoring/geometry_scorer.h"
#include "scoring/spec_scorer.h"
#include "scoring/trial_scorer.h"

namespace vernier {

// A FileRef as the scorer reads it. `isolated`: the bytes are first read in a throw-away process
// (models/isolated_check.h), and a document that fails there is unreadable with that reason.
DocumentInput documentInput(const FileRef& ref, std::string sha256 = {}, bool isolated = false);

struct StageInput {
    std::string title; // "Result", "Base", "Edit"
    FileRef reference;
    FileRef candidate;
    FileRef spec;                       // empty: no live spec scoring
    StageRole role = StageRole::Single; // which part of spec.json the stage is checked against
    StageScores recorded;               // the verifier's recorded scores of this stage
    std::optional<StageScores> rescored;
};

struct StageAnalysis {
    StageInput input;
    std::optional<MeasuredDocument> reference;
    std::optional<MeasuredDocument> candidate;
    std::optional<GeometryResult> geometry;
    std::optional<SpecResult> spec;
    std::optional<StageScore> score;     // the live g, s and combined, as TrialScorer gives them
    std::optional<TrialFailure> failure; // why there is no live combined
    std::vector<FeatureNode> referenceTree, candidateTree;
    std::vector<std::string> problems; // one line each: what could not be loaded or scored, and why
};

// One stage for creation/image_to_cad, base and edit for create_and_edit (TrialScorer's split of spec.json).
std::vector<StageInput> stagesOf(const TrialRecord& trial, const TaskInfo& task);

// Never throws: failures become problems. Documents are checked in a throw-away process first.
StageAnalysis analyseStage(const StageInput& input);

// The live "Combined" of a stage, or the one-line reason there is none.
std::string liveCombinedReason(const StageAnalysis& stage);

// One row of the parameter table: a spec finding as the inspector shows it.
struct ParameterRow {
    std::string key;
    std::string expected;
    std::string measured;    // display form ("90°", "(−5, 3) mm"); empty when nothing was measured
    std::string measurement; // what the measurement came from
    FindingStatus status = FindingStatus::NotFound;
    std::string statusText; // "consistent" | "inconsistent" | "not_found"
    std::string reason;
    std::vector<int> faces; // faces of the winning measurement (to highlight)
};
std::vector<ParameterRow> parameterRows(const std::vector<ParameterFinding>& findings);

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

} // namespace vernier
