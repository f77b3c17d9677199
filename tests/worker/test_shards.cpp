// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Sharded rescoring (worker/shards.h): the plan (grouping by task, halving, balancing, skipping what the
// cache holds), a shard run writing results and crash/timeout entries into the cache, a shard that never ran
// leaving exactly its trials missing, and the job script. The worker is a shell script speaking the
// JSON-lines protocol, as in test_rescoring.cpp; the real scorer on a real Slurm cluster is
// tests/cluster/test_slurm_rescore.py.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "models/bundle_builder.h"
#include "models/result_set.h"
#include "scoring/errors.h"
#include "scoring/scorer_version.h"
#include "worker/shards.h"

namespace fs = std::filesystem;
using namespace vernier;
using namespace vernier::test;

namespace {

// Answers reward 0.25; dies of SIGSEGV on a job mentioning "crash"; hangs on "hang".
const char* kFakeWorker = R"(#!/bin/bash
while IFS= read -r line; do
  [[ $line =~ \"id\":([0-9]+) ]] && id=${BASH_REMATCH[1]}
  if [[ $line == *crash* ]]; then echo "boom: simulated OCCT crash" >&2; kill -SEGV $$; fi
  if [[ $line == *hang* ]]; then exec sleep 600; fi
  echo "{\"id\":$id,\"reward\":0.25,\"geometry_similarity\":0.5,\"cad_spec_consistency\":0.1667,\"combined\":0.25,\"error\":null}"
done
)";

struct Fixture {
    TempDir dir;
    ResultSet set;
    std::string worker;

    // Trial names are "<task>__<suffix>"; every task named is written to the pack.
    explicit Fixture(const std::vector<std::string>& trialNames) {
        std::set<std::string> tasks;
        for (const auto& name : trialNames) {
            const std::string task = name.substr(0, name.find("__"));
            if (tasks.insert(task).second)
                writeTask(dir / "pack", task, "[metadata]\nworkflow = \"creation\"\n",
                          {"tests/reference.FCStd", "tests/spec.json"});
        }
        for (const auto& name : trialNames) {
            TrialSpec s;
            s.trialName = name;
            s.taskName = "gnucleus-ai/" + name.substr(0, name.find("__"));
            writeHarborTrial(dir / "job", s, R"({"reward": 0.5})", "", {"answer.FCStd"});
            writeFile(dir / ("job/" + name + "/artifacts/app/answer.FCStd"), "document of " + name);
        }
        set = importResults({dir / "job"}, dir / "pack");
        worker = dir / "fake-worker.sh";
        writeFile(worker, kFakeWorker);
        fs::permissions(worker, fs::perms::owner_all);
    }

    std::vector<TrialId> all() const {
        std::vector<TrialId> v;
        for (const TrialRecord& t : set.trials)
            v.push_back(t.id());
        return v;
    }
    std::string nameOf(const TrialId& id) const { return set.find(id)->trialName; }
};

// Shard contents as sorted trial names.
std::vector<std::set<std::string>> names(const Fixture& f, const ShardPlan& p) {
    std::vector<std::set<std::string>> out;
    for (const auto& s : p.shards) {
        out.emplace_back();
        for (const auto& t : s)
            out.back().insert(f.nameOf(t.trial));
    }
    return out;
}

} // namespace

TEST(Shards, PlanGroupsTasksAndBalancesLargestFirst) {
    Fixture f({"a__1", "a__2", "a__3", "a__4", "b__1", "b__2", "c__1"});
    // Two shards: a (4) to shard 0; b (2) to the emptier shard 1; c (1) to shard 1 (2 < 4).
    ShardPlan two = planShards(f.set, f.all(), 2, "test-scorer");
    EXPECT_EQ(two.pending, 7u);
    EXPECT_EQ(two.cached, 0u);
    ASSERT_EQ(two.shards.size(), 2u);
    EXPECT_EQ(names(f, two)[0], (std::set<std::string>{"a__1", "a__2", "a__3", "a__4"}));
    EXPECT_EQ(names(f, two)[1], (std::set<std::string>{"b__1", "b__2", "c__1"}));
    // Four shards, three tasks: a is halved into {a__1, a__2} and {a__3, a__4}; groups of 2, 2, 2, 1.
    ShardPlan four = planShards(f.set, f.all(), 4, "test-scorer");
    ASSERT_EQ(four.shards.size(), 4u);
    EXPECT_EQ(names(f, four)[0], (std::set<std::string>{"a__1", "a__2"}));
    EXPECT_EQ(names(f, four)[1], (std::set<std::string>{"a__3", "a__4"}));
    EXPECT_EQ(names(f, four)[2], (std::set<std::string>{"b__1", "b__2"}));
    EXPECT_EQ(names(f, four)[3], (std::set<std::string>{"c__1"}));
    // More shards than trials: one trial each, no empty shard.
    EXPECT_EQ(planShards(f.set, f.all(), 50, "test-scorer").shards.size(), 7u);
    // Results go beside the bundle, as for a local rescore.
    EXPECT_EQ(four.shards[0][0].cacheDirectory, RescoreCache::directoryFor(f.set.trials[0].bundle));
}

TEST(Shards, ShardRunsFillTheCacheAndCrashesAreRecordedWithTheirReason) {
    Fixture f({"a__1", "a__crash", "a__2", "b__1", "b__hang", "c__1"});
    const std::vector<std::string> settingsBundles = {f.dir / "job"};
    ShardJobSettings settings;
    settings.bundles = settingsBundles;
    settings.pack = f.dir / "pack";
    settings.scorerIdentity = scorerIdentity();
    settings.timeoutSeconds = 1;
    ShardPlan plan = planShards(f.set, f.all(), 2, settings.scorerIdentity);
    ASSERT_EQ(plan.shards.size(), 2u);
    const std::string manifest = writeShardManifests(f.dir / "jobdir", settings, plan);
    EXPECT_TRUE(fs::exists(f.dir / "jobdir/shard-0000.json"));
    EXPECT_TRUE(fs::exists(f.dir / "jobdir/shard-0001.json"));

    // Only shard 0 (task a: three trials) runs, as if shard 1's node had died: shard 1's trials are missing.
    ShardRunSummary s0 = runShard(manifest, 0, f.worker);
    EXPECT_EQ(s0.trials, 3);
    EXPECT_EQ(s0.scored, 3);
    EXPECT_EQ(s0.crashed, 1);
    CollectedResults c = collectShardResults(f.set, f.all(), settings.scorerIdentity);
    std::set<std::string> missing;
    for (const auto& id : c.missing)
        missing.insert(f.nameOf(id));
    EXPECT_EQ(missing, (std::set<std::string>{"b__1", "b__hang", "c__1"}));
    // Resubmitting plans exactly the missing trials (the crash counts as a result).
    ShardPlan retry = planShards(f.set, f.all(), 2, settings.scorerIdentity);
    EXPECT_EQ(retry.pending, 3u);
    EXPECT_EQ(retry.cached, 3u);

    ShardRunSummary s1 = runShard(manifest, 1, f.worker);
    EXPECT_EQ(s1.trials, 3);
    EXPECT_EQ(s1.crashed, 1);
    c = collectShardResults(f.set, f.all(), settings.scorerIdentity);
    EXPECT_TRUE(c.missing.empty());
    std::map<std::string, RescoredResult> by;
    for (const auto& [id, r] : c.results)
        by[f.nameOf(id)] = r;
    ASSERT_EQ(by.size(), 6u);
    for (const char* ok : {"a__1", "a__2", "b__1", "c__1"}) {
        EXPECT_FALSE(by[ok].scorerCrash) << ok;
        EXPECT_DOUBLE_EQ(by[ok].reward.value_or(-1), 0.25) << ok;
        EXPECT_TRUE(by[ok].fromCache) << ok;
    }
    EXPECT_TRUE(by["a__crash"].scorerCrash);
    EXPECT_EQ(by["a__crash"].error, "scorer worker crashed: boom: simulated OCCT crash");
    EXPECT_TRUE(by["b__hang"].scorerCrash);
    EXPECT_EQ(by["b__hang"].error, "timeout after 1 s");
    // Nothing left to plan; a second run of a shard scores nothing.
    EXPECT_EQ(planShards(f.set, f.all(), 2, settings.scorerIdentity).pending, 0u);
    ShardRunSummary again = runShard(manifest, 0, f.worker);
    EXPECT_EQ(again.scored, 1); // the crashed trial is retried by a rerun shard (not cached as a result)
    EXPECT_EQ(again.fromCache, 2);
    // A crash entry lives apart from the cache proper: a local rescore never reads it.
    const std::string cache = RescoreCache::directoryFor(f.dir / "job");
    EXPECT_TRUE(fs::exists(shardCrashDirectory(cache)));
    EXPECT_THROW(runShard(manifest, 2, f.worker), InputError);
}

TEST(Shards, SbatchScriptHasTheArrayTheOptionsAndTheShardCommand) {
    SbatchSettings s;
    s.program = "/opt/vernier/bin/vernier-cli";
    s.manifest = "/scratch/jobs/run 1/manifest.json";
    s.shards = 4;
    s.partition = "short";
    s.time = "01:00:00";
    s.mem = "4G";
    s.account = "cad-lab";
    s.extra = {"--qos=normal", "--cpus-per-task=1"};
    s.logDirectory = "/scratch/jobs/logs";
    const std::string text = sbatchScript(s);
    for (const char* line :
         {"#!/bin/bash\n", "#SBATCH --array=0-3\n", "#SBATCH --partition=short\n",
          "#SBATCH --time=01:00:00\n", "#SBATCH --mem=4G\n", "#SBATCH --account=cad-lab\n",
          "#SBATCH --qos=normal\n", "#SBATCH --cpus-per-task=1\n",
          "#SBATCH --output=/scratch/jobs/logs/slurm-%A_%a.out\n",
          "exec '/opt/vernier/bin/vernier-cli' rescore-shard '/scratch/jobs/run 1/manifest.json' --index "
          "\"$SLURM_ARRAY_TASK_ID\"\n"})
        EXPECT_NE(text.find(line), std::string::npos) << line;
    SbatchSettings bare;
    bare.program = "vernier-cli";
    bare.manifest = "m.json";
    const std::string minimal = sbatchScript(bare);
    EXPECT_NE(minimal.find("#SBATCH --array=0-0\n"), std::string::npos);
    EXPECT_EQ(minimal.find("--partition"), std::string::npos);
}
