// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to the cad-bench-submission v2 files (models/submission_*.cpp), not part of models/submission.h:
// the small helpers they share. Messages follow the maintainers' Python wording (docs/formats.md).
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace vernier::submission_detail {

bool isDigit(char c);
bool isHex(char c); // either case

// One printable line: control characters escaped, long text cut.
std::string oneLine(const std::string& s);
// Python's repr() of a JSON value, as the maintainers' messages print it (one line, cut when long).
std::string repr(const nlohmann::json& v);
// "%.8f", as the audit prints rewards.
std::string fixed8(double v);
// Python truthiness of a JSON value (for `a or b` in the maintainers' code).
bool truthy(const nlohmann::json& v);
// dict.get(key) of a JSON value (null when it is not an object or lacks the key).
const nlohmann::json& get(const nlohmann::json& o, const char* key);
// Python's `a or b`.
const nlohmann::json& orElse(const nlohmann::json& a, const nlohmann::json& b);
// A regular file of at most `limit` bytes (`what` names it in the message); throws InputError (one line).
std::string readSmallFile(const std::string& path, std::size_t limit, const char* what);
bool endsWith(const std::string& s, const std::string& suffix);
// The job uuid of a Harbor Hub job URL (the audit's HARBOR_JOB_ID_PATTERN), else empty.
std::string hubJobId(const std::string& url);
// "a, b, c" with at most `limit` items, then how many more.
std::string joined(const std::vector<std::string>& items, std::size_t limit = 20);

} // namespace vernier::submission_detail
