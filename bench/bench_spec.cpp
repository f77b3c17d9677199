// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Cost of spec consistency on the real fixtures: the measurement bank (mass properties, clusters,
// plane pairs, feature tree, detectors) and the checks of a 7-parameter spec on an already-built bank.
#include <string>

#include <benchmark/benchmark.h>

#include "scoring/measurement_bank.h"
#include "scoring/spec_scorer.h"

using namespace vernier;

namespace {

const std::string kDir = std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/";
const char* kSpec =
    R"({"name": "flange", "key_parameters": "num_holes = 6\nbolt_pcd = 60 mm\nflange_diameter = 80 mm\n)"
    R"(bore_diameter = 20 mm\nrevolution_angle = 360 deg\nflange_thickness = 8 mm\nhub_height = 25 mm"})";

void BM_BuildBank(benchmark::State& state, std::string file) {
    const FcDocument doc = FcDocument::load(kDir + file);
    for (auto _ : state) {
        MeasurementBank bank = buildMeasurementBank(doc);
        benchmark::DoNotOptimize(bank);
    }
}

void BM_ChecksOnBank(benchmark::State& state, std::string file) {
    const SpecDefinition spec = parseSpecJson(kSpec);
    const MeasurementBank bank = buildMeasurementBank(FcDocument::load(kDir + file));
    for (auto _ : state) {
        SpecResult r = scoreSpecOnBank(spec, bank, file);
        benchmark::DoNotOptimize(r);
    }
}

void BM_ParseSpec(benchmark::State& state) {
    for (auto _ : state) {
        SpecDefinition s = parseSpecJson(kSpec);
        benchmark::DoNotOptimize(s);
    }
}

} // namespace

BENCHMARK_CAPTURE(BM_BuildBank, flange_polar, std::string("flange_polar.FCStd"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BuildBank, l_bracket_fillet, std::string("l_bracket_fillet.FCStd"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BuildBank, plate_hole, std::string("plate_hole.FCStd"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ChecksOnBank, flange_polar, std::string("flange_polar.FCStd"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ParseSpec)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
