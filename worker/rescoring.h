// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Out-of-process rescoring (docs/contract.md §6): N worker processes (`vernier-cli rescore-worker`) take
// JSON-line jobs on stdin and answer JSON lines (worker/rescore_protocol.h); a crash or a hang (per-trial
// timeout) marks only the in-flight trial scorer_crash and the worker is restarted. Results are cached
// outside the bundle, keyed by the documents' content hashes and the scorer identity. Trials are named by
// TrialId, never by their index in a ResultSet. QtCore only.
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "models/trial_id.h"
#include "models/trial_record.h"
#include "worker/rescore_protocol.h"

namespace vernier {

class ResultSet;

// Content-addressed cache of rescoring results, never inside a bundle (docs/contract.md §5, §6).
class RescoreCache {
public:
    explicit RescoreCache(std::string directory = defaultDirectory());
    // $VERNIER_CACHE_DIR + "/rescore", else the user's cache (QStandardPaths::CacheLocation + "/rescore").
    static std::string defaultDirectory();
    // Where a bundle's results are cached: beside it, "<bundle>.vernier-cache/rescore" next to the folder
    // or .zip, when that directory can be created and written; otherwise defaultDirectory() (a read-only
    // location such as an installed sample). $VERNIER_CACHE_DIR, when set, wins. Creates the directory.
    static std::string directoryFor(const std::string& bundle);
    const std::string& directory() const { return dir_; }

    // sha256 over the workflow, every document's bytes (candidate(s), reference(s), spec) and the
    // scorer identity. Throws InputError when a file cannot be read.
    static std::string key(const RescoreJob& job, const std::string& scorerIdentity);
    std::optional<RescoredResult> load(const std::string& key) const;
    // Atomic (QSaveFile). Returns false (never throws) when the cache cannot be written.
    bool store(const std::string& key, const RescoredResult& result) const;

private:
    std::string dir_;
};

struct RescoreOptions {
    int workers = 2;
    double timeoutSeconds = 300; // per trial; a hang beyond it is a scorer_crash
    std::string workerProgram;   // default: defaultScoringWorker()
    std::vector<std::string> workerArguments = {"rescore-worker"}; // both executables accept these
    bool useCache = true;
    std::string cacheDirectory; // empty: RescoreCache::directoryFor(each trial's bundle)
    std::string scorerIdentity; // default scorerIdentity(); part of the cache key
};

struct RescoreProgress {
    int done = 0;
    int total = 0;
    int fromCache = 0;
    int crashed = 0;
    TrialId lastTrial;         // the trial that just finished
    RescoredResult lastResult; // and its result
};

// Results of a run, by trial identity.
using RescoreResults = std::vector<std::pair<TrialId, RescoredResult>>;

// Scores a selection of trials in parallel worker processes, with progress and cancellation.
class RescoreEngine {
public:
    using ProgressFn = std::function<void(const RescoreProgress&)>;

    explicit RescoreEngine(RescoreOptions options = {});

    // Pending trials are grouped by task and each worker takes whole tasks (largest first), so a reference
    // is measured once per run, not once per worker process. Blocks until every trial is done or cancel() is
    // called (trials not finished by then are left out of the result). The GUI calls it from a worker thread
    // (QtConcurrent::run). `progress` is called once per finished trial, from whichever thread finished it,
    // under a lock: keep it short, and post to the GUI thread (QMetaObject::invokeMethod) rather than
    // touching widgets. Returns (trial, result) pairs; a trial not in `set` gets a scorer_crash result saying
    // so.
    RescoreResults run(const ResultSet& set, const std::vector<TrialId>& trials,
                       const ProgressFn& progress = {});
    void cancel() { cancelled_ = true; }
    bool cancelled() const { return cancelled_; }

    // vernier-cli beside the running executable (falls back to "vernier-cli" on PATH).
    static std::string defaultWorkerProgram();
    // The program a worker runs by default: the lean vernier-rescore-worker beside the running executable
    // (app/rescore_worker_main.cpp: no GUI libraries to load, so it starts faster; worker/scoring_worker.h),
    // else defaultWorkerProgram(). Both take the arguments {"rescore-worker"} and score identically.
    static std::string defaultScoringWorker();

private:
    RescoreOptions options_;
    std::atomic<bool> cancelled_{false};
};

// Stores results into the set's trials with the same identity and re-classifies them; results for trials not
// in the set are ignored (never applied to another trial). Returns how many were applied.
std::size_t applyRescored(ResultSet& set, const RescoreResults& results);

// Trials whose recorded and rescored rewards differ by more than `tolerance`.
struct RescoreMismatch {
    TrialId trial;
    std::optional<double> recorded;
    std::optional<double> rescored;
};
std::vector<RescoreMismatch> rescoreMismatches(const ResultSet& set, double tolerance = 1e-4);

} // namespace vernier
