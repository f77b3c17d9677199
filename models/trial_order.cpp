// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/trial_order.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <string_view>
#include <unordered_map>

#include "models/result_set.h"

namespace vernier {

std::vector<AttemptPosition> attemptPositions(const ResultSet& set) {
    std::vector<AttemptPosition> out(set.trials.size());
    constexpr double kLast = std::numeric_limits<double>::infinity();
    // Finish order; unknown times last, then by start and by trial name so the order is total.
    const auto before = [&](int a, int b) {
        const TrialRecord& x = set.trials[static_cast<std::size_t>(a)];
        const TrialRecord& y = set.trials[static_cast<std::size_t>(b)];
        const double fx = x.finishedAt.value_or(kLast), fy = y.finishedAt.value_or(kLast);
        if (fx != fy) return fx < fy;
        const double sx = x.startedAt.value_or(kLast), sy = y.startedAt.value_or(kLast);
        if (sx != sy) return sx < sy;
        return x.trialName < y.trialName;
    };
    std::vector<int> cell;
    for (int s = 0; s < static_cast<int>(set.systems.size()); ++s)
        for (int t = 0; t < static_cast<int>(set.tasks.size()); ++t) {
            const std::vector<int>& trials = set.trialsOf(s, t);
            if (trials.empty()) continue;
            cell.assign(trials.begin(), trials.end());
            std::stable_sort(cell.begin(), cell.end(), before);
            for (std::size_t k = 0; k < cell.size(); ++k)
                out[static_cast<std::size_t>(cell[k])] = {static_cast<int>(k) + 1,
                                                          static_cast<int>(cell.size())};
        }
    return out;
}

std::shared_ptr<const TrialOrder> trialOrder(const ResultSet& set) {
    auto order = std::make_shared<TrialOrder>();
    order->set = &set;
    order->attempts = attemptPositions(set);
    const std::size_t n = set.trials.size();

    // Distinct task ids and systems, then their ranks.
    std::unordered_map<std::string_view, std::uint32_t> taskOf;
    std::vector<std::string_view> taskIds;
    std::map<SystemId, std::uint32_t> systemOf; // a few dozen systems: a tree is as fast as a hash here
    std::vector<const SystemId*> systems;
    std::vector<std::size_t> systemTrial;
    std::vector<std::uint32_t> trialTask(n), trialSystem(n);
    std::set<std::string> extra;
    for (std::size_t i = 0; i < n; ++i) {
        const TrialRecord& t = set.trials[i];
        auto [task, newTask] = taskOf.try_emplace(t.taskId, static_cast<std::uint32_t>(taskIds.size()));
        if (newTask) taskIds.push_back(t.taskId);
        trialTask[i] = task->second;
        auto [system, newSystem] = systemOf.try_emplace(t.system, static_cast<std::uint32_t>(systems.size()));
        if (newSystem) {
            systems.push_back(&system->first);
            systemTrial.push_back(i);
        }
        trialSystem[i] = system->second;
        for (const auto& [key, value] : t.rewardKeys)
            extra.insert(key);
    }
    order->extraRewardKeys.assign(extra.begin(), extra.end());

    std::vector<std::uint32_t> taskRank(taskIds.size());
    {
        std::vector<std::uint32_t> byId(taskIds.size());
        std::iota(byId.begin(), byId.end(), 0U);
        std::sort(byId.begin(), byId.end(), [&](auto a, auto b) { return taskIds[a] < taskIds[b]; });
        for (std::size_t k = 0; k < byId.size(); ++k)
            taskRank[byId[k]] = static_cast<std::uint32_t>(k);
    }
    // Systems by label; two systems with one label (possible only with odd names) share a rank.
    std::vector<std::string> labels(systems.size());
    for (std::size_t k = 0; k < systems.size(); ++k)
        labels[k] = systems[k]->label();
    std::vector<std::uint32_t> byLabel(systems.size());
    std::iota(byLabel.begin(), byLabel.end(), 0U);
    std::sort(byLabel.begin(), byLabel.end(), [&](auto a, auto b) { return labels[a] < labels[b]; });
    std::vector<std::uint32_t> labelRank(systems.size());
    for (std::size_t k = 0; k < byLabel.size(); ++k) {
        const std::uint32_t s = byLabel[k];
        if (k > 0 && labels[s] == order->labels.back()) {
            labelRank[s] = static_cast<std::uint32_t>(order->labels.size() - 1);
            continue;
        }
        labelRank[s] = static_cast<std::uint32_t>(order->labels.size());
        order->labels.push_back(labels[s]);
        order->labelTrial.push_back(systemTrial[s]);
    }

    order->taskKeys.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        order->taskKeys[i] = {taskRank[trialTask[i]], labelRank[trialSystem[i]],
                              static_cast<std::uint32_t>(order->attempts[i].index)};
    return order;
}

} // namespace vernier
