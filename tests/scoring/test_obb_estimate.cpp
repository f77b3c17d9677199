// The cheap OBB estimate (obb_estimate.h) against the OBB at the spec's deflection: its error stays
// inside the scorer's margin on every fixture and sample document, and scoring with it gives the same
// gates and scores as the exact path on every fixture pair and every sample trial pair.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "scoring/obb.h"
#include "scoring/obb_estimate.h"

namespace fs = std::filesystem;
using namespace vernier;

namespace {

// A document measured exactly, and a copy whose OBB is replaced by the estimate.
struct Twin {
    MeasuredDocument exact, estimated;
};

Twin measureTwin(const std::string& path, DocumentRole role) {
    Twin t;
    MeasureOptions o;
    o.exactObb = true;
    t.exact = measureDocument(FcDocument::load(path), role, o);
    t.estimated = t.exact;
    if (t.estimated.features) {
        const ObbEstimate e = estimateObb(t.estimated.shape, t.estimated.features->volume);
        t.estimated.features->obbSorted = e.dims;
        t.estimated.features->obbExact = false;
        t.estimated.features->obbCoarseDeflection = e.deflection;
    }
    return t;
}

std::vector<std::string> fixtureFiles() {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(std::string(VERNIER_TEST_DATA_DIR) + "/fcstd"))
        if (e.path().extension() == ".FCStd") out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

// (reference, candidate) paths of every answer document in the embedded sample.
std::vector<std::pair<std::string, std::string>> samplePairs() {
    const fs::path root = fs::path(VERNIER_SOURCE_DIR) / "resources/sample";
    std::vector<std::pair<std::string, std::string>> out;
    if (!fs::exists(root / "results")) return out;
    std::vector<fs::path> answers;
    for (const auto& e : fs::recursive_directory_iterator(root / "results"))
        if (e.is_regular_file() && e.path().extension() == ".FCStd") answers.push_back(e.path());
    std::sort(answers.begin(), answers.end());
    for (const auto& a : answers) {
        std::string task = a.parent_path().filename().string();
        if (task == "app") task = a.parent_path().parent_path().parent_path().filename().string();
        task = task.substr(0, task.find("__"));
        const std::string stem = a.stem().string();
        const std::string ref = stem == "answer_base"   ? "reference_base.FCStd"
                                : stem == "answer_edit" ? "reference_edit.FCStd"
                                                        : "reference.FCStd";
        const fs::path r = root / "pack" / task / "tests" / ref;
        if (fs::exists(r)) out.emplace_back(r.string(), a.string());
    }
    return out;
}

void expectWithinMargin(const Twin& t, const std::string& label) {
    if (!t.exact.features) return;
    const auto& x = t.exact.features->obbSorted;
    const auto& e = t.estimated.features->obbSorted;
    const auto m =
        obbMargin(e, t.estimated.features->obbCoarseDeflection, obbDeflection(t.exact.features->volume));
    for (int i = 0; i < 3; ++i)
        EXPECT_LE(std::fabs(e[i] - x[i]), m[i]) << label << " dim " << i;
}

void expectSameDecision(const Twin& r, const Twin& c, const std::string& label, int& refined) {
    const GeometryResult fast = scoreGeometry(r.estimated, c.estimated);
    const GeometryResult exact = scoreGeometry(r.exact, c.exact);
    EXPECT_EQ(fast.score, exact.score) << label;
    EXPECT_EQ(bool(fast.gate), bool(exact.gate)) << label;
    if (fast.gate && exact.gate) {
        EXPECT_EQ(fast.gate->gate, exact.gate->gate) << label;
    }
    refined += fast.bbox && fast.bbox->refined;
}

} // namespace

TEST(ObbEstimate, BoxIsExactAndPlanarMeshHasNoDeflection) {
    const Twin t = measureTwin(std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/box_additive.FCStd",
                               DocumentRole::Candidate);
    ASSERT_TRUE(t.estimated.features);
    EXPECT_NEAR(t.estimated.features->obbSorted[0], 3, 1e-6);
    EXPECT_NEAR(t.estimated.features->obbSorted[1], 5, 1e-6);
    EXPECT_NEAR(t.estimated.features->obbSorted[2], 10, 1e-6);
    EXPECT_LT(t.estimated.features->obbCoarseDeflection, 1e-9);
}

TEST(ObbEstimate, SameDecisionsAsExactOnAllFixturePairs) {
    std::vector<std::pair<std::string, Twin>> ref, cand;
    for (const auto& f : fixtureFiles()) {
        ref.emplace_back(f, measureTwin(f, DocumentRole::Reference));
        cand.emplace_back(f, measureTwin(f, DocumentRole::Candidate));
        expectWithinMargin(cand.back().second, f);
    }
    int refined = 0, pairs = 0;
    for (const auto& [rn, r] : ref)
        for (const auto& [cn, c] : cand) {
            expectSameDecision(r, c, fs::path(rn).stem().string() + " vs " + fs::path(cn).stem().string(),
                               refined);
            ++pairs;
        }
    std::printf("fixture pairs: %d, refined: %d\n", pairs, refined);
}

TEST(ObbEstimate, SameDecisionsAsExactOnTheSampleTrials) {
    const auto pairs = samplePairs();
    ASSERT_FALSE(pairs.empty());
    std::map<std::string, Twin> refs;
    int refined = 0;
    for (const auto& [r, c] : pairs) {
        if (!refs.count(r)) refs.emplace(r, measureTwin(r, DocumentRole::Reference));
        const Twin cand = measureTwin(c, DocumentRole::Candidate);
        expectWithinMargin(cand, c);
        expectSameDecision(refs.at(r), cand, c, refined);
    }
    std::printf("sample pairs: %zu, refined: %d\n", pairs.size(), refined);
}
