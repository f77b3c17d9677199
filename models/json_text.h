// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Parsing the JSON files of a trial (result.json, config.json, reward files) into nlohmann::json, faster than
// nlohmann's own parser and with exactly its result: the same values of the same types (integer, unsigned,
// float), the same texts accepted and refused (docs/index.md "Performance": nlohmann's character-at-a-time
// lexer was a quarter of a first open's CPU). fuzz/fuzz_json_text.cpp checks the two agree on every input.
#include <initializer_list>
#include <optional>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

namespace vernier {

// The value of `text`, or nothing when nlohmann::json::parse(text, nullptr, false) would return a discarded
// value: RFC 8259 JSON with an optional UTF-8 byte order mark, strict UTF-8 in strings, no comments, no
// trailing commas, numbers that fit a double; the last of duplicate keys wins. Nesting depth is bounded only
// by the text (no recursion).
std::optional<nlohmann::json> parseJsonText(std::string_view text);

// Members a reader never looks at, left out of the parsed value: `members` of the object being parsed, and in
// the object value of each member named in `inside`, that member's own rule. A skipped value is validated as
// strictly as a kept one, so the same texts are accepted and refused; the result is the full parse without
// those members (docs/index.md "Performance": ~40 % of a finished trial's result.json is never read).
struct JsonSkips {
    std::initializer_list<std::string_view> members;
    std::initializer_list<std::pair<std::string_view, const JsonSkips*>> inside;
};
std::optional<nlohmann::json> parseJsonText(std::string_view text, const JsonSkips& skips);

} // namespace vernier
