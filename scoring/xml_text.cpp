// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Text rules of the Document.xml reader (xml_text.h).
#include "scoring/xml_text.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace vernier::xml {

namespace {

// Length of the QChar::isSpace character starting at s[i] (UTF-8), 0 if there is none.
std::size_t spaceAt(std::string_view s, std::size_t i) {
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned c = at(i);
    if (c == ' ' || (c >= 0x09 && c <= 0x0D)) return 1;
    if (c == 0xC2 && i + 1 < s.size() && (at(i + 1) == 0x85 || at(i + 1) == 0xA0)) return 2;
    if (i + 2 >= s.size()) return 0;
    const unsigned c1 = at(i + 1), c2 = at(i + 2);
    const bool space = (c == 0xE1 && c1 == 0x9A && c2 == 0x80) || // U+1680
                       (c == 0xE2 && c1 == 0x80 && (c2 <= 0x8A || c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF)) ||
                       (c == 0xE2 && c1 == 0x81 && c2 == 0x9F) || // U+205F
                       (c == 0xE3 && c1 == 0x80 && c2 == 0x80);   // U+3000
    return space ? 3 : 0;
}

} // namespace

std::string_view trimmed(std::string_view s) {
    while (!s.empty())
        if (const std::size_t n = spaceAt(s, 0))
            s.remove_prefix(n);
        else
            break;
    for (bool more = true; more && !s.empty();) {
        more = false;
        for (std::size_t n = 1; n <= 3 && n <= s.size(); ++n)
            if (spaceAt(s, s.size() - n) == n) {
                s.remove_suffix(n);
                more = true;
                break;
            }
    }
    return s;
}

// Checked against Qt 6.4's QStringView::toDouble on millions of generated strings.
std::optional<double> toNumber(std::string_view text) {
    const std::string_view s = trimmed(text);
    if (s.empty()) return std::nullopt;
    std::string_view body = s;
    const bool negative = body[0] == '-';
    if (body[0] == '+' || body[0] == '-') body.remove_prefix(1);
    if (body.empty()) return std::nullopt;
    if (!(body[0] >= '0' && body[0] <= '9') && body[0] != '.') {
        if (body.size() != 3) return std::nullopt;
        std::string lower(body);
        for (char& c : lower)
            c = static_cast<char>(c | 0x20);
        if (lower == "inf") return negative ? -HUGE_VAL : HUGE_VAL;
        if (lower == "nan" && body.size() == s.size()) return std::nan("");
        return std::nullopt;
    }
    double v = 0;
    const auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), v);
    if (ec != std::errc() || end != body.data() + body.size()) return std::nullopt;
    return negative ? -v : v;
}

namespace {

std::optional<Fault> badCharacter(std::string_view xml) {
    const auto* p = reinterpret_cast<const unsigned char*>(xml.data());
    const std::size_t n = xml.size();
    std::size_t i = 0;
    while (i < n) {
        if (i + 8 <= n) { // eight ASCII bytes >= 0x20 at once: most of a document
            std::uint64_t w;
            std::memcpy(&w, p + i, 8);
            if (((w | (w - 0x2020202020202020ull)) & 0x8080808080808080ull) == 0) {
                i += 8;
                continue;
            }
        }
        const unsigned c = p[i];
        if (c < 0x80) {
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
                return Fault{i, "control character " + std::to_string(c) + " is not allowed"};
            ++i;
            continue;
        }
        const std::size_t len = c >= 0xC2 && c <= 0xDF   ? 2
                                : c >= 0xE0 && c <= 0xEF ? 3
                                : c >= 0xF0 && c <= 0xF4 ? 4
                                                         : 0;
        const unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
        const unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
        bool ok = len != 0 && i + len <= n && p[i + 1] >= lo && p[i + 1] <= hi;
        for (std::size_t k = 2; ok && k < len; ++k)
            ok = p[i + k] >= 0x80 && p[i + k] <= 0xBF;
        if (!ok) return Fault{i, "invalid UTF-8"};
        if (c == 0xEF && p[i + 1] == 0xBF && p[i + 2] >= 0xBE)
            return Fault{i, "character U+FFFE or U+FFFF is not allowed"};
        i += len;
    }
    return std::nullopt;
}

bool isXmlChar(std::uint64_t c) {
    return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
           (c >= 0x10000 && c <= 0x10FFFF);
}

// Why the reference at xml[at] ('&') is not one of XML's five entities or a character reference, if so.
std::optional<std::string> badReference(std::string_view xml, std::size_t at) {
    const std::size_t semi = xml.find(';', at);
    const std::string_view ref = xml.substr(at + 1, semi == std::string_view::npos ? 0 : semi - at - 1);
    if (semi == std::string_view::npos || ref.empty()) return "malformed entity reference";
    if (ref == "amp" || ref == "lt" || ref == "gt" || ref == "quot" || ref == "apos") return std::nullopt;
    if (ref[0] == '#') {
        const bool hex = ref.size() > 1 && ref[1] == 'x';
        const std::string_view digits = ref.substr(hex ? 2 : 1);
        std::uint64_t code = 0;
        const auto [end, ec] =
            std::from_chars(digits.data(), digits.data() + digits.size(), code, hex ? 16 : 10);
        if (digits.empty() || digits[0] == '+' || digits[0] == '-' || ec != std::errc() ||
            end != digits.data() + digits.size() || !isXmlChar(code))
            return "invalid character reference";
        return std::nullopt;
    }
    for (const char c : ref)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-' || c == '.' || c == ':'))
            return "malformed entity reference";
    if (ref.size() > 40) return "entity reference to an undeclared entity";
    return "entity '" + std::string(ref) + "' is not declared";
}

// End of the <!DOCTYPE ...> starting at `at` (quotes and an internal subset in brackets skipped).
std::size_t doctypeEnd(std::string_view xml, std::size_t at) {
    int brackets = 0;
    for (std::size_t i = at + 2; i < xml.size(); ++i) {
        const char c = xml[i];
        if (c == '"' || c == '\'') {
            i = xml.find(c, i + 1);
            if (i == std::string_view::npos) break;
        } else if (c == '[') {
            ++brackets;
        } else if (c == ']') {
            --brackets;
        } else if (c == '>' && brackets <= 0) {
            return i + 1;
        }
    }
    return xml.size();
}

std::optional<Fault> badReferenceIn(std::string_view xml) {
    if (xml.find('&') == std::string_view::npos) return std::nullopt; // real documents
    std::size_t i = 0;
    while ((i = xml.find_first_of("<&", i)) != std::string_view::npos) {
        if (xml[i] == '&') {
            if (auto why = badReference(xml, i)) return Fault{i, *why};
            ++i;
            continue;
        }
        const auto skip = [&](std::string_view open, std::string_view close) {
            if (xml.substr(i, open.size()) != open) return false;
            const std::size_t end = xml.find(close, i + open.size());
            i = end == std::string_view::npos ? xml.size() : end + close.size();
            return true;
        };
        if (skip("<!--", "-->") || skip("<![CDATA[", "]]>") || skip("<?", "?>")) continue;
        i = xml.substr(i, 9) == "<!DOCTYPE" ? doctypeEnd(xml, i) : i + 1;
    }
    return std::nullopt;
}

} // namespace

std::optional<Fault> firstTextFault(std::string_view xml) {
    std::optional<Fault> c = badCharacter(xml), r = badReferenceIn(xml);
    if (c && r) return c->offset <= r->offset ? c : r;
    return c ? c : r;
}

std::string latin1ToUtf8(std::string_view s) {
    std::string out;
    out.reserve(s.size() + s.size() / 8);
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80) {
            out += ch;
        } else {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
    }
    return out;
}

} // namespace vernier::xml
