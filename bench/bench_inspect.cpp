// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Throughput of `inspect` on the real fixtures, and where the time goes: unzip, Document.xml,
// BREP parse, mass properties (volume + per-face surface integrals), OBB (mesh + optimal box).
#include <filesystem>
#include <string>
#include <vector>

#include <BRepGProp.hxx>
#include <GProp_GProps.hxx>
#include <TopExp.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Face.hxx>
#include <benchmark/benchmark.h>

#include "scoring/brep_reader.h"
#include "scoring/fcstd_document.h"
#include "scoring/measure_document.h"
#include "scoring/obb.h"
#include "scoring/obb_estimate.h"
#include "scoring/safe_zip.h"

using namespace vernier;

namespace {

const std::string kDir = std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/";

std::vector<std::string> allFixtures() {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(kDir))
        if (e.path().extension() == ".FCStd") out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

void inspectOnce(const std::string& path, const MeasureOptions& o) {
    MeasuredDocument md = measureDocument(FcDocument::load(path), DocumentRole::Candidate, o);
    benchmark::DoNotOptimize(md);
}

void BM_Inspect(benchmark::State& state, std::string file, bool exact) {
    MeasureOptions o;
    o.exactObb = exact;
    for (auto _ : state)
        inspectOnce(kDir + file, o);
    state.SetItemsProcessed(state.iterations());
}

void BM_InspectAllFixtures(benchmark::State& state, bool exact) {
    const auto files = allFixtures();
    MeasureOptions o;
    o.exactObb = exact;
    for (auto _ : state)
        for (const auto& f : files)
            inspectOnce(f, o);
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(files.size()));
}

// Stage: open the zip and inflate every entry.
void BM_StageUnzip(benchmark::State& state, std::string file) {
    for (auto _ : state) {
        SafeZip z = SafeZip::openFile(kDir + file);
        for (const auto& e : z.entries())
            benchmark::DoNotOptimize(z.read(e.name));
    }
}

void BM_StageXml(benchmark::State& state, std::string file) {
    const std::string xml = SafeZip::openFile(kDir + file).read("Document.xml");
    for (auto _ : state)
        benchmark::DoNotOptimize(FcDocument::parseXml(xml, file));
}

void BM_StageBrep(benchmark::State& state, std::string file) {
    SafeZip z = SafeZip::openFile(kDir + file);
    std::vector<std::string> shapes;
    for (const auto& e : z.entries())
        if (e.name != "Document.xml" && e.name.find(".brp") != std::string::npos)
            shapes.push_back(z.read(e.name));
    for (auto _ : state)
        for (const auto& s : shapes)
            benchmark::DoNotOptimize(readBrep(s, "bench"));
}

TopoDS_Shape scoredShape(const std::string& file) {
    return measureDocument(FcDocument::load(kDir + file), DocumentRole::Candidate).shape;
}

void BM_StageMassProperties(benchmark::State& state, std::string file) {
    const TopoDS_Shape shape = scoredShape(file);
    for (auto _ : state) {
        GProp_GProps v;
        BRepGProp::VolumeProperties(shape, v);
        TopTools_IndexedMapOfShape faces;
        TopExp::MapShapes(shape, TopAbs_FACE, faces);
        for (int i = 1; i <= faces.Extent(); ++i) {
            GProp_GProps s;
            BRepGProp::SurfaceProperties(TopoDS::Face(faces(i)), s);
            benchmark::DoNotOptimize(s.Mass());
        }
        benchmark::DoNotOptimize(v.Mass());
    }
}

void BM_StageObb(benchmark::State& state, std::string file, double factor) {
    const TopoDS_Shape shape = scoredShape(file);
    GProp_GProps v;
    BRepGProp::VolumeProperties(shape, v);
    const double deflection = obbDeflection(v.Mass()) * factor;
    for (auto _ : state)
        benchmark::DoNotOptimize(obbDims(shape, deflection));
}

// The scorer's cheap OBB estimate (obb_estimate.h), what `inspect`-free scoring pays per document.
void BM_StageObbEstimate(benchmark::State& state, std::string file) {
    const TopoDS_Shape shape = scoredShape(file);
    GProp_GProps v;
    BRepGProp::VolumeProperties(shape, v);
    for (auto _ : state)
        benchmark::DoNotOptimize(estimateObb(shape, v.Mass()).dims);
}

std::string named(const char* prefix, const std::string& file) {
    std::string n = prefix;
    n += file;
    return n;
}

} // namespace

int main(int argc, char** argv) {
    for (const char* f : {"box_additive.FCStd", "plate_hole.FCStd", "l_bracket_fillet.FCStd",
                          "flange_polar.FCStd", "cylinder_rotated.FCStd", "cone.FCStd"}) {
        const std::string s = f;
        benchmark::RegisterBenchmark(named("Inspect/exact/", s).c_str(), BM_Inspect, s, true)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(named("Inspect/coarse/", s).c_str(), BM_Inspect, s, false)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(named("Stage/unzip/", s).c_str(), BM_StageUnzip, s)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(named("Stage/xml/", s).c_str(), BM_StageXml, s)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(named("Stage/brep/", s).c_str(), BM_StageBrep, s)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(named("Stage/mass/", s).c_str(), BM_StageMassProperties, s)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(named("Stage/obb/", s).c_str(), BM_StageObb, s, 1.0)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(named("Stage/obb_estimate/", s).c_str(), BM_StageObbEstimate, s)
            ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark("InspectAllFixtures/exact", BM_InspectAllFixtures, true)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("InspectAllFixtures/coarse", BM_InspectAllFixtures, false)
        ->Unit(benchmark::kMillisecond);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
