// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/analysis.h"
#include "models/parallel.h"

#include <algorithm>
#include <optional>

namespace vernier {

AnalysisPolicy AnalysisPolicy::of(const ResultSet& set) {
    AnalysisPolicy p;
    p.selection = set.policy();
    p.preferRescored = set.preferRescored();
    return p;
}

const SystemRow* Analysis::row(int systemIndex) const {
    for (const auto& r : rows)
        if (r.system == systemIndex) return &r;
    return nullptr;
}

namespace {
std::string labelOf(const Analysis& a, int systemIndex) {
    if (!a.set || systemIndex < 0 || systemIndex >= static_cast<int>(a.set->systems.size())) return {};
    return a.set->systems[static_cast<std::size_t>(systemIndex)].label();
}
} // namespace

std::string Analysis::displayName(int systemIndex) const {
    return styles.displayName(labelOf(*this, systemIndex));
}

std::string Analysis::userColour(int systemIndex) const {
    return styles.userColour(labelOf(*this, systemIndex));
}

int Analysis::colourSlot(int systemIndex) const {
    if (!set) return 0;
    std::vector<std::string> labels;
    labels.reserve(set->systems.size());
    for (const auto& s : set->systems)
        labels.push_back(s.label());
    return SystemStyles::identitySlot(labelOf(*this, systemIndex), labels);
}

std::vector<int> Analysis::filteredTrials() const {
    std::vector<int> out;
    if (!set) return out;
    for (int i = 0; i < static_cast<int>(set->trials.size()); ++i)
        if (filter.matches(*set, i)) out.push_back(i);
    return out;
}

std::vector<SystemSummary> Analysis::summaries() const {
    std::vector<SystemSummary> out;
    for (const auto& r : rows)
        out.push_back(r.summary);
    return out;
}

std::vector<int> Analysis::pairedTasks(int a, int b) const {
    std::vector<int> out;
    if (!set) return out;
    for (int t : tasks)
        if (set->selectedReward(a, t) && set->selectedReward(b, t)) out.push_back(t);
    return out;
}

PairedComparison Analysis::compare(int a, int b, double similarThreshold) const {
    if (!set) return comparePaired({}, similarThreshold, policy.bootstrap);
    return compareSystemsOn(*set, a, b, tasks, similarThreshold, policy.bootstrap);
}

SystemSummary summarizeSystemOn(const ResultSet& set, int system, const std::vector<int>& tasks,
                                const BootstrapOptions& options) {
    std::vector<TaskReward> rewards;
    std::vector<double> costs, durations;
    int nTrials = 0;
    for (int task : tasks) {
        if (const auto r = set.selectedReward(system, task))
            rewards.push_back({set.tasks[static_cast<std::size_t>(task)].workflow, *r});
        const std::vector<int>& all = set.trialsOf(system, task);
        nTrials += static_cast<int>(all.size());
        // Cost and time of the trials that stand for the system: the selected one, or all under Mean.
        std::vector<int> used;
        if (set.policy() == SelectionPolicy::Mean)
            used = all;
        else if (const int s = set.selectedTrial(system, task); s >= 0)
            used.push_back(s);
        for (int i : used) {
            const TrialRecord& trial = set.trials[static_cast<std::size_t>(i)];
            if (trial.costUsd) costs.push_back(*trial.costUsd);
            if (const auto d = trial.durationSeconds()) durations.push_back(*d);
        }
    }
    return summarizeRewards(set.systems[static_cast<std::size_t>(system)], rewards, nTrials, costs, durations,
                            options);
}

ZeroCounts zeroCountsOn(const ResultSet& set, int system, const std::vector<int>& tasks) {
    ZeroCounts z;
    for (ZeroCategory c : kZeroCategories) {
        z.counts[c] = 0;
        z.trials[c] = {};
    }
    for (int task : tasks) {
        const int i = set.selectedTrial(system, task);
        if (i < 0) continue;
        const TrialRecord& trial = set.trials[static_cast<std::size_t>(i)];
        const ZeroCategory c = trial.zero.category;
        if (c == ZeroCategory::None) continue;
        ++z.counts[c];
        z.trials[c].push_back(i);
        ++z.perWorkflow[set.tasks[static_cast<std::size_t>(task)].workflow][c];
        if (c == ZeroCategory::GeometryZero || c == ZeroCategory::GeometryAndSpecZero)
            ++z.gates[trial.zero.gate.empty() ? std::string("unknown") : trial.zero.gate];
    }
    return z;
}

PairedComparison compareSystemsOn(const ResultSet& set, int a, int b, const std::vector<int>& tasks,
                                  double similarThreshold, const BootstrapOptions& options) {
    std::vector<PairedTask> paired;
    for (int t : tasks) {
        const auto ra = set.selectedReward(a, t);
        const auto rb = set.selectedReward(b, t);
        if (ra && rb) paired.push_back({set.tasks[static_cast<std::size_t>(t)].workflow, *ra, *rb});
    }
    return comparePaired(paired, similarThreshold, options);
}

namespace {

bool underBundle(const std::string& path, const std::set<std::string>& bundles) {
    for (const auto& b : bundles)
        if (path == b || path.rfind(b + "/", 0) == 0) return true;
    return false;
}

// The set to compute on: `set` itself, or a copy holding only the filter's bundles and indexed under the
// policy. Trial order is kept, so a trial's index changes only when trials of other bundles are dropped.
std::shared_ptr<const ResultSet> prepared(std::shared_ptr<const ResultSet> set, const Filter& filter,
                                          const AnalysisPolicy& policy) {
    bool dropsTrials = false;
    if (!filter.bundles.empty())
        for (const auto& t : set->trials)
            if (!filter.matchesBundle(t.bundle)) dropsTrials = true;
    if (!dropsTrials && set->policy() == policy.selection && set->preferRescored() == policy.preferRescored)
        return set;
    auto copy = shareResultSet(ResultSet(*set));
    if (dropsTrials) {
        std::erase_if(copy->trials, [&](const TrialRecord& t) { return !filter.matchesBundle(t.bundle); });
        std::erase_if(copy->bundles, [&](const std::string& b) { return !filter.matchesBundle(b); });
        std::erase_if(copy->bundleInfo, [&](const BundleInfo& b) { return !filter.matchesBundle(b.path); });
        std::erase_if(copy->submissions,
                      [&](const SubmissionCheck& c) { return !filter.matchesBundle(c.bundle); });
        // Problems of the bundles left out go with them; those of the pack stay.
        std::set<std::string> dropped;
        for (const auto& b : set->bundles)
            if (!filter.matchesBundle(b)) dropped.insert(b);
        std::erase_if(copy->problems, [&](const ImportProblem& p) { return underBundle(p.path, dropped); });
    }
    copy->setPolicy(policy.selection);
    copy->setPreferRescored(policy.preferRescored); // also re-indexes
    return copy;
}

} // namespace

Analysis analyse(std::shared_ptr<const ResultSet> set, const Filter& filter) {
    AnalysisPolicy policy;
    if (set) policy = AnalysisPolicy::of(*set);
    return analyse(std::move(set), filter, policy);
}

Analysis analyse(std::shared_ptr<const ResultSet> given, const Filter& filter, const AnalysisPolicy& policy) {
    Analysis a;
    a.filter = filter;
    a.policy = policy;
    if (!given) return a;
    a.set = prepared(std::move(given), filter, policy);
    const ResultSet& set = *a.set;

    for (int i = 0; i < static_cast<int>(set.tasks.size()); ++i) {
        const TaskInfo& task = set.tasks[static_cast<std::size_t>(i)];
        if (!task.category.empty()) a.categories.push_back(task.category);
        if (filter.matchesTask(task)) a.tasks.push_back(i);
    }
    std::sort(a.categories.begin(), a.categories.end());
    a.categories.erase(std::unique(a.categories.begin(), a.categories.end()), a.categories.end());
    for (int s = 0; s < static_cast<int>(set.systems.size()); ++s)
        if (filter.matchesSystem(set.systems[static_cast<std::size_t>(s)])) a.systems.push_back(s);

    // One row per system, computed on a few threads (each row's bootstrap has its own fixed seed, so the
    // rows do not depend on which thread computed them); kept in system order, then ranked.
    const auto rowOf = [&](int s) -> std::optional<SystemRow> {
        if (set.trialCount(s) == 0) return std::nullopt; // only malformed or unmatched trials
        SystemRow row;
        row.system = s;
        row.summary = summarizeSystemOn(set, s, a.tasks, policy.bootstrap);
        if (row.summary.nTasks == 0) return std::nullopt; // nothing to show for this filter
        for (Workflow w : kWorkflows) {
            std::vector<TaskReward> rewards;
            for (int task : a.tasks)
                if (set.tasks[static_cast<std::size_t>(task)].workflow == w)
                    if (const auto r = set.selectedReward(s, task)) rewards.push_back({w, *r});
            if (!rewards.empty())
                row.workflowCi95[static_cast<std::size_t>(w)] = bootstrapMeanCi(rewards, policy.bootstrap);
        }
        row.zeros = zeroCountsOn(set, s, a.tasks);
        // pass@k counts every attempt; the bootstrap above resamples tasks (each task's folded reward), so
        // the attempts of a task always stay together.
        std::vector<std::vector<double>> attempts;
        for (int task : a.tasks) {
            const std::vector<int>& list = set.trialsOf(s, task);
            if (list.empty()) continue;
            std::vector<double> rewards;
            for (int i : list)
                rewards.push_back(
                    set.trials[static_cast<std::size_t>(i)].effectiveReward(set.preferRescored()));
            row.maxAttempts = std::max(row.maxAttempts, static_cast<int>(rewards.size()));
            attempts.push_back(std::move(rewards));
        }
        row.passPerfect = passAtKCurve(attempts, PassCriterion::Perfect);
        row.passNonZero = passAtKCurve(attempts, PassCriterion::NonZero);
        return row;
    };
    std::vector<std::optional<SystemRow>> computed(a.systems.size());
    parallelFor(computed.size(), std::max(1, QThread::idealThreadCount()), 1,
                [&](std::size_t i) { computed[i] = rowOf(a.systems[i]); });
    for (auto& row : computed)
        if (row) a.rows.push_back(std::move(*row));
    std::stable_sort(a.rows.begin(), a.rows.end(), [](const SystemRow& x, const SystemRow& y) {
        return rankedBefore(x.summary, y.summary);
    });

    for (int task : a.tasks) {
        int zeros = 0;
        for (const auto& row : a.rows) {
            const auto r = set.selectedReward(row.system, task);
            if (r && *r <= 0.0) ++zeros;
        }
        a.zeroSystemsPerTask.push_back(zeros);
    }
    return a;
}

} // namespace vernier
