// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/trial_analysis.h"

#include <memory>
#include <utility>

#include "models/isolated_check.h"
#include "scoring/errors.h"

namespace vernier {

DocumentInput documentInput(const FileRef& ref, std::string sha256, bool isolated) {
    if (ref.empty()) return DocumentInput::none();
    DocumentInput d;
    d.name = ref.fileName();
    d.sha256 = std::move(sha256);
    d.read = [ref, isolated] {
        if (isolated) {
            // Untrusted bytes are read in a throw-away process first; only documents that survive it are
            // loaded into this process.
            const IsolatedCheck check = checkDocumentIsolated(ref);
            if (check.problem) throw InputError(*check.problem);
        }
        return ref.readAll();
    };
    return d;
}

std::vector<StageInput> stagesOf(const TrialRecord& trial, const TaskInfo& task) {
    std::vector<StageInput> stages;
    const auto& rec = trial.recordedDetails;
    if (task.workflow == Workflow::CreateAndEdit) {
        StageInput base{"Base",    task.referenceBase, trial.answerBase,
                        task.spec, StageRole::Base,    rec.base.value_or(StageScores{}),
                        {}};
        StageInput edit{"Edit",    task.referenceEdit, trial.answerEdit,
                        task.spec, StageRole::Edit,    rec.target.value_or(StageScores{}),
                        {}};
        if (trial.rescored) {
            base.rescored = trial.rescored->base.optional();
            edit.rescored = trial.rescored->target.optional();
        }
        stages.push_back(std::move(base));
        stages.push_back(std::move(edit));
    } else {
        StageInput single{"Result", task.reference, trial.answer, task.spec, StageRole::Single, rec.single,
                          {}};
        if (trial.rescored) single.rescored = trial.rescored->single;
        stages.push_back(std::move(single));
    }
    return stages;
}

StageAnalysis analyseStage(const StageInput& input) {
    StageAnalysis a;
    a.input = input;
    try {
        // No reference cache here: the viewers mesh the shapes they draw on the GUI thread, so a reference
        // shared with a later analysis running on a worker thread would be touched by two threads.
        const TrialScorer scorer;
        const TrialStageResult r = scorer.scoreStage(
            {input.role, documentInput(input.reference, {}, true), documentInput(input.candidate, {}, true)},
            documentInput(input.spec));
        if (r.reference) a.reference = *r.reference;
        if (r.candidate) a.candidate = *r.candidate;
        a.geometry = r.geometry;
        a.spec = r.spec;
        a.score = r.score;
        a.failure = r.failure;
        if (input.reference.empty())
            a.problems.push_back("reference: no file");
        else if (r.failure && r.failure->kind == TrialFailureKind::UnreadableReference)
            a.problems.push_back(r.failure->reason);
        if (r.candidateProblem == CandidateProblem::Missing)
            a.problems.push_back("candidate: no file");
        else if (r.candidateProblem == CandidateProblem::Unreadable)
            a.problems.push_back("candidate " + input.candidate.display() + ": " + r.candidateProblemReason);
        if (r.failure && r.failure->kind == TrialFailureKind::BadSpec)
            a.problems.push_back("spec: " + r.failure->reason);
        else if (r.failure && (r.failure->kind == TrialFailureKind::ScorerError ||
                               r.failure->kind == TrialFailureKind::BadInput))
            a.problems.push_back(r.failure->reason);
    } catch (const std::exception& e) {
        a.problems.push_back(e.what());
    }
    if (a.reference) a.referenceTree = featureTree(a.reference->document, a.reference->scoredBody);
    if (a.candidate) a.candidateTree = featureTree(a.candidate->document, a.candidate->scoredBody);
    return a;
}

std::string liveCombinedReason(const StageAnalysis& stage) {
    if (stage.failure) return stage.failure->reason;
    if (!stage.score) return "not scored";
    if (!stage.score->spec) return "no spec for this stage: combined is the geometry similarity alone";
    return "harmonic mean of geometry similarity and spec consistency";
}

std::vector<ParameterRow> parameterRows(const std::vector<ParameterFinding>& findings) {
    std::vector<ParameterRow> rows;
    rows.reserve(findings.size());
    for (const ParameterFinding& f : findings) {
        ParameterRow r;
        r.key = f.key;
        r.expected = f.expected;
        r.measured = f.measuredText;
        r.measurement = f.measurementSource;
        r.status = f.status;
        r.statusText = statusName(f.status);
        r.reason = f.reason;
        r.faces = f.faces;
        rows.push_back(std::move(r));
    }
    return rows;
}

UnmatchedFaces unmatchedFaces(const MeasuredDocument& reference, const MeasuredDocument& candidate,
                              const std::optional<IcpResult>& icp, double tolerance) {
    UnmatchedFaces out;
    out.tolerance = tolerance;
    if (!icp || icp->gated || icp->vacuous || reference.faces.empty() || candidate.faces.empty()) return out;
    const auto centres = [](const MeasuredDocument& d) {
        std::vector<Eigen::Vector3d> c;
        c.reserve(d.faces.size());
        for (const FaceSample& f : d.faces)
            c.push_back(f.centre);
        return c;
    };
    const FaceResiduals r = faceResiduals(centres(reference), centres(candidate), icp->R, icp->t);
    out.reference = facesAbove(r.reference, tolerance);
    out.candidate = facesAbove(r.candidate, tolerance);
    return out;
}

} // namespace vernier
