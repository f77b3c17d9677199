// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes a whole candidate document: zip, Document.xml and every stored shape (FcDocument::loadBytes).
#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::fcstdDocument(data, size);
    return 0;
}
