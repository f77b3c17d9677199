// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "worker/scoring_worker.h"

#include <ios>
#include <istream>
#include <ostream>
#include <string>

#include "models/trial_analysis.h"
#include "scoring/process_guard.h"
#include "scoring/scorer_version.h"
#include "scoring/trial_scorer.h"
#include "worker/worker_loop.h"

namespace vernier {

namespace {

// The job's scores as the protocol carries them (worker/rescore_protocol.h).
StageScores stageScores(const TrialStageResult& s) {
    StageScores out;
    if (s.geometry) {
        out.geometry = s.geometry->score;
        out.geometryReason = s.geometry->reason;
        if (s.geometry->gate) out.gate = s.geometry->gate->gate;
    }
    if (s.spec) {
        out.spec = s.spec->score;
        out.specReason = s.spec->reason;
    } else if (!s.specSkipped.empty()) {
        out.specReason = s.specSkipped; // a gated geometry: the spec is computed when the inspector opens it
    }
    if (s.score) out.combined = s.score->combined;
    return out;
}

DocumentInput input(const FileRef& f, const std::string& sha256 = {}) {
    return documentInput(f, sha256);
}

// Rescoring is for the reward: the spec of a gated candidate is not computed (docs/scoring.md §15 "Gates
// first"); the inspector and `score` compute it.
TrialScorerOptions rewardOptions() {
    TrialScorerOptions o;
    o.specWhenGated = false;
    o.shapeWhenGated = false;
    return o;
}

// Stage selection, spec split, reference cache and combination are TrialScorer's (scoring/trial_scorer.h);
// this only translates the job and the answer.
class Scorer {
public:
    Scorer() : scorer_(rewardOptions(), &references_) {}

    RescoredResult score(const RescoreJob& job) {
        const TrialInput trial =
            job.workflow == Workflow::CreateAndEdit
                ? TrialInput::createAndEdit(input(job.referenceBase, job.referenceBaseHash),
                                            input(job.candidateBase),
                                            input(job.referenceEdit, job.referenceEditHash),
                                            input(job.candidateEdit), input(job.spec))
                : TrialInput::single(input(job.reference, job.referenceHash), input(job.candidate),
                                     input(job.spec));
        const TrialResult t = scorer_.score(trial);
        RescoredResult r;
        r.scorerIdentity = scorerIdentity();
        if (t.failure) {
            // Unreadable reference, bad spec, OCCT measurement error: this trial has no reward.
            r.scorerCrash = true;
            r.error = t.failure->reason;
            return r;
        }
        r.reward = t.reward;
        if (job.workflow == Workflow::CreateAndEdit) {
            r.base = stageScores(t.stages[0]);
            r.target = stageScores(t.stages[1]);
            r.single.combined = t.reward;
        } else {
            r.single = stageScores(t.stages[0]);
        }
        return r;
    }

private:
    ReferenceCache references_{64}; // a reference is measured once per worker process
    TrialScorer scorer_;
};

} // namespace

int runScoringWorker(std::istream& in, std::ostream& out) {
    std::ios::sync_with_stdio(false); // before any I/O: the jobs and answers go through std::cin / std::cout
    // Untrusted answers: OCCT faults become per-trial errors, runaway allocations a prompt failure.
    installOcctGuards(kDefaultAddressSpaceCap);
    Scorer scorer;
    // A job that throws becomes that trial's scorer_crash; the loop goes on.
    return runRescoreWorkerLoop(
        in, out, [&scorer](const RescoreJob& job) { return scorer.score(job); }, scorerIdentity());
}

} // namespace vernier
