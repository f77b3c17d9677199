#include "models/trial_record.h"

namespace vernier {

std::optional<SystemId> SystemId::parse(const std::string& label) {
    auto slash = label.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 >= label.size()) return std::nullopt;
    return SystemId{label.substr(0, slash), label.substr(slash + 1)};
}

std::optional<double> TrialRecord::durationSeconds() const {
    if (!startedAt || !finishedAt || *finishedAt < *startedAt) return std::nullopt;
    return *finishedAt - *startedAt;
}

std::optional<double> TrialRecord::agentDurationSeconds() const {
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
