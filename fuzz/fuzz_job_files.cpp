// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes the bundle importer on a Harbor job folder's own files (result.json with stats.evals, lock.json,
// config.json) beside one well-formed trial; fuzz_trial_files covers the files inside a trial folder.
#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::jobFiles(data, size);
    return 0;
}
