// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli rescore-shard MANIFEST --index I`: scores one shard of a sharded rescore (a Slurm array
// element or a local process; docs/cluster.md) and writes each result into the shared rescore cache as soon
// as it is known. The mechanism is worker/shards.h; trials already in the cache are skipped, so rerunning a
// shard is safe.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "cli/command.h"
#include "scoring/errors.h"
#include "worker/shards.h"

namespace {

using namespace vernier;

int runShardCommand(const std::vector<std::string>& raw) {
    std::string manifest, index;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == "--index" && i + 1 < raw.size())
            index = raw[++i];
        else if (raw[i].rfind("--index=", 0) == 0)
            index = raw[i].substr(8);
        else if (raw[i].rfind("--", 0) == 0)
            throw InputError("unknown option " + raw[i] + " (usage: rescore-shard MANIFEST --index I)");
        else if (manifest.empty())
            manifest = raw[i];
        else
            throw InputError("one MANIFEST only (usage: rescore-shard MANIFEST --index I)");
    }
    char* end = nullptr;
    const long i = std::strtol(index.c_str(), &end, 10);
    if (manifest.empty() || index.empty() || *end != '\0' || i < 0 || i > 1000000)
        throw InputError("usage: rescore-shard MANIFEST --index I (I a shard number from 0)");
    // Test aid (tests/cluster/test_slurm_rescore.py): a pause after each trial keeps a shard running long
    // enough to be killed on purpose.
    int pause = 0;
    if (const char* p = std::getenv("VERNIER_SHARD_PAUSE_MS"); p && *p) pause = std::atoi(p);
    const ShardRunSummary s = runShard(manifest, static_cast<int>(i), {}, pause);
    std::fprintf(stderr, "shard %ld: %d trial(s), %d scored, %d already cached, %d scorer crash(es)\n", i,
                 s.trials, s.scored, s.fromCache, s.crashed);
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(rescore_shard, "rescore-shard", "MANIFEST --index I", runShardCommand,
                    "(internal) score one shard of `rescore --slurm/--emit-sbatch/--shards` into the cache",
                    {}, nullptr, /*hidden=*/true, /*rawArgs=*/true);
