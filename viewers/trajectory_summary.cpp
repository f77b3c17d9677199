#include "viewers/trajectory_summary.h"

#include <nlohmann/json.hpp>

namespace vernier::viewers {

namespace {

std::optional<double> number(const nlohmann::json& j, const char* key) {
    if (!j.is_object()) return std::nullopt;
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number()) return std::nullopt;
    return it->get<double>();
}

} // namespace

TrajectorySummary summarizeTrajectory(const std::string& text) {
    TrajectorySummary s;
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded()) {
        s.error = "not valid JSON";
        s.pretty = text;
        return s;
    }
    s.pretty = doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    const auto steps = doc.is_object() ? doc.find("steps") : doc.end();
    if (!doc.is_object() || steps == doc.end() || !steps->is_array()) {
        s.error = "no \"steps\" array (not an ATIF trajectory)";
        return s;
    }
    s.parsed = true;
    double stepCost = 0;
    bool anyStepCost = false;
    long long prompt = 0, completion = 0;
    bool anyTokens = false;
    for (const auto& step : *steps) {
        ++s.steps;
        if (!step.is_object()) continue;
        if (const auto calls = step.find("tool_calls"); calls != step.end() && calls->is_array())
            s.toolCalls += static_cast<int>(calls->size());
        if (const auto m = step.find("metrics"); m != step.end()) {
            if (auto c = number(*m, "cost_usd")) stepCost += *c, anyStepCost = true;
            if (auto p = number(*m, "prompt_tokens")) prompt += static_cast<long long>(*p), anyTokens = true;
            if (auto c = number(*m, "completion_tokens"))
                completion += static_cast<long long>(*c), anyTokens = true;
        }
    }
    if (const auto fm = doc.find("final_metrics"); fm != doc.end()) s.costUsd = number(*fm, "total_cost_usd");
    if (!s.costUsd && anyStepCost) s.costUsd = stepCost;
    if (anyTokens) {
        s.promptTokens = prompt;
        s.completionTokens = completion;
    }
    return s;
}

} // namespace vernier::viewers
