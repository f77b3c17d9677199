// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Several bundles at once: one unreadable bundle is listed as a problem and the others still load.
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <gtest/gtest.h>

#include "models/result_set.h"
#include "scoring/errors.h"

namespace fs = std::filesystem;
using namespace vernier;

namespace {

struct TempDir {
    fs::path path = fs::temp_directory_path() / ("vernier-partial-" + std::to_string(::getpid()));
    TempDir() { fs::create_directories(path); }
    ~TempDir() { fs::remove_all(path); }
};

const std::string kSampleResults = std::string(VERNIER_SOURCE_DIR) + "/resources/sample/results";
const std::string kSamplePack = std::string(VERNIER_SOURCE_DIR) + "/resources/sample/pack";

} // namespace

TEST(ImportPartial, BadZipBesideAGoodBundleIsListedAndTheRestLoads) {
    TempDir tmp;
    const fs::path bad = tmp.path / "broken.zip";
    std::ofstream(bad) << "this is not a zip archive";

    const ResultSet alone = importResults({kSampleResults}, kSamplePack);
    const ResultSet both = importResults({bad.string(), kSampleResults}, kSamplePack);

    EXPECT_EQ(both.trials.size(), alone.trials.size());
    ASSERT_FALSE(alone.trials.empty());
    bool listed = false;
    for (const auto& p : both.problems)
        if (p.path == bad.string()) {
            listed = true;
            EXPECT_NE(p.reason.find("zip"), std::string::npos) << p.reason;
        }
    EXPECT_TRUE(listed);
}

TEST(ImportPartial, WhenNoBundleCanBeReadItIsBadInput) {
    TempDir tmp;
    const fs::path bad = tmp.path / "broken.zip";
    std::ofstream(bad) << "PK but not really";
    EXPECT_THROW(importResults({bad.string()}, kSamplePack), InputError);
}

TEST(ImportPartial, AFolderThatIsNotABundleIsSaidSo) {
    TempDir tmp;
    const fs::path notBundle = tmp.path / "holiday-photos";
    fs::create_directories(notBundle);
    std::ofstream(notBundle / "notes.txt") << "nothing to do with CAD";
    const ResultSet set = importResults({notBundle.string(), kSampleResults}, kSamplePack);
    bool said = false;
    for (const auto& p : set.problems)
        if (p.path == notBundle.string()) {
            said = true;
            EXPECT_NE(p.reason.find("no trials found"), std::string::npos) << p.reason;
        }
    EXPECT_TRUE(said);
}

TEST(ImportPartial, AJobWithNoFinishedTrialYetIsNotCalledANonBundle) {
    TempDir tmp;
    const fs::path job = tmp.path / "2026-12-02__06-00-00";
    fs::create_directories(job);
    std::ofstream(job / "config.json") << R"({"job_name": "2026-12-02__06-00-00"})";
    const ResultSet set = importResults({job.string()}, kSamplePack);
    EXPECT_TRUE(set.trials.empty());
    ASSERT_EQ(set.problems.size(), 1u);
    EXPECT_NE(set.problems[0].reason.find("no finished trials yet"), std::string::npos)
        << set.problems[0].reason;
}

TEST(ImportPartial, TheEmbeddedSampleImportsWithoutProblems) {
    // A new user's first screen: the sample's older Harbor jobs count every trial in stats.evals n_trials.
    const ResultSet set = importResults({kSampleResults}, kSamplePack);
    for (const auto& p : set.problems)
        ADD_FAILURE() << p.path << ": " << p.reason;
    EXPECT_EQ(set.trials.size(), 37u);
}
