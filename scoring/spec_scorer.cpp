// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/spec_scorer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>

#include <Standard_Failure.hxx>

#include "scoring/errors.h"
#include "scoring/measurement_bank.h"

namespace vernier {
namespace {

const char* const kSkipReason = "skip: no parametric solid (dumb body or empty)";

void validate(const SpecOptions& o) {
    if (!std::isfinite(o.tolScalar) || o.tolScalar <= 0)
        throw InputError("tol_scalar must be finite and > 0");
    if (!std::isfinite(o.tolPos) || o.tolPos <= 0) throw InputError("tol_pos must be finite and > 0");
    if (o.failureBudget && *o.failureBudget <= 0)
        throw InputError("failure_budget must be a positive integer");
}

double round4(double v) {
    return std::round(v * 1e4) / 1e4;
}

std::string fixed3(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

bool scored(const ParameterFinding& f, const SpecOptions& o) {
    return o.scoreStrings || f.kind != "string";
}

// Counts, score and reason of §8.5 from the findings already in `r`.
void summarize(SpecResult& r, const std::string& specName, const std::string& candName,
               const SpecOptions& o) {
    r.consistent = r.inconsistent = r.notFound = 0;
    for (const auto& f : r.parameters) {
        if (!scored(f, o)) continue;
        if (f.status == FindingStatus::Consistent) ++r.consistent;
        if (f.status == FindingStatus::Inconsistent) ++r.inconsistent;
        if (f.status == FindingStatus::NotFound) ++r.notFound;
    }
    r.total = r.consistent + r.inconsistent + r.notFound;
    r.failures = r.inconsistent + r.notFound;
    const std::string prefix = specName + " vs " + candName + ": ";
    if (r.total == 0) {
        r.score = 0.0;
        r.failureDenominator = 0;
        r.rawConsistencyRate = 0.0;
        r.measurableRate = 0.0;
        r.reason = prefix + "no measurable spec params (" + (r.error.empty() ? "none parsed" : r.error) + ")";
        return;
    }
    r.rawConsistencyRate = round4(double(r.consistent) / r.total);
    r.measurableRate = round4(double(r.consistent + r.inconsistent) / r.total);
    r.failureDenominator = o.failureBudget ? std::min(r.total, *o.failureBudget) : r.total;
    r.score = failureBudgetScore(r.total, r.failures, o.failureBudget);
    r.reason = prefix + "spec_score=" + fixed3(r.score) + " (" + std::to_string(r.consistent) + "/" +
               std::to_string(r.total) + " consistent, " + std::to_string(r.inconsistent) +
               " inconsistent, " + std::to_string(r.notFound) + " not_found; failure_budget=" +
               (o.failureBudget ? std::to_string(*o.failureBudget) : std::string("disabled")) + ")";
}

void reportParamCheck(SpecResult& r, const SpecDefinition& spec) {
    if (spec.path.empty() || !hasParamCheck(spec.path)) return;
    r.paramCheckPresent = true;
    r.paramCheckPath = (std::filesystem::path(spec.path).parent_path() / "param_check.py").string();
    // Reclassification only ever touches not_found and inconsistent findings (§8.6).
    for (const auto& f : r.parameters)
        if (f.status != FindingStatus::Consistent) r.paramCheckRefinable.push_back(f.key);
}

// Every parameter not_found for one reason (load failure, no solid).
SpecResult allNotFound(const SpecDefinition& spec, const std::string& candName, const std::string& reason,
                       const SpecOptions& o) {
    SpecResult r;
    r.error = reason;
    r.rejected = spec.rejected;
    for (const auto& p : spec.parameters) {
        ParameterFinding f;
        f.key = p.key;
        f.kind = kindName(p.kind);
        if (p.kind != SpecParameter::Kind::String) f.check = routeKey(p.key);
        f.expected = p.valueText;
        if (p.kind == SpecParameter::Kind::Vector)
            f.expectedVector = p.components;
        else if (p.kind != SpecParameter::Kind::String)
            f.expectedValue = p.value;
        f.order = p.order;
        f.status = FindingStatus::NotFound;
        f.reason = reason;
        r.parameters.push_back(std::move(f));
    }
    summarize(r, spec.fileName, candName, o);
    reportParamCheck(r, spec);
    return r;
}

} // namespace

double failureBudgetScore(int total, int failures, std::optional<int> budget) {
    if (total <= 0) return 0.0;
    if (!budget) return round4(1.0 - double(failures) / total);
    const int denominator = std::min(total, *budget);
    return std::max(0.0, 1.0 - double(failures) / denominator);
}

bool hasParamCheck(const std::string& specPath) {
    std::error_code ec;
    const auto p = std::filesystem::path(specPath).parent_path() / "param_check.py";
    return std::filesystem::is_regular_file(p, ec);
}

SpecResult scoreSpecLoadFailure(const SpecDefinition& spec, const std::string& candidateName,
                                const std::string& why, const SpecOptions& options) {
    validate(options);
    return allNotFound(spec, candidateName, "FCStd load failed: " + why, options);
}

SpecResult scoreSpecOnBank(const SpecDefinition& spec, const MeasurementBank& bank,
                           const std::string& candidateName, const SpecOptions& options) {
    validate(options);
    if (bank.solidCount == 0) return allNotFound(spec, candidateName, kSkipReason, options);
    SpecResult r;
    r.rejected = spec.rejected;
    const SpecCheckOptions co{options.tolScalar, options.tolPos};
    for (const auto& p : spec.parameters) {
        ParameterFinding f = checkParameter(p, bank, co);
        if (!scored(f, options)) f.reason += " (string parameters not scored)";
        r.parameters.push_back(std::move(f));
    }
    std::stable_sort(r.parameters.begin(), r.parameters.end(),
                     [](const ParameterFinding& a, const ParameterFinding& b) { return a.order < b.order; });

    std::set<std::string> claimed;
    for (const auto& f : r.parameters)
        if (f.status != FindingStatus::NotFound && !f.featureRef.empty()) claimed.insert(f.featureRef);
    std::set<std::string> all;
    for (const auto& e : bank.featureTree)
        all.insert(e.name);
    for (const auto& c : bank.cylinderClusters)
        all.insert(c.id);
    for (const auto& name : all)
        if (!claimed.count(name)) r.unexpectedFeatures.push_back(name);

    summarize(r, spec.fileName, candidateName, options);
    reportParamCheck(r, spec);
    return r;
}

namespace {

template <class Build>
SpecResult scoreWithBank(const SpecDefinition& spec, const std::string& fileName, const SpecOptions& options,
                         Build build) {
    validate(options);
    MeasurementBank bank;
    try {
        bank = build();
    } catch (const MeasurementError& e) {
        return scoreSpecLoadFailure(spec, fileName, e.what(), options);
    } catch (const InputError& e) { // a stored shape read on demand that turned out corrupt
        return scoreSpecLoadFailure(spec, fileName, e.what(), options);
    } catch (const Standard_Failure& e) {
        return scoreSpecLoadFailure(spec, fileName,
                                    e.GetMessageString() ? e.GetMessageString() : "OCCT failure", options);
    }
    return scoreSpecOnBank(spec, bank, fileName, options);
}

} // namespace

SpecResult scoreSpec(const SpecDefinition& spec, const FcDocument& candidate, const SpecOptions& options) {
    return scoreWithBank(spec, candidate.fileName, options, [&] { return buildMeasurementBank(candidate); });
}

SpecResult scoreSpec(const SpecDefinition& spec, const MeasuredDocument& candidate,
                     const SpecOptions& options) {
    return scoreWithBank(spec, candidate.document.fileName, options,
                         [&] { return buildMeasurementBank(candidate); });
}

} // namespace vernier
