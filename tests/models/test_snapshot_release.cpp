// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// shareResultSet (models/result_set.h): a large snapshot is freed by the background releaser, not by
// whoever lets go of it last (the GUI thread while following a job); a small one is freed in place. Either
// way the snapshot is intact while anyone holds it.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "models/result_set.h"

using namespace vernier;

namespace {

ResultSet setOf(std::size_t trials) {
    ResultSet set;
    set.trials.resize(trials);
    for (std::size_t i = 0; i < trials; ++i) {
        set.trials[i].taskId = "task-with-a-name-long-enough-to-allocate-" + std::to_string(i);
        set.trials[i].trialName = "trial-" + std::to_string(i);
    }
    return set;
}

} // namespace

TEST(SnapshotRelease, ALargeSnapshotIsFreedByTheBackgroundReleaser) {
    const std::size_t before = waitForBackgroundReleases();
    auto shared = shareResultSet(setOf(kBackgroundReleaseTrials));
    std::shared_ptr<const ResultSet> viewer = shared; // a second holder, as a page holds the set
    shared.reset();
    EXPECT_EQ(waitForBackgroundReleases(), before) << "freed while a holder remained";
    ASSERT_EQ(viewer->trials.size(), kBackgroundReleaseTrials);
    EXPECT_EQ(viewer->trials.back().trialName, "trial-" + std::to_string(kBackgroundReleaseTrials - 1));
    viewer.reset(); // the last holder: hands it over and returns
    EXPECT_EQ(waitForBackgroundReleases(), before + 1);
}

TEST(SnapshotRelease, ASmallSnapshotIsFreedWhereItIsLetGo) {
    const std::size_t before = waitForBackgroundReleases();
    auto shared = shareResultSet(setOf(kBackgroundReleaseTrials - 1));
    EXPECT_EQ(shared->trials.size(), kBackgroundReleaseTrials - 1);
    shared.reset();
    EXPECT_EQ(waitForBackgroundReleases(), before);
}

TEST(SnapshotRelease, SnapshotsLetGoOnManyThreadsAreAllFreed) {
    const std::size_t before = waitForBackgroundReleases();
    std::vector<std::shared_ptr<ResultSet>> sets;
    for (int i = 0; i < 4; ++i)
        sets.push_back(shareResultSet(setOf(kBackgroundReleaseTrials)));
    std::vector<std::thread> threads;
    for (auto& s : sets)
        threads.emplace_back([held = std::move(s)]() mutable { held.reset(); });
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(waitForBackgroundReleases(), before + 4);
}
