// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The in-memory result model: the tasks of a pack, every imported trial, the systems, and the
// per-(system, task) selection that statistics and views use.
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "models/follow_state.h"
#include "models/submission.h"
#include "models/task_pack.h"
#include "models/trial_id.h"
#include "models/trial_record.h"

namespace vernier {

// Which trial(s) stand for a system on a task when it has several (docs/contract.md §3.2).
enum class SelectionPolicy {
    LatestFinished, // default: the trial with the latest finished_at (then started_at, then name)
    Mean,           // the mean reward over all valid trials
    Best,           // best-of-k: the highest reward over all valid trials (docs/statistics.md "Attempts")
    First,          // the trial with the earliest finished_at (unknown finish times lose, as under Latest)
};
// "latest", "mean", "best", "first" (command-line values and workspace files, docs/workspace.md).
const char* selectionPolicyName(SelectionPolicy p);
// Parses those names; nullopt for anything else.
std::optional<SelectionPolicy> parseSelectionPolicy(const std::string& name);

// What a bundle is, as far as its own files say (shown per bundle).
struct BundleInfo {
    std::string path;
    int trials = 0;
    int jobs = 0;                            // Harbor job folders (a result.json above trial folders)
    std::vector<std::string> harborVersions; // distinct lock.json harbor.version values, sorted
};

// A bundle that is a cad-bench v2 submission (a folder holding a manifest and the downloaded job): the
// maintainers' checks on it, and how its declared figures compare with what its trials say.
struct SubmissionCheck {
    std::string bundle;
    std::string manifest;
    std::string policy;      // where the policy came from (a policy file beside it, or the published one)
    SystemId system;         // agent.name / the model id's last part, as the trials name it
    SubmissionReport report; // findings, counts, computed mean
    std::optional<double> declaredMean;
    std::optional<int> declaredErrors;
    bool declaredDiffers = false; // declared mean or n_errors disagree with the computed ones
};

struct ImportOptions {
    bool followSymlinksInside = true; // symlinks that stay inside the bundle are followed; outside never
    // Every Harbor job of an agent and model its own system ("job=<job id prefix>" in the variant, where an
    // agent and model has several jobs); see ResultSet::setSplitByJob.
    bool splitByJob = false;
    // Read and keep the bundle's trial index (models/trial_index.h, docs/index.md): unchanged trial folders
    // come from it instead of their files. The imported set is the same either way.
    bool useIndex = true;
    // Out, when set: the live-follow state of every bundle folder read (docs/formats.md "Live follow"), as
    // of the reading — taken from the import's own listing where it has one (docs/index.md "The follow
    // baseline"), else by a walk just before the reading.
    FollowStates* followStates = nullptr;
    // Out, when set: the trial index of a bundle read whole is not written before the import returns; its
    // rows are encoded and the writing is appended here, for the caller to run (once each, on any thread)
    // once the trials are on screen (docs/index.md "Deferred write"). A write that fails says so on stderr.
    std::vector<std::function<void()>>* deferredIndexWrites = nullptr;
    // With deferredIndexWrites: the `stat`s of the files the import does not read are left to the write too
    // (the GUI, which runs it on one thread beside its painting); false takes them while listing, on many
    // threads (the CLI, which runs the write beside its statistics and waits for it before exiting).
    bool deferredWriteStats = true;
};

class ResultSet {
public:
    std::vector<TaskInfo> tasks;              // from the pack, sorted by id
    std::vector<TrialRecord> trials;          // every imported trial, malformed ones included (loadError set)
    std::vector<SystemId> systems;            // sorted by label
    std::vector<ImportProblem> problems;      // pack/bundle-level problems and per-trial load errors
    std::vector<std::string> bundles;         // the bundle paths given
    std::vector<BundleInfo> bundleInfo;       // one per readable bundle, in the order given
    std::vector<SubmissionCheck> submissions; // bundles that carry a submission manifest
    std::string taskPackPath;

    SelectionPolicy policy() const { return policy_; }
    void setPolicy(SelectionPolicy p);
    bool preferRescored() const { return preferRescored_; }
    // Use rescored rewards where present. Off by default: recorded rewards are the record, a rescored
    // value is a second opinion (docs/contract.md §1), used only when the user asks for it.
    void setPreferRescored(bool on);
    // True when statistics use at least one rescored reward (the preference is on and a trial has one).
    bool usesRescored() const;
    // System identity (docs/formats.md "System identity"): off, runs of one agent and model with equal
    // settings are one system whatever job they came from; on, each job is also a system of its own (the
    // variant gains "job=<first 8 characters of the job id>", longer when two ids share them). Reindexes.
    bool splitByJob() const { return splitByJob_; }
    void setSplitByJob(bool on);

    int systemIndex(const SystemId& s) const;   // -1 when absent
    int taskIndex(const std::string& id) const; // -1 when absent

    // Valid trials (no loadError, task in the pack) of a system on a task, oldest first.
    const std::vector<int>& trialsOf(int system, int task) const;
    // The selected reward of a system on a task (policy applied); nullopt when it has no valid trial.
    std::optional<double> selectedReward(int system, int task) const;
    // The trial standing for (system, task), -1 if none: the latest finished (also under Mean, for
    // drill-down); under Best the attempt with the highest reward (ties: the later finished); under First
    // the earliest finished.
    int selectedTrial(int system, int task) const;
    // Number of valid trials of a system (all tasks, all repetitions).
    int trialCount(int system) const;
    // The trial with this identity (O(1), from a map rebuilt by reindex()); nullopt when it is not in the
    // set.
    std::optional<std::size_t> indexOf(const TrialId& id) const;
    const TrialRecord* find(const TrialId& id) const;
    TrialRecord* find(const TrialId& id);
    // Trials whose task id is not in the pack (kept, listed, excluded from statistics).
    std::vector<int> unmatchedTrials() const;

    // Rebuilds every trial's system variant (models/system_variants.h), systems, the (system, task) index
    // and every trial's zero classification. Call after changing trials (import, rescoring results).
    void reindex();

private:
    SelectionPolicy policy_ = SelectionPolicy::LatestFinished;
    bool preferRescored_ = false;
    bool splitByJob_ = false;
    std::vector<std::vector<int>> cells_; // [system * tasks + task] -> trial indices
    std::vector<int> selected_;           // [system * tasks + task] -> trial index or -1
    std::vector<int> trialCounts_;
    std::unordered_map<TrialId, std::size_t> byId_; // the first trial of each identity
};

// A snapshot to share between the views and the worker threads (docs/architecture.md "Large result sets").
// The last holder to let go of a large one (at least kBackgroundReleaseTrials trials) does not pay for
// freeing it: that happens on a background thread. Whoever drops the last reference is usually the GUI
// thread, and freeing 10^5 records (some 3 million strings) there took ~0.2 s, the longest pause of the event
// loop while following a running job.
constexpr std::size_t kBackgroundReleaseTrials = 10000;
std::shared_ptr<ResultSet> shareResultSet(ResultSet&& set);
// Blocks until every snapshot handed to the background thread so far has been freed; returns how many the
// background thread has freed since the program started (for tests and benchmarks).
std::size_t waitForBackgroundReleases();

// The submission check of a bundle folder holding a cad-bench v2 manifest; nullopt when it holds none.
std::optional<SubmissionCheck> checkSubmissionBundle(const std::string& bundle);

// What the numbers of `set` are made of, for titles, captions and export headers: "recorded rewards", or
// "rescored by Vernier <version> (OCCT <version>)" when rescored rewards are in use.
std::string rewardsLabel(const ResultSet& set);

// Imports a task pack and any mix of Harbor job folders, leaderboard submission folders
// (runs/<agent>/<model>/<task_id>/) and .zip files of either. Throws InputError when a path is neither
// a folder nor a zip or when the pack cannot be read; malformed trials are kept with loadError.
// The answer documents a workflow needs (answer.py too for drawing tasks), with where the trial has them; a
// failed artifact copy is an import problem when it is why one of these is missing.
std::vector<std::pair<const char*, const FileRef*>> requiredAnswers(const TrialRecord& t, Workflow w);

ResultSet importResults(const std::vector<std::string>& bundles, const std::string& taskPack,
                        const ImportOptions& options = {});

// Opens, on the calling thread, every zip archive the trials' files are read from that is not open yet: a
// zip reopened from its trial index is opened by the first read of one of its files (docs/index.md "Reopening
// a zip"), 2-3 s for 10^5 trials; the GUI calls this in the background after an import so that the first look
// at a trial does not wait for it. An archive that cannot be opened is left to each read to report.
void openTrialArchives(const ResultSet& set);

// Reads the trials of one bundle (folder or zip) into `out` (no task matching). Exposed for tests.
// Also checks each Harbor job's recorded statistics (result.json stats.evals) against its trials.
void importBundle(const std::string& bundle, std::vector<TrialRecord>& out,
                  std::vector<ImportProblem>& problems, const ImportOptions& options = {},
                  BundleInfo* info = nullptr);

} // namespace vernier
