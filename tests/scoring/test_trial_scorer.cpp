// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// TrialScorer (scoring/trial_scorer.h): one answer for each case where `vernier-cli score`, the rescoring
// worker and the inspector used to disagree (docs/scoring.md, "Trial scorer: one answer per case"), on real
// FreeCAD fixtures. Hand-checked numbers: box_additive is 10 x 5 x 3 mm and scores exactly 1.0 against itself
// (docs/scoring.md §10); a spec with 1 of 3 parameters wrong scores 1 - 1/min(3, 10) = 2/3 (§8.5);
// harmonic(1, 2/3) = (4/3)/(5/3) = 0.8; harmonic(1, 0.8) = 1.6/1.8 = 8/9; harmonic(0, x) = 0 (§5.3, §9).
#include <atomic>
#include <memory>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "scoring/errors.h"
#include "scoring/trial_scorer.h"
#include "support/fcstd_mutate.h"

using namespace vernier;
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

DocumentInput fixture(const std::string& name) {
    return DocumentInput::fromFile(test::fixturePath(name + ".FCStd"));
}

// The fixture's bytes, as a bundle's zip entry would hand them over (no path).
DocumentInput fixtureBytes(const std::string& name) {
    return DocumentInput::fromBytes(test::readFile(test::fixturePath(name + ".FCStd")), name + ".FCStd");
}

DocumentInput specOf(const std::string& json) {
    return DocumentInput::fromBytes(json, "spec.json");
}

const char* kRightBox = "- length = 10 mm\\n- width = 5 mm\\n- height = 3 mm";    // 3/3 consistent: s = 1
const char* kOneWrongBox = "- length = 10 mm\\n- width = 5 mm\\n- height = 4 mm"; // 2/3 consistent: s = 2/3

std::string singleSpec(const char* keyParameters) {
    return std::string(R"({"name": "box", "key_parameters": ")") + keyParameters + "\"}";
}

// base_key_parameters right (s = 1), key_parameters one wrong (s = 2/3).
std::string twoStageSpec() {
    return std::string(R"({"name": "box", "base_description": "b", "base_key_parameters": ")") + kRightBox +
           R"(", "description": "e", "key_parameters": ")" + kOneWrongBox + "\"}";
}

// Counts how often the document is read.
DocumentInput counted(const std::string& bytes, const std::string& name, const std::string& sha256,
                      std::shared_ptr<std::atomic<int>> reads) {
    DocumentInput d;
    d.name = name;
    d.sha256 = sha256;
    d.read = [bytes, reads] {
        ++*reads;
        return bytes;
    };
    return d;
}

} // namespace

TEST(TrialScorer, SelfComparisonWithARightSpecIsOne) {
    const TrialResult r = TrialScorer().score(
        TrialInput::single(fixture("box_additive"), fixture("box_additive"), specOf(singleSpec(kRightBox))));
    ASSERT_FALSE(r.failure) << r.failure->reason;
    ASSERT_EQ(r.stages.size(), 1u);
    EXPECT_EQ(r.stages[0].geometry->score, 1.0);
    EXPECT_EQ(r.stages[0].spec->score, 1.0);
    EXPECT_EQ(r.stages[0].score->combined, 1.0);
    EXPECT_EQ(r.reward, 1.0);
    ASSERT_TRUE(r.stages[0].reference && r.stages[0].candidate); // the documents the viewers draw
    EXPECT_EQ(r.stages[0].candidate->features->nFaces, 6);
    ASSERT_TRUE(r.stages[0].geometry->icp.has_value()); // the ICP pose for the overlay
}

// Formerly: the inspector showed no live combined without both axes, the worker rewarded g alone, the CLI's
// per-pair "combined" was null. Now the stage's combined (and the reward) is g alone.
TEST(TrialScorer, WithoutASpecTheCombinedIsTheGeometryAlone) {
    const TrialResult r =
        TrialScorer().score(TrialInput::single(fixture("box_additive"), fixture("box_2_91")));
    ASSERT_FALSE(r.failure);
    const double g = r.stages[0].geometry->score;
    EXPECT_GT(g, 0.0);
    EXPECT_LT(g, 1.0);
    EXPECT_FALSE(r.stages[0].spec.has_value());
    EXPECT_FALSE(r.stages[0].score->spec.has_value());
    EXPECT_EQ(r.stages[0].score->combined, g);
    EXPECT_EQ(r.reward, g);
}

TEST(TrialScorer, SpecFailureBudgetAndHarmonicCombination) {
    const TrialResult r = TrialScorer().score(TrialInput::single(
        fixture("box_additive"), fixture("box_additive"), specOf(singleSpec(kOneWrongBox))));
    ASSERT_FALSE(r.failure);
    EXPECT_NEAR(r.stages[0].spec->score, 2.0 / 3.0, 1e-12);
    EXPECT_EQ(r.stages[0].spec->inconsistent, 1);
    EXPECT_NEAR(*r.reward, 0.8, 1e-12);
    // min: min(1, 2/3).
    TrialScorerOptions o;
    o.method = CombineMethod::Min;
    const TrialResult m = TrialScorer(o).score(TrialInput::single(
        fixture("box_additive"), fixture("box_additive"), specOf(singleSpec(kOneWrongBox))));
    EXPECT_NEAR(*m.reward, 2.0 / 3.0, 1e-12);
}

// Formerly: the worker scored it 0, the inspector showed nothing live, the CLI could not express it.
TEST(TrialScorer, MissingCandidateIsZeroWithTheVerifiersReason) {
    const TrialResult r = TrialScorer().score(
        TrialInput::single(fixture("box_additive"), DocumentInput::none(), specOf(singleSpec(kRightBox))));
    ASSERT_FALSE(r.failure);
    const TrialStageResult& s = r.stages[0];
    EXPECT_EQ(s.candidateProblem, CandidateProblem::Missing);
    EXPECT_EQ(s.geometry->score, 0.0);
    EXPECT_EQ(s.geometry->gate->gate, "body");
    EXPECT_EQ(s.geometry->reason,
              "No solid shape found in candidate model 'answer.FCStd': no answer document");
    EXPECT_EQ(s.spec->notFound, 3); // every parameter not_found: 3 failures of min(3, 10) gives 0
    EXPECT_EQ(s.spec->score, 0.0);
    EXPECT_EQ(r.reward, 0.0);
    EXPECT_FALSE(s.candidate);
}

// Formerly: exit 2 in the CLI, 0 in the worker, a problem line without scores in the inspector.
TEST(TrialScorer, UnreadableCandidateIsZeroNotAnError) {
    const TrialResult junk = TrialScorer().score(TrialInput::single(
        fixture("box_additive"), DocumentInput::fromBytes("this is not a zip archive", "junk.FCStd")));
    ASSERT_FALSE(junk.failure);
    EXPECT_EQ(junk.stages[0].candidateProblem, CandidateProblem::Unreadable);
    EXPECT_FALSE(junk.stages[0].candidateProblemReason.empty());
    EXPECT_THAT(junk.stages[0].geometry->reason,
                StartsWith("No solid shape found in candidate model 'junk.FCStd': "));
    EXPECT_EQ(junk.reward, 0.0);

    // A readable zip whose Body shape is corrupt: read only when the scorer reaches it, still unreadable.
    const std::string corrupt =
        test::mutateFixture("box_additive.FCStd", [](const std::string& n, std::string b) {
            return std::optional(
                std::pair(n, n.size() > 4 && n.substr(n.size() - 4) == ".brp" ? "not a brep" : b));
        });
    const TrialResult r = TrialScorer().score(
        TrialInput::single(fixture("box_additive"), DocumentInput::fromBytes(corrupt, "corrupt.FCStd"),
                           specOf(singleSpec(kRightBox))));
    ASSERT_FALSE(r.failure);
    EXPECT_EQ(r.stages[0].candidateProblem, CandidateProblem::Unreadable);
    EXPECT_EQ(r.stages[0].geometry->score, 0.0);
    EXPECT_EQ(r.stages[0].spec->score, 0.0);
    EXPECT_EQ(r.reward, 0.0);
}

// Formerly: exit 2 in the CLI, a scorer crash in the worker, a problem line in the inspector. Now always a
// typed failure and no reward; the candidate's own axis (spec) is still reported.
TEST(TrialScorer, UnreadableOrMissingReferenceIsAFailureWithoutReward) {
    const TrialResult r =
        TrialScorer().score(TrialInput::single(DocumentInput::fromBytes("not a zip", "reference.FCStd"),
                                               fixture("box_additive"), specOf(singleSpec(kRightBox))));
    ASSERT_TRUE(r.failure);
    EXPECT_EQ(r.failure->kind, TrialFailureKind::UnreadableReference);
    EXPECT_THAT(r.failure->reason, StartsWith("reference model 'reference.FCStd': "));
    EXPECT_FALSE(r.reward);
    EXPECT_FALSE(r.stages[0].geometry);
    EXPECT_FALSE(r.stages[0].score);
    ASSERT_TRUE(r.stages[0].spec);
    EXPECT_EQ(r.stages[0].spec->score, 1.0);

    const TrialResult none =
        TrialScorer().score(TrialInput::single(DocumentInput::none(), fixture("box_additive")));
    ASSERT_TRUE(none.failure);
    EXPECT_EQ(none.failure->kind, TrialFailureKind::MissingReference);
    EXPECT_EQ(none.failure->reason, "the task has no reference document");
    EXPECT_FALSE(none.reward);
}

// Formerly: exit 2 in the CLI, a scorer crash in the worker, geometry plus a problem line in the inspector.
TEST(TrialScorer, BadSpecIsAFailureButGeometryIsStillMeasured) {
    const TrialResult r = TrialScorer().score(
        TrialInput::single(fixture("box_additive"), fixture("box_additive"), specOf("{\"name\": ")));
    ASSERT_TRUE(r.failure);
    EXPECT_EQ(r.failure->kind, TrialFailureKind::BadSpec);
    EXPECT_THAT(r.failure->reason, StartsWith("spec.json: invalid JSON"));
    EXPECT_FALSE(r.reward);
    ASSERT_TRUE(r.stages[0].geometry);
    EXPECT_EQ(r.stages[0].geometry->score, 1.0);

    const TrialResult big = TrialScorer().score(TrialInput::single(
        fixture("box_additive"), fixture("box_additive"), specOf(std::string((4u << 20) + 1, ' '))));
    ASSERT_TRUE(big.failure);
    EXPECT_EQ(big.failure->reason, "spec.json: spec file larger than 4 MiB");
}

TEST(TrialScorer, CreateAndEditEachStageAgainstItsPartOfTheSpec) {
    const TrialResult r = TrialScorer().score(
        TrialInput::createAndEdit(fixture("box_additive"), fixtureBytes("box_additive"),
                                  fixture("box_additive"), fixture("box_additive"), specOf(twoStageSpec())));
    ASSERT_FALSE(r.failure) << r.failure->reason;
    ASSERT_EQ(r.stages.size(), 2u);
    EXPECT_EQ(r.stages[0].role, StageRole::Base);
    EXPECT_EQ(r.stages[0].spec->score, 1.0); // base_key_parameters: all right
    EXPECT_EQ(r.stages[0].score->combined, 1.0);
    EXPECT_NEAR(r.stages[1].spec->score, 2.0 / 3.0, 1e-12); // key_parameters: one wrong
    EXPECT_NEAR(r.stages[1].score->combined, 0.8, 1e-12);
    EXPECT_NEAR(*r.reward, 8.0 / 9.0, 1e-12); // harmonic(1, 0.8)
    EXPECT_NEAR(r.createAndEdit->combined, 8.0 / 9.0, 1e-12);

    // Without base_key_parameters the base stage has no spec: its combined is its geometry (1.0).
    const TrialResult noBase = TrialScorer().score(
        TrialInput::createAndEdit(fixture("box_additive"), fixture("box_additive"), fixture("box_additive"),
                                  fixture("box_additive"), specOf(singleSpec(kOneWrongBox))));
    ASSERT_FALSE(noBase.failure);
    EXPECT_FALSE(noBase.stages[0].spec);
    EXPECT_EQ(noBase.stages[0].score->combined, 1.0);
    EXPECT_NEAR(*noBase.reward, 8.0 / 9.0, 1e-12);

    // --combine-method min at both levels: min(min(1, 1), min(1, 2/3)) = 2/3.
    TrialScorerOptions o;
    o.method = CombineMethod::Min;
    const TrialResult m = TrialScorer(o).score(
        TrialInput::createAndEdit(fixture("box_additive"), fixture("box_additive"), fixture("box_additive"),
                                  fixture("box_additive"), specOf(twoStageSpec())));
    EXPECT_NEAR(*m.reward, 2.0 / 3.0, 1e-12);
}

// A gated base with a valid edit follows the combination rule: harmonic(0, 0.8) = 0; both stages are shown.
TEST(TrialScorer, GatedBaseWithAValidEditIsZero) {
    const TrialResult r = TrialScorer().score(
        TrialInput::createAndEdit(fixture("box_additive"), fixture("part_box"), fixture("box_additive"),
                                  fixture("box_additive"), specOf(twoStageSpec())));
    ASSERT_FALSE(r.failure) << r.failure->reason;
    EXPECT_EQ(r.stages[0].geometry->score, 0.0);
    EXPECT_EQ(r.stages[0].geometry->gate->gate, "body");
    EXPECT_THAT(r.stages[0].geometry->reason, HasSubstr("no PartDesign::Body found"));
    EXPECT_EQ(r.stages[0].score->combined, 0.0);
    EXPECT_NEAR(r.stages[1].score->combined, 0.8, 1e-12);
    EXPECT_EQ(r.reward, 0.0);

    // A missing base answer is named after the benchmark's base answer file, and scores the same 0.
    const TrialResult missing = TrialScorer().score(TrialInput::createAndEdit(
        fixture("box_additive"), DocumentInput::none(), fixture("box_additive"), fixture("box_additive")));
    ASSERT_FALSE(missing.failure);
    EXPECT_EQ(missing.stages[0].geometry->reason,
              "No solid shape found in candidate model 'answer_base.FCStd': no answer document");
    EXPECT_EQ(missing.stages[1].score->combined, 1.0);
    EXPECT_EQ(missing.reward, 0.0);
}

// docs/scoring.md §15 "Gates first": for the reward, a gated candidate's spec is not computed — the stage
// scores 0 either way (harmonic(0, s) = 0) — and the reason says so; by default it is computed, as the
// verifier reports it. box_scaled2 (20 x 10 x 6) against box_additive (10 x 5 x 3) is gated by the box (§5).
TEST(TrialScorer, ForTheRewardAGatedCandidatesSpecIsNotComputed) {
    const auto input = [] {
        return TrialInput::single(fixture("box_additive"), fixture("box_scaled2"),
                                  specOf(singleSpec(kRightBox)));
    };
    const TrialResult full = TrialScorer().score(input());
    ASSERT_FALSE(full.failure) << full.failure->reason;
    ASSERT_TRUE(full.stages[0].geometry->gate);
    EXPECT_EQ(full.stages[0].geometry->gate->gate, "bbox");
    ASSERT_TRUE(full.stages[0].spec); // the verifier's report has the spec axis
    EXPECT_TRUE(full.stages[0].specSkipped.empty());
    EXPECT_EQ(full.reward, 0.0);

    TrialScorerOptions rewardOnly;
    rewardOnly.specWhenGated = false;
    const TrialResult quick = TrialScorer(rewardOnly).score(input());
    ASSERT_FALSE(quick.failure) << quick.failure->reason;
    EXPECT_FALSE(quick.stages[0].spec);
    EXPECT_THAT(quick.stages[0].specSkipped, HasSubstr("the geometry is gated (bbox)"));
    EXPECT_EQ(quick.stages[0].geometry->reason, full.stages[0].geometry->reason);
    EXPECT_EQ(quick.stages[0].score->combined, 0.0);
    EXPECT_EQ(quick.reward, full.reward);

    // An ungated candidate is scored in full either way: box_additive against itself with a right spec is 1.
    const TrialResult ungated =
        TrialScorer(rewardOnly)
            .score(TrialInput::single(fixture("box_additive"), fixture("box_additive"),
                                      specOf(singleSpec(kRightBox))));
    ASSERT_TRUE(ungated.stages[0].spec);
    EXPECT_EQ(ungated.reward, 1.0);
}

TEST(TrialScorer, AStageWithoutItsPartnerIsBadInput) {
    TrialInput t;
    t.stages.push_back({StageRole::Base, fixture("box_additive"), fixture("box_additive")});
    const TrialResult r = TrialScorer().score(t);
    ASSERT_TRUE(r.failure);
    EXPECT_EQ(r.failure->kind, TrialFailureKind::BadInput);
    EXPECT_FALSE(r.reward);
}

// The scoreStage entry (the inspector's per-stage analysis) agrees with the trial's stage.
TEST(TrialScorer, OneStageAloneAgreesWithTheTrial) {
    const DocumentInput spec = specOf(twoStageSpec());
    const TrialStageResult edit =
        TrialScorer().scoreStage({StageRole::Edit, fixture("box_additive"), fixture("box_additive")}, spec);
    ASSERT_FALSE(edit.failure);
    EXPECT_NEAR(edit.score->combined, 0.8, 1e-12);
    const TrialStageResult base =
        TrialScorer().scoreStage({StageRole::Base, fixture("box_additive"), fixture("box_additive")}, spec);
    EXPECT_EQ(base.score->combined, 1.0);
}

TEST(TrialScorer, TwoThreadsGiveTheSameBits) {
    const auto run = [](int threads) {
        TrialScorerOptions o;
        o.threads = threads;
        return TrialScorer(o).score(TrialInput::createAndEdit(
            fixture("box_additive"), fixture("box_2_91"), fixture("cylinder"), fixture("cylinder_rotated")));
    };
    const TrialResult one = run(1), two = run(2);
    ASSERT_FALSE(one.failure);
    ASSERT_FALSE(two.failure);
    EXPECT_EQ(one.stages[0].geometry->score, two.stages[0].geometry->score);
    EXPECT_EQ(one.stages[1].geometry->score, two.stages[1].geometry->score);
    EXPECT_EQ(one.stages[0].geometry->reason, two.stages[0].geometry->reason);
    EXPECT_EQ(*one.reward, *two.reward);
    EXPECT_NEAR(one.stages[1].geometry->score, 1.0, 1e-9); // docs/scoring.md §10: rotated cylinder scores 1.0
}

TEST(ReferenceCache, AReferenceIsMeasuredOncePerContentHash) {
    ReferenceCache cache;
    const TrialScorer scorer({}, &cache);
    const std::string bytes = test::readFile(test::fixturePath("box_additive.FCStd"));
    auto reads = std::make_shared<std::atomic<int>>(0);
    for (const char* cand : {"box_additive", "box_2_91", "box_rotated"}) {
        const TrialResult r = scorer.score(
            TrialInput::single(counted(bytes, "reference.FCStd", "hash-a", reads), fixture(cand)));
        ASSERT_FALSE(r.failure) << r.failure->reason;
    }
    EXPECT_EQ(reads->load(), 1); // the hash was known: read once, then answered from the cache
    EXPECT_EQ(cache.measurements(), 1);
    // Without a known hash the bytes are read and hashed: equal content at another name shares the entry.
    auto unnamed = std::make_shared<std::atomic<int>>(0);
    const TrialResult again = scorer.score(
        TrialInput::single(counted(bytes, "elsewhere.FCStd", "", unnamed), fixture("box_additive")));
    ASSERT_FALSE(again.failure);
    EXPECT_EQ(unnamed->load(), 1);
    EXPECT_EQ(cache.measurements(), 2); // "hash-a" is not the real sha256: a second entry
    const TrialResult third =
        scorer.score(TrialInput::single(counted(bytes, "third.FCStd", "", unnamed), fixture("box_additive")));
    EXPECT_EQ(cache.measurements(), 2); // the real sha256 again
    EXPECT_EQ(again.stages[0].geometry->score, 1.0);
    EXPECT_EQ(third.reward, again.reward);
}

TEST(ReferenceCache, AFailureIsRememberedForItsHash) {
    ReferenceCache cache;
    const TrialScorer scorer({}, &cache);
    auto reads = std::make_shared<std::atomic<int>>(0);
    const TrialResult first = scorer.score(TrialInput::single(
        counted("not a zip", "reference.FCStd", "hash-bad", reads), fixture("box_additive")));
    ASSERT_TRUE(first.failure);
    // The same hash with readable bytes: the remembered failure answers, the bytes are not read again.
    const std::string good = test::readFile(test::fixturePath("box_additive.FCStd"));
    const TrialResult second = scorer.score(
        TrialInput::single(counted(good, "reference.FCStd", "hash-bad", reads), fixture("box_additive")));
    ASSERT_TRUE(second.failure);
    EXPECT_EQ(second.failure->reason, first.failure->reason);
    EXPECT_EQ(reads->load(), 1);
}
