// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Rescoring engine: isolation (a crashing and a hanging worker mark only their trial), cache hits,
// invalidation by content and scorer identity, atomic cache files, cancellation, mismatch listing.
// The worker is a small shell script speaking the engine's JSON-lines protocol; the worker's reference
// cache is tested on the real `vernier-cli rescore-worker` with the FreeCAD fixtures.
#include <gtest/gtest.h>

#include <QCryptographicHash>
#include <QProcess>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "models/bundle_builder.h"
#include "models/result_set.h"
#include "worker/rescoring.h"
#include "worker/worker_loop.h"

namespace fs = std::filesystem;
using namespace vernier;
using namespace vernier::test;

namespace {

// Answers reward 0.25 to every job; dies of SIGSEGV on a job whose files mention "crash"; hangs on "hang";
// prints garbage on "garbage". It counts the jobs it answered in $COUNT_FILE and logs "<pid> <task id>
// <reference sha256>" per job in $TASK_LOG; with $JOB_SECONDS it takes that long per job.
const char* kFakeWorker = R"(#!/bin/bash
while IFS= read -r line; do
  [[ $line =~ \"id\":([0-9]+) ]] && id=${BASH_REMATCH[1]}
  if [[ -n $TASK_LOG && $line =~ \"task_id\":\"([^\"]+)\" ]]; then
    task=${BASH_REMATCH[1]}; [[ $line =~ \"sha256\":\"([0-9a-f]+)\" ]] && echo "$$ $task ${BASH_REMATCH[1]}" >> "$TASK_LOG"
  fi
  if [[ $line == *crash* ]]; then echo "boom: simulated OCCT crash" >&2; kill -SEGV $$; fi
  if [[ $line == *hang* ]]; then exec sleep 600; fi
  if [[ $line == *garbage* ]]; then echo "not json"; continue; fi
  [[ -n $COUNT_FILE ]] && echo x >> "$COUNT_FILE"
  [[ -n $JOB_SECONDS ]] && sleep "$JOB_SECONDS"
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
            // Distinct documents: the cache is keyed by content, so equal files would share an entry.
            writeFile(dir / ("job/" + name + "/artifacts/app/answer.FCStd"), "document of " + name);
        }
        set = importResults({dir / "job"}, dir / "pack");
        worker = dir / "fake-worker.sh";
        writeFile(worker, kFakeWorker);
        fs::permissions(worker, fs::perms::owner_all);
    }

    RescoreOptions options(double timeout = 2.0) const {
        RescoreOptions o;
        o.workers = 2;
        o.timeoutSeconds = timeout;
        o.workerProgram = worker;
        o.workerArguments = {};
        o.cacheDirectory = dir / "cache";
        o.scorerIdentity = "test-scorer r1";
        return o;
    }

    std::vector<TrialId> all() const {
        std::vector<TrialId> v;
        for (const TrialRecord& t : set.trials)
            v.push_back(t.id());
        return v;
    }

    const RescoredResult& resultOf(const RescoreResults& rs, const std::string& name) {
        for (const auto& [t, r] : rs)
            if (set.find(t) && set.find(t)->trialName == name) return r;
        throw std::runtime_error("no result for " + name);
    }
};

} // namespace

TEST(Rescoring, CrashAndHangAffectOnlyTheirTrial) {
    Fixture f({"task-a__1", "task-a__crash", "task-a__2", "task-a__hang", "task-a__3", "task-a__garbage",
               "task-a__4"});
    RescoreEngine engine(f.options(1.0));
    std::vector<RescoreProgress> seen;
    auto results = engine.run(f.set, f.all(), [&](const RescoreProgress& p) { seen.push_back(p); });
    ASSERT_EQ(results.size(), 7u);
    for (const char* ok : {"task-a__1", "task-a__2", "task-a__3", "task-a__4"}) {
        const RescoredResult& r = f.resultOf(results, ok);
        EXPECT_FALSE(r.scorerCrash) << ok << ": " << r.error;
        EXPECT_DOUBLE_EQ(r.reward.value_or(-1), 0.25) << ok;
        EXPECT_DOUBLE_EQ(r.single.geometry.value_or(-1), 0.5);
    }
    const RescoredResult& crash = f.resultOf(results, "task-a__crash");
    EXPECT_TRUE(crash.scorerCrash);
    EXPECT_EQ(crash.error, "scorer worker crashed: boom: simulated OCCT crash");
    const RescoredResult& hang = f.resultOf(results, "task-a__hang");
    EXPECT_TRUE(hang.scorerCrash);
    EXPECT_EQ(hang.error, "timeout after 1 s");
    EXPECT_NE(f.resultOf(results, "task-a__garbage").error.find("garbage"), std::string::npos);
    ASSERT_EQ(seen.size(), 7u);
    EXPECT_EQ(seen.back().done, 7);
    EXPECT_EQ(seen.back().crashed, 3);

    applyRescored(f.set, results);
    f.set.setPreferRescored(true); // recorded rewards are the default; classify the rescored ones
    for (const auto& t : f.set.trials) {
        if (t.trialName == "task-a__crash" || t.trialName == "task-a__hang") {
            EXPECT_EQ(t.zero.category, ZeroCategory::ScorerCrash);
        } else if (t.trialName != "task-a__garbage") {
            EXPECT_EQ(t.zero.category, ZeroCategory::None);
        }
    }
    // Every successful rescore differs from the recorded 0.5; crashes (no reward) differ too.
    EXPECT_EQ(rescoreMismatches(f.set).size(), 7u);
    EXPECT_EQ(rescoreMismatches(f.set, 0.3).size(), 3u);
}

TEST(Rescoring, CacheHitsAndInvalidation) {
    Fixture f({"task-a__1", "task-a__2", "task-a__crash"});
    const std::string counter = f.dir / "count";
    setenv("COUNT_FILE", counter.c_str(), 1);
    auto answered = [&] { return readFile(counter).size() / 2; };

    auto first = RescoreEngine(f.options()).run(f.set, f.all());
    EXPECT_EQ(answered(), 2u);
    RescoreProgress last;
    auto second = RescoreEngine(f.options()).run(f.set, f.all(), [&](const RescoreProgress& p) { last = p; });
    EXPECT_EQ(answered(), 2u); // both successes came from the cache; the crash is not cached
    EXPECT_EQ(last.fromCache, 2);
    EXPECT_TRUE(f.resultOf(second, "task-a__1").fromCache);
    EXPECT_DOUBLE_EQ(*f.resultOf(second, "task-a__1").reward, 0.25);
    EXPECT_TRUE(f.resultOf(second, "task-a__crash").scorerCrash);

    // A different scorer identity invalidates every entry.
    RescoreOptions other = f.options();
    other.scorerIdentity = "test-scorer r2";
    RescoreEngine(other).run(f.set, f.all());
    EXPECT_EQ(answered(), 4u);

    // Changed candidate bytes invalidate that trial only.
    writeFile(f.dir / "job/task-a__1/artifacts/app/answer.FCStd", "changed document");
    RescoreEngine(f.options()).run(f.set, f.all());
    EXPECT_EQ(answered(), 5u);
    // So does a changed reference (every trial of the task).
    writeFile(f.dir / "pack/task-a/tests/reference.FCStd", "changed reference");
    RescoreEngine(f.options()).run(f.set, f.all());
    EXPECT_EQ(answered(), 7u);
    unsetenv("COUNT_FILE");
}

TEST(Rescoring, CacheFilesAreCompleteAndDamageIsAMiss) {
    Fixture f({"task-a__1"});
    RescoreEngine(f.options()).run(f.set, f.all());
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(f.dir / "cache"))
        if (e.is_regular_file()) files.push_back(e.path());
    ASSERT_EQ(files.size(), 1u); // no temporary leftovers beside the entry
    EXPECT_EQ(files[0].extension(), ".json");
    const std::string key = files[0].stem().string();
    RescoreCache cache(f.dir / "cache");
    auto hit = cache.load(key);
    ASSERT_TRUE(hit.has_value());
    EXPECT_DOUBLE_EQ(*hit->reward, 0.25);
    writeFile(files[0].string(), "{\"id\": 0, \"rew"); // a torn write from elsewhere
    EXPECT_FALSE(cache.load(key).has_value());
    // The key is the documents' content hash: the same job gives the same key.
    auto job = makeRescoreJob(f.set, f.set.trials[0].id());
    ASSERT_TRUE(job.has_value());
    EXPECT_EQ(RescoreCache::key(*job, "test-scorer r1"), key);
    EXPECT_NE(RescoreCache::key(*job, "test-scorer r2"), key);
}

TEST(Rescoring, NothingIsWrittenInsideTheBundle) {
    Fixture f({"task-a__1", "task-a__2"});
    auto count = [&] { return std::distance(fs::recursive_directory_iterator(f.dir / "job"), {}); };
    auto before = count();
    RescoreEngine(f.options()).run(f.set, f.all());
    EXPECT_EQ(count(), before);
}

// Results are cached beside the bundle, not inside it (docs/contract.md §5):
// "<bundle>.vernier-cache/rescore".
TEST(Rescoring, ResultsAreCachedBesideTheBundle) {
    unsetenv("VERNIER_CACHE_DIR");
    Fixture f({"task-a__1", "task-a__2"});
    RescoreOptions o = f.options();
    o.cacheDirectory.clear(); // the default: beside each trial's bundle
    auto count = [&] { return std::distance(fs::recursive_directory_iterator(f.dir / "job"), {}); };
    const auto before = count();
    RescoreEngine(o).run(f.set, f.all());
    EXPECT_EQ(count(), before);
    const std::string beside = f.dir / "job.vernier-cache/rescore";
    EXPECT_EQ(RescoreCache::directoryFor(f.dir / "job"), beside);
    EXPECT_EQ(RescoreCache::directoryFor(f.dir / "job/"), beside);
    std::size_t entries = 0;
    for (const auto& e : fs::recursive_directory_iterator(beside))
        entries += e.path().extension() == ".json";
    EXPECT_EQ(entries, 2u);
    // A second run is served from there.
    RescoreProgress last;
    RescoreEngine(o).run(f.set, f.all(), [&](const RescoreProgress& p) { last = p; });
    EXPECT_EQ(last.fromCache, 2);
}

TEST(Rescoring, AnUnwritablePlaceBesideTheBundleFallsBackToTheUserCache) {
    unsetenv("VERNIER_CACHE_DIR");
    // Nothing can be created in /proc, whoever runs the test (root included).
    EXPECT_EQ(RescoreCache::directoryFor("/proc/some-bundle.zip"), RescoreCache::defaultDirectory());
    TempDir d;
    setenv("VERNIER_CACHE_DIR", (d / "mine").c_str(), 1);
    EXPECT_EQ(RescoreCache::directoryFor(d / "bundle"), d / "mine/rescore");
    EXPECT_FALSE(fs::exists(d / "bundle.vernier-cache"));
    unsetenv("VERNIER_CACHE_DIR");
}

TEST(Rescoring, CancelStopsTheRun) {
    Fixture f({"task-a__1", "task-a__2", "task-a__3", "task-a__4", "task-a__5", "task-a__6"});
    RescoreOptions o = f.options();
    o.workers = 1;
    o.useCache = false;
    RescoreEngine engine(o);
    auto results = engine.run(f.set, f.all(), [&](const RescoreProgress& p) {
        if (p.done == 2) engine.cancel();
    });
    EXPECT_TRUE(engine.cancelled());
    EXPECT_EQ(results.size(), 2u);
}

TEST(Rescoring, MissingWorkerIsACrashNotAHang) {
    Fixture f({"task-a__1"});
    RescoreOptions o = f.options();
    o.workerProgram = f.dir / "no-such-worker";
    auto results = RescoreEngine(o).run(f.set, f.all());
    ASSERT_EQ(results.size(), 1u);
    EXPECT_TRUE(results[0].second.scorerCrash);
    EXPECT_NE(results[0].second.error.find("could not be started"), std::string::npos);
}

namespace {

std::string sha256Hex(const std::string& bytes) {
    return QCryptographicHash::hash(QByteArray::fromStdString(bytes), QCryptographicHash::Sha256)
        .toHex()
        .toStdString();
}

} // namespace

// Each worker takes a whole task, and an idle worker joins a task still being scored, so no worker idles
// while another finishes a big task; each job names its reference's content hash, the key under which a
// worker process keeps a measured reference.
TEST(Rescoring, TrialsAreHandedOutOneAtATimeWithTheirReferenceHash) {
    Fixture f({"task-a__1", "task-b__1", "task-a__2", "task-c__1", "task-b__2", "task-a__3", "task-c__2",
               "task-b__3", "task-a__4"});
    const std::string log = f.dir / "tasks.log";
    setenv("TASK_LOG", log.c_str(), 1);
    // Jobs that take a while, as real ones do: a worker answering at once could finish all nine before the
    // second one has started on a busy machine (1 run in 5 with two fuzzers on the cores).
    setenv("JOB_SECONDS", "0.05", 1);
    RescoreOptions o = f.options();
    o.useCache = false;
    auto results = RescoreEngine(o).run(f.set, f.all());
    unsetenv("TASK_LOG");
    unsetenv("JOB_SECONDS");
    ASSERT_EQ(results.size(), 9u);
    for (const auto& [t, r] : results)
        EXPECT_DOUBLE_EQ(r.reward.value_or(-1), 0.25);
    std::map<std::string, std::set<std::string>> pidsOfTask;
    std::set<std::string> pids;
    std::istringstream in(readFile(log));
    std::string pid, task, sha;
    int jobs = 0;
    while (in >> pid >> task >> sha) {
        pidsOfTask[task].insert(pid);
        pids.insert(pid);
        // The job names the reference's content hash, the worker's cache key.
        EXPECT_EQ(sha, sha256Hex("bytes of tests/reference.FCStd"));
        ++jobs;
    }
    EXPECT_EQ(jobs, 9);
    ASSERT_EQ(pidsOfTask.size(), 3u);
    for (const auto& [t, p] : pidsOfTask)
        EXPECT_LE(p.size(), 2u) << t;
    EXPECT_EQ(pids.size(), 2u); // both workers were used
}

// A task's trials stay with one worker process (which measures its reference once) while there are untaken
// tasks: two tasks of four trials and two workers: each worker starts on its own task, and only the worker
// that finishes first may join the other's last trials (at most one task is shared), where handing out single
// trials from one queue had both workers measure both references.
TEST(Rescoring, EachWorkerTakesAWholeTaskFirst) {
    Fixture f({"task-a__1", "task-a__2", "task-a__3", "task-a__4", "task-b__1", "task-b__2", "task-b__3",
               "task-b__4"});
    const std::string log = f.dir / "tasks.log";
    setenv("TASK_LOG", log.c_str(), 1);
    // Jobs that take a while, as in the test above: at once, one worker could take every job before the other
    // had started (seen 2026-12-08 with a fuzzer on a core: one worker's pid in the log).
    setenv("JOB_SECONDS", "0.05", 1);
    RescoreOptions o = f.options();
    o.useCache = false;
    auto results = RescoreEngine(o).run(f.set, f.all());
    unsetenv("TASK_LOG");
    unsetenv("JOB_SECONDS");
    ASSERT_EQ(results.size(), 8u);
    for (const auto& [t, r] : results)
        EXPECT_DOUBLE_EQ(r.reward.value_or(-1), 0.25);
    std::map<std::string, std::set<std::string>> pidsOfTask;
    std::map<std::string, std::string> firstTaskOf; // pid -> the task of its first job
    std::istringstream in(readFile(log));
    std::string pid, task, sha;
    int jobs = 0;
    while (in >> pid >> task >> sha) {
        pidsOfTask[task].insert(pid);
        firstTaskOf.try_emplace(pid, task);
        ++jobs;
    }
    EXPECT_EQ(jobs, 8);
    ASSERT_EQ(pidsOfTask.size(), 2u);
    ASSERT_EQ(firstTaskOf.size(), 2u); // both workers were used
    EXPECT_NE(firstTaskOf.begin()->second, std::next(firstTaskOf.begin())->second);
    EXPECT_LE(pidsOfTask["task-a"].size() + pidsOfTask["task-b"].size(), 3u);
}

namespace {

// The real worker: one process, jobs sent one at a time so the files can change between them.
struct RealWorker {
    QProcess proc;
    RealWorker() {
        proc.start(QString::fromStdString(std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli"),
                   {"rescore-worker"});
        EXPECT_TRUE(proc.waitForStarted(10000));
    }
    ~RealWorker() {
        proc.closeWriteChannel();
        if (!proc.waitForFinished(5000)) proc.kill();
    }
    RescoredResult ask(const nlohmann::json& job) {
        proc.write(QByteArray::fromStdString(job.dump() + "\n"));
        while (!proc.canReadLine())
            if (!proc.waitForReadyRead(60000)) throw std::runtime_error("worker did not answer");
        long long id = -1;
        RescoredResult r = rescoredResultFromJson(proc.readLine().trimmed().toStdString(), &id);
        EXPECT_EQ(id, job["id"].get<long long>());
        return r;
    }
};

nlohmann::json creationJob(long long id, const nlohmann::json& reference, const std::string& candidate) {
    return {{"id", id},
            {"task_id", "t"},
            {"workflow", "creation"},
            {"reference", reference},
            {"candidate", {{"path", candidate}}}};
}

const std::string kFcstd = std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/";

} // namespace

TEST(RescoreWorker, ReferenceCacheIsKeyedByContentHashElsePath) {
    TempDir dir;
    const std::string bytes = readFile(kFcstd + "box_additive.FCStd");
    const std::string refA = dir / "a/reference.FCStd";
    const std::string refB = dir / "b/reference.FCStd";
    writeFile(refA, bytes);
    RealWorker w;
    RescoredResult first =
        w.ask(creationJob(1, {{"path", refA}, {"sha256", sha256Hex(bytes)}}, kFcstd + "box_additive.FCStd"));
    ASSERT_FALSE(first.scorerCrash) << first.error;
    EXPECT_NEAR(first.single.geometry.value_or(-1), 1.0, 1e-9); // the same document on both sides
    fs::remove(refA);
    // Another path with the same content hash: measured already, the file is not read again.
    RescoredResult again =
        w.ask(creationJob(2, {{"path", refB}, {"sha256", sha256Hex(bytes)}}, kFcstd + "box_additive.FCStd"));
    ASSERT_FALSE(again.scorerCrash) << again.error;
    EXPECT_EQ(again.reward, first.reward);
    // An old job without the hash is keyed by its path: refB has never been read and does not exist.
    RescoredResult old = w.ask(creationJob(3, {{"path", refB}}, kFcstd + "box_additive.FCStd"));
    EXPECT_TRUE(old.scorerCrash);
    EXPECT_FALSE(old.reward.has_value());
}

TEST(RescoreWorker, ReferenceFailureIsRememberedForTheTask) {
    TempDir dir;
    const std::string ref = dir / "reference.FCStd";
    writeFile(ref, "this is not a zip archive");
    const nlohmann::json refJson = {{"path", ref}, {"sha256", sha256Hex("this is not a zip archive")}};
    RealWorker w;
    RescoredResult first = w.ask(creationJob(1, refJson, kFcstd + "box_additive.FCStd"));
    ASSERT_TRUE(first.scorerCrash);
    ASSERT_FALSE(first.error.empty());
    // Replaced by a readable document: the remembered failure still answers (the file is not re-read).
    writeFile(ref, readFile(kFcstd + "box_additive.FCStd"));
    for (long long id : {2, 3}) {
        RescoredResult r = w.ask(creationJob(id, refJson, kFcstd + "cylinder.FCStd"));
        EXPECT_TRUE(r.scorerCrash);
        EXPECT_EQ(r.error, first.error);
    }
}

TEST(Rescoring, ProtocolRoundTrip) {
    Fixture f({"task-a__1"});
    auto job = makeRescoreJob(f.set, f.set.trials[0].id());
    ASSERT_TRUE(job);
    long long id = 0;
    RescoreJob back = rescoreJobFromJson(rescoreJobToJson(*job, 42), &id);
    EXPECT_EQ(id, 42);
    EXPECT_EQ(back.taskId, "task-a");
    EXPECT_EQ(back.workflow, Workflow::Creation);
    EXPECT_EQ(back.candidate.path(), job->candidate.path());
    EXPECT_EQ(back.reference.readAll(), "bytes of tests/reference.FCStd");
    EXPECT_TRUE(back.candidateBase.empty());
    EXPECT_TRUE(back.referenceHash.empty()); // an old job: the worker keys the reference by its path
    job->referenceHash = "ab12";
    job->referenceEditHash = "cd34"; // no reference_edit file: nothing to carry it
    back = rescoreJobFromJson(rescoreJobToJson(*job, 43), &id);
    EXPECT_EQ(back.referenceHash, "ab12");
    EXPECT_TRUE(back.referenceEditHash.empty());

    RescoredResult r;
    r.reward = 0.4;
    r.base = StageScores{0.5, 0.4, 0.444, "g", "s", "bbox"};
    RescoredResult rb = rescoredResultFromJson(rescoredResultToJson(r, 7), &id);
    EXPECT_EQ(id, 7);
    EXPECT_DOUBLE_EQ(*rb.reward, 0.4);
    ASSERT_TRUE(rb.base);
    EXPECT_EQ(rb.base->gate, "bbox");
    EXPECT_FALSE(rb.scorerCrash);
}

// Results are named by TrialId: they land on the same trial of a later import that has more bundles (so
// other row numbers), and a result for a trial the set does not hold is never applied to another one.
TEST(Rescoring, ResultsFollowTheTrialIdentityIntoAnotherImport) {
    Fixture f({"task-a__1", "task-a__2"});
    auto results = RescoreEngine(f.options()).run(f.set, f.all());
    ASSERT_EQ(results.size(), 2u);
    // A second bundle imported before the first: every trial of the first moves down two rows.
    for (const char* name : {"task-a__x", "task-a__y"}) {
        TrialSpec s;
        s.trialName = name;
        s.agent = "other-agent";
        writeHarborTrial(f.dir / "job0", s, R"({"reward": 0.9})", "", {"answer.FCStd"});
    }
    ResultSet both = importResults({f.dir / "job0", f.dir / "job"}, f.dir / "pack");
    ASSERT_EQ(both.trials.size(), 4u);
    const TrialId first = f.set.trials[0].id();
    ASSERT_TRUE(both.indexOf(first).has_value());
    EXPECT_NE(*both.indexOf(first), 0u);
    EXPECT_EQ(applyRescored(both, results), 2u);
    for (const TrialRecord& t : both.trials) {
        if (t.bundle == std::string(f.dir / "job")) {
            ASSERT_TRUE(t.rescored) << t.trialName;
            EXPECT_DOUBLE_EQ(t.rescored->reward.value_or(-1), 0.25);
        } else {
            EXPECT_FALSE(t.rescored) << t.trialName; // the other bundle's trials get nothing
        }
    }
    // A set without the first bundle: nothing applies, nothing moves onto the remaining trials.
    ResultSet other = importResults({f.dir / "job0"}, f.dir / "pack");
    EXPECT_EQ(applyRescored(other, results), 0u);
    for (const TrialRecord& t : other.trials)
        EXPECT_FALSE(t.rescored);
    // Mismatches name trials by identity too.
    for (const RescoreMismatch& m : rescoreMismatches(both))
        EXPECT_EQ(both.find(m.trial)->bundle, std::string(f.dir / "job"));
}

TEST(Rescoring, TrialIdIsTheFolderInsideTheBundle) {
    Fixture f({"task-a__1"});
    const TrialId id = f.set.trials[0].id();
    EXPECT_EQ(id.bundle, std::string(f.dir / "job"));
    EXPECT_EQ(id.path, "task-a__1");
    EXPECT_EQ(id.display(), "job:task-a__1");
    EXPECT_EQ(TrialId::fromKey(id.key()), id);
    EXPECT_FALSE(f.set.indexOf(TrialId{id.bundle, "task-a__2"}).has_value());
    std::string why;
    EXPECT_FALSE(makeRescoreJob(f.set, TrialId{"elsewhere", "task-a__1"}, &why).has_value());
    EXPECT_EQ(why, "trial elsewhere:task-a__1 is not in the results");
    // A trial that is not in the set is answered with a reason, not dropped and not scored.
    auto results = RescoreEngine(f.options()).run(f.set, {TrialId{"elsewhere", "task-a__1"}});
    ASSERT_EQ(results.size(), 1u);
    EXPECT_TRUE(results[0].second.scorerCrash);
    EXPECT_EQ(results[0].second.error, why);
}

// The worker loop in process: one answer line per job line, in order; a bad line or a throwing scorer is
// that job's error and the loop goes on.
TEST(RescoreWorkerLoop, AnswersEachLineAndSurvivesErrors) {
    Fixture f({"task-a__1"});
    auto job = makeRescoreJob(f.set, f.set.trials[0].id());
    ASSERT_TRUE(job);
    std::istringstream in(rescoreJobToJson(*job, 5) + "\n\nnot json\n" + rescoreJobToJson(*job, 6) + "\n" +
                          std::string(kMaxRescoreJobLine + 1, 'x') + "\n");
    std::ostringstream out;
    int calls = 0;
    const int rc = runRescoreWorkerLoop(
        in, out,
        [&](const RescoreJob& j) {
            ++calls;
            if (calls == 2) throw std::runtime_error("measurement failed");
            RescoredResult r;
            r.reward = 0.75;
            r.single.geometry = 0.5;
            EXPECT_EQ(j.taskId, "task-a");
            return r;
        },
        "loop-test r1");
    EXPECT_EQ(rc, 0);
    EXPECT_EQ(calls, 2);
    std::istringstream answers(out.str());
    std::vector<std::pair<long long, RescoredResult>> got;
    for (std::string line; std::getline(answers, line);) {
        long long id = -2;
        RescoredResult r = rescoredResultFromJson(line, &id);
        got.emplace_back(id, r);
    }
    ASSERT_EQ(got.size(), 4u); // the empty line is skipped
    EXPECT_EQ(got[0].first, 5);
    EXPECT_DOUBLE_EQ(got[0].second.reward.value_or(-1), 0.75);
    EXPECT_EQ(got[1].first, -1); // not JSON: no id to answer to
    EXPECT_TRUE(got[1].second.scorerCrash);
    EXPECT_EQ(got[1].second.scorerIdentity, "loop-test r1");
    EXPECT_EQ(got[2].first, 6);
    EXPECT_TRUE(got[2].second.scorerCrash);
    EXPECT_EQ(got[2].second.error, "measurement failed");
    EXPECT_TRUE(got[3].second.scorerCrash);
    EXPECT_EQ(got[3].second.error, "job line too long");
}

namespace {

// Every answer line of `program rescore-worker` fed `input` on stdin until it ends.
std::string answersOf(const std::string& program, const std::string& input) {
    QProcess p;
    p.start(QString::fromStdString(program), {"rescore-worker"});
    EXPECT_TRUE(p.waitForStarted(10000)) << program;
    p.write(QByteArray::fromStdString(input));
    p.closeWriteChannel();
    EXPECT_TRUE(p.waitForFinished(120000)) << program;
    EXPECT_EQ(p.exitCode(), 0) << program;
    return p.readAllStandardOutput().toStdString();
}

} // namespace

// The lean vernier-rescore-worker (no GUI libraries; what RescoreEngine starts when it is beside the running
// executable) and `vernier-cli rescore-worker` are the same loop around the same scorer: byte-identical
// answers for the same jobs, a failed reference and a line that is not JSON included.
TEST(RescoreWorker, LeanWorkerAnswersAsVernierCliDoes) {
    const std::string bin = std::string(VERNIER_BINARY_DIR) + "/bin/";
    ASSERT_TRUE(fs::exists(bin + "vernier-rescore-worker")) << "built with vernier-cli";
    TempDir dir;
    const std::string broken = dir / "reference.FCStd";
    writeFile(broken, "this is not a zip archive");
    std::string input;
    input += creationJob(1, {{"path", kFcstd + "box_additive.FCStd"}}, kFcstd + "box_additive.FCStd").dump() +
             "\n";
    input +=
        creationJob(2, {{"path", kFcstd + "box_additive.FCStd"}}, kFcstd + "box_rotated.FCStd").dump() + "\n";
    input +=
        creationJob(3, {{"path", kFcstd + "plate_hole.FCStd"}}, kFcstd + "plate_hole_moved.FCStd").dump() +
        "\n";
    input +=
        creationJob(4, {{"path", kFcstd + "cylinder.FCStd"}}, kFcstd + "plate_no_hole.FCStd").dump() + "\n";
    input += creationJob(5, {{"path", broken}}, kFcstd + "box_additive.FCStd").dump() + "\n";
    input += "not json\n";
    const std::string lean = answersOf(bin + "vernier-rescore-worker", input);
    const std::string cli = answersOf(bin + "vernier-cli", input);
    EXPECT_EQ(lean, cli);
    std::istringstream in(lean);
    std::vector<std::pair<long long, RescoredResult>> got;
    for (std::string line; std::getline(in, line);) {
        long long id = -2;
        got.emplace_back(0, rescoredResultFromJson(line, &id));
        got.back().first = id;
    }
    ASSERT_EQ(got.size(), 6u);
    EXPECT_EQ(got[0].first, 1);
    EXPECT_NEAR(got[0].second.single.geometry.value_or(-1), 1.0, 1e-9); // the same document on both sides
    EXPECT_TRUE(got[4].second.scorerCrash);
    EXPECT_EQ(got[5].first, -1);
    EXPECT_TRUE(got[5].second.scorerCrash);
}

// The lean worker takes no other argument (one-line reason, exit 2), and RescoreEngine prefers it only when
// it is beside the running executable (a test binary in tests/bin falls back to vernier-cli).
TEST(RescoreWorker, LeanWorkerRefusesOtherArguments) {
    QProcess p;
    p.start(QString::fromStdString(std::string(VERNIER_BINARY_DIR) + "/bin/vernier-rescore-worker"),
            {"--bogus"});
    ASSERT_TRUE(p.waitForFinished(10000));
    EXPECT_EQ(p.exitCode(), 2);
    EXPECT_NE(p.readAllStandardError().indexOf("usage: vernier-rescore-worker"), -1);
    EXPECT_EQ(fs::path(RescoreEngine::defaultScoringWorker()).filename(), "vernier-cli");
}
