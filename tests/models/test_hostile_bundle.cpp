// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The importer and the rescoring engine on the committed hostile bundle (tests/data/hostile/bundle, issue 8):
// every broken trial is listed with its reason while the rest loads, the same from a folder or a zip;
// symlinks never lead out; broken answer documents score 0 with their reason in the real worker;
// a worker that aborts takes only its trial down; and the bundle is byte-identical after import,
// rescoring and export.
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bundle_builder.h"
#include "models/report_json.h"
#include "models/result_set.h"
#include "models/statistics.h"
#include "models/table_export.h"
#include "worker/rescoring.h"

using namespace vernier;
using namespace vernier::test;
using ::testing::HasSubstr;

namespace {

namespace fs = std::filesystem;

const fs::path kBundle = fs::path(VERNIER_TEST_DATA_DIR) / "hostile/bundle/job-hostile";
const fs::path kPack = fs::path(VERNIER_SOURCE_DIR) / "resources/sample/pack";

// Trial folder -> the reason its loadError must contain.
const std::map<std::string, std::string> kBroken = {
    {"freecad-deee5c3830__invalid_json", "result.json: not valid JSON"},
    {"freecad-deee5c3830__result_array", "result.json: not a JSON object"},
    {"freecad-deee5c3830__reward_string", "reward.json: \"reward\" is not a number"},
    {"freecad-deee5c3830__reward_no_key", "reward.json: no \"reward\" key"},
    {"freecad-deee5c3830__reward_txt_words", "reward.txt: not a number"},
    {"freecad-deee5c3830__reward_infinite", "reward.json:"},
};
// Trials whose metadata is fine but whose answer document is hostile -> the scorer's reason.
const std::map<std::string, std::string> kBadAnswers = {
    {"freecad-578850b93a__truncated_answer", "not a zip"},
    {"freecad-578850b93a__bomb_answer", "compression ratio above 200:1"},
    {"freecad-578850b93a__corrupt_shape_answer", "not a BREP shape"},
};

std::string folderOf(const TrialRecord& t) {
    std::string p = t.trialPath;
    while (!p.empty() && p.back() == '/')
        p.pop_back();
    return fs::path(p).filename().string();
}

const TrialRecord* trialIn(const ResultSet& set, const std::string& folder) {
    for (const auto& t : set.trials)
        if (folderOf(t) == folder) return &t;
    return nullptr;
}

void expectEveryTrialAccountedFor(const ResultSet& set) {
    ASSERT_EQ(set.trials.size(), 11u);
    for (const auto& [folder, reason] : kBroken) {
        const TrialRecord* t = trialIn(set, folder);
        ASSERT_NE(t, nullptr) << folder;
        EXPECT_THAT(t->loadError, HasSubstr(reason)) << folder;
        bool listed = false;
        for (const auto& p : set.problems)
            listed |= p.path == t->trialPath && p.reason == t->loadError;
        EXPECT_TRUE(listed) << folder << " not in the problem list";
    }
    for (const char* good : {"freecad-578850b93a__good", "freecad-d7a043ce3d__good"}) {
        const TrialRecord* t = trialIn(set, good);
        ASSERT_NE(t, nullptr) << good;
        EXPECT_EQ(t->loadError, "") << good;
        EXPECT_EQ(t->system.label(), "hostile-agent/test/model-1");
        EXPECT_FALSE(t->answer.empty());
    }
    EXPECT_DOUBLE_EQ(*trialIn(set, "freecad-578850b93a__good")->recordedReward, 0.75);
    EXPECT_DOUBLE_EQ(*trialIn(set, "freecad-d7a043ce3d__good")->recordedReward, 0.5);
    for (const auto& [folder, reason] : kBadAnswers) {
        const TrialRecord* t = trialIn(set, folder);
        ASSERT_NE(t, nullptr) << folder;
        EXPECT_EQ(t->loadError, "") << folder; // the answer is only opened when scoring
    }
    // Statistics see only the valid trials: 2 good + 3 with (recorded) zero rewards.
    const int good = set.systemIndex(SystemId{"hostile-agent", "test/model-1"});
    ASSERT_GE(good, 0);
    EXPECT_EQ(set.trialCount(good), 2);
}

// Every regular file under `root` (relative path -> bytes) plus each file's modification time.
struct Snapshot {
    std::map<std::string, std::string> bytes;
    std::map<std::string, fs::file_time_type> times;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const fs::path& root) {
    Snapshot s;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        const std::string rel = fs::relative(e.path(), root).string();
        if (e.is_regular_file())
            s.bytes[rel] = readFile(e.path().string());
        else
            s.bytes[rel] = "<dir>";
        s.times[rel] = e.last_write_time();
    }
    return s;
}

RescoreOptions realWorker(const TempDir& d) {
    RescoreOptions o;
    o.workers = 2;
    o.timeoutSeconds = 120;
    o.workerProgram = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
    o.cacheDirectory = d / "cache";
    return o;
}

} // namespace

TEST(HostileBundle, EveryBrokenTrialIsListedAndTheRestLoadsFromAFolder) {
    expectEveryTrialAccountedFor(importResults({kBundle.string()}, kPack.string()));
}

TEST(HostileBundle, TheSameFromAZipOfTheBundle) {
    TempDir d;
    zipFolder(kBundle.string(), d / "job-hostile.zip", "job-hostile/");
    expectEveryTrialAccountedFor(importResults({d / "job-hostile.zip"}, kPack.string()));
}

TEST(HostileBundle, SymlinksOutOfTheBundleOrInLoopsAreNotFollowed) {
    TempDir d;
    fs::copy(kBundle, d / "job", fs::copy_options::recursive);
    writeFile(d / "outside/result.json",
              R"({"task_name": "x/freecad-deee5c3830", "agent_info": {"name": "escaped"}})");
    // A trial folder that is a relative link out of the bundle, one that loops to the bundle root, and a
    // link inside the bundle (followed).
    fs::create_directory_symlink("../outside", d / "job/freecad-deee5c3830__escape");
    fs::create_directory_symlink("..", d / "job/freecad-d7a043ce3d__good/loop");
    fs::create_directory_symlink("freecad-578850b93a__good", d / "job/freecad-578850b93a__alias");
    const ResultSet set = importResults({d / "job"}, kPack.string());
    for (const auto& t : set.trials)
        EXPECT_NE(t.system.agent, "escaped") << t.trialPath;
    int outside = 0;
    for (const auto& p : set.problems)
        outside += p.reason == "symlink points outside the bundle; not followed";
    EXPECT_EQ(outside, 1);
    // The inside link is read as a second copy of the good trial; the loop adds nothing.
    EXPECT_NE(trialIn(set, "freecad-578850b93a__alias"), nullptr);
    EXPECT_EQ(set.trials.size(), 12u);
}

// Metadata files are read whole, so a huge one is refused: the trial is listed, the others load.
TEST(HostileBundle, OversizedMetadataFileIsThatTrialsError) {
    TempDir d;
    fs::copy(kBundle, d / "job", fs::copy_options::recursive);
    {
        std::ofstream big(d / "job/freecad-d7a043ce3d__good/result.json", std::ios::binary | std::ios::trunc);
        big << "{\"task_name\": \"gnucleus-ai/freecad-d7a043ce3d\", \"pad\": \"";
        const std::string chunk(1u << 20, ' ');
        for (int i = 0; i < 65; ++i)
            big << chunk;
        big << "\"}";
    }
    const ResultSet set = importResults({d / "job"}, kPack.string());
    EXPECT_THAT(trialIn(set, "freecad-d7a043ce3d__good")->loadError,
                HasSubstr("result.json: file too large"));
    EXPECT_EQ(trialIn(set, "freecad-578850b93a__good")->loadError, "");
}

// The real worker (`vernier-cli rescore-worker`) on the hostile answers: each scores 0 with the document's
// reason; the good trials are scored; the bundle is untouched by import,
// rescoring and export of every table.
TEST(HostileBundle, RescoringNamesEachBadAnswerAndTheBundleStaysByteIdentical) {
    TempDir d;
    fs::copy(kBundle, d / "job", fs::copy_options::recursive);
    const Snapshot before = snapshot(d / "job");

    ResultSet set = importResults({d / "job"}, kPack.string());
    std::vector<TrialId> trials;
    for (const TrialRecord& t : set.trials)
        if (t.loadError.empty()) trials.push_back(t.id());
    ASSERT_EQ(trials.size(), 5u);
    const auto results = RescoreEngine(realWorker(d)).run(set, trials);
    ASSERT_EQ(results.size(), 5u);
    for (const auto& [i, r] : results) {
        const std::string folder = folderOf(*set.find(i));
        auto bad = kBadAnswers.find(folder);
        if (bad != kBadAnswers.end()) {
            // An unreadable answer scores 0 with the document's reason, as the benchmark's verifier
            // ("No solid shape found"): a verdict on the trial, not a scorer crash.
            EXPECT_FALSE(r.scorerCrash) << folder << ": " << r.error;
            ASSERT_TRUE(r.reward.has_value()) << folder;
            EXPECT_EQ(*r.reward, 0.0) << folder;
            EXPECT_EQ(r.single.gate, "body") << folder;
            EXPECT_THAT(r.single.geometryReason, HasSubstr(bad->second)) << folder;
            EXPECT_EQ(r.single.geometryReason.find('\n'), std::string::npos) << folder;
        } else {
            EXPECT_FALSE(r.scorerCrash) << folder << ": " << r.error;
            ASSERT_TRUE(r.reward.has_value()) << folder;
            EXPECT_GE(*r.reward, 0.0);
            EXPECT_LE(*r.reward, 1.0);
        }
    }
    applyRescored(set, results);
    // Export everything a report holds, outside the bundle.
    const auto rows = leaderboard(set);
    std::vector<ZeroCounts> zeros;
    for (std::size_t s = 0; s < set.systems.size(); ++s)
        zeros.push_back(zeroCounts(set, static_cast<int>(s)));
    writeFile(d / "out/leaderboard.csv", leaderboardCsv(rows));
    writeFile(d / "out/leaderboard.tex", leaderboardLatex(rows));
    writeFile(d / "out/zeros.csv", zeroCategoriesCsv(rows, zeros));
    writeFile(d / "out/leaderboard.json", leaderboardJson(set).dump());
    // A second run comes from the cache and must not touch the bundle either.
    const auto again = RescoreEngine(realWorker(d)).run(set, trials);
    for (const auto& [i, r] : again)
        EXPECT_TRUE(r.fromCache) << folderOf(*set.find(i));

    EXPECT_TRUE(snapshot(d / "job") == before) << "the bundle changed";
}

// A worker that aborts (SIGABRT) on every job: each trial becomes a scorer_crash, the run finishes.
TEST(HostileBundle, AnAbortingWorkerMarksOnlyTheTrialsItTook) {
    TempDir d;
    ResultSet set = importResults({kBundle.string()}, kPack.string());
    RescoreOptions o = realWorker(d);
    o.workerProgram = "/bin/sh";
    o.workerArguments = {"-c", "read line; kill -ABRT $$"};
    o.useCache = false;
    std::vector<TrialId> trials;
    for (const TrialRecord& t : set.trials)
        if (t.loadError.empty()) trials.push_back(t.id());
    const auto results = RescoreEngine(o).run(set, trials);
    ASSERT_EQ(results.size(), trials.size());
    for (const auto& [i, r] : results) {
        EXPECT_TRUE(r.scorerCrash);
        EXPECT_FALSE(r.error.empty());
    }
    applyRescored(set, results);
    // The recorded rewards are still there for the mismatch list; the crash counts as 0 (docs/contract.md
    // §1).
    EXPECT_DOUBLE_EQ(trialIn(set, "freecad-578850b93a__good")->effectiveReward(true), 0.0);
    EXPECT_DOUBLE_EQ(*trialIn(set, "freecad-578850b93a__good")->recordedReward, 0.75);
}
