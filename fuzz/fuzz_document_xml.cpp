// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes the Document.xml parser alone (objects, properties, sketches, links); no zip in the way.
#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::documentXml(data, size);
    return 0;
}
