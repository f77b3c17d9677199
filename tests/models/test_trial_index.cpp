// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The trial index (models/trial_index.h, docs/index.md): an import with the index gives exactly the result
// set an import without it gives (every field of every trial, the problems, the bundle facts), for the
// sample, the Harbor fixtures, the ablation fixture and a zip; a changed, added or removed trial folder is
// picked up, and a changed one rewrites only its own row; a corrupt, foreign or other-version index file is
// ignored and rebuilt.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>

#include <nlohmann/json.hpp>

#include "bundle_builder.h"
#include "models/provenance_json.h"
#include "models/result_set.h"
#include "models/trial_index.h"
#include "support/fixture_paths.h"

namespace fs = std::filesystem;
using namespace vernier;
using namespace vernier::test;

namespace {

using fixtures::kHarbor;
const std::string& kPack = fixtures::kHarborPack;
using fixtures::kSamplePack;
using fixtures::kSampleResults;

// Every field of a trial, written out by hand (not with the index's own encoder, which it checks).
std::string describe(const TrialRecord& t) {
    std::ostringstream o;
    o.precision(17);
    auto opt = [&](const char* name, const auto& v) {
        o << name << '=';
        if (v)
            o << *v;
        else
            o << "null";
        o << '\n';
    };
    auto ref = [&](const char* name, const FileRef& r) {
        o << name << '=' << r.display() << '|' << r.isInZip() << '|' << r.container() << '\n';
    };
    auto stage = [&](const char* name, const StageScores& s) {
        o << name << ":\n";
        opt(" geometry", s.geometry);
        opt(" spec", s.spec);
        opt(" combined", s.combined);
        o << " reasons=" << s.geometryReason << '|' << s.specReason << "|gate=" << s.gate << '\n';
    };
    auto tokens = [&](const TokenCounts& k) {
        opt("in", k.input);
        opt("cache", k.cache);
        opt("out", k.output);
    };
    o << "system=" << t.system.agent << '|' << t.system.model << '|' << t.system.variant << '\n'
      << "task=" << t.taskId << '|' << t.taskName << '|' << t.trialName << '|' << t.taskIndex << '\n'
      << "bundle=" << t.bundle << '|' << t.bundleKind << '|' << t.trialPath << '\n';
    ref("answer", t.answer);
    ref("answerBase", t.answerBase);
    ref("answerEdit", t.answerEdit);
    ref("answerPy", t.answerPy);
    ref("trajectory", t.trajectory);
    ref("resultJson", t.resultJson);
    ref("agentLog", t.agentLog);
    opt("startedAt", t.startedAt);
    opt("finishedAt", t.finishedAt);
    opt("agentStartedAt", t.agentStartedAt);
    opt("agentFinishedAt", t.agentFinishedAt);
    opt("cost", t.costUsd);
    tokens(t.tokens);
    o << "usage=" << t.usageSource << '\n'
      << "run=" << t.run.agentVersion << '|' << t.run.modelProvider << '|' << t.run.modelName << '|'
      << t.run.jobId << '|' << t.run.source << '\n';
    for (const auto& [k, v] : t.run.agentKwargs)
        o << " kw " << k << '=' << v << '\n';
    for (const auto& s : t.steps) {
        o << "step " << s.name << '|' << s.dir << '|' << s.hasVerifierResult << '|' << s.exceptionType << '|'
          << s.exceptionMessage << '|' << s.stage << '|' << s.stageBasis << '\n';
        opt(" cost", s.costUsd);
        tokens(s.tokens);
        opt(" as", s.agentStartedAt);
        opt(" af", s.agentFinishedAt);
        opt(" vs", s.verifierStartedAt);
        opt(" vf", s.verifierFinishedAt);
        for (const auto& [k, v] : s.rewards)
            o << " r " << k << '=' << v << '\n';
    }
    o << "strategy=" << t.rewardStrategy << '|' << t.rewardStrategyBasis << '|' << t.rewardComputedFromSteps
      << '|' << t.stoppedAtStep << '|' << t.stopReason << '|' << t.exceptionStep << '\n';
    for (const auto& [k, v] : t.rewardKeys)
        o << "key " << k << '=' << v << '\n';
    for (const auto& a : t.artifactProblems)
        o << "artifact " << a << '\n';
    opt("reward", t.recordedReward);
    o << "details=" << t.recordedDetails.present << '\n';
    stage("single", t.recordedDetails.single);
    if (t.recordedDetails.base) stage("base", *t.recordedDetails.base);
    if (t.recordedDetails.target) stage("target", *t.recordedDetails.target);
    o << "exception=" << t.exceptionType << '|' << t.exceptionMessage << '\n'
      << "loadError=" << t.loadError << '\n';
    for (const auto& w : t.warnings)
        o << "warning " << w << '\n';
    o << "rescored=" << t.rescored.has_value() << '\n'
      << "zero=" << static_cast<int>(t.zero.category) << '|' << t.zero.gate << '|' << t.zero.reason << '\n';
    return o.str();
}

std::string describe(const ResultSet& s) {
    std::ostringstream o;
    for (const auto& t : s.trials)
        o << describe(t) << "----\n";
    for (const auto& p : s.problems)
        o << "problem " << p.path << '|' << p.reason << '|' << p.trial << '\n';
    for (const auto& sys : s.systems)
        o << "system " << sys.label() << '\n';
    for (const auto& b : s.bundleInfo) {
        o << "bundle " << b.path << '|' << b.trials << '|' << b.jobs;
        for (const auto& v : b.harborVersions)
            o << '|' << v;
        o << '\n';
    }
    o << "bundles";
    for (const auto& b : s.bundles)
        o << '|' << b;
    o << "\nsubmissions=" << s.submissions.size() << '\n';
    return o.str();
}

ResultSet importWith(const std::vector<std::string>& bundles, const std::string& pack, bool index) {
    ImportOptions o;
    o.useIndex = index;
    return importResults(bundles, pack, o);
}

// Each test keeps its indexes in its own cache directory ($VERNIER_CACHE_DIR wins, docs/index.md).
class TrialIndex : public ::testing::Test {
protected:
    void SetUp() override { ::setenv("VERNIER_CACHE_DIR", (dir_ / "cache").c_str(), 1); }
    void TearDown() override { ::unsetenv("VERNIER_CACHE_DIR"); }
    // A copy of the Harbor fixture `name` as <dir>/job, imported once so that its index is at indexFile();
    // `out` gets its trials.
    std::string indexedCopy(const std::string& name, std::vector<TrialRecord>& out) {
        const std::string job = dir_ / "job";
        fs::copy(kHarbor + "/" + name, job, fs::copy_options::recursive);
        std::vector<ImportProblem> problems;
        const IndexedImport r = importBundleIndexed(job, out, problems, {}, nullptr, indexFile());
        EXPECT_TRUE(r.written) << r.writeError;
        return job;
    }
    std::string indexFile() const { return dir_ / "index.sqlite"; }
    // The next open of `job` reads indexFile() alone, and gives what a plain import gives.
    void expectReopenFromIndexAsPlainImport(const std::string& job) {
        std::vector<TrialRecord> out;
        std::vector<ImportProblem> problems;
        EXPECT_EQ(importBundleIndexed(job, out, problems, {}, nullptr, indexFile()).state, IndexState::Used);
        EXPECT_EQ(describe(importWith({job}, kPack, true)), describe(importWith({job}, kPack, false)));
    }
    TempDir dir_;
};

// Without the index, building it, and reading it back: three identical sets.
void expectIdentical(const std::vector<std::string>& bundles, const std::string& pack) {
    const ResultSet plain = importWith(bundles, pack, false);
    ASSERT_FALSE(plain.trials.empty());
    const ResultSet first = importWith(bundles, pack, true); // writes the index
    for (const auto& b : bundles)
        EXPECT_TRUE(fs::exists(trialIndexPathFor(b))) << b;
    const ResultSet reopened = importWith(bundles, pack, true); // reads it
    const std::string expected = describe(plain);
    EXPECT_EQ(describe(first), expected);
    EXPECT_EQ(describe(reopened), expected);
}

void copyTree(const std::string& from, const std::string& to) {
    fs::copy(from, to, fs::copy_options::recursive);
}

// Sets the recorded reward of the trial folder `dir` to `reward`, rewriting its files in place as a verifier
// would: verifier/reward.json when it has one, and result.json's verifier_result.rewards.
void rewriteReward(const fs::path& dir, double reward) {
    auto j = nlohmann::json::parse(readFile((dir / "result.json").string()));
    j["verifier_result"]["rewards"]["reward"] = reward;
    std::ofstream(dir / "result.json", std::ios::trunc) << j.dump(4);
    if (fs::exists(dir / "verifier/reward.json")) {
        auto r = nlohmann::json::parse(readFile((dir / "verifier/reward.json").string()));
        r["reward"] = reward;
        std::ofstream(dir / "verifier/reward.json", std::ios::trunc) << r.dump();
    }
}

void setPragma(const std::string& db, const std::string& sql) {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(h, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(h);
}

std::string queryText(const std::string& db, const std::string& sql) {
    sqlite3* h = nullptr;
    std::string out;
    if (sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(h, sql.c_str(), -1, &s, nullptr) == SQLITE_OK) {
            while (sqlite3_step(s) == SQLITE_ROW) {
                for (int c = 0; c < sqlite3_column_count(s); ++c) {
                    const auto* v = sqlite3_column_text(s, c);
                    if (c) out += '|';
                    out += v ? reinterpret_cast<const char*>(v) : "NULL";
                }
                out += '\n';
            }
        }
        sqlite3_finalize(s);
    }
    sqlite3_close(h);
    return out;
}

// The tree hash a walk of the folder gives (the index's remembered one forgotten first).
std::string walkedTreeHash(const std::string& folder) {
    rememberTreeSha256(fs::canonical(folder).string(), "");
    return treeSha256(folder);
}

} // namespace

TEST_F(TrialIndex, SampleIsIdenticalWithAndWithoutIndex) {
    expectIdentical({kSampleResults}, kSamplePack);
    // The shipped sample is never written beside: its index is in the cache directory.
    EXPECT_FALSE(fs::exists(kSampleResults + ".vernier-cache/index.sqlite"));
    EXPECT_EQ(trialIndexPathFor(kSampleResults).rfind(dir_ / "cache/index/", 0), 0u);
}

TEST_F(TrialIndex, HarborFixturesAreIdenticalWithAndWithoutIndex) {
    expectIdentical({kHarbor + "/job-0.20", kHarbor + "/job-0.22", kHarbor + "/job-details-no-answers"},
                    kPack);
}

TEST_F(TrialIndex, AblationFixtureIsIdenticalWithAndWithoutIndex) {
    expectIdentical({kHarbor + "/ablation"}, kPack);
}

TEST_F(TrialIndex, ZipIsIdenticalAndKeyedBySizeAndTime) {
    const std::string zip = dir_ / "job.zip";
    zipFolder(kHarbor + "/job-0.22", zip, "job-0.22/");
    expectIdentical({zip}, kPack);
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    const IndexedImport r = importBundleIndexed(zip, out, problems);
    EXPECT_EQ(r.state, IndexState::Used);
    EXPECT_EQ(r.reread, 0);
    EXPECT_GT(r.reused, 0);
    // Another zip under the same name: read again.
    zipFolder(kHarbor + "/job-0.20", zip, "job-0.20/");
    out.clear();
    const IndexedImport again = importBundleIndexed(zip, out, problems);
    EXPECT_EQ(again.state, IndexState::Rebuilt);
    EXPECT_TRUE(again.note.empty()); // stale, not corrupt
}

// A zip reopened from its index is not opened at all (its central directory is most of a reopen of 10^5
// trials): the trials' files are read from it when one is, and then they are the files a plain import gives.
TEST_F(TrialIndex, ZipReopenedFromIndexOpensTheZipOnlyWhenAFileIsRead) {
    const std::string zip = dir_ / "job.zip";
    zipFolder(kHarbor + "/job-0.22", zip, "job-0.22/");
    std::vector<TrialRecord> built, out, plain;
    std::vector<ImportProblem> problems;
    ASSERT_TRUE(importBundleIndexed(zip, built, problems).written);
    const IndexedImport r = importBundleIndexed(zip, out, problems);
    ASSERT_EQ(r.state, IndexState::Used);
    ASSERT_FALSE(out.empty());
    importBundle(zip, plain, problems);
    ASSERT_EQ(out.size(), plain.size());
    const LazyZip* archive = out.front().resultJson.archive();
    ASSERT_NE(archive, nullptr);
    EXPECT_FALSE(archive->opened());
    for (std::size_t i = 0; i < out.size(); ++i) {
        EXPECT_EQ(out[i].resultJson.archive(), archive); // one archive shared by every trial
        EXPECT_EQ(out[i].resultJson.display(), plain[i].resultJson.display());
    }
    EXPECT_FALSE(archive->opened());
    EXPECT_EQ(out.back().resultJson.readAll(), plain.back().resultJson.readAll());
    EXPECT_TRUE(archive->opened());

    // The GUI opens the archive ahead of the first read (openTrialArchives, in the background).
    std::vector<TrialRecord> again;
    ASSERT_EQ(importBundleIndexed(zip, again, problems).state, IndexState::Used);
    ResultSet set;
    set.trials = std::move(again);
    const LazyZip* second = set.trials.front().resultJson.archive();
    ASSERT_NE(second, nullptr);
    EXPECT_FALSE(second->opened());
    openTrialArchives(set);
    EXPECT_TRUE(second->opened());
    EXPECT_NO_THROW(second->get());
}

// A zip replaced by a copy with the same size and modification time (cp -p, rsync -t) is another file: its
// inode and status-change time differ, and the index is not trusted for it.
TEST_F(TrialIndex, ZipReplacedByCopyWithSameTimesIsReadAgain) {
    const std::string zip = dir_ / "job.zip", copy = dir_ / "copy.zip";
    zipFolder(kHarbor + "/job-0.22", zip, "job-0.22/");
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    ASSERT_TRUE(importBundleIndexed(zip, out, problems).written);
    fs::copy_file(zip, copy);
    fs::last_write_time(copy, fs::last_write_time(zip));
    fs::rename(copy, zip);
    out.clear();
    const IndexedImport again = importBundleIndexed(zip, out, problems);
    EXPECT_EQ(again.state, IndexState::Rebuilt);
    EXPECT_TRUE(again.note.empty()); // stale, not corrupt
    out.clear();
    EXPECT_EQ(importBundleIndexed(zip, out, problems).state, IndexState::Used);
}

TEST_F(TrialIndex, ChangedRewardIsReadAgainAndNothingElse) {
    const std::string job = dir_ / "job";
    copyTree(kHarbor + "/ablation", job);
    const std::string db = dir_ / "index.sqlite";
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    const IndexedImport built = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(built.state, IndexState::Rebuilt);
    ASSERT_TRUE(built.written) << built.writeError;
    const int n = static_cast<int>(out.size());
    ASSERT_GT(n, 2);

    out.clear();
    EXPECT_EQ(importBundleIndexed(job, out, problems, {}, nullptr, db).state, IndexState::Used);

    // The codex trial of the first repeat job (tests/data/harbor/README.md "ablation": reward
    // 0.5490099204598073).
    const fs::path trial = fs::path(job) / "2026-10-08__09-00-00/freecad-deee5c3830__ovnBwFU";
    ASSERT_TRUE(fs::exists(trial / "result.json"));
    rewriteReward(trial, 0.123);
    out.clear();
    const IndexedImport changed = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(changed.state, IndexState::Partial);
    EXPECT_EQ(changed.reread, 1);
    EXPECT_EQ(changed.reused, n - 1);
    const std::string folder = trial.filename().string();
    bool seen = false;
    for (const auto& t : out)
        if (t.trialPath.find(folder) != std::string::npos) {
            seen = true;
            ASSERT_TRUE(t.recordedReward.has_value());
            EXPECT_DOUBLE_EQ(*t.recordedReward, 0.123);
        }
    EXPECT_TRUE(seen);
    // And the whole set, through importResults, equals a plain import of the changed folder.
    EXPECT_EQ(describe(importWith({job}, kPack, true)), describe(importWith({job}, kPack, false)));
}

TEST_F(TrialIndex, AddedAndRemovedTrialFoldersAreFollowed) {
    const std::string job = dir_ / "job";
    copyTree(kHarbor + "/job-0.22", job);
    const std::string db = dir_ / "index.sqlite";
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    importBundleIndexed(job, out, problems, {}, nullptr, db);
    const std::size_t n = out.size();

    // A trial folder removed and one added (a copy under a new name).
    std::vector<fs::path> trials;
    for (const auto& e : fs::directory_iterator(job))
        if (fs::exists(e.path() / "result.json")) trials.push_back(e.path());
    std::sort(trials.begin(), trials.end());
    ASSERT_GE(trials.size(), 2u);
    fs::remove_all(trials[0]);
    copyTree(trials[1].string(), (fs::path(job) / "freecad-copy__NEW0001").string());
    out.clear();
    const IndexedImport r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Partial);
    EXPECT_FALSE(r.listedWhole); // the job folder read one level deep, the new trial folder listed
    EXPECT_EQ(out.size(), n);
    EXPECT_EQ(r.reread, 1); // only the new folder
    bool added = false, removed = true;
    for (const auto& t : out) {
        if (t.trialPath.find("freecad-copy__NEW0001") != std::string::npos) added = true;
        if (t.trialPath == trials[0].string()) removed = false;
    }
    EXPECT_TRUE(added);
    EXPECT_TRUE(removed);
    EXPECT_EQ(describe(importWith({job}, kPack, true)), describe(importWith({job}, kPack, false)));
}

TEST_F(TrialIndex, CorruptIndexIsIgnoredAndRebuilt) {
    const std::string job = dir_ / "job";
    copyTree(kHarbor + "/job-0.20", job);
    const std::string db = dir_ / "index.sqlite";
    writeFile(db, "this is not an SQLite database, just bytes where the index should be\n");
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    const IndexedImport r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Rebuilt);
    EXPECT_NE(r.note.find("ignored and rebuilt"), std::string::npos) << r.note;
    EXPECT_EQ(r.note.find('\n'), std::string::npos); // one line
    EXPECT_TRUE(r.written);
    out.clear();
    EXPECT_EQ(importBundleIndexed(job, out, problems, {}, nullptr, db).state, IndexState::Used);

    // A foreign SQLite file (another application's) is not read either.
    fs::remove(db);
    setPragma(db, "CREATE TABLE trials(x); PRAGMA user_version=1;");
    out.clear();
    const IndexedImport foreign = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(foreign.state, IndexState::Rebuilt);
    EXPECT_NE(foreign.note.find("not a Vernier trial index"), std::string::npos) << foreign.note;
}

namespace {
// An index changed by `sql` after it was written is rebuilt with a note holding `note`, and used after that.
void expectRebuiltAfter(const std::string& job, const std::string& db, const std::string& sql,
                        const std::string& note) {
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    importBundleIndexed(job, out, problems, {}, nullptr, db);
    setPragma(db, sql);
    out.clear();
    const IndexedImport r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Rebuilt);
    EXPECT_NE(r.note.find(note), std::string::npos) << r.note;
    out.clear();
    EXPECT_EQ(importBundleIndexed(job, out, problems, {}, nullptr, db).state, IndexState::Used);
}

// The job-0.20 fixture copied to `dir`/job and imported once with its index at `dir`/index.sqlite: the trials
// of that first import.
std::vector<TrialRecord> firstImport(const fs::path& dir) {
    copyTree(kHarbor + "/job-0.20", dir / "job");
    std::vector<TrialRecord> plain;
    std::vector<ImportProblem> problems;
    importBundleIndexed(dir / "job", plain, problems, {}, nullptr, dir / "index.sqlite");
    return plain;
}
} // namespace

TEST_F(TrialIndex, OtherSchemaVersionIsRebuilt) {
    const std::string job = dir_ / "job";
    copyTree(kHarbor + "/job-0.20", job);
    expectRebuiltAfter(job, dir_ / "index.sqlite",
                       "PRAGMA user_version=" + std::to_string(kTrialIndexSchemaVersion + 1) + ";",
                       "schema version " + std::to_string(kTrialIndexSchemaVersion + 1));
}

// The record and validation columns' encoding has its own number (meta.record_format): an index written in
// the earlier one (paths relative to the bundle, fixed-width numbers) is rebuilt, not misread.
TEST_F(TrialIndex, OtherRecordFormatIsRebuilt) {
    const std::string job = dir_ / "job";
    copyTree(kHarbor + "/job-0.20", job);
    expectRebuiltAfter(job, dir_ / "index.sqlite", "DELETE FROM meta WHERE key = 'record_format';",
                       "record format 1, this Vernier reads 2");
}

// A trial row whose validation column does not decode vouches for nothing: that folder is read again (and
// its row rewritten), the other rows are still used.
TEST_F(TrialIndex, UndecodableValidationRereadsOnlyThatTrial) {
    const std::string job = dir_ / "job", db = dir_ / "index.sqlite";
    const std::vector<TrialRecord> plain = firstImport(dir_.path());
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    ASSERT_GE(plain.size(), 2u);
    setPragma(db, "UPDATE trials SET validation = x'0102' WHERE ord = 1;");
    const IndexedImport r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Partial);
    EXPECT_EQ(r.reread, 1);
    EXPECT_EQ(r.reused, static_cast<int>(plain.size()) - 1);
    ASSERT_EQ(out.size(), plain.size());
    for (std::size_t i = 0; i < out.size(); ++i)
        EXPECT_EQ(out[i].trialPath, plain[i].trialPath);
    out.clear();
    const IndexedImport again = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(again.state, IndexState::Used);
    EXPECT_EQ(again.reused, static_cast<int>(plain.size()));
}

// Paths are stored relative to the trial folder: a record's files come back as full paths of the bundle.
TEST_F(TrialIndex, FilePathsComeBackWhole) {
    const std::string job = dir_ / "job", db = dir_ / "index.sqlite";
    const std::vector<TrialRecord> plain = firstImport(dir_.path());
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    ASSERT_EQ(importBundleIndexed(job, out, problems, {}, nullptr, db).state, IndexState::Used);
    ASSERT_EQ(out.size(), plain.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        EXPECT_EQ(out[i].resultJson.path(), plain[i].resultJson.path());
        EXPECT_EQ(out[i].answer.path(), plain[i].answer.path());
        EXPECT_EQ(out[i].trajectory.path(), plain[i].trajectory.path());
        EXPECT_EQ(out[i].agentLog.path(), plain[i].agentLog.path());
        if (!plain[i].resultJson.empty()) {
            EXPECT_EQ(out[i].resultJson.path().rfind(fs::canonical(job).string(), 0), 0u);
        }
    }
}

TEST_F(TrialIndex, IndexOfAnotherBundleIsNotTrusted) {
    copyTree(kHarbor + "/job-0.20", dir_ / "a");
    copyTree(kHarbor + "/job-0.22", dir_ / "b");
    const std::string db = dir_ / "index.sqlite";
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    importBundleIndexed(dir_ / "a", out, problems, {}, nullptr, db);
    out.clear();
    const IndexedImport r = importBundleIndexed(dir_ / "b", out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Rebuilt);
    EXPECT_NE(r.note.find("another bundle"), std::string::npos) << r.note;
}

TEST_F(TrialIndex, BesideTheBundleWithoutCacheVariable) {
    ::unsetenv("VERNIER_CACHE_DIR");
    const std::string job = dir_ / "job";
    copyTree(kHarbor + "/job-0.20", job);
    EXPECT_EQ(trialIndexPathFor(job), job + ".vernier-cache/index.sqlite");
    importWith({job}, kPack, true);
    EXPECT_TRUE(fs::exists(job + ".vernier-cache/index.sqlite"));
    // --no-index neither reads nor writes it.
    fs::remove_all(job + ".vernier-cache");
    importWith({job}, kPack, false);
    EXPECT_FALSE(fs::exists(job + ".vernier-cache/index.sqlite"));
}

// Only trial folders changed (docs/index.md "Partial update"): those are listed and read again and their rows
// rewritten; every other row of the index stays as it was, and the tree hash is the one a walk gives.
TEST_F(TrialIndex, ChangedTrialRewritesOnlyItsOwnRow) {
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    const std::string job = indexedCopy("ablation", out);
    const std::string db = indexFile();
    const std::size_t n = out.size();
    EXPECT_EQ(treeSha256(job), walkedTreeHash(job));

    const fs::path trial = fs::path(job) / "2026-10-08__09-00-00/freecad-deee5c3830__ovnBwFU";
    const std::string folder = "2026-10-08__09-00-00/freecad-deee5c3830__ovnBwFU";
    // A mark in a column the import never reads back, on every row but the one that changes: a row written
    // again loses it.
    setPragma(db, "UPDATE trials SET agent_version = 'kept' WHERE folder <> '" + folder + "'");
    const std::string others = queryText(db, "SELECT ord, folder, agent_version, reward FROM trials WHERE "
                                             "folder <> '" +
                                                 folder + "' ORDER BY ord");
    rewriteReward(trial, 0.25);
    std::ofstream(trial / "verifier" / "extra.log") << "a file added in the trial folder\n";
    out.clear();
    problems.clear();
    const IndexedImport r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Partial);
    EXPECT_EQ(r.reread, 1);
    EXPECT_EQ(r.reused, static_cast<int>(n) - 1);
    ASSERT_TRUE(r.written) << r.writeError;
    EXPECT_EQ(queryText(db, "SELECT ord, folder, agent_version, reward FROM trials WHERE folder <> '" +
                                folder + "' ORDER BY ord"),
              others);
    EXPECT_EQ(
        queryText(db, "SELECT reward, agent_version = 'kept' FROM trials WHERE folder = '" + folder + "'"),
        "0.25|0\n");
    EXPECT_EQ(queryText(db, "SELECT COUNT(*) FROM trials"), std::to_string(n) + "\n");
    // The remembered tree hash (also written to the index) is the walk's, new file included.
    const std::string hash = treeSha256(job);
    EXPECT_EQ(queryText(db, "SELECT value FROM meta WHERE key = 'tree_sha256'"), hash + "\n");
    EXPECT_EQ(hash, walkedTreeHash(job));

    expectReopenFromIndexAsPlainImport(job);
}

// A changed trial folder that now holds a symlink cannot be listed from the index's record: the bundle is
// read whole (the unchanged trials still from the index), with the same result as a plain import.
TEST_F(TrialIndex, SymlinkInAChangedFolderReadsTheBundleWhole) {
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    const std::string job = indexedCopy("ablation", out);
    const std::string db = indexFile();
    const fs::path trial = fs::path(job) / "2026-10-08__09-00-00/freecad-deee5c3830__ovnBwFU";
    fs::create_symlink("result.json", trial / "result-link.json");
    out.clear();
    const IndexedImport r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Partial);
    EXPECT_EQ(r.reread, 1);
    EXPECT_TRUE(r.written) << r.writeError;
    EXPECT_EQ(queryText(db, "SELECT value FROM meta WHERE key = 'tree_sha256'"), "\n"); // symlinks: a walk
    EXPECT_EQ(describe(importWith({job}, kPack, true)), describe(importWith({job}, kPack, false)));
}

// A running job (docs/index.md "Partial update"): trial folders appear in a job folder, the job's result.json
// is rewritten, a new job folder starts. Only the new folders are listed and read, the bundle is not listed
// again, the rows of the other trials are kept as they were (renumbered to stay in the import's order), and
// the result is the plain import's.
TEST_F(TrialIndex, TrialsAddedToARunningJobAreReadAlone) {
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    const std::string job = indexedCopy("ablation", out);
    const std::string db = indexFile();
    const std::size_t n = out.size();
    setPragma(db, "UPDATE trials SET agent_version = 'kept'");
    const std::string before = queryText(db, "SELECT folder, agent_version, reward FROM trials ORDER BY ord");

    // A copy of a trial under a name that sorts before the job's other trials: every later row moves up one.
    const fs::path jobDir = fs::path(job) / "2026-10-08__09-00-00";
    const fs::path source = jobDir / "freecad-deee5c3830__ovnBwFU";
    copyTree(source.string(), (jobDir / "freecad-000new__AAAA").string());
    // The job's own result.json is rewritten by Harbor as trials finish.
    const std::string jobResult = readFile((jobDir / "result.json").string());
    std::ofstream(jobDir / "result.json", std::ios::trunc) << jobResult << "\n";
    out.clear();
    IndexedImport r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Partial);
    EXPECT_FALSE(r.listedWhole);
    EXPECT_EQ(r.reread, 1);
    EXPECT_EQ(r.reused, static_cast<int>(n));
    ASSERT_TRUE(r.written) << r.writeError;
    EXPECT_EQ(queryText(db, "SELECT COUNT(*), MIN(ord), MAX(ord) FROM trials"),
              std::to_string(n + 1) + "|0|" + std::to_string(n) + "\n");
    EXPECT_EQ(queryText(db, "SELECT COUNT(*) FROM trials WHERE agent_version IS NOT 'kept'"), "1\n");
    EXPECT_EQ(queryText(db, "SELECT folder, agent_version, reward FROM trials WHERE agent_version = 'kept' "
                            "ORDER BY ord"),
              before);
    EXPECT_EQ(queryText(db, "SELECT COUNT(*) FROM reward_keys WHERE ord NOT IN (SELECT ord FROM trials)"),
              "0\n");
    const std::string hash = treeSha256(job);
    EXPECT_EQ(queryText(db, "SELECT value FROM meta WHERE key = 'tree_sha256'"), hash + "\n");
    EXPECT_EQ(hash, walkedTreeHash(job));
    EXPECT_EQ(queryText(db, "SELECT value FROM meta WHERE key = 'trials'"), std::to_string(n + 1) + "\n");
    // Renumbered row by row, each next to where it was: the file is no larger than a fresh one (one UPDATE
    // of all numbers left half of it free pages).
    const std::string fresh = dir_ / "fresh.sqlite";
    ASSERT_TRUE(writeTrialIndex(job, fresh).written);
    EXPECT_LE(fs::file_size(db), fs::file_size(fresh) + 8 * 8192);
    // The index is the one a fresh import writes, row for row (the mark aside).
    const char* rows = "SELECT ord, folder, trial_name, task_id, reward, hex(record), hex(validation) FROM "
                       "trials ORDER BY ord";
    EXPECT_EQ(queryText(db, rows), queryText(fresh, rows));
    const char* keys = "SELECT ord, key, value FROM reward_keys ORDER BY ord, key";
    EXPECT_EQ(queryText(db, keys), queryText(fresh, keys));
    const char* files = "SELECT * FROM bundle_files ORDER BY path";
    EXPECT_EQ(queryText(db, files), queryText(fresh, files));

    // A new job folder at the bundle's top level, with one trial.
    const fs::path newJob = fs::path(job) / "2026-10-10__09-00-00";
    fs::create_directories(newJob);
    std::ofstream(newJob / "config.json") << readFile((jobDir / "config.json").string());
    std::ofstream(newJob / "result.json") << jobResult;
    copyTree(source.string(), (newJob / "freecad-deee5c3830__NEWJOB1").string());
    out.clear();
    r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Partial);
    EXPECT_FALSE(r.listedWhole);
    EXPECT_EQ(r.reread, 1);
    EXPECT_EQ(r.reused, static_cast<int>(n + 1));
    EXPECT_EQ(treeSha256(job), walkedTreeHash(job));

    // And the trial added first removed again.
    fs::remove_all(jobDir / "freecad-000new__AAAA");
    out.clear();
    r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_EQ(r.state, IndexState::Partial);
    EXPECT_FALSE(r.listedWhole);
    EXPECT_EQ(r.reread, 0);
    EXPECT_EQ(out.size(), n + 1);
    EXPECT_EQ(treeSha256(job), walkedTreeHash(job));
    ASSERT_TRUE(writeTrialIndex(job, fresh).written);
    EXPECT_EQ(queryText(db, rows), queryText(fresh, rows));
    EXPECT_EQ(queryText(db, files), queryText(fresh, files));

    expectReopenFromIndexAsPlainImport(job);
}

// A folder of the bundle's own that vanishes, or a file that becomes a folder, is not followed from the
// record: the bundle is listed whole (the unchanged trials still from the index), with the plain import's
// result.
TEST_F(TrialIndex, VanishedJobFolderListsTheBundleWhole) {
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    const std::string job = indexedCopy("ablation", out);
    const std::string db = indexFile();
    fs::remove_all(fs::path(job) / "2026-10-09__09-00-00");
    out.clear();
    const IndexedImport r = importBundleIndexed(job, out, problems, {}, nullptr, db);
    EXPECT_TRUE(r.listedWhole);
    EXPECT_TRUE(r.written) << r.writeError;
    EXPECT_EQ(describe(importWith({job}, kPack, true)), describe(importWith({job}, kPack, false)));
}

// The GUI's first open hands the index write over (ImportOptions::deferredIndexWrites): nothing is written
// before the import returns, and the write, run later, gives the file an import writes, row for row.
// The same with the files not read stat'ed while listing (deferredWriteStats off), as the CLI defers.
TEST_F(TrialIndex, DeferredWriteIsTheFileAnImportWrites) {
    for (const bool lateStats : {true, false})
        for (const std::string name : {"job-0.20", "ablation", "job-details-no-answers"}) {
            SCOPED_TRACE(name + (lateStats ? ", stats in the write" : ", stats while listing"));
            const std::string job = dir_ / (name + (lateStats ? "" : "-cli"));
            copyTree(kHarbor + "/" + name, job);
            std::vector<std::function<void()>> writes;
            ImportOptions o;
            o.deferredIndexWrites = &writes;
            o.deferredWriteStats = lateStats;
            const ResultSet first = importResults({job}, kPack, o);
            const std::string db = trialIndexPathFor(job);
            EXPECT_FALSE(fs::exists(db));
            ASSERT_EQ(writes.size(), 1u);
            writes[0]();
            ASSERT_TRUE(fs::exists(db));
            const std::string fresh = dir_ / (name + "-fresh.sqlite");
            ASSERT_TRUE(writeTrialIndex(job, fresh).written);
            for (const char* sql :
                 {"SELECT * FROM trials ORDER BY ord", "SELECT * FROM reward_keys ORDER BY ord, key",
                  "SELECT * FROM problems ORDER BY seq", "SELECT * FROM bundle_files ORDER BY path",
                  "SELECT * FROM bundles", "SELECT * FROM meta WHERE key != 'written_at' ORDER BY key"})
                EXPECT_EQ(queryText(db, sql), queryText(fresh, sql)) << sql;
            EXPECT_FALSE(queryText(db, "SELECT * FROM trials").empty());
            // And it is the index a reopen uses, giving what a plain import gives.
            std::vector<TrialRecord> out;
            std::vector<ImportProblem> problems;
            EXPECT_EQ(importBundleIndexed(job, out, problems).state, IndexState::Used);
            EXPECT_EQ(describe(importWith({job}, kPack, true)), describe(importWith({job}, kPack, false)));
            EXPECT_EQ(describe(first), describe(importWith({job}, kPack, false)));
        }
}

// The files a first open does not read are stat'ed by the deferred write, not while listing: one rewritten in
// the meantime is recorded as it is then (nothing the import read depends on it), and one gone by then leaves
// no tree hash and a signal the next open sees changed — which reads that trial folder again. Either way the
// next open gives what a plain import gives.
TEST_F(TrialIndex, DeferredWriteStatsTheFilesNotReadWhenItRuns) {
    const std::string job = dir_ / "job";
    copyTree(kHarbor + "/job-0.20", job);
    const fs::path trial = fs::path(job) / "freecad-413c26b17a__tJZ7VRG";
    std::vector<std::function<void()>> writes;
    ImportOptions o;
    o.deferredIndexWrites = &writes;
    (void)importResults({job}, kPack, o);
    ASSERT_EQ(writes.size(), 1u);
    std::ofstream(trial / "trial.log", std::ios::app) << "one more line\n"; // rewritten in place
    writes[0]();
    const std::string db = trialIndexPathFor(job);
    EXPECT_EQ(queryText(db, "SELECT value FROM meta WHERE key = 'tree_sha256'"), walkedTreeHash(job) + "\n");
    std::vector<TrialRecord> out;
    std::vector<ImportProblem> problems;
    EXPECT_EQ(importBundleIndexed(job, out, problems).state, IndexState::Used);
    EXPECT_EQ(describe(importWith({job}, kPack, true)), describe(importWith({job}, kPack, false)));

    // Gone before the write ran: no tree hash vouched for, and that folder is read again.
    fs::remove(db);
    writes.clear();
    (void)importResults({job}, kPack, o);
    ASSERT_EQ(writes.size(), 1u);
    fs::remove(trial / "agent/claude-code.txt");
    writes[0]();
    EXPECT_EQ(queryText(db, "SELECT value FROM meta WHERE key = 'tree_sha256'"), "\n");
    out.clear();
    const IndexedImport again = importBundleIndexed(job, out, problems);
    EXPECT_NE(again.state, IndexState::Used);
    EXPECT_EQ(describe(importWith({job}, kPack, true)), describe(importWith({job}, kPack, false)));
}

// A folder's tree hash (the provenance block's) is the deferred write's to give: asked for before the write
// has run, treeSha256 waits for it rather than walking the folder, and gets the walk's value; a write that
// never runs settles it as unknown when it goes, and the asker walks.
TEST_F(TrialIndex, DeferredWriteGivesTheTreeHashAProvenanceBlockWaitsFor) {
    for (const bool lateStats : {true, false}) {
        SCOPED_TRACE(lateStats ? "stats in the write" : "stats while listing");
        const std::string job = dir_ / (lateStats ? "job" : "job-cli");
        copyTree(kHarbor + "/job-0.20", job);
        const std::string walked = walkedTreeHash(job);
        std::vector<std::function<void()>> writes;
        ImportOptions o;
        o.deferredIndexWrites = &writes;
        o.deferredWriteStats = lateStats;
        (void)importResults({job}, kPack, o);
        ASSERT_EQ(writes.size(), 1u);
        auto asked = std::async(std::launch::async, [&] { return treeSha256(job); });
        EXPECT_EQ(asked.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
        writes[0]();
        EXPECT_EQ(asked.get(), walked);
        EXPECT_EQ(treeSha256(job), walked); // remembered

        fs::remove(trialIndexPathFor(job));
        writes.clear();
        (void)importResults({job}, kPack, o);
        ASSERT_EQ(writes.size(), 1u);
        auto unanswered = std::async(std::launch::async, [&] { return treeSha256(job); });
        EXPECT_EQ(unanswered.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
        writes.clear(); // the write goes without running
        EXPECT_EQ(unanswered.get(), walked);
    }
}

// A partial update handed over (ImportOptions::deferredIndexWrites: the GUI's follow, the CLI) gives, once
// run, the file the update an import makes at once gives: the same change of the same index, both ways.
TEST_F(TrialIndex, DeferredPartialUpdateIsTheUpdateAnImportMakes) {
    const std::string job = dir_ / "job";
    copyTree(kHarbor + "/ablation", job);
    (void)importResults({job}, kPack, ImportOptions{});
    const std::string db = trialIndexPathFor(job);
    ASSERT_TRUE(fs::exists(db));
    const std::string before = dir_ / "before.sqlite";
    fs::copy_file(db, before);
    const fs::path trial = fs::path(job) / "2026-10-08__09-00-00/freecad-deee5c3830__ovnBwFU";
    rewriteReward(trial, 0.25);
    fs::copy(trial, trial.parent_path() / "freecad-deee5c3830__added0", fs::copy_options::recursive);

    (void)importResults({job}, kPack, ImportOptions{}); // at once
    const std::string atOnce = dir_ / "at-once.sqlite";
    fs::copy_file(db, atOnce);

    fs::copy_file(before, db, fs::copy_options::overwrite_existing);
    std::vector<std::function<void()>> writes;
    ImportOptions o;
    o.deferredIndexWrites = &writes;
    const ResultSet deferred = importResults({job}, kPack, o);
    EXPECT_EQ(queryText(db, "SELECT COUNT(*) FROM trials"), queryText(before, "SELECT COUNT(*) FROM trials"));
    ASSERT_EQ(writes.size(), 1u);
    writes[0]();
    for (const char* sql :
         {"SELECT * FROM trials ORDER BY ord", "SELECT * FROM reward_keys ORDER BY ord, key",
          "SELECT * FROM problems ORDER BY seq", "SELECT * FROM bundle_files ORDER BY path",
          "SELECT * FROM bundles", "SELECT * FROM meta WHERE key != 'written_at' ORDER BY key"})
        EXPECT_EQ(queryText(db, sql), queryText(atOnce, sql)) << sql;
    EXPECT_NE(queryText(db, "SELECT * FROM trials ORDER BY ord"),
              queryText(before, "SELECT * FROM trials ORDER BY ord"));
    std::vector<TrialRecord> again;
    std::vector<ImportProblem> problems;
    EXPECT_EQ(importBundleIndexed(job, again, problems).state, IndexState::Used);
    EXPECT_EQ(describe(deferred), describe(importWith({job}, kPack, false)));
}
