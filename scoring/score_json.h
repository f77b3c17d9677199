// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The JSON of `vernier-cli score` (docs/contract.md §5): geometry result, optional spec part, combination,
// and the create_and_edit wrapper {"base", "edit", "combined", "stage_scores"}.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "scoring/geometry_scorer.h"
#include "scoring/reward.h"

namespace vernier {

// The spec side as the JSON needs it (kept free of the spec scorer's types).
struct SpecJsonPart {
    double score = 0;
    std::string reason;
    nlohmann::json parameters =
        nlohmann::json::array();      // [{"key","expected","measured","status","reason",...}]
    nlohmann::json details = nullptr; // the spec scorer's own summary, if any
};

// The ICP details with R as 3 rows, t, residuals and search statistics.
nlohmann::json icpToJson(const IcpResult& icp);

// One scored pair. Keys: geometry_similarity, cad_spec_consistency (null without spec), combined (null
// without spec), combine_method, gate (null | {gate, reason}), geometry_similarity_reason,
// cad_spec_consistency_reason, subscores{surface_types, volume, surface_area, principal_moments, icp,
// bbox} (null where not computed), geom_details{...}, bbox_gate (null before OBB), icp (null when ICP
// did not run), parameters[], scorer.
nlohmann::json scoreToJson(const GeometryResult& geometry, const std::optional<SpecJsonPart>& spec,
                           CombineMethod method = CombineMethod::Harmonic);

// {"base": <score json>, "edit": <score json>, "combined": x, "stage_scores": {"base": {...},
// "edit": {...}, "method": "..."}}.
nlohmann::json createAndEditToJson(const nlohmann::json& base, const nlohmann::json& edit,
                                   const CreateAndEditScore& stages,
                                   CombineMethod method = CombineMethod::Harmonic);

} // namespace vernier
