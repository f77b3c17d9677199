// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/trial_scorer.h"

#include <exception>
#include <fstream>
#include <utility>

#include <QByteArray>
#include <QCryptographicHash>
#include <QThread>

#include "scoring/errors.h"
#include "scoring/spec_parser.h"

namespace vernier {

namespace {

constexpr std::size_t kMaxSpecBytes = 4u << 20;          // as loadSpecFile (scoring/spec_parser.cpp)
constexpr std::uintmax_t kMaxDocumentBytes = 1ull << 30; // a document read whole into memory

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string sha256Hex(const std::string& bytes) {
    return QCryptographicHash::hash(QByteArrayView(bytes.data(), static_cast<qsizetype>(bytes.size())),
                                    QCryptographicHash::Sha256)
        .toHex()
        .toStdString();
}

// The name a missing answer is reported under (the benchmark's answer file of that stage).
std::string defaultCandidateName(StageRole role) {
    switch (role) {
    case StageRole::Base:
        return "answer_base.FCStd";
    case StageRole::Edit:
        return "answer_edit.FCStd";
    case StageRole::Single:
        break;
    }
    return "answer.FCStd";
}

MeasuredDocument measureLoaded(FcDocument doc, DocumentRole role, bool shapeWhenGated = true) {
    MeasureOptions mo;
    mo.exactObb = false; // refined only when the bbox gate needs it (docs/scoring.md §14)
    mo.shapeWhenGated = shapeWhenGated;
    return measureDocument(std::move(doc), role, mo);
}

// The outcome of reading and measuring one document: the document or what was thrown.
struct Measured {
    std::shared_ptr<const MeasuredDocument> doc;
    std::exception_ptr error;
};

// Runs the jobs in order, or two at a time (this thread takes the even ones, one QThread the odd ones).
// QThread rather than std::thread: the reader touches Qt (QuaZip's QIODevice), and a QThread tears down
// its Qt thread data when it finishes, where an adopted std::thread leaves it to process exit.
void runJobs(const std::vector<std::function<void()>>& jobs, int threads) {
    if (threads <= 1 || jobs.size() < 2) {
        for (const auto& j : jobs)
            j();
        return;
    }
    std::unique_ptr<QThread> worker(QThread::create([&jobs] {
        for (std::size_t i = 1; i < jobs.size(); i += 2)
            jobs[i]();
    }));
    worker->start();
    for (std::size_t i = 0; i < jobs.size(); i += 2)
        jobs[i]();
    worker->wait();
}

std::string oneLine(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

TrialFailure failure(TrialFailureKind kind, std::string reason) {
    return TrialFailure{kind, oneLine(std::move(reason))};
}

// What a thrown reference error means (docs/scoring.md "Trial scorer: one answer per case").
TrialFailure referenceFailure(const std::exception_ptr& e, const std::string& name) {
    try {
        std::rethrow_exception(e);
    } catch (const InputError& x) {
        return failure(TrialFailureKind::UnreadableReference, "reference model '" + name + "': " + x.what());
    } catch (const std::exception& x) {
        return failure(TrialFailureKind::ScorerError, x.what());
    } catch (...) {
        return failure(TrialFailureKind::ScorerError, "reference model '" + name + "': unknown error");
    }
}

// The stage's part of spec.json (docs/scoring.md §9). Throws InputError.
std::optional<SpecDefinition> stageSpec(const DocumentInput& spec, StageRole role) {
    if (!spec.present()) return std::nullopt;
    const std::string name = spec.displayName();
    const std::string text = spec.read();
    if (text.size() > kMaxSpecBytes) throw InputError(name + ": spec file larger than 4 MiB");
    std::optional<SpecDefinition> out;
    if (role == StageRole::Single) {
        out = parseSpecJson(text, name);
    } else {
        StageSpecs s = parseStageSpecs(text, name);
        out = role == StageRole::Base ? std::move(s.base) : std::optional<SpecDefinition>(std::move(s.edit));
    }
    if (out) out->path = spec.path; // param_check.py is looked up beside it (reported, never run)
    return out;
}

struct SpecOutcome {
    std::optional<SpecDefinition> spec;
    std::optional<TrialFailure> failure;
};

SpecOutcome loadStageSpec(const DocumentInput& spec, StageRole role) {
    SpecOutcome o;
    try {
        o.spec = stageSpec(spec, role);
    } catch (const std::exception& e) {
        o.failure = failure(TrialFailureKind::BadSpec, e.what());
    }
    return o;
}

} // namespace

// --- DocumentInput ------------------------------------------------------------------------------------

std::string DocumentInput::displayName() const {
    return name.empty() ? baseName(path) : name;
}

DocumentInput DocumentInput::none(std::string name) {
    DocumentInput d;
    d.name = std::move(name);
    return d;
}

DocumentInput DocumentInput::fromBytes(std::string bytes, std::string name) {
    DocumentInput d;
    d.name = std::move(name);
    auto shared = std::make_shared<const std::string>(std::move(bytes));
    d.read = [shared] { return *shared; };
    return d;
}

DocumentInput DocumentInput::fromFile(const std::string& path) {
    DocumentInput d;
    d.name = baseName(path);
    d.path = path;
    d.read = [path] {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw InputError(baseName(path) + ": cannot open " + path);
        std::string data;
        char buf[65536];
        while (in.read(buf, sizeof buf) || in.gcount() > 0) {
            data.append(buf, static_cast<std::size_t>(in.gcount()));
            if (data.size() > kMaxDocumentBytes)
                throw InputError(baseName(path) + ": file larger than 1 GiB");
        }
        return data;
    };
    return d;
}

const char* stageRoleName(StageRole role) {
    switch (role) {
    case StageRole::Base:
        return "base";
    case StageRole::Edit:
        return "edit";
    case StageRole::Single:
        break;
    }
    return "single";
}

const char* failureKindName(TrialFailureKind kind) {
    switch (kind) {
    case TrialFailureKind::MissingReference:
        return "missing_reference";
    case TrialFailureKind::UnreadableReference:
        return "unreadable_reference";
    case TrialFailureKind::BadSpec:
        return "bad_spec";
    case TrialFailureKind::BadInput:
        return "bad_input";
    case TrialFailureKind::ScorerError:
        break;
    }
    return "scorer_error";
}

TrialInput TrialInput::single(DocumentInput reference, DocumentInput candidate, DocumentInput spec) {
    TrialInput t;
    t.stages.push_back({StageRole::Single, std::move(reference), std::move(candidate)});
    t.spec = std::move(spec);
    return t;
}

TrialInput TrialInput::createAndEdit(DocumentInput referenceBase, DocumentInput candidateBase,
                                     DocumentInput referenceEdit, DocumentInput candidateEdit,
                                     DocumentInput spec) {
    TrialInput t;
    t.stages.push_back({StageRole::Base, std::move(referenceBase), std::move(candidateBase)});
    t.stages.push_back({StageRole::Edit, std::move(referenceEdit), std::move(candidateEdit)});
    t.spec = std::move(spec);
    return t;
}

// --- Reading and the reference cache ------------------------------------------------------------------

MeasuredDocument measureInput(const DocumentInput& doc, DocumentRole role, bool shapeWhenGated) {
    if (!doc.present()) throw InputError("no document");
    // A file on disk is opened by path: SafeZip streams large archives instead of holding them in memory.
    if (!doc.path.empty())
        return measureLoaded(FcDocument::load(doc.path, {}, ShapeLoading::OnDemand), role, shapeWhenGated);
    return measureLoaded(FcDocument::loadBytes(doc.read(), doc.displayName(), {}, ShapeLoading::OnDemand),
                         role, shapeWhenGated);
}

ReferenceCache::ReferenceCache(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

std::size_t ReferenceCache::size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return entries_.size();
}

int ReferenceCache::measurements() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return measurements_;
}

std::shared_ptr<const MeasuredDocument> ReferenceCache::measure(const DocumentInput& reference) {
    if (!reference.present()) throw InputError("no document");
    // Without a known hash the bytes are read to compute it, and then measured from those bytes.
    std::optional<std::string> bytes;
    std::string key = reference.sha256;
    if (key.empty()) {
        bytes = reference.read(); // an unreadable file has no key: nothing to remember it by
        key = sha256Hex(*bytes);
    }
    // One lock over lookup and measurement: a reference shared by two concurrent stages is measured once.
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find(key);
    if (it != entries_.end()) {
        if (it->second.failure) std::rethrow_exception(it->second.failure);
        return it->second.doc;
    }
    if (entries_.size() >= capacity_) entries_.clear();
    Entry entry;
    try {
        ++measurements_;
        entry.doc = std::make_shared<const MeasuredDocument>(
            bytes ? measureLoaded(
                        FcDocument::loadBytes(*bytes, reference.displayName(), {}, ShapeLoading::OnDemand),
                        DocumentRole::Reference)
                  : measureInput(reference, DocumentRole::Reference));
    } catch (const InputError&) {
        entry.failure = std::current_exception(); // a property of the document: remembered
    } catch (const MeasurementError&) {
        entry.failure = std::current_exception();
    }
    // Anything else (out of memory, ...) is not the document's: thrown, not remembered.
    entries_.emplace(key, entry);
    if (entry.failure) std::rethrow_exception(entry.failure);
    return entry.doc;
}

// --- Scoring ------------------------------------------------------------------------------------------

TrialScorer::TrialScorer(TrialScorerOptions options, ReferenceCache* cache)
    : options_(std::move(options)), cache_(cache) {}

namespace {

struct StageWork {
    const TrialStageInput* input = nullptr;
    SpecOutcome spec;
    Measured reference, candidate;
};

// Geometry 0 for an answer that is missing or cannot be read: the verifier's "No solid shape found".
GeometryResult noCandidateGeometry(const std::string& candidateName, const std::string& why) {
    GeometryResult g;
    g.score = 0;
    g.reason = "No solid shape found in candidate model '" + candidateName + "': " + why;
    g.gate = GateResult{"body", g.reason};
    return g;
}

TrialStageResult finishStage(const StageWork& w, const TrialScorerOptions& o) {
    const TrialStageInput& in = *w.input;
    TrialStageResult r;
    r.role = in.role;
    r.referenceName = in.reference.displayName();
    r.candidateName = in.candidate.displayName();
    if (r.candidateName.empty()) r.candidateName = defaultCandidateName(in.role);
    r.reference = w.reference.doc;
    r.candidate = w.candidate.doc;

    std::optional<TrialFailure> referenceFail;
    if (!in.reference.present())
        referenceFail = failure(TrialFailureKind::MissingReference,
                                in.role == StageRole::Single
                                    ? std::string("the task has no reference document")
                                    : std::string("the task has no reference document for the ") +
                                          stageRoleName(in.role) + " stage");
    else if (w.reference.error)
        referenceFail = referenceFailure(w.reference.error, r.referenceName);

    std::optional<TrialFailure> candidateFail;
    if (!in.candidate.present()) {
        r.candidateProblem = CandidateProblem::Missing;
        r.candidateProblemReason = "no answer document";
    } else if (w.candidate.error) {
        try {
            std::rethrow_exception(w.candidate.error);
        } catch (const InputError& e) {
            r.candidateProblem = CandidateProblem::Unreadable;
            r.candidateProblemReason = oneLine(e.what());
        } catch (const std::exception& e) {
            candidateFail = failure(TrialFailureKind::ScorerError, e.what());
        } catch (...) {
            candidateFail = failure(TrialFailureKind::ScorerError,
                                    "candidate model '" + r.candidateName + "': unknown error");
        }
    }

    // Geometry first: when it is gated the stage scores 0 whatever the spec says, and the options may skip
    // the spec (docs/scoring.md §15 "Gates first").
    std::optional<TrialFailure> geometryFail;
    if (!referenceFail && !candidateFail) {
        if (r.candidateProblem != CandidateProblem::None) {
            r.geometry = noCandidateGeometry(r.candidateName, r.candidateProblemReason);
        } else {
            try {
                r.geometry = scoreGeometry(*r.reference, *r.candidate, o.geometry);
            } catch (const InputError& e) {
                geometryFail = failure(TrialFailureKind::BadInput, e.what());
            } catch (const std::exception& e) {
                geometryFail = failure(TrialFailureKind::ScorerError, e.what());
            }
        }
    }
    const bool geometryGated = r.geometry && r.geometry->gate && r.geometry->score == 0;
    // The spec axis is the candidate's alone: scored whatever happens to the reference.
    if (w.spec.spec && !candidateFail && geometryGated && !o.specWhenGated &&
        r.candidateProblem == CandidateProblem::None) {
        r.specSkipped = "not computed: the geometry is gated (" + r.geometry->gate->gate +
                        "), so the stage scores 0 whatever the spec says";
    } else if (w.spec.spec && !candidateFail) {
        try {
            if (r.candidateProblem != CandidateProblem::None)
                r.spec =
                    scoreSpecLoadFailure(*w.spec.spec, r.candidateName, r.candidateProblemReason, o.spec);
            else if (r.candidate)
                r.spec = scoreSpec(*w.spec.spec, *r.candidate, o.spec);
        } catch (const InputError& e) {
            candidateFail = failure(TrialFailureKind::BadInput, e.what());
        } catch (const std::exception& e) {
            candidateFail = failure(TrialFailureKind::ScorerError, std::string("spec: ") + e.what());
        }
    }
    // A spec failure comes before a geometry failure (the spec is scored first in the verifier).
    if (!candidateFail && geometryFail) candidateFail = geometryFail;
    if (candidateFail) r.geometry.reset();
    // Precedence: the spec, then the reference, then the candidate side.
    if (w.spec.failure)
        r.failure = w.spec.failure;
    else if (referenceFail)
        r.failure = referenceFail;
    else if (candidateFail)
        r.failure = candidateFail;
    if (r.geometry && !r.failure)
        r.score = scoreStage(r.geometry->score, r.spec ? std::optional<double>(r.spec->score) : std::nullopt,
                             o.method);
    return r;
}

} // namespace

namespace {

// Reads and measures every document of the stages (two at a time with threads = 2).
void measureStages(std::vector<StageWork>& work, ReferenceCache* cache, int threads, bool shapeWhenGated) {
    std::vector<std::function<void()>> jobs;
    for (auto& w : work) {
        if (w.input->reference.present())
            jobs.push_back([&w, cache] {
                try {
                    w.reference.doc = cache ? cache->measure(w.input->reference)
                                            : std::make_shared<const MeasuredDocument>(
                                                  measureInput(w.input->reference, DocumentRole::Reference));
                } catch (...) {
                    w.reference.error = std::current_exception();
                }
            });
        if (w.input->candidate.present())
            jobs.push_back([&w, shapeWhenGated] {
                try {
                    w.candidate.doc = std::make_shared<const MeasuredDocument>(
                        measureInput(w.input->candidate, DocumentRole::Candidate, shapeWhenGated));
                } catch (...) {
                    w.candidate.error = std::current_exception();
                }
            });
    }
    runJobs(jobs, threads);
}

} // namespace

TrialResult TrialScorer::score(const TrialInput& trial) const {
    TrialResult out;
    out.method = options_.method;
    const auto& st = trial.stages;
    const bool single = st.size() == 1 && st[0].role == StageRole::Single;
    const bool twoStage = st.size() == 2 && st[0].role == StageRole::Base && st[1].role == StageRole::Edit;
    if (!single && !twoStage) {
        out.failure =
            failure(TrialFailureKind::BadInput, "a trial has one stage, or a base and an edit stage");
        return out;
    }
    std::vector<StageWork> work(st.size());
    for (std::size_t i = 0; i < st.size(); ++i) {
        work[i].input = &st[i];
        work[i].spec = loadStageSpec(trial.spec, st[i].role);
    }
    // Every document is read and measured first, then the stages are compared.
    measureStages(work, cache_, options_.threads, options_.shapeWhenGated);
    for (const auto& w : work)
        out.stages.push_back(finishStage(w, options_));
    for (const auto& s : out.stages)
        if (s.failure) {
            out.failure = s.failure;
            return out;
        }
    if (single) {
        out.reward = out.stages[0].score->combined;
    } else {
        out.createAndEdit = combineStages(*out.stages[0].score, *out.stages[1].score, options_.method);
        out.reward = out.createAndEdit->combined;
    }
    return out;
}

TrialStageResult TrialScorer::scoreStage(const TrialStageInput& stage, const DocumentInput& spec) const {
    std::vector<StageWork> work(1);
    work[0].input = &stage;
    work[0].spec = loadStageSpec(spec, stage.role);
    measureStages(work, cache_, options_.threads, options_.shapeWhenGated);
    return finishStage(work[0], options_);
}

} // namespace vernier
