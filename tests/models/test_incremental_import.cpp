// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Live follow's incremental import (docs/formats.md, "Live follow"): changed Harbor trial folders read again
// with importBundle's reader and merged by TrialId give the same trials and per-trial problems as a full
// import; a half-written result.json is retried, not reported, until the caller gives up.
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "models/incremental_import.h"
#include "models/result_set.h"

using namespace vernier;
namespace fs = std::filesystem;

namespace {

const std::string kHarbor = std::string(VERNIER_TEST_DATA_DIR) + "/harbor";
const std::string kPack = kHarbor + "/pack";
// job-0.22's trials b and e (tests/data/harbor/README.md).
const std::string kB = "freecad-7c431b252d__YvombYC/";
const std::string kE = "freecad-856aa02a44__gRp63dn/";
const std::string kA = "freecad-578850b93a__w8ThRft/";

// A copy of job-0.22 (never a link: the fixture is committed data) without the trials in `leaveOut`.
std::string copyJob(const QTemporaryDir& tmp, const std::vector<std::string>& leaveOut) {
    const fs::path job = fs::path(tmp.path().toStdString()) / "job-0.22";
    fs::copy(kHarbor + "/job-0.22", job, fs::copy_options::recursive);
    for (const auto& t : leaveOut)
        fs::remove_all(job / t);
    return job.string();
}

// Per-trial problems ("<trial>: <reason>"), sorted; job-level ones (no trial) left out.
std::multiset<std::string> trialProblems(const ResultSet& set) {
    std::multiset<std::string> out;
    for (const auto& p : set.problems)
        if (!p.trial.empty()) out.insert(p.trial + ": " + p.reason);
    return out;
}

} // namespace

TEST(IncrementalImport, NewTrialsMergeLikeAFullImport) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const std::string job = copyJob(tmp, {kB, kE});
    const ResultSet before = importResults({job}, kPack);
    ASSERT_EQ(before.trials.size(), 6u); // 8 trials a-h minus b and e
    ASSERT_EQ(before.bundleInfo.size(), 1u);
    EXPECT_EQ(before.bundleInfo[0].trials, 6);

    fs::copy(kHarbor + "/job-0.22/" + kB, job + "/" + kB, fs::copy_options::recursive);
    fs::copy(kHarbor + "/job-0.22/" + kE, job + "/" + kE, fs::copy_options::recursive);
    const TrialFolderRead read = readTrialFolders(job, {kB, kE});
    EXPECT_TRUE(read.error.empty());
    EXPECT_TRUE(read.unreadable.empty());
    ASSERT_EQ(read.trials.size(), 2u);

    MergeCounts counts;
    const ResultSet merged = mergeTrialFolders(before, read, {}, &counts);
    EXPECT_EQ(counts.added, 2);
    EXPECT_EQ(counts.replaced, 0);
    EXPECT_EQ(counts.removed, 0);
    ASSERT_EQ(merged.trials.size(), 8u);
    EXPECT_EQ(merged.bundleInfo[0].trials, 8);

    // Everything a full import of the completed job says about each trial, the merge says too.
    const ResultSet full = importResults({job}, kPack);
    ASSERT_EQ(full.trials.size(), 8u);
    for (const auto& t : full.trials) {
        const TrialRecord* m = merged.find(t.id());
        ASSERT_NE(m, nullptr) << t.id().display();
        EXPECT_EQ(m->trialPath, t.trialPath);
        EXPECT_EQ(m->system, t.system);
        EXPECT_EQ(m->taskIndex, t.taskIndex);
        EXPECT_EQ(m->recordedReward, t.recordedReward) << t.trialName;
        EXPECT_EQ(m->loadError, t.loadError);
        EXPECT_EQ(m->zero.category, t.zero.category) << t.trialName;
    }
    EXPECT_EQ(merged.systems.size(), 1u);
    EXPECT_EQ(trialProblems(merged), trialProblems(full));
    // e: the edit step's recorded reward (README, job-0.22 e); b: 0.35463166127791296.
    const TrialRecord* e = merged.find(TrialId{job, "freecad-856aa02a44__gRp63dn"});
    ASSERT_NE(e, nullptr);
    ASSERT_TRUE(e->recordedReward.has_value());
    EXPECT_DOUBLE_EQ(*e->recordedReward, 0.8048801704574926);
    ASSERT_EQ(e->steps.size(), 2u);
    const TrialRecord* b = merged.find(TrialId{job, "freecad-7c431b252d__YvombYC"});
    ASSERT_NE(b, nullptr);
    ASSERT_TRUE(b->recordedReward.has_value());
    EXPECT_DOUBLE_EQ(*b->recordedReward, 0.35463166127791296);
    // The latest finished trial of freecad-856aa02a44 is still g (README), though e came in last.
    const int s = merged.systemIndex(e->system);
    const int k = merged.taskIndex("freecad-856aa02a44");
    ASSERT_GE(s, 0);
    ASSERT_GE(k, 0);
    EXPECT_EQ(merged.trialsOf(s, k).size(), 2u);
    EXPECT_EQ(merged.trials[static_cast<std::size_t>(merged.selectedTrial(s, k))].trialName,
              "freecad-856aa02a44__HZZZZL2");
}

TEST(IncrementalImport, ReplacedAndRemovedTrials) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const std::string job = copyJob(tmp, {});
    const ResultSet full = importResults({job}, kPack);
    ASSERT_EQ(full.trials.size(), 8u);
    const std::size_t problems = full.problems.size();

    // Read again unchanged: replaced in place, nothing added, the same problems.
    MergeCounts counts;
    const ResultSet same = mergeTrialFolders(full, readTrialFolders(job, {kA, kE}), {}, &counts);
    EXPECT_EQ(counts.added, 0);
    EXPECT_EQ(counts.replaced, 2);
    EXPECT_EQ(same.trials.size(), 8u);
    EXPECT_EQ(same.problems.size(), problems);
    EXPECT_EQ(trialProblems(same), trialProblems(full));
    EXPECT_EQ(same.indexOf(TrialId{job, "freecad-578850b93a__w8ThRft"}),
              full.indexOf(TrialId{job, "freecad-578850b93a__w8ThRft"}));

    // a's folder is gone: it leaves the set; a folder never imported is ignored.
    fs::remove_all(job + "/" + kA);
    TrialFolderRead none;
    none.bundle = job;
    const ResultSet fewer = mergeTrialFolders(full, none, {kA, "no-such-trial__x/"}, &counts);
    EXPECT_EQ(counts.removed, 1);
    EXPECT_EQ(counts.added, 0);
    EXPECT_EQ(fewer.trials.size(), 7u);
    EXPECT_EQ(fewer.bundleInfo[0].trials, 7);
    EXPECT_FALSE(fewer.indexOf(TrialId{job, "freecad-578850b93a__w8ThRft"}).has_value());
    for (const auto& p : fewer.problems)
        EXPECT_EQ(p.path.find("freecad-578850b93a__w8ThRft"), std::string::npos) << p.reason;
}

TEST(IncrementalImport, HalfWrittenResultIsRetriedThenReported) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const std::string job = copyJob(tmp, {kB});
    const ResultSet before = importResults({job}, kPack);
    ASSERT_EQ(before.trials.size(), 7u);

    fs::copy(kHarbor + "/job-0.22/" + kB, job + "/" + kB, fs::copy_options::recursive);
    std::ifstream in(job + "/" + kB + "result.json", std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_GT(text.size(), 100u);
    for (const std::string& partial : {std::string(), text.substr(0, text.size() / 2)}) {
        std::ofstream(job + "/" + kB + "result.json", std::ios::binary | std::ios::trunc) << partial;
        const TrialFolderRead read = readTrialFolders(job, {kB});
        EXPECT_TRUE(read.trials.empty());
        ASSERT_EQ(read.unreadable.size(), 1u);
        EXPECT_EQ(read.unreadable[0], kB);
        const ResultSet merged = mergeTrialFolders(before, read, {});
        EXPECT_EQ(merged.trials.size(), 7u);
        EXPECT_EQ(merged.problems.size(), before.problems.size());
    }

    // Retried long enough: it is imported as it is, and reported like a full import reports it.
    const TrialFolderRead late = readTrialFolders(job, {kB}, {kB});
    EXPECT_TRUE(late.unreadable.empty());
    ASSERT_EQ(late.trials.size(), 1u);
    EXPECT_EQ(late.trials[0].loadError, "result.json: not valid JSON");
    const ResultSet broken = mergeTrialFolders(before, late, {});
    EXPECT_EQ(broken.trials.size(), 8u);
    EXPECT_EQ(broken.problems.size(), before.problems.size() + 1);
    EXPECT_EQ(broken.problems.back().reason, "result.json: not valid JSON");
    EXPECT_EQ(broken.problems.back().trial, "freecad-7c431b252d__YvombYC");

    // The full file: the broken trial is replaced and its problem goes.
    std::ofstream(job + "/" + kB + "result.json", std::ios::binary | std::ios::trunc) << text;
    MergeCounts counts;
    const ResultSet fixed = mergeTrialFolders(broken, readTrialFolders(job, {kB}), {}, &counts);
    EXPECT_EQ(counts.replaced, 1);
    EXPECT_EQ(fixed.trials.size(), 8u);
    EXPECT_EQ(trialProblems(fixed), trialProblems(importResults({job}, kPack)));
    const TrialRecord* b = fixed.find(TrialId{job, "freecad-7c431b252d__YvombYC"});
    ASSERT_NE(b, nullptr);
    EXPECT_TRUE(b->loadError.empty());

    // A bundle that is gone: one line, nothing read.
    const TrialFolderRead gone = readTrialFolders(job + "/missing", {kB});
    EXPECT_FALSE(gone.error.empty());
    EXPECT_TRUE(gone.trials.empty());
}

TEST(IncrementalImport, FirstTrialOfAJobThatHadNone) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const std::string job = copyJob(tmp, {});
    std::vector<std::string> all;
    for (const auto& e : fs::directory_iterator(job))
        if (e.is_directory()) all.push_back(e.path().filename().string() + "/");
    ASSERT_EQ(all.size(), 8u);
    for (const auto& t : all)
        fs::rename(job + "/" + t, tmp.path().toStdString() + "/" + t); // not started yet
    fs::rename(job + "/result.json", tmp.path().toStdString() + "/job-result.json");

    // No result.json anywhere: no trial, one line saying so, which the first finished trial ends.
    const ResultSet empty = importResults({job}, kPack);
    EXPECT_TRUE(empty.trials.empty());
    const auto noneYet = [&](const ResultSet& s) {
        return std::count_if(s.problems.begin(), s.problems.end(), [&](const ImportProblem& p) {
            return p.path == job && p.reason.rfind("no finished trials yet", 0) == 0;
        });
    };
    EXPECT_EQ(noneYet(empty), 1);
    fs::rename(tmp.path().toStdString() + "/" + kA, job + "/" + kA);
    MergeCounts counts;
    const ResultSet one = mergeTrialFolders(empty, readTrialFolders(job, {kA}), {}, &counts);
    EXPECT_EQ(counts.added, 1);
    ASSERT_EQ(one.trials.size(), 1u);
    EXPECT_EQ(one.systems.size(), 1u);
    EXPECT_EQ(one.bundleInfo[0].trials, 1);
    EXPECT_EQ(noneYet(one), 0);
    ASSERT_TRUE(one.trials[0].recordedReward.has_value());
    EXPECT_DOUBLE_EQ(*one.trials[0].recordedReward, 0.7866550762942912); // README, job-0.22 a

    // The job's own result.json and no trial yet: a full import takes the job folder for a trial; the
    // first trial folder below it replaces that.
    fs::remove_all(job + "/" + kA);
    fs::rename(tmp.path().toStdString() + "/job-result.json", job + "/result.json");
    const ResultSet jobOnly = importResults({job}, kPack);
    ASSERT_EQ(jobOnly.trials.size(), 1u);
    EXPECT_EQ(jobOnly.trials[0].id().path, "");
    fs::rename(tmp.path().toStdString() + "/" + kE, job + "/" + kE);
    const ResultSet first = mergeTrialFolders(jobOnly, readTrialFolders(job, {kE}), {}, &counts);
    EXPECT_EQ(counts.added, 1);
    EXPECT_EQ(counts.removed, 1);
    ASSERT_EQ(first.trials.size(), 1u);
    EXPECT_EQ(first.trials[0].trialName, "freecad-856aa02a44__gRp63dn");
    EXPECT_EQ(first.bundleInfo[0].trials, 1);
    EXPECT_EQ(trialProblems(first), trialProblems(importResults({job}, kPack)));
}

// Only the folders asked for are listed (models/bundle_import.cpp readHarborTrialFolders): one gone meanwhile
// is not a trial, and one reached through a symlink inside the bundle is read as a full listing reads it.
TEST(IncrementalImport, OnlyTheFoldersAskedForAreRead) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const std::string job = copyJob(tmp, {kB});
    fs::copy(kHarbor + "/job-0.22/" + kB, job + "/" + kB, fs::copy_options::recursive);
    // kA moved under another name and linked back under its own (both names are trials for an import).
    fs::rename(job + "/" + kA, job + "/moved-a");
    fs::create_directory_symlink("moved-a", job + "/freecad-578850b93a__w8ThRft");
    const TrialFolderRead read = readTrialFolders(job, {kB, kA, "freecad-000gone__X/"});
    EXPECT_TRUE(read.error.empty()) << read.error;
    ASSERT_EQ(read.trials.size(), 2u);
    const ResultSet full = importResults({job}, kPack);
    for (const auto& t : read.trials) {
        const TrialRecord* f = full.find(t.id());
        ASSERT_NE(f, nullptr) << t.id().display();
        EXPECT_EQ(t.trialPath, f->trialPath);
        EXPECT_EQ(t.recordedReward, f->recordedReward);
        EXPECT_EQ(t.answer.display(), f->answer.display());
        EXPECT_EQ(t.steps.size(), f->steps.size());
    }
}
