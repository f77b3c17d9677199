// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where the sample bundle that ships with Vernier lives (the app opens it when given no arguments).
#include <string>

namespace vernier {

struct SampleLocation {
    std::string results; // folder with the sample's Harbor job folders
    std::string tasks;   // the sample task pack
};

// Looks in $VERNIER_SAMPLE_DIR, then <exe>/../share/vernier/sample (installed), then the source tree.
// Returns empty paths when no sample is found.
SampleLocation findSample(const std::string& executablePath);

} // namespace vernier
