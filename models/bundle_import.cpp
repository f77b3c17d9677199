// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Reads Harbor job folders and leaderboard submission folders (docs/contract.md §3.2), plain or zipped: the
// layouts, the jobs' own figures, the trials on several threads. Every trial is read on its own
// (models/harbor_trial.cpp): a malformed file sets that trial's loadError and nothing else.
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "models/bundle_tree.h"
#include "models/harbor_trial.h"
#include "models/incremental_import.h"
#include "models/parallel.h"
#include "models/provenance_json.h"
#include "models/result_set.h"
#include "models/trial_index.h"
#include "scoring/errors.h"

using nlohmann::json;

namespace vernier {

namespace {

// Readers of small files; I/O-bound, so more than the core count helps a cold start.
constexpr std::size_t kImportThreads = 8;

std::string dirOf(const std::string& rel) {
    auto s = rel.find_last_of('/');
    return s == std::string::npos ? std::string() : rel.substr(0, s + 1);
}

std::vector<std::string> split(const std::string& rel) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < rel.size()) {
        auto end = rel.find('/', start);
        if (end == std::string::npos) end = rel.size();
        out.push_back(rel.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

using harbor::baseName;
using harbor::integer;
using harbor::member;
using harbor::number;
using harbor::readHarborTrial;
using harbor::readJson;
using harbor::readTrialFolder;
using harbor::text;

// A Harbor job folder: its lock.json names the Harbor version; its result.json's stats.evals are Harbor's
// own per-group figures, compared here with what the trials below it say (docs/formats.md, "Job folder").
void checkJob(const BundleTree& tree, const std::string& jobDir, const std::vector<TrialRecord>& trials,
              const std::vector<std::string>& trialDirOf, std::vector<ImportProblem>& problems,
              std::set<std::string>& versions) {
    std::string where = tree.root() + (jobDir.empty() ? "" : "/" + jobDir);
    if (!where.empty() && where.back() == '/') where.pop_back();
    if (tree.has(jobDir + "lock.json")) {
        try {
            json lock = readJson(tree, jobDir + "lock.json");
            std::string v = text(member(lock, "harbor"), "version");
            if (!v.empty()) versions.insert(v);
        } catch (const InputError& e) {
            problems.push_back({where + "/lock.json", e.what(), ""});
        }
    }
    json result;
    try {
        result = readJson(tree, jobDir + "result.json");
    } catch (const InputError& e) {
        problems.push_back({where + "/result.json", e.what(), ""});
        return;
    }
    const json& stats = member(result, "stats");
    const json& evals = member(stats, "evals");
    if (!evals.is_object()) return;
    const bool running = member(result, "finished_at").is_null() ||
                         integer(stats, "n_running_trials").value_or(0) > 0 ||
                         integer(stats, "n_pending_trials").value_or(0) > 0;
    // Harbor's groups: "<agent>__<model name>__<source, or adhoc>"; n_trials counts trials with rewards
    // (every trial before 0.20),
    // n_errors trial-level exceptions, and the mean is over every trial of the group (no reward: 0).
    struct Group {
        int trials = 0, withReward = 0, errors = 0;
        double sum = 0;
    };
    std::map<std::string, Group> mine;
    for (std::size_t i = 0; i < trials.size(); ++i) {
        const TrialRecord& t = trials[i];
        if (trialDirOf[i].empty() || trialDirOf[i].rfind(jobDir, 0) != 0) continue;
        if (!t.loadError.empty()) continue;
        Group& g = mine[t.system.agent + "__" + t.system.model + "__" +
                        (t.run.source.empty() ? "adhoc" : t.run.source)];
        ++g.trials;
        // Harbor's own figures know only rewards it recorded, not ones Vernier computed from steps.
        if (t.recordedReward && !t.rewardComputedFromSteps) {
            ++g.withReward;
            g.sum += *t.recordedReward;
        }
        if (!t.exceptionType.empty() && t.exceptionStep.empty()) ++g.errors;
    }
    const std::string suffix = running ? " (the job was still running when it was written)" : "";
    for (auto it = evals.begin(); it != evals.end(); ++it) {
        const std::string& key = it.key();
        auto m = mine.find(key);
        if (m == mine.end()) {
            problems.push_back({where + "/result.json",
                                "stats.evals names \"" + key + "\", which no trial here belongs to" + suffix,
                                ""});
            continue;
        }
        const Group& g = m->second;
        std::vector<std::string> diffs;
        // Harbor 0.20+ counts trials with rewards; earlier versions (the embedded sample's shape) counted
        // every trial. Either count agrees.
        if (auto n = integer(*it, "n_trials"); n && *n != g.withReward && *n != g.trials)
            diffs.push_back("n_trials " + std::to_string(*n) + " recorded, " + std::to_string(g.withReward) +
                            " found");
        if (auto n = integer(*it, "n_errors"); n && *n != g.errors)
            diffs.push_back("n_errors " + std::to_string(*n) + " recorded, " + std::to_string(g.errors) +
                            " found");
        const json& metrics = member(*it, "metrics");
        if (metrics.is_array() && !metrics.empty()) {
            std::optional<double> mean = number(metrics[0], "mean");
            if (!mean) mean = number(metrics[0], "reward");
            const double computed = g.trials ? g.sum / g.trials : 0.0;
            if (mean && std::abs(*mean - computed) > 1e-6) {
                char buf[96];
                std::snprintf(buf, sizeof buf, "mean reward %.6f recorded, %.6f computed", *mean, computed);
                diffs.push_back(buf);
            }
        }
        if (!diffs.empty()) {
            std::string reason = "stats.evals[\"" + key + "\"]: ";
            for (std::size_t k = 0; k < diffs.size(); ++k)
                reason += (k ? "; " : "") + diffs[k];
            problems.push_back({where + "/result.json", reason + suffix, ""});
        }
    }
}

} // namespace

// Declared in models/incremental_import.h: the live follow re-reads single trial folders with exactly the
// reader importBundle uses.
std::vector<TrialRecord> readHarborTrialFolders(const std::string& bundle,
                                                const std::vector<std::string>& dirs) {
    namespace fs = std::filesystem;
    // Only the folders asked for are listed (a live follow of a 100,000-trial job reads one new trial, not
    // the 1.1 million files of the bundle); a folder gone is not a trial any more. When one of them is a
    // symlink or cannot be listed cleanly, the bundle is listed whole, as an import would.
    std::optional<BundleTree> listed;
    std::error_code ec;
    const fs::path canon = fs::canonical(bundle, ec);
    if (!ec && fs::is_directory(canon, ec)) {
        std::vector<std::string> present;
        bool plain = true;
        for (const auto& d : dirs) {
            std::string rel = d;
            while (!rel.empty() && rel.back() == '/')
                rel.pop_back();
            const fs::file_status st = fs::symlink_status(rel.empty() ? canon : canon / rel, ec);
            if (fs::is_symlink(st)) plain = false;
            if (fs::is_directory(st)) present.push_back(d);
        }
        if (plain) listed = BundleTree::fromListing(bundle, canon.string(), {}, present);
    }
    const BundleTree tree = listed ? std::move(*listed) : BundleTree::open(bundle);
    // The bundle changes under a live follow: a tree hash recorded by its import no longer describes it.
    if (!canon.empty()) rememberTreeSha256(canon.string(), {});
    std::vector<TrialRecord> out;
    for (const auto& d : dirs) {
        if (!tree.has(d + "result.json")) continue; // gone again, or not finished: not a trial yet
        TrialRecord t;
        try {
            readHarborTrial(tree, bundle, d, t);
        } catch (const std::exception& e) {
            t.bundle = bundle;
            t.bundleKind = "harbor";
            t.trialPath = tree.root() + (d.empty() ? "" : "/" + d);
            t.trialName = baseName(d.empty() ? bundle : d);
            t.loadError = std::string("cannot read trial: ") + e.what();
        }
        out.push_back(std::move(t));
    }
    return out;
}

void importBundle(const std::string& bundle, std::vector<TrialRecord>& out,
                  std::vector<ImportProblem>& problems, const ImportOptions& options, BundleInfo* info) {
    if (options.useIndex) { // models/trial_index.h: reuses unchanged trial folders
        importBundleIndexed(bundle, out, problems, options, info);
        return;
    }
    // The follow state as of the reading, so a change while reading is seen by the first scan.
    if (options.followStates && isFollowableFolder(QString::fromStdString(bundle)))
        (*options.followStates)[bundle] = scanFollowState(QString::fromStdString(bundle));
    importBundleTree(BundleTree::open(bundle), bundle, out, problems, info, {});
}

// Declared in models/trial_index.h.
void importBundleTree(const BundleTree& tree, const std::string& bundle, std::vector<TrialRecord>& out,
                      std::vector<ImportProblem>& problems, BundleInfo* info, const BundleReadHooks& hooks) {
    for (const auto& p : tree.problems())
        problems.push_back(p);

    // Leaderboard submission layout: .../runs/<agent>/<model>/<task_id>/<file>. A bundle given as the
    // runs/ folder itself (or a zip of its contents) counts as being under "runs".
    const bool rootIsRuns = baseName(bundle) == "runs";
    std::map<std::string, std::array<std::string, 3>> submissions; // trial dir -> agent, model, task
    std::set<std::string> resultDirs;
    for (const auto& f : tree.files()) {
        // Split only a path that has a "runs" folder (10^6 paths split for nothing took 0.1 s).
        const bool underRuns =
            rootIsRuns || f.rfind("runs/", 0) == 0 || f.find("/runs/") != std::string::npos;
        if (!underRuns) {
            if (baseName(f) == "result.json") resultDirs.insert(dirOf(f));
            continue;
        }
        std::vector<std::string> parts = split(f);
        if (rootIsRuns) parts.insert(parts.begin(), "runs");
        bool isSubmission = false;
        for (std::size_t k = 0; k + 4 < parts.size(); ++k) {
            if (parts[k] != "runs") continue;
            std::string dir;
            for (std::size_t i = rootIsRuns ? 1 : 0; i <= k + 3; ++i)
                dir += parts[i] + "/";
            submissions.emplace(dir, std::array<std::string, 3>{parts[k + 1], parts[k + 2], parts[k + 3]});
            isSubmission = true;
            break;
        }
        if (!isSubmission && baseName(f) == "result.json") resultDirs.insert(dirOf(f));
    }

    // Harbor trial folders: folders with a result.json and no deeper folder with one (the job folder's
    // own result.json has trial folders below it).
    std::vector<std::string> harbor, jobDirs;
    for (const auto& d : resultDirs) {
        auto next = resultDirs.upper_bound(d);
        bool hasDeeper = next != resultDirs.end() && next->rfind(d, 0) == 0;
        (hasDeeper ? jobDirs : harbor).push_back(d);
    }

    // Trials are read in parallel: a cold import waits mostly on small-file reads, which overlap well.
    // Each trial is written to its own slot, so the order (and so every result) is the same as sequential.
    std::vector<std::pair<std::string, const std::array<std::string, 3>*>> jobs;
    for (const auto& d : harbor)
        jobs.emplace_back(d, nullptr);
    for (const auto& [d, id] : submissions)
        jobs.emplace_back(d, &id);
    std::vector<TrialRecord> read(jobs.size());
    auto readOne = [&](std::size_t i) {
        const auto& [d, id] = jobs[i];
        TrialRecord& t = read[i];
        if (hooks.reuse && hooks.reuse(d, t)) return;
        if (!id) {
            readHarborTrial(tree, bundle, d, t);
            return;
        }
        t.bundle = bundle;
        t.bundleKind = "submission";
        readTrialFolder(tree, d, t);
        t.system = SystemId{(*id)[0], (*id)[1]}; // the layout's path decides the system
        t.taskId = (*id)[2];
        if (t.taskName.empty()) t.taskName = (*id)[2];
        t.trialName = (*id)[0] + "/" + (*id)[1] + "/" + (*id)[2];
    };
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i = next.fetch_add(1); i < jobs.size(); i = next.fetch_add(1)) {
            try {
                readOne(i);
            } catch (const std::exception& e) {
                read[i].loadError = std::string("cannot read trial: ") + e.what();
            }
        }
    };
    runOnThreads(std::min<std::size_t>(kImportThreads, (jobs.size() + 31) / 32), worker);
    std::vector<std::string> trialDirOf(read.size());
    for (std::size_t i = 0; i < read.size(); ++i)
        if (!jobs[i].second) trialDirOf[i] = jobs[i].first;
    std::set<std::string> versions;
    const std::size_t jobProblemsFrom = problems.size() - tree.problems().size();
    for (const auto& jd : jobDirs)
        checkJob(tree, jd, read, trialDirOf, problems, versions);
    if (hooks.problemsBefore)
        hooks.problemsBefore->assign(problems.begin() + static_cast<std::ptrdiff_t>(jobProblemsFrom),
                                     problems.end());
    for (auto& t : read) {
        if (!t.loadError.empty()) problems.push_back({t.trialPath, t.loadError, t.trialName});
        if (!t.stoppedAtStep.empty())
            problems.push_back(
                {t.trialPath, "stopped at step \"" + t.stoppedAtStep + "\": " + t.stopReason, t.trialName});
    }
    // A folder that is neither layout is said so, never accepted silently; a job that has not finished a
    // trial yet (its config.json is there) is not an error, but still worth a line.
    const std::size_t afterFrom = problems.size();
    if (read.empty() && tree.problems().empty()) {
        bool isJob = false;
        for (const auto& f : tree.files())
            if (baseName(f) == "config.json" || baseName(f) == "lock.json") isJob = true;
        problems.push_back(
            {bundle,
             isJob ? "no finished trials yet (a Harbor job folder with no trial result.json)"
                   : "no trials found: not a Harbor job (no trial folder with a result.json) and not a "
                     "leaderboard submission (no runs/<agent>/<model>/<task>/)",
             {}});
    }
    if (info) {
        info->path = bundle;
        info->trials = static_cast<int>(read.size());
        info->jobs = static_cast<int>(jobDirs.size());
        info->harborVersions.assign(versions.begin(), versions.end());
    }
    if (hooks.problemsAfter)
        hooks.problemsAfter->assign(problems.begin() + static_cast<std::ptrdiff_t>(afterFrom),
                                    problems.end());
    if (hooks.trialDirs)
        for (const auto& j : jobs)
            hooks.trialDirs->push_back(j.first);
    // Handed over without a second copy of the records alive at once (10^5 trials are ~180 MB of them).
    if (out.empty()) {
        out = std::move(read);
    } else {
        out.reserve(out.size() + read.size());
        std::move(read.begin(), read.end(), std::back_inserter(out));
    }
}

} // namespace vernier
