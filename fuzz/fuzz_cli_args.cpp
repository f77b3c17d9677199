// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes vernier-cli's argument handling: NUL-separated arguments through app/cli/main.cpp with every command
// but `version` and `completion` replaced by a parse-only stub (fuzz/harness_cli.h).
#include "fuzz/harness_cli.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::cliArgs(data, size);
    return 0;
}
