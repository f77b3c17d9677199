// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// `vernier-cli rescore` in shards (docs/cluster.md): --slurm (sbatch array, wait, collect, resubmit once),
// --emit-sbatch DIR (write the script and manifests only), --collect (read what the cache holds) and
// --shards N without --slurm (the same shards as local processes). The shard mechanism is worker/shards.h;
// this file is the two launchers and the report additions.
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "models/result_set.h"

namespace vernier::cli {

// --slurm --shards --partition --time --mem --account --sbatch-arg --no-wait --job-dir --emit-sbatch
// --collect
std::vector<OptionSpec> distributedRescoreOptionSpecs();

// Runs the sharded modes when one of them is asked for and applies the collected results to `set`; returns
// false (doing nothing) otherwise, so the caller rescores in process. `extra` receives the keys to add to
// the rescore JSON ("slurm" / "shards" / "emit_sbatch", "missing"). Throws InputError for bad options or a
// failed submission.
bool rescoreDistributed(ResultSet& set, const Args& args, nlohmann::json& extra);

} // namespace vernier::cli
