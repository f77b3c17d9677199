// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Timestamps as Harbor and submissions write them, and reward.txt / verifier_result fallbacks.
#include <gtest/gtest.h>

#include "bundle_builder.h"
#include "models/result_set.h"
#include "models/time_parse.h"
#include "scoring/errors.h"

using namespace vernier;
using namespace vernier::test;

TEST(TimeParse, HarborAndSubmissionForms) {
    // 2026-09-20T10:00:00Z = 1789898400 s after the epoch (20,716 days · 86,400 + 36,000).
    EXPECT_DOUBLE_EQ(*parseIsoTime("2026-09-20T10:00:00Z"), 1789898400.0);
    EXPECT_DOUBLE_EQ(*parseIsoTime("2026-09-20T10:00:00"), 1789898400.0); // naive: UTC
    EXPECT_DOUBLE_EQ(*parseIsoTime("2026-09-20T12:00:00+02:00"), 1789898400.0);
    EXPECT_DOUBLE_EQ(*parseIsoTime("2026-09-20T09:30:00-0030"), 1789898400.0);
    EXPECT_NEAR(*parseIsoTime("2026-09-20T10:00:00.250000"), 1789898400.25, 1e-6);
    EXPECT_DOUBLE_EQ(*parseIsoTime("1970-01-01T00:00:00Z"), 0.0);
    EXPECT_DOUBLE_EQ(*parseIsoTime("2024-02-29T00:00:00Z") - *parseIsoTime("2024-02-28T00:00:00Z"), 86400.0);
    for (const char* bad : {"", "yesterday", "2026-13-01T00:00:00", "2026-09-20", "2026-09-20T10:00:00Zjunk",
                            "2026-09-20T25:00:00"})
        EXPECT_FALSE(parseIsoTime(bad).has_value()) << bad;
}

TEST(RewardFiles, TextFileAndResultJsonFallbacks) {
    TempDir d;
    writeTask(d / "pack", "task-a", "[metadata]\nworkflow = \"creation\"\n", {"tests/reference.FCStd"});
    TrialSpec txt;
    txt.trialName = "task-a__txt";
    writeHarborTrial(d / "job", txt, "", "", {"answer.FCStd"});
    writeFile(d / "job/task-a__txt/verifier/reward.txt", "0.731000\n");
    TrialSpec fromResult;
    fromResult.trialName = "task-a__res";
    fromResult.rewardInResult = 0.42;
    writeHarborTrial(d / "job", fromResult, "", "", {"answer.FCStd"});
    TrialSpec badTxt;
    badTxt.trialName = "task-a__badtxt";
    writeHarborTrial(d / "job", badTxt, "", "", {"answer.FCStd"});
    writeFile(d / "job/task-a__badtxt/verifier/reward.txt", "0.5 0.6");
    TrialSpec badDetails;
    badDetails.trialName = "task-a__baddetails";
    writeHarborTrial(d / "job", badDetails, R"({"reward": 0.9})", "[not json", {"answer.FCStd"});

    ResultSet set = importResults({d / "job"}, d / "pack");
    std::map<std::string, const TrialRecord*> by;
    for (const auto& t : set.trials)
        by[t.trialName] = &t;
    EXPECT_DOUBLE_EQ(*by["task-a__txt"]->recordedReward, 0.731);
    EXPECT_DOUBLE_EQ(*by["task-a__res"]->recordedReward, 0.42);
    EXPECT_EQ(by["task-a__badtxt"]->loadError, "reward.txt: not a single number");
    // A broken reward_details.json is a warning: the reward itself is still good.
    EXPECT_TRUE(by["task-a__baddetails"]->loadError.empty());
    EXPECT_DOUBLE_EQ(*by["task-a__baddetails"]->recordedReward, 0.9);
    ASSERT_EQ(by["task-a__baddetails"]->warnings.size(), 1u);
    EXPECT_FALSE(by["task-a__baddetails"]->recordedDetails.present);
}

TEST(RewardFiles, BundleThatIsNotAZipIsRejectedWithAReason) {
    TempDir d;
    writeTask(d / "pack", "task-a", "[metadata]\nworkflow = \"creation\"\n", {"tests/reference.FCStd"});
    writeFile(d / "results.zip", "PK\x03\x04 truncated");
    try {
        importResults({d / "results.zip"}, d / "pack");
        FAIL() << "no InputError";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("results.zip"), std::string::npos);
    }
    // A zip with a traversal name is refused by the one zip reader.
    writeZip(d / "evil.zip", {{"../../etc/passwd", "x"}});
    EXPECT_THROW(importResults({d / "evil.zip"}, d / "pack"), InputError);
}
