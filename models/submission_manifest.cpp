// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// cad-bench-submission v2 manifests (docs/formats.md): YAML read as the maintainers' loader (PyYAML
// safe_load, YAML 1.1) reads it, JSON manifests, and finding the manifest in a submission folder.
#include "models/submission.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "models/submission_internal.h"
#include "scoring/errors.h"

namespace vernier {

using namespace submission_detail;

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int kMaxYamlDepth = 64;
constexpr std::size_t kMaxYamlNodes = 100000;

// ---------------------------------------------------------------- YAML 1.1 scalars (PyYAML's resolver)

std::optional<bool> yamlBool(const std::string& s) {
    static const std::set<std::string> yes = {"yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"};
    static const std::set<std::string> no = {"no",    "No",  "NO",  "false", "False",
                                             "FALSE", "off", "Off", "OFF"};
    if (yes.count(s)) return true;
    if (no.count(s)) return false;
    return std::nullopt;
}

// All of s[from, to) in `ok` (and at least `min` characters).
bool allOf(const std::string& s, std::size_t from, std::size_t to, std::size_t min, bool (*ok)(char)) {
    if (to < from || to - from < min) return false;
    for (std::size_t i = from; i < to; ++i)
        if (!ok(s[i])) return false;
    return true;
}

bool digitOrUnderscore(char c) {
    return isDigit(c) || c == '_';
}
bool octalOrUnderscore(char c) {
    return (c >= '0' && c <= '7') || c == '_';
}
bool binaryOrUnderscore(char c) {
    return c == '0' || c == '1' || c == '_';
}
bool hexOrUnderscore(char c) {
    return isHex(c) || c == '_';
}

// (?::[0-5]?[0-9])+ from position i to the end (or to `end`).
bool sexagesimalTail(const std::string& s, std::size_t i, std::size_t end) {
    if (i >= end) return false;
    while (i < end) {
        if (s[i] != ':') return false;
        ++i;
        std::size_t j = i;
        while (j < end && isDigit(s[j]))
            ++j;
        if (j == i || j - i > 2) return false;
        if (j - i == 2 && s[i] > '5') return false;
        i = j;
    }
    return true;
}

bool matchesYamlInt(const std::string& s) {
    std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
    const std::size_t n = s.size();
    if (i >= n) return false;
    if (s.compare(i, 2, "0b") == 0) return allOf(s, i + 2, n, 1, binaryOrUnderscore);
    if (s.compare(i, 2, "0x") == 0) return allOf(s, i + 2, n, 1, hexOrUnderscore);
    if (s[i] == '0') return n - i == 1 || allOf(s, i + 1, n, 1, octalOrUnderscore);
    if (s[i] < '1' || s[i] > '9') return false;
    std::size_t j = i + 1;
    while (j < n && digitOrUnderscore(s[j]))
        ++j;
    return j == n || sexagesimalTail(s, j, n);
}

bool matchesYamlFloat(const std::string& s) {
    const std::size_t n = s.size();
    if (s == ".nan" || s == ".NaN" || s == ".NAN") return true;
    std::size_t i = (n > 0 && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
    if (s.compare(i, std::string::npos, ".inf") == 0 || s.compare(i, std::string::npos, ".Inf") == 0 ||
        s.compare(i, std::string::npos, ".INF") == 0)
        return true;
    auto exponentFrom = [&](std::size_t k) { // (?:[eE][-+][0-9]+)? then the end
        if (k == n) return true;
        if (s[k] != 'e' && s[k] != 'E') return false;
        if (k + 1 >= n || (s[k + 1] != '-' && s[k + 1] != '+')) return false;
        return allOf(s, k + 2, n, 1, isDigit);
    };
    auto fractionFrom = [&](std::size_t k) { // [0-9_]* then the exponent
        while (k < n && digitOrUnderscore(s[k]))
            ++k;
        return k;
    };
    // \.[0-9_]+(?:[eE][-+][0-9]+)?  (no sign)
    if (i == 0 && n > 1 && s[0] == '.') {
        const std::size_t k = fractionFrom(1);
        if (k > 1 && exponentFrom(k)) return true;
    }
    if (i >= n || !isDigit(s[i])) return false;
    std::size_t j = i + 1;
    while (j < n && digitOrUnderscore(s[j]))
        ++j;
    if (j < n && s[j] == '.') return exponentFrom(fractionFrom(j + 1));
    // [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    const std::size_t dot = s.find('.', j);
    if (dot == std::string::npos || j >= n || s[j] != ':') return false;
    return sexagesimalTail(s, j, dot) && fractionFrom(dot + 1) == n;
}

bool matchesYamlTimestamp(const std::string& s) {
    auto digits = [&](std::size_t at, std::size_t count) { return allOf(s, at, at + count, count, isDigit); };
    const std::size_t n = s.size();
    if (n == 10 && digits(0, 4) && s[4] == '-' && digits(5, 2) && s[7] == '-' && digits(8, 2)) return true;
    // [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(tz)?
    if (n < 4 || !digits(0, 4) || n < 5 || s[4] != '-') return false;
    std::size_t i = 5;
    auto oneOrTwo = [&]() {
        std::size_t j = i;
        while (j < n && j - i < 2 && isDigit(s[j]))
            ++j;
        if (j == i) return false;
        i = j;
        return true;
    };
    if (!oneOrTwo() || i >= n || s[i++] != '-' || !oneOrTwo() || i >= n) return false;
    if (s[i] == 'T' || s[i] == 't') {
        ++i;
    } else {
        if (s[i] != ' ' && s[i] != '\t') return false;
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            ++i;
    }
    if (!oneOrTwo() || i >= n || s[i++] != ':' || !digits(i, 2)) return false;
    i += 2;
    if (i >= n || s[i++] != ':' || !digits(i, 2)) return false;
    i += 2;
    if (i < n && s[i] == '.') {
        ++i;
        while (i < n && isDigit(s[i]))
            ++i;
    }
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        ++i;
    if (i == n) return true;
    if (s[i] == 'Z') return i + 1 == n;
    if (s[i] != '-' && s[i] != '+') return false;
    ++i;
    if (!oneOrTwo()) return false;
    if (i == n) return true;
    return s[i] == ':' && i + 3 == n && digits(i + 1, 2);
}

std::string withoutUnderscores(const std::string& s) {
    std::string out;
    for (char c : s)
        if (c != '_') out += c;
    return out;
}

json yamlInt(const std::string& text, const std::string& where) {
    std::string v = withoutUnderscores(text);
    bool negative = false;
    if (!v.empty() && (v[0] == '-' || v[0] == '+')) {
        negative = v[0] == '-';
        v.erase(0, 1);
    }
    const auto fail = [&]() -> json { throw InputError(where + ": invalid integer " + repr(json(text))); };
    // Python ints have no bound; beyond 64 bits the value is kept as a double (close enough for any check).
    long double value = 0;
    auto digitsIn = [&](const std::string& d, int base) {
        if (d.empty()) fail();
        for (char c : d) {
            int x = isDigit(c)               ? c - '0'
                    : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                    : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                             : 99;
            if (x >= base) fail();
            value = value * base + x;
        }
    };
    if (v == "0") {
        value = 0;
    } else if (v.rfind("0b", 0) == 0) {
        digitsIn(v.substr(2), 2);
    } else if (v.rfind("0x", 0) == 0) {
        digitsIn(v.substr(2), 16);
    } else if (v[0] == '0') {
        digitsIn(v.substr(1), 8);
    } else if (v.find(':') != std::string::npos) {
        std::stringstream parts(v);
        std::string part;
        while (std::getline(parts, part, ':')) {
            long double p = 0;
            for (char c : part)
                p = p * 10 + (c - '0');
            value = value * 60 + p;
        }
    } else {
        digitsIn(v, 10);
    }
    if (negative) value = -value;
    if (value >= static_cast<long double>(std::numeric_limits<std::int64_t>::min()) &&
        value <= static_cast<long double>(std::numeric_limits<std::int64_t>::max()))
        return json(static_cast<std::int64_t>(value));
    return json(static_cast<double>(value));
}

json yamlFloat(const std::string& text, const std::string& where) {
    std::string v = withoutUnderscores(text);
    std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return std::tolower(c); });
    double sign = 1;
    if (!v.empty() && (v[0] == '-' || v[0] == '+')) {
        if (v[0] == '-') sign = -1;
        v.erase(0, 1);
    }
    if (v == ".inf") return json(sign * std::numeric_limits<double>::infinity());
    if (v == ".nan") return json(std::numeric_limits<double>::quiet_NaN());
    if (v.find(':') != std::string::npos) {
        std::stringstream parts(v);
        std::string part;
        double value = 0;
        while (std::getline(parts, part, ':'))
            value = value * 60 + std::strtod(part.c_str(), nullptr);
        return json(sign * value);
    }
    if (v.empty() || v == ".") throw InputError(where + ": invalid float " + repr(json(text)));
    char* end = nullptr;
    const double d = std::strtod(v.c_str(), &end);
    if (!end || *end != '\0') throw InputError(where + ": invalid float " + repr(json(text)));
    return json(sign * d);
}

// ---------------------------------------------------------------- YAML -> JSON

// Counts documents and nothing else (the events of yaml-cpp's parser, ignored).
class DocumentCounter : public YAML::EventHandler {
public:
    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                         YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                    YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}
};

// A YAML node tree as JSON, scalars resolved as PyYAML does; bounded in depth and in values (aliases).
class YamlToJson {
public:
    explicit YamlToJson(std::vector<std::string>& timestamps) : timestamps_(timestamps) {}

    json convert(const YAML::Node& n, const std::string& path, int depth) {
        if (depth > kMaxYamlDepth)
            throw InputError("nested deeper than " + std::to_string(kMaxYamlDepth) + " levels");
        if (++nodes_ > kMaxYamlNodes)
            throw InputError("more than " + std::to_string(kMaxYamlNodes) + " values (alias expansion?)");
        switch (n.Type()) {
        case YAML::NodeType::Null:
        case YAML::NodeType::Undefined:
            return json(nullptr);
        case YAML::NodeType::Scalar:
            return scalar(n, path);
        case YAML::NodeType::Sequence: {
            checkCollectionTag(n, "seq", path);
            json out = json::array();
            std::size_t i = 0;
            for (const auto& item : n)
                out.push_back(convert(item, path + "[" + std::to_string(i++) + "]", depth + 1));
            return out;
        }
        case YAML::NodeType::Map:
            checkCollectionTag(n, "map", path);
            return mapping(n, path, depth);
        }
        return json(nullptr);
    }

private:
    std::vector<std::string>& timestamps_;
    std::size_t nodes_ = 0;

    static void checkCollectionTag(const YAML::Node& n, const std::string& kind, const std::string& path) {
        const std::string& tag = n.Tag();
        if (tag.empty() || tag == "?" || tag == "!" || tag == "tag:yaml.org,2002:" + kind) return;
        throw InputError(path + ": unsupported YAML tag " + repr(json(tag)));
    }

    json scalar(const YAML::Node& n, const std::string& path) {
        const std::string& text = n.Scalar();
        const std::string& tag = n.Tag();
        if (tag == "!" || tag == "tag:yaml.org,2002:str") return json(text);
        if (tag == "tag:yaml.org,2002:int") {
            if (!matchesYamlInt(text)) throw InputError(path + ": invalid integer " + repr(json(text)));
            return yamlInt(text, path);
        }
        if (tag == "tag:yaml.org,2002:float") {
            if (!matchesYamlFloat(text) && !matchesYamlInt(text))
                throw InputError(path + ": invalid float " + repr(json(text)));
            return yamlFloat(text, path);
        }
        if (tag == "tag:yaml.org,2002:bool") {
            auto b = yamlBool(text);
            if (!b) throw InputError(path + ": invalid boolean " + repr(json(text)));
            return json(*b);
        }
        if (tag == "tag:yaml.org,2002:null") return json(nullptr);
        if (tag == "tag:yaml.org,2002:timestamp") {
            timestamps_.push_back(path);
            return json(text);
        }
        if (tag != "?" && !tag.empty()) throw InputError(path + ": unsupported YAML tag " + repr(json(tag)));
        // A plain scalar: PyYAML's implicit resolvers in their order (bool, float, int, null, timestamp).
        if (auto b = yamlBool(text)) return json(*b);
        if (matchesYamlFloat(text)) return yamlFloat(text, path);
        if (matchesYamlInt(text)) return yamlInt(text, path);
        if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL")
            return json(nullptr);
        if (matchesYamlTimestamp(text)) {
            timestamps_.push_back(path);
            return json(text);
        }
        return json(text);
    }

    static std::string keyText(const YAML::Node& key, const std::string& path) {
        if (key.IsNull()) return "null";
        if (!key.IsScalar()) throw InputError(path + ": a mapping key is not a scalar");
        return key.Scalar();
    }

    json mapping(const YAML::Node& n, const std::string& path, int depth) {
        json out = json::object();
        std::vector<json> merges; // "<<" merge keys: their entries come in unless given explicitly
        for (auto it = n.begin(); it != n.end(); ++it) {
            const std::string key = keyText(it->first, path);
            if (key == "<<" && it->first.Tag() == "?") {
                merges.push_back(convert(it->second, path, depth + 1));
                continue;
            }
            out[key] = convert(it->second, path + "." + key, depth + 1);
        }
        for (const json& m : merges) {
            const std::vector<json> sources =
                m.is_array() ? m.get<std::vector<json>>() : std::vector<json>{m};
            for (const json& src : sources) {
                if (!src.is_object()) throw InputError(path + ": a merge key (<<) must name mappings");
                for (auto it = src.begin(); it != src.end(); ++it)
                    if (!out.contains(it.key())) out[it.key()] = it.value();
            }
        }
        return out;
    }
};

} // namespace

// ---------------------------------------------------------------- manifest

SubmissionManifest parseSubmissionManifest(const std::string& text, const std::string& name, bool isJson) {
    if (text.size() > kMaxManifestBytes)
        throw InputError(name + ": manifest is larger than " + std::to_string(kMaxManifestBytes >> 10) +
                         " KiB");
    SubmissionManifest m;
    m.path = name;
    m.format = isJson ? "json" : "yaml";
    if (isJson) {
        int depth = 0;
        m.doc = json::parse(
            text,
            [&depth](int d, json::parse_event_t, json&) {
                depth = std::max(depth, d);
                return true;
            },
            false);
        if (m.doc.is_discarded()) throw InputError(name + ": not valid JSON");
        // Printing or comparing a value recurses: keep manifests as shallow as YAML ones must be.
        if (depth > kMaxYamlDepth)
            throw InputError(name + ": nested deeper than " + std::to_string(kMaxYamlDepth) + " levels");
    } else {
        // The first document via YAML::Load; then at most two documents counted. (YAML::LoadAll of yaml-cpp
        // 0.7 loops forever on some malformed input, e.g. a lone ",", taking it for endless empty documents.)
        YAML::Node root;
        int documents = 0;
        try {
            root = YAML::Load(text);
            std::istringstream stream(text);
            YAML::Parser parser(stream);
            DocumentCounter counter;
            while (documents < 2 && parser.HandleNextDocument(counter))
                ++documents;
        } catch (const YAML::Exception& e) {
            throw InputError(name + ": not valid YAML: " + oneLine(e.msg) + " (line " +
                             std::to_string(e.mark.line + 1) + ")");
        }
        if (documents > 1) throw InputError(name + ": not a single YAML document");
        try {
            YamlToJson convert(m.yamlTimestamps);
            m.doc = documents == 0 ? json(nullptr) : convert.convert(root, "$", 0);
        } catch (const InputError& e) {
            throw InputError(name + ": " + oneLine(e.what()));
        } catch (const YAML::Exception& e) {
            throw InputError(name + ": not valid YAML: " + oneLine(e.msg));
        }
    }
    if (!m.doc.is_object())
        throw InputError(name + ": manifest must contain a " +
                         std::string(isJson ? "JSON object" : "YAML mapping") + " at its root");
    return m;
}

SubmissionManifest loadSubmissionManifest(const std::string& path) {
    const std::string text = readSmallFile(path, kMaxManifestBytes, "manifest");
    std::string lower = path;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return parseSubmissionManifest(text, path, endsWith(lower, ".json"));
}

// ---------------------------------------------------------------- the manifest of a submission folder

std::string findSubmissionManifest(const std::string& folder) {
    auto yamlFilesIn = [](const fs::path& dir, bool ymlToo) {
        std::vector<std::string> out;
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) return out;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string ext = it->path().extension().string();
            if (it->is_regular_file(ec) && (ext == ".yaml" || (ymlToo && ext == ".yml")))
                out.push_back(it->path().string());
        }
        std::sort(out.begin(), out.end());
        return out;
    };
    for (const auto& [dir, ymlToo] :
         {std::pair{fs::path(folder) / "submissions" / "v2", false}, std::pair{fs::path(folder), true}}) {
        const std::vector<std::string> found = yamlFilesIn(dir, ymlToo);
        if (found.size() == 1) return found[0];
        if (found.size() > 1)
            throw InputError(dir.string() + ": several manifests (" + joined(found, 5) +
                             "); name one with --manifest");
    }
    throw InputError(folder + ": no manifest found (expected submissions/v2/<handle>-<agent>-<model>.yaml)");
}

} // namespace vernier
