// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Sharded rescoring (docs/cluster.md): the trials that still lack a result are split into shards (whole
// tasks where possible, so a reference is measured once per shard), written as manifests into a job
// directory, and each shard is scored by `vernier-cli rescore-shard MANIFEST --index I` — launched as a
// Slurm array element or as a local process; the launcher is the only difference. Every result goes into
// the shared rescore cache (RescoreCache, atomic temp + rename), a scorer crash or timeout into the cache's
// "crashes/" side directory, so collecting is reading the cache and resubmitting reruns only trials with
// neither. QtCore only.
#include <optional>
#include <string>
#include <vector>

#include "models/trial_id.h"
#include "worker/rescoring.h"

namespace vernier {

class ResultSet;

// One trial to score: its identity, where its result goes, and the job the worker needs (a protocol job
// object, worker/rescore_protocol.h), so a shard never re-imports the bundles.
struct ShardTrial {
    TrialId trial;
    std::string taskId;
    std::string key;            // RescoreCache::key of the job
    std::string cacheDirectory; // the shared cache the result goes into
    std::string job;            // rescoreJobToJson(job, 0)
};

// The trials of a selection that need scoring, and what the cache already answers.
struct ShardPlan {
    std::vector<std::vector<ShardTrial>> shards;
    std::size_t pending = 0;    // trials in the shards
    std::size_t cached = 0;     // already in the cache (or its crashes/ side directory)
    std::size_t noAnswer = 0;   // nothing to score (reward 0 without a worker, as RescoreEngine does)
    std::size_t unscorable = 0; // no job (unknown task, unreadable documents): reported by collect
};

// Splits the trials without a cached result into at most `shards` shards. Trials are grouped by task; while
// there are fewer groups than shards the largest group is halved; groups go largest first to the shard with
// the fewest trials (ties: lowest index). Deterministic for a given input. Empty shards are dropped.
ShardPlan planShards(const ResultSet& set, const std::vector<TrialId>& trials, int shards,
                     const std::string& scorerIdentity);

// What every shard shares.
struct ShardJobSettings {
    std::vector<std::string> bundles;
    std::string pack;
    std::string scorerIdentity;
    double timeoutSeconds = 300;
    int workersPerShard = 1;
};

// Writes DIR/manifest.json and DIR/shard-NNNN.json (atomically each). Returns the manifest path. Throws
// InputError when DIR cannot be written.
std::string writeShardManifests(const std::string& dir, const ShardJobSettings& settings,
                                const ShardPlan& plan);

// The cache's side directory for scorer crashes and timeouts of sharded runs: "<cache>/crashes". Local
// rescoring never reads it (a crash is retried there); collecting does.
std::string shardCrashDirectory(const std::string& cacheDirectory);
bool storeShardCrash(const std::string& cacheDirectory, const std::string& key, const RescoredResult& r);
// The cached result, else the recorded crash/timeout, else nullopt.
std::optional<RescoredResult> loadShardResult(const std::string& cacheDirectory, const std::string& key);

struct ShardRunSummary {
    int trials = 0;
    int scored = 0;
    int fromCache = 0;
    int crashed = 0;
};

// Scores shard `index` of the manifest with RescoreEngine (`workerProgram` default: vernier-cli beside the
// running executable) and writes each result into its cache as soon as it is known. `pauseAfterTrialMs`
// (tests: $VERNIER_SHARD_PAUSE_MS) sleeps after each trial so a test can kill a running shard. Throws
// InputError for an unreadable manifest or an index out of range.
ShardRunSummary runShard(const std::string& manifestPath, int index, const std::string& workerProgram = {},
                         int pauseAfterTrialMs = 0);

// Collecting: every selected trial's result from the cache (a trial without an answer gets reward 0 without
// a look, as RescoreEngine gives it). Trials with no job get a scorer_crash saying why; trials with nothing
// in the cache are listed in `missing`.
struct CollectedResults {
    RescoreResults results;
    std::vector<TrialId> missing;
};
CollectedResults collectShardResults(const ResultSet& set, const std::vector<TrialId>& trials,
                                     const std::string& scorerIdentity);

// The Slurm batch script of an array over the manifest's shards.
struct SbatchSettings {
    std::string program;  // absolute path of vernier-cli
    std::string manifest; // absolute path of manifest.json
    int shards = 1;
    std::string jobName = "vernier-rescore";
    std::string partition, time, mem, account;
    std::vector<std::string> extra; // each becomes "#SBATCH <extra>"
    std::string logDirectory;       // slurm-%A_%a.out go here
};
std::string sbatchScript(const SbatchSettings& s);

// Local launcher: runs `program rescore-shard MANIFEST --index I` for every shard, `parallel` at a time;
// returns the shards whose process failed (exit code != 0 or crash).
std::vector<int> runShardsLocally(const std::string& program, const std::string& manifest, int shards,
                                  int parallel);

} // namespace vernier
