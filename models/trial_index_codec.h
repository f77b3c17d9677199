// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The trial index's `record` column (docs/index.md "Schema"): every TrialRecord field the import sets, in a
// compact binary form private to one schema version (users read the named columns instead). Internal to
// models/trial_index.cpp; round-trip tested by models_test_trial_index.
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/file_ref.h"
#include "models/trial_record.h"
#include "scoring/errors.h"

namespace vernier::index_codec {

// meta.record_format: the encoding of the `record` and `validation` columns (docs/index.md "Record format").
// An index written in another one is rebuilt.
constexpr int kRecordFormat = 2;

class Enc {
public:
    std::string out;
    void u8(std::uint8_t v) { out.push_back(static_cast<char>(v)); }
    void u32(std::uint32_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void i64(std::int64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void f64(double v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }
    // An unsigned number in 7-bit groups, low first, the high bit set on all but the last (LEB128): most
    // lengths, counts, sizes and inodes take one to four bytes instead of eight.
    void vu(std::uint64_t v) {
        while (v >= 0x80) {
            out.push_back(static_cast<char>((v & 0x7f) | 0x80));
            v >>= 7;
        }
        out.push_back(static_cast<char>(v));
    }
    void str(std::string_view s) {
        vu(s.size());
        out.append(s);
    }
    void flag(bool b) { u8(b ? 1 : 0); }
    void optF(const std::optional<double>& v) {
        flag(v.has_value());
        if (v) f64(*v);
    }
    void optI(const std::optional<std::int64_t>& v) {
        flag(v.has_value());
        if (v) i64(*v);
    }
    void strs(const std::vector<std::string>& v) {
        vu(v.size());
        for (const auto& s : v)
            str(s);
    }
    void pairsF(const std::vector<std::pair<std::string, double>>& v) {
        vu(v.size());
        for (const auto& [k, x] : v) {
            str(k);
            f64(x);
        }
    }
    void pairsS(const std::vector<std::pair<std::string, std::string>>& v) {
        vu(v.size());
        for (const auto& [k, x] : v) {
            str(k);
            str(x);
        }
    }
};

// Reads what Enc wrote; any overrun throws (a corrupt record means a corrupt index).
class Dec {
public:
    Dec(const char* p, std::size_t n) : p_(p), end_(p + n) {}
    std::uint8_t u8() {
        need(1);
        return static_cast<std::uint8_t>(*p_++);
    }
    template <typename T> T raw() {
        need(sizeof(T));
        T v;
        std::memcpy(&v, p_, sizeof v);
        p_ += sizeof v;
        return v;
    }
    std::uint32_t u32() { return raw<std::uint32_t>(); }
    std::int64_t i64() { return raw<std::int64_t>(); }
    double f64() { return raw<double>(); }
    std::uint64_t vu() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const std::uint8_t b = u8();
            v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if (!(b & 0x80)) return v;
        }
        throw InputError("corrupt record");
    }
    // A string's bytes in place (valid while the encoded bytes are).
    std::string_view view() {
        const std::uint64_t n = vu();
        need(n);
        std::string_view s(p_, static_cast<std::size_t>(n));
        p_ += n;
        return s;
    }
    std::string str() { return std::string(view()); }
    bool flag() { return u8() != 0; }
    std::optional<double> optF() {
        if (!flag()) return std::nullopt;
        return f64();
    }
    std::optional<std::int64_t> optI() {
        if (!flag()) return std::nullopt;
        return i64();
    }
    std::vector<std::string> strs() {
        std::vector<std::string> v(count());
        for (auto& s : v)
            s = str();
        return v;
    }
    std::vector<std::pair<std::string, double>> pairsF() {
        std::vector<std::pair<std::string, double>> v(count());
        for (auto& [k, x] : v) {
            k = str();
            x = f64();
        }
        return v;
    }
    std::vector<std::pair<std::string, std::string>> pairsS() {
        std::vector<std::pair<std::string, std::string>> v(count());
        for (auto& [k, x] : v) {
            k = str();
            x = str();
        }
        return v;
    }
    bool atEnd() const { return p_ == end_; }

private:
    std::size_t count() {
        const std::uint64_t n = vu();
        if (n > static_cast<std::size_t>(end_ - p_)) throw InputError("corrupt record");
        return static_cast<std::size_t>(n);
    }
    void need(std::uint64_t n) const {
        if (n > static_cast<std::size_t>(end_ - p_)) throw InputError("corrupt record");
    }
    const char* p_;
    const char* end_;
};

// Paths are kept relative to the bundle as given (display paths) or to its canonical folder (files on
// disk), so another spelling of the same bundle reads the same index.
struct PathContext {
    std::string given;                  // the bundle as given (trial display paths, problem locations)
    std::string canon;                  // the canonical folder (files on disk); empty for a zip
    std::shared_ptr<const LazyZip> zip; // a zip bundle: its entries are the trials' files
};

inline bool startsWithDir(const std::string& s, const std::string& dir) {
    return !dir.empty() && s.size() > dir.size() && s.compare(0, dir.size(), dir) == 0 &&
           s[dir.size()] == '/';
}

void putPath(Enc& e, const std::string& s, const PathContext& c);
std::string getPath(Dec& d, const PathContext& c);
std::string encodeTrial(const TrialRecord& t, const PathContext& c);
// Throws InputError("corrupt record") on anything but a record encodeTrial wrote.
TrialRecord decodeTrial(const char* p, std::size_t n, const PathContext& c);

} // namespace vernier::index_codec
