// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli score`: one candidate against its reference (docs/contract.md §5), or both stages of a
// create_and_edit task; geometry (docs/scoring.md §5.1) plus optional spec consistency (§8). The scoring
// itself, stage selection and combination included, is TrialScorer's (scoring/trial_scorer.h).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/results_common.h"
#include "models/provenance_json.h"
#include "scoring/errors.h"
#include "scoring/process_guard.h"
#include "scoring/reward.h"
#include "scoring/score_json.h"
#include "scoring/spec_json.h"
#include "scoring/trial_scorer.h"

namespace {

using nlohmann::json;
using namespace vernier;

struct Options {
    GeometryOptions geometry;
    CombineMethod method = CombineMethod::Harmonic;
    int threads = 1;
    bool json = false;
};

double parsePositive(const std::string& flag, const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0') throw InputError(flag + ": not a number: '" + text + "'");
    return v;
}

Options parseOptions(const cli::Args& a) {
    Options o;
    o.json = a.flag("--json");
    o.method = parseCombineMethod(a.option("--combine-method", "harmonic"));
    o.geometry.exactBboxDiagnostics = a.flag("--exact-bbox");
    const std::string threads = a.option("--threads", "1");
    if (threads != "1" && threads != "2") throw InputError("--threads must be 1 or 2");
    o.threads = threads == "2" ? 2 : 1;
    GeometryTolerances& t = o.geometry.tolerances;
    const std::string bboxFar = a.option("--bbox-far-rel-tol");
    if (!bboxFar.empty()) t = GeometryTolerances::withBboxFar(parsePositive("--bbox-far-rel-tol", bboxFar));
    const struct {
        const char* flag;
        double* target;
    } flags[] = {{"--volume-matched-rel-tol", &t.volume.matched},
                 {"--volume-far-rel-tol", &t.volume.far},
                 {"--area-matched-rel-tol", &t.surfaceArea.matched},
                 {"--area-far-rel-tol", &t.surfaceArea.far},
                 {"--surface-types-matched-rel-tol", &t.surfaceTypes.matched},
                 {"--surface-types-far-rel-tol", &t.surfaceTypes.far},
                 {"--principal-moments-matched-rel-tol", &t.principalMoments.matched},
                 {"--principal-moments-far-rel-tol", &t.principalMoments.far}};
    for (const auto& f : flags) {
        const std::string v = a.option(f.flag);
        if (!v.empty()) *f.target = parsePositive(f.flag, v);
    }
    for (const char* v1 :
         {"--bbox-matched-rel-tol", "--surface-types-exact-tol", "--surface-types-zero-score"})
        if (a.flag(v1) || !a.option(v1).empty())
            throw InputError(std::string(v1) + " applies to the v1 scorer only; vernier implements v2");
    t.validate();
    return o;
}

SpecJsonPart specPart(const SpecResult& r, const SpecOptions& so) {
    SpecJsonPart p;
    p.score = r.score;
    p.reason = r.reason;
    p.parameters = specParametersToJson(r);
    p.details = specResultToJson(r, so);
    return p;
}

// The TrialScorer's answer as the command's outcome (docs/scoring.md, "Trial scorer: one answer per case"):
// a trial failure is bad input (exit 2) or an internal error (exit 1); a candidate the scorer could not read
// scores 0 there, but here the user named the file, so it stays bad input (docs/contract.md §5).
void requireScored(const TrialResult& r) {
    for (const TrialStageResult& s : r.stages)
        if (!s.failure && s.candidateProblem == CandidateProblem::Unreadable)
            throw InputError("candidate model '" + s.candidateName + "': " + s.candidateProblemReason);
    if (!r.failure) return;
    if (r.failure->kind == TrialFailureKind::ScorerError) throw MeasurementError(r.failure->reason);
    throw InputError(r.failure->reason);
}

json stageJson(const TrialStageResult& s, const Options& o) {
    std::optional<SpecJsonPart> sp;
    if (s.spec) sp = specPart(*s.spec, SpecOptions{});
    return scoreToJson(*s.geometry, sp, o.method);
}

// File names are untrusted bytes and appear in the reasons; invalid UTF-8 is replaced, never thrown.
std::string dumpJson(const json& j) {
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

void printHuman(const json& j) {
    auto num = [](const json& v) {
        return v.is_null() ? std::string("null") : std::to_string(v.get<double>());
    };
    std::printf("geometry_similarity: %s\n", num(j["geometry_similarity"]).c_str());
    std::printf("cad_spec_consistency: %s\n", num(j["cad_spec_consistency"]).c_str());
    std::printf("combined (%s): %s\n", j["combine_method"].get<std::string>().c_str(),
                num(j["combined"]).c_str());
    std::printf("geometry_similarity_reason: %s\n",
                j["geometry_similarity_reason"].get<std::string>().c_str());
    if (!j["cad_spec_consistency_reason"].is_null())
        std::printf("spec_consistency_reason: %s\n",
                    j["cad_spec_consistency_reason"].get<std::string>().c_str());
}

int runScore(const std::vector<std::string>& args) {
    installOcctGuards(kDefaultAddressSpaceCap); // untrusted documents: see scoring/process_guard.h
    const cli::Args a(args);
    const Options o = parseOptions(a);
    const std::string specPath = a.option("--spec");
    const bool twoStage = !a.option("--reference-base").empty() || !a.option("--candidate-base").empty() ||
                          !a.option("--reference-edit").empty() || !a.option("--candidate-edit").empty();
    const DocumentInput spec = specPath.empty() ? DocumentInput::none() : DocumentInput::fromFile(specPath);
    TrialInput trial;
    if (!twoStage) {
        const std::string ref = a.option("--reference"), cand = a.option("--candidate");
        if (ref.empty() || cand.empty())
            throw InputError(
                "--reference and --candidate are required (or the four --*-base/--*-edit files)");
        trial = TrialInput::single(DocumentInput::fromFile(ref), DocumentInput::fromFile(cand), spec);
    } else {
        const std::string rb = a.option("--reference-base"), re = a.option("--reference-edit"),
                          cb = a.option("--candidate-base"), ce = a.option("--candidate-edit");
        if (rb.empty() || re.empty() || cb.empty() || ce.empty())
            throw InputError("create_and_edit needs --reference-base, --reference-edit, --candidate-base and "
                             "--candidate-edit");
        trial = TrialInput::createAndEdit(DocumentInput::fromFile(rb), DocumentInput::fromFile(cb),
                                          DocumentInput::fromFile(re), DocumentInput::fromFile(ce), spec);
    }
    // Schema 1 (docs/schemas/score.schema.json): the documents given, in option order, as inputs.
    std::vector<std::string> given;
    for (const char* opt : {"--reference", "--candidate", "--reference-base", "--candidate-base",
                            "--reference-edit", "--candidate-edit", "--spec"})
        if (const std::string p = a.option(opt); !p.empty()) given.push_back(p);
    const json block = provenanceBlock(1, inputsJson(given));
    TrialScorerOptions so;
    so.geometry = o.geometry;
    so.method = o.method;
    so.threads = o.threads;
    const auto deadline = cli::readDeadline(a, "score", "reading and scoring the documents");
    try {
        const TrialResult r = TrialScorer(so).score(trial);
        requireScored(r);
        if (!twoStage) {
            const json j = stageJson(r.stages[0], o);
            if (o.json)
                std::cout << dumpJson(withProvenance(j, block)) << "\n";
            else
                printHuman(j);
            return cli::kExitOk;
        }
        const json jb = stageJson(r.stages[0], o);
        const json je = stageJson(r.stages[1], o);
        const json j = createAndEditToJson(jb, je, *r.createAndEdit, o.method);
        if (o.json) {
            std::cout << dumpJson(withProvenance(j, block)) << "\n";
        } else {
            std::printf("[base]\n");
            printHuman(jb);
            std::printf("[edit]\n");
            printHuman(je);
            std::printf("combined (%s across stages): %.6f\n", combineMethodName(o.method),
                        j["combined"].get<double>());
        }
        return cli::kExitOk;
    } catch (const MeasurementError& e) {
        std::fprintf(stderr, "vernier-cli score: %s\n", e.what());
        return cli::kExitInternal;
    }
}

} // namespace

VERNIER_CLI_COMMAND(
    score, "score",
    "--reference R.FCStd --candidate C.FCStd [--spec spec.json] [--json] "
    "[--combine-method harmonic|min] [--threads 1|2] [--exact-bbox] [--timeout S] "
    "[--<subscore>-<matched|far>-rel-tol X]"
    " | --reference-base RB --reference-edit RE --candidate-base CB --candidate-edit CE [--spec S]",
    runScore, "score one candidate against its reference (geometry, spec, combined)",
    {{"--reference", "R.FCStd", "the reference document (single-stage form)"},
     {"--candidate", "C.FCStd", "the candidate document (single-stage form)"},
     {"--reference-base", "RB.FCStd", "create_and_edit: the base stage's reference"},
     {"--reference-edit", "RE.FCStd", "create_and_edit: the edit stage's reference"},
     {"--candidate-base", "CB.FCStd", "create_and_edit: the base stage's candidate"},
     {"--candidate-edit", "CE.FCStd", "create_and_edit: the edit stage's candidate"},
     {"--spec", "SPEC.json", "the task's spec: adds CAD-spec consistency and the combined score"},
     {"--json", nullptr, "print JSON instead of text"},
     {"--combine-method", "harmonic|min", "how geometry and spec combine (default harmonic)", false, false,
      "harmonic min"},
     {"--threads", "1|2", "measure the documents concurrently; same bits (default 1)", false, false, "1 2"},
     {"--exact-bbox", nullptr, "refine the bounding-box diagnostics to the exact OBB"},
     cli::readTimeoutOptionSpec(),
     {"--volume-matched-rel-tol", "X", "v2 tolerance: volume, matched"},
     {"--volume-far-rel-tol", "X", "v2 tolerance: volume, far"},
     {"--area-matched-rel-tol", "X", "v2 tolerance: area, matched"},
     {"--area-far-rel-tol", "X", "v2 tolerance: area, far"},
     {"--surface-types-matched-rel-tol", "X", "v2 tolerance: surface types, matched"},
     {"--surface-types-far-rel-tol", "X", "v2 tolerance: surface types, far"},
     {"--principal-moments-matched-rel-tol", "X", "v2 tolerance: principal moments, matched"},
     {"--principal-moments-far-rel-tol", "X", "v2 tolerance: principal moments, far"},
     {"--bbox-far-rel-tol", "X", "v2 tolerance: bounding box, far"},
     // v1-only flags: known, so that the command can refuse them with the reason (docs/cli.md, score).
     {"--bbox-matched-rel-tol", "X", "v1 only (refused)", false, true},
     {"--surface-types-exact-tol", "X", "v1 only (refused)", false, true},
     {"--surface-types-zero-score", "X", "v1 only (refused)", false, true}});
