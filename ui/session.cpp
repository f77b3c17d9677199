#include "ui/session.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>

namespace vernier::ui {

namespace {

struct LoadResult {
    std::shared_ptr<const ResultSet> set;
    std::shared_ptr<const Analysis> analysis;
    QString error;
};

} // namespace

Session::Session(QObject* parent) : QObject(parent), analysis_(std::make_shared<Analysis>()) {}

Session::~Session() {
    if (engine_) engine_->cancel();
}

void Session::setBusy(int delta, const QString& what) {
    const bool before = busy();
    pendingWork_ += delta;
    if (before != busy() || delta > 0) emit busyChanged(busy(), what);
}

void Session::load(const QStringList& bundles, const QString& taskPack) {
    bundles_ = bundles;
    taskPack_ = taskPack;
    const quint64 generation = ++generation_;
    const TrialFilter filter = filter_;
    std::vector<std::string> paths;
    for (const auto& b : bundles)
        paths.push_back(b.toStdString());
    const std::string pack = taskPack.toStdString();
    const quint64 rescoredVersion = rescoredVersion_;
    const auto rescored = rescoredById_;
    const bool prefer = preferRescored_;
    setBusy(+1, tr("Importing %n bundle(s)…", nullptr, static_cast<int>(bundles.size())));
    auto* watcher = new QFutureWatcher<LoadResult>(this);
    connect(watcher, &QFutureWatcher<LoadResult>::finished, this,
            [this, watcher, generation, rescoredVersion] {
                const LoadResult r = watcher->result();
                watcher->deleteLater();
                setBusy(-1, QString());
                if (generation != generation_) return;
                if (!r.error.isEmpty()) {
                    emit loadFailed(r.error);
                    return;
                }
                if (rescoredVersion != rescoredVersion_ || r.set->preferRescored() != preferRescored_) {
                    // A rescore ended (or the switch moved) while importing: bring the new set up to date.
                    auto updated = std::make_shared<ResultSet>(*r.set);
                    applySessionState(*updated);
                    recompute(updated);
                    return;
                }
                analysis_ = r.analysis;
                countMismatches(*r.set);
                emit analysisChanged();
            });
    watcher->setFuture(QtConcurrent::run([paths, pack, filter, rescored, prefer]() -> LoadResult {
        LoadResult r;
        try {
            auto set = std::make_shared<ResultSet>(importResults(paths, pack));
            if (!rescored.empty())
                for (auto& t : set->trials)
                    if (auto it = rescored.find(t.bundle + '\n' + t.trialPath); it != rescored.end())
                        t.rescored = it->second;
            set->setPreferRescored(prefer); // also re-indexes
            r.set = set;
            r.analysis = std::make_shared<Analysis>(computeAnalysis(set, filter));
        } catch (const std::exception& e) {
            r.error = QString::fromUtf8(e.what());
        }
        return r;
    }));
}

void Session::recompute(std::shared_ptr<const ResultSet> set) {
    const quint64 generation = ++generation_;
    const TrialFilter filter = filter_;
    setBusy(+1, tr("Computing statistics…"));
    auto* watcher = new QFutureWatcher<std::shared_ptr<const Analysis>>(this);
    connect(watcher, &QFutureWatcher<std::shared_ptr<const Analysis>>::finished, this,
            [this, watcher, generation] {
                auto analysis = watcher->result();
                watcher->deleteLater();
                setBusy(-1, QString());
                if (generation != generation_ || !analysis) return;
                analysis_ = analysis;
                if (analysis_->set) countMismatches(*analysis_->set);
                emit analysisChanged();
            });
    watcher->setFuture(QtConcurrent::run([set, filter]() -> std::shared_ptr<const Analysis> {
        try {
            return std::make_shared<Analysis>(computeAnalysis(set, filter));
        } catch (const std::exception&) {
            return nullptr;
        }
    }));
}

void Session::setFilter(const TrialFilter& filter) {
    if (filter == filter_) return;
    filter_ = filter;
    if (analysis_->set) recompute(analysis_->set);
}

void Session::setSelectionPolicy(SelectionPolicy policy) {
    if (!analysis_->set || analysis_->set->policy() == policy) return;
    auto copy = std::make_shared<ResultSet>(*analysis_->set);
    copy->setPolicy(policy);
    recompute(copy);
}

void Session::setPreferRescored(bool on) {
    preferRescored_ = on;
    if (!analysis_->set || analysis_->set->preferRescored() == on) return;
    auto copy = std::make_shared<ResultSet>(*analysis_->set);
    copy->setPreferRescored(on);
    recompute(copy);
}

void Session::clear() {
    ++generation_; // a running import or recompute no longer matters; a rescore goes on, by trial
    bundles_.clear();
    taskPack_.clear();
    analysis_ = std::make_shared<Analysis>();
    mismatches_ = 0;
    scoredWithoutRecord_ = 0;
    emit analysisChanged();
}

void Session::applySessionState(ResultSet& set) const {
    for (auto& t : set.trials)
        if (auto it = rescoredById_.find(t.bundle + '\n' + t.trialPath); it != rescoredById_.end())
            t.rescored = it->second;
    set.setPreferRescored(preferRescored_); // also re-indexes
}

void Session::rescore(const std::vector<int>& trials, const RescoreOptions& options) {
    if (engine_ || !analysis_->set || trials.empty()) return;
    auto set = analysis_->set;
    engine_ = std::make_shared<RescoreEngine>(options);
    auto engine = engine_;
    QPointer<Session> self(this);
    setBusy(+1, tr("Rescoring %n trial(s)…", nullptr, static_cast<int>(trials.size())));
    emit rescoreProgress(0, static_cast<int>(trials.size()), 0);
    using Outcome = std::pair<std::vector<std::pair<int, RescoredResult>>, QString>;
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, set] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        const bool cancelled = engine_ && engine_->cancelled();
        engine_.reset();
        setBusy(-1, QString());
        if (!outcome.first.empty()) {
            // Results are keyed by trial identity and merged into the CURRENT snapshot: an import, a filter
            // change or a close during the rescore neither loses nor misplaces them.
            for (const auto& [i, r] : outcome.first) {
                const TrialRecord& t = set->trials[static_cast<std::size_t>(i)];
                rescoredById_[t.bundle + '\n' + t.trialPath] = r;
            }
            ++rescoredVersion_;
            if (analysis_->set) {
                auto updated = std::make_shared<ResultSet>(*analysis_->set);
                applySessionState(*updated);
                countMismatches(*updated);
                recompute(updated);
            }
        }
        emit rescoreFinished(static_cast<int>(outcome.first.size()), mismatches_, cancelled, outcome.second);
    });
    watcher->setFuture(QtConcurrent::run([engine, set, trials, self]() -> Outcome {
        try {
            auto results = engine->run(*set, trials, [self](const RescoreProgress& p) {
                // Any thread: hop to the GUI thread.
                QMetaObject::invokeMethod(
                    self.data(),
                    [self, p] {
                        if (self) emit self->rescoreProgress(p.done, p.total, p.crashed);
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

} // namespace vernier::ui
