// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/bundle_watcher.h"

#include <QFutureWatcher>
#include <QRunnable>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <utility>
#include <vector>

namespace vernier::ui {

namespace {

constexpr int kPollMs = 2000;    // docs/formats.md, "Live follow"
constexpr int kDebounceMs = 300; // a burst of notifications (a trial folder being filled) is one scan
// Polling costs at most 1/kScanShare of one core: the interval is at least kScanShare times the last scan.
constexpr qint64 kScanShare = 20;
// With no trial running or waiting to be read again the poll only looks for new jobs and trials that
// notifications missed: kIdleFactor times slower (30 s by default).
constexpr int kIdleFactor = 15;
constexpr qint64 kMaxPollMs = 10 * 60 * 1000;

// What a walk takes per trial folder on a warm cache (1.2-1.5 s for 10^5, docs/index.md "The follow
// baseline"): the guess for a state an import handed over, which no walk measured.
constexpr double kWalkMsPerTrial = 0.015;

// How long the scans that gave these states took together.
qint64 scanMsOf(const QHash<QString, BundleWatcher::FolderState>& states) {
    qint64 ms = 0;
    for (const auto& st : states)
        ms += st.scanMs > 0 ? st.scanMs : static_cast<qint64>(kWalkMsPerTrial * st.trials.size());
    return ms;
}

} // namespace

BundleWatcher::BundleWatcher(QObject* parent)
    : QObject(parent), fs_(new QFileSystemWatcher(this)), poll_(new QTimer(this)),
      debounce_(new QTimer(this)), basePollMs_(kPollMs) {
    poll_->setInterval(kPollMs);
    debounce_->setSingleShot(true);
    debounce_->setInterval(kDebounceMs);
    connect(poll_, &QTimer::timeout, this, &BundleWatcher::startScan);
    connect(debounce_, &QTimer::timeout, this, &BundleWatcher::startScan);
    connect(fs_, &QFileSystemWatcher::directoryChanged, this, &BundleWatcher::requestScan);
    connect(fs_, &QFileSystemWatcher::fileChanged, this, &BundleWatcher::requestScan);
}

BundleWatcher::~BundleWatcher() = default;

void BundleWatcher::setPollInterval(int ms) {
    basePollMs_ = std::max(100, ms);
    applyPollInterval();
}

int BundleWatcher::pollInterval() const {
    return poll_->interval();
}

void BundleWatcher::applyPollInterval() {
    bool waiting = false;
    for (const auto& dirs : std::as_const(retry_))
        waiting = waiting || !dirs.isEmpty();
    const qint64 base = running_ > 0 || waiting ? basePollMs_ : qint64(basePollMs_) * kIdleFactor;
    poll_->setInterval(static_cast<int>(std::min(kMaxPollMs, std::max(base, lastScanMs_ * kScanShare))));
}

void BundleWatcher::watch(const QHash<QString, FolderState>& baselines) {
    ++generation_;
    for (FolderState& s : states_)
        retire(std::move(s));
    states_.clear();
    retry_.clear();
    for (auto it = baselines.begin(); it != baselines.end(); ++it)
        if (isFolder(it.key())) states_.insert(it.key(), it.value());
    int running = 0;
    for (const FolderState& s : std::as_const(states_))
        running += s.running();
    const bool changed = running != running_;
    running_ = running;
    lastScanMs_ = scanMsOf(states_);
    applyPollInterval();
    updateWatchedPaths();
    if (states_.isEmpty())
        poll_->stop();
    else
        poll_->start();
    if (changed) emit runningTrialsChanged(running_);
}

void BundleWatcher::stop() {
    watch({});
}

void BundleWatcher::retryLater(const QString& bundle, const QString& dir) {
    if (!states_.contains(bundle)) return;
    retry_[bundle].insert(dir);
    applyPollInterval();
}

void BundleWatcher::requestScan() {
    if (!states_.isEmpty()) debounce_->start();
}

void BundleWatcher::startScan() {
    if (states_.isEmpty()) return;
    if (scanning_) {
        scanAgain_ = true;
        return;
    }
    scanning_ = true;
    const quint64 generation = generation_;
    auto* watcher = new QFutureWatcher<std::vector<Scanned>>(this);
    connect(watcher, &QFutureWatcher<std::vector<Scanned>>::finished, this, [this, watcher, generation] {
        std::vector<Scanned> scans = watcher->result();
        watcher->deleteLater();
        scanned(scans, generation);
    });
    // Off the GUI thread: on a network mount each stat may take a while, and at 10^5 trials the comparison
    // with the previous scan took 60-100 ms (docs/index.md "Performance", following). `before` shares the
    // states of now (QHash is implicitly shared); a watch() meanwhile makes the result stale.
    watcher->setFuture(QtConcurrent::run([before = states_]() {
        std::vector<Scanned> out;
        for (auto it = before.begin(); it != before.end(); ++it)
            out.push_back(compared(it.key(), it.value(), scan(it.key())));
        return out;
    }));
}

BundleWatcher::Scanned BundleWatcher::compared(const QString& bundle, const FolderState& before,
                                               FolderState now) {
    Scanned s;
    s.bundle = bundle;
    for (auto t = now.trials.cbegin(); t != now.trials.cend(); ++t) {
        if (!t->finished) {
            ++s.running;
            continue;
        }
        const auto was = before.trials.constFind(t.key());
        if (was == before.trials.constEnd() || !(*was == *t)) s.changed << t.key();
    }
    for (auto t = before.trials.cbegin(); t != before.trials.cend(); ++t) {
        if (!t->finished) continue;
        const auto after = now.trials.constFind(t.key());
        if (after == now.trials.constEnd() || !after->finished) s.removed << t.key();
    }
    s.changed.sort();
    s.removed.sort();
    s.now = std::move(now);
    return s;
}

void BundleWatcher::retire(FolderState&& state) {
    // Freeing the 10^5 entries of a large bundle's state took 120-150 ms: a pool thread does it, from a
    // runnable that owns the only copy this thread had (a scan still holding one frees it there too).
    struct Release : QRunnable {
        FolderState state;
        void run() override { state = FolderState(); }
    };
    auto* r = new Release;
    r->state = std::move(state);
    QThreadPool::globalInstance()->start(r);
}

void BundleWatcher::scanned(std::vector<Scanned>& scans, quint64 generation) {
    scanning_ = false;
    if (generation == generation_) {
        int running = 0;
        for (Scanned& s : scans) {
            auto old = states_.find(s.bundle);
            if (old == states_.end()) continue;
            // Folders to report again: those still finished and not reported already.
            const QSet<QString> retry = retry_.take(s.bundle);
            for (const QString& dir : retry) {
                const auto t = s.now.trials.constFind(dir);
                if (t == s.now.trials.constEnd() || !t->finished) continue;
                const auto at = std::lower_bound(s.changed.begin(), s.changed.end(), dir);
                if (at == s.changed.end() || *at != dir) s.changed.insert(at, dir);
            }
            retire(std::exchange(*old, std::move(s.now)));
            running += s.running;
            if (!s.changed.isEmpty() || !s.removed.isEmpty())
                emit trialsChanged(s.bundle, s.changed, s.removed);
        }
        lastScanMs_ = scanMsOf(states_);
        const bool runningChanged = running != running_;
        running_ = running;
        applyPollInterval();
        updateWatchedPaths();
        if (runningChanged) emit runningTrialsChanged(running_);
    }
    if (scanAgain_) {
        scanAgain_ = false;
        startScan();
    }
}

void BundleWatcher::updateWatchedPaths() {
    QSet<QString> wanted;
    for (const FolderState& s : std::as_const(states_))
        for (const QString& d : s.watchDirs)
            wanted.insert(d);
    QStringList drop;
    for (const QString& d : fs_->directories())
        if (!wanted.contains(d)) drop << d;
    if (!drop.isEmpty()) fs_->removePaths(drop);
    const QStringList have = fs_->directories();
    const QSet<QString> haveSet(have.begin(), have.end());
    QStringList add;
    for (const QString& d : std::as_const(wanted))
        if (!haveSet.contains(d)) add << d;
    if (!add.isEmpty()) fs_->addPaths(add); // paths it cannot watch are left to the poll
}

} // namespace vernier::ui
