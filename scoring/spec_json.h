// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// JSON forms of the spec result for `vernier-cli score` (docs/contract.md §5 "parameters") and reports.
#include <nlohmann/json.hpp>

#include "scoring/spec_scorer.h"

namespace vernier {

// [{"key","expected","measured","status","reason", "source","rel_error","kind","check","faces"}] in spec
// order; "measured" is a number (or array for vectors, null when nothing was measured).
nlohmann::json specParametersToJson(const SpecResult& result);
// Summary object: score, counts, budget, reason, param_check report, rejected chunks, parameters.
nlohmann::json specResultToJson(const SpecResult& result, const SpecOptions& options);

} // namespace vernier
