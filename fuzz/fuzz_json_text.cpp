// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Differential: the trial files' JSON parser (models/json_text.h) against nlohmann::json::parse on the same
// bytes; any difference in what is accepted or in the values and their types is a finding.
#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::jsonText(data, size);
    return 0;
}
