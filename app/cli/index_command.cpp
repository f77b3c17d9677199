// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli index BUNDLE... [--db FILE] [--json]`: writes the trial index of each bundle on request
// (models/trial_index.h, docs/index.md). With --db, one SQLite file holding them all; without it, each
// bundle's index where imports keep it (beside the bundle, or in the user cache).
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "models/trial_index.h"
#include "scoring/errors.h"

namespace {

int runIndex(const std::vector<std::string>& raw) {
    const vernier::cli::Args a(raw);
    const std::vector<std::string> bundles = a.positionals({"--db"});
    if (bundles.empty()) throw vernier::InputError("no result bundle given");
    const std::string db = a.option("--db");
    nlohmann::json written = nlohmann::json::array();
    if (!db.empty()) {
        const int n = vernier::writeTrialIndexes(bundles, db);
        written.push_back({{"bundles", bundles}, {"db", db}});
        if (!a.flag("--json")) std::printf("%s: index of %d bundle%s\n", db.c_str(), n, n == 1 ? "" : "s");
    } else {
        for (const auto& b : bundles) {
            const std::string path = vernier::trialIndexPathFor(b);
            const vernier::IndexedImport r = vernier::writeTrialIndex(b, path);
            if (!r.written) throw vernier::InputError(b + ": " + r.writeError);
            written.push_back({{"bundles", {b}}, {"db", path}});
            if (!a.flag("--json")) std::printf("%s: %s\n", b.c_str(), path.c_str());
        }
    }
    if (a.flag("--json"))
        std::printf("%s\n", vernier::cli::jsonText(
                                {{"schema_version", vernier::kTrialIndexSchemaVersion}, {"written", written}})
                                .c_str());
    return vernier::cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(index, "index", "BUNDLE... [--db FILE] [--json]", runIndex,
                    "write the SQLite trial index of result bundles (docs/index.md)",
                    {{"--db", "FILE",
                      "write one file holding every bundle's trials (default: each bundle's own "
                      "index, where imports keep it)"},
                     {"--json", nullptr, "print what was written as JSON"}},
                    "BUNDLE...");
