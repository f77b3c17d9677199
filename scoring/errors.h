// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Error types shared by the scorer, the importers and the CLI.
#include <stdexcept>
#include <string>

namespace vernier {

// Untrusted input that cannot be used (not a zip, malformed XML, limits exceeded, ...).
// The CLI answers it with exit code 2 and the one-line message.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A measurement that OCCT could not carry out on a readable shape (docs/scoring.md §3.1.6):
// an error, never a score of 0. The CLI answers it with exit code 1.
class MeasurementError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace vernier
