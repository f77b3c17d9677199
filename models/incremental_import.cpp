// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Live follow: re-reads changed Harbor trial folders and merges them into a result set by TrialId
// (docs/formats.md, "Live follow").
#include "models/incremental_import.h"

#include <algorithm>
#include <exception>
#include <unordered_set>

namespace vernier {

namespace {

std::string withoutSlash(std::string dir) {
    while (!dir.empty() && dir.back() == '/')
        dir.pop_back();
    return dir;
}

// The import problems a full import reports for one trial (models/bundle_import.cpp, importResults).
void trialProblems(const ResultSet& set, const TrialRecord& t, std::vector<ImportProblem>& out) {
    if (!t.loadError.empty()) out.push_back({t.trialPath, t.loadError, t.trialName});
    if (!t.stoppedAtStep.empty())
        out.push_back(
            {t.trialPath, "stopped at step \"" + t.stoppedAtStep + "\": " + t.stopReason, t.trialName});
    if (!t.loadError.empty()) return;
    if (t.taskIndex < 0) {
        out.push_back({t.trialPath, "task \"" + t.taskId + "\" is not in the task pack", t.trialName});
        return;
    }
    const Workflow w = set.tasks[static_cast<std::size_t>(t.taskIndex)].workflow;
    for (const auto& [name, ref] : requiredAnswers(t, w)) {
        if (!ref->empty()) continue;
        for (const auto& a : t.artifactProblems)
            if (a.find("/" + std::string(name) + ":") != std::string::npos)
                out.push_back({t.trialPath, std::string(name) + " missing: artifact " + a, t.trialName});
    }
}

} // namespace

TrialFolderRead readTrialFolders(const std::string& bundle, const std::vector<std::string>& dirs,
                                 const std::set<std::string>& giveUp) {
    TrialFolderRead out;
    out.bundle = bundle;
    std::vector<TrialRecord> read;
    try {
        read = readHarborTrialFolders(bundle, dirs);
    } catch (const std::exception& e) {
        out.error = e.what();
        return out;
    }
    for (auto& t : read) {
        const TrialId id = t.id();
        const std::string dir = id.path.empty() ? std::string() : id.path + "/";
        // A trial that does not load while its job runs is most likely being written: read it again later,
        // and report it only once it has been retried long enough.
        if (!t.loadError.empty() && giveUp.count(dir) == 0) {
            out.unreadable.push_back(dir);
            continue;
        }
        out.trials.push_back(std::move(t));
    }
    return out;
}

ResultSet mergeTrialFolders(const ResultSet& current, const TrialFolderRead& read,
                            const std::vector<std::string>& removedDirs, MergeCounts* counts) {
    ResultSet set = current;
    MergeCounts n;
    std::unordered_set<std::string> stalePaths; // trialPath of every trial replaced or removed
    std::vector<bool> drop(set.trials.size(), false);
    for (const auto& dir : removedDirs) {
        const auto i = set.indexOf(TrialId{read.bundle, withoutSlash(dir)});
        if (!i || drop[*i]) continue;
        drop[*i] = true;
        stalePaths.insert(set.trials[*i].trialPath);
        ++n.removed;
    }
    // A folder that held the only result.json below it (a job folder before its first trial finished: a
    // full import reads it as a trial) is not a trial once a trial folder below it has one.
    for (const TrialRecord& fresh : read.trials) {
        const std::string& path = fresh.id().path;
        for (std::size_t i = 0; i < set.trials.size(); ++i) {
            const TrialId other = set.trials[i].id();
            if (drop[i] || other.bundle != read.bundle || other.path.size() >= path.size()) continue;
            if (other.path.empty() || path.compare(0, other.path.size() + 1, other.path + "/") == 0) {
                drop[i] = true;
                stalePaths.insert(set.trials[i].trialPath);
                ++n.removed;
            }
        }
    }
    std::vector<TrialId> touched;
    for (const TrialRecord& fresh : read.trials) {
        TrialRecord t = fresh;
        // Multi-step trials without a recorded trial reward follow their task's declared strategy, as in a
        // full import.
        if (!t.steps.empty()) {
            const int k = set.taskIndex(t.taskId);
            if (k >= 0 && !set.tasks[static_cast<std::size_t>(k)].multiStepRewardStrategy.empty())
                t.applyStepRewardStrategy(set.tasks[static_cast<std::size_t>(k)].multiStepRewardStrategy,
                                          "task.toml");
        }
        const TrialId id = t.id();
        touched.push_back(id);
        if (const auto i = set.indexOf(id)) {
            stalePaths.insert(set.trials[*i].trialPath);
            if (drop[*i]) { // listed as removed and read again: it is back
                drop[*i] = false;
                --n.removed;
            }
            set.trials[*i] = std::move(t);
            ++n.replaced;
        } else {
            set.trials.push_back(std::move(t));
            drop.push_back(false);
            ++n.added;
        }
    }
    if (n.removed > 0) {
        std::vector<TrialRecord> kept;
        kept.reserve(set.trials.size());
        for (std::size_t i = 0; i < set.trials.size(); ++i)
            if (!drop[i]) kept.push_back(std::move(set.trials[i]));
        set.trials = std::move(kept);
    }
    set.problems.erase(std::remove_if(set.problems.begin(), set.problems.end(),
                                      [&](const ImportProblem& p) {
                                          return !p.trial.empty() && stalePaths.count(p.path) != 0;
                                      }),
                       set.problems.end());
    // "no finished trials yet" said of a job that now has one (models/bundle_import.cpp) no longer holds.
    if (n.added > 0)
        set.problems.erase(std::remove_if(set.problems.begin(), set.problems.end(),
                                          [&](const ImportProblem& p) {
                                              return p.trial.empty() && p.path == read.bundle &&
                                                     p.reason.rfind("no finished trials yet", 0) == 0;
                                          }),
                           set.problems.end());
    set.reindex();
    for (const auto& id : touched)
        if (const TrialRecord* t = set.find(id)) trialProblems(set, *t, set.problems);
    for (auto& info : set.bundleInfo)
        if (info.path == read.bundle) info.trials += n.added - n.removed;
    if (counts) *counts = n;
    return set;
}

} // namespace vernier
