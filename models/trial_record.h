// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One trial of one system on one task, as recorded in a Harbor job folder or a leaderboard submission
// (docs/contract.md §3.2). Missing optional fields stay unknown (std::nullopt), never zero.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "models/boxed.h"
#include "models/failure_taxonomy.h"
#include "models/file_ref.h"
#include "models/task_pack.h"
#include "models/trial_id.h"

namespace vernier {

// A system is (agent name, model name, variant) (docs/formats.md "System identity"). The variant says what
// sets this system apart from other runs of the same agent and model ("temperature=0.2"); empty when they
// all agree. ResultSet assigns it (models/system_variants.h).
struct SystemId {
    std::string agent;
    std::string model;
    std::string variant{};
    static constexpr const char* kVariantSeparator = " \u00b7 "; // " · "
    // "agent/model", or "agent/model · variant" when there is a variant.
    std::string label() const {
        return variant.empty() ? agent + "/" + model : agent + "/" + model + kVariantSeparator + variant;
    }
    // The label without "agent/": the model cell of tables that have an agent column.
    std::string modelAndVariant() const {
        return variant.empty() ? model : model + kVariantSeparator + variant;
    }
    // Parses a label: "agent/model" or "agent/model · variant" (split at the first " · ", then the
    // agent/model part at its first '/': the model may itself contain '/'). nullopt when malformed.
    static std::optional<SystemId> parse(const std::string& label);
    // a.label() < b.label() without building either label (the order of systems everywhere; called per
    // trial when 10^5 trials are sorted into systems).
    static bool labelLess(const SystemId& a, const SystemId& b) {
        const std::string_view pa[] = {a.agent, "/", a.model, a.variant.empty() ? "" : kVariantSeparator,
                                       a.variant};
        const std::string_view pb[] = {b.agent, "/", b.model, b.variant.empty() ? "" : kVariantSeparator,
                                       b.variant};
        std::size_t ia = 0, oa = 0, ib = 0, ob = 0;
        for (;;) {
            while (ia < 5 && oa == pa[ia].size()) {
                ++ia;
                oa = 0;
            }
            while (ib < 5 && ob == pb[ib].size()) {
                ++ib;
                ob = 0;
            }
            if (ia == 5 || ib == 5) return ia == 5 && ib != 5;
            // As std::string compares: bytes as unsigned.
            const auto ca = static_cast<unsigned char>(pa[ia][oa]),
                       cb = static_cast<unsigned char>(pb[ib][ob]);
            if (ca != cb) return ca < cb;
            ++oa;
            ++ob;
        }
    }
    auto operator<=>(const SystemId&) const = default;
};

// Scores of one stage as recorded by (or recomputed for) the verifier. All optional.
struct StageScores {
    std::optional<double> geometry; // geometry_similarity g
    std::optional<double> spec;     // cad_spec_consistency s
    std::optional<double> combined;
    std::string geometryReason;
    std::string specReason;
    std::string gate; // "body", "feature_tree", ... when a geometry gate fired (else empty)
};

// The verifier's recorded details (reward_details.json). create_and_edit has base and target stages.
struct RecordedDetails {
    bool present = false; // reward_details.json existed and parsed
    StageScores single;   // creation, image_to_cad (or the top level of create_and_edit files)
    Boxed<StageScores> base;
    Boxed<StageScores> target;
};

// Result of rescoring a trial with the embedded scorer.
struct RescoredResult {
    std::optional<double> reward; // nullopt when the scorer crashed / errored
    StageScores single;
    Boxed<StageScores> base;
    Boxed<StageScores> target;
    bool scorerCrash = false; // crash, hang (timeout), or a measurement error
    std::string error;        // one line, when scorerCrash
    std::string scorerIdentity;
    bool fromCache = false;
};

// Token counts from agent_result; each optional.
struct TokenCounts {
    std::optional<std::int64_t> input;
    std::optional<std::int64_t> cache;
    std::optional<std::int64_t> output;
};

// One step of a Harbor multi-step trial (docs/formats.md, "Multi-step trials"): its own usage, timing,
// rewards, exception and folder (steps/<name>/).
struct StepRecord {
    std::string name;
    std::string dir; // "steps/<name>/" relative to the trial folder; empty when the folder is absent
    std::optional<double> costUsd;
    TokenCounts tokens;
    std::optional<double> agentStartedAt, agentFinishedAt;
    std::optional<double> verifierStartedAt, verifierFinishedAt;
    bool hasVerifierResult = false;
    std::vector<std::pair<std::string, double>> rewards; // verifier_result.rewards, in recorded order
    std::string exceptionType;                           // empty: none
    std::string exceptionMessage;
    // The create-and-edit stage this step produced: "base", "edit", or empty when nothing says so.
    std::string stage;
    std::string stageBasis; // why: "step name" or "answer file answer_base.FCStd in the step's folder"
    std::optional<double> reward() const;
    std::optional<double> agentDurationSeconds() const;
};

// What identifies a run beyond (agent, model): recorded on the trial for system identity and display.
struct RunConfig {
    std::string agentVersion;  // agent_info.version
    std::string modelProvider; // agent_info.model_info.provider (empty when null)
    std::string modelName;     // config.agent.model_name as given (may be "provider/model")
    std::string jobId;         // config.job_id
    std::string source;        // result.json "source" (the dataset), empty when null
    // config.agent.kwargs as compact JSON values, sorted by key (e.g. reasoning_effort -> "\"high\"").
    std::vector<std::pair<std::string, std::string>> agentKwargs;
};

struct TrialRecord {
    SystemId system;
    std::string taskId;    // last path component of the task name
    std::string taskName;  // as recorded, e.g. "gnucleus-ai/freecad-2002df3ce7"
    std::string trialName; // Harbor trial folder name / submission "<agent>/<model>/<task_id>"
    int taskIndex = -1;    // index into ResultSet::tasks, -1 when the task is not in the pack

    // Where it came from.
    std::string bundle;     // the folder or .zip given by the user
    std::string bundleKind; // "harbor" | "submission"
    std::string trialPath;  // display path of the trial folder (inside the bundle)
    FileRef answer;         // answer.FCStd (creation, image_to_cad)
    FileRef answerBase;     // answer_base.FCStd (create_and_edit)
    FileRef answerEdit;     // answer_edit.FCStd (create_and_edit)
    FileRef answerPy;       // answer.py — shown as text, never executed
    FileRef trajectory;     // agent/trajectory.json
    FileRef resultJson;
    FileRef agentLog;

    // Timing (ISO-8601 as recorded; seconds since epoch when parsed).
    std::optional<double> startedAt;
    std::optional<double> finishedAt;
    std::optional<double> agentStartedAt;
    std::optional<double> agentFinishedAt;
    std::optional<double> durationSeconds() const;      // finished - started
    std::optional<double> agentDurationSeconds() const; // agent_execution finished - started

    std::optional<double> costUsd;
    TokenCounts tokens;
    // Where cost and tokens came from: "result.json", "steps" (sum over step_results),
    // "trajectory final_metrics" (result.json had no usage), or empty when unknown.
    std::string usageSource;
    RunConfig run;

    // Multi-step trials (Harbor step_results); empty for single-step trials.
    std::vector<StepRecord> steps;
    std::string rewardStrategy;           // multi-step: "final" | "mean"
    std::string rewardStrategyBasis;      // "task.toml" or "Harbor's default (the task pack does not say)"
    bool rewardComputedFromSteps = false; // the trial-level reward was absent and came from the steps
    std::string stoppedAtStep;            // a step with an exception and no verifier result stopped the trial
    std::string stopReason;
    std::string exceptionStep; // the step whose exception exceptionType holds (empty: trial level)
    // Every numeric key of the recorded rewards other than "reward" (e.g. geometry_similarity).
    std::vector<std::pair<std::string, double>> rewardKeys;
    // artifacts/manifest.json entries whose status is not "ok": "<source>: <status>" (failed, empty,
    // skipped); a failed one is also an import problem.
    std::vector<std::string> artifactProblems;

    // Recorded verifier output.
    std::optional<double> recordedReward; // reward.json / reward.txt / verifier_result.rewards.reward
    RecordedDetails recordedDetails;
    std::string exceptionType;    // exception_info.exception_type (empty: none)
    std::string exceptionMessage; // first line of exception_info.exception_message
                                  // (or of the stopping / first failing step's, see exceptionStep)

    // Non-empty: the trial's files are malformed (listed with this reason; excluded from statistics).
    std::string loadError;
    // Non-fatal oddities (e.g. an unreadable reward_details.json); shown with the trial.
    std::vector<std::string> warnings;

    // Boxed: most trials of a large set are never rescored (docs/architecture.md "Large result sets").
    Boxed<RescoredResult> rescored;

    // Filled by ResultSet::classify(): the zero-reward taxonomy of the effective result.
    ZeroClassification zero;

    // Bundle + trial folder: stable across imports, unlike the trial's index in a ResultSet.
    TrialId id() const { return makeTrialId(bundle, trialPath); }

    bool hasAnswer(Workflow w) const; // the answer document(s) this workflow needs exist
    // Multi-step trial whose trial-level reward was not recorded: the reward Harbor computes from the
    // steps under `strategy` ("final": the last step's rewards; "mean": the per-key mean over the steps
    // that have a verifier result, a missing key counting 0). Sets recordedReward, rewardKeys and
    // rewardStrategy*. No effect on a trial whose reward was recorded.
    void applyStepRewardStrategy(const std::string& strategy, const std::string& basis);
    // The reward used in statistics: rescored when present and `preferRescored`, else recorded;
    // a scorer crash or a missing reward counts as 0 (docs/contract.md §1).
    double effectiveReward(bool preferRescored) const;
    // Recorded − rescored when both are known.
    std::optional<double> rescoreDelta() const;
};

} // namespace vernier
