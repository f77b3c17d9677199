// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/score_json.h"

#include "scoring/scorer_version.h"

namespace vernier {

using nlohmann::json;

namespace {

json subscoreDetail(const Subscore& s) {
    return {{"score", s.score}, {"rel_diff", s.relDiff}, {"tier", tierName(s.tier)}};
}

json stageJson(const StageScore& s) {
    return {{"geometry_similarity", s.geometry},
            {"cad_spec_consistency", s.spec ? json(*s.spec) : json(nullptr)},
            {"combined", s.combined}};
}

} // namespace

json icpToJson(const IcpResult& icp) {
    json R = json::array();
    for (int r = 0; r < 3; ++r)
        R.push_back({icp.R(r, 0), icp.R(r, 1), icp.R(r, 2)});
    return {{"score", icp.score},
            {"max_residual", icp.maxResidual},
            {"rmse", icp.rmse},
            {"R", R},
            {"t", {icp.t[0], icp.t[1], icp.t[2]}},
            {"candidate_to_reference_max_residual", icp.candToRefMax},
            {"reference_to_candidate_max_residual", icp.refToCandMax},
            {"iterations", icp.iterations},
            {"winning_permutation", icp.winningPermutation},
            {"candidates_refined", icp.candidatesRefined},
            {"vacuous_match", icp.vacuous},
            {"gated", icp.gated},
            {"gate", icp.gate.empty() ? json(nullptr) : json(icp.gate)},
            {"n_faces_reference", icp.nFacesReference},
            {"n_faces_candidate", icp.nFacesCandidate},
            {"n_vertices_reference", icp.nVerticesReference},
            {"n_vertices_candidate", icp.nVerticesCandidate},
            {"reason", icp.reason}};
}

json scoreToJson(const GeometryResult& g, const std::optional<SpecJsonPart>& spec, CombineMethod method) {
    json j;
    j["geometry_similarity"] = g.score;
    j["cad_spec_consistency"] = spec ? json(spec->score) : json(nullptr);
    j["combined"] = spec ? json(combineScores(g.score, spec->score, method)) : json(nullptr);
    j["combine_method"] = combineMethodName(method);
    j["gate"] = g.gate ? json{{"gate", g.gate->gate}, {"reason", g.gate->reason}} : json(nullptr);
    j["geometry_similarity_reason"] = g.reason;
    j["cad_spec_consistency_reason"] = spec ? json(spec->reason) : json(nullptr);

    json sub = {{"surface_types", nullptr},     {"volume", nullptr}, {"surface_area", nullptr},
                {"principal_moments", nullptr}, {"icp", nullptr},    {"bbox", nullptr}};
    json details = nullptr;
    if (g.subscores) {
        const auto& s = *g.subscores;
        sub["surface_types"] = s.surfaceTypes.score;
        sub["volume"] = s.volume.score;
        sub["surface_area"] = s.surfaceArea.score;
        sub["principal_moments"] = s.principalMoments.score;
        sub["bbox"] = s.bbox.score;
        if (s.icp) sub["icp"] = *s.icp;
        json perType = json::object();
        for (const auto& [k, v] : g.surfaceTypesPerTypeRelDiff)
            perType[k] = v;
        details = {
            {"surface_types", subscoreDetail(s.surfaceTypes)},
            {"volume", subscoreDetail(s.volume)},
            {"surface_area", subscoreDetail(s.surfaceArea)},
            {"principal_moments", subscoreDetail(s.principalMoments)},
            {"bbox", subscoreDetail(s.bbox)},
            {"surface_types_per_type_rel_diff", perType},
            {"surface_types_area_floor", g.surfaceTypesAreaFloor},
            {"surface_types_area_floor_fraction", kSurfaceTypeFloorFraction},
            {"principal_moments_reference", g.principalMomentsReference},
            {"principal_moments_candidate", g.principalMomentsCandidate},
            {"solid_count", {{"reference", g.solidCountReference}, {"candidate", g.solidCountCandidate}}},
            {"partial_score", g.partial}};
    }
    j["subscores"] = sub;
    j["geom_details"] = details;
    if (g.bbox) {
        const BboxComparison& b = *g.bbox;
        j["bbox_gate"] = {{"passed", b.passed},       {"relative_error", b.relativeError},
                          {"threshold", b.threshold}, {"exact", b.exact},
                          {"refined", b.refined},     {"error_interval", {b.errorLow, b.errorHigh}},
                          {"frame", "occt_obb"},      {"reference", b.reference},
                          {"candidate", b.candidate}};
    } else {
        j["bbox_gate"] = nullptr;
    }
    j["icp"] = g.icp ? icpToJson(*g.icp) : json(nullptr);
    j["parameters"] = spec ? spec->parameters : json::array();
    if (spec && !spec->details.is_null()) j["spec_details"] = spec->details;
    j["scorer"] = scorerIdentity();
    return j;
}

json createAndEditToJson(const json& base, const json& edit, const CreateAndEditScore& stages,
                         CombineMethod method) {
    return {{"base", base},
            {"edit", edit},
            {"combined", stages.combined},
            {"stage_scores",
             {{"base", stageJson(stages.base)},
              {"edit", stageJson(stages.edit)},
              {"method", combineMethodName(method)}}},
            {"scorer", scorerIdentity()}};
}

} // namespace vernier
