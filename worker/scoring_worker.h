// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The scoring process behind RescoreEngine: the JSON-lines loop (worker/worker_loop.h) around the embedded
// scorer (scoring/trial_scorer.h), with OCCT's guards installed. Two executables run it: `vernier-cli
// rescore-worker` and the lean `vernier-rescore-worker`, which links only the scorer, the models and QtCore
// (not the GUI, chart and OpenGL libraries vernier-cli needs for `render` and `export`), so a worker starts
// in a third of the time (docs/cluster.md "End to end, one worker"). Both score identically: same code, same
// scorer identity.
#include <iosfwd>

namespace vernier {

// Reads jobs from `in` until it ends, answers on `out`; returns the process exit code (0).
int runScoringWorker(std::istream& in, std::ostream& out);

} // namespace vernier
