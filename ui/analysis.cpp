#include "ui/analysis.h"

#include <QSet>
#include <algorithm>
#include <cmath>

namespace vernier::ui {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString trialStatusTitle(TrialStatus s) {
    switch (s) {
    case TrialStatus::All:
        return QStringLiteral("All statuses");
    case TrialStatus::Perfect:
        return QStringLiteral("Perfect (1.0)");
    case TrialStatus::Partial:
        return QStringLiteral("Partial (0–1)");
    case TrialStatus::Zero:
        return QStringLiteral("Zero");
    case TrialStatus::Error:
        return QStringLiteral("Load error / scorer crash");
    case TrialStatus::Mismatch:
        return QStringLiteral("Rescore mismatch");
    }
    return {};
}

TrialStatus statusOf(const TrialRecord& trial, bool preferRescored) {
    if (!trial.loadError.empty() || trial.zero.category == ZeroCategory::ScorerCrash)
        return TrialStatus::Error;
    const double r = trial.effectiveReward(preferRescored);
    if (r >= 1.0) return TrialStatus::Perfect;
    if (r <= 0.0) return TrialStatus::Zero;
    return TrialStatus::Partial;
}

bool TrialFilter::acceptsTask(const TaskInfo& task) const {
    if (workflow && task.workflow != *workflow) return false;
    if (!category.isEmpty() && qs(task.category) != category) return false;
    return true;
}

bool TrialFilter::acceptsSystem(const SystemId& s) const {
    return system.isEmpty() || qs(s.label()) == system;
}

bool TrialFilter::acceptsTrial(const ResultSet& set, int trialIndex) const {
    if (trialIndex < 0 || trialIndex >= static_cast<int>(set.trials.size())) return false;
    const TrialRecord& t = set.trials[static_cast<std::size_t>(trialIndex)];
    if (!acceptsSystem(t.system)) return false;
    if (restrictsTasks()) {
        if (t.taskIndex < 0 || t.taskIndex >= static_cast<int>(set.tasks.size())) return false;
        if (!acceptsTask(set.tasks[static_cast<std::size_t>(t.taskIndex)])) return false;
    }
    switch (status) {
    case TrialStatus::All:
        return true;
    case TrialStatus::Mismatch: {
        const auto d = t.rescoreDelta();
        return d && std::abs(*d) > 1e-4;
    }
    case TrialStatus::Error:
        return !t.loadError.empty() || t.zero.category == ZeroCategory::ScorerCrash;
    default:
        return t.loadError.empty() && statusOf(t, set.preferRescored()) == status;
    }
}

const SystemRow* Analysis::row(int systemIndex) const {
    for (const auto& r : rows)
        if (r.system == systemIndex) return &r;
    return nullptr;
}

std::vector<int> Analysis::filteredTrials() const {
    std::vector<int> out;
    if (!set) return out;
    for (int i = 0; i < static_cast<int>(set->trials.size()); ++i)
        if (filter.acceptsTrial(*set, i)) out.push_back(i);
    return out;
}

namespace {

// Zero counts of the selected trials on the given tasks (models' zeroCounts() restricted to a subset).
ZeroCounts zeroCountsOn(const ResultSet& set, int system, const std::vector<int>& tasks) {
    ZeroCounts z;
    for (ZeroCategory c : kZeroCategories) {
        z.counts[c] = 0;
        z.trials[c] = {};
    }
    for (int task : tasks) {
        const int t = set.selectedTrial(system, task);
        if (t < 0) continue;
        const TrialRecord& trial = set.trials[static_cast<std::size_t>(t)];
        const ZeroCategory c = trial.zero.category;
        if (c == ZeroCategory::None) continue;
        z.counts[c] += 1;
        z.trials[c].push_back(t);
        z.perWorkflow[set.tasks[static_cast<std::size_t>(task)].workflow][c] += 1;
        if (c == ZeroCategory::GeometryZero || c == ZeroCategory::GeometryAndSpecZero)
            z.gates[trial.zero.gate.empty() ? std::string("none") : trial.zero.gate] += 1;
    }
    return z;
}

SystemSummary summaryOn(const ResultSet& set, int system, const std::vector<int>& tasks,
                        const BootstrapOptions& options) {
    std::vector<TaskReward> rewards;
    std::vector<double> costs, durations;
    int nTrials = 0;
    for (int task : tasks) {
        if (const auto r = set.selectedReward(system, task))
            rewards.push_back({set.tasks[static_cast<std::size_t>(task)].workflow, *r});
        for (int t : set.trialsOf(system, task)) {
            ++nTrials;
            const TrialRecord& trial = set.trials[static_cast<std::size_t>(t)];
            if (trial.costUsd) costs.push_back(*trial.costUsd);
            if (const auto d = trial.durationSeconds()) durations.push_back(*d);
        }
    }
    return summarizeRewards(set.systems[static_cast<std::size_t>(system)], rewards, nTrials, costs, durations,
                            options);
}

} // namespace

Analysis computeAnalysis(std::shared_ptr<const ResultSet> set, const TrialFilter& filter,
                         const BootstrapOptions& options) {
    Analysis a;
    a.set = set;
    a.filter = filter;
    if (!set) return a;
    QSet<QString> categories;
    for (int i = 0; i < static_cast<int>(set->tasks.size()); ++i) {
        const TaskInfo& task = set->tasks[static_cast<std::size_t>(i)];
        if (!task.category.empty()) categories.insert(qs(task.category));
        if (filter.acceptsTask(task)) a.tasks.push_back(i);
    }
    a.categories = QStringList(categories.begin(), categories.end());
    a.categories.sort();
    for (int s = 0; s < static_cast<int>(set->systems.size()); ++s)
        if (filter.acceptsSystem(set->systems[static_cast<std::size_t>(s)])) a.systems.push_back(s);

    std::vector<SystemSummary> summaries;
    if (!filter.restrictsTasks()) {
        for (auto& s : leaderboard(*set, options))
            if (filter.acceptsSystem(s.system)) summaries.push_back(std::move(s));
    } else {
        for (int s : a.systems)
            summaries.push_back(summaryOn(*set, s, a.tasks, options));
        std::stable_sort(summaries.begin(), summaries.end(),
                         [](const SystemSummary& x, const SystemSummary& y) {
                             if (x.overall != y.overall) return x.overall > y.overall;
                             return x.system.label() < y.system.label();
                         });
    }
    for (auto& summary : summaries) {
        SystemRow row;
        row.system = set->systemIndex(summary.system);
        row.summary = std::move(summary);
        if (row.summary.nTasks == 0) continue; // nothing to show for this filter
        for (Workflow w : kWorkflows) {
            std::vector<TaskReward> rewards;
            for (int task : a.tasks)
                if (set->tasks[static_cast<std::size_t>(task)].workflow == w)
                    if (const auto r = set->selectedReward(row.system, task)) rewards.push_back({w, *r});
            if (!rewards.empty())
                row.workflowCi95[static_cast<std::size_t>(w)] = bootstrapMeanCi(rewards, options);
        }
        row.zeros = zeroCountsOn(*set, row.system, a.tasks);
        a.rows.push_back(std::move(row));
    }
    for (int task : a.tasks) {
        int zeros = 0;
        for (const auto& row : a.rows) {
            const auto r = set->selectedReward(row.system, task);
            if (r && *r <= 0.0) ++zeros;
        }
        a.zeroSystemsPerTask.push_back(zeros);
    }
    return a;
}

QString formatPoints(double fraction) {
    return QString::number(fraction * 100.0, 'f', 2);
}

QString formatPoints(const std::optional<double>& fraction) {
    return fraction ? formatPoints(*fraction) : QStringLiteral("—");
}

QString formatUsd(const std::optional<double>& usd) {
    return usd ? QStringLiteral("$%1").arg(*usd, 0, 'f', 2) : QStringLiteral("—");
}

QString formatMinutes(const std::optional<double>& minutes) {
    return minutes ? QString::number(*minutes, 'f', 2) : QStringLiteral("—");
}

QString rewardsTitle(const Analysis& a, const QString& title) {
    if (!a.set || !a.set->usesRescored()) return title;
    return title + QStringLiteral(" — ") + qs(rewardsLabel(*a.set));
}

} // namespace vernier::ui
