// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "worker/shards.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSaveFile>
#include <QThread>
#include <algorithm>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "models/result_set.h"
#include "scoring/errors.h"
#include "scoring/scorer_version.h"

using nlohmann::json;

namespace vernier {

namespace {

constexpr int kManifestVersion = 1;

std::string shardFileName(int index) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "shard-%04d.json", index);
    return buf;
}

void writeAtomically(const QString& path, const std::string& text) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) ||
        f.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) ||
        !f.commit())
        throw InputError("cannot write " + path.toStdString());
}

json readJsonFile(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) throw InputError("cannot read shard manifest " + path);
    const QByteArray bytes = f.readAll();
    json j = json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) throw InputError(path + ": not a JSON object");
    return j;
}

std::string absolute(const std::string& path) {
    return QFileInfo(QString::fromStdString(path)).absoluteFilePath().toStdString();
}

} // namespace

// ---------------------------------------------------------------- plan

ShardPlan planShards(const ResultSet& set, const std::vector<TrialId>& trials, int shards,
                     const std::string& scorerIdentity) {
    ShardPlan plan;
    std::map<std::string, std::string> cacheOfBundle;
    std::vector<std::vector<ShardTrial>> groups; // by task, in order of first appearance
    std::map<std::string, std::size_t> groupOfTask;
    for (const TrialId& id : trials) {
        const TrialRecord* t = set.find(id);
        std::string why;
        auto job = t ? makeRescoreJob(set, id, &why) : std::nullopt;
        if (!job) {
            ++plan.unscorable;
            continue;
        }
        if (!t->hasAnswer(job->workflow)) {
            ++plan.noAnswer;
            continue;
        }
        auto [where, added] = cacheOfBundle.try_emplace(t->bundle);
        if (added) where->second = RescoreCache::directoryFor(t->bundle);
        ShardTrial s;
        s.trial = id;
        s.taskId = job->taskId;
        s.cacheDirectory = where->second;
        try {
            s.key = RescoreCache::key(*job, scorerIdentity);
        } catch (const InputError&) {
            ++plan.unscorable; // collect reports it as a scorer crash, as RescoreEngine does
            continue;
        }
        if (loadShardResult(s.cacheDirectory, s.key)) {
            ++plan.cached;
            continue;
        }
        s.job = rescoreJobToJson(*job, 0);
        auto [slot, fresh] = groupOfTask.try_emplace(job->taskId, groups.size());
        if (fresh) groups.emplace_back();
        groups[slot->second].push_back(std::move(s));
        ++plan.pending;
    }
    const std::size_t n = static_cast<std::size_t>(std::max(1, shards));
    // Fewer tasks than shards: halve the largest group (the first of equal size) until every shard can
    // get one; each half still measures its reference once.
    while (groups.size() < n) {
        auto largest = std::max_element(groups.begin(), groups.end(),
                                        [](const auto& a, const auto& b) { return a.size() < b.size(); });
        if (largest == groups.end() || largest->size() < 2) break;
        const std::size_t half = largest->size() / 2;
        std::vector<ShardTrial> tail(std::make_move_iterator(largest->begin() + static_cast<long>(half)),
                                     std::make_move_iterator(largest->end()));
        largest->resize(half);
        const auto at = largest - groups.begin();
        groups.insert(groups.begin() + at + 1, std::move(tail));
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    plan.shards.assign(n, {});
    for (auto& g : groups) {
        auto target = std::min_element(plan.shards.begin(), plan.shards.end(),
                                       [](const auto& a, const auto& b) { return a.size() < b.size(); });
        for (auto& s : g)
            target->push_back(std::move(s));
    }
    plan.shards.erase(
        std::remove_if(plan.shards.begin(), plan.shards.end(), [](const auto& s) { return s.empty(); }),
        plan.shards.end());
    return plan;
}

std::string writeShardManifests(const std::string& dir, const ShardJobSettings& settings,
                                const ShardPlan& plan) {
    if (!QDir().mkpath(QString::fromStdString(dir))) throw InputError("cannot create " + dir);
    const QDir d(QString::fromStdString(dir));
    json files = json::array();
    std::map<std::string, std::string> caches;
    for (std::size_t i = 0; i < plan.shards.size(); ++i) {
        json trials = json::array();
        for (const ShardTrial& s : plan.shards[i]) {
            caches[s.trial.bundle] = s.cacheDirectory;
            trials.push_back({{"bundle", s.trial.bundle},
                              {"trial", s.trial.path},
                              {"task_id", s.taskId},
                              {"key", s.key},
                              {"cache", s.cacheDirectory},
                              {"job", json::parse(s.job)}});
        }
        const std::string name = shardFileName(static_cast<int>(i));
        json shard = {{"version", kManifestVersion}, {"index", i}, {"trials", trials}};
        writeAtomically(d.filePath(QString::fromStdString(name)), shard.dump(1) + "\n");
        files.push_back(name);
    }
    json bundles = json::array();
    for (const auto& b : settings.bundles)
        bundles.push_back(absolute(b));
    json manifest = {{"version", kManifestVersion},
                     {"bundles", bundles},
                     {"pack", settings.pack.empty() ? std::string() : absolute(settings.pack)},
                     {"cache_by_bundle", caches},
                     {"scorer_identity", settings.scorerIdentity},
                     {"timeout_seconds", settings.timeoutSeconds},
                     {"workers_per_shard", settings.workersPerShard},
                     {"trials", plan.pending},
                     {"shards", files}};
    const QString path = d.absoluteFilePath("manifest.json");
    writeAtomically(path, manifest.dump(2) + "\n");
    return path.toStdString();
}

// ---------------------------------------------------------------- crash entries

std::string shardCrashDirectory(const std::string& cacheDirectory) {
    return cacheDirectory + "/crashes";
}

bool storeShardCrash(const std::string& cacheDirectory, const std::string& key, const RescoredResult& r) {
    // Same layout and atomicity as the cache itself (RescoreCache::store: QSaveFile, temp + rename).
    RescoredResult copy = r;
    copy.fromCache = false;
    return RescoreCache(shardCrashDirectory(cacheDirectory)).store(key, copy);
}

std::optional<RescoredResult> loadShardResult(const std::string& cacheDirectory, const std::string& key) {
    if (auto hit = RescoreCache(cacheDirectory).load(key)) return hit;
    return RescoreCache(shardCrashDirectory(cacheDirectory)).load(key);
}

// ---------------------------------------------------------------- one shard

ShardRunSummary runShard(const std::string& manifestPath, int index, const std::string& workerProgram,
                         int pauseAfterTrialMs) {
    const json manifest = readJsonFile(manifestPath);
    if (manifest.value("version", 0) != kManifestVersion)
        throw InputError(manifestPath + ": not a version " + std::to_string(kManifestVersion) +
                         " shard manifest");
    const json files = manifest.value("shards", json::array());
    if (!files.is_array() || index < 0 || static_cast<std::size_t>(index) >= files.size())
        throw InputError("shard index " + std::to_string(index) + " out of range (the manifest has " +
                         std::to_string(files.is_array() ? files.size() : 0) + " shards)");
    const QDir dir = QFileInfo(QString::fromStdString(manifestPath)).absoluteDir();
    const std::string shardPath =
        dir.filePath(QString::fromStdString(files[static_cast<std::size_t>(index)].get<std::string>()))
            .toStdString();
    const json shard = readJsonFile(shardPath);
    // The cache key names the scorer: a different vernier-cli on the nodes would file its answers under
    // another scorer's name.
    const std::string planned = manifest.value("scorer_identity", std::string());
    if (!planned.empty() && planned != scorerIdentity())
        throw InputError("this vernier-cli's scorer (" + scorerIdentity() +
                         ") is not the one that planned the shards (" + planned + ")");

    // A ResultSet made of the jobs alone: the shard never re-imports the bundles.
    ResultSet set;
    std::map<std::string, std::size_t> taskAt;
    struct Entry {
        TrialId trial;
        std::string key, cache;
    };
    std::vector<Entry> entries;
    for (const json& row : shard.value("trials", json::array())) {
        long long ignored = 0;
        const RescoreJob job = rescoreJobFromJson(row.at("job").dump(), &ignored);
        if (taskAt.try_emplace(job.taskId, set.tasks.size()).second) {
            TaskInfo task;
            task.id = job.taskId;
            task.workflow = job.workflow;
            task.reference = job.reference;
            task.referenceBase = job.referenceBase;
            task.referenceEdit = job.referenceEdit;
            task.spec = job.spec;
            set.tasks.push_back(task);
        }
        TrialRecord t;
        t.bundle = row.at("bundle").get<std::string>();
        const std::string path = row.at("trial").get<std::string>();
        t.trialPath = path.empty() ? t.bundle : t.bundle + "/" + path;
        t.trialName = path.substr(path.find_last_of('/') + 1);
        t.taskId = job.taskId;
        t.answer = job.candidate;
        t.answerBase = job.candidateBase;
        t.answerEdit = job.candidateEdit;
        entries.push_back({t.id(), row.at("key").get<std::string>(), row.at("cache").get<std::string>()});
        set.trials.push_back(std::move(t));
    }
    std::sort(set.tasks.begin(), set.tasks.end(),
              [](const TaskInfo& a, const TaskInfo& b) { return a.id < b.id; });
    set.reindex();

    ShardRunSummary summary;
    summary.trials = static_cast<int>(entries.size());
    // One engine run per cache directory (normally one: the bundles' caches, or $VERNIER_CACHE_DIR).
    std::map<std::string, std::vector<TrialId>> byCache;
    std::map<TrialId, const Entry*> entryOf;
    for (const Entry& e : entries) {
        byCache[e.cache].push_back(e.trial);
        entryOf[e.trial] = &e;
    }
    for (const auto& [cache, trials] : byCache) {
        RescoreOptions o;
        o.workers = std::max(1, manifest.value("workers_per_shard", 1));
        o.timeoutSeconds = manifest.value("timeout_seconds", 300.0);
        o.cacheDirectory = cache;
        o.scorerIdentity = manifest.value("scorer_identity", std::string());
        if (!workerProgram.empty()) o.workerProgram = workerProgram;
        RescoreEngine engine(o);
        engine.run(set, trials, [&](const RescoreProgress& p) {
            const RescoredResult& r = p.lastResult;
            const Entry* e = entryOf[p.lastTrial];
            if (r.fromCache)
                ++summary.fromCache;
            else
                ++summary.scored;
            if (r.scorerCrash && !r.fromCache) {
                ++summary.crashed;
                // The engine caches answers, not crashes: the crash entry is what says "done, failed".
                if (e) storeShardCrash(e->cache, e->key, r);
            }
            std::fprintf(stderr, "[%d/%d] %s%s\n", p.done, p.total, p.lastTrial.display().c_str(),
                         r.scorerCrash ? (" scorer crash: " + r.error).c_str() : "");
            if (pauseAfterTrialMs > 0) QThread::msleep(static_cast<unsigned long>(pauseAfterTrialMs));
        });
    }
    return summary;
}

// ---------------------------------------------------------------- collect

CollectedResults collectShardResults(const ResultSet& set, const std::vector<TrialId>& trials,
                                     const std::string& scorerIdentity) {
    CollectedResults out;
    std::map<std::string, std::string> cacheOfBundle;
    auto crash = [&](const std::string& why) {
        RescoredResult r;
        r.scorerCrash = true;
        r.error = why;
        r.scorerIdentity = scorerIdentity;
        return r;
    };
    for (const TrialId& id : trials) {
        std::string why;
        auto job = makeRescoreJob(set, id, &why);
        if (!job) {
            out.results.emplace_back(id, crash(why));
            continue;
        }
        const TrialRecord& t = *set.find(id);
        if (!t.hasAnswer(job->workflow)) {
            RescoredResult r; // as RescoreEngine::run: nothing to score
            r.reward = 0.0;
            r.scorerIdentity = scorerIdentity;
            out.results.emplace_back(id, r);
            continue;
        }
        std::string key;
        try {
            key = RescoreCache::key(*job, scorerIdentity);
        } catch (const InputError& e) {
            out.results.emplace_back(id, crash(std::string("cannot read documents: ") + e.what()));
            continue;
        }
        auto [where, added] = cacheOfBundle.try_emplace(t.bundle);
        if (added) where->second = RescoreCache::directoryFor(t.bundle);
        if (auto hit = loadShardResult(where->second, key))
            out.results.emplace_back(id, *hit);
        else
            out.missing.push_back(id);
    }
    return out;
}

// ---------------------------------------------------------------- launchers

std::string sbatchScript(const SbatchSettings& s) {
    auto quote = [](const std::string& text) {
        std::string q = "'";
        for (char c : text)
            q += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return q + "'";
    };
    std::string out = "#!/bin/bash\n";
    out += "# Written by vernier-cli rescore --emit-sbatch/--slurm (docs/cluster.md). One array element per\n"
           "# shard; each writes its results into the shared rescore cache. Resubmitting is safe: a shard\n"
           "# skips the trials that already have a result.\n";
    out += "#SBATCH --job-name=" + s.jobName + "\n";
    out += "#SBATCH --array=0-" + std::to_string(std::max(0, s.shards - 1)) + "\n";
    out += "#SBATCH --ntasks=1\n";
    if (!s.logDirectory.empty()) out += "#SBATCH --output=" + s.logDirectory + "/slurm-%A_%a.out\n";
    if (!s.partition.empty()) out += "#SBATCH --partition=" + s.partition + "\n";
    if (!s.time.empty()) out += "#SBATCH --time=" + s.time + "\n";
    if (!s.mem.empty()) out += "#SBATCH --mem=" + s.mem + "\n";
    if (!s.account.empty()) out += "#SBATCH --account=" + s.account + "\n";
    for (const auto& e : s.extra)
        out += "#SBATCH " + e + "\n";
    out += "set -eu\n";
    out += "exec " + quote(s.program) + " rescore-shard " + quote(s.manifest) +
           " --index \"$SLURM_ARRAY_TASK_ID\"\n";
    return out;
}

std::vector<int> runShardsLocally(const std::string& program, const std::string& manifest, int shards,
                                  int parallel) {
    std::vector<int> failed;
    std::deque<int> queue;
    for (int i = 0; i < shards; ++i)
        queue.push_back(i);
    std::vector<std::pair<int, std::unique_ptr<QProcess>>> running;
    const int limit = std::max(1, parallel);
    while (!queue.empty() || !running.empty()) {
        while (!queue.empty() && static_cast<int>(running.size()) < limit) {
            const int i = queue.front();
            queue.pop_front();
            auto p = std::make_unique<QProcess>();
            p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
            p->setStandardOutputFile(QProcess::nullDevice());
            p->start(QString::fromStdString(program),
                     {"rescore-shard", QString::fromStdString(manifest), "--index", QString::number(i)});
            if (!p->waitForStarted(10000)) {
                failed.push_back(i);
                continue;
            }
            running.emplace_back(i, std::move(p));
        }
        for (auto it = running.begin(); it != running.end();) {
            if (it->second->waitForFinished(50) || it->second->state() == QProcess::NotRunning) {
                if (it->second->exitStatus() != QProcess::NormalExit || it->second->exitCode() != 0)
                    failed.push_back(it->first);
                it = running.erase(it);
            } else {
                ++it;
            }
        }
    }
    std::sort(failed.begin(), failed.end());
    return failed;
}

} // namespace vernier
