// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// models/parallel.h: the threads runOnThreads starts run the given nice steps below their caller (the GUI's
// reads give way to its event loop, docs/index.md "Giving way to the GUI") while the caller keeps its own,
// and Beside runs beside the caller, is waited for, and hands back what its work threw.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "models/parallel.h"

namespace {

int niceOfThisThread() {
    return ::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()));
}

} // namespace

TEST(RunOnThreads, HelpersRunTheSetStepsBelowTheCallerWhichKeepsItsOwn) {
    const int mine = niceOfThisThread();
    ASSERT_LE(mine, 16) << "the test needs room for three steps";
    const auto caller = ::gettid();
    for (const int steps : {0, 3}) {
        SCOPED_TRACE(steps);
        vernier::helperThreadNiceSteps() = steps;
        std::mutex m;
        std::vector<int> helpers;
        std::atomic<int> callerRan{0};
        vernier::runOnThreads(3, [&] {
            if (::gettid() == caller) {
                callerRan = niceOfThisThread() == mine ? 1 : -1;
                return;
            }
            const std::lock_guard<std::mutex> lock(m);
            helpers.push_back(niceOfThisThread());
        });
        vernier::helperThreadNiceSteps() = 0;
        EXPECT_EQ(callerRan.load(), 1);
        EXPECT_EQ(helpers, std::vector<int>(2, mine + steps));
    }
    EXPECT_EQ(niceOfThisThread(), mine);
}

TEST(Beside, RunsOnAnotherThreadAndHandsBackWhatItThrew) {
    const auto caller = ::gettid();
    pid_t ran = 0;
    vernier::Beside ok([&] { ran = ::gettid(); });
    ok.wait();
    EXPECT_NE(ran, 0);
    EXPECT_NE(ran, caller);

    vernier::Beside failing([] { throw std::runtime_error("no memory left"); });
    try {
        failing.wait();
        ADD_FAILURE() << "wait() did not rethrow";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "no memory left");
    }
    EXPECT_NO_THROW(failing.wait()); // handed back once

    // Not waited for: the destructor waits, so what the work writes outlives it.
    std::atomic<int> done{0};
    {
        vernier::Beside later([&] {
            ::usleep(20000);
            done = 1;
        });
    }
    EXPECT_EQ(done.load(), 1);
}
