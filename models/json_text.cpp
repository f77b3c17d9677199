// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/json_text.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <locale.h>
#include <string>
#include <vector>

namespace vernier {
namespace {

using json = nlohmann::json;

// Bytes a string can hold as they are: printable ASCII but the quote and the backslash.
constexpr std::array<bool, 256> plainTable() {
    std::array<bool, 256> t{};
    for (int c = 0x20; c < 0x80; ++c)
        t[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
    return t;
}
constexpr std::array<bool, 256> kPlain = plainTable();

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The "C" locale for strtod_l: nlohmann parses numbers with the process's decimal point put in, so its
// result is the C locale's whatever the process's locale is (Qt applications set it from the environment).
locale_t cLocale() {
    static const locale_t loc = newlocale(LC_NUMERIC_MASK, "C", locale_t{});
    return loc;
}

class Parser {
public:
    Parser(const char* begin, const char* end) : p_(begin), end_(end) {}

    bool parse(json& root, const JsonSkips* rootSkips) {
        if (p_ < end_ && static_cast<unsigned char>(*p_) == 0xEF) { // a byte order mark, whole or refused
            if (end_ - p_ < 3 || static_cast<unsigned char>(p_[1]) != 0xBB ||
                static_cast<unsigned char>(p_[2]) != 0xBF)
                return false;
            p_ += 3;
        }
        std::vector<json*> open;                // the arrays and objects being filled, innermost last
        std::vector<const JsonSkips*> skipsOf;  // the rule of each of them (null: none)
        json* slot = &root;                     // where the next value goes; null: a skipped member's value
        const JsonSkips* slotSkips = rootSkips; // the rule of the next value, should it be an object
        for (;;) {
            skipWhitespace();
            if (p_ == end_) return false;
            if (!slot) {
                if (!skipValue()) return false;
            } else {
                switch (*p_) {
                case '{':
                case '[': {
                    const bool object = *p_ == '{';
                    *slot = object ? json::value_t::object : json::value_t::array;
                    ++p_;
                    skipWhitespace();
                    if (p_ < end_ && *p_ == (object ? '}' : ']')) { // empty
                        ++p_;
                        break;
                    }
                    open.push_back(slot);
                    skipsOf.push_back(object ? slotSkips : nullptr);
                    if (object) {
                        if (!memberSlot(*slot, skipsOf.back(), slot, slotSkips)) return false;
                    } else {
                        slot = &slot->get_ref<json::array_t&>().emplace_back();
                        slotSkips = nullptr;
                    }
                    continue;
                }
                default:
                    if (!scanScalar(slot)) return false;
                }
            }
            // A value is complete: close the containers it completes, then find the next slot.
            for (;;) {
                skipWhitespace();
                // nlohmann takes a NUL byte where a token may start for the end of the text.
                if (open.empty()) return p_ == end_ || *p_ == '\0';
                if (p_ == end_) return false;
                json& container = *open.back();
                const char c = *p_++;
                if (c == (container.is_array() ? ']' : '}')) {
                    open.pop_back();
                    skipsOf.pop_back();
                    continue;
                }
                if (c != ',') return false;
                if (container.is_array()) {
                    slot = &container.get_ref<json::array_t&>().emplace_back();
                    slotSkips = nullptr;
                } else {
                    skipWhitespace();
                    if (!memberSlot(container, skipsOf.back(), slot, slotSkips)) return false;
                }
                break;
            }
        }
    }

private:
    void skipWhitespace() {
        while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t'))
            ++p_;
    }

    bool literal(const char* word, std::ptrdiff_t n) {
        if (end_ - p_ < n || std::string_view(p_, static_cast<std::size_t>(n)) != word) return false;
        p_ += n;
        return true;
    }

    // At a member's key (whitespace skipped): reads `"key" :`; `slot` gets the member's value to fill, or
    // null when `skips` leaves the member out, and `slotSkips` the rule inside that value. A repeated key's
    // earlier value is dropped, as nlohmann's `object[key] = value` does. False on a syntax error.
    bool memberSlot(json& object, const JsonSkips* skips, json*& slot, const JsonSkips*& slotSkips) {
        if (p_ == end_ || *p_ != '"' || !scanString(key_)) return false;
        skipWhitespace();
        if (p_ == end_ || *p_ != ':') return false;
        ++p_;
        slotSkips = nullptr;
        if (skips) {
            for (const std::string_view m : skips->members)
                if (key_ == m) {
                    slot = nullptr;
                    return true;
                }
            for (const auto& [m, rule] : skips->inside)
                if (key_ == m) slotSkips = rule;
        }
        auto [it, inserted] = object.get_ref<json::object_t&>().try_emplace(std::move(key_));
        if (!inserted) it->second = nullptr;
        key_.clear();
        slot = &it->second;
        return true;
    }

    // At a string, a literal or a number: its value into `slot` (null already for "null"), or only checked
    // when `slot` is null (a skipped member's).
    bool scanScalar(json* slot) {
        switch (*p_) {
        case '"': {
            if (!slot) return scanString(scratch_);
            std::string s;
            if (!scanString(s)) return false;
            *slot = std::move(s);
            return true;
        }
        case 't':
            if (!literal("true", 4)) return false;
            if (slot) *slot = true;
            return true;
        case 'f':
            if (!literal("false", 5)) return false;
            if (slot) *slot = false;
            return true;
        case 'n':
            return literal("null", 4);
        default: {
            json number;
            return scanNumber(slot ? *slot : number);
        }
        }
    }

    // At a value (whitespace skipped): past it, checked as the parse checks a kept one, nothing kept.
    bool skipValue() {
        std::vector<char>& closers = skipClosers_; // of the containers open in the value, innermost last
        closers.clear();
        for (;;) {
            if (p_ == end_) return false;
            switch (*p_) {
            case '{':
            case '[': {
                const char close = *p_ == '{' ? '}' : ']';
                ++p_;
                skipWhitespace();
                if (p_ < end_ && *p_ == close) { // empty
                    ++p_;
                    break;
                }
                closers.push_back(close);
                if (close == '}' && !skipKey()) return false;
                skipWhitespace();
                continue;
            }
            default:
                if (!scanScalar(nullptr)) return false;
            }
            for (;;) { // a value is complete
                skipWhitespace();
                if (closers.empty()) return true;
                if (p_ == end_) return false;
                const char c = *p_++;
                if (c == closers.back()) {
                    closers.pop_back();
                    continue;
                }
                if (c != ',') return false;
                skipWhitespace();
                if (closers.back() == '}' && !skipKey()) return false;
                skipWhitespace();
                break;
            }
        }
    }

    // At a member's key inside a skipped value: past `"key" :`.
    bool skipKey() {
        if (p_ == end_ || *p_ != '"' || !scanString(scratch_)) return false;
        skipWhitespace();
        if (p_ == end_ || *p_ != ':') return false;
        ++p_;
        return true;
    }

    // At the opening quote: the string's bytes with its escapes resolved, into `out` (replaced).
    bool scanString(std::string& out) {
        out.clear();
        ++p_;
        for (;;) {
            const char* run = p_;
            while (p_ < end_ && kPlain[static_cast<unsigned char>(*p_)])
                ++p_;
            out.append(run, p_);
            if (p_ == end_) return false;
            const auto c = static_cast<unsigned char>(*p_);
            if (c == '"') {
                ++p_;
                return true;
            }
            if (c == '\\') {
                if (!scanEscape(out)) return false;
            } else if (c < 0x20) {
                return false; // a control character must be escaped
            } else if (!copyUtf8(out)) {
                return false;
            }
        }
    }

    // Four hex digits after "\u", or -1.
    int codeUnit() {
        if (end_ - p_ < 4) return -1;
        int v = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hexValue(p_[i]);
            if (h < 0) return -1;
            v = v * 16 + h;
        }
        p_ += 4;
        return v;
    }

    bool scanEscape(std::string& out) {
        ++p_; // the backslash
        if (p_ == end_) return false;
        const char e = *p_++;
        if (e != 'u') { // a one-character escape
            constexpr std::string_view kFrom = "\"\\/bfnrt", kTo = "\"\\/\b\f\n\r\t";
            const std::size_t at = kFrom.find(e);
            if (at == std::string_view::npos) return false;
            out += kTo[at];
            return true;
        }
        int cp = codeUnit();
        if (cp < 0) return false;
        if (cp >= 0xD800 && cp <= 0xDBFF) { // a high surrogate: a low one must follow as "\uXXXX"
            if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') return false;
            p_ += 2;
            const int low = codeUnit();
            if (low < 0xDC00 || low > 0xDFFF) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return false; // a low surrogate alone
        }
        const auto u = static_cast<unsigned>(cp);
        if (u < 0x80) {
            out += static_cast<char>(u);
        } else if (u < 0x800) {
            out += static_cast<char>(0xC0 | (u >> 6));
            out += static_cast<char>(0x80 | (u & 0x3F));
        } else if (u < 0x10000) {
            out += static_cast<char>(0xE0 | (u >> 12));
            out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (u & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (u >> 18));
            out += static_cast<char>(0x80 | ((u >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (u & 0x3F));
        }
        return true;
    }

    // At a byte ≥ 0x80: one well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing
    // past U+10FFFF), copied to `out`.
    bool copyUtf8(std::string& out) {
        const auto b0 = static_cast<unsigned char>(*p_);
        int n = 0;
        unsigned char lo = 0x80, hi = 0xBF; // the range of the second byte
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            n = 2;
        } else if (b0 == 0xE0) {
            n = 3, lo = 0xA0;
        } else if ((b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF) {
            n = 3;
        } else if (b0 == 0xED) {
            n = 3, hi = 0x9F;
        } else if (b0 == 0xF0) {
            n = 4, lo = 0x90;
        } else if (b0 >= 0xF1 && b0 <= 0xF3) {
            n = 4;
        } else if (b0 == 0xF4) {
            n = 4, hi = 0x8F;
        } else {
            return false;
        }
        if (end_ - p_ < n) return false;
        const auto b1 = static_cast<unsigned char>(p_[1]);
        if (b1 < lo || b1 > hi) return false;
        for (int i = 2; i < n; ++i) {
            const auto b = static_cast<unsigned char>(p_[i]);
            if (b < 0x80 || b > 0xBF) return false;
        }
        out.append(p_, static_cast<std::size_t>(n));
        p_ += n;
        return true;
    }

    // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? as nlohmann types it: an integer that fits is unsigned
    // (no sign) or signed (a minus), anything else a double; a double that overflows is refused.
    bool scanNumber(json& out) {
        const char* start = p_;
        const bool negative = *p_ == '-';
        if (negative) ++p_;
        if (p_ == end_) return false;
        if (*p_ == '0') {
            ++p_;
        } else if (isDigit(*p_)) {
            while (p_ < end_ && isDigit(*p_))
                ++p_;
        } else {
            return false;
        }
        bool integral = true;
        if (p_ < end_ && *p_ == '.') {
            integral = false;
            ++p_;
            if (p_ == end_ || !isDigit(*p_)) return false;
            while (p_ < end_ && isDigit(*p_))
                ++p_;
        }
        if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
            integral = false;
            ++p_;
            if (p_ < end_ && (*p_ == '+' || *p_ == '-')) ++p_;
            if (p_ == end_ || !isDigit(*p_)) return false;
            while (p_ < end_ && isDigit(*p_))
                ++p_;
        }
        if (integral) {
            if (negative) {
                json::number_integer_t v = 0;
                if (std::from_chars(start, p_, v).ec == std::errc{}) {
                    out = v;
                    return true;
                }
            } else {
                json::number_unsigned_t v = 0;
                if (std::from_chars(start, p_, v).ec == std::errc{}) {
                    out = v;
                    return true;
                }
            }
        }
        // strtod needs a terminated string; the token is copied (most are short).
        const std::string token(start, p_);
        char* parsedEnd = nullptr;
        const locale_t loc = cLocale();
        const double v =
            loc ? strtod_l(token.c_str(), &parsedEnd, loc) : std::strtod(token.c_str(), &parsedEnd);
        if (!std::isfinite(v)) return false;
        out = v;
        return true;
    }

    const char* p_;
    const char* end_;
    std::string key_;
    std::string scratch_;           // a skipped string's bytes
    std::vector<char> skipClosers_; // skipValue's open containers
};

} // namespace

std::optional<json> parseJsonText(std::string_view text) {
    json root;
    Parser parser(text.data(), text.data() + text.size());
    if (!parser.parse(root, nullptr)) return std::nullopt;
    return root;
}

std::optional<json> parseJsonText(std::string_view text, const JsonSkips& skips) {
    json root;
    Parser parser(text.data(), text.data() + text.size());
    if (!parser.parse(root, &skips)) return std::nullopt;
    return root;
}

} // namespace vernier
