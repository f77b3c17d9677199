// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Routing a spec parameter to the first matching check and matching it against the bank
// (docs/scoring.md §8.4).
#include <optional>
#include <string>
#include <vector>

#include "scoring/measurement_bank.h"
#include "scoring/spec_parser.h"

namespace vernier {

enum class FindingStatus { Consistent, Inconsistent, NotFound };
const char* statusName(FindingStatus status); // "consistent" | "inconsistent" | "not_found"

// The outcome for one parameter: what the spec says, what was measured where, and why.
struct ParameterFinding {
    std::string key;
    std::string kind;                    // parser kind: scalar | vector | count | string
    std::string check;                   // owning check: count, volume, area, diameter, radius, thickness,
                                         // distance, vector, angle, length; empty when none applies
    std::string expected;                // the spec value with its unit as written, e.g. "10 mm"
    std::optional<double> expectedValue; // normalized (mm, rad, count); scalars and counts
    std::vector<double> expectedVector;  // vectors
    std::optional<double> measured;      // normalized like expectedValue
    std::vector<double> measuredVector;  // vectors
    std::string measuredText;            // display form, angles in degrees, e.g. "90°", "(−5, 3) mm"
    std::string measurementSource;       // e.g. "Pocket.Depth", "cylinder cluster #2 (concave, r=1.5, ×6)"
    std::vector<int> faces;              // faces of the winning measurement, when known
    std::string featureRef; // bank feature name or cluster id it came from (for unexpected_features)
    FindingStatus status = FindingStatus::NotFound;
    std::string reason;
    std::optional<double> relError; // rel_err (scalars), |Δ|/max(1,spec) (counts), dist/diag (vectors)
    int order = 0;                  // the parameter's position in the spec
};

struct SpecCheckOptions {
    double tolScalar = 0.01;
    double tolPos = 0.01; // fraction of the PCA-OBB diagonal
};

// The check that owns a key in registry order, or empty when none does.
std::string routeKey(const std::string& key);

// Checks one parsed parameter against the bank. Strings are always not_found (§8.4).
ParameterFinding checkParameter(const SpecParameter& parameter, const MeasurementBank& bank,
                                const SpecCheckOptions& options = {});

} // namespace vernier
