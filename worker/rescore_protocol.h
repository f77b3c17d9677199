// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The JSON-lines protocol between RescoreEngine and its worker processes (`vernier-cli rescore-worker`),
// also the file format of the rescore cache (docs/contract.md §6). QtCore-free.
#include <optional>
#include <string>

#include "models/file_ref.h"
#include "models/task_pack.h"
#include "models/trial_id.h"
#include "models/trial_record.h"

namespace vernier {

class ResultSet;

// What one trial needs to be scored: the task's reference(s) and spec, the trial's answer(s).
struct RescoreJob {
    TrialId trial; // whose answer this is (never sent to the worker: the engine maps answers back by id)
    std::string taskId;
    Workflow workflow = Workflow::Creation;
    FileRef reference, referenceBase, referenceEdit, spec;
    FileRef candidate, candidateBase, candidateEdit;
    // Hex sha256 of each reference's bytes (empty: not known). The worker keys its per-process reference
    // cache on them, so equal references at different paths are measured once.
    std::string referenceHash, referenceBaseHash, referenceEditHash;
};

// Builds the job for a trial. Returns nullopt (with `why`) when the trial is not in the set or its task is
// unknown.
std::optional<RescoreJob> makeRescoreJob(const ResultSet& set, const TrialId& trial,
                                         std::string* why = nullptr);

// Wire protocol (one JSON object per line). Job: {"id", "task_id", "workflow", "reference"|"reference_base"/
// "reference_edit", "spec", "candidate"|"candidate_base"/"candidate_edit"}, each file {"path"[, "zip"]}; a
// reference may carry "sha256" (absent in old jobs: the worker then keys it by its path).
// Answer: {"id", "reward", "geometry_similarity", "cad_spec_consistency", "combined", "gate",
// "geometry_reason", "spec_reason", "base"{...}, "target"{...}, "error"}; "reward" null with "error" on
// failure.
std::string rescoreJobToJson(const RescoreJob& job, long long id);
RescoreJob rescoreJobFromJson(const std::string& line, long long* id); // throws InputError
std::string rescoredResultToJson(const RescoredResult& r, long long id);
RescoredResult rescoredResultFromJson(const std::string& line, long long* id); // throws InputError

} // namespace vernier
