// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What lists of a result set's trials sort and show by, computed once per set: each trial's place among
// the attempts of its (system, task), ranks for sorting by task and by system, and the extra reward keys.
// The GUI computes it with the statistics, off the GUI thread (docs/architecture.md "Large result sets"), so
// a new set of 10^5 trials (live follow, a rescore) costs the trial tables no pass over every trial. Qt-free.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace vernier {

class ResultSet;

// Where a trial stands among the attempts of its (system, task): `index` 1-based in finish order (then
// start, then trial name), of `count` valid attempts; {0, 0} for a trial outside statistics.
struct AttemptPosition {
    int index = 0;
    int count = 0;
};
// Every trial's position, indexed like ResultSet::trials.
std::vector<AttemptPosition> attemptPositions(const ResultSet& set);

struct TrialOrder {
    // The set it was computed for: identity only, never dereferenced (whoever pairs the two keeps the set).
    const ResultSet* set = nullptr;
    std::vector<AttemptPosition> attempts; // per trial
    // Per trial, the order of "task id, then system label, then attempt" as three ranks: the task id's
    // among the distinct task ids of the trials, the label's among their distinct labels (byte order of
    // std::string both), the attempt index.
    struct TaskKey {
        std::uint32_t task = 0;
        std::uint32_t label = 0;
        std::uint32_t attempt = 0;
        bool operator<(const TaskKey& o) const {
            if (task != o.task) return task < o.task;
            if (label != o.label) return label < o.label;
            return attempt < o.attempt;
        }
    };
    std::vector<TaskKey> taskKeys;
    // Distinct system labels in label order (a trial's TaskKey::label indexes it), each with one of its
    // trials (whose SystemId gives the label's display name under the workspace's aliases).
    std::vector<std::string> labels;
    std::vector<std::size_t> labelTrial;
    // Reward keys other than "reward" that some trial records (several-key reward.json), sorted by name.
    std::vector<std::string> extraRewardKeys;
};

std::shared_ptr<const TrialOrder> trialOrder(const ResultSet& set);

} // namespace vernier
