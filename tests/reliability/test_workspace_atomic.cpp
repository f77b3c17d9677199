// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The workspace file is never half-written (models/workspace.cpp saveWorkspace: a temporary file beside it,
// fsync, rename): a process killed with SIGKILL at random moments while it saves over and over leaves the old
// or the new workspace, always loadable; a write that fails (the file size limit, RLIMIT_FSIZE) leaves the
// old file byte for byte and no temporary behind.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

#include "models/workspace.h"
#include "scoring/errors.h"
#include "support/temp_dir.h"

using namespace vernier;
namespace fs = std::filesystem;

namespace {

// A private temporary folder, removed at the end of the test.
struct TempDir : test::TempDir {
    TempDir() : test::TempDir("vernier-wsatomic") {}
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A small workspace, and a large one (thousands of bundles: a few hundred KiB, written in several pieces).
Workspace smallWorkspace(const fs::path& base) {
    Workspace ws;
    ws.bundles = {{(base / "results/job1").string(), true}};
    ws.taskPack = (base / "pack").string();
    return ws;
}

Workspace largeWorkspace(const fs::path& base) {
    Workspace ws;
    for (int i = 0; i < 6000; ++i)
        ws.bundles.push_back(
            {(base / ("results/a-rather-long-job-folder-name-" + std::to_string(i))).string(), i % 3 != 0});
    ws.taskPack = (base / "pack").string();
    ws.policy = SelectionPolicy::Best;
    ws.preferRescored = true;
    return ws;
}

int temporariesIn(const fs::path& dir, const std::string& file) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().rfind("." + file + ".", 0) == 0) ++n;
    return n;
}

} // namespace

TEST(WorkspaceAtomic, KilledWhileSavingLeavesTheOldOrTheNewFile) {
    TempDir d;
    const fs::path file = d.path / "study.vernier.json";
    const Workspace a = smallWorkspace(d.path);
    const Workspace b = largeWorkspace(d.path);
    saveWorkspace(a, file.string());
    ASSERT_GT(workspaceJson(b, d.path.string()).size(), 300u << 10);

    // How long one save of B takes on this machine and build, so the kills land before, during and after.
    const auto t0 = std::chrono::steady_clock::now();
    saveWorkspace(b, (d.path / "timing.vernier.json").string());
    const auto saveUs = static_cast<unsigned>(std::max<long long>(
        1000, std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0)
                  .count()));

    std::mt19937 rng(19);
    int sawA = 0, sawB = 0;
    constexpr int kRounds = 60;
    for (int round = 0; round < kRounds; ++round) {
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            // The child saves A, B, B, A, B, B, ... until it is killed: during the second save of B the file
            // on disk is the first B, so a kill finds B about as often as A (with A and B in turn, B is on
            // disk only while the small A is being saved).
            try {
                for (unsigned i = 0;; ++i)
                    saveWorkspace(i % 3 == 0 ? a : b, file.string());
            } catch (...) {
                ::_exit(3);
            }
        }
        // Mostly within the first saves, sometimes after many: in units of one save of B as timed here
        // (fsync makes a save take a while, and a sanitizer build takes ten times as long as a Release one).
        const auto us = static_cast<unsigned>(rng() % 4 == 0 ? saveUs * (2 + rng() % 8)
                                                             : saveUs / 10 + rng() % (2 * saveUs + 1));
        std::this_thread::sleep_for(std::chrono::microseconds(us));
        ASSERT_EQ(::kill(pid, SIGKILL), 0);
        int status = 0;
        ASSERT_EQ(::waitpid(pid, &status, 0), pid);
        ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
            << "the saving child ended by itself (status " << status << ")";

        Workspace back;
        try {
            back = loadWorkspace(file.string());
        } catch (const InputError& e) {
            FAIL() << "round " << round << ": the workspace is unreadable after a kill: " << e.what();
        }
        if (back == a)
            ++sawA;
        else if (back == b)
            ++sawB;
        else
            FAIL() << "round " << round << ": the workspace is neither the old nor the new one";
    }
    // The kills landed at different points of the sequence; a temporary may be left by a kill between its
    // creation and the rename (never read as the workspace; the next save does not need it).
    const int left = temporariesIn(d.path, file.filename().string());
    std::printf(
        "%d kills (one save of B: %u us): the file was the small workspace %d times, the large one %d "
        "times; %d temporaries left\n",
        kRounds, saveUs, sawA, sawB, left);
    EXPECT_GT(sawA, 0);
    EXPECT_GT(sawB, 0);
    EXPECT_LE(left, kRounds);
}

TEST(WorkspaceAtomic, AFailedWriteLeavesTheOldFileIntact) {
    TempDir d;
    const fs::path file = d.path / "study.vernier.json";
    saveWorkspace(smallWorkspace(d.path), file.string());
    const std::string before = slurp(file);
    ASSERT_LT(before.size(), 4096u);

    // In a child: a 4 KiB file size limit, so writing the large workspace fails half-way (EFBIG).
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::signal(SIGXFSZ, SIG_IGN);
        rlimit lim{4096, 4096};
        ::setrlimit(RLIMIT_FSIZE, &lim);
        try {
            saveWorkspace(largeWorkspace(d.path), file.string());
        } catch (const InputError& e) {
            const std::string why = e.what();
            const bool oneLine = why.find('\n') == std::string::npos && why.size() < 400;
            ::_exit(oneLine && why.rfind("cannot save workspace", 0) == 0 ? 0 : 4);
        } catch (...) {
            ::_exit(5);
        }
        ::_exit(6); // saved despite the limit
    }
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << status;
    EXPECT_EQ(WEXITSTATUS(status), 0) << "4: not a one-line reason, 5: another exception, 6: no error";
    EXPECT_EQ(slurp(file), before) << "the old workspace must stay as it was";
    EXPECT_EQ(temporariesIn(d.path, file.filename().string()), 0);
    EXPECT_EQ(loadWorkspace(file.string()), smallWorkspace(d.path));
}
