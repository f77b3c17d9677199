// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes cad-bench v2 submission manifests (YAML and JSON) and the manifest checks (docs/formats.md).
#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::submissionManifest(data, size);
    return 0;
}
