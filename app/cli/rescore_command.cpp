// `vernier-cli rescore BUNDLE... --tasks PACK [--jobs N]`: rescoring with the embedded scorer in worker
// processes (progress on stderr), cached outside the bundle; lists mismatches against recorded rewards.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/results_common.h"
#include "models/report_json.h"
#include "worker/rescoring.h"

namespace {

using namespace vernier;
using nlohmann::json;

json optNum(const std::optional<double>& v) {
    return v ? json(tidy(*v)) : json(nullptr);
}

int runRescore(const std::vector<std::string>& raw) {
    cli::Args a(raw);
    ResultSet set = cli::loadResults(a);
    cli::reportProblems(set);
    cli::rescoreAll(set, a);
    json trials = json::array();
    json crashes = json::array();
    for (const auto& t : set.trials) {
        if (!t.rescored) continue;
        json row = {{"system", t.system.label()},
                    {"task_id", t.taskId},
                    {"trial", t.trialName},
                    {"recorded", optNum(t.recordedReward)},
                    {"rescored", optNum(t.rescored->reward)},
                    {"cached", t.rescored->fromCache}};
        if (t.taskIndex >= 0 && !t.hasAnswer(set.tasks[static_cast<std::size_t>(t.taskIndex)].workflow))
            row["note"] = "no answer document: nothing to score";
        if (t.rescored->scorerCrash) {
            row["error"] = t.rescored->error;
            crashes.push_back(row);
        }
        trials.push_back(row);
    }
    // A mismatch is a disagreement between two rewards; a trial the verifier left without one (a scorer
    // crash) that now has one is listed apart, so the mismatch count means what it says.
    json mismatches = json::array();
    json oneSided = json::array();
    for (const auto& m : rescoreMismatches(set)) {
        const TrialRecord& t = *set.find(m.trial); // a mismatch names a trial of the set
        const bool both = m.recorded && m.rescored;
        json row = {{"system", t.system.label()},
                    {"task_id", t.taskId},
                    {"trial", t.trialName},
                    {"recorded", optNum(m.recorded)},
                    {"rescored", optNum(m.rescored)},
                    {"delta", both ? json(tidy(*m.rescored - *m.recorded)) : json(nullptr)}};
        std::fprintf(stderr, "%s: %s %s recorded %s rescored %s\n", both ? "mismatch" : "only one reward",
                     t.system.label().c_str(), t.trialName.c_str(), row["recorded"].dump().c_str(),
                     row["rescored"].dump().c_str());
        (both ? mismatches : oneSided).push_back(row);
    }
    std::fprintf(stderr,
                 "%zu mismatch(es) with |Δ| > 1e-4; %zu trial(s) with only one of recorded/rescored\n",
                 mismatches.size(), oneSided.size());
    // Where each bundle's results are cached (beside it; none with --no-cache).
    const auto caches = cli::cacheDirectories(set, a);
    json cacheByBundle = json::object();
    for (const auto& [bundle, dir] : caches)
        cacheByBundle[bundle] = dir;
    json out = {{"rescored", trials.size()},
                {"scorer_crashes", crashes},
                {"mismatches", mismatches},
                {"recorded_or_rescored_missing", oneSided},
                {"tolerance", 1e-4},
                {"cache", caches.empty() ? json(nullptr) : json(caches.front().second)},
                {"cache_by_bundle", cacheByBundle},
                {"trials", trials}};
    std::cout << vernier::cli::jsonText(out) << "\n";
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(rescore, "rescore", "BUNDLE... --tasks PACK [--jobs N] [--timeout S] [--no-cache]",
                    runRescore);
