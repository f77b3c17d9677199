// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Identity of the embedded scorer: part of every rescoring cache key, shown in reports.
#include <string>

namespace vernier {

// The benchmark scorer this implementation follows (docs/scoring.md §1).
constexpr const char* kReferenceScorer = "gnucleus freecad-validator 0.6.0 (v2)";
// Bumped whenever a change can alter any score; cached results from other versions are ignored.
constexpr int kNativeScorerRevision = 1;

// "vernier-native-v2 r<revision>, OCCT <version>" — scores are comparable only on the same OCCT build.
std::string scorerIdentity();

} // namespace vernier
