// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli version [--format table|json]`: the versions that decide whether two scores are comparable.
#include <cstdio>

#include "cli/command.h"
#include "cli/results_common.h"
#include "models/provenance_json.h"
#include "scoring/errors.h"
#include "scoring/scorer_version.h"
#include "vernier_version.h"

namespace {

int runVersion(const std::vector<std::string>& raw) {
    const vernier::cli::Args a(raw);
    const std::string format = a.flag("--json") ? "json" : a.option("--format", "table");
    if (format != "table" && format != "json")
        throw vernier::InputError("--format must be table or json, got '" + format + "'");
    if (format == "json") { // schema 1: docs/schemas/version.schema.json
        const nlohmann::json j = {{"vernier", VERNIER_VERSION},
                                  {"scorer", vernier::scorerIdentity()},
                                  {"follows", vernier::kReferenceScorer}};
        std::printf("%s\n",
                    vernier::cli::jsonText(
                        vernier::withProvenance(j, vernier::provenanceBlock(1, nlohmann::json::array())))
                        .c_str());
        return vernier::cli::kExitOk;
    }
    const vernier::GeneratorFacts& g = vernier::generatorFacts();
    std::printf("vernier %s\nscorer: %s\nfollows: %s\ngit commit: %s\nOpenCASCADE %s, Qt %s\n",
                VERNIER_VERSION, vernier::scorerIdentity().c_str(), vernier::kReferenceScorer,
                g.gitCommit.c_str(), g.occtVersion.c_str(), g.qtVersion.c_str());
    return vernier::cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(version, "version", "[--format table|json]", runVersion,
                    "print the Vernier version, git commit and the scorer identity",
                    {{"--format", "table|json", "output format (default table)", false, false, "table json"},
                     {"--json", nullptr, "same as --format json"}});
