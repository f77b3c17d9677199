#include "viewers/trial_analysis.h"

#include "models/isolated_check.h"

#include "scoring/errors.h"
#include "scoring/measure_document.h"
#include "scoring/spec_parser.h"

namespace vernier::viewers {

std::vector<StageInput> stagesOf(const TrialRecord& trial, const TaskInfo& task) {
    std::vector<StageInput> stages;
    const auto& rec = trial.recordedDetails;
    if (task.workflow == Workflow::CreateAndEdit) {
        StageInput base{"Base",    task.referenceBase, trial.answerBase,
                        task.spec, SpecPart::Base,     rec.base.value_or(StageScores{}),
                        {}};
        StageInput edit{"Edit",    task.referenceEdit, trial.answerEdit,
                        task.spec, SpecPart::Edit,     rec.target.value_or(StageScores{}),
                        {}};
        if (trial.rescored) {
            base.rescored = trial.rescored->base;
            edit.rescored = trial.rescored->target;
        }
        stages.push_back(std::move(base));
        stages.push_back(std::move(edit));
    } else {
        StageInput single{"Result", task.reference, trial.answer, task.spec, SpecPart::Whole, rec.single, {}};
        if (trial.rescored) single.rescored = trial.rescored->single;
        stages.push_back(std::move(single));
    }
    return stages;
}

namespace {

std::optional<MeasuredDocument> loadMeasured(const FileRef& ref, DocumentRole role, const char* what,
                                             std::vector<std::string>& problems) {
    if (ref.empty()) {
        problems.push_back(std::string(what) + ": no file");
        return std::nullopt;
    }
    // Untrusted bytes are read in a throw-away process first; only documents that survive it are
    // loaded into the GUI's own process.
    const IsolatedCheck check = checkDocumentIsolated(ref);
    if (check.problem) {
        problems.push_back(std::string(what) + " " + ref.display() + ": " + *check.problem);
        return std::nullopt;
    }
    try {
        MeasureOptions opts;
        opts.exactObb = false; // the scorer refines the OBB itself when the gate needs it
        return measureDocument(
            FcDocument::loadBytes(ref.readAll(), ref.fileName(), {}, ShapeLoading::OnDemand), role, opts);
    } catch (const std::exception& e) {
        problems.push_back(std::string(what) + " " + ref.display() + ": " + e.what());
        return std::nullopt;
    }
}

} // namespace

StageAnalysis analyseStage(const StageInput& input) {
    StageAnalysis a;
    a.input = input;
    a.reference = loadMeasured(input.reference, DocumentRole::Reference, "reference", a.problems);
    a.candidate = loadMeasured(input.candidate, DocumentRole::Candidate, "candidate", a.problems);
    if (a.reference) a.referenceTree = featureTree(a.reference->document, a.reference->scoredBody);
    if (a.candidate) a.candidateTree = featureTree(a.candidate->document, a.candidate->scoredBody);
    if (a.reference && a.candidate) {
        try {
            a.geometry = scoreGeometry(*a.reference, *a.candidate);
        } catch (const std::exception& e) {
            a.problems.push_back(std::string("geometry: ") + e.what());
        }
    }
    if (a.candidate && !input.spec.empty()) {
        try {
            const std::string text = input.spec.readAll();
            std::optional<SpecDefinition> spec;
            if (input.specPart == SpecPart::Whole) {
                spec = parseSpecJson(text, input.spec.fileName());
            } else {
                StageSpecs stages = parseStageSpecs(text, input.spec.fileName());
                spec = input.specPart == SpecPart::Base ? std::move(stages.base) : std::move(stages.edit);
            }
            if (spec)
                a.spec = scoreSpec(*spec, *a.candidate); // no base parameters: the base stage has no spec
        } catch (const std::exception& e) {
            a.problems.push_back(std::string("spec: ") + e.what());
        }
    }
    return a;
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

} // namespace vernier::viewers
