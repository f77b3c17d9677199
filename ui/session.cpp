// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/session.h"

#include <functional>

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QPointer>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>
#include <set>

#include "models/incremental_import.h"
#include "models/parallel.h"
#include "ui/bundle_watcher.h"
#include "ui/ui_trace.h"

namespace vernier::ui {

namespace {

struct LoadResult {
    std::shared_ptr<const ResultSet> set;
    std::shared_ptr<Analysis> analysis; // styles are filled on the GUI thread, before it is published
    QString error;
    QHash<QString, BundleWatcher::FolderState> baselines; // followed folders, as the import read them
};

// Nice steps (docs/index.md "Giving way to the GUI"): the import's reader threads below the event loop and
// the statistics, work nobody waits for (the deferred index write, opening a reopened zip) further below.
constexpr int kHelperNiceSteps = 10;
constexpr int kBackgroundNiceSteps = 15;

// Threads for work nobody waits for, lowered once each; their own pool, so that no thread of the global one
// (the statistics, the imports) is ever lowered. Waited for at exit, as the global pool is.
void startInBackground(std::function<void()> work) {
    static QThreadPool pool;
    pool.start([work = std::move(work)] {
        thread_local const bool lowered = (lowerThisThreadPriority(kBackgroundNiceSteps), true);
        (void)lowered;
        work();
    });
}

// How long a trial that cannot be read is retried before it is reported (docs/formats.md, "Live follow").
constexpr qint64 kFollowRetryMs = 30000;

QString followKey(const QString& bundle, const QString& dir) {
    return bundle + QLatin1Char('\n') + dir;
}

// The session's state, applied to a freshly imported or copied set.
void applyState(ResultSet& set, const std::unordered_map<TrialId, RescoredResult>& rescored,
                SelectionPolicy policy, bool preferRescored, bool splitByJob) {
    bool attached = false;
    if (!rescored.empty())
        for (auto& t : set.trials)
            if (auto it = rescored.find(t.id()); it != rescored.end()) {
                t.rescored = it->second;
                attached = true;
            }
    set.setPolicy(policy);
    // Each of the two switches re-indexes the set (0.3-0.4 s at 10^5 trials: docs/index.md "Performance"),
    // which a set fresh from an import or a merge already is: only a change, or rescored results attached
    // (the zero classification reads them), asks for one.
    bool indexed = false;
    if (set.preferRescored() != preferRescored) {
        set.setPreferRescored(preferRescored);
        indexed = true;
    }
    if (set.splitByJob() != splitByJob) {
        set.setSplitByJob(splitByJob);
        indexed = true;
    }
    if (attached && !indexed) set.reindex();
}

// A snapshot's statistics and the trial tables' order of its set (models/trial_order.h), off the GUI thread.
// The order is the previous snapshot's when the set is the same (a filter change).
std::shared_ptr<Analysis> analysedSnapshot(const std::shared_ptr<const ResultSet>& set, const Filter& filter,
                                           const std::shared_ptr<const Analysis>& previous) {
    auto analysis = std::make_shared<Analysis>(analyse(set, filter));
    if (previous && previous->trialOrder && previous->set == analysis->set)
        analysis->trialOrder = previous->trialOrder;
    else if (analysis->set)
        analysis->trialOrder = trialOrder(*analysis->set);
    return analysis;
}

} // namespace

Session::Session(QObject* parent)
    : QObject(parent), analysis_(std::make_shared<Analysis>()), watcher_(new BundleWatcher(this)) {
    rescoreWorkers_ = std::max(1, QThread::idealThreadCount());
    helperThreadNiceSteps() = kHelperNiceSteps; // a session is the GUI's: its parallel reads give way to it
    qRegisterMetaType<vernier::TrialId>();
    connect(watcher_, &BundleWatcher::trialsChanged, this, &Session::onTrialsChanged);
    connect(watcher_, &BundleWatcher::runningTrialsChanged, this,
            [this](int running) { emit followStatusChanged(follow_ ? running : 0); });
}

Session::~Session() {
    if (engine_) engine_->cancel();
}

void Session::setBusy(int delta, const QString& what) {
    const bool before = busy();
    pendingWork_ += delta;
    if (before != busy() || delta > 0) emit busyChanged(busy(), what);
}

void Session::open(const QStringList& bundles, const QString& taskPack) {
    QStringList cleaned;
    for (const QString& b : bundles) {
        const QString c = QDir::cleanPath(b);
        if (!c.isEmpty() && !cleaned.contains(c)) cleaned << c;
    }
    taskPack_ = taskPack;
    if (cleaned.isEmpty()) {
        clear();
        return;
    }
    bundles_ = cleaned;
    for (auto it = disabledBundles_.begin(); it != disabledBundles_.end();)
        it = bundles_.contains(*it) ? std::next(it) : disabledBundles_.erase(it);
    if (taskPack_.isEmpty()) return; // nothing to match trials to yet
    startImport();
}

QStringList Session::enabledBundles() const {
    QStringList out;
    for (const QString& b : bundles_)
        if (!disabledBundles_.contains(b)) out << b;
    return out;
}

void Session::setBundleEnabled(const QString& bundle, bool enabled) {
    const QString b = QDir::cleanPath(bundle);
    if (!bundles_.contains(b) || bundleEnabled(b) == enabled) return;
    if (enabled)
        disabledBundles_.remove(b);
    else
        disabledBundles_.insert(b);
    if (!taskPack_.isEmpty()) startImport();
}

bool Session::bundleEnabled(const QString& bundle) const {
    const QString b = QDir::cleanPath(bundle);
    return bundles_.contains(b) && !disabledBundles_.contains(b);
}

void Session::reloadBundle(const QString& bundle) {
    // A full import of the enabled bundles: the reloaded bundle's trials are replaced, the others read
    // again too (cheap next to a user's wait), and rescored results come back by TrialId.
    if (!bundleEnabled(bundle) || taskPack_.isEmpty()) return;
    startImport();
}

Filter Session::withHidden(Filter filter) const {
    filter.hiddenSystems = styles_.hiddenLabels();
    return filter;
}

void Session::setStyles(const SystemStyles& styles) {
    if (styles == styles_) return;
    const bool hiddenChanged = styles.hiddenLabels() != styles_.hiddenLabels();
    styles_ = styles;
    if (hiddenChanged) {
        filter_ = withHidden(filter_);
        if (set_) {
            recompute(); // the snapshot that arrives carries the new styles
            return;
        }
    }
    // Names and colours only: the same numbers with the new styles.
    auto copy = std::make_shared<Analysis>(*analysis_);
    copy->styles = styles_;
    analysis_ = copy;
    emit analysisChanged();
}

Workspace Session::workspace() const {
    Workspace ws;
    for (const QString& b : bundles_)
        ws.bundles.push_back({QFileInfo(b).absoluteFilePath().toStdString(), !disabledBundles_.contains(b)});
    if (!taskPack_.isEmpty()) ws.taskPack = QFileInfo(taskPack_).absoluteFilePath().toStdString();
    ws.styles = styles_;
    ws.filter = filter_;
    ws.filter.hiddenSystems.clear(); // the styles say which systems are hidden
    ws.policy = policy_;
    ws.preferRescored = preferRescored_;
    ws.splitByJob = splitByJob_;
    return ws;
}

void Session::applyWorkspace(const Workspace& workspace) {
    styles_ = workspace.styles;
    filter_ = withHidden(workspace.filter);
    policy_ = workspace.policy;
    preferRescored_ = workspace.preferRescored;
    splitByJob_ = workspace.splitByJob;
    QStringList bundles;
    disabledBundles_.clear();
    for (const WorkspaceBundle& b : workspace.bundles) {
        const QString path = QDir::cleanPath(QString::fromStdString(b.path));
        if (path.isEmpty() || bundles.contains(path)) continue;
        bundles << path;
        if (!b.enabled) disabledBundles_.insert(path);
    }
    const QString pack = QString::fromStdString(workspace.taskPack);
    if (bundles.isEmpty() || pack.isEmpty()) {
        // Nothing to import: the views empty, the bundles and the pack stay listed.
        const QSet<QString> disabled = disabledBundles_;
        clear();
        bundles_ = bundles;
        disabledBundles_ = disabled;
        taskPack_ = pack;
        emit analysisChanged();
        return;
    }
    open(bundles, pack); // keeps the disabled set for the bundles it lists
}

void Session::changeSet(const std::function<void(ResultSet&)>& change) {
    if (!set_) return;
    auto copy = shareResultSet(ResultSet(*set_));
    change(*copy);
    setResultSet(copy);
}

void Session::setSplitByJob(bool on) {
    if (splitByJob_ == on) return;
    splitByJob_ = on;
    changeSet([&](ResultSet& set) { set.setSplitByJob(on); });
}

void Session::setRescoreWorkers(int workers) {
    rescoreWorkers_ = std::max(1, workers);
}

void Session::addBundle(const QString& bundle) {
    QStringList bundles = bundles_;
    bundles << bundle;
    open(bundles, taskPack_);
}

void Session::closeBundle(const QString& bundle) {
    QStringList bundles = bundles_;
    bundles.removeAll(QDir::cleanPath(bundle));
    if (bundles.size() == bundles_.size()) return;
    open(bundles, taskPack_);
}

void Session::startImport() {
    const quint64 generation = ++loadGeneration_;
    const Filter filter = filter_;
    const QStringList enabled = enabledBundles();
    if (enabled.isEmpty()) {
        // Every bundle disabled: nothing to show, the bundles stay listed.
        ++loadGeneration_;
        ++computeGeneration_;
        resetFollow();
        set_.reset();
        auto empty = std::make_shared<Analysis>();
        empty->styles = styles_;
        analysis_ = empty;
        mismatches_ = 0;
        scoredWithoutRecord_ = 0;
        emit analysisChanged();
        return;
    }
    std::vector<std::string> paths;
    for (const auto& b : enabled)
        paths.push_back(b.toStdString());
    const std::string pack = taskPack_.toStdString();
    const quint64 rescoredVersion = rescoredVersion_;
    const auto rescored = rescored_;
    const SelectionPolicy policy = policy_;
    const bool prefer = preferRescored_;
    const bool splitByJob = splitByJob_;
    // Live follow: what is watched now is superseded by this import; the import hands over the folders'
    // states as it read them (ImportOptions::followStates), so nothing written in between is lost.
    resetFollow();
    QStringList followed;
    if (follow_)
        for (const auto& b : enabled)
            if (BundleWatcher::isFolder(b)) followed << b;
    setBusy(+1, tr("Importing %n bundle(s)…", nullptr, static_cast<int>(enabled.size())));
    auto* watcher = new QFutureWatcher<LoadResult>(this);
    connect(watcher, &QFutureWatcher<LoadResult>::finished, this,
            [this, watcher, generation, rescoredVersion, filter, policy, prefer, splitByJob] {
                const LoadResult r = watcher->result();
                watcher->deleteLater();
                setBusy(-1, QString());
                if (generation != loadGeneration_) return; // a newer import or a close superseded it
                if (!r.error.isEmpty()) {
                    emit loadFailed(r.error);
                    return;
                }
                if (follow_ && !r.baselines.isEmpty()) watcher_->watch(r.baselines);
                if (rescoredVersion != rescoredVersion_ || policy != policy_ || prefer != preferRescored_ ||
                    splitByJob != splitByJob_) {
                    // Rescored results arrived (or a switch moved) while importing: bring the new set up to
                    // date before anyone sees it.
                    auto updated = shareResultSet(ResultSet(*r.set));
                    applySessionState(*updated);
                    setResultSet(updated);
                    return;
                }
                if (!(filter == filter_)) {
                    setResultSet(r.set); // the filter changed while importing
                    return;
                }
                set_ = r.set;
                ++computeGeneration_; // statistics of an older set still running must not replace these
                r.analysis->styles = styles_;
                analysis_ = r.analysis;
                countMismatches(*set_);
                emit analysisChanged();
            });
    watcher->setFuture(QtConcurrent::run(
        [paths, pack, filter, rescored, policy, prefer, splitByJob, followed]() -> LoadResult {
            LoadResult r;
            UiPhases phases("open");
            try {
                ImportOptions options;
                options.splitByJob = splitByJob;
                FollowStates states;
                if (!followed.isEmpty()) options.followStates = &states;
                // A first open's trial index is written once the trials are on their way to the screen.
                std::vector<std::function<void()>> indexWrites;
                options.deferredIndexWrites = &indexWrites;
                auto set = shareResultSet(importResults(paths, pack, options));
                phases.mark("import");
                for (const QString& b : followed) {
                    auto state = states.find(b.toStdString());
                    // A bundle that could not be read has none: followed from now on.
                    r.baselines.insert(b, state != states.end() ? std::move(state->second)
                                                                : BundleWatcher::scan(b));
                }
                applyState(*set, rescored, policy, prefer, splitByJob);
                phases.mark("rescored results and switches");
                r.set = set;
                r.analysis = analysedSnapshot(set, filter, nullptr);
                phases.mark("statistics");
                // A zip reopened from its index is opened when a file of it is first read; here, beside
                // the first paint, rather than when the user first opens a trial.
                startInBackground([set] { openTrialArchives(*set); });
                for (auto& write : indexWrites)
                    startInBackground(std::move(write));
            } catch (const std::exception& e) {
                r.error = QString::fromUtf8(e.what());
            }
            return r;
        }));
}

void Session::setResultSet(std::shared_ptr<const ResultSet> set) {
    set_ = std::move(set);
    if (set_) countMismatches(*set_);
    recompute();
}

void Session::recompute() {
    const quint64 generation = ++computeGeneration_;
    if (!set_) return;
    const auto set = set_;
    const Filter filter = filter_;
    setBusy(+1, tr("Computing statistics…"));
    auto* watcher = new QFutureWatcher<std::shared_ptr<Analysis>>(this);
    connect(watcher, &QFutureWatcher<std::shared_ptr<Analysis>>::finished, this, [this, watcher, generation] {
        auto analysis = watcher->result();
        watcher->deleteLater();
        setBusy(-1, QString());
        if (generation != computeGeneration_ || !analysis) return;
        analysis->styles = styles_; // the styles of now, even if they changed while computing
        analysis_ = analysis;
        emit analysisChanged();
    });
    watcher->setFuture(QtConcurrent::run([set, filter, previous = analysis_]() -> std::shared_ptr<Analysis> {
        try {
            return analysedSnapshot(set, filter, previous);
        } catch (const std::exception&) {
            return nullptr;
        }
    }));
}

void Session::setFilter(const Filter& given) {
    // Hidden systems come from the styles, whatever the caller's filter says.
    const Filter filter = withHidden(given);
    if (filter == filter_) return;
    filter_ = filter;
    if (set_) recompute(); // always from the newest set, never from an older snapshot
}

void Session::setSelectionPolicy(SelectionPolicy policy) {
    if (policy_ == policy) return;
    policy_ = policy;
    changeSet([&](ResultSet& set) { set.setPolicy(policy); });
}

void Session::setPreferRescored(bool on) {
    if (preferRescored_ == on) return;
    preferRescored_ = on;
    changeSet([&](ResultSet& set) { set.setPreferRescored(on); });
}

void Session::clear() {
    ++loadGeneration_; // a running import or recompute no longer matters; a rescore goes on, by trial
    ++computeGeneration_;
    resetFollow();
    bundles_.clear();
    set_.reset();
    auto empty = std::make_shared<Analysis>();
    empty->styles = styles_;
    analysis_ = empty;
    mismatches_ = 0;
    scoredWithoutRecord_ = 0;
    emit analysisChanged();
}

void Session::applySessionState(ResultSet& set) const {
    applyState(set, rescored_, policy_, preferRescored_, splitByJob_);
}

std::optional<RescoredResult> Session::rescoredResult(const TrialId& trial) const {
    auto it = rescored_.find(trial);
    if (it == rescored_.end()) return std::nullopt;
    return it->second;
}

void Session::rescore(const std::vector<TrialId>& trials, const RescoreOptions& options) {
    if (engine_ || !set_ || trials.empty()) return;
    // The jobs are built from the set current now; the answers are kept by TrialId, whatever happens to the
    // snapshot meanwhile.
    auto set = set_;
    engine_ = std::make_shared<RescoreEngine>(options);
    auto engine = engine_;
    QPointer<Session> self(this);
    setBusy(+1, tr("Rescoring %n trial(s)…", nullptr, static_cast<int>(trials.size())));
    emit rescoreProgress(0, static_cast<int>(trials.size()), 0);
    using Outcome = std::pair<RescoreResults, QString>;
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        const bool cancelled = engine_ && engine_->cancelled();
        engine_.reset();
        setBusy(-1, QString());
        // Every result is in the map already (stored as it arrived); storing again is harmless and does not
        // depend on the order of queued events.
        for (const auto& [trial, r] : outcome.first)
            rescored_[trial] = r;
        if (!outcome.first.empty()) {
            ++rescoredVersion_;
            // Merged into the CURRENT set by TrialId: an import, a filter change or a closed bundle during
            // the rescore neither loses nor misplaces a result (a closed bundle's results wait in the map).
            if (set_) {
                auto updated = shareResultSet(ResultSet(*set_));
                applySessionState(*updated);
                setResultSet(updated);
            }
        }
        emit rescoreFinished(static_cast<int>(outcome.first.size()), mismatches_, cancelled, outcome.second);
    });
    watcher->setFuture(QtConcurrent::run([engine, set, trials, self]() -> Outcome {
        try {
            auto results = engine->run(*set, trials, [self](const RescoreProgress& p) {
                // Any thread: hop to the GUI thread, where the session's map lives.
                QMetaObject::invokeMethod(
                    self.data(),
                    [self, p] {
                        if (!self) return;
                        self->rescored_[p.lastTrial] = p.lastResult;
                        ++self->rescoredVersion_;
                        emit self->trialRescored(p.lastTrial);
                        emit self->rescoreProgress(p.done, p.total, p.crashed);
                    },
                    Qt::QueuedConnection);
            });
            return {std::move(results), QString()};
        } catch (const std::exception& e) {
            return {{}, QString::fromUtf8(e.what())};
        }
    }));
}

void Session::countMismatches(const ResultSet& set) {
    // A trial the verifier left without a reward (scorer crash) that now has one is not a disagreement
    // between scorers; it is counted apart so the mismatch count means what it says.
    mismatches_ = 0;
    scoredWithoutRecord_ = 0;
    for (const RescoreMismatch& m : rescoreMismatches(set))
        ++(m.recorded && m.rescored ? mismatches_ : scoredWithoutRecord_);
}

void Session::cancelRescore() {
    if (engine_) engine_->cancel();
}

int Session::runningTrials() const {
    return follow_ ? watcher_->runningTrials() : 0;
}

void Session::resetFollow() {
    watcher_->stop();
    pendingFollow_.clear();
    unreadableSince_.clear();
}

void Session::setFollow(bool on) {
    if (follow_ == on) return;
    follow_ = on;
    if (!on) {
        resetFollow();
        emit followStatusChanged(0);
        return;
    }
    // Whatever changed while not following is read by a full import, which then watches again.
    if (!bundles_.isEmpty() && !taskPack_.isEmpty()) startImport();
}

void Session::onTrialsChanged(const QString& bundle, const QStringList& changed, const QStringList& removed) {
    if (!follow_ || !bundleEnabled(bundle)) return;
    PendingFolders& p = pendingFollow_[bundle];
    for (const QString& d : changed) {
        p.changed.insert(d);
        p.removed.remove(d);
    }
    for (const QString& d : removed) {
        p.removed.insert(d);
        p.changed.remove(d);
    }
    startIncremental();
}

void Session::startIncremental() {
    if (incrementalRunning_ || pendingFollow_.isEmpty() || !set_) return;
    incrementalRunning_ = true;
    const quint64 generation = loadGeneration_;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    struct Batch {
        std::string bundle;
        std::vector<std::string> changed;
        std::set<std::string> giveUp; // retried long enough: read as they are, errors and all
        std::vector<std::string> removed;
    };
    std::vector<Batch> batches;
    for (auto it = pendingFollow_.begin(); it != pendingFollow_.end(); ++it) {
        Batch b;
        b.bundle = it.key().toStdString();
        for (const QString& d : it->changed) {
            b.changed.push_back(d.toStdString());
            const auto since = unreadableSince_.constFind(followKey(it.key(), d));
            if (since != unreadableSince_.constEnd() && now - *since >= kFollowRetryMs)
                b.giveUp.insert(d.toStdString());
        }
        for (const QString& d : it->removed)
            b.removed.push_back(d.toStdString());
        batches.push_back(std::move(b));
    }
    pendingFollow_.clear();
    // The reads and the merge into the set run off the GUI thread (at 100,000 trials the merge copies and
    // re-indexes the whole set: seconds). The merge is into the set of now; when the set or the rescored
    // results change meanwhile, the finished handler merges again into the set of then.
    struct Outcome {
        std::vector<TrialFolderRead> reads;
        std::shared_ptr<ResultSet> merged; // null: nothing to merge
    };
    const auto snapshot = set_;
    const quint64 rescoredVersion = rescoredVersion_;
    const auto enabledNow = [this, batches] {
        std::vector<char> enabled;
        for (const Batch& b : batches)
            enabled.push_back(bundleEnabled(QString::fromStdString(b.bundle)) ? 1 : 0);
        return enabled;
    };
    const std::vector<char> enabled = enabledNow();
    // The reads of enabled bundles that read and changed something, merged into `base` (nothing: none did).
    const auto mergeAll = [batches](const ResultSet& base, const std::vector<TrialFolderRead>& reads,
                                    const std::vector<char>& enabled) {
        std::optional<ResultSet> merged;
        for (std::size_t i = 0; i < reads.size(); ++i) {
            const TrialFolderRead& r = reads[i];
            if (!r.error.empty() || !enabled[i] || (r.trials.empty() && batches[i].removed.empty())) continue;
            merged = mergeTrialFolders(merged ? *merged : base, r, batches[i].removed);
        }
        return merged;
    };
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this,
            [this, watcher, generation, batches, snapshot, rescoredVersion, enabledNow, mergeAll] {
                const Outcome outcome = watcher->result();
                watcher->deleteLater();
                incrementalRunning_ = false;
                if (generation != loadGeneration_ || !set_) return; // a full import or a close superseded it
                const auto& reads = outcome.reads;
                const qint64 now = QDateTime::currentMSecsSinceEpoch();
                const bool sameSet = set_ == snapshot && rescoredVersion_ == rescoredVersion;
                for (std::size_t i = 0; i < reads.size(); ++i) {
                    const TrialFolderRead& r = reads[i];
                    const QString bundle = QString::fromStdString(r.bundle);
                    if (!r.error.empty() || !bundleEnabled(bundle)) continue; // gone: a reopen says why
                    for (const auto& d : r.unreadable) {
                        const QString key = followKey(bundle, QString::fromStdString(d));
                        if (!unreadableSince_.contains(key)) unreadableSince_.insert(key, now);
                        watcher_->retryLater(bundle, QString::fromStdString(d));
                    }
                    for (const auto& t : r.trials)
                        unreadableSince_.remove(followKey(
                            bundle, QString::fromStdString(t.id().path.empty() ? "" : t.id().path + "/")));
                    for (const auto& d : batches[i].removed)
                        unreadableSince_.remove(followKey(bundle, QString::fromStdString(d)));
                }
                std::shared_ptr<const ResultSet> updated;
                if (sameSet) {
                    updated = outcome.merged;
                } else if (auto merged = mergeAll(*set_, reads, enabledNow())) {
                    auto m = shareResultSet(std::move(*merged));
                    applySessionState(*m); // rescored results come back by TrialId
                    updated = std::move(m);
                }
                if (updated)
                    setResultSet(updated); // the filter stays; statistics are recomputed off the GUI thread
                emit followStatusChanged(runningTrials());
                startIncremental(); // what arrived meanwhile
            });
    watcher->setFuture(
        QtConcurrent::run([batches, snapshot, enabled, mergeAll, rescored = rescored_, policy = policy_,
                           preferRescored = preferRescored_, splitByJob = splitByJob_]() -> Outcome {
            Outcome out;
            for (const Batch& b : batches)
                out.reads.push_back(readTrialFolders(b.bundle, b.changed, b.giveUp));
            if (auto merged = mergeAll(*snapshot, out.reads, enabled)) {
                out.merged = shareResultSet(std::move(*merged));
                applyState(*out.merged, rescored, policy, preferRescored, splitByJob);
            }
            return out;
        }));
}

} // namespace vernier::ui
