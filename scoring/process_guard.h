// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Process-wide protections for reading untrusted documents with OCCT (README "Limits"): call once,
// early in main or a command, before any document is read.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace vernier {

// The default address-space cap of the CLI commands: a corrupt count in a BREP record makes OCCT
// allocate (and zero) whatever it claims before noticing the data is short; under this cap that is a
// prompt bad_alloc (a corrupt-shape InputError). The heaviest fixture peaks at about 160 MiB.
constexpr std::size_t kDefaultAddressSpaceCap = std::size_t(4) << 30;

// Installs OCCT's signal handlers without floating-point traps, so an access violation inside OCCT
// (null geometry in a damaged BREP) becomes a Standard_Failure instead of a crash, and, when
// `addressSpaceCapBytes` is given, lowers the soft RLIMIT_AS to it (never raises it). The cap is
// skipped under AddressSanitizer, which reserves terabytes of address space for its shadow memory.
void installOcctGuards(std::optional<std::size_t> addressSpaceCapBytes);

// Whether this build runs under AddressSanitizer (the cap is then never applied).
bool builtWithAddressSanitizer();

// A deadline for a one-shot command that reads untrusted documents in its own process (`vernier-cli
// inspect`, `score`, `render`). Some damaged shapes make OCCT loop inside a single call that cannot be
// interrupted (docs/testing.md "Fuzzing": nested trimmed curves in a binary BREP); the only safe answer is
// to end the process. When `limit` passes before the guard is destroyed, a watchdog thread writes
// `message` as one line to stderr and ends the process at once with `exitCode` (no destructors, no
// buffered output: the command has printed nothing of its result yet). Rescoring needs no such guard:
// its documents are read in worker processes that the engine stops at the per-trial timeout.
class ProcessDeadline {
public:
    ProcessDeadline(std::chrono::milliseconds limit, std::string message, int exitCode);
    ~ProcessDeadline(); // the work finished in time: the watchdog stops
    ProcessDeadline(const ProcessDeadline&) = delete;
    ProcessDeadline& operator=(const ProcessDeadline&) = delete;

private:
    std::mutex mutex_;
    std::condition_variable cv_;
    bool done_ = false;
    std::thread watchdog_;
};

} // namespace vernier
