// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The worker side of the rescore protocol (worker/rescore_protocol.h): reads one JSON job per line, hands
// it to a scoring function and writes one JSON answer per line, until end of input. `vernier-cli
// rescore-worker` is this loop around the embedded scorer; the engine (worker/rescoring.h) drives it.
#include <functional>
#include <iosfwd>
#include <string>

#include "worker/rescore_protocol.h"

namespace vernier {

// Scores one job. May throw: any exception becomes that trial's scorer_crash answer and the loop goes on.
using ScoreFunction = std::function<RescoredResult(const RescoreJob&)>;

// A job line longer than this is answered with an error, unread.
constexpr std::size_t kMaxRescoreJobLine = 1 << 20;

// Runs until `in` ends; each answer is flushed as soon as it is written. `scorerIdentity` names the
// scorer in answers for jobs that failed before scoring. Returns 0.
int runRescoreWorkerLoop(std::istream& in, std::ostream& out, const ScoreFunction& score,
                         const std::string& scorerIdentity);

} // namespace vernier
