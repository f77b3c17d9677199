// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/report_json.h"

#include "models/table_export.h"

#include <cmath>
#include <stdexcept>

namespace vernier {

using nlohmann::json;

double tidy(double v) {
    return std::round(v * 1e6) / 1e6;
}

namespace {

json optNum(const std::optional<double>& v, double scale = 1) {
    return v ? json(tidy(*v * scale)) : json(nullptr);
}

const char* policyKey(SelectionPolicy p) {
    // "latest_finished" as before; the others by their command-line names (models/result_set.h).
    return p == SelectionPolicy::LatestFinished ? "latest_finished" : selectionPolicyName(p);
}

} // namespace

json leaderboardJson(const Analysis& a) {
    if (!a.set) throw std::invalid_argument("leaderboardJson: analysis without a result set");
    const ResultSet& set = *a.set;
    const BootstrapOptions& options = a.policy.bootstrap;
    json systems = json::array();
    json zeros = json::object();
    json gates = json::object();
    bool anyWeighted = false, anyPlain = false;
    for (const auto& sr : a.rows) {
        const SystemSummary& r = sr.summary;
        json row = {{"agent", r.system.agent},
                    {"model", r.system.model},
                    {"variant", r.system.variant}, // docs/formats.md "System identity"; "" when none
                    {"system", r.system.label()},
                    {"n_trials", r.nTrials},
                    {"n_tasks", r.nTasks},
                    {"overall", tidy(r.overall * 100)},
                    {"creation", optNum(r.perWorkflow[0], 100)},
                    {"create_and_edit", optNum(r.perWorkflow[1], 100)},
                    {"image_to_cad", optNum(r.perWorkflow[2], 100)},
                    {"ci95", {tidy(r.ci95.lo * 100), tidy(r.ci95.hi * 100)}},
                    {"perfect_rate", tidy(r.perfectRate * 100)},
                    {"zero_rate", tidy(r.zeroRate * 100)},
                    {"cost_usd", optNum(r.costUsd)},
                    {"cost_per_point", optNum(r.costPerPoint)},
                    {"mean_duration_min", optNum(r.meanDurationMin)},
                    {"overall_method", overallMethodText(r.overallMethod)}};
        // Each workflow's bootstrap interval in points, null where the workflow has none.
        for (std::size_t w = 0; w < kWorkflows.size() && w < sr.workflowCi95.size(); ++w) {
            const auto& ci = sr.workflowCi95[w];
            row[std::string(workflowKey(kWorkflows[w])) + "_ci95"] =
                ci ? json::array({tidy(ci->lo * 100), tidy(ci->hi * 100)}) : json(nullptr);
        }
        systems.push_back(row);
        (r.overallMethod == OverallMethod::Weighted303040 ? anyWeighted : anyPlain) = true;
        const ZeroCounts& z = sr.zeros;
        json counts = json::object();
        for (ZeroCategory c : kZeroCategories)
            counts[zeroCategoryKey(c)] = z.counts.at(c);
        zeros[r.system.label()] = counts;
        gates[r.system.label()] = z.gates;
    }
    json problems = json::array();
    for (const auto& p : set.problems)
        problems.push_back(
            {{"path", p.path}, {"reason", p.reason}, {"trial", p.trial.empty() ? json() : json(p.trial)}});
    json bundles = json::array();
    for (const auto& b : set.bundleInfo)
        bundles.push_back({{"path", b.path},
                           {"trials", b.trials},
                           {"harbor_jobs", b.jobs},
                           {"harbor_versions", b.harborVersions}});
    bool rescored = false;
    for (const auto& t : set.trials)
        rescored = rescored || t.rescored.has_value();
    return {{"systems", systems},
            {"zero_categories", zeros},
            {"zero_gates", gates},
            {"overall_method", anyWeighted && !anyPlain ? "weighted 30/30/40"
                               : anyWeighted            ? "weighted 30/30/40 where the suite is complete"
                                                        : "mean of per-task rewards"},
            {"selection", policyKey(set.policy())},
            {"rescored", rescored && set.preferRescored()},
            {"rewards", rewardsLabel(set)},
            {"units", {{"scores", "points"}, {"rates", "percent"}, {"cost", "USD"}, {"duration", "minutes"}}},
            {"bootstrap",
             {{"resamples", options.resamples}, {"seed", options.seed}, {"stratified_by", "workflow"}}},
            {"filter", filterJson(a.filter)},
            {"bundles", bundles},
            {"submissions", submissionsJson(set)},
            {"problems", problems}};
}

json leaderboardJson(const ResultSet& set, const BootstrapOptions& options) {
    AnalysisPolicy policy = AnalysisPolicy::of(set);
    policy.bootstrap = options;
    // Non-owning: the analysis does not outlive this call, and under the set's own policy it is not copied.
    return leaderboardJson(
        analyse(std::shared_ptr<const ResultSet>(std::shared_ptr<const ResultSet>{}, &set), {}, policy));
}

json heatmapJson(const Analysis& a) {
    const HeatmapTable t = heatmapTable(a);
    json tasks = json::array();
    for (std::size_t i = 0; i < t.tasks.size(); ++i)
        tasks.push_back({{"task_id", t.tasks[i]}, {"workflow", t.workflows[i]}});
    json rows = json::array();
    for (std::size_t s = 0; s < t.systems.size(); ++s) {
        json points = json::array();
        for (const auto& p : t.points[s])
            points.push_back(p ? json(tidy(*p)) : json(nullptr));
        const SystemId& id = a.set->systems[static_cast<std::size_t>(t.systemIndices[s])];
        rows.push_back({{"system", id.label()}, {"name", t.systems[s]}, {"points", points}});
    }
    return {{"tasks", tasks},
            {"systems", rows},
            {"rewards", a.set && a.set->usesRescored() ? "rescored" : "recorded"},
            {"selection", a.set ? policyKey(a.set->policy()) : "latest_finished"},
            {"units", "points"},
            {"filter", filterJson(a.filter)}};
}

json filterJson(const Filter& f) {
    json workflows = json::array();
    for (Workflow w : f.workflows)
        workflows.push_back(workflowKey(w));
    return {{"systems", f.systems},
            {"workflows", workflows},
            {"categories", f.categories},
            {"tasks", f.tasks},
            {"bundles", f.bundles}};
}

json submissionsJson(const ResultSet& set) {
    json out = json::array();
    for (const auto& c : set.submissions) {
        json findings = json::array();
        for (const auto& f : c.report.findings)
            findings.push_back({{"trial", f.trial.empty() ? json() : json(f.trial)},
                                {"rule", f.rule},
                                {"reason", f.reason}});
        out.push_back({{"bundle", c.bundle},
                       {"manifest", c.manifest},
                       {"policy", c.policy},
                       {"system", c.system.label()},
                       {"passed", c.report.passed()},
                       {"declared_mean", c.declaredMean ? json(*c.declaredMean) : json()},
                       {"computed_mean", c.report.meanReward ? json(*c.report.meanReward) : json()},
                       {"declared_n_errors", c.declaredErrors ? json(*c.declaredErrors) : json()},
                       {"computed_n_errors", c.report.errors},
                       {"declared_differs", c.declaredDiffers},
                       {"findings", findings}});
    }
    return out;
}

json comparisonJson(const Analysis& an, int a, int b, double similarThreshold) {
    if (!an.set) throw std::invalid_argument("comparisonJson: analysis without a result set");
    const ResultSet& set = *an.set;
    const BootstrapOptions& options = an.policy.bootstrap;
    const PairedComparison c = an.compare(a, b, similarThreshold);
    json per = json::object();
    for (const auto& [w, d] : c.perWorkflow)
        per[workflowKey(w)] = {{"delta", tidy(d.delta * 100)},
                               {"n", d.n},
                               {"higher", d.higher},
                               {"similar", d.similar},
                               {"lower", d.lower}};
    return {{"a", set.systems[static_cast<std::size_t>(a)].label()},
            {"b", set.systems[static_cast<std::size_t>(b)].label()},
            {"delta", tidy(c.delta * 100)},
            {"ci95", {tidy(c.ci95.lo * 100), tidy(c.ci95.hi * 100)}},
            {"per_workflow", per},
            {"higher", c.higher},
            {"similar", c.similar},
            {"lower", c.lower},
            {"n_tasks", c.n},
            {"similar_threshold", similarThreshold},
            {"selection", policyKey(set.policy())},
            {"filter", filterJson(an.filter)},
            {"bootstrap",
             {{"resamples", options.resamples}, {"seed", options.seed}, {"stratified_by", "workflow"}}}};
}

json comparisonJson(const ResultSet& set, int a, int b, double similarThreshold,
                    const BootstrapOptions& options) {
    // The unfiltered comparison needs no leaderboard: only the set (not owned), its tasks and the policy.
    Analysis an;
    an.set = std::shared_ptr<const ResultSet>(std::shared_ptr<const ResultSet>{}, &set);
    an.policy = AnalysisPolicy::of(set);
    an.policy.bootstrap = options;
    for (int t = 0; t < static_cast<int>(set.tasks.size()); ++t)
        an.tasks.push_back(t);
    return comparisonJson(an, a, b, similarThreshold);
}

} // namespace vernier
