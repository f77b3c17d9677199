// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-rescore-worker [rescore-worker]`: the scoring process RescoreEngine starts (worker/rescoring.h),
// the same loop as `vernier-cli rescore-worker` (worker/scoring_worker.h) in an executable that links only
// the scorer, the models and QtCore. vernier-cli also links the GUI, chart and OpenGL libraries for `render`
// and `export`; loading them was most of a worker's start (docs/cluster.md "End to end, one worker").
// Internal: reads JSON-line jobs on stdin until it ends, answers on stdout. The optional argument
// `rescore-worker` is accepted so the engine can start either executable with the same arguments.
#include <cstdio>
#include <cstring>
#include <iostream>

#include "worker/scoring_worker.h"

int main(int argc, char** argv) {
    if (argc > 2 || (argc == 2 && std::strcmp(argv[1], "rescore-worker") != 0)) {
        std::fprintf(stderr, "usage: vernier-rescore-worker [rescore-worker] < jobs (internal: the scoring "
                             "process of `vernier-cli rescore`)\n");
        return 2;
    }
    return vernier::runScoringWorker(std::cin, std::cout);
}
