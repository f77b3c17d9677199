// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Small helpers of the ATIF reader (models/atif_internal.h): messages, numbers and usage figures read from
// JSON pieces, and plain-file reads of step ranges.
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>

#include "models/atif_internal.h"

namespace vernier::atif_detail {

std::string oneLine(std::string_view text, std::size_t maxChars) {
    std::string out;
    for (const char ch : text) {
        if (out.size() >= maxChars) {
            out += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(ch);
        out += (c < 0x20 || c >= 0x7f) ? (c == '\n' || c == '\t' || c == '\r' ? ' ' : '?') : ch;
    }
    return out;
}

std::string pretty(const json& j) {
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

std::string compact(const json& j) {
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string mib(std::uint64_t bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return buf;
}

// A token count: a non-negative integral number up to 1e15.
std::optional<std::int64_t> toCount(const json& j) {
    if (j.is_number_unsigned()) {
        const auto v = j.get<std::uint64_t>();
        if (v <= static_cast<std::uint64_t>(kMaxCount)) return static_cast<std::int64_t>(v);
        return std::nullopt;
    }
    if (j.is_number_integer()) {
        const auto v = j.get<std::int64_t>();
        if (v >= 0 && v <= kMaxCount) return v;
        return std::nullopt;
    }
    if (j.is_number_float()) {
        const double v = j.get<double>();
        if (std::isfinite(v) && v >= 0 && v <= static_cast<double>(kMaxCount) && v == std::floor(v))
            return static_cast<std::int64_t>(v);
    }
    return std::nullopt;
}

// An amount of money: a finite, non-negative number.
std::optional<double> toCost(const json& j) {
    if (!j.is_number()) return std::nullopt;
    const double v = j.get<double>();
    if (!std::isfinite(v) || v < 0) return std::nullopt;
    return v;
}

std::optional<std::int64_t> toInteger(const json& j) {
    if (j.is_number_integer() && !j.is_number_unsigned()) return j.get<std::int64_t>();
    if (j.is_number_unsigned() && j.get<std::uint64_t>() <= static_cast<std::uint64_t>(kMaxCount))
        return static_cast<std::int64_t>(j.get<std::uint64_t>());
    if (j.is_number_float()) {
        const double v = j.get<double>();
        if (std::isfinite(v) && std::fabs(v) <= static_cast<double>(kMaxCount) && v == std::floor(v))
            return static_cast<std::int64_t>(v);
    }
    return std::nullopt;
}

void addSaturating(std::optional<std::int64_t>& sum, const std::optional<std::int64_t>& v) {
    if (!v) return;
    std::int64_t out = 0;
    if (!sum)
        sum = *v;
    else if (__builtin_add_overflow(*sum, *v, &out))
        sum = std::numeric_limits<std::int64_t>::max();
    else
        sum = out;
}

// Reads the four usage figures of a metrics / final_metrics object; wrong types go to `problems`.
AtifUsage readUsage(const json& obj, const char* prompt, const char* completion, const char* cached,
                    const char* cost, std::vector<std::string>* problems, const std::string& where) {
    AtifUsage u;
    const auto count = [&](const char* key, std::optional<std::int64_t>& out) {
        const auto it = obj.find(key);
        if (it == obj.end() || it->is_null()) return;
        out = toCount(*it);
        if (!out && problems)
            problems->push_back(where + key + ": not a token count (" + oneLine(compact(*it), 40) + ")");
    };
    count(prompt, u.promptTokens);
    count(completion, u.completionTokens);
    count(cached, u.cachedTokens);
    if (const auto it = obj.find(cost); it != obj.end() && !it->is_null()) {
        u.costUsd = toCost(*it);
        if (!u.costUsd && problems)
            problems->push_back(where + cost + ": not an amount (" + oneLine(compact(*it), 40) + ")");
    }
    return u;
}

std::string stringOr(const json& obj, const char* key, std::vector<std::string>& warnings,
                     const std::string& where) {
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return {};
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number()) return compact(*it);
    warnings.push_back(where + key + " is not a string");
    return {};
}

std::string FileSource::read(std::uint64_t offset, std::uint64_t length) const {
    FilePtr f(std::fopen(path.c_str(), "rb"));
    if (!f) throw InputError("cannot open " + path + ": " + std::strerror(errno));
    if (::fseeko(f.get(), static_cast<off_t>(offset), SEEK_SET) != 0)
        throw InputError("cannot seek in " + path);
    std::string out(static_cast<std::size_t>(length), '\0');
    const std::size_t n = std::fread(out.data(), 1, out.size(), f.get());
    out.resize(n);
    return out;
}

} // namespace vernier::atif_detail
