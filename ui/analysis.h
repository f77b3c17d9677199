#pragma once
// What every view shows: the imported result set, the shared filter (workflow, category, system,
// status) and the statistics computed for the filtered tasks. Computed off the GUI thread and then
// handed to views as an immutable snapshot.
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

#include "models/result_set.h"
#include "models/statistics.h"

namespace vernier::ui {

// Trial status filter. Aggregates (leaderboard, charts) use tasks, so they ignore the status; trial
// lists, the heatmap and failure drill-downs apply it.
enum class TrialStatus { All = 0, Perfect, Partial, Zero, Error, Mismatch };
QString trialStatusTitle(TrialStatus s);
constexpr int kTrialStatusCount = 6;

struct TrialFilter {
    std::optional<Workflow> workflow;
    QString category; // task category; empty = all
    QString system;   // "agent/model"; empty = all
    TrialStatus status = TrialStatus::All;

    bool restrictsTasks() const { return workflow.has_value() || !category.isEmpty(); }
    bool acceptsTask(const TaskInfo& task) const;
    bool acceptsSystem(const SystemId& system) const;
    // Task, system and status together.
    bool acceptsTrial(const ResultSet& set, int trial) const;
    bool operator==(const TrialFilter&) const = default;
};

// Reward status of one trial (the effective reward, rescored preferred).
TrialStatus statusOf(const TrialRecord& trial, bool preferRescored);

// A system's aggregate on the filtered tasks, with per-workflow intervals for the whiskers.
struct SystemRow {
    int system = -1; // index into ResultSet::systems
    SystemSummary summary;
    std::array<std::optional<Interval>, 3> workflowCi95;
    ZeroCounts zeros;
};

struct Analysis {
    std::shared_ptr<const ResultSet> set;
    TrialFilter filter;
    std::vector<int> tasks;      // task indices passing the filter
    std::vector<int> systems;    // system indices passing the filter
    std::vector<SystemRow> rows; // leaderboard order (overall descending)
    // For every task in `tasks` (same order): how many of the filtered systems score exactly 0 on it.
    std::vector<int> zeroSystemsPerTask;
    QStringList categories; // all task categories of the set (for the filter bar)

    bool empty() const { return !set || set->trials.empty(); }
    const SystemRow* row(int systemIndex) const;
    // Trials passing the filter (task, system, status), in set order.
    std::vector<int> filteredTrials() const;
};

// Builds the snapshot. Without task restriction the leaderboard comes from models' leaderboard() so
// the GUI shows exactly the numbers `vernier-cli leaderboard` prints.
Analysis computeAnalysis(std::shared_ptr<const ResultSet> set, const TrialFilter& filter,
                         const BootstrapOptions& options = {});

// Points and percent as the paper prints them.
QString formatPoints(double fraction);                       // "61.03"
QString formatPoints(const std::optional<double>& fraction); // "—" when unknown
QString formatUsd(const std::optional<double>& usd);         // "$317.81" / "—"
QString formatMinutes(const std::optional<double>& minutes); // "14.42" / "—"
QString qs(const std::string& s);
// A chart or table title, with "— rescored by Vernier X (OCCT Y)" when the numbers use rescored rewards.
QString rewardsTitle(const Analysis& a, const QString& title);

} // namespace vernier::ui
