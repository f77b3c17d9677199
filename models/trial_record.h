#pragma once
// One trial of one system on one task, as recorded in a Harbor job folder or a leaderboard submission
// (design.md §3.2). Missing optional fields stay unknown (std::nullopt), never zero.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "models/failure_taxonomy.h"
#include "models/file_ref.h"
#include "models/task_pack.h"

namespace vernier {

// A system is (agent name, model name).
struct SystemId {
    std::string agent;
    std::string model;
    std::string label() const { return agent + "/" + model; } // "agent/model"
    // Parses "agent/model" (the model part may itself contain '/': split at the first '/').
    static std::optional<SystemId> parse(const std::string& label);
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
    std::optional<StageScores> base;
    std::optional<StageScores> target;
};

// Result of rescoring a trial with the embedded scorer.
struct RescoredResult {
    std::optional<double> reward; // nullopt when the scorer crashed / errored
    StageScores single;
    std::optional<StageScores> base;
    std::optional<StageScores> target;
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

    // Recorded verifier output.
    std::optional<double> recordedReward; // reward.json / reward.txt / verifier_result.rewards.reward
    RecordedDetails recordedDetails;
    std::string exceptionType;    // exception_info.exception_type (empty: none)
    std::string exceptionMessage; // first line of exception_info.exception_message

    // Non-empty: the trial's files are malformed (listed with this reason; excluded from statistics).
    std::string loadError;
    // Non-fatal oddities (e.g. an unreadable reward_details.json); shown with the trial.
    std::vector<std::string> warnings;

    std::optional<RescoredResult> rescored;

    // Filled by ResultSet::classify(): the zero-reward taxonomy of the effective result.
    ZeroClassification zero;

    bool hasAnswer(Workflow w) const; // the answer document(s) this workflow needs exist
    // The reward used in statistics: rescored when present and `preferRescored`, else recorded;
    // a scorer crash or a missing reward counts as 0 (design.md §1).
    double effectiveReward(bool preferRescored = true) const;
    // Recorded − rescored when both are known.
    std::optional<double> rescoreDelta() const;
};

} // namespace vernier
