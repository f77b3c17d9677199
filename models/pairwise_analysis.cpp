// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/pairwise_analysis.h"

namespace vernier {

std::vector<SystemTaskRewards> systemTaskRewards(const Analysis& analysis, const std::vector<int>& systems) {
    std::vector<SystemTaskRewards> out;
    out.reserve(systems.size());
    for (int s : systems) {
        SystemTaskRewards entry;
        if (analysis.set && s >= 0 && s < static_cast<int>(analysis.set->systems.size())) {
            const ResultSet& set = *analysis.set;
            entry.label = set.systems[static_cast<std::size_t>(s)].label();
            for (int t : analysis.tasks) {
                const TaskInfo& task = set.tasks[static_cast<std::size_t>(t)];
                if (const auto r = set.selectedReward(s, t)) entry.rewards[task.id] = {task.workflow, *r};
            }
        }
        out.push_back(std::move(entry));
    }
    return out;
}

PairwiseMatrix pairwiseMatrix(const Analysis& analysis, const std::vector<int>& systems,
                              double similarThreshold, const RandomisationOptions& randomisation) {
    return pairwiseMatrix(systemTaskRewards(analysis, systems), similarThreshold, analysis.policy.bootstrap,
                          randomisation);
}

} // namespace vernier
