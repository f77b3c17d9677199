// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reader for agent trajectories in ATIF (Agent Trajectory Interchange Format) v1.0-v1.7, the
// agent/trajectory.json that Harbor writes (docs/formats.md). Large files are paged, never loaded whole:
// one streaming pass records where each step lies plus the root-level fields, and steps are parsed on
// demand from their byte ranges. The input is untrusted: every problem becomes a one-line message.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/file_ref.h"

namespace vernier {

// Token and cost figures; each one unknown (nullopt) unless the trajectory states it, never 0.
struct AtifUsage {
    std::optional<std::int64_t> promptTokens; // includes the cached tokens
    std::optional<std::int64_t> completionTokens;
    std::optional<std::int64_t> cachedTokens;
    std::optional<double> costUsd;

    bool any() const { return promptTokens || completionTokens || cachedTokens || costUsd; }
    // Field-wise sum; unknown + x = x, unknown + unknown = unknown.
    AtifUsage& operator+=(const AtifUsage& other);
    // Every field known on both sides is equal (cost to 1e-6 USD, relative 1e-9).
    bool agreesWith(const AtifUsage& other) const;
};

// What usageFromFinalMetrics() returns: final_metrics.total_prompt_tokens (incl. cached) ->
// promptTokens, total_completion_tokens -> completionTokens, total_cached_tokens -> cachedTokens,
// total_cost_usd (incl. subagents) -> costUsd.
using UsageFromTrajectory = AtifUsage;

// Root-level final_metrics.
struct AtifFinalMetrics {
    AtifUsage usage;
    std::optional<std::int64_t> totalSteps;
    std::string extraJson; // "extra", pretty-printed (empty when absent)
};

// Root-level agent{}.
struct AtifAgent {
    std::string name, version, modelName;
    std::size_t toolDefinitionCount = 0;
    std::string toolDefinitionsJson; // pretty-printed (empty when absent)
    std::string extraJson;
};

// Where one step's JSON object lies in the file.
struct AtifSpan {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
};

// One trajectory's root-level facts and step locations, from the index pass. Subagent trajectories
// (v1.7 subagent_trajectories[]) are nodes of their own, each with its own steps and totals.
struct AtifIndex {
    std::string schemaVersion; // "ATIF-v1.7"; may be empty inside subagent_trajectories
    std::string sessionId, trajectoryId;
    AtifAgent agent;
    std::string notes;
    std::optional<AtifFinalMetrics> finalMetrics;
    std::string continuedTrajectoryRef; // a path or id (an object is shown as compact JSON)
    std::string extraJson;
    std::vector<AtifSpan> steps;
    AtifUsage stepSums;                // the sum of this trajectory's own steps' metrics
    std::int64_t toolCallCount = 0;    // tool calls in this trajectory's own steps
    std::vector<AtifIndex> subagents;  // subagent_trajectories[], in file order
    std::vector<std::string> warnings; // fields of the wrong type (then treated as missing), etc.
    int depth = 0;                     // 0: the file's trajectory; 1: its subagents; ...

    // Totals of the subagents, each taken as its effectiveTotals().
    AtifUsage subagentTotals() const;
    // stepSums + subagentTotals().
    AtifUsage computedTotals() const;
    // Per field: final_metrics when it states the field, else computedTotals().
    AtifUsage effectiveTotals() const;
    // final_metrics states a figure that matches neither the own steps' sum nor the sum including
    // subagents (writers differ in whether token totals include subagents; cost does).
    bool totalsDisagree() const;
    // Number of steps in this trajectory and all its subagents.
    std::uint64_t totalStepCount() const;
};

// One entry of a step's tool_calls.
struct AtifToolCall {
    std::string toolCallId;
    std::string functionName;
    std::string arguments; // objects pretty-printed; JSON text in a string too; other strings as is
    bool argumentsAreJson = false;
    std::string extraJson;
};

// subagent_trajectory_ref entries of an observation result.
struct AtifSubagentRef {
    std::string trajectoryId, sessionId, trajectoryPath;
};

// One entry of a step's observation.results.
struct AtifObservationResult {
    std::string sourceCallId;
    std::optional<std::string> content; // content parts joined; images as "[image]"
    std::vector<AtifSubagentRef> subagentRefs;
};

// One step, parsed on demand from its byte range.
struct AtifStep {
    std::size_t index = 0; // position in the steps array
    std::optional<std::int64_t> stepId;
    std::string timestamp; // as recorded (ISO 8601)
    std::string source;    // "system" | "user" | "agent" (as recorded)
    std::string modelName;
    std::string reasoningEffort;
    std::optional<std::string> message; // content parts joined; images as "[image]"
    std::optional<std::string> reasoning;
    std::vector<AtifToolCall> toolCalls;
    std::vector<AtifObservationResult> observations;
    AtifUsage metrics;
    std::string metricsExtraJson; // metrics other than the four figures (extra, logprobs, token ids)
    std::optional<bool> isCopiedContext;
    std::optional<std::int64_t> llmCallCount;
    std::string extraJson;
    // Non-empty: the step could not be read at all (malformed JSON, not an object, too large).
    std::string error;
    // Fields of the wrong type (treated as missing); one line each.
    std::vector<std::string> problems;

    // One line for lists: the message's first line, else the tool calls, else the first observation.
    std::string preview(std::size_t maxChars = 160) const;
};

// Limits for untrusted files; the defaults suit any real trajectory.
struct AtifLimits {
    int maxSubagentDepth = 16;                 // subagent_trajectories nested deeper: error
    int maxJsonDepth = 512;                    // arrays/objects nested deeper: error
    std::uint64_t maxSteps = 4'000'000;        // steps in the file, subagents included (16 bytes each)
    std::uint64_t maxStepBytes = 64u << 20;    // a larger step is reported, not parsed
    std::uint64_t maxFieldBytes = 16u << 20;   // root fields (agent, notes, ...) larger are skipped
    const std::atomic<bool>* cancel = nullptr; // set to stop a running index pass ("cancelled")
};

// An indexed trajectory file. Copies are cheap and share the index and the source bytes; loading
// steps is const and safe from several threads.
class AtifTrajectory {
public:
    enum class Status {
        Ok,      // an ATIF trajectory; index() and the step loaders work
        NotAtif, // JSON but not ATIF (e.g. a legacy mini-swe-agent or OpenHands log): show it as text
        Error,   // unreadable: malformed JSON, wrong root types, limits exceeded
    };

    AtifTrajectory(); // Status::Error, "no trajectory"
    // Never throw: problems end up in status() and error().
    static AtifTrajectory fromBytes(std::string bytes, const AtifLimits& limits = {});
    static AtifTrajectory fromFile(const std::string& path, const AtifLimits& limits = {});
    // Plain files are read in ranges; a zip entry is inflated once into memory (the zip reader
    // has no seekable entry stream, and SafeZip limits an entry's size).
    static AtifTrajectory open(const FileRef& ref, const AtifLimits& limits = {});

    Status status() const;
    bool ok() const { return status() == Status::Ok; }
    // One line: why the file is not ATIF or cannot be read (empty when ok()).
    const std::string& error() const;
    // The file's trajectory (empty unless ok()).
    const AtifIndex& index() const;
    std::uint64_t sizeBytes() const;

    // Steps of the file's trajectory. An index past the end gives a step with an error.
    std::size_t stepCount() const;
    AtifStep loadStep(std::size_t i) const;
    std::vector<AtifStep> loadSteps(std::size_t first, std::size_t count) const;
    // Steps of any trajectory node of this index (the root or one of its subagents).
    AtifStep loadStep(const AtifIndex& trajectory, std::size_t i) const;
    std::vector<AtifStep> loadSteps(const AtifIndex& trajectory, std::size_t first, std::size_t count) const;

    // Up to maxBytes from the start of the file (for the text fallback).
    std::string readHead(std::uint64_t maxBytes) const;

private:
    struct Data;
    std::shared_ptr<const Data> d_;
};

// Parses one step object from its JSON text (what loadStep does with each byte range).
AtifStep parseAtifStep(std::string_view json, std::size_t index);

// final_metrics of an ATIF trajectory, from the index pass (steps are not parsed); nullopt when the
// file is not ATIF, unreadable, or has no final_metrics figure.
std::optional<UsageFromTrajectory> usageFromFinalMetrics(const FileRef& trajectory);
std::optional<UsageFromTrajectory> usageFromFinalMetricsBytes(std::string bytes);

} // namespace vernier
