// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli validate-submission MANIFEST JOB_DIR [--tasks PACK] [--policy P.json] [--json]`: the
// cad-bench v2 maintainers' manifest checks and artifact audit of a submission and its downloaded Harbor job
// (docs/formats.md, "cad-bench v2 submissions"); with --tasks also their re-grade, with the embedded scorer.
// Exit 0: passes; 3: findings; 2: an input cannot be read.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/results_common.h"
#include "models/bundle_tree.h"
#include "models/provenance_json.h"
#include "models/result_set.h"
#include "models/submission.h"
#include "scoring/errors.h"
#include "worker/rescoring.h"

namespace {

using namespace vernier;
using nlohmann::json;

const char* const kUsage = "MANIFEST JOB_DIR | --manifest M.yaml JOB_DIR | FOLDER  [--policy P.json] "
                           "[--tasks PACK [--jobs N] [--timeout S] [--no-cache]] [--json]";

// The manifest and job paths as given on the command line.
struct Inputs {
    std::string manifest;
    std::string job;
};

Inputs resolveInputs(const cli::Args& a) {
    const std::vector<std::string> pos =
        a.positionals({"--manifest", "--policy", "--tasks", "--jobs", "--timeout"});
    const std::string manifest = a.option("--manifest");
    if (!manifest.empty()) {
        if (pos.size() != 1) throw InputError("with --manifest, give exactly one JOB_DIR");
        return {manifest, pos[0]};
    }
    if (pos.size() == 2) return {pos[0], pos[1]};
    if (pos.size() == 1) {
        std::error_code ec;
        if (!std::filesystem::is_directory(pos[0], ec))
            throw InputError(pos[0] + ": give MANIFEST JOB_DIR, or one folder holding both");
        return {findSubmissionManifest(pos[0]), pos[0]};
    }
    throw InputError(std::string("usage: vernier-cli validate-submission ") + kUsage);
}

// Re-grades the counted non-error trials with the embedded scorer (worker processes, cached outside the job).
std::map<std::string, std::optional<double>> rescore(const SubmissionReport& report, const BundleTree& tree,
                                                     const std::string& job, const cli::Args& a) {
    // An audit reads the submission as it is and writes nothing beside it: no trial index (docs/index.md).
    ImportOptions options;
    options.useIndex = false;
    ResultSet set = importResults({job}, a.option("--tasks"), options);
    std::map<std::string, int> byPath;
    auto withoutSlash = [](std::string p) {
        while (p.size() > 1 && p.back() == '/')
            p.pop_back();
        return p;
    };
    for (std::size_t i = 0; i < set.trials.size(); ++i)
        byPath[withoutSlash(set.trials[i].trialPath)] = static_cast<int>(i);
    std::map<std::string, std::optional<double>> out;
    std::vector<TrialId> wanted;
    std::map<TrialId, std::string> labelOf;
    for (const auto& t : report.trials) {
        if (t.error) continue;
        out[t.label] = std::nullopt; // unless it is rescored below
        auto it = byPath.find(withoutSlash(t.label == "." ? tree.root() : tree.root() + "/" + t.label));
        if (it == byPath.end()) continue;
        const TrialRecord& r = set.trials[static_cast<std::size_t>(it->second)];
        if (!r.loadError.empty() || r.taskIndex < 0) {
            std::fprintf(stderr, "cannot rescore %s: %s\n", t.label.c_str(),
                         r.loadError.empty() ? "its task is not in the task pack" : r.loadError.c_str());
            continue;
        }
        wanted.push_back(r.id());
        labelOf[r.id()] = t.label;
    }
    RescoreOptions o;
    o.workers = cli::parseIntOption("--jobs", a.option("--jobs", "2"), 1, 64);
    o.timeoutSeconds = cli::parseIntOption("--timeout", a.option("--timeout", "300"), 1, 86400);
    o.useCache = !a.flag("--no-cache");
    std::fprintf(stderr, "rescoring %zu trial(s) with %d worker(s)\n", wanted.size(), o.workers);
    RescoreEngine engine(o);
    const auto results = engine.run(set, wanted, [&](const RescoreProgress& p) {
        std::fprintf(stderr, "[%d/%d] %s\n", p.done, p.total, labelOf[p.lastTrial].c_str());
    });
    for (const auto& [index, r] : results) {
        if (r.scorerCrash)
            std::fprintf(stderr, "scorer error on %s: %s\n", labelOf[index].c_str(), r.error.c_str());
        out[labelOf[index]] = r.scorerCrash ? std::nullopt : r.reward;
    }
    return out;
}

json optNumber(const std::optional<double>& v) {
    return v ? json(*v) : json(nullptr);
}

json reportJson(const Inputs& in, const SubmissionManifest& m, const SubmissionPolicy& policy,
                const SubmissionReport& r) {
    json findings = json::array();
    for (const auto& f : r.findings)
        findings.push_back({{"trial", f.trial}, {"rule", f.rule}, {"reason", f.reason}});
    json perTrial = json::array();
    int perfect = 0;
    std::optional<std::int64_t> input = 0, output = 0;
    int costKnown = 0;
    for (const auto& t : r.trials) {
        if (!t.error && std::fabs(t.score - 1.0) <= 1e-12) ++perfect;
        input = input && t.inputTokens ? std::optional(*input + *t.inputTokens) : std::nullopt;
        output = output && t.outputTokens ? std::optional(*output + *t.outputTokens) : std::nullopt;
        if (t.costUsd) ++costKnown;
        json row = {{"trial", t.label},
                    {"task", t.taskName.empty() ? json(nullptr) : json(t.taskName)},
                    {"error", t.error},
                    {"score", t.score},
                    {"cost_usd", optNumber(t.costUsd)}};
        if (r.rescoreRun) row["rescored"] = optNumber(t.rescored);
        perTrial.push_back(row);
    }
    if (r.trials.empty()) input = output = std::nullopt;
    json computed = {{"audit_run", r.auditRun},
                     {"audit_skipped", r.auditRun ? json(nullptr) : json(r.auditSkipped)},
                     {"trials", r.trials.size()},
                     {"skipped", r.skipped},
                     {"scored", static_cast<int>(r.trials.size()) - r.errors},
                     {"n_errors", r.errors},
                     {"mean_reward", optNumber(r.meanReward)},
                     {"perfect", perfect},
                     {"tasks", r.tasks.size()},
                     {"cost_usd", optNumber(r.costUsd())},
                     {"cost_known_trials", costKnown},
                     {"n_input_tokens", input ? json(*input) : json(nullptr)},
                     {"n_output_tokens", output ? json(*output) : json(nullptr)},
                     {"rescored", r.rescoreRun},
                     {"per_trial", perTrial}};
    const json declared = m.doc.contains("declared") ? m.doc["declared"] : json(nullptr);
    return {{"manifest", in.manifest}, {"job", in.job},        {"policy", policy.origin},
            {"passed", r.passed()},    {"findings", findings}, {"computed", computed},
            {"declared", declared}};
}

std::string fmt(double v, const char* f = "%.8f") {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

void printHuman(const Inputs& in, const SubmissionManifest& m, const SubmissionPolicy& policy,
                const SubmissionReport& r) {
    std::printf("Manifest  %s (%s)\n", in.manifest.c_str(), m.format.c_str());
    std::printf("Job       %s\n", in.job.c_str());
    std::printf("Policy    %s (%s %s, %d tasks)\n", policy.origin.c_str(), policy.dataset.c_str(),
                policy.tag.c_str(), policy.taskCount);
    if (r.auditRun) {
        const json declaredMean = m.doc.contains("declared") && m.doc["declared"].is_object()
                                      ? m.doc["declared"].value("mean_reward", json(nullptr))
                                      : json(nullptr);
        std::printf("Trials    %zu counted, %d skipped; %d error(s); mean reward %s (declared %s)\n",
                    r.trials.size(), r.skipped, r.errors, r.meanReward ? fmt(*r.meanReward).c_str() : "-",
                    declaredMean.is_number() ? fmt(declaredMean.get<double>()).c_str() : "-");
        const auto cost = r.costUsd();
        if (cost)
            std::printf("Cost      $%.2f\n", *cost);
        else
            std::printf("Cost      unknown (not every trial reports it)\n");
        if (r.rescoreRun) std::printf("Rescored  with the embedded scorer (re-grade tolerance 1e-4)\n");
    } else {
        std::printf("Audit     not run: %s\n", r.auditSkipped.c_str());
    }
    if (r.passed()) {
        std::printf("PASSED: no findings\n");
        return;
    }
    std::printf("FAILED: %zu finding(s)\n", r.findings.size());
    std::size_t trialWidth = 5, ruleWidth = 4;
    for (const auto& f : r.findings) {
        trialWidth = std::max(trialWidth, std::min<std::size_t>(f.trial.size(), 72));
        ruleWidth = std::max(ruleWidth, f.rule.size());
    }
    const int tw = static_cast<int>(trialWidth), rw = static_cast<int>(ruleWidth);
    std::printf("  %-*s  %-*s  %s\n", tw, "TRIAL", rw, "RULE", "REASON");
    for (const auto& f : r.findings)
        std::printf("  %-*s  %-*s  %s\n", tw, f.trial.empty() ? "-" : f.trial.c_str(), rw, f.rule.c_str(),
                    f.reason.c_str());
}

int runValidateSubmission(const std::vector<std::string>& raw) {
    cli::Args a(raw);
    const Inputs in = resolveInputs(a);
    const std::string policyPath = a.option("--policy");
    const SubmissionPolicy policy =
        policyPath.empty() ? publishedSubmissionPolicy() : loadSubmissionPolicy(policyPath);
    const SubmissionManifest manifest = loadSubmissionManifest(in.manifest);
    const BundleTree tree = BundleTree::open(in.job);
    SubmissionReport report = validateSubmission(manifest, tree, policy);
    if (!a.option("--tasks").empty() && report.auditRun)
        addRescoreFindings(report, rescore(report, tree, in.job, a));
    if (a.flag("--json")) { // schema 1: docs/schemas/validate-submission.schema.json
        std::vector<std::string> inputs{in.manifest, in.job};
        if (!policyPath.empty()) inputs.push_back(policyPath);
        if (const std::string pack = a.option("--tasks"); !pack.empty()) inputs.push_back(pack);
        std::cout << cli::jsonText(withProvenance(reportJson(in, manifest, policy, report),
                                                  provenanceBlock(1, inputsJson(inputs))))
                  << "\n";
    } else
        printHuman(in, manifest, policy, report);
    return report.passed() ? cli::kExitOk : cli::kExitFindings;
}

} // namespace

VERNIER_CLI_COMMAND(
    validate_submission, "validate-submission", kUsage, runValidateSubmission,
    "the cad-bench v2 maintainers' checks of a leaderboard submission (exit 3 on findings)",
    cli::join({{{"--manifest", "M.yaml", "the submission manifest (then give one JOB_DIR)"},
                {"--policy", "P.json", "a benchmarks/<tag>.json policy (default: the published v2 policy)"},
                {"--tasks", "PACK", "also re-grade the counted trials with the embedded scorer"},
                {"--json", nullptr, "print JSON instead of text"}},
               cli::rescoreOptionSpecs()}),
    "INPUTS...: MANIFEST JOB_DIR, JOB_DIR (with --manifest), or one FOLDER holding both");
