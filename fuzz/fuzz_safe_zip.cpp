// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes SafeZip: any bytes as an archive, then every entry inflated (bundle zips, task-pack zips, FCStd).
#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::safeZip(data, size);
    return 0;
}
