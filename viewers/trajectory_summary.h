#pragma once
// A short summary of an agent trajectory (ATIF JSON: steps, tool calls, costs) for the read-only
// trajectory view, plus the pretty-printed document.
#include <optional>
#include <string>

namespace vernier::viewers {

struct TrajectorySummary {
    bool parsed = false;
    std::string error; // why the text is not a readable trajectory
    int steps = 0;
    int toolCalls = 0;
    std::optional<double> costUsd; // final_metrics.total_cost_usd, else the sum of step costs
    std::optional<long long> promptTokens, completionTokens;
    std::string pretty; // indented JSON (or the raw text when not JSON)
};

TrajectorySummary summarizeTrajectory(const std::string& text);

} // namespace vernier::viewers
