// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli inspect FILE.FCStd [--json]`: one document as the scorer sees it (docs/contract.md §5).
#include <cstdio>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/results_common.h"
#include "models/provenance_json.h"
#include "scoring/errors.h"
#include "scoring/feature_tree.h"
#include "scoring/measure_document.h"
#include "scoring/process_guard.h"
#include "scoring/structural_gates.h"

namespace {

using nlohmann::json;

json toJson(const vernier::MeasuredDocument& md, const std::string& file) {
    const vernier::FcDocument& doc = md.document;
    json j;
    j["file"] = file;
    j["bodies"] = json::array();
    std::string firstBody;
    for (const auto& b : vernier::listBodies(doc)) {
        j["bodies"].push_back({{"name", b.name}, {"type", b.type}, {"non_empty", b.nonEmpty}});
        if (firstBody.empty()) firstBody = b.name;
    }
    j["scored_body"] = md.scoredBody.empty() ? json(nullptr) : json(md.scoredBody);
    // Without a scored body, the first Body's tree still helps to see why.
    j["feature_tree"] = json::array();
    for (const auto& [name, type] :
         vernier::bodyGroup(doc, md.scoredBody.empty() ? firstBody : md.scoredBody))
        j["feature_tree"].push_back({{"name", name}, {"type", type}});
    if (md.features) {
        const auto& f = *md.features;
        json types = json::object();
        for (const auto& [k, v] : f.surfaceAreaByType)
            types[k] = v;
        j["features"] = {{"volume", f.volume},
                         {"area", f.area},
                         {"surface_area_by_type", types},
                         {"obb_sorted", f.obbSorted},
                         {"principal_moments_normalized", f.principalMomentsNormalized},
                         {"n_faces", f.nFaces},
                         {"n_vertices", f.nVertices},
                         {"solid_count", f.solidCount}};
    } else {
        j["features"] = nullptr;
    }
    j["gate"] = md.gate ? json{{"gate", md.gate->gate}, {"reason", md.gate->reason}} : json(nullptr);
    return j;
}

void printHuman(const vernier::MeasuredDocument& md, const std::string& file) {
    std::printf("%s (FreeCAD %s, %zu objects)\n", file.c_str(), md.document.programVersion.c_str(),
                md.document.objects.size());
    for (const auto& b : vernier::listBodies(md.document))
        std::printf("  body %s%s%s\n", b.name.c_str(), b.nonEmpty ? "" : " (empty)",
                    b.name == md.scoredBody ? "  <- scored" : "");
    for (const auto& n : vernier::featureTree(md.document, md.scoredBody)) {
        const std::string state =
            n.invalid ? "  (invalid: " + n.error + ")" : (n.touched ? "  (touched)" : "");
        std::printf("    %s [%s]%s%s\n", n.label.c_str(), n.type.c_str(), n.isTip ? "  (tip)" : "",
                    state.c_str());
        for (const auto& c : n.children)
            std::printf("      %s [%s]\n", c.label.c_str(), c.type.c_str());
    }
    if (md.features) {
        const auto& f = *md.features;
        std::printf("  volume %.6f  area %.6f  faces %d  vertices %d  solids %d\n", f.volume, f.area,
                    f.nFaces, f.nVertices, f.solidCount);
        std::printf("  OBB %.6f x %.6f x %.6f\n", f.obbSorted[0], f.obbSorted[1], f.obbSorted[2]);
        std::printf("  principal moments %.6g %.6g %.6g\n", f.principalMomentsNormalized[0],
                    f.principalMomentsNormalized[1], f.principalMomentsNormalized[2]);
        for (const auto& [k, v] : f.surfaceAreaByType)
            std::printf("  %-20s %.6f\n", k.c_str(), v);
    }
    if (md.gate) std::printf("  gate %s: %s\n", md.gate->gate.c_str(), md.gate->reason.c_str());
}

int runInspect(const std::vector<std::string>& args) {
    vernier::installOcctGuards(vernier::kDefaultAddressSpaceCap);
    vernier::cli::Args a(args);
    const auto files = a.positionals({"--timeout"});
    if (files.size() != 1)
        throw vernier::InputError("usage: vernier-cli inspect FILE.FCStd [--json] [--timeout S]");
    const std::string& file = files.front();
    const auto deadline = vernier::cli::readDeadline(a, "inspect", "reading the document");
    // OCCT writes diagnostics to std::cout on damaged shapes; stdout carries only our output.
    std::ostringstream occtNoise;
    std::streambuf* saved = std::cout.rdbuf(occtNoise.rdbuf());
    vernier::MeasuredDocument md;
    try {
        md = vernier::measureDocument(vernier::FcDocument::load(file, {}, vernier::ShapeLoading::OnDemand),
                                      vernier::DocumentRole::Candidate);
    } catch (...) {
        std::cout.rdbuf(saved);
        throw;
    }
    std::cout.rdbuf(saved);
    if (a.flag("--json")) // schema 1: docs/schemas/inspect.schema.json
        std::cout << vernier::withProvenance(toJson(md, file),
                                             vernier::provenanceBlock(1, vernier::inputsJson({file})))
                         .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << std::endl;
    else
        printHuman(md, file);
    return vernier::cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(inspect, "inspect", "FILE.FCStd [--json] [--timeout S]", runInspect,
                    "read one document as the scorer sees it: bodies, feature tree, features, gate",
                    {{"--json", nullptr, "print JSON instead of the text summary"},
                     vernier::cli::readTimeoutOptionSpec()},
                    "FILE.FCStd: the FreeCAD document");
