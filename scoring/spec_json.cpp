// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/spec_json.h"

namespace vernier {

nlohmann::json specParametersToJson(const SpecResult& result) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& f : result.parameters) {
        nlohmann::json j;
        j["key"] = f.key;
        j["expected"] = f.expected;
        if (!f.measuredVector.empty())
            j["measured"] = f.measuredVector;
        else if (f.measured)
            j["measured"] = *f.measured;
        else
            j["measured"] = nullptr;
        j["status"] = statusName(f.status);
        j["reason"] = f.reason;
        j["kind"] = f.kind;
        j["check"] = f.check.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.check);
        if (!f.expectedVector.empty())
            j["expected_value"] = f.expectedVector;
        else if (f.expectedValue)
            j["expected_value"] = *f.expectedValue;
        else
            j["expected_value"] = nullptr;
        j["measured_text"] = f.measuredText;
        j["source"] = f.measurementSource;
        j["rel_error"] = f.relError ? nlohmann::json(*f.relError) : nlohmann::json(nullptr);
        j["faces"] = f.faces;
        out.push_back(std::move(j));
    }
    return out;
}

nlohmann::json specResultToJson(const SpecResult& result, const SpecOptions& options) {
    nlohmann::json j;
    j["score"] = result.score;
    j["reason"] = result.reason;
    j["consistent"] = result.consistent;
    j["inconsistent"] = result.inconsistent;
    j["not_found"] = result.notFound;
    j["total_params"] = result.total;
    j["failures"] = result.failures;
    j["failure_budget"] =
        options.failureBudget ? nlohmann::json(*options.failureBudget) : nlohmann::json(nullptr);
    j["failure_denominator"] = result.failureDenominator;
    j["raw_consistency_rate"] = result.rawConsistencyRate;
    j["measurable_rate"] = result.measurableRate;
    j["tol_scalar"] = options.tolScalar;
    j["tol_pos"] = options.tolPos;
    j["error"] = result.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(result.error);
    j["unexpected_features"] = result.unexpectedFeatures;
    j["param_check"] = {{"present", result.paramCheckPresent},
                        {"path", result.paramCheckPath.empty() ? nlohmann::json(nullptr)
                                                               : nlohmann::json(result.paramCheckPath)},
                        {"executed", false},
                        {"refinable", result.paramCheckRefinable}};
    nlohmann::json rejected = nlohmann::json::array();
    for (const auto& r : result.rejected)
        rejected.push_back({{"text", r.rawText}, {"reason", r.reason}});
    j["rejected"] = std::move(rejected);
    j["parameters"] = specParametersToJson(result);
    return j;
}

} // namespace vernier
