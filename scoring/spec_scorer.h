// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The spec-consistency score of a candidate document (docs/scoring.md §8): parse, measure, check,
// failure-budget score. param_check.py is reported, never executed (§8.6, docs/contract.md §6).
#include <optional>
#include <string>
#include <vector>

#include "scoring/fcstd_document.h"
#include "scoring/spec_checks.h"
#include "scoring/spec_parser.h"

namespace vernier {

struct SpecOptions {
    double tolScalar = 0.01;
    double tolPos = 0.01;
    std::optional<int> failureBudget = 10; // nullopt: disabled (legacy C/total rounded to 4 decimals)
    // §8.4 makes string parameters not_found, so they count as failures. The 0.6.0 code parsed no strings;
    // false lists them without scoring them.
    bool scoreStrings = true;
};

struct SpecResult {
    double score = 0;
    int consistent = 0, inconsistent = 0, notFound = 0, total = 0;
    int failures = 0, failureDenominator = 0;
    double rawConsistencyRate = 0; // C/total rounded to 4 decimals
    double measurableRate = 0;     // (C + I)/total rounded to 4 decimals
    std::string reason;            // §8.5 format
    std::string error;             // bank error ("FCStd load failed: ...", skip reason), else empty
    std::vector<ParameterFinding> parameters;    // spec order
    std::vector<RejectedParameter> rejected;     // chunks the parser could not use (not scored)
    std::vector<std::string> unexpectedFeatures; // informational (§8.5)
    bool paramCheckPresent = false;
    std::string paramCheckPath;
    // Keys in not_found/inconsistent that a param_check could have reclassified (never executed).
    std::vector<std::string> paramCheckRefinable;
};

// Throws InputError if a tolerance is not finite and > 0 or the budget is not > 0.
SpecResult scoreSpec(const SpecDefinition& spec, const FcDocument& candidate,
                     const SpecOptions& options = {});
// Same for a candidate the geometry scorer measured: its integrals are reused (buildMeasurementBank).
SpecResult scoreSpec(const SpecDefinition& spec, const MeasuredDocument& candidate,
                     const SpecOptions& options = {});
// Same, on a bank built elsewhere (tests, or when the caller already measured the candidate).
SpecResult scoreSpecOnBank(const SpecDefinition& spec, const MeasurementBank& bank,
                           const std::string& candidateName, const SpecOptions& options = {});
// A document that failed to load: every parameter not_found with "FCStd load failed: <why>".
SpecResult scoreSpecLoadFailure(const SpecDefinition& spec, const std::string& candidateName,
                                const std::string& why, const SpecOptions& options = {});

// §8.5 score from counts. total 0 gives 0.
double failureBudgetScore(int total, int failures, std::optional<int> budget);

// Whether Path(specPath).parent / "param_check.py" exists (reported, never executed).
bool hasParamCheck(const std::string& specPath);

} // namespace vernier
