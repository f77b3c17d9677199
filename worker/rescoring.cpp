// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "worker/rescoring.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QThread>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>

#include "models/cache_location.h"
#include "models/result_set.h"
#include "scoring/errors.h"
#include "scoring/scorer_version.h"

namespace vernier {

std::optional<RescoreJob> makeRescoreJob(const ResultSet& set, const TrialId& trial, std::string* why) {
    const TrialRecord* found = set.find(trial);
    if (!found) {
        if (why) *why = "trial " + trial.display() + " is not in the results";
        return std::nullopt;
    }
    const TrialRecord& t = *found;
    if (t.taskIndex < 0) {
        if (why) *why = "task \"" + t.taskId + "\" is not in the task pack";
        return std::nullopt;
    }
    const TaskInfo& task = set.tasks[static_cast<std::size_t>(t.taskIndex)];
    RescoreJob j;
    j.trial = trial;
    j.taskId = task.id;
    j.workflow = task.workflow;
    j.reference = task.reference;
    j.referenceBase = task.referenceBase;
    j.referenceEdit = task.referenceEdit;
    j.spec = task.spec;
    j.candidate = t.answer;
    j.candidateBase = t.answerBase;
    j.candidateEdit = t.answerEdit;
    return j;
}

// ---------------------------------------------------------------- cache

RescoreCache::RescoreCache(std::string directory) : dir_(std::move(directory)) {}

std::string RescoreCache::defaultDirectory() {
    return userCacheDirectory() + "/rescore";
}

std::string RescoreCache::directoryFor(const std::string& bundle) {
    if (const char* env = std::getenv("VERNIER_CACHE_DIR"); env && *env) return defaultDirectory();
    const QFileInfo info(QDir::cleanPath(QString::fromStdString(bundle)));
    if (!info.fileName().isEmpty()) {
        const QString beside =
            info.absoluteDir().filePath(info.fileName() + QStringLiteral(".vernier-cache/rescore"));
        if (QDir().mkpath(beside) && QFileInfo(beside).isWritable()) return beside.toStdString();
    }
    return defaultDirectory();
}

namespace {

QByteArray sha256(const std::string& bytes) {
    return QCryptographicHash::hash(QByteArrayView(bytes.data(), static_cast<qsizetype>(bytes.size())),
                                    QCryptographicHash::Sha256);
}

// Hashes of the task-side documents, shared by every trial of the task (read once per run).
using FileHashes = std::map<std::string, QByteArray>;

QByteArray fileHash(const FileRef& f, FileHashes* memo) {
    if (f.empty()) return QByteArray("none");
    if (memo) {
        auto it = memo->find(f.display());
        if (it != memo->end()) return it->second;
    }
    QByteArray h = sha256(f.readAll());
    if (memo) (*memo)[f.display()] = h;
    return h;
}

std::string jobKey(const RescoreJob& job, const std::string& scorer, FileHashes* taskMemo) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(QByteArray("vernier-rescore-key-v1\n"));
    h.addData(QByteArray(workflowKey(job.workflow)));
    const FileRef* taskFiles[] = {&job.reference, &job.referenceBase, &job.referenceEdit, &job.spec};
    const FileRef* trialFiles[] = {&job.candidate, &job.candidateBase, &job.candidateEdit};
    for (const FileRef* f : taskFiles)
        h.addData("\nT" + fileHash(*f, taskMemo));
    for (const FileRef* f : trialFiles)
        h.addData("\nC" + fileHash(*f, nullptr));
    h.addData("\nS" + QByteArray::fromStdString(scorer));
    return h.result().toHex().toStdString();
}

} // namespace

std::string RescoreCache::key(const RescoreJob& job, const std::string& scorerIdentity) {
    return jobKey(job, scorerIdentity, nullptr);
}

std::optional<RescoredResult> RescoreCache::load(const std::string& key) const {
    if (key.size() < 3) return std::nullopt;
    QFile f(QString::fromStdString(dir_ + "/" + key.substr(0, 2) + "/" + key + ".json"));
    if (!f.open(QIODevice::ReadOnly)) return std::nullopt;
    QByteArray bytes = f.read(1 << 20);
    try {
        RescoredResult r = rescoredResultFromJson(bytes.toStdString(), nullptr);
        r.fromCache = true;
        return r;
    } catch (const InputError&) {
        return std::nullopt; // a damaged cache entry is a miss, never an error
    }
}

bool RescoreCache::store(const std::string& key, const RescoredResult& result) const {
    if (key.size() < 3) return false;
    const QString dir = QString::fromStdString(dir_ + "/" + key.substr(0, 2));
    if (!QDir().mkpath(dir)) return false;
    // A temporary file beside the entry, renamed over it: a reader (another process, a resumed run) sees a
    // whole entry or none. No fsync: an entry lost to a power cut is a cache miss, never a wrong result (a
    // damaged entry reads as a miss), and syncing every entry doubled the time of a cold rescore
    // (docs/cluster.md "Measurements").
    static std::atomic<unsigned> counter{0};
    const QString target = dir + "/" + QString::fromStdString(key) + ".json";
    const QString temp = target + QStringLiteral(".tmp.%1.%2")
                                      .arg(QCoreApplication::applicationPid())
                                      .arg(counter.fetch_add(1, std::memory_order_relaxed));
    QFile f(temp);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    const std::string text = rescoredResultToJson(result, 0) + "\n";
    const bool written =
        f.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
    f.close();
    std::error_code ec;
    if (written && f.error() == QFileDevice::NoError) {
        std::filesystem::rename(temp.toStdString(), target.toStdString(), ec);
        if (!ec) return true;
    }
    std::filesystem::remove(temp.toStdString(), ec);
    return false;
}

// ---------------------------------------------------------------- engine

RescoreEngine::RescoreEngine(RescoreOptions options) : options_(std::move(options)) {
    if (options_.workers < 1) options_.workers = 1;
    if (options_.workerProgram.empty()) options_.workerProgram = defaultScoringWorker();
    if (options_.scorerIdentity.empty()) options_.scorerIdentity = scorerIdentity();
}

std::string RescoreEngine::defaultWorkerProgram() {
    std::error_code ec;
    auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        auto candidate = self.parent_path() / "vernier-cli";
        if (std::filesystem::exists(candidate, ec)) return candidate.string();
    }
    return "vernier-cli";
}

std::string RescoreEngine::defaultScoringWorker() {
    std::error_code ec;
    auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        auto lean = self.parent_path() / "vernier-rescore-worker";
        if (std::filesystem::is_regular_file(lean, ec)) return lean.string();
    }
    return defaultWorkerProgram();
}

namespace {

RescoredResult crashResult(const std::string& why, const std::string& scorer) {
    RescoredResult r;
    r.scorerCrash = true;
    r.error = why;
    r.scorerIdentity = scorer;
    return r;
}

std::string lastLine(QByteArray text) {
    text = text.trimmed();
    auto nl = text.lastIndexOf('\n');
    std::string s = (nl < 0 ? text : text.mid(nl + 1)).toStdString();
    if (s.size() > 200) s = s.substr(0, 200);
    return s;
}

// One worker process driven synchronously by the thread that owns it.
class Worker {
public:
    Worker(const RescoreOptions& o, const std::atomic<bool>& cancelled) : o_(o), cancelled_(cancelled) {}
    ~Worker() { stop(); }

    // Sends one job and waits for its answer; never throws.
    RescoredResult score(const std::string& jobLine, long long id) {
        if (!ensureStarted())
            return crashResult("scorer worker could not be started: " + startError_, o_.scorerIdentity);
        proc_->write(QByteArray::fromStdString(jobLine + "\n"));
        const auto deadline = std::chrono::steady_clock::now() +
                              std::chrono::milliseconds(static_cast<long long>(o_.timeoutSeconds * 1000));
        while (!proc_->canReadLine()) {
            if (cancelled_) {
                stop();
                return crashResult("cancelled", o_.scorerIdentity);
            }
            if (proc_->state() == QProcess::NotRunning) {
                proc_->waitForReadyRead(0); // collect what it printed before dying
                if (proc_->canReadLine()) break;
                std::string why = describeExit();
                stop();
                return crashResult(why, o_.scorerIdentity);
            }
            if (std::chrono::steady_clock::now() >= deadline) {
                stop();
                char buf[64];
                std::snprintf(buf, sizeof buf, "timeout after %g s", o_.timeoutSeconds);
                return crashResult(buf, o_.scorerIdentity);
            }
            proc_->waitForReadyRead(100);
        }
        const std::string line = proc_->readLine().trimmed().toStdString();
        stderrTail_ = proc_->readAllStandardError();
        try {
            long long got = -1;
            RescoredResult r = rescoredResultFromJson(line, &got);
            if (got != id) throw InputError("answer for the wrong job");
            if (r.scorerIdentity.empty()) r.scorerIdentity = o_.scorerIdentity;
            return r;
        } catch (const InputError& e) {
            stop(); // out of step with the protocol: start afresh for the next job
            return crashResult(std::string("scorer worker answered garbage: ") + e.what(), o_.scorerIdentity);
        }
    }

    // Starts the process now (it loads its libraries while the caller goes on); score() starts it otherwise.
    void start() { ensureStarted(); }

    // Ends a worker that never got a job at once (it may still be loading): no reason to wait for it.
    void abandon() {
        if (proc_ && proc_->state() != QProcess::NotRunning) {
            proc_->kill();
            proc_->waitForFinished(2000);
        }
        proc_.reset();
    }

    void stop() {
        if (!proc_) return;
        if (proc_->state() != QProcess::NotRunning) {
            proc_->closeWriteChannel();
            if (!proc_->waitForFinished(200)) {
                proc_->kill();
                proc_->waitForFinished(2000);
            }
        }
        proc_.reset();
    }

private:
    bool ensureStarted() {
        if (proc_ && proc_->state() == QProcess::Running) return true;
        proc_ = std::make_unique<QProcess>();
        QStringList args;
        for (const auto& a : o_.workerArguments)
            args << QString::fromStdString(a);
        proc_->start(QString::fromStdString(o_.workerProgram), args);
        if (!proc_->waitForStarted(10000)) {
            startError_ = proc_->errorString().toStdString();
            proc_.reset();
            return false;
        }
        return true;
    }

    std::string describeExit() {
        proc_->waitForFinished(1000);
        QByteArray err = stderrTail_ + proc_->readAllStandardError();
        std::string why = proc_->exitStatus() == QProcess::CrashExit
                              ? "scorer worker crashed"
                              : "scorer worker exited with code " + std::to_string(proc_->exitCode());
        std::string tail = lastLine(err);
        return tail.empty() ? why : why + ": " + tail;
    }

    const RescoreOptions& o_;
    const std::atomic<bool>& cancelled_;
    std::unique_ptr<QProcess> proc_;
    QByteArray stderrTail_;
    std::string startError_;
};

} // namespace

RescoreResults RescoreEngine::run(const ResultSet& set, const std::vector<TrialId>& trials,
                                  const ProgressFn& progress) {
    const std::size_t n = trials.size();
    std::vector<std::optional<RescoredResult>> results(n);
    std::vector<std::string> lines(n), keys(n);
    std::mutex mutex;
    RescoreProgress prog;
    prog.total = static_cast<int>(n);
    auto finish = [&](std::size_t i, RescoredResult r) {
        std::lock_guard<std::mutex> lock(mutex);
        if (r.scorerCrash) ++prog.crashed;
        if (r.fromCache) ++prog.fromCache;
        ++prog.done;
        prog.lastTrial = trials[i];
        if (progress) {
            prog.lastResult = r;
            progress(prog);
        }
        results[i] = std::move(r);
    };

    // Jobs, cache keys and cache hits on the calling thread; references are hashed once per task.
    // One cache per bundle (beside it), unless the caller named one directory for all.
    std::map<std::string, RescoreCache> caches;
    std::vector<const RescoreCache*> cacheOf(n, nullptr);
    auto cacheFor = [&](const TrialRecord& t) -> const RescoreCache& {
        const std::string where =
            options_.cacheDirectory.empty() ? RescoreCache::directoryFor(t.bundle) : options_.cacheDirectory;
        return caches.try_emplace(where, where).first->second;
    };
    std::map<std::string, FileHashes> taskMemo;
    std::vector<std::vector<std::size_t>> groups; // pending trials, one group per task
    std::map<std::string, std::size_t> groupOfTask;
    // The next trial of each task to hand out (sized once the jobs are made).
    std::vector<std::atomic<std::size_t>> cursor;
    std::size_t nextGroup = 0; // the first task no worker has taken yet (under groupMutex)
    std::mutex groupMutex;
    // The first worker thread starts before the jobs are made: its process loads its libraries (~50 ms,
    // OCCT's) while this thread hashes documents and reads the cache, instead of after (docs/cluster.md
    // "End to end"). It waits for `jobsReady`; when nothing is left to score it ends its process at once.
    std::mutex readyMutex;
    std::condition_variable readyChanged;
    bool jobsReady = false;
    std::size_t pending = 0;
    auto takeGroup = [&]() -> std::optional<std::size_t> {
        std::lock_guard<std::mutex> lock(groupMutex);
        if (nextGroup < groups.size()) return nextGroup++;
        std::optional<std::size_t> best;
        std::size_t bestLeft = 0;
        for (std::size_t g = 0; g < groups.size(); ++g) {
            const std::size_t done = std::min(cursor[g].load(), groups[g].size());
            if (groups[g].size() - done > bestLeft) {
                bestLeft = groups[g].size() - done;
                best = g;
            }
        }
        return best;
    };
    auto work = [&](bool early) {
        Worker worker(options_, cancelled_);
        if (early) {
            worker.start();
            std::unique_lock<std::mutex> lock(readyMutex);
            readyChanged.wait(lock, [&] { return jobsReady; });
            if (pending == 0 || cancelled_) {
                worker.abandon();
                return;
            }
        }
        std::optional<std::size_t> group;
        for (;;) {
            if (cancelled_) return;
            std::size_t i = 0;
            if (group) {
                const std::size_t k = cursor[*group].fetch_add(1);
                if (k < groups[*group].size())
                    i = groups[*group][k];
                else
                    group.reset();
            }
            if (!group) {
                group = takeGroup();
                if (!group) return;
                continue;
            }
            // A crash or hang marks only this trial; score() restarts the process for the next one.
            RescoredResult r = worker.score(lines[i], static_cast<long long>(i));
            if (cancelled_ && r.scorerCrash && r.error == "cancelled") return;
            if (cacheOf[i] && !r.scorerCrash) cacheOf[i]->store(keys[i], r);
            finish(i, std::move(r));
        }
    };
    std::vector<std::unique_ptr<QThread>> threads;
    const auto releaseEarly = [&] {
        {
            std::lock_guard<std::mutex> lock(readyMutex);
            jobsReady = true;
        }
        readyChanged.notify_all();
    };
    // Released on every way out of this function (an exception while making jobs included), so that the early
    // thread never waits forever; joined before the locals it uses go.
    const auto joinAll = qScopeGuard([&] {
        releaseEarly();
        for (auto& t : threads)
            t->wait();
    });
    if (options_.workers >= 1 && n > 0) {
        threads.emplace_back(QThread::create(work, true));
        threads.back()->start();
    }
    for (std::size_t i = 0; i < n && !cancelled_; ++i) {
        std::string why;
        auto job = makeRescoreJob(set, trials[i], &why);
        if (!job) {
            finish(i, crashResult(why, options_.scorerIdentity));
            continue;
        }
        const TrialRecord& t = *set.find(trials[i]); // makeRescoreJob found it
        if (!t.hasAnswer(job->workflow)) {
            // Nothing to score: the taxonomy calls it missing_output whatever the scorer would say.
            RescoredResult r;
            r.reward = 0.0;
            r.scorerIdentity = options_.scorerIdentity;
            finish(i, r);
            continue;
        }
        try {
            FileHashes& memo = taskMemo[job->taskId];
            keys[i] = jobKey(*job, options_.scorerIdentity, &memo);
            // Already in the memo (jobKey hashed them): the worker's reference cache key.
            auto hex = [&](const FileRef& f) {
                return f.empty() ? std::string() : fileHash(f, &memo).toHex().toStdString();
            };
            job->referenceHash = hex(job->reference);
            job->referenceBaseHash = hex(job->referenceBase);
            job->referenceEditHash = hex(job->referenceEdit);
        } catch (const InputError& e) {
            finish(i,
                   crashResult(std::string("cannot read documents: ") + e.what(), options_.scorerIdentity));
            continue;
        }
        if (options_.useCache) {
            cacheOf[i] = &cacheFor(t);
            if (auto hit = cacheOf[i]->load(keys[i])) {
                finish(i, *hit);
                continue;
            }
        }
        lines[i] = rescoreJobToJson(*job, static_cast<long long>(i));
        auto [slot, added] = groupOfTask.try_emplace(job->taskId, groups.size());
        if (added) groups.emplace_back();
        groups[slot->second].push_back(i);
    }

    // Each worker takes a whole task (largest first, ties in trial order) and scores its trials in order, so
    // a task's reference is measured by one worker process only (a worker keeps every reference it measured).
    // When no task is left untaken, an idle worker joins the task with the most trials still to score and
    // shares its cursor, so every worker stays busy to the end; only then is a reference measured twice.
    // A trial's answer does not depend on which worker scored it, so the results are the same whatever the
    // number of workers (with one worker the order is the old single queue's).
    std::stable_sort(groups.begin(), groups.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    for (const auto& g : groups)
        pending += g.size();
    cursor = std::vector<std::atomic<std::size_t>>(groups.size());
    for (auto& c : cursor)
        c = 0;
    releaseEarly();
    const int nThreads =
        static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(options_.workers), pending));
    for (int t = static_cast<int>(threads.size()); t < nThreads; ++t) {
        threads.emplace_back(QThread::create(work, false));
        threads.back()->start();
    }
    for (auto& t : threads)
        t->wait();

    RescoreResults out;
    for (std::size_t i = 0; i < n; ++i)
        if (results[i]) out.emplace_back(trials[i], std::move(*results[i]));
    return out;
}

std::size_t applyRescored(ResultSet& set, const RescoreResults& results) {
    std::size_t applied = 0;
    for (const auto& [trial, r] : results)
        if (TrialRecord* t = set.find(trial)) {
            t->rescored = r;
            ++applied;
        }
    set.reindex();
    return applied;
}

std::vector<RescoreMismatch> rescoreMismatches(const ResultSet& set, double tolerance) {
    std::vector<RescoreMismatch> out;
    for (std::size_t i = 0; i < set.trials.size(); ++i) {
        const TrialRecord& t = set.trials[i];
        if (!t.rescored) continue;
        const auto rec = t.recordedReward;
        const auto res = t.rescored->reward;
        const bool differ =
            (rec.has_value() != res.has_value()) || (rec && res && std::abs(*rec - *res) > tolerance);
        if (differ) out.push_back({t.id(), rec, res});
    }
    return out;
}

} // namespace vernier
