// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/spec_parser.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <numbers>
#include <sstream>

#include <nlohmann/json.hpp>

#include "scoring/errors.h"

namespace vernier {
namespace {

using Kind = SpecParameter::Kind;

constexpr std::size_t kMaxSpecBytes = 4u << 20;

const std::string kUnicodeMinus = "\xE2\x88\x92"; // U+2212
const std::string kBullet = "\xE2\x80\xA2";       // U+2022
const std::string kAlmostEqual = "\xE2\x89\x88";  // U+2248
const std::string kDegree = "\xC2\xB0";           // U+00B0

void replaceAll(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size()))
        s.replace(pos, from.size(), to);
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}
bool isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

std::string trim(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && isSpace(s[b]))
        ++b;
    while (e > b && isSpace(s[e - 1]))
        --e;
    return s.substr(b, e - b);
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::vector<std::string> keyTokens(const std::string& key) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : key) {
        if (c == '_') {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

bool isCountKey(const std::string& key) {
    static const std::vector<std::string> hints{"num", "count", "number", "rows", "cols", "columns", "teeth"};
    for (const auto& t : keyTokens(key))
        if (std::find(hints.begin(), hints.end(), t) != hints.end()) return true;
    return false;
}

// Normalizes a value in `unit` to mm / rad; unknown units are kept as written (§8.2).
void normalizeUnit(double& value, std::string& unit) {
    if (unit == "mm") {
    } else if (unit == "cm") {
        value *= 10.0;
        unit = "mm";
    } else if (unit == "m") {
        value *= 1000.0;
        unit = "mm";
    } else if (unit == "deg" || unit == kDegree) {
        value *= std::numbers::pi / 180.0;
        unit = "rad";
    }
}

// A number at s[pos]: optional sign, digits with an optional fraction, optional exponent.
bool scanNumber(const std::string& s, std::size_t& pos, double& out) {
    std::size_t p = pos;
    std::string buf;
    if (p < s.size() && (s[p] == '+' || s[p] == '-')) {
        if (s[p] == '-') buf += '-';
        ++p;
    }
    std::size_t digits = 0;
    while (p < s.size() && isDigit(s[p]))
        buf += s[p++], ++digits;
    if (p < s.size() && s[p] == '.') {
        buf += s[p++];
        while (p < s.size() && isDigit(s[p]))
            buf += s[p++], ++digits;
    }
    if (digits == 0) return false;
    if (p < s.size() && (s[p] == 'e' || s[p] == 'E')) {
        std::size_t q = p + 1;
        std::string exp = "e";
        if (q < s.size() && (s[q] == '+' || s[q] == '-')) exp += s[q++];
        std::size_t expDigits = 0;
        while (q < s.size() && isDigit(s[q]))
            exp += s[q++], ++expDigits;
        if (expDigits > 0) { // "5e" alone: the "e" is left for the unit scanner (and rejected there)
            buf += exp;
            p = q;
        }
    }
    const char* first = buf.data();
    if (*first == '-') {
        auto [ptr, ec] = std::from_chars(first + 1, buf.data() + buf.size(), out);
        if (ec != std::errc() || ptr != buf.data() + buf.size()) return false;
        out = -out;
    } else {
        auto [ptr, ec] = std::from_chars(first, buf.data() + buf.size(), out);
        if (ec != std::errc() || ptr != buf.data() + buf.size()) return false;
    }
    if (!std::isfinite(out)) return false;
    pos = p;
    return true;
}

// A unit token: "°" or a letter followed by letters, digits and a few unit punctuation marks.
std::string scanUnit(const std::string& s, std::size_t& pos) {
    if (s.compare(pos, kDegree.size(), kDegree) == 0) {
        pos += kDegree.size();
        return kDegree;
    }
    if (pos >= s.size() || !isAlpha(s[pos])) return {};
    std::size_t b = pos;
    while (pos < s.size() && (isAlpha(s[pos]) || isDigit(s[pos]) || s[pos] == '^' || s[pos] == '_'))
        ++pos;
    return s.substr(b, pos - b);
}

void skipSpaces(const std::string& s, std::size_t& pos) {
    while (pos < s.size() && isSpace(s[pos]))
        ++pos;
}

// "number [unit]" with nothing else but an optional trailing parenthetical note.
bool parseScalarText(const std::string& text, double& value, std::string& unit, std::string& reason) {
    std::size_t pos = 0;
    skipSpaces(text, pos);
    if (!scanNumber(text, pos, value)) {
        reason = "value is not a number";
        return false;
    }
    skipSpaces(text, pos);
    unit = scanUnit(text, pos);
    skipSpaces(text, pos);
    if (pos < text.size() && text[pos] == '(' && text.back() == ')') pos = text.size(); // "20 mm (derived)"
    if (pos != text.size()) {
        reason = "expressions are not evaluated: '" + text + "'";
        return false;
    }
    normalizeUnit(value, unit);
    return true;
}

bool isBareIdentifier(const std::string& s) {
    if (s.empty() || !isAlpha(s[0])) return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return isAlpha(c) || isDigit(c) || c == '_' || c == '-'; });
}

std::string formatNumber(double v) {
    std::ostringstream os;
    os.precision(12);
    os << v;
    return os.str();
}

// The spec being built plus an index of (key, kind) -> position, so duplicates replace in O(log n).
struct Builder {
    StructuredSpec spec;
    std::map<std::pair<std::string, int>, std::size_t> index;
};

void addParameter(Builder& b, SpecParameter p) {
    const std::size_t n = b.spec.parameters.size() + b.spec.rejected.size();
    const auto key = std::make_pair(p.key, static_cast<int>(p.kind));
    if (auto it = b.index.find(key); it != b.index.end()) {
        p.order = b.spec.parameters[it->second].order;
        b.spec.parameters[it->second] = std::move(p);
        return;
    }
    p.order = static_cast<int>(n);
    b.index.emplace(key, b.spec.parameters.size());
    b.spec.parameters.push_back(std::move(p));
}

// Turns a parsed value into a parameter of `key` (counts need the key) and adds it.
void addParsed(Builder& b, const std::string& key, const ParsedValue& v, const std::string& raw,
               const std::string& valueText) {
    if (!v.ok) {
        b.spec.rejected.push_back({raw, v.reason});
        return;
    }
    SpecParameter p;
    p.key = key;
    p.kind = v.kind;
    p.value = v.value;
    p.unit = v.unit;
    p.components = v.components;
    p.text = v.text;
    p.rawText = raw;
    p.valueText = valueText;
    if (p.kind == Kind::Scalar && p.unit.empty() && isCountKey(key) && p.value == std::floor(p.value) &&
        std::abs(p.value) < 9.0e15)
        p.kind = Kind::Count;
    addParameter(b, std::move(p));
}

// Chunks of key_parameters: lines, then commas outside parentheses.
std::vector<std::string> splitChunks(const std::string& text) {
    std::vector<std::string> out;
    std::string line;
    auto flushLine = [&](const std::string& l) {
        int depth = 0;
        std::string buf;
        for (char c : l) {
            if (c == '(') ++depth;
            if (c == ')') --depth;
            if (c == ',' && depth == 0) {
                out.push_back(buf);
                buf.clear();
            } else {
                buf += c;
            }
        }
        if (!buf.empty()) out.push_back(buf);
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\n' || c == '\r') {
            flushLine(line);
            line.clear();
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
        } else {
            line += c;
        }
    }
    if (!line.empty()) flushLine(line);
    return out;
}

// Bullets ("-", "*", "•", repeated) and a "**Header**:" label.
std::string stripLead(std::string s) {
    for (;;) {
        std::size_t b = 0;
        while (b < s.size() && isSpace(s[b]))
            ++b;
        s.erase(0, b);
        if (s.rfind("**", 0) == 0) {
            std::size_t close = s.find("**", 2);
            if (close != std::string::npos) {
                std::size_t p = close + 2;
                while (p < s.size() && isSpace(s[p]))
                    ++p;
                if (p < s.size() && s[p] == ':') {
                    s.erase(0, p + 1);
                    continue;
                }
            }
        }
        if (!s.empty() && (s[0] == '-' || s[0] == '*')) {
            s.erase(0, 1);
            continue;
        }
        if (s.rfind(kBullet, 0) == 0) {
            s.erase(0, kBullet.size());
            continue;
        }
        return s;
    }
}

void parseChunk(Builder& b, const std::string& rawChunk) {
    const std::string raw = trim(rawChunk);
    if (raw.empty()) return;
    std::string chunk = stripLead(raw);
    replaceAll(chunk, "**", "");
    replaceAll(chunk, kAlmostEqual, "=");
    chunk = trim(chunk);
    if (chunk.empty()) return;
    const std::size_t eq = chunk.rfind('=');
    if (eq == std::string::npos) {
        b.spec.rejected.push_back({raw, "no '=' in this line"});
        return;
    }
    std::size_t k = 0;
    while (k < chunk.size() && (isAlpha(chunk[k]) || (k > 0 && (isDigit(chunk[k]) || chunk[k] == '_'))))
        ++k;
    if (k == 0) {
        b.spec.rejected.push_back({raw, "no parameter name before '='"});
        return;
    }
    const std::string key = lower(chunk.substr(0, k));
    const std::string valueText = trim(chunk.substr(eq + 1));
    if (valueText.empty()) {
        b.spec.rejected.push_back({raw, "empty value"});
        return;
    }
    addParsed(b, key, parseValueText(valueText), raw, valueText);
}

// One component of a structured vector: a number, or a string with or without its own unit.
bool structuredComponent(const nlohmann::ordered_json& c, const std::string& unit, double& out,
                         std::string& outUnit, std::string& text, std::string& reason) {
    if (c.is_number() && !c.is_boolean()) {
        out = c.get<double>();
        outUnit = unit;
        text = formatNumber(out) + (unit.empty() ? "" : " " + unit);
        normalizeUnit(out, outUnit);
        return std::isfinite(out) || (reason = "non-finite component", false);
    }
    if (c.is_string()) {
        text = c.get<std::string>();
        std::string t = text;
        replaceAll(t, kUnicodeMinus, "-");
        if (!parseScalarText(t, out, outUnit, reason)) return false;
        if (outUnit.empty() && !unit.empty()) {
            outUnit = unit;
            normalizeUnit(out, outUnit);
        }
        return true;
    }
    reason = "vector component is neither a number nor a string";
    return false;
}

void parseStructuredEntry(Builder& b, const std::string& rawKey, const nlohmann::ordered_json& v) {
    const std::string key = lower(trim(rawKey));
    const std::string raw = rawKey + ": " + v.dump();
    if (key.empty()) {
        b.spec.rejected.push_back({raw, "empty parameter name"});
        return;
    }
    ParsedValue pv;
    std::string valueText;
    if (v.is_number() && !v.is_boolean()) {
        pv.ok = std::isfinite(v.get<double>());
        pv.value = v.get<double>();
        pv.reason = "non-finite number";
        valueText = formatNumber(pv.value);
    } else if (v.is_string()) {
        valueText = v.get<std::string>();
        pv = parseValueText(valueText);
    } else if (v.is_object() && v.contains("value")) {
        std::string unit;
        if (v.contains("unit")) {
            if (!v["unit"].is_string()) {
                b.spec.rejected.push_back({raw, "unit must be a string"});
                return;
            }
            unit = trim(v["unit"].get<std::string>());
        }
        const auto& val = v["value"];
        if (val.is_array()) {
            if (val.size() != 2 && val.size() != 3) {
                b.spec.rejected.push_back({raw, "a vector needs 2 or 3 components"});
                return;
            }
            pv.ok = true;
            pv.kind = Kind::Vector;
            valueText = "(";
            for (std::size_t i = 0; i < val.size(); ++i) {
                double c = 0;
                std::string cu, ct;
                if (!structuredComponent(val[i], unit, c, cu, ct, pv.reason)) {
                    pv.ok = false;
                    break;
                }
                pv.components.push_back(c);
                if (pv.unit.empty()) pv.unit = cu;
                valueText += (i ? ", " : "") + ct;
            }
            valueText += ")";
        } else if (val.is_number() && !val.is_boolean()) {
            pv.ok = std::isfinite(val.get<double>());
            pv.reason = "non-finite number";
            pv.value = val.get<double>();
            pv.unit = unit;
            valueText = formatNumber(pv.value) + (unit.empty() ? "" : " " + unit);
            normalizeUnit(pv.value, pv.unit);
        } else if (val.is_string()) {
            valueText = val.get<std::string>();
            pv = parseValueText(valueText);
            if (pv.ok && pv.kind == Kind::Scalar && pv.unit.empty() && !unit.empty()) {
                pv.unit = unit;
                normalizeUnit(pv.value, pv.unit);
                valueText += " " + unit;
            }
        } else {
            pv.reason = "unsupported \"value\" type";
        }
    } else {
        pv.reason = "unsupported value (expected a number, a string or {\"value\": ..., \"unit\": ...})";
    }
    addParsed(b, key, pv, raw, valueText);
}

} // namespace

const SpecParameter* StructuredSpec::find(const std::string& key, SpecParameter::Kind kind) const {
    for (const auto& p : parameters)
        if (p.key == key && p.kind == kind) return &p;
    return nullptr;
}

std::vector<const SpecParameter*> StructuredSpec::ofKind(SpecParameter::Kind kind) const {
    std::vector<const SpecParameter*> out;
    for (const auto& p : parameters)
        if (p.kind == kind) out.push_back(&p);
    return out;
}

const char* kindName(SpecParameter::Kind kind) {
    switch (kind) {
    case Kind::Scalar:
        return "scalar";
    case Kind::Vector:
        return "vector";
    case Kind::Count:
        return "count";
    case Kind::String:
        return "string";
    }
    return "scalar";
}

ParsedValue parseValueText(const std::string& valueText) {
    ParsedValue out;
    std::string s = trim(valueText);
    replaceAll(s, kUnicodeMinus, "-");
    if (s.empty()) {
        out.reason = "empty value";
        return out;
    }
    if (s[0] == '(') {
        const std::size_t close = s.find(')');
        if (close == std::string::npos) {
            out.reason = "unclosed '(' in vector";
            return out;
        }
        std::string outer = trim(s.substr(close + 1));
        std::size_t upos = 0;
        std::string outerUnit = scanUnit(outer, upos);
        if (upos != outer.size()) {
            out.reason = "unexpected text after vector: '" + outer + "'";
            return out;
        }
        std::string inner = s.substr(1, close - 1);
        std::vector<std::string> parts;
        std::string cur;
        for (char c : inner) {
            if (c == ',') {
                parts.push_back(cur);
                cur.clear();
            } else {
                cur += c;
            }
        }
        parts.push_back(cur);
        if (parts.size() != 2 && parts.size() != 3) {
            out.reason = "a vector needs 2 or 3 components";
            return out;
        }
        for (const auto& part : parts) {
            double v = 0;
            std::string unit;
            if (!parseScalarText(trim(part), v, unit, out.reason)) return out;
            if (unit.empty() && !outerUnit.empty()) {
                unit = outerUnit;
                normalizeUnit(v, unit);
            }
            out.components.push_back(v);
            if (out.unit.empty()) out.unit = unit;
        }
        out.ok = true;
        out.kind = Kind::Vector;
        return out;
    }
    if (isDigit(s[0]) || s[0] == '-' || s[0] == '+' || s[0] == '.') {
        out.ok = parseScalarText(s, out.value, out.unit, out.reason);
        out.kind = Kind::Scalar;
        return out;
    }
    if (isBareIdentifier(s)) {
        out.ok = true;
        out.kind = Kind::String;
        out.text = s;
        return out;
    }
    out.reason = "not a number, a vector or a single-word string: '" + trim(valueText) + "'";
    return out;
}

StructuredSpec parseKeyParameters(const std::string& text) {
    Builder b;
    for (const auto& chunk : splitChunks(text))
        parseChunk(b, chunk);
    return std::move(b.spec);
}

StructuredSpec parseKeyParameters(const nlohmann::ordered_json& keyParameters) {
    if (keyParameters.is_string()) return parseKeyParameters(keyParameters.get<std::string>());
    Builder b;
    if (keyParameters.is_null()) return std::move(b.spec);
    if (!keyParameters.is_object())
        throw InputError("spec.json: key_parameters must be a string or an object");
    for (const auto& [k, v] : keyParameters.items())
        parseStructuredEntry(b, k, v);
    return std::move(b.spec);
}

SpecDefinition parseSpecJson(const std::string& jsonText, const std::string& fileName) {
    nlohmann::ordered_json j;
    try {
        j = nlohmann::ordered_json::parse(jsonText);
    } catch (const nlohmann::json::exception& e) {
        std::string what = e.what();
        throw InputError(fileName + ": invalid JSON (" + what.substr(0, 160) + ")");
    }
    if (!j.is_object()) throw InputError(fileName + ": spec must be a JSON object");
    SpecDefinition def;
    auto text = [&](const char* field) -> std::string {
        if (!j.contains(field) || j[field].is_null()) return {};
        return j[field].is_string() ? j[field].get<std::string>() : j[field].dump();
    };
    StructuredSpec parsed;
    if (j.contains("key_parameters")) {
        try {
            parsed = parseKeyParameters(j["key_parameters"]);
        } catch (const InputError&) {
            throw InputError(fileName + ": key_parameters must be a string or an object");
        }
    }
    static_cast<StructuredSpec&>(def) = std::move(parsed);
    def.name = trim(text("name"));
    def.description = text("description");
    def.fileName = fileName;
    def.hasGeometryBindings = j.contains("geometry_bindings") && !j["geometry_bindings"].is_null();
    return def;
}

namespace {

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of("/\\");
    return path.substr(slash == std::string::npos ? 0 : slash + 1);
}

std::string readSpecText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(baseName(path) + ": cannot open spec file");
    std::string data;
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        data.append(buf, static_cast<std::size_t>(in.gcount()));
        if (data.size() > kMaxSpecBytes) throw InputError(baseName(path) + ": spec file larger than 4 MiB");
    }
    return data;
}

} // namespace

SpecDefinition loadSpecFile(const std::string& path) {
    SpecDefinition def = parseSpecJson(readSpecText(path), baseName(path));
    def.path = path;
    return def;
}

StageSpecs parseStageSpecs(const std::string& jsonText, const std::string& fileName) {
    StageSpecs out{std::nullopt, parseSpecJson(jsonText, fileName)};
    const nlohmann::ordered_json j =
        nlohmann::ordered_json::parse(jsonText, nullptr, false); // valid: parsed above
    if (j.is_object() && j.contains("base_key_parameters")) {
        nlohmann::ordered_json b = {{"name", j.contains("name") ? j["name"] : nlohmann::ordered_json("")},
                                    {"description", j.contains("base_description")
                                                        ? j["base_description"]
                                                        : nlohmann::ordered_json("")},
                                    {"key_parameters", j["base_key_parameters"]}};
        out.base = parseSpecJson(b.dump(), fileName);
    }
    return out;
}

StageSpecs loadStageSpecs(const std::string& path) {
    StageSpecs s = parseStageSpecs(readSpecText(path), baseName(path));
    s.edit.path = path;
    if (s.base) s.base->path = path;
    return s;
}

} // namespace vernier
