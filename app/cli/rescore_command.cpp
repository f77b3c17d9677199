// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli rescore BUNDLE... --tasks PACK [--jobs N]`: rescoring with the embedded scorer in worker
// processes (progress on stderr), cached outside the bundle; lists mismatches against recorded rewards.
#include <cstdio>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/provenance_output.h"
#include "cli/rescore_distributed.h"
#include "cli/results_common.h"
#include "models/report_json.h"
#include "worker/rescoring.h"

namespace {

using namespace vernier;
using nlohmann::json;

json optNum(const std::optional<double>& v) {
    return v ? json(tidy(*v)) : json(nullptr);
}

std::string cell(const json& v) {
    if (!v.is_number()) return "";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f", v.get<double>());
    return buf;
}

// One row per rescored trial, with what rescoring found about it.
cli::TextTable trialsTable(const json& out) {
    std::map<std::string, std::string> status; // trial -> mismatch / one reward / scorer crash
    std::map<std::string, json> delta;
    for (const auto& m : out["mismatches"]) {
        const std::string key = m["system"].get<std::string>() + "\n" + m["trial"].get<std::string>();
        status[key] = "mismatch";
        delta[key] = m["delta"];
    }
    for (const auto& m : out["recorded_or_rescored_missing"])
        status[m["system"].get<std::string>() + "\n" + m["trial"].get<std::string>()] = "one reward";
    for (const auto& m : out["scorer_crashes"])
        status[m["system"].get<std::string>() + "\n" + m["trial"].get<std::string>()] = "scorer crash";
    cli::TextTable t;
    t.header = {"system", "task_id", "trial", "recorded", "rescored", "delta", "status", "cached"};
    for (const auto& r : out["trials"]) {
        const std::string key = r["system"].get<std::string>() + "\n" + r["trial"].get<std::string>();
        std::string s = status.count(key) ? status[key] : "ok";
        if (s == "ok" && r.contains("note")) s = "no answer";
        t.rows.push_back({r["system"].get<std::string>(), r["task_id"].get<std::string>(),
                          r["trial"].get<std::string>(), cell(r["recorded"]), cell(r["rescored"]),
                          delta.count(key) ? cell(delta[key]) : "", s,
                          r["cached"].get<bool>() ? "yes" : "no"});
    }
    return t;
}

int runRescore(const std::vector<std::string>& raw) {
    cli::Args a(raw);
    // JSON stays the default: scripts written before --format read it (docs/cli.md).
    const cli::Format format = cli::reportFormat(a, cli::Format::Json);
    ResultSet set = cli::loadResults(a);
    cli::reportProblems(set);
    json distributed = json::object(); // --slurm, --shards, --emit-sbatch, --collect (docs/cluster.md)
    if (!cli::rescoreDistributed(set, a, distributed)) cli::rescoreAll(set, a);
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
    for (const auto& [k, v] : distributed.items())
        out[k] = v;
    // Schema 1 (docs/schemas/rescore.schema.json); the provenance block on every format but the table.
    json policy = policyJson(set, Filter{});
    policy["rewards"] = "rescored"; // what this command computed (the recorded ones are listed beside them)
    const json block = provenanceBlock(1, inputsJson(set), policy);
    if (format == cli::Format::Json)
        cli::emitReport(a, cli::stampedJson(out, block));
    else
        cli::emitReport(a, cli::stampedText(cli::renderTable(trialsTable(out), format, "Rescored trials"),
                                            format, block));
    // --strict: a completed run that found disagreements or scorer failures says so in its exit code.
    if (a.flag("--strict") && (!mismatches.empty() || !crashes.empty())) {
        std::fprintf(stderr, "rescore --strict: %zu mismatch(es), %zu scorer crash(es) or timeout(s)\n",
                     mismatches.size(), crashes.size());
        return cli::kExitFindings;
    }
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(
    rescore, "rescore",
    "BUNDLE... --tasks PACK [--workspace FILE] [--jobs N] [--timeout S] [--no-cache] "
    "[--policy latest|mean|best|first] [--strict] "
    "[--slurm|--emit-sbatch DIR|--collect] [--shards N] [Slurm options: docs/cluster.md] "
    "[--format json|table|csv|latex|markdown] [--out FILE]",
    runRescore, "rescore every trial with the embedded scorer and list the mismatches (JSON unless --format)",
    cli::join(
        {{{"--tasks", "PACK", "the task pack (folder or zip); required without --workspace"},
          {"--workspace", "FILE", "a Vernier workspace (*.vernier.json): its enabled bundles and task pack"},
          {"--policy", "latest|mean|best|first", "which trial stands for a task (default latest)", false,
           false, "latest mean best first"},
          {"--attempts", "latest|mean|best|first", "same as --policy", false, false,
           "latest mean best first"},
          {"--strict", nullptr,
           "exit 3 when a rescored reward differs from the recorded one by more than 1e-4, or a trial's "
           "scorer crashed or timed out"}},
         cli::rescoreOptionSpecs(),
         cli::distributedRescoreOptionSpecs(),
         cli::formatOptionSpecs()}),
    "BUNDLE...: result bundles: Harbor job folders, submission folders, or zips of them");
