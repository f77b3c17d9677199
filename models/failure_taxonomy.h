// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Zero-reward taxonomy of docs/contract.md §1: one top-level category per zero-reward trial, following the
// pipeline's precedence (first failure wins), with the geometry gate as second level.
#include <optional>
#include <string>
#include <string_view>

#include "models/task_pack.h"

namespace vernier {

struct TrialRecord;

enum class ZeroCategory {
    None = 0,            // reward > 0 (or not yet known to be zero)
    GeometryZero,        // g = 0, s > 0
    GeometryAndSpecZero, // g = 0 and s = 0
    SpecZero,            // s = 0, g > 0
    FinalException,      // agent ended with an exception, no usable answer
    MissingOutput,       // no answer document
    ScorerCrash,         // an answer exists but no reward was produced, or the verifier recorded an error
};
constexpr int kZeroCategoryCount = 7;
// The six zero categories in report order (excludes None).
constexpr ZeroCategory kZeroCategories[6] = {ZeroCategory::GeometryZero,  ZeroCategory::GeometryAndSpecZero,
                                             ZeroCategory::SpecZero,      ZeroCategory::FinalException,
                                             ZeroCategory::MissingOutput, ZeroCategory::ScorerCrash};

// "geometry_zero", "geometry_and_spec_zero", "spec_zero", "final_exception", "missing_output",
// "scorer_crash" (the JSON keys); "none" for None.
const char* zeroCategoryKey(ZeroCategory c);
const char* zeroCategoryTitle(ZeroCategory c); // "Geometry zero", ...
std::optional<ZeroCategory> parseZeroCategory(std::string_view key);

// Exception types that the verifier raises (not the agent): RewardFileNotFoundError,
// VerifierTimeoutError, VerifierOutputParseError, and any other "Verifier*"/"Reward*" error.
bool isVerifierException(std::string_view exceptionType);

// Second level for geometry zeros: "body", "feature_tree", "complexity", "face_count", "vertex_count",
// "bbox", "icp", or empty when the reason names none. Recognises the verifier's reason texts
// (docs/scoring.md §7.1) and bare gate names.
std::string gateFromReason(std::string_view reason);

struct ZeroClassification {
    ZeroCategory category = ZeroCategory::None;
    std::string gate;   // second level (geometry zeros), else empty
    std::string reason; // one line: why this category
};

// Classifies a trial from its effective result: the rescored result when present (and `useRescored`),
// else the recorded verifier output (reward, reward details, exception info); file presence is the
// fallback. Needs the task's workflow to know which answer documents are required.
ZeroClassification classifyTrial(const TrialRecord& trial, Workflow workflow, bool useRescored);

} // namespace vernier
