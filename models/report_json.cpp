#include "models/report_json.h"

#include <cmath>

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
    return p == SelectionPolicy::Mean ? "mean" : "latest_finished";
}

} // namespace

json leaderboardJson(const ResultSet& set, const BootstrapOptions& options) {
    std::vector<SystemSummary> rows = leaderboard(set, options);
    json systems = json::array();
    json zeros = json::object();
    json gates = json::object();
    bool anyWeighted = false, anyPlain = false;
    for (const auto& r : rows) {
        json row = {{"agent", r.system.agent},
                    {"model", r.system.model},
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
        systems.push_back(row);
        (r.overallMethod == OverallMethod::Weighted303040 ? anyWeighted : anyPlain) = true;
        ZeroCounts z = zeroCounts(set, set.systemIndex(r.system));
        json counts = json::object();
        for (ZeroCategory c : kZeroCategories)
            counts[zeroCategoryKey(c)] = z.counts[c];
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
            {"bundles", bundles},
            {"submissions", submissionsJson(set)},
            {"problems", problems}};
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

json comparisonJson(const ResultSet& set, int a, int b, double similarThreshold,
                    const BootstrapOptions& options) {
    PairedComparison c = compareSystems(set, a, b, similarThreshold, options);
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
            {"bootstrap",
             {{"resamples", options.resamples}, {"seed", options.seed}, {"stratified_by", "workflow"}}}};
}

} // namespace vernier
