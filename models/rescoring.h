#pragma once
// Out-of-process rescoring (docs/contract.md §6): N worker processes (`vernier-cli rescore-worker`) take
// JSON-line jobs on stdin and answer JSON lines; a crash or a hang (per-trial timeout) marks only the
// in-flight trial scorer_crash and the worker is restarted. Results are cached outside the bundle,
// keyed by the documents' content hashes and the scorer identity. QtCore only.
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "models/file_ref.h"
#include "models/task_pack.h"
#include "models/trial_record.h"

namespace vernier {

class ResultSet;

// What one trial needs to be scored: the task's reference(s) and spec, the trial's answer(s).
struct RescoreJob {
    int trialIndex = -1;
    std::string taskId;
    Workflow workflow = Workflow::Creation;
    FileRef reference, referenceBase, referenceEdit, spec;
    FileRef candidate, candidateBase, candidateEdit;
    // Hex sha256 of each reference's bytes (empty: not known). The worker keys its per-process reference
    // cache on them, so equal references at different paths are measured once.
    std::string referenceHash, referenceBaseHash, referenceEditHash;
};

// Builds the job for a trial. Returns nullopt (with `why`) when the task is unknown.
std::optional<RescoreJob> makeRescoreJob(const ResultSet& set, int trial, std::string* why = nullptr);

// Wire protocol (one JSON object per line). Job: {"id", "task_id", "workflow", "reference"|"reference_base"/
// "reference_edit", "spec", "candidate"|"candidate_base"/"candidate_edit"}, each file {"path"[, "zip"]}; a
// reference may carry "sha256" (absent in old jobs: the worker then keys it by its path).
// Answer: {"id", "reward", "geometry_similarity", "cad_spec_consistency", "combined", "gate",
// "geometry_reason", "spec_reason", "base"{...}, "target"{...}, "error"}; "reward" null with "error" on
// failure.
std::string rescoreJobToJson(const RescoreJob& job, long long id);
RescoreJob rescoreJobFromJson(const std::string& line, long long* id); // throws InputError
std::string rescoredResultToJson(const RescoredResult& r, long long id);
RescoredResult rescoredResultFromJson(const std::string& line, long long* id); // throws InputError

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
    std::string workerProgram;   // default: vernier-cli next to the running executable
    std::vector<std::string> workerArguments = {"rescore-worker"};
    bool useCache = true;
    std::string cacheDirectory; // empty: RescoreCache::directoryFor(each trial's bundle)
    std::string scorerIdentity; // default scorerIdentity(); part of the cache key
};

struct RescoreProgress {
    int done = 0;
    int total = 0;
    int fromCache = 0;
    int crashed = 0;
    int lastTrial = -1; // the trial that just finished
};

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
    // touching widgets. Returns (trial index, result) pairs.
    std::vector<std::pair<int, RescoredResult>> run(const ResultSet& set, const std::vector<int>& trials,
                                                    const ProgressFn& progress = {});
    void cancel() { cancelled_ = true; }
    bool cancelled() const { return cancelled_; }

    // vernier-cli beside the running executable (falls back to "vernier-cli" on PATH).
    static std::string defaultWorkerProgram();

private:
    RescoreOptions options_;
    std::atomic<bool> cancelled_{false};
};

// Stores results into the set's trials and re-classifies them.
void applyRescored(ResultSet& set, const std::vector<std::pair<int, RescoredResult>>& results);

// Trials whose recorded and rescored rewards differ by more than `tolerance`.
struct RescoreMismatch {
    int trial = -1;
    std::optional<double> recorded;
    std::optional<double> rescored;
};
std::vector<RescoreMismatch> rescoreMismatches(const ResultSet& set, double tolerance = 1e-4);

} // namespace vernier
