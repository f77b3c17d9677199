// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The artifact audit of a downloaded Harbor job against a cad-bench-submission v2 manifest (docs/formats.md),
// and the findings of the maintainers' re-grade.
#include "models/submission.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "models/bundle_tree.h"
#include "models/submission_internal.h"
#include "scoring/errors.h"

namespace vernier {

using namespace submission_detail;

namespace {

using nlohmann::json;

// ---------------------------------------------------------------- audit helpers

// A JSON object file of the job, or why it cannot be read (the audit's _load_json).
std::optional<json> readObject(const BundleTree& tree, const std::string& rel, std::string* why) {
    const FileRef ref = tree.ref(rel);
    if (ref.empty()) {
        *why = "missing";
        return std::nullopt;
    }
    try {
        const std::optional<std::string> text = ref.readAtMost(kMaxMetadataBytes);
        if (!text) {
            *why = "file too large";
            return std::nullopt;
        }
        json j = json::parse(*text, nullptr, false);
        if (j.is_discarded()) {
            *why = "not valid JSON";
            return std::nullopt;
        }
        if (!j.is_object()) {
            *why = "expected a JSON object";
            return std::nullopt;
        }
        return j;
    } catch (const InputError& e) {
        *why = oneLine(e.what());
        return std::nullopt;
    }
}

std::string firstExisting(const BundleTree& tree, const std::string& dir,
                          const std::vector<std::string>& names) {
    for (const auto& n : names)
        if (tree.has(dir + n)) return n;
    return "";
}

// Harbor's leaderboard selection key of one trial result (the audit's _trial_source_key).
json trialSourceKey(const json& result) {
    const json& agentInfo = get(result, "agent_info");
    const json& config = get(result, "config");
    const json& agentConfig = get(config, "agent");
    const json& kwargs = get(agentConfig, "kwargs");
    const json& modelInfo = get(agentInfo, "model_info");
    json model = orElse(get(agentConfig, "model_name"), get(modelInfo, "name"));
    const json& provider = get(modelInfo, "provider");
    if (model.is_string() && provider.is_string() && !provider.get<std::string>().empty() &&
        model.get<std::string>().find('/') == std::string::npos)
        model = provider.get<std::string>() + "/" + model.get<std::string>();
    return json{{"agent", orElse(get(agentInfo, "name"), get(agentConfig, "name"))},
                {"agent_version", get(agentInfo, "version")},
                {"model", model},
                {"reasoning_effort", get(kwargs, "reasoning_effort")}};
}

// What a trial says it ran: task name, digest and source (each unknown when absent).
struct TaskIdentity {
    std::optional<std::string> name, ref, source;
};

// The task a trial ran: its config.json first, result.json's task_id or config.task as fallbacks (the
// audit's _task_identity; a bare name gets the "gnucleus-ai/" organisation).
TaskIdentity taskIdentity(const json& result, const json& config) {
    const json* task = &get(config, "task");
    if (!task->is_object()) task = &get(result, "task_id");
    if (!task->is_object()) task = &get(get(result, "config"), "task");
    TaskIdentity id;
    if (!task->is_object()) return id;
    const json& name = get(*task, "name");
    if (name.is_string()) {
        std::string n = name.get<std::string>();
        if (n.find('/') == std::string::npos) n = "gnucleus-ai/" + n;
        id.name = n;
    }
    const json& ref = orElse(get(*task, "ref"), get(*task, "digest"));
    if (ref.is_string()) id.ref = ref.get<std::string>();
    const json& source = orElse(get(*task, "source"), get(result, "source"));
    if (source.is_string()) id.source = source.get<std::string>();
    return id;
}

std::string optRepr(const std::optional<std::string>& s) {
    return s ? repr(json(*s)) : "None";
}

std::optional<double> finiteNumber(const json& v) {
    if (!v.is_number()) return std::nullopt;
    const double d = v.get<double>();
    return std::isfinite(d) ? std::optional<double>(d) : std::nullopt;
}

std::optional<std::int64_t> count(const json& v) {
    if (v.is_number_integer()) return v.get<std::int64_t>();
    return std::nullopt;
}

// What the audit reads from the manifest, when the manifest has it in a usable shape.
struct AuditInputs {
    std::set<std::string> jobIds;
    json sourceFilter;
    std::string agentName;
    std::int64_t totalTrials = 0;
    std::int64_t trialsPerTask = 0;
    std::int64_t nErrors = 0;
    std::optional<double> meanReward;
};

std::optional<AuditInputs> auditInputs(const json& m, std::string* why) {
    AuditInputs in;
    const json& results = get(m, "results");
    const json& jobs = get(results, "source_jobs");
    if (!jobs.is_array()) {
        *why = "the manifest has no results.source_jobs list";
        return std::nullopt;
    }
    for (const auto& j : jobs)
        if (j.is_string() && !hubJobId(j.get<std::string>()).empty())
            in.jobIds.insert(hubJobId(j.get<std::string>()));
    in.sourceFilter = get(results, "source_filter");
    if (!in.sourceFilter.is_object()) {
        *why = "the manifest has no results.source_filter mapping";
        return std::nullopt;
    }
    const json& agentName = get(get(m, "agent"), "name");
    if (!agentName.is_string()) {
        *why = "the manifest has no agent.name string";
        return std::nullopt;
    }
    in.agentName = agentName.get<std::string>();
    const json& declared = get(m, "declared");
    for (auto [key, slot] :
         {std::pair{"total_trials", &in.totalTrials}, std::pair{"trials_per_task", &in.trialsPerTask},
          std::pair{"n_errors", &in.nErrors}}) {
        const json& v = get(declared, key);
        if (!v.is_number_integer()) {
            *why = std::string("the manifest has no integer declared.") + key;
            return std::nullopt;
        }
        *slot = v.get<std::int64_t>();
    }
    in.meanReward = finiteNumber(get(declared, "mean_reward"));
    return in;
}

} // namespace

// ---------------------------------------------------------------- artifact audit

std::optional<double> SubmissionReport::costUsd() const {
    if (trials.empty()) return std::nullopt;
    double sum = 0;
    for (const auto& t : trials) {
        if (!t.costUsd) return std::nullopt;
        sum += *t.costUsd;
    }
    return sum;
}

// The artifact audit of cad_bench_submission/artifact_validation.py (docs/formats.md), rule by rule and in
// its order. Two choices are Vernier's: the audit also runs when the manifest has findings (the maintainers
// stop there) as long as the manifest has what the audit reads, and a missing or unreadable details file is
// one finding rather than one per details field.
SubmissionReport validateSubmission(const SubmissionManifest& manifest, const BundleTree& job,
                                    const SubmissionPolicy& policy) {
    SubmissionReport report;
    report.findings = checkSubmissionManifest(manifest, policy);
    std::string why;
    const std::optional<AuditInputs> in = auditInputs(manifest.doc, &why);
    if (!in) {
        report.auditSkipped = why;
        return report;
    }
    report.auditRun = true;
    auto add = [&](const std::string& trial, const std::string& rule, const std::string& reason) {
        report.findings.push_back({trial, rule, oneLine(reason)});
    };

    // Which result.json files are trials of this submission: parseable ones naming a task, of a source job,
    // with the source_filter's key; unparseable ones are counted (and reported) as the maintainers do.
    struct Candidate {
        std::string dir; // "" or "a/b/"
        std::optional<json> result;
        std::string why;
    };
    std::vector<Candidate> counted;
    std::set<std::string> seenJobIds;
    for (const std::string& f : job.files()) {
        if (f != "result.json" && !endsWith(f, "/result.json")) continue;
        Candidate c{f.substr(0, f.size() - std::string("result.json").size()), std::nullopt, ""};
        c.result = readObject(job, f, &c.why);
        if (!c.result) {
            counted.push_back(std::move(c));
            continue;
        }
        const json& r = *c.result;
        if (get(r, "task_name").is_null() && get(r, "task_id").is_null()) continue;
        const json& jobId = get(get(r, "config"), "job_id");
        if (jobId.is_string()) seenJobIds.insert(jobId.get<std::string>());
        if (!jobId.is_string() || !in->jobIds.count(jobId.get<std::string>()) ||
            trialSourceKey(r) != in->sourceFilter) {
            ++report.skipped;
            continue;
        }
        counted.push_back(std::move(c));
    }
    for (const auto& id : in->jobIds)
        if (!seenJobIds.count(id))
            add("", "source_job", "source Harbor job not found under the job folder: " + id);
    if (static_cast<std::int64_t>(counted.size()) != in->totalTrials)
        add("", "trial_count",
            "found " + std::to_string(counted.size()) + " trial result files; manifest declares " +
                std::to_string(in->totalTrials));

    const std::vector<std::string> detailsAt = {policy.detailsFile, "verifier/" + policy.detailsFile};
    const std::vector<std::string> rewardAt = {policy.rewardFile, "verifier/" + policy.rewardFile};
    const std::vector<std::string> logAt = {"agent.log", "agent/" + in->agentName + ".txt"};
    for (const Candidate& c : counted) {
        SubmissionTrial t;
        t.label = c.dir.empty() ? "." : c.dir.substr(0, c.dir.size() - 1);
        auto trialFinding = [&](const std::string& rule, const std::string& reason) {
            add(t.label, rule, reason);
        };
        if (!c.result) {
            trialFinding("invalid_result", "result.json: invalid JSON object: " + c.why);
            t.error = true;
            report.trials.push_back(t);
            continue;
        }
        const json& result = *c.result;
        std::string configWhy;
        std::optional<json> config = readObject(job, c.dir + "config.json", &configWhy);
        if (!config) {
            trialFinding("trial_config", "config.json: invalid or missing trial config: " + configWhy);
            config = json::object();
        }

        const TaskIdentity task = taskIdentity(result, *config);
        if (!task.name) {
            trialFinding("task_name", "cannot determine task name");
        } else {
            t.taskName = *task.name;
            ++report.tasks[*task.name];
            auto expected = policy.taskDigests.find(*task.name);
            if (expected == policy.taskDigests.end())
                trialFinding("unknown_task", "task " + repr(json(*task.name)) + " is not in " + policy.tag);
            else if (task.ref != expected->second)
                trialFinding("task_digest", "task digest mismatch for " + *task.name + ": expected " +
                                                expected->second + ", got " +
                                                (task.ref ? *task.ref : "None"));
        }
        if (task.source != policy.dataset)
            trialFinding("task_source", "expected task source " + repr(json(policy.dataset)) + ", got " +
                                            optRepr(task.source));

        const json& agentResult = get(result, "agent_result");
        t.costUsd = finiteNumber(get(agentResult, "cost_usd"));
        t.inputTokens = count(get(agentResult, "n_input_tokens"));
        t.outputTokens = count(get(agentResult, "n_output_tokens"));

        bool error = !get(result, "exception_info").is_null() || truthy(get(result, "exception_type"));
        double score = 0;
        const std::string rewardFile = firstExisting(job, c.dir, rewardAt);
        if (rewardFile.empty()) {
            error = true;
        } else {
            std::string rewardWhy;
            const std::optional<json> payload = readObject(job, c.dir + rewardFile, &rewardWhy);
            const json& value = payload ? get(*payload, policy.scoreField.c_str()) : json();
            const std::string field = repr(json(policy.scoreField));
            if (!payload) {
                trialFinding("invalid_reward", rewardFile + ": cannot read score: " + rewardWhy);
                error = true;
            } else if (!value.is_number()) {
                trialFinding("invalid_reward", rewardFile + ": " + field + " must be numeric");
                error = true;
            } else if (const double s = value.get<double>(); !std::isfinite(s) || s < 0 || s > 1) {
                trialFinding("invalid_reward", rewardFile + ": " + field + " must be finite and in [0, 1]");
                error = true;
            } else {
                score = s;
            }
        }

        if (firstExisting(job, c.dir, policy.trajectoryOneOf).empty())
            trialFinding("missing_trajectory",
                         "no accepted trajectory artifact found (" + joined(policy.trajectoryOneOf) + ")");
        if (firstExisting(job, c.dir, logAt).empty())
            trialFinding("missing_agent_log", "no accepted agent log found (" + joined(logAt) + ")");

        if (error) {
            t.error = true;
            report.trials.push_back(t);
            continue;
        }
        t.score = score;

        const std::string detailsFile = firstExisting(job, c.dir, detailsAt);
        std::optional<json> details;
        if (detailsFile.empty()) {
            trialFinding("missing_details", "missing " + policy.detailsFile + " (trial root or verifier/)");
        } else {
            std::string detailsWhy;
            details = readObject(job, c.dir + detailsFile, &detailsWhy);
            if (!details)
                trialFinding("invalid_details", detailsFile + ": invalid details JSON: " + detailsWhy);
        }
        // A missing or unreadable details file is one finding; its fields are not reported again.
        if (details) {
            std::map<std::string, double> values;
            for (const std::string& field : policy.detailsFields) {
                const json& v = get(*details, field.c_str());
                double x = 0;
                if (!v.is_number()) {
                    trialFinding("details_range", "details field " + repr(json(field)) + " must be numeric");
                } else if (x = v.get<double>(); !std::isfinite(x) || x < 0 || x > 1) {
                    trialFinding("details_range",
                                 "details field " + repr(json(field)) + " must be in [0, 1]");
                    x = 0;
                }
                values[field] = x;
            }
            const double combined = values.count("combined") ? values["combined"] : 0.0;
            if (std::fabs(score - combined) > kSubmissionScoreTolerance)
                trialFinding("combined_mismatch", "reward score " + fixed8(score) +
                                                      " does not match details combined " + fixed8(combined));
        }
        // The maintainers' audit looks for the answers at the trial root and in artifacts/app/ only.
        // Vernier's importer also reads artifacts/logs/artifacts/ (Harbor >= 0.20), but this is their rule,
        // so it looks exactly where they do (docs/formats.md): an answer elsewhere is a missing_answer
        // finding.
        if (score > 0) {
            for (const char* answer : {"answer.FCStd", "answer.py"})
                if (firstExisting(job, c.dir, {answer, std::string("artifacts/app/") + answer}).empty())
                    trialFinding("missing_answer", std::string("positive-scoring trial is missing ") +
                                                       answer + " (trial root or artifacts/app/)");
        }
        report.trials.push_back(t);
    }

    std::vector<std::string> missing, wrongCounts;
    for (const auto& [name, digest] : policy.taskDigests) {
        auto it = report.tasks.find(name);
        if (it == report.tasks.end())
            missing.push_back(name);
        else if (it->second != in->trialsPerTask)
            wrongCounts.push_back(name + "=" + std::to_string(it->second));
    }
    if (!missing.empty())
        add("", "missing_task",
            "missing " + std::to_string(missing.size()) + " official tasks: " + joined(missing));
    if (!wrongCounts.empty())
        add("", "trials_per_task",
            "expected " + std::to_string(in->trialsPerTask) +
                " trials per official task; mismatches: " + joined(wrongCounts));

    double sum = 0;
    for (const auto& t : report.trials) {
        sum += t.score;
        if (t.error) ++report.errors;
    }
    if (!report.trials.empty()) report.meanReward = sum / static_cast<double>(report.trials.size());
    if (report.meanReward && in->meanReward &&
        std::fabs(*report.meanReward - *in->meanReward) > kSubmissionScoreTolerance)
        add("", "declared_mean",
            "$.declared.mean_reward: declared " + fixed8(*in->meanReward) + ", audited " +
                fixed8(*report.meanReward));
    if (report.errors != in->nErrors)
        add("", "declared_errors",
            "$.declared.n_errors: declared " + std::to_string(in->nErrors) + ", audited " +
                std::to_string(report.errors));
    return report;
}

void addRescoreFindings(SubmissionReport& report,
                        const std::map<std::string, std::optional<double>>& rescored, double tolerance) {
    report.rescoreRun = true;
    char tol[32];
    std::snprintf(tol, sizeof tol, "%g", tolerance);
    for (auto& t : report.trials) {
        auto it = rescored.find(t.label);
        if (it == rescored.end()) continue;
        t.rescored = it->second;
        if (t.error) continue; // an errored trial scores 0 by rule, whatever a re-grade would give
        if (!it->second) {
            report.findings.push_back(
                {t.label, "rescore_mismatch",
                 "recorded reward " + fixed8(t.score) + ", but the embedded scorer could not score it"});
        } else if (std::fabs(*it->second - t.score) > tolerance) {
            report.findings.push_back({t.label, "rescore_mismatch",
                                       "recorded reward " + fixed8(t.score) + " vs rescored " +
                                           fixed8(*it->second) + " (|delta| > " + tol + ")"});
        }
    }
}

} // namespace vernier
