// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One way to score a trial (docs/scoring.md, "Trial scorer: one answer per case"): which documents and
// which part of spec.json each stage uses, what a missing or unreadable candidate, an unreadable reference
// or a bad spec means, and how the stages combine. `vernier-cli score`, the rescoring worker and the
// inspector's live analysis all call TrialScorer; none of them decides any of this itself.
// Qt-free apart from QtCore (the content hash, and a QThread for --threads 2).
#include <cstddef>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "scoring/reward.h"
#include "scoring/spec_scorer.h"

namespace vernier {

// A document handed to the scorer: its name and a way to read its bytes. The scorer knows nothing of
// bundles, zips or FileRef; callers adapt their own handles (models/trial_analysis.h documentInput()).
struct DocumentInput {
    std::string name;   // basename used in reasons, e.g. "answer.FCStd"
    std::string path;   // a file on disk (read by path; a spec's param_check.py lookup), else empty
    std::string sha256; // hex content hash when known: the reference cache key, without reading the file
    // The bytes; throws InputError with a one-line reason. Empty: there is no document (a missing answer).
    std::function<std::string()> read;

    bool present() const { return static_cast<bool>(read); }
    // What a reason calls it: the name, else the path's basename.
    std::string displayName() const;

    static DocumentInput none(std::string name = {});
    static DocumentInput fromBytes(std::string bytes, std::string name);
    static DocumentInput fromFile(const std::string& path);
};

// Which stage of a trial, and so which part of spec.json it is checked against (docs/scoring.md §9):
// Single and Edit read name/description/key_parameters; Base reads base_key_parameters (no spec when the
// file has none).
enum class StageRole { Single, Base, Edit };
const char* stageRoleName(StageRole role); // "single" | "base" | "edit"

struct TrialStageInput {
    StageRole role = StageRole::Single;
    DocumentInput reference;
    DocumentInput candidate;
};

// One trial: {Single} or {Base, Edit}, and the task's spec.json (absent: geometry only).
struct TrialInput {
    std::vector<TrialStageInput> stages;
    DocumentInput spec;

    static TrialInput single(DocumentInput reference, DocumentInput candidate, DocumentInput spec = {});
    static TrialInput createAndEdit(DocumentInput referenceBase, DocumentInput candidateBase,
                                    DocumentInput referenceEdit, DocumentInput candidateEdit,
                                    DocumentInput spec = {});
};

// Why a trial has no reward. A missing or unreadable candidate is not a failure: it scores 0.
enum class TrialFailureKind {
    MissingReference,    // the task has no reference document for a stage
    UnreadableReference, // the reference cannot be read (not a zip, corrupt XML or shape, ...)
    BadSpec,             // spec.json cannot be read or parsed
    BadInput,            // the stages are not {single} or {base, edit}
    ScorerError,         // OCCT could not measure a readable shape (§3.1.6), or the scorer threw
};
const char* failureKindName(TrialFailureKind kind); // "missing_reference" | ... | "scorer_error"

struct TrialFailure {
    TrialFailureKind kind = TrialFailureKind::ScorerError;
    std::string reason; // one line
};

// Why a candidate was scored 0 without being measured.
enum class CandidateProblem { None, Missing, Unreadable };

struct TrialStageResult {
    StageRole role = StageRole::Single;
    std::string referenceName, candidateName;
    // The measured documents (the viewers draw them); null when not read.
    std::shared_ptr<const MeasuredDocument> reference, candidate;
    CandidateProblem candidateProblem = CandidateProblem::None;
    std::string candidateProblemReason; // why it could not be read ("no answer document", "not a zip ...")
    // Geometry: gates, reason, subscores, OBB, ICP pose and residuals. Absent only with a failure.
    std::optional<GeometryResult> geometry;
    std::optional<SpecResult> spec; // absent when the stage has no spec (or a failure came first)
    // Why the spec axis was not computed although the stage has a spec: the geometry was gated and the
    // options ask for the reward only (TrialScorerOptions::specWhenGated). Empty otherwise.
    std::string specSkipped;
    std::optional<StageScore> score; // g, s, and their combination (g alone without a spec)
    std::optional<TrialFailure> failure;
};

struct TrialResult {
    std::vector<TrialStageResult> stages;
    CombineMethod method = CombineMethod::Harmonic;
    std::optional<double> reward;                    // absent exactly when `failure` is set
    std::optional<CreateAndEditScore> createAndEdit; // both stages and their combination
    std::optional<TrialFailure> failure;             // the first failure: spec, then stages in order
};

struct TrialScorerOptions {
    GeometryOptions geometry;
    SpecOptions spec;
    CombineMethod method = CombineMethod::Harmonic;
    int threads = 1; // 2: documents are read and measured two at a time (the same bits as 1)
    // A gated geometry makes the stage score 0 whatever the spec says (harmonic and min both give 0), and
    // building a gated candidate's measurement bank is what costs: a bad agent's 5,000-face answer takes a
    // second. True (the default) scores the spec anyway, as the verifier reports it (the inspector, `score`);
    // false skips it (rescoring for the reward; docs/scoring.md §15 "Gates first").
    bool specWhenGated = true;
    // True (the default) keeps a gated candidate's scored shape for the views (MeasuredDocument::shape);
    // false leaves it unparsed, and lets the gates read a 5,000-face candidate's counts and volume from its
    // text (docs/scoring.md §15 "Gates from the text"): the same gate, reason and reward.
    bool shapeWhenGated = true;
};

// Measured references keyed by content hash, so a reference is measured once per process. A reference
// that cannot be read or measured is remembered too (its task's every trial gets the same failure without
// reading it again). Thread-safe. When full, it starts over.
class ReferenceCache {
public:
    explicit ReferenceCache(std::size_t capacity = 64);
    // From the cache when its hash (DocumentInput::sha256, else the sha256 of its bytes) was seen; else read,
    // measured and remembered. Throws what reading or measuring threw (InputError, MeasurementError, ...).
    std::shared_ptr<const MeasuredDocument> measure(const DocumentInput& reference);
    std::size_t size() const;
    int measurements() const; // documents actually read and measured (for tests)

private:
    struct Entry {
        std::shared_ptr<const MeasuredDocument> doc;
        std::exception_ptr failure;
    };
    mutable std::mutex mutex_;
    std::map<std::string, Entry> entries_;
    std::size_t capacity_;
    int measurements_ = 0;
};

// Reads and measures one document as the scorer does (ShapeLoading::OnDemand, the coarse OBB).
// `shapeWhenGated`: MeasureOptions::shapeWhenGated.
MeasuredDocument measureInput(const DocumentInput& doc, DocumentRole role, bool shapeWhenGated = true);

class TrialScorer {
public:
    // `cache`: shared across calls (the rescoring worker); null: every reference is read and measured.
    explicit TrialScorer(TrialScorerOptions options = {}, ReferenceCache* cache = nullptr);

    // Never throws: every outcome is a result, with `failure` set when there is no reward.
    TrialResult score(const TrialInput& trial) const;
    // One stage alone, against its part of `spec` (the inspector's per-stage analysis).
    TrialStageResult scoreStage(const TrialStageInput& stage, const DocumentInput& spec) const;

    const TrialScorerOptions& options() const { return options_; }

private:
    TrialScorerOptions options_;
    ReferenceCache* cache_;
};

} // namespace vernier
