// `vernier-cli rescore-worker`: the scoring process behind RescoreEngine. Reads one JSON job per line on
// stdin, answers one JSON line per job on stdout (models/rescoring.h). A reference is measured once per
// task and kept in memory, so every other system's trial of that task costs only its own candidate.
// Running in its own process is what isolates the GUI and the other trials from an OCCT crash or hang.
#include <exception>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "cli/command.h"
#include "models/rescoring.h"
#include "scoring/errors.h"
#include "scoring/fcstd_document.h"
#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "scoring/process_guard.h"
#include "scoring/reward.h"
#include "scoring/scorer_version.h"
#include "scoring/spec_parser.h"
#include "scoring/spec_scorer.h"

namespace {

using namespace vernier;
using nlohmann::json;

constexpr std::size_t kMaxJobLine = 1 << 20;
constexpr std::size_t kMaxCachedReferences = 64;

// The specs of a task: one for single-stage tasks; base and edit for create_and_edit (the task
// wrapper's split, docs/scoring.md §9: base_description/base_key_parameters for the base stage).
struct TaskSpecs {
    std::optional<SpecDefinition> single;
    std::optional<SpecDefinition> base;
};

class Scorer {
public:
    RescoredResult score(const RescoreJob& job) {
        RescoredResult r;
        r.scorerIdentity = scorerIdentity();
        TaskSpecs specs = loadSpecs(job.spec, job.workflow);
        if (job.workflow == Workflow::CreateAndEdit) {
            StageScore baseStage, editStage;
            StageScores base = scoreStagePair(job.referenceBase, job.referenceBaseHash, job.candidateBase,
                                              specs.base, baseStage);
            StageScores edit = scoreStagePair(job.referenceEdit, job.referenceEditHash, job.candidateEdit,
                                              specs.single, editStage);
            CreateAndEditScore both = combineStages(baseStage, editStage);
            r.base = base;
            r.target = edit;
            r.reward = both.combined;
            r.single.combined = both.combined;
        } else {
            StageScore stage;
            r.single = scoreStagePair(job.reference, job.referenceHash, job.candidate, specs.single, stage);
            r.reward = stage.combined;
        }
        return r;
    }

private:
    // Keyed by the reference's content hash when the job carries it (equal documents at different paths
    // share an entry), else by its path. A reference that cannot be read or measured is remembered too,
    // so every trial of its task gets the same error without reading it again.
    const MeasuredDocument& reference(const FileRef& ref, const std::string& sha256) {
        const std::string key = sha256.empty() ? "path:" + ref.display() : "sha256:" + sha256;
        auto it = references_.find(key);
        if (it != references_.end()) {
            if (it->second.failure) std::rethrow_exception(it->second.failure);
            return *it->second.doc;
        }
        if (references_.size() >= kMaxCachedReferences) references_.clear();
        CachedReference& entry = references_[key];
        try {
            if (ref.empty()) throw InputError("the task has no reference document");
            MeasureOptions mo;
            mo.exactObb = false; // refined only when the bbox gate needs it (docs/scoring.md §14)
            entry.doc = std::make_shared<MeasuredDocument>(measureDocument(
                FcDocument::loadBytes(ref.readAll(), ref.fileName(), {}, ShapeLoading::OnDemand),
                DocumentRole::Reference, mo));
        } catch (const InputError&) {
            entry.failure = std::current_exception();
            throw;
        } catch (const MeasurementError&) {
            entry.failure = std::current_exception();
            throw;
        } catch (...) {
            // Not a property of the document (e.g. out of memory): try again for the next trial.
            references_.erase(key);
            throw;
        }
        return *entry.doc;
    }

    TaskSpecs loadSpecs(const FileRef& spec, Workflow w) {
        TaskSpecs s;
        if (spec.empty()) return s;
        StageSpecs stages = parseStageSpecs(spec.readAll(), spec.fileName());
        s.single = std::move(stages.edit);
        if (w == Workflow::CreateAndEdit) s.base = std::move(stages.base);
        return s;
    }

    StageScores scoreStagePair(const FileRef& refFile, const std::string& refHash, const FileRef& candFile,
                               const std::optional<SpecDefinition>& spec, StageScore& stage) {
        const MeasuredDocument& ref = reference(refFile, refHash);
        StageScores out;
        std::optional<double> specScore;
        std::optional<MeasuredDocument> cand;
        std::string loadFailure;
        try {
            if (candFile.empty()) throw InputError("no answer document");
            MeasureOptions mo;
            mo.exactObb = false;
            // Shapes are parsed as the scorer reads them: a corrupt one it reads is a load failure too.
            cand = measureDocument(
                FcDocument::loadBytes(candFile.readAll(), candFile.fileName(), {}, ShapeLoading::OnDemand),
                DocumentRole::Candidate, mo);
        } catch (const InputError& e) {
            loadFailure = e.what();
        }
        if (!cand) {
            // An unreadable candidate scores 0 (the verifier's "No solid shape found"), not a crash.
            out.geometry = 0.0;
            out.gate = "body";
            out.geometryReason =
                "No solid shape found in candidate model '" + candFile.fileName() + "': " + loadFailure;
            if (spec) {
                SpecResult sr = scoreSpecLoadFailure(*spec, candFile.fileName(), loadFailure);
                specScore = sr.score;
                out.specReason = sr.reason;
            }
        } else {
            GeometryResult g = scoreGeometry(ref, *cand);
            out.geometry = g.score;
            out.geometryReason = g.reason;
            if (g.gate) out.gate = g.gate->gate;
            if (spec) {
                SpecResult sr = scoreSpec(*spec, *cand);
                specScore = sr.score;
                out.specReason = sr.reason;
            }
        }
        out.spec = specScore;
        stage = scoreStage(*out.geometry, specScore);
        out.combined = stage.combined;
        return out;
    }

    struct CachedReference {
        std::shared_ptr<MeasuredDocument> doc;
        std::exception_ptr failure; // set instead of doc when the reference could not be measured
    };
    std::map<std::string, CachedReference> references_;
};

int runWorker(const std::vector<std::string>&) {
    // Untrusted answers: OCCT faults become per-trial errors, runaway allocations a prompt failure.
    installOcctGuards(kDefaultAddressSpaceCap);
    std::ios::sync_with_stdio(false);
    Scorer scorer;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        long long id = -1;
        RescoredResult r;
        try {
            if (line.size() > kMaxJobLine) throw InputError("job line too long");
            RescoreJob job = rescoreJobFromJson(line, &id);
            r = scorer.score(job);
        } catch (const std::exception& e) {
            // Reference unreadable, OCCT measurement error, ...: this trial has no reward; the worker lives
            // on.
            r = RescoredResult();
            r.scorerCrash = true;
            r.error = e.what();
            r.scorerIdentity = scorerIdentity();
        }
        std::cout << rescoredResultToJson(r, id) << '\n' << std::flush;
    }
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(rescore_worker, "rescore-worker",
                    "(internal) score JSON-line jobs from stdin for `rescore`; one JSON answer per line",
                    runWorker);
