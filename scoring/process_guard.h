// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Process-wide protections for reading untrusted documents with OCCT (README "Limits"): call once,
// early in main or a command, before any document is read.
#include <cstddef>
#include <optional>

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

} // namespace vernier
