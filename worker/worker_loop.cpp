// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "worker/worker_loop.h"

#include <exception>
#include <istream>
#include <ostream>

#include "scoring/errors.h"

namespace vernier {

int runRescoreWorkerLoop(std::istream& in, std::ostream& out, const ScoreFunction& score,
                         const std::string& scorerIdentity) {
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        long long id = -1;
        RescoredResult r;
        try {
            if (line.size() > kMaxRescoreJobLine) throw InputError("job line too long");
            const RescoreJob job = rescoreJobFromJson(line, &id);
            r = score(job);
        } catch (const std::exception& e) {
            // Reference unreadable, OCCT measurement error, ...: this trial has no reward; the worker lives
            // on.
            r = RescoredResult();
            r.scorerCrash = true;
            r.error = e.what();
            r.scorerIdentity = scorerIdentity;
        }
        out << rescoredResultToJson(r, id) << '\n' << std::flush;
    }
    return 0;
}

} // namespace vernier
