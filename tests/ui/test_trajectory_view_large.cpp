// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The trajectory tab on a 1 GiB trajectory generated here (~1M steps, deleted afterwards): the file is
// indexed off the GUI thread, so the event loop keeps processing events while it is read; the first page is
// shown, a step deep inside the file opens, and memory stays bounded (the file is paged, never read whole).
// Closing the tab while it indexes returns (the pass is cancelled). Peak RSS and the longest pause of the
// event loop are printed for the report; nothing asserts a timing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sys/resource.h>
#include <unistd.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTimer>
#include <QTreeView>
#include <gtest/gtest.h>

#include "models/file_ref.h"
#include "support/temp_dir.h"
#include "ui/inspector/trajectory_view.h"

using namespace vernier;
using namespace vernier::ui;
namespace fs = std::filesystem;

namespace {

// A private temporary folder, removed at the end of the test.
struct TempDir : test::TempDir {
    TempDir() : test::TempDir("vernier-bigview") {}
};

long maxRssKiB() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

// ~1 KiB steps until `bytes`, final_metrics at the end. Returns the number of steps.
long writeTrajectory(const fs::path& p, std::uint64_t bytes) {
    std::ofstream out(p, std::ios::binary);
    const std::string filler(800, 'x');
    out << R"({"schema_version": "ATIF-v1.6", "agent": {"name": "claude-code", "model_name": "m"}, "steps": [)";
    long n = 0;
    std::string buf;
    buf.reserve(4 << 20);
    std::uint64_t written = 0;
    while (written < bytes) {
        buf.clear();
        for (int k = 0; k < 2000; ++k) {
            ++n;
            if (n > 1) buf += ",\n";
            buf +=
                R"({"step_id": )" + std::to_string(n) + R"(, "source": "agent", "message": "step )" +
                std::to_string(n) + ' ' + filler +
                R"(", "tool_calls": [{"tool_call_id": "c", "function_name": "bash", "arguments": {"cmd": "ls"}}],)"
                R"( "metrics": {"prompt_tokens": 1000, "completion_tokens": 20, "cost_usd": 0.001}})";
        }
        out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
        written += buf.size();
    }
    out << "\n], \"final_metrics\": {\"total_steps\": " << n << "}}\n";
    return n;
}

} // namespace

TEST(TrajectoryViewLarge, AOneGibTrajectoryLoadsWhileTheGuiStaysResponsive) {
    TempDir dir;
    const fs::path file = dir.path / "trajectory.json";
    const long steps = writeTrajectory(file, 1ull << 30);
    ASSERT_GE(fs::file_size(file), 1ull << 30);

    TrajectoryView view;
    view.resize(900, 600);
    view.show();
    QApplication::processEvents();
    const long rssBefore = maxRssKiB();

    // A timer on the GUI thread: its ticks are events processed while the file is indexed.
    int ticks = 0;
    qint64 longestGapMs = 0;
    QElapsedTimer sinceTick;
    QTimer timer;
    timer.setInterval(10);
    QObject::connect(&timer, &QTimer::timeout, [&] {
        if (view.loading()) ++ticks;
        if (sinceTick.isValid())
            longestGapMs = std::max(longestGapMs, sinceTick.restart());
        else
            sinceTick.start();
    });
    timer.start();

    QElapsedTimer clock;
    clock.start();
    QSignalSpy loaded(&view, &TrajectoryView::loaded);
    view.showFile(FileRef::onDisk(file.string()));
    ASSERT_TRUE(view.loading());
    ASSERT_TRUE(loaded.wait(240000)) << "the 1 GiB trajectory was not indexed";
    timer.stop();
    const double seconds = clock.elapsed() / 1000.0;
    std::printf("indexed a %.2f GiB trajectory (%ld steps) in %.1f s; %d timer events processed meanwhile, "
                "longest event-loop pause %lld ms; peak RSS %.1f MiB (%.1f MiB before)\n",
                fs::file_size(file) / double(1ull << 30), steps, seconds, ticks,
                static_cast<long long>(longestGapMs), maxRssKiB() / 1024.0, rssBefore / 1024.0);
    EXPECT_GT(ticks, 0) << "the event loop processed nothing while the file was indexed";

    ASSERT_FALSE(view.showingText()) << view.text().toStdString();
    EXPECT_EQ(view.model()->trajectory().stepCount(), static_cast<std::size_t>(steps));
    QApplication::processEvents();
    EXPECT_EQ(view.model()->rowCount(), static_cast<int>(TrajectoryStepModel::kPageSize));
    // Scrolling to the end of the list fetches the next page, not the whole file.
    view.stepView()->scrollToBottom();
    QApplication::processEvents();
    EXPECT_GE(view.model()->rowCount(), static_cast<int>(2 * TrajectoryStepModel::kPageSize));
    EXPECT_LT(view.model()->rowCount(), 10 * static_cast<int>(TrajectoryStepModel::kPageSize));
    // A step deep inside the file is read from its byte range.
    const auto deep = view.model()->trajectory().loadStep(static_cast<std::size_t>(steps - 1));
    EXPECT_TRUE(deep.error.empty()) << deep.error;
    EXPECT_EQ(deep.stepId, steps);
    view.stepView()->setCurrentIndex(view.model()->index(1, 0));
    QApplication::processEvents();
    EXPECT_NE(view.detailsText().indexOf(QStringLiteral("step 2 ")), -1);
#if !defined(__SANITIZE_ADDRESS__)
    // ~16 bytes of index per step, and the pages shown: far below the file's size.
    EXPECT_LT(maxRssKiB() - rssBefore, 256 * 1024) << "the view must not hold the file";
#endif
}

TEST(TrajectoryViewLarge, ClosingTheTabWhileItIndexesReturns) {
    TempDir dir;
    const fs::path file = dir.path / "trajectory.json";
    writeTrajectory(file, 256ull << 20);
    for (int delayMs : {0, 50, 300}) {
        auto view = std::make_unique<TrajectoryView>();
        view->show();
        view->showFile(FileRef::onDisk(file.string()));
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < delayMs)
            QApplication::processEvents(QEventLoop::AllEvents, 10);
        view.reset(); // cancels the index pass and waits for it: must return, not hang
    }
    // And a view that finishes after that still works on the same file.
    TrajectoryView view;
    QSignalSpy loaded(&view, &TrajectoryView::loaded);
    view.showFile(FileRef::onDisk(file.string()));
    ASSERT_TRUE(loaded.wait(120000));
    EXPECT_FALSE(view.showingText());
}
