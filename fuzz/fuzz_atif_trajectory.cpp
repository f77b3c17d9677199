// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes the ATIF trajectory reader: the index pass, every step of the file and of its subagents, the totals.
#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::atifTrajectory(data, size);
    return 0;
}
