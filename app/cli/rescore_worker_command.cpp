// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli rescore-worker`: the scoring process behind RescoreEngine. Reads one JSON job per line on
// stdin, answers one JSON line per job on stdout (the loop and protocol: worker/worker_loop.h, the scorer
// around it: worker/scoring_worker.h). A reference is measured once per task and kept in memory, so every
// other system's trial of that task costs only its own candidate.
// Running in its own process is what isolates the GUI and the other trials from an OCCT crash or hang.
// RescoreEngine prefers the lean `vernier-rescore-worker` beside it (app/rescore_worker_main.cpp, the same
// loop without the GUI libraries) and falls back to this command.
#include <iostream>

#include "cli/command.h"
#include "worker/scoring_worker.h"

namespace {

int runWorker(const std::vector<std::string>&) {
    vernier::runScoringWorker(std::cin, std::cout);
    return vernier::cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(rescore_worker, "rescore-worker", "", runWorker,
                    "(internal) score JSON-line jobs from stdin for `rescore`; one JSON answer per line", {},
                    nullptr, /*hidden=*/true, /*rawArgs=*/true);
