// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The GUI on a large bundle (issue 18, Part 1; docs/index.md "Performance"): how long the main window takes
// from File → Open to the first painted leaderboard, how far apart the event loop got to run while importing,
// how long a filter change, a view switch and a sort of the trial table take until painted, and how long
// a trial folder appearing in (or vanishing from) a job takes to reach the statistics on screen (live follow;
// the bench adds folders to the bundle and removes them again).
//
//   bench_gui_scale BUNDLE PACK [REPEATS=3]
//
// Run under Xvfb (xcb) or with QT_QPA_PLATFORM=offscreen; prints one JSON object. Every figure is wall time
// in milliseconds; the per-action ones are medians of REPEATS. The index is used as an import would use it
// (run once to write it, then again for the reopen figure; bench/bench_index.sh does both).
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEvent>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
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
    // Runs the bench's own work (copying a trial folder in, a synchronous repaint): the loop waits for it,
    // but it is not the application's, so the gap is measured up to its start and again from its end.
    template <typename F> void outside(F&& work) {
        const bool running = timer_.isActive() && last_ >= 0;
        if (running) maxGapNs_ = std::max(maxGapNs_, clock_.nsecsElapsed() - last_);
        work();
        if (running) last_ = clock_.nsecsElapsed();
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

// The application with every event's delivery timed: the longest one while `watching`, and to whom it went (a
// long gap between event-loop turns is one long delivery, a slot or a paint, and this names it).
class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* event) override {
        if (!watching) return QApplication::notify(receiver, event);
        QElapsedTimer t;
        t.start();
        const int type = event->type();
        const QString who = QString::fromLatin1(receiver->metaObject()->className()) + QLatin1Char(' ') +
                            receiver->objectName();
        const bool done = QApplication::notify(receiver, event);
        const qint64 ns = t.nsecsElapsed();
        if (ns > longestNs) {
            longestNs = ns;
            longestWhat = who + QStringLiteral(" (event type %1)").arg(type);
        }
        return done;
    }
    bool watching = false;
    qint64 longestNs = 0;
    QString longestWhat;
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

void copyTree(const QString& from, const QString& to) {
    QDir().mkpath(to);
    const QDir src(from);
    for (const QFileInfo& e :
         src.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden)) {
        if (e.isDir())
            copyTree(e.absoluteFilePath(), to + QLatin1Char('/') + e.fileName());
        else
            QFile::copy(e.absoluteFilePath(), to + QLatin1Char('/') + e.fileName());
    }
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
    TimedApplication app(argc, argv);
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
    app.watching = true;
    window.openResults({bundle}, pack);
    const bool loaded = waitFor(session, [&] {
        const auto a = session->analysis();
        return !session->busy() && a && a->set && !a->set->trials.empty() && !a->rows.empty();
    });
    window.repaint(); // the first painted leaderboard
    out["open_to_painted_leaderboard_ms"] = ms(clock);
    out["max_event_gap_while_importing_ms"] = gaps.stopMs();
    app.watching = false;
    out["longest_event_while_importing_ms"] = static_cast<double>(app.longestNs) / 1e6;
    out["longest_event_while_importing"] = app.longestWhat.toStdString();
    app.longestNs = 0;
    app.longestWhat.clear();
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
    // A trial finishing while the job runs: a copy of a trial folder appears in its job (written beside, then
    // renamed in, as a finished trial's folder is complete), until the new trial is in the statistics on
    // screen; then it is removed again, until it is gone. Medians of REPEATS.
    std::vector<double> addMs, removeMs;
    const auto set = session->analysis()->set;
    const TrialRecord* model = nullptr;
    for (const auto& t : set->trials)
        if (!t.trialPath.empty() && t.bundleKind == "harbor") {
            model = &t;
            break;
        }
    double followGapMs = 0;
    if (model) {
        gaps.start();
        app.watching = true;
        const QDir trialDir(QString::fromStdString(model->trialPath));
        const QString job = QFileInfo(trialDir.absolutePath()).absolutePath();
        const std::size_t n = set->trials.size();
        for (int i = 0; i < repeats; ++i) {
            const QString staging = QDir::tempPath() + QStringLiteral("/vernier-bench-follow-%1").arg(i);
            const QString target = job + QStringLiteral("/freecad-000follow__bench%1").arg(i);
            gaps.outside([&] {
                QDir(staging).removeRecursively();
                copyTree(trialDir.absolutePath(), staging);
                clock.restart();
                if (!QDir().rename(staging, target)) { // another file system: copied in place instead
                    copyTree(staging, target);
                    QDir(staging).removeRecursively();
                }
            });
            waitFor(session,
                    [&] { return session->analysis()->set->trials.size() == n + 1 && !session->busy(); });
            gaps.outside([&] {
                window.repaint();
                addMs.push_back(ms(clock));
                clock.restart();
                QDir(target).removeRecursively();
            });
            waitFor(session,
                    [&] { return session->analysis()->set->trials.size() == n && !session->busy(); });
            gaps.outside([&] {
                window.repaint();
                removeMs.push_back(ms(clock));
            });
        }
    }
    if (model) followGapMs = gaps.stopMs();
    app.watching = false;
    out["max_event_gap_while_following_ms"] = followGapMs;
    // Nested deliveries count in their outer one: this is the longest event the loop handed out.
    out["longest_event_while_following_ms"] = static_cast<double>(app.longestNs) / 1e6;
    out["longest_event_while_following"] = app.longestWhat.toStdString();
    out["follow_trial_added_to_painted_ms"] = median(addMs);
    out["follow_trial_removed_to_painted_ms"] = median(removeMs);
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
}
