// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The live follow's state of a bundle folder (models/follow_state.h, docs/index.md "The follow baseline"):
// built from a listing it is exactly what a walk gives, and an import hands over the state a walk gives on
// every path it takes — first open, reopen from the index, partial update, no index, a symlink in the folder.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <vector>

#include "bundle_builder.h"
#include "models/follow_state.h"
#include "models/result_set.h"
#include "support/fixture_paths.h"

namespace fs = std::filesystem;
using namespace vernier;
using namespace vernier::test;

namespace {

// The state written out, the folders to watch sorted (their order is the walk's business).
std::string describe(const FollowFolderState& s) {
    QStringList trials;
    for (auto it = s.trials.cbegin(); it != s.trials.cend(); ++it)
        trials
            << QStringLiteral("%1 %2 %3 %4").arg(it.key()).arg(it->finished).arg(it->modified).arg(it->size);
    trials.sort();
    QStringList dirs = s.watchDirs;
    dirs.sort();
    return (trials.join('\n') + QStringLiteral("\n--\n") + dirs.join('\n')).toStdString();
}

// Every directory and file below `root` with its stat, as an import's listing has them.
FollowListing listingOf(const std::string& root) {
    FollowListing l;
    const auto add = [&](const fs::path& p, const std::string& rel) {
        struct stat st {};
        ASSERT_EQ(::lstat(p.c_str(), &st), 0) << p;
        l.add(rel, S_ISDIR(st.st_mode), std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
              st.st_size);
    };
    add(root, "");
    for (const auto& e : fs::recursive_directory_iterator(root))
        add(e.path(), fs::relative(e.path(), root).string());
    return l;
}

void touch(const fs::path& p, const std::string& text = "{}") {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
}

// `deferred`: as the GUI opens, the index write handed back (the state is built beside encoding its rows) and
// run once the state was compared.
void expectImportGivesAWalksState(const std::string& bundle, bool useIndex, const char* when,
                                  bool deferred = false) {
    FollowStates states;
    ImportOptions o;
    o.useIndex = useIndex;
    o.followStates = &states;
    std::vector<std::function<void()>> writes;
    if (deferred) o.deferredIndexWrites = &writes;
    (void)importResults({bundle}, fixtures::kHarborPack, o);
    EXPECT_EQ(writes.size(), deferred ? 1u : 0u) << when;
    for (auto& w : writes)
        w();
    ASSERT_EQ(states.count(bundle), 1u) << when;
    const FollowFolderState walked = scanFollowState(QString::fromStdString(bundle));
    EXPECT_FALSE(walked.trials.isEmpty()) << when;
    EXPECT_EQ(describe(states[bundle]), describe(walked)) << when;
}

class FollowState : public ::testing::Test {
protected:
    void SetUp() override { ::setenv("VERNIER_CACHE_DIR", (dir_ / "cache").c_str(), 1); }
    void TearDown() override { ::unsetenv("VERNIER_CACHE_DIR"); }
    TempDir dir_;
};

} // namespace

// Hand-built: a job with finished, running and nested trials, a job known by its lock.json alone, trial
// folders too deep to be followed, hidden folders, a file named like a folder and the other way round.
TEST_F(FollowState, ListingGivesWhatAWalkGives) {
    const fs::path b = dir_ / "bundle";
    touch(b / "jobs/j1/config.json");
    touch(b / "jobs/j1/result.json");
    touch(b / "jobs/j1/t-done/result.json", R"({"reward": 1})");
    touch(b / "jobs/j1/t-done/config.json");
    touch(b / "jobs/j1/t-done/verifier/result.json"); // inside a trial: not looked at
    touch(b / "jobs/j1/t-running/config.json");
    touch(b / "jobs/j1/t-empty/agent/log.txt"); // neither file: a folder of the job's, watched
    touch(b / "jobs/j2/lock.json");
    touch(b / "jobs/j2/t/result.json", "{\"a\": 2}");
    touch(b / "jobs/j2/.hidden/result.json"); // QDir skips hidden folders
    touch(b / ".git/j/t/result.json");
    touch(b / "a/b/c/config.json");   // depth 3 without a job above
    touch(b / "a/b/c/d/result.json"); // depth 4: beyond the walk
    touch(b / "deep/j/result.json");
    touch(b / "deep/j/t/result.json");
    fs::create_directories(b / "jobs/j1/t-odd/result.json"); // a folder named result.json
    touch(b / "jobs/j1/t-odd/config.json");
    touch(b / "result.json"); // the bundle as a job
    fs::create_directories(b / "loose");
    const FollowFolderState walked = scanFollowState(QString::fromStdString(b.string()));
    EXPECT_EQ(walked.trials.size(), 5) << describe(walked);
    EXPECT_TRUE(walked.trials.contains("jobs/j1/t-done/") && walked.trials["jobs/j1/t-done/"].finished);
    EXPECT_FALSE(walked.trials["jobs/j1/t-running/"].finished);
    EXPECT_FALSE(walked.trials["jobs/j1/t-odd/"].finished);
    EXPECT_EQ(walked.trials["jobs/j2/t/"].size, 8);
    EXPECT_EQ(walked.running(), 2);
    EXPECT_EQ(describe(listingOf(b.string()).state(QString::fromStdString(b.string()))), describe(walked));
    // Given with a trailing '/' and relative: the same folders.
    const QString slashed = QString::fromStdString(b.string()) + '/';
    EXPECT_EQ(describe(listingOf(b.string()).state(slashed)), describe(scanFollowState(slashed)));
}

// Times are compared in milliseconds, as QFileInfo gives them: 999,999 ns past a millisecond is that one.
TEST_F(FollowState, ModificationTimesRoundAsQFileInfoDoes) {
    const fs::path b = dir_ / "bundle";
    touch(b / "job/config.json");
    touch(b / "job/t/result.json");
    const timespec times[2] = {{1700000000, 123999999}, {1700000000, 123999999}};
    ASSERT_EQ(::utimensat(AT_FDCWD, (b / "job/t/result.json").c_str(), times, 0), 0);
    const FollowFolderState walked = scanFollowState(QString::fromStdString(b.string()));
    EXPECT_EQ(walked.trials["job/t/"].modified, 1700000000123);
    EXPECT_EQ(describe(listingOf(b.string()).state(QString::fromStdString(b.string()))), describe(walked));
}

TEST_F(FollowState, ImportHandsOverTheStateAWalkGivesOnEveryPath) {
    for (const std::string name : {"job-0.20", "job-0.22", "ablation"}) {
        SCOPED_TRACE(name);
        const std::string job = dir_ / name;
        fs::copy(fixtures::kHarbor + "/" + name, job, fs::copy_options::recursive);
        expectImportGivesAWalksState(job, true, "first open, the write deferred", true);
        fs::remove_all(fs::path(dir_ / "cache") / "index");
        expectImportGivesAWalksState(job, true, "first open");
        expectImportGivesAWalksState(job, true, "reopen from the index");
        expectImportGivesAWalksState(job, false, "without the index");
        // A finished trial rewritten, and a running one added: a partial update.
        fs::path trial;
        for (const auto& e : fs::recursive_directory_iterator(job))
            if (e.path().filename() == "result.json" && fs::exists(e.path().parent_path() / "config.json") &&
                fs::exists(e.path().parent_path().parent_path() / "config.json")) {
                trial = e.path().parent_path();
                break;
            }
        ASSERT_FALSE(trial.empty());
        std::ofstream(trial / "result.json", std::ios::app) << "\n";
        touch(trial.parent_path() / "freecad-running__XYZ/config.json",
              readFile((trial / "config.json").string()));
        expectImportGivesAWalksState(job, true, "partial update");
        // A symlink inside: the import lists the folder its other way, and the walk's state is taken.
        fs::create_symlink(trial / "result.json", fs::path(job) / "link.json");
        expectImportGivesAWalksState(job, true, "with a symlink");
    }
}

TEST_F(FollowState, SampleBundleAsImportedIsAsWalked) {
    const std::string copy = dir_ / "results";
    fs::copy(fixtures::kSampleResults, copy, fs::copy_options::recursive);
    FollowStates states;
    ImportOptions o;
    o.followStates = &states;
    (void)importResults({copy}, fixtures::kSamplePack, o);
    const FollowFolderState walked = scanFollowState(QString::fromStdString(copy));
    EXPECT_EQ(walked.trials.size(), 28); // its Harbor trials; the leaderboard submission is not followed
    EXPECT_EQ(describe(states[copy]), describe(walked));
}

// A zip is never followed; nothing is handed over for it.
TEST_F(FollowState, NothingForAZip) {
    const std::string zip = dir_ / "b.zip";
    writeZip(zip, {{"job/config.json", "{}"}, {"job/t/result.json", "{}"}});
    FollowStates states;
    ImportOptions o;
    o.followStates = &states;
    try {
        (void)importResults({zip}, fixtures::kHarborPack, o);
    } catch (const std::exception&) {
    }
    EXPECT_EQ(states.count(zip), 0u);
}
