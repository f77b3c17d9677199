// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The failure-budget score of docs/scoring.md §8.5: every test vector, with and without the budget,
// from the bare formula and end-to-end through scoreSpecOnBank on hand-built banks.
#include <gtest/gtest.h>

#include <string>

#include "scoring/errors.h"
#include "scoring/spec_scorer.h"

using namespace vernier;

TEST(SpecBudget, LegacyVectorsWithoutBudget) {
    // Expected values are Python's round(1 - failures/total, 4) (the original's legacy score).
    EXPECT_EQ(failureBudgetScore(4, 1, std::nullopt), 0.75);
    EXPECT_EQ(failureBudgetScore(10, 1, std::nullopt), 0.9);
    EXPECT_EQ(failureBudgetScore(20, 1, std::nullopt), 0.95);
    EXPECT_EQ(failureBudgetScore(20, 5, std::nullopt), 0.75);
    EXPECT_EQ(failureBudgetScore(20, 10, std::nullopt), 0.5);
    EXPECT_EQ(failureBudgetScore(100, 10, std::nullopt), 0.9);
    EXPECT_EQ(failureBudgetScore(2000, 10, std::nullopt), 0.995);
    EXPECT_EQ(failureBudgetScore(3, 1, std::nullopt), 0.6667);
    EXPECT_EQ(failureBudgetScore(0, 0, std::nullopt), 0.0);
    EXPECT_EQ(failureBudgetScore(15, 3, std::nullopt), 0.8);
}

TEST(SpecBudget, BudgetTenVectors) {
    EXPECT_EQ(failureBudgetScore(4, 1, 10), 0.75); // denominator min(4, 10) = 4
    EXPECT_EQ(failureBudgetScore(20, 5, 10), 0.5);
    EXPECT_EQ(failureBudgetScore(40, 5, 10), 0.5);
    EXPECT_EQ(failureBudgetScore(40, 10, 10), 0.0);
    EXPECT_EQ(failureBudgetScore(40, 25, 10), 0.0); // clamped at 0
    EXPECT_EQ(failureBudgetScore(15, 3, 10), 0.7);
    EXPECT_EQ(failureBudgetScore(0, 0, 10), 0.0);
}

TEST(SpecBudget, LargeBudgetIsNotRounded) {
    EXPECT_EQ(failureBudgetScore(20000, 1, 20000), 1.0 - 1.0 / 20000);
    EXPECT_EQ(failureBudgetScore(20000, 1, 20000), 0.99995);
}

namespace {

// A bank holding 12 distinct feature-tree lengths L1..L12 = 1..12 mm.
MeasurementBank lengthsBank() {
    MeasurementBank bank;
    bank.solidCount = 1;
    FeatureEntry e;
    e.name = "Pad";
    e.type = "PartDesign::Pad";
    e.values.push_back({"Length", 7.0});
    bank.featureTree.push_back(e);
    return bank;
}

// `c` consistent lengths, `i` inconsistent ones and `n` not_found ones (keys no check owns).
SpecDefinition spec(int c, int i, int n) {
    std::string text;
    int k = 0;
    for (int j = 0; j < c; ++j)
        text += "l" + std::to_string(k++) + "_length = 7 mm\n";
    for (int j = 0; j < i; ++j)
        text += "l" + std::to_string(k++) + "_length = 9 mm\n";
    for (int j = 0; j < n; ++j)
        text += "mystery" + std::to_string(k++) + " = 3 mm\n";
    SpecDefinition d;
    static_cast<StructuredSpec&>(d) = parseKeyParameters(text);
    d.fileName = "spec.json";
    return d;
}

} // namespace

TEST(SpecBudget, EndToEndFifteenParamsTwoInconsistentOneNotFound) {
    const auto bank = lengthsBank();
    const auto s = spec(12, 2, 1);
    const SpecResult withBudget = scoreSpecOnBank(s, bank, "cand.FCStd");
    EXPECT_EQ(withBudget.consistent, 12);
    EXPECT_EQ(withBudget.inconsistent, 2);
    EXPECT_EQ(withBudget.notFound, 1);
    EXPECT_EQ(withBudget.total, 15);
    EXPECT_EQ(withBudget.failures, 3);
    EXPECT_EQ(withBudget.failureDenominator, 10);
    EXPECT_EQ(withBudget.score, 0.7);
    EXPECT_EQ(withBudget.rawConsistencyRate, 0.8);
    EXPECT_EQ(withBudget.measurableRate, 0.9333);
    EXPECT_EQ(withBudget.reason,
              "spec.json vs cand.FCStd: spec_score=0.700 (12/15 consistent, 2 inconsistent, "
              "1 not_found; failure_budget=10)");
    const SpecResult noBudget = scoreSpecOnBank(s, bank, "cand.FCStd", {0.01, 0.01, std::nullopt});
    EXPECT_EQ(noBudget.score, 0.8);
    EXPECT_EQ(noBudget.failureDenominator, 15);
    EXPECT_EQ(noBudget.reason, "spec.json vs cand.FCStd: spec_score=0.800 (12/15 consistent, 2 inconsistent, "
                               "1 not_found; failure_budget=disabled)");
    // Findings keep the spec order and say why.
    ASSERT_EQ(withBudget.parameters.size(), 15u);
    EXPECT_EQ(withBudget.parameters[0].key, "l0_length");
    EXPECT_EQ(withBudget.parameters[0].measurementSource, "Pad.Length");
    EXPECT_EQ(withBudget.parameters[12].status, FindingStatus::Inconsistent);
    EXPECT_EQ(withBudget.parameters[12].reason, "rel_diff 0.222 > tol 0.01");
    EXPECT_EQ(withBudget.parameters[14].reason, "unknown property kind for key 'mystery14'");
}

TEST(SpecBudget, EndToEndSmallAndLargeSpecs) {
    const auto bank = lengthsBank();
    EXPECT_EQ(scoreSpecOnBank(spec(3, 1, 0), bank, "c").score, 0.75); // (4,1)
    EXPECT_EQ(scoreSpecOnBank(spec(15, 3, 2), bank, "c").score, 0.5); // (20,5)
    EXPECT_EQ(scoreSpecOnBank(spec(35, 5, 0), bank, "c").score, 0.5); // (40,5)
    EXPECT_EQ(scoreSpecOnBank(spec(30, 6, 4), bank, "c").score, 0.0); // (40,10)
    EXPECT_EQ(scoreSpecOnBank(spec(1990, 10, 0), bank, "c", {0.01, 0.01, std::nullopt}).score, 0.995);
    EXPECT_EQ(scoreSpecOnBank(spec(2, 1, 0), bank, "c", {0.01, 0.01, std::nullopt}).score, 0.6667);
}

TEST(SpecBudget, NoParametersScoresZero) {
    SpecDefinition d;
    d.fileName = "spec.json";
    const auto r = scoreSpecOnBank(d, lengthsBank(), "cand.FCStd");
    EXPECT_EQ(r.total, 0);
    EXPECT_EQ(r.score, 0.0);
    EXPECT_EQ(r.reason, "spec.json vs cand.FCStd: no measurable spec params (none parsed)");
}

TEST(SpecBudget, NoSolidAndLoadFailureMakeEverythingNotFound) {
    const auto s = spec(2, 0, 0);
    const auto skip = scoreSpecOnBank(s, MeasurementBank{}, "cand.FCStd");
    EXPECT_EQ(skip.notFound, 2);
    EXPECT_EQ(skip.score, 0.0);
    EXPECT_EQ(skip.error, "skip: no parametric solid (dumb body or empty)");
    EXPECT_EQ(skip.parameters[0].reason, "skip: no parametric solid (dumb body or empty)");
    const auto failed = scoreSpecLoadFailure(s, "cand.FCStd", "not a zip");
    EXPECT_EQ(failed.notFound, 2);
    EXPECT_EQ(failed.parameters[1].reason, "FCStd load failed: not a zip");
    EXPECT_EQ(failed.reason, "spec.json vs cand.FCStd: spec_score=0.000 (0/2 consistent, 0 inconsistent, "
                             "2 not_found; failure_budget=10)");
}

TEST(SpecBudget, StringsCountAsNotFoundUnlessExcluded) {
    SpecDefinition d;
    static_cast<StructuredSpec&>(d) = parseKeyParameters("pad_length = 7 mm\nhelix_hand = right");
    d.fileName = "spec.json";
    const auto counted = scoreSpecOnBank(d, lengthsBank(), "c");
    EXPECT_EQ(counted.total, 2);
    EXPECT_EQ(counted.notFound, 1);
    EXPECT_EQ(counted.parameters[1].reason, "no generic CAD string measurement available");
    EXPECT_EQ(counted.score, 0.5);
    SpecOptions o;
    o.scoreStrings = false;
    const auto excluded = scoreSpecOnBank(d, lengthsBank(), "c", o);
    EXPECT_EQ(excluded.total, 1);
    EXPECT_EQ(excluded.score, 1.0);
    EXPECT_EQ(excluded.parameters.size(), 2u); // still listed
}

TEST(SpecBudget, InvalidOptionsAreInputErrors) {
    const auto s = spec(1, 0, 0);
    EXPECT_THROW(scoreSpecOnBank(s, lengthsBank(), "c", {0.0, 0.01, 10}), InputError);
    EXPECT_THROW(scoreSpecOnBank(s, lengthsBank(), "c", {0.01, -1.0, 10}), InputError);
    EXPECT_THROW(scoreSpecOnBank(s, lengthsBank(), "c", {0.01, 0.01, 0}), InputError);
}
