// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/result_set.h"

#include <Standard_Version.hxx>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unordered_set>

#include "models/bundle_tree.h"
#include "models/system_variants.h"
#include "scoring/errors.h"
#include "vernier_version.h"

namespace vernier {

void ResultSet::setPolicy(SelectionPolicy p) {
    policy_ = p;
}

const char* selectionPolicyName(SelectionPolicy p) {
    switch (p) {
    case SelectionPolicy::LatestFinished:
        return "latest";
    case SelectionPolicy::Mean:
        return "mean";
    case SelectionPolicy::Best:
        return "best";
    case SelectionPolicy::First:
        return "first";
    }
    return "latest";
}

std::optional<SelectionPolicy> parseSelectionPolicy(const std::string& name) {
    for (auto p : {SelectionPolicy::LatestFinished, SelectionPolicy::Mean, SelectionPolicy::Best,
                   SelectionPolicy::First})
        if (name == selectionPolicyName(p)) return p;
    return std::nullopt;
}

namespace {} // namespace

std::optional<SubmissionCheck> checkSubmissionBundle(const std::string& bundle) {
    std::error_code ec;
    if (!std::filesystem::is_directory(bundle, ec)) return std::nullopt;
    SubmissionCheck c;
    c.bundle = bundle;
    try {
        c.manifest = findSubmissionManifest(bundle);
    } catch (const InputError&) {
        return std::nullopt; // not a submission folder
    }
    try {
        const SubmissionManifest m = loadSubmissionManifest(c.manifest);
        // A policy file beside the manifest (a test or a future leaderboard version), else the published one.
        SubmissionPolicy policy = publishedSubmissionPolicy();
        for (const char* name : {"policy.json", "benchmarks/v2.json"})
            if (std::filesystem::is_regular_file(std::filesystem::path(bundle) / name, ec)) {
                policy = loadSubmissionPolicy((std::filesystem::path(bundle) / name).string());
                break;
            }
        c.policy = policy.origin;
        c.report = validateSubmission(m, BundleTree::open(bundle), policy);
        const auto& d = m.doc;
        auto str = [](const nlohmann::json& o, const char* k) {
            return o.is_object() && o.contains(k) && o[k].is_string() ? o[k].get<std::string>()
                                                                      : std::string();
        };
        const std::string model = str(d.value("model", nlohmann::json()), "id");
        c.system = SystemId{str(d.value("agent", nlohmann::json()), "name"),
                            model.substr(model.find('/') == std::string::npos ? 0 : model.find('/') + 1)};
        const nlohmann::json declared = d.value("declared", nlohmann::json());
        if (declared.is_object() && declared.contains("mean_reward") && declared["mean_reward"].is_number())
            c.declaredMean = declared["mean_reward"].get<double>();
        if (declared.is_object() && declared.contains("n_errors") && declared["n_errors"].is_number_integer())
            c.declaredErrors = declared["n_errors"].get<int>();
        c.declaredDiffers = (c.declaredMean && c.report.meanReward &&
                             std::abs(*c.declaredMean - *c.report.meanReward) > kSubmissionScoreTolerance) ||
                            (c.declaredErrors && *c.declaredErrors != c.report.errors);
    } catch (const InputError& e) {
        c.report.findings.push_back({"", "unreadable", e.what()});
    }
    return c;
}

bool ResultSet::usesRescored() const {
    if (!preferRescored_) return false;
    for (const auto& t : trials)
        if (t.rescored) return true;
    return false;
}

std::string rewardsLabel(const ResultSet& set) {
    if (!set.usesRescored()) return "recorded rewards";
    return std::string("rescored by Vernier ") + VERNIER_VERSION + " (OCCT " + OCC_VERSION_COMPLETE + ")";
}

void ResultSet::setPreferRescored(bool on) {
    preferRescored_ = on;
    reindex();
}

void ResultSet::setSplitByJob(bool on) {
    splitByJob_ = on;
    reindex();
}

int ResultSet::systemIndex(const SystemId& s) const {
    auto it = std::lower_bound(systems.begin(), systems.end(), s, SystemId::labelLess);
    if (it == systems.end() || *it != s) return -1;
    return static_cast<int>(it - systems.begin());
}

int ResultSet::taskIndex(const std::string& id) const {
    auto it = std::lower_bound(tasks.begin(), tasks.end(), id,
                               [](const TaskInfo& t, const std::string& v) { return t.id < v; });
    if (it == tasks.end() || it->id != id) return -1;
    return static_cast<int>(it - tasks.begin());
}

const std::vector<int>& ResultSet::trialsOf(int system, int task) const {
    static const std::vector<int> kNone;
    if (system < 0 || task < 0 || system >= static_cast<int>(systems.size()) ||
        task >= static_cast<int>(tasks.size()))
        return kNone;
    return cells_[static_cast<std::size_t>(system) * tasks.size() + static_cast<std::size_t>(task)];
}

int ResultSet::selectedTrial(int system, int task) const {
    if (system < 0 || task < 0 || system >= static_cast<int>(systems.size()) ||
        task >= static_cast<int>(tasks.size()))
        return -1;
    const std::size_t cell = static_cast<std::size_t>(system) * tasks.size() + static_cast<std::size_t>(task);
    const std::vector<int>& list = cells_[cell]; // oldest first (finishedBefore)
    if (list.empty()) return -1;
    switch (policy_) {
    case SelectionPolicy::LatestFinished:
    case SelectionPolicy::Mean:
        break;
    case SelectionPolicy::Best: {
        int best = list.front();
        for (int t : list) // `>=`: among equal rewards the later finished attempt
            if (trials[static_cast<std::size_t>(t)].effectiveReward(preferRescored_) >=
                trials[static_cast<std::size_t>(best)].effectiveReward(preferRescored_))
                best = t;
        return best;
    }
    case SelectionPolicy::First:
        // The earliest known finish time; attempts without one sort first but lose, as under Latest.
        for (int t : list)
            if (trials[static_cast<std::size_t>(t)].finishedAt) return t;
        return list.front();
    }
    return selected_[cell];
}

std::optional<double> ResultSet::selectedReward(int system, int task) const {
    const auto& list = trialsOf(system, task);
    if (list.empty()) return std::nullopt;
    if (policy_ == SelectionPolicy::Mean) { // Best and First fold through selectedTrial()
        double sum = 0;
        for (int t : list)
            sum += trials[static_cast<std::size_t>(t)].effectiveReward(preferRescored_);
        return sum / static_cast<double>(list.size());
    }
    return trials[static_cast<std::size_t>(selectedTrial(system, task))].effectiveReward(preferRescored_);
}

int ResultSet::trialCount(int system) const {
    if (system < 0 || system >= static_cast<int>(trialCounts_.size())) return 0;
    return trialCounts_[static_cast<std::size_t>(system)];
}

std::optional<std::size_t> ResultSet::indexOf(const TrialId& id) const {
    auto it = byId_.find(id);
    if (it != byId_.end() && it->second < trials.size() && trials[it->second].id() == id) return it->second;
    // Trials changed since the last reindex() (a set being built or restricted): look them over.
    if (byId_.size() != trials.size() || it != byId_.end())
        for (std::size_t i = 0; i < trials.size(); ++i)
            if (trials[i].id() == id) return i;
    return std::nullopt;
}

const TrialRecord* ResultSet::find(const TrialId& id) const {
    const auto i = indexOf(id);
    return i ? &trials[*i] : nullptr;
}

TrialRecord* ResultSet::find(const TrialId& id) {
    const auto i = indexOf(id);
    return i ? &trials[*i] : nullptr;
}

std::vector<int> ResultSet::unmatchedTrials() const {
    std::vector<int> out;
    for (std::size_t i = 0; i < trials.size(); ++i)
        if (trials[i].taskIndex < 0) out.push_back(static_cast<int>(i));
    return out;
}

namespace {

// Later finished wins; unknown finish times lose to known ones; then started_at, then name.
bool finishedBefore(const TrialRecord& a, const TrialRecord& b) {
    auto key = [](const TrialRecord& t) {
        return std::make_tuple(t.finishedAt.has_value(), t.finishedAt.value_or(0), t.startedAt.has_value(),
                               t.startedAt.value_or(0));
    };
    auto ka = key(a), kb = key(b);
    if (ka != kb) return ka < kb;
    if (a.trialName != b.trialName) return a.trialName < b.trialName;
    return a.bundle < b.bundle;
}

// The shortest prefix (at least 8 characters) of each job id that no other job id shares.
std::map<std::string, std::string> jobPrefixes(const std::vector<TrialRecord>& trials) {
    std::set<std::string> ids;
    for (const auto& t : trials)
        if (!t.run.jobId.empty()) ids.insert(t.run.jobId);
    std::map<std::string, std::string> out;
    for (auto it = ids.begin(); it != ids.end(); ++it) {
        std::size_t n = 8;
        // Sorted ids: the neighbours share the longest prefixes.
        for (auto other : {it == ids.begin() ? ids.end() : std::prev(it), std::next(it)}) {
            if (other == ids.end()) continue;
            std::size_t common = 0;
            while (common < it->size() && common < other->size() && (*it)[common] == (*other)[common])
                ++common;
            n = std::max(n, common + 1);
        }
        out[*it] = it->substr(0, n);
    }
    return out;
}

// The folder holding a trial folder (its Harbor job), from the trial's display path.
std::string parentFolder(std::string path) {
    while (!path.empty() && path.back() == '/')
        path.pop_back();
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

// Sets every trial's system variant (docs/formats.md "System identity"). Submissions record no run
// settings: no variant. Malformed trials do not take part (their settings may be half read or missing);
// one gets the variant of a valid run of the same agent and model with equal settings, else that of a
// valid trial of the same agent and model in the same job folder, else none.
void assignVariants(std::vector<TrialRecord>& trials, bool splitByJob) {
    const auto prefixes = splitByJob ? jobPrefixes(trials) : std::map<std::string, std::string>();
    const auto settingsOf = [&](const TrialRecord& t) {
        RunSettings s = runSettingsOf(t.run);
        if (splitByJob && !t.run.jobId.empty()) s["job"] = prefixes.at(t.run.jobId);
        return s;
    };
    std::vector<std::pair<SystemId, RunSettings>> runs;
    std::vector<std::size_t> owners;
    for (std::size_t i = 0; i < trials.size(); ++i) {
        TrialRecord& t = trials[i];
        t.system.variant.clear();
        if (t.bundleKind == "submission" || !t.loadError.empty()) continue;
        runs.emplace_back(t.system, settingsOf(t));
        owners.push_back(i);
    }
    const std::vector<std::string> labels = variantLabels(runs);
    std::map<std::pair<SystemId, RunSettings>, std::string> known;
    std::map<std::pair<SystemId, std::string>, std::string> inJob;
    for (std::size_t k = 0; k < runs.size(); ++k) {
        TrialRecord& t = trials[owners[k]];
        inJob.emplace(std::make_pair(t.system, parentFolder(t.trialPath)), labels[k]);
        t.system.variant = labels[k];
        known.emplace(std::move(runs[k]), labels[k]);
    }
    for (auto& t : trials) {
        if (t.bundleKind == "submission" || t.loadError.empty()) continue;
        if (auto it = known.find({t.system, settingsOf(t)}); it != known.end())
            t.system.variant = it->second;
        else if (auto j = inJob.find({t.system, parentFolder(t.trialPath)}); j != inJob.end())
            t.system.variant = j->second;
    }
}

} // namespace

void ResultSet::reindex() {
    assignVariants(trials, splitByJob_);
    byId_.clear();
    byId_.reserve(trials.size());
    for (std::size_t i = 0; i < trials.size(); ++i)
        byId_.try_emplace(trials[i].id(), i);
    std::set<SystemId> distinct; // a handful of systems for 10^5 trials: one copy each, not one per trial
    for (auto& t : trials) {
        t.taskIndex = taskIndex(t.taskId);
        // A malformed trial whose system could not be recovered must not invent an "unknown" system.
        if (t.loadError.empty() || t.system.agent != "unknown" || t.system.model != "unknown")
            distinct.insert(t.system);
    }
    std::vector<SystemId> found(distinct.begin(), distinct.end());
    std::sort(found.begin(), found.end(), SystemId::labelLess);
    found.erase(std::unique(found.begin(), found.end()), found.end());
    systems = std::move(found);

    const std::size_t nTasks = tasks.size();
    cells_.assign(systems.size() * nTasks, {});
    selected_.assign(systems.size() * nTasks, -1);
    trialCounts_.assign(systems.size(), 0);
    for (std::size_t i = 0; i < trials.size(); ++i) {
        TrialRecord& t = trials[i];
        if (t.taskIndex >= 0) {
            t.zero = classifyTrial(t, tasks[static_cast<std::size_t>(t.taskIndex)].workflow, preferRescored_);
        } else {
            t.zero = {};
        }
        if (!t.loadError.empty() || t.taskIndex < 0) continue;
        int s = systemIndex(t.system);
        cells_[static_cast<std::size_t>(s) * nTasks + static_cast<std::size_t>(t.taskIndex)].push_back(
            static_cast<int>(i));
        ++trialCounts_[static_cast<std::size_t>(s)];
    }
    for (std::size_t c = 0; c < cells_.size(); ++c) {
        auto& list = cells_[c];
        std::sort(list.begin(), list.end(), [&](int a, int b) {
            return finishedBefore(trials[static_cast<std::size_t>(a)], trials[static_cast<std::size_t>(b)]);
        });
        if (!list.empty()) selected_[c] = list.back();
    }
}

std::vector<std::pair<const char*, const FileRef*>> requiredAnswers(const TrialRecord& t, Workflow w) {
    switch (w) {
    case Workflow::CreateAndEdit:
        return {{"answer_base.FCStd", &t.answerBase}, {"answer_edit.FCStd", &t.answerEdit}};
    case Workflow::ImageToCad:
        return {{"answer.FCStd", &t.answer}, {"answer.py", &t.answerPy}};
    case Workflow::Creation:
        break;
    }
    return {{"answer.FCStd", &t.answer}};
}

ResultSet importResults(const std::vector<std::string>& bundles, const std::string& taskPack,
                        const ImportOptions& options) {
    ResultSet set;
    TaskPack pack = loadTaskPack(taskPack);
    set.taskPackPath = taskPack;
    set.tasks = std::move(pack.tasks);
    set.problems = std::move(pack.problems);
    set.bundles = bundles;
    set.setSplitByJob(options.splitByJob); // no trials yet: nothing to reindex
    // One unreadable bundle (a bad zip, a missing folder) is listed and the others still load; only when
    // no bundle can be read at all is it the caller's bad input.
    std::optional<InputError> firstFailure;
    std::size_t failed = 0;
    for (const auto& b : bundles) {
        try {
            BundleInfo info;
            importBundle(b, set.trials, set.problems, options, &info);
            set.bundleInfo.push_back(std::move(info));
        } catch (const InputError& e) {
            ++failed;
            if (!firstFailure) firstFailure = e;
            set.problems.push_back({b, e.what(), ""});
        }
    }
    if (firstFailure && failed == bundles.size()) throw *firstFailure;
    for (const auto& b : bundles)
        if (auto check = checkSubmissionBundle(b)) {
            for (const auto& f : check->report.findings)
                set.problems.push_back({b, "submission check: " + f.rule + ": " + f.reason, ""});
            set.submissions.push_back(std::move(*check));
        }
    // Multi-step trials whose trial-level reward was not recorded follow their task's declared strategy.
    for (auto& t : set.trials) {
        if (t.steps.empty()) continue;
        const int k = set.taskIndex(t.taskId);
        if (k >= 0 && !set.tasks[static_cast<std::size_t>(k)].multiStepRewardStrategy.empty())
            t.applyStepRewardStrategy(set.tasks[static_cast<std::size_t>(k)].multiStepRewardStrategy,
                                      "task.toml");
    }
    set.reindex();
    // A failed artifact copy matters when it is why a document the task needs is missing.
    for (const auto& t : set.trials) {
        if (t.taskIndex < 0 || !t.loadError.empty()) continue;
        const Workflow w = set.tasks[static_cast<std::size_t>(t.taskIndex)].workflow;
        for (const auto& [name, ref] : requiredAnswers(t, w)) {
            if (!ref->empty()) continue;
            for (const auto& a : t.artifactProblems)
                if (a.find("/" + std::string(name) + ":") != std::string::npos)
                    set.problems.push_back(
                        {t.trialPath, std::string(name) + " missing: artifact " + a, t.trialName});
        }
    }
    for (int t : set.unmatchedTrials()) {
        const TrialRecord& tr = set.trials[static_cast<std::size_t>(t)];
        if (tr.loadError.empty())
            set.problems.push_back(
                {tr.trialPath, "task \"" + tr.taskId + "\" is not in the task pack", tr.trialName});
    }
    return set;
}

// ---------------------------------------------------------------- snapshots freed in the background

namespace {

// Set once the releaser below is destroyed (static destruction at exit): a snapshot let go after that is
// freed where it is let go. A plain global, valid for the whole of static destruction.
std::atomic<bool> releaserGone{false};

// One thread that frees the snapshots handed to it, in order; started on first use, drained and joined
// at exit.
class Releaser {
public:
    ~Releaser() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
        if (thread_.joinable()) thread_.join();
        releaserGone = true;
    }
    bool take(ResultSet* set) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (stop_) return false;
        if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
        queue_.push_back(set);
        ++handed_;
        wake_.notify_all();
        return true;
    }
    std::size_t wait() {
        std::unique_lock<std::mutex> lock(mutex_);
        idle_.wait(lock, [this] { return freed_ == handed_; });
        return freed_;
    }

private:
    void run() {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            wake_.wait(lock, [this] { return stop_ || !queue_.empty(); });
            if (queue_.empty()) return; // stopping, and nothing left to free
            ResultSet* set = queue_.front();
            queue_.pop_front();
            lock.unlock();
            delete set;
            lock.lock();
            ++freed_;
            idle_.notify_all();
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::deque<ResultSet*> queue_;
    std::size_t handed_ = 0, freed_ = 0;
    bool stop_ = false;
    std::thread thread_;
};

Releaser& releaser() {
    static Releaser r;
    return r;
}

} // namespace

std::shared_ptr<ResultSet> shareResultSet(ResultSet&& set) {
    const bool large = set.trials.size() >= kBackgroundReleaseTrials;
    auto* owned = new ResultSet(std::move(set));
    if (!large) return std::shared_ptr<ResultSet>(owned);
    releaser(); // constructed before the first snapshot it may free, so destroyed after those it outlives
    return std::shared_ptr<ResultSet>(owned, [](ResultSet* p) {
        if (releaserGone || !releaser().take(p)) delete p;
    });
}

std::size_t waitForBackgroundReleases() {
    return releaserGone ? 0 : releaser().wait();
}

void openTrialArchives(const ResultSet& set) {
    std::unordered_set<const LazyZip*> seen;
    for (const TrialRecord& t : set.trials)
        for (const FileRef* f : {&t.resultJson, &t.answer, &t.answerBase, &t.answerEdit, &t.answerPy,
                                 &t.trajectory, &t.agentLog})
            if (const LazyZip* zip = f->archive(); zip && seen.insert(zip).second && !zip->opened()) {
                try {
                    zip->get();
                } catch (const InputError&) {
                    // Each read of one of its files says why.
                }
            }
}

} // namespace vernier
