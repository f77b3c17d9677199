// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/trial_record.h"

#include <map>

namespace vernier {

std::optional<SystemId> SystemId::parse(const std::string& label) {
    const std::string separator = kVariantSeparator;
    const auto at = label.find(separator);
    const std::string base = at == std::string::npos ? label : label.substr(0, at);
    std::string variant = at == std::string::npos ? std::string() : label.substr(at + separator.size());
    if (at != std::string::npos && variant.empty()) return std::nullopt; // "agent/model · " names no variant
    auto slash = base.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 >= base.size()) return std::nullopt;
    return SystemId{base.substr(0, slash), base.substr(slash + 1), std::move(variant)};
}

std::optional<double> StepRecord::reward() const {
    for (const auto& [k, v] : rewards)
        if (k == "reward") return v;
    return std::nullopt;
}

std::optional<double> StepRecord::agentDurationSeconds() const {
    if (!agentStartedAt || !agentFinishedAt || *agentFinishedAt < *agentStartedAt) return std::nullopt;
    return *agentFinishedAt - *agentStartedAt;
}

void TrialRecord::applyStepRewardStrategy(const std::string& strategy, const std::string& basis) {
    if (steps.empty()) return;
    rewardStrategy = strategy;
    rewardStrategyBasis = basis;
    if (!rewardComputedFromSteps) return;
    std::vector<std::pair<std::string, double>> keys;
    if (strategy == "final") {
        // Harbor takes the last step's verifier_result verbatim (none when that step has none).
        if (steps.back().hasVerifierResult) keys = steps.back().rewards;
    } else {
        // Per-key mean over the steps that have a verifier_result; a key a step lacks counts 0.
        std::vector<std::string> order;
        std::map<std::string, double> sum;
        std::size_t n = 0;
        for (const auto& st : steps) {
            if (!st.hasVerifierResult) continue;
            ++n;
            for (const auto& [k, v] : st.rewards) {
                if (!sum.count(k)) order.push_back(k);
                sum[k] += v;
            }
        }
        for (const auto& k : order)
            keys.emplace_back(k, sum[k] / static_cast<double>(n));
    }
    recordedReward.reset();
    rewardKeys.clear();
    for (const auto& [k, v] : keys) {
        if (k == "reward")
            recordedReward = v;
        else
            rewardKeys.emplace_back(k, v);
    }
}

std::optional<double> TrialRecord::durationSeconds() const {
    if (!startedAt || !finishedAt || *finishedAt < *startedAt) return std::nullopt;
    return *finishedAt - *startedAt;
}

std::optional<double> TrialRecord::agentDurationSeconds() const {
    if (!steps.empty()) {
        // Multi-step: the agent ran once per step; the trial's agent time is their sum.
        std::optional<double> sum;
        for (const auto& st : steps)
            if (auto d = st.agentDurationSeconds()) sum = sum.value_or(0.0) + *d;
        return sum;
    }
    if (!agentStartedAt || !agentFinishedAt || *agentFinishedAt < *agentStartedAt) return std::nullopt;
    return *agentFinishedAt - *agentStartedAt;
}

bool TrialRecord::hasAnswer(Workflow w) const {
    if (w == Workflow::CreateAndEdit) return !answerBase.empty() && !answerEdit.empty();
    return !answer.empty();
}

double TrialRecord::effectiveReward(bool preferRescored) const {
    if (preferRescored && rescored) return rescored->reward.value_or(0.0);
    return recordedReward.value_or(0.0);
}

std::optional<double> TrialRecord::rescoreDelta() const {
    if (!recordedReward || !rescored || !rescored->reward) return std::nullopt;
    return *recordedReward - *rescored->reward;
}

} // namespace vernier
