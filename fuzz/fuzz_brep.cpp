// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes the stored-shape reader: text BREP, binary BREP and anything else (readBrep sniffs the bytes).
#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::brep(data, size);
    return 0;
}
