// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the cad-bench-submission v2 files (models/submission_*.cpp): one-line messages in the
// maintainers' Python wording, JSON access with Python semantics, and small-file reading.
#include "models/submission_internal.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "scoring/errors.h"

namespace vernier::submission_detail {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::size_t kMaxReasonChars = 400;

bool uuidAt(const std::string& s, std::size_t at) {
    static const int groups[] = {8, 4, 4, 4, 12};
    std::size_t i = at;
    for (int g = 0; g < 5; ++g) {
        if (g > 0) {
            if (i >= s.size() || s[i] != '-') return false;
            ++i;
        }
        for (int k = 0; k < groups[g]; ++k, ++i)
            if (i >= s.size() || !(isDigit(s[i]) || (s[i] >= 'a' && s[i] <= 'f'))) return false;
    }
    return i == s.size() || (i + 1 == s.size() && s[i] == '/');
}

const std::string kHubPrefix = "https://hub.harborframework.com/jobs/";

} // namespace

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isHex(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// One printable line: control characters escaped, long text cut.
std::string oneLine(const std::string& s) {
    std::string out;
    for (unsigned char c : s) {
        if (out.size() >= kMaxReasonChars) {
            out += "...";
            break;
        }
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c < 0x20 || c == 0x7f)
            out += "?";
        else
            out += static_cast<char>(c);
    }
    return out;
}

// Python's repr() of a JSON value, as the maintainers' messages print it (one line, cut when long).
std::string repr(const json& v) {
    if (v.is_null()) return "None";
    if (v.is_boolean()) return v.get<bool>() ? "True" : "False";
    if (v.is_string()) {
        std::string s = v.get<std::string>();
        if (s.size() > 80) s = s.substr(0, 80) + "...";
        std::string out = "'";
        for (char c : s)
            out += c == '\'' ? std::string("\\'") : std::string(1, c);
        return oneLine(out + "'");
    }
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::isnan(d)) return "nan";
        if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
    }
    std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
    if (s.size() > 80) s = s.substr(0, 80) + "...";
    return oneLine(s);
}

std::string fixed8(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.8f", v);
    return buf;
}

// Python truthiness of a JSON value (for `a or b` in the maintainers' code).
bool truthy(const json& v) {
    if (v.is_null()) return false;
    if (v.is_boolean()) return v.get<bool>();
    if (v.is_number()) return v.get<double>() != 0.0;
    if (v.is_string()) return !v.get_ref<const std::string&>().empty();
    return !v.empty();
}

// dict.get(key) of a JSON value (null when it is not an object or lacks the key).
const json& get(const json& o, const char* key) {
    static const json null;
    if (!o.is_object()) return null;
    auto it = o.find(key);
    return it == o.end() ? null : *it;
}

const json& orElse(const json& a, const json& b) {
    return truthy(a) ? a : b;
}

std::string readSmallFile(const std::string& path, std::size_t limit, const char* what) {
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) throw InputError(path + ": no such file");
    if (!fs::is_regular_file(st)) throw InputError(path + ": not a file");
    const auto size = fs::file_size(path, ec);
    if (ec) throw InputError(path + ": " + ec.message());
    if (size > limit)
        throw InputError(path + ": " + what + " is larger than " + std::to_string(limit >> 10) + " KiB");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot be opened");
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The job uuid of a Harbor Hub job URL (the audit's HARBOR_JOB_ID_PATTERN), else empty.
std::string hubJobId(const std::string& url) {
    if (url.rfind(kHubPrefix, 0) != 0 || !uuidAt(url, kHubPrefix.size())) return "";
    return url.substr(kHubPrefix.size(), 36);
}

std::string joined(const std::vector<std::string>& items, std::size_t limit) {
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < limit; ++i)
        out += (i ? ", " : "") + items[i];
    if (items.size() > limit) out += ", ... (" + std::to_string(items.size() - limit) + " more)";
    return out;
}

} // namespace vernier::submission_detail
