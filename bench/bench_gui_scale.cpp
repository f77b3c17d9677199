// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The GUI on a large bundle (issue 18, Part 1; docs/index.md "Performance"): how long the main window takes
// from File → Open to the first painted leaderboard, how far apart the event loop got to run while importing,
// and how long a filter change, a view switch and a sort of the trial table take until painted.
//
//   bench_gui_scale BUNDLE PACK [REPEATS=3]
//
// Run under Xvfb (xcb) or with QT_QPA_PLATFORM=offscreen; prints one JSON object. Every figure is wall time
// in milliseconds; the per-action ones are medians of REPEATS. The index is used as an import would use it
// (run once to write it, then again for the reopen figure; bench/bench_index.sh does both).
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QHeaderView>
#include <QTableView>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "models/analysis.h"
#include "models/filter.h"
#include "ui/bundle_watcher.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/view_page.h"

using namespace vernier;

namespace {

// Longest time between two runs of the event loop, measured by a 5 ms timer while `active` holds.
class GapMonitor : public QObject {
public:
    GapMonitor() {
        timer_.setInterval(5);
        timer_.setTimerType(Qt::PreciseTimer);
        QObject::connect(&timer_, &QTimer::timeout, this, [this] {
            const qint64 now = clock_.nsecsElapsed();
            if (last_ >= 0) maxGapNs_ = std::max(maxGapNs_, now - last_);
            last_ = now;
        });
    }
    void start() {
        clock_.start();
        last_ = -1;
        maxGapNs_ = 0;
        timer_.start();
    }
    double stopMs() {
        timer_.stop();
        return static_cast<double>(maxGapNs_) / 1e6;
    }

private:
    QTimer timer_;
    QElapsedTimer clock_;
    qint64 last_ = -1;
    qint64 maxGapNs_ = 0;
};

// Runs the event loop until `done` holds (checked after every analysis and every 10 ms), at most 10 minutes.
bool waitFor(ui::Session* session, const std::function<bool()>& done) {
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done()) loop.quit();
    });
    QObject::connect(session, &ui::Session::analysisChanged, &loop, [&] {
        if (done()) loop.quit();
    });
    QTimer::singleShot(600000, &loop, &QEventLoop::quit);
    poll.start(10);
    if (!done()) loop.exec();
    return done();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

double ms(const QElapsedTimer& t) {
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_gui_scale BUNDLE PACK [REPEATS=3]\n");
        return 2;
    }
    const QString bundle = QString::fromLocal8Bit(argv[1]);
    const QString pack = QString::fromLocal8Bit(argv[2]);
    const int repeats = argc > 3 ? std::max(1, std::atoi(argv[3])) : 3;

    ui::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QApplication::processEvents();
    ui::Session* session = window.session();
    window.showView(QStringLiteral("leaderboard"));

    nlohmann::json out;
    GapMonitor gaps;
    QElapsedTimer clock;
    gaps.start();
    clock.start();
    window.openResults({bundle}, pack);
    const bool loaded = waitFor(session, [&] {
        const auto a = session->analysis();
        return !session->busy() && a && a->set && !a->set->trials.empty() && !a->rows.empty();
    });
    window.repaint(); // the first painted leaderboard
    out["open_to_painted_leaderboard_ms"] = ms(clock);
    out["max_event_gap_while_importing_ms"] = gaps.stopMs();
    if (!loaded) {
        std::fprintf(stderr, "the bundle did not load\n");
        return 1;
    }
    out["trials"] = session->analysis()->set->trials.size();
    out["systems"] = session->analysis()->rows.size();

    // A filter change: creation tasks only, then back to everything, each until the new numbers are painted
    // on the page on screen, and until every other page has them too (they follow one per event-loop turn,
    // ui/main_window.h); the next change starts after that.
    std::vector<double> filterMs, filterAllMs;
    bool everyPage = false;
    QObject::connect(&window, &ui::MainWindow::analysisShown, [&] { everyPage = true; });
    for (int i = 0; i < repeats; ++i) {
        for (bool narrow : {true, false}) {
            Filter f;
            if (narrow) f.workflows = {Workflow::Creation};
            const auto before = session->analysis();
            everyPage = false;
            clock.restart();
            session->setFilter(f);
            waitFor(session, [&] { return session->analysis() != before && !session->busy(); });
            window.repaint();
            filterMs.push_back(ms(clock));
            waitFor(session, [&] { return everyPage; });
            filterAllMs.push_back(ms(clock));
        }
    }
    out["filter_change_ms"] = median(filterMs);
    out["filter_change_every_page_ms"] = median(filterAllMs);

    // A view switch: leaderboard → trials → heatmap → leaderboard, each until painted.
    std::vector<double> switchMs;
    const QStringList order = {QStringLiteral("trials"), QStringLiteral("heatmap"),
                               QStringLiteral("leaderboard")};
    for (int i = 0; i < repeats; ++i)
        for (const QString& key : order) {
            clock.restart();
            window.showView(key);
            window.repaint();
            switchMs.push_back(ms(clock));
        }
    out["view_switch_ms"] = median(switchMs);

    // Sorting the trial table (every trial a row) by a column, alternating the order, until painted.
    window.showView(QStringLiteral("trials"));
    window.repaint();
    std::vector<double> sortMs;
    if (auto* table = window.view(QStringLiteral("trials"))->findChild<QTableView*>()) {
        out["trial_table_rows"] = table->model() ? table->model()->rowCount() : 0;
        const int columns = table->model() ? table->model()->columnCount() : 0;
        for (int i = 0; i < repeats; ++i)
            for (int column : {1, std::min(4, columns - 1)}) {
                const Qt::SortOrder orderNow = i % 2 ? Qt::AscendingOrder : Qt::DescendingOrder;
                clock.restart();
                table->sortByColumn(column, orderNow);
                window.repaint();
                sortMs.push_back(ms(clock));
            }
    }
    out["trial_table_sort_ms"] = median(sortMs);
    // Live follow of the bundle: how long one scan takes, and the poll interval it led to (bundle_watcher.h).
    out["follow_poll_interval_ms"] = session->bundleWatcher()->pollInterval();
    out["follow_scan_ms"] = ui::BundleWatcher::scan(bundle).scanMs;
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
}
