// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// What a gated candidate costs (docs/scoring.md §15 "Gates first"): bench/data/prism_5004.FCStd is a Body
// whose Pad has 5,006 faces, over the v2 complexity gate, scored against tests/data/fcstd/cylinder.FCStd (a
// 40 mm disc) with a three-parameter spec. The steps add up to one trial as the rescoring worker scores it:
// reading the zip and Document.xml, parsing the Body's stored shape, the structural gates (the Body's volume,
// in closed form for this polyhedral one, and its Tip's, parsed on a second thread), the complexity gate, and
// — only when asked — the spec's measurement bank. For the reward the worker parses nothing: the gates read
// the Body's and the Tip's counts and volumes from their text (docs/scoring.md §15 "Gates from the text").
// Made by bench/make_gated_candidate.py (freecadcmd).
#include <benchmark/benchmark.h>

#include <string>

#include <BRepGProp.hxx>
#include <GProp_GProps.hxx>

#include "scoring/brep_census.h"
#include "scoring/measure_document.h"
#include "scoring/safe_zip.h"
#include "scoring/shape_integrals.h"
#include "scoring/structural_gates.h"
#include "scoring/trial_scorer.h"

using namespace vernier;

namespace {

const std::string kCandidate = std::string(VERNIER_SOURCE_DIR) + "/bench/data/prism_5004.FCStd";
const std::string kReference = std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/cylinder.FCStd";
const char* kSpec =
    R"({"name": "disc", "key_parameters": "- radius = 20 mm\n- height = 5 mm\n- a 4 mm bore"})";

void BM_GatedReadDocument(benchmark::State& state) {
    for (auto _ : state) {
        FcDocument d = FcDocument::load(kCandidate, {}, ShapeLoading::OnDemand);
        benchmark::DoNotOptimize(d.objects.size());
    }
}
BENCHMARK(BM_GatedReadDocument)->Unit(benchmark::kMillisecond);

// The floor of any reading: Document.xml and the Body's stored text inflated (and their CRCs checked),
// nothing parsed.
void BM_GatedInflateOnly(benchmark::State& state) {
    for (auto _ : state) {
        const SafeZip zip = SafeZip::openFile(kCandidate);
        benchmark::DoNotOptimize(zip.read("Document.xml").size() + zip.read("PartShape.brp").size());
    }
}
BENCHMARK(BM_GatedInflateOnly)->Unit(benchmark::kMillisecond);

void BM_GatedReadAndParseBody(benchmark::State& state) {
    for (auto _ : state) {
        FcDocument d = FcDocument::load(kCandidate, {}, ShapeLoading::OnDemand);
        benchmark::DoNotOptimize(d.find("Body")->shape().IsNull());
    }
}
BENCHMARK(BM_GatedReadAndParseBody)->Unit(benchmark::kMillisecond);

// The Body's census instead: its text inflated and read, nothing built.
void BM_GatedReadAndCensusBody(benchmark::State& state) {
    for (auto _ : state) {
        FcDocument d = FcDocument::load(kCandidate, {}, ShapeLoading::OnDemand);
        benchmark::DoNotOptimize(d.find("Body")->census().has_value());
    }
}
BENCHMARK(BM_GatedReadAndCensusBody)->Unit(benchmark::kMillisecond);

// The census alone, on the Body's text already inflated: what reading it costs beyond the floor.
void BM_GatedCensusOfText(benchmark::State& state) {
    const std::string text = SafeZip::openFile(kCandidate).read("PartShape.brp");
    for (auto _ : state)
        benchmark::DoNotOptimize(brepCensus(text).has_value());
}
BENCHMARK(BM_GatedCensusOfText)->Unit(benchmark::kMillisecond);

// arg 0: the gates parse the shapes (the inspector, `score`); 1: they read censuses (the reward).
void BM_GatedStructuralGates(benchmark::State& state) {
    for (auto _ : state) {
        FcDocument d = FcDocument::load(kCandidate, {}, ShapeLoading::OnDemand);
        StructuralCheck c = checkStructure(d, DocumentRole::Candidate, kMaxCandidateFaces,
                                           state.range(0) != 0 ? CensusUse::WhenLarge : CensusUse::Never);
        benchmark::DoNotOptimize(c.gate.has_value());
    }
}
BENCHMARK(BM_GatedStructuralGates)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The Body's volume alone, its shape parsed once: arg 0 = OCCT's Gauss integration (BRepGProp), 1 = the
// closed form the gates use for a polyhedral shape (polyhedralVolume).
void BM_GatedBodyVolume(benchmark::State& state) {
    const FcDocument d = FcDocument::load(kCandidate);
    const TopoDS_Shape& body = d.find("Body")->shape();
    for (auto _ : state) {
        if (state.range(0) == 0) {
            GProp_GProps props;
            BRepGProp::VolumeProperties(body, props);
            benchmark::DoNotOptimize(props.Mass());
        } else {
            benchmark::DoNotOptimize(polyhedralVolume(body));
        }
    }
}
BENCHMARK(BM_GatedBodyVolume)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// arg 1: the gated shape kept for the views; 0: not parsed (the reward).
void BM_GatedMeasureCandidate(benchmark::State& state) {
    for (auto _ : state) {
        MeasuredDocument m =
            measureInput(DocumentInput::fromFile(kCandidate), DocumentRole::Candidate, state.range(0) != 0);
        if (!m.gate || m.gate->gate != "complexity") state.SkipWithError("expected the complexity gate");
    }
}
BENCHMARK(BM_GatedMeasureCandidate)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// The mesh-made candidate (bench/make_mesh_candidate.py: 5,100 triangles as a Body's BaseFeature, gated by
// the feature-tree gate): arg 1 = its shape kept for the views, 0 = for the reward (gates from the text).
void BM_MeshMeasureCandidate(benchmark::State& state) {
    const std::string mesh = std::string(VERNIER_SOURCE_DIR) + "/bench/data/mesh_sphere.FCStd";
    for (auto _ : state) {
        MeasuredDocument m =
            measureInput(DocumentInput::fromFile(mesh), DocumentRole::Candidate, state.range(0) != 0);
        if (!m.gate || m.gate->gate != "feature_tree") state.SkipWithError("expected the feature-tree gate");
    }
}
BENCHMARK(BM_MeshMeasureCandidate)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// One trial, the reference measured once (as the worker keeps it): arg 1 = spec computed (the verifier's
// full report, what `score` and the inspector do), 0 = for the reward only (the rescoring worker: no spec
// and no shape for a gated candidate).
void BM_GatedTrial(benchmark::State& state) {
    TrialScorerOptions o;
    o.specWhenGated = state.range(0) != 0;
    o.shapeWhenGated = state.range(0) != 0;
    ReferenceCache cache;
    const TrialScorer scorer(o, &cache);
    for (auto _ : state) {
        const TrialResult r = scorer.score(TrialInput::single(DocumentInput::fromFile(kReference),
                                                              DocumentInput::fromFile(kCandidate),
                                                              DocumentInput::fromBytes(kSpec, "spec.json")));
        if (!r.reward || *r.reward != 0) state.SkipWithError("expected reward 0");
    }
}
BENCHMARK(BM_GatedTrial)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
