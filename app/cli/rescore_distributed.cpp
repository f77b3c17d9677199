// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The launchers of sharded rescoring (docs/cluster.md): Slurm (sbatch --array, squeue polling) and local
// processes. Planning, the shard manifests, running a shard and collecting are worker/shards.h.
#include "cli/rescore_distributed.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QThread>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <unistd.h>

#include "cli/results_common.h"
#include "scoring/errors.h"
#include "scoring/scorer_version.h"
#include "worker/rescoring.h"
#include "worker/shards.h"

namespace vernier::cli {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

struct ProcessResult {
    bool started = false;
    int exitCode = -1;
    std::string out, err;
};

ProcessResult runProgram(const std::string& program, const QStringList& args, int timeoutMs = 60000) {
    QProcess p;
    p.start(QString::fromStdString(program), args);
    ProcessResult r;
    if (!p.waitForStarted(10000)) {
        r.err = p.errorString().toStdString();
        return r;
    }
    r.started = true;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(2000);
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput().trimmed().toStdString();
    r.err = p.readAllStandardError().trimmed().toStdString();
    return r;
}

std::string oneLine(std::string s) {
    for (char& c : s)
        if (c == '\n') c = ' ';
    return s.size() > 300 ? s.substr(0, 300) : s;
}

// Where a run's manifests and logs go: --job-dir, else "jobs/<time>-<pid>" beside the first bundle's cache
// (the cache is on the shared file system, so its neighbour is too).
std::string defaultJobDirectory(const ResultSet& set, const std::string& tag) {
    std::string cache = set.bundles.empty() ? RescoreCache::defaultDirectory()
                                            : RescoreCache::directoryFor(set.bundles.front());
    const QString stamp = QDateTime::currentDateTimeUtc().toString("yyyyMMdd-HHmmss");
    return QDir::cleanPath(QString::fromStdString(cache) + "/../jobs/" + QString::fromStdString(tag) + "-" +
                           stamp + "-" + QString::number(::getpid()))
        .toStdString();
}

struct Launch {
    std::string jobId;       // Slurm: the array job id; local: empty
    std::vector<int> failed; // local: shards whose process failed
};

class Launcher {
public:
    virtual ~Launcher() = default;
    // Writes what the launcher needs beside the manifests and starts the shards; waits when `wait`.
    virtual Launch launch(const std::string& dir, const std::string& manifest, int shards, bool wait) = 0;
    // Why a shard left trials without a result (Slurm: the element's final state when sacct knows it).
    virtual std::string shardEnd(const Launch&, int) { return "ended without writing a result"; }
};

class LocalLauncher : public Launcher {
public:
    LocalLauncher(std::string program, int parallel) : program_(std::move(program)), parallel_(parallel) {}
    Launch launch(const std::string&, const std::string& manifest, int shards, bool) override {
        Launch l;
        l.failed = runShardsLocally(program_, manifest, shards, parallel_);
        return l;
    }

private:
    std::string program_;
    int parallel_;
};

class SlurmLauncher : public Launcher {
public:
    SlurmLauncher(SbatchSettings settings) : settings_(std::move(settings)) {}

    Launch launch(const std::string& dir, const std::string& manifest, int shards, bool wait) override {
        const std::string script = writeScript(dir, manifest, shards);
        const auto t0 = Clock::now();
        ProcessResult r = runProgram("sbatch", {"--parsable", QString::fromStdString(script)});
        if (!r.started) throw InputError("cannot run sbatch (is Slurm installed and on PATH?): " + r.err);
        if (r.exitCode != 0) throw InputError("sbatch refused the job: " + oneLine(r.err));
        Launch l;
        l.jobId = r.out.substr(0, r.out.find(';')); // "<id>" or "<id>;<cluster>"
        std::fprintf(stderr, "submitted Slurm array job %s (%d shard(s)) in %.2f s: %s\n", l.jobId.c_str(),
                     shards, secondsSince(t0), script.c_str());
        if (wait) waitFor(l.jobId);
        return l;
    }

    std::string writeScript(const std::string& dir, const std::string& manifest, int shards) {
        SbatchSettings s = settings_;
        s.manifest = manifest;
        s.shards = shards;
        s.logDirectory = QDir(QString::fromStdString(dir)).absoluteFilePath("logs").toStdString();
        QDir().mkpath(QString::fromStdString(s.logDirectory));
        const std::string path =
            QDir(QString::fromStdString(dir)).absoluteFilePath("rescore.sbatch").toStdString();
        writeFileAtomically(path, sbatchScript(s));
        QFile::setPermissions(QString::fromStdString(path),
                              QFile::permissions(QString::fromStdString(path)) | QFileDevice::ExeOwner);
        return path;
    }

    std::string shardEnd(const Launch& l, int shard) override {
        if (states_.empty() && !l.jobId.empty()) {
            // Needs accounting (AccountingStorageType); without it the state is unknown.
            ProcessResult r = runProgram(
                "sacct", {"-j", QString::fromStdString(l.jobId), "-n", "-P", "-X", "-o", "JobID,State"});
            if (r.started && r.exitCode == 0)
                for (const QString& line : QString::fromStdString(r.out).split('\n', Qt::SkipEmptyParts)) {
                    const QStringList f = line.split('|');
                    if (f.size() == 2) states_[f[0].trimmed().toStdString()] = f[1].trimmed().toStdString();
                }
            states_["?"] = ""; // asked once
        }
        const std::string element = l.jobId + "_" + std::to_string(shard);
        auto it = states_.find(element);
        return "Slurm array element " + element + " ended without writing a result" +
               (it != states_.end() && !it->second.empty() ? " (state " + it->second + ")" : "");
    }

private:
    // Polls squeue until the array has left the queue (pending, running and completing elements are
    // listed; a finished or purged job is not).
    void waitFor(const std::string& id) {
        const auto t0 = Clock::now();
        std::string last;
        int failures = 0;
        for (;;) {
            ProcessResult r = runProgram("squeue", {"-h", "-j", QString::fromStdString(id), "-o", "%i %T"});
            if (!r.started) throw InputError("cannot run squeue: " + r.err);
            if (r.exitCode != 0 && r.err.find("Invalid job id") == std::string::npos) {
                // slurmctld busy or restarting: keep asking, but not forever.
                if (++failures > 100)
                    throw InputError("squeue keeps failing (" + oneLine(r.err) + "); the job " + id +
                                     " may still run: collect later with --collect");
                std::fprintf(stderr, "squeue: %s (retrying)\n", oneLine(r.err).c_str());
            } else if (r.out.empty()) {
                break;
            } else {
                failures = 0;
            }
            if (r.out != last) {
                std::fprintf(stderr, "Slurm job %s after %.0f s: %s\n", id.c_str(), secondsSince(t0),
                             oneLine(r.out).c_str());
                last = r.out;
            }
            // A twentieth of the time waited so far, 0.25-10 s: noticing the end late by at most ~5 %,
            // without asking slurmctld more than every 10 s on a long run.
            const double pause = std::clamp(secondsSince(t0) / 20, 0.25, 10.0);
            QThread::msleep(static_cast<unsigned long>(pause * 1000));
        }
        std::fprintf(stderr, "Slurm job %s finished after %.2f s\n", id.c_str(), secondsSince(t0));
    }

    SbatchSettings settings_;
    std::map<std::string, std::string> states_;
};

json trialRows(const ResultSet& set, const std::vector<TrialId>& ids) {
    json rows = json::array();
    for (const TrialId& id : ids) {
        const TrialRecord* t = set.find(id);
        if (!t) continue;
        rows.push_back({{"system", t->system.label()}, {"task_id", t->taskId}, {"trial", t->trialName}});
    }
    return rows;
}

} // namespace

std::vector<OptionSpec> distributedRescoreOptionSpecs() {
    return {
        {"--slurm", nullptr, "rescore as a Slurm array job (sbatch), wait, and collect (docs/cluster.md)"},
        {"--shards", "N",
         "split the trials still to score into N shards, 1-100000 (default: --jobs locally, 4 "
         "with --slurm)"},
        {"--partition", "P", "Slurm partition of the array job"},
        {"--time", "T", "Slurm time limit per shard (e.g. 01:00:00)"},
        {"--mem", "M", "Slurm memory per shard (e.g. 4G)"},
        {"--account", "A", "Slurm account to charge"},
        {"--sbatch-arg", "X", "extra '#SBATCH X' line in the job script (repeatable)", true},
        {"--no-wait", nullptr, "with --slurm: submit and return; collect later with --collect"},
        {"--job-dir", "DIR", "where --slurm/--shards write manifests and logs (default: beside the cache)"},
        {"--emit-sbatch", "DIR", "only write the shard manifests and DIR/rescore.sbatch, for sbatch by hand"},
        {"--collect", nullptr, "score nothing: report what the rescore cache holds (after a Slurm run)"},
    };
}

bool rescoreDistributed(ResultSet& set, const Args& args, json& extra) {
    const bool slurm = args.flag("--slurm");
    const bool collectOnly = args.flag("--collect");
    const std::string emitDir = args.option("--emit-sbatch");
    const bool local = !slurm && !collectOnly && emitDir.empty() && !args.option("--shards").empty();
    if (!slurm && !collectOnly && emitDir.empty() && !local) {
        if (args.flag("--no-wait")) throw InputError("--no-wait needs --slurm");
        for (const char* o : {"--partition", "--time", "--mem", "--account", "--sbatch-arg", "--job-dir"})
            if (args.flag(o) || !args.option(o).empty())
                throw InputError(std::string(o) + " needs --slurm, --emit-sbatch or --shards");
        return false;
    }
    if ((slurm ? 1 : 0) + (collectOnly ? 1 : 0) + (emitDir.empty() ? 0 : 1) > 1)
        throw InputError("choose one of --slurm, --emit-sbatch and --collect");
    if (args.flag("--no-cache"))
        throw InputError("sharded rescoring keeps its results in the rescore cache: drop --no-cache");
    if (args.flag("--no-wait") && !slurm) throw InputError("--no-wait needs --slurm");

    const std::string identity = scorerIdentity();
    std::vector<TrialId> trials; // the same selection as the in-process rescore (results_common.cpp)
    for (const TrialRecord& t : set.trials)
        if (t.loadError.empty() && t.taskIndex >= 0) trials.push_back(t.id());

    auto finish = [&](const CollectedResults& c, const std::vector<TrialId>& missing) {
        applyRescored(set, c.results);
        extra["missing"] = trialRows(set, missing);
        if (!missing.empty())
            std::fprintf(stderr, "%zu trial(s) have no result in the cache yet\n", missing.size());
    };

    if (collectOnly) {
        const auto t0 = Clock::now();
        CollectedResults c = collectShardResults(set, trials, identity);
        std::fprintf(stderr, "collected %zu result(s) from the cache in %.2f s\n", c.results.size(),
                     secondsSince(t0));
        finish(c, c.missing);
        return true;
    }

    const int jobs = cli::parseIntOption("--jobs", args.option("--jobs", "2"), 1, 64);
    const int shards = cli::parseIntOption(
        "--shards", args.option("--shards", local ? std::to_string(jobs) : "4"), 1, 100000);
    ShardJobSettings settings;
    settings.bundles = set.bundles;
    settings.pack = args.option("--tasks");
    settings.scorerIdentity = identity;
    settings.timeoutSeconds = cli::parseIntOption("--timeout", args.option("--timeout", "300"), 1, 86400);
    const std::string program = RescoreEngine::defaultWorkerProgram();

    SbatchSettings sb;
    sb.program = QFileInfo(QString::fromStdString(program)).absoluteFilePath().toStdString();
    sb.partition = args.option("--partition");
    sb.time = args.option("--time");
    sb.mem = args.option("--mem");
    sb.account = args.option("--account");
    sb.extra = args.options("--sbatch-arg");
    for (const std::string& v : {sb.partition, sb.time, sb.mem, sb.account})
        if (v.find('\n') != std::string::npos)
            throw InputError("a Slurm option value cannot contain a newline");
    for (const std::string& v : sb.extra)
        if (v.find('\n') != std::string::npos) throw InputError("--sbatch-arg cannot contain a newline");

    auto t0 = Clock::now();
    ShardPlan plan = planShards(set, trials, shards, identity);
    std::fprintf(stderr,
                 "planned %zu trial(s) to score in %zu shard(s) in %.2f s (%zu already in the cache, %zu "
                 "without an answer)\n",
                 plan.pending, plan.shards.size(), secondsSince(t0), plan.cached, plan.noAnswer);

    if (!emitDir.empty()) {
        const std::string manifest = writeShardManifests(emitDir, settings, plan);
        std::string script;
        if (plan.shards.empty()) {
            std::fprintf(stderr, "every trial already has a result: no job script written\n");
        } else {
            SlurmLauncher launcher(sb);
            script = launcher.writeScript(emitDir, manifest, static_cast<int>(plan.shards.size()));
            std::fprintf(stderr, "wrote %s; submit with: sbatch %s\n", manifest.c_str(), script.c_str());
        }
        extra["emit_sbatch"] = {
            {"dir", QFileInfo(QString::fromStdString(emitDir)).absoluteFilePath().toStdString()},
            {"script", script.empty() ? json(nullptr) : json(script)},
            {"manifest", manifest},
            {"shards", plan.shards.size()},
            {"trials", plan.pending},
            {"cached", plan.cached}};
        CollectedResults c = collectShardResults(set, trials, identity);
        finish(c, c.missing);
        return true;
    }

    std::unique_ptr<Launcher> launcher;
    if (slurm)
        launcher = std::make_unique<SlurmLauncher>(sb);
    else
        launcher = std::make_unique<LocalLauncher>(program, jobs);
    const std::string jobDir = args.option("--job-dir").empty()
                                   ? defaultJobDirectory(set, slurm ? "slurm" : "local")
                                   : args.option("--job-dir");
    const bool wait = !args.flag("--no-wait");
    json info = {{"job_id", nullptr},
                 {"shards", plan.shards.size()},
                 {"resubmitted", 0},
                 {"job_dir", QFileInfo(QString::fromStdString(jobDir)).absoluteFilePath().toStdString()}};
    if (!slurm) info["launcher"] = "local";

    // Which shard each trial was in, to say why a trial is still missing.
    auto shardOf = [](const ShardPlan& p) {
        std::map<TrialId, int> m;
        for (std::size_t i = 0; i < p.shards.size(); ++i)
            for (const auto& s : p.shards[i])
                m[s.trial] = static_cast<int>(i);
        return m;
    };

    Launch first;
    const auto tRun = Clock::now();
    if (!plan.shards.empty()) {
        const std::string manifest = writeShardManifests(jobDir, settings, plan);
        first = launcher->launch(jobDir, manifest, static_cast<int>(plan.shards.size()), wait);
        if (slurm) info["job_id"] = first.jobId;
    }
    if (!wait) {
        info["waited"] = false;
        std::fprintf(stderr, "not waiting; when the job has finished: vernier-cli rescore ... --collect\n");
        extra["slurm"] = info;
        CollectedResults c = collectShardResults(set, trials, identity);
        finish(c, c.missing);
        return true;
    }
    const double runSeconds = secondsSince(tRun);

    t0 = Clock::now();
    CollectedResults c = collectShardResults(set, trials, identity);
    std::fprintf(stderr, "shards finished in %.2f s; collected %zu result(s) in %.2f s\n", runSeconds,
                 c.results.size(), secondsSince(t0));
    if (!c.missing.empty()) {
        // A killed, timed-out or failed shard: resubmit its trials without a result once.
        const auto whereFirst = shardOf(plan);
        std::map<TrialId, std::string> why;
        for (const TrialId& id : c.missing) {
            auto it = whereFirst.find(id);
            why[id] = it == whereFirst.end() ? "no result" : launcher->shardEnd(first, it->second);
        }
        std::fprintf(stderr, "%zu trial(s) without a result: resubmitting them once\n", c.missing.size());
        ShardPlan retry = planShards(set, c.missing, shards, identity);
        info["resubmitted"] = retry.pending;
        if (!retry.shards.empty()) {
            const std::string retryDir = jobDir + "/resubmit-1";
            const std::string manifest = writeShardManifests(retryDir, settings, retry);
            Launch second = launcher->launch(retryDir, manifest, static_cast<int>(retry.shards.size()), true);
            if (slurm) info["resubmit_job_id"] = second.jobId;
            const auto whereRetry = shardOf(retry);
            for (const TrialId& id : c.missing) {
                auto it = whereRetry.find(id);
                if (it != whereRetry.end())
                    why[id] += "; resubmitted: " + launcher->shardEnd(second, it->second);
            }
        }
        CollectedResults again = collectShardResults(set, trials, identity);
        // Still nothing: the trial is a scorer failure with the reason, never silently dropped. Nothing
        // goes into the cache, so a later run retries it.
        for (const TrialId& id : again.missing) {
            RescoredResult r;
            r.scorerCrash = true;
            r.error = why[id];
            r.scorerIdentity = identity;
            again.results.emplace_back(id, r);
        }
        c = std::move(again);
    }
    extra[slurm ? "slurm" : "shards"] = info;
    finish(c, c.missing);
    return true;
}

} // namespace vernier::cli
