// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// ISO-8601 timestamps as Harbor writes them ("2026-09-24T10:11:12.345678Z", "+00:00" offsets).
#include <optional>
#include <string_view>

namespace vernier {

// Seconds since the Unix epoch (UTC); nullopt for anything else. No time zone means UTC.
std::optional<double> parseIsoTime(std::string_view text);

} // namespace vernier
