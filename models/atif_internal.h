// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to the ATIF reader (models/atif_*.cpp), not part of models/atif_trajectory.h: the byte sources a
// trajectory is read from, the streaming input of the index pass, and the small JSON helpers the index pass
// and the step parser share (docs/formats.md, "ATIF trajectories").
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/atif_trajectory.h"
#include "scoring/errors.h"

namespace vernier::atif_detail {

using json = nlohmann::json;

constexpr std::int64_t kMaxCount = 1'000'000'000'000'000; // 1e15 tokens: anything above is garbage

// One printable line (for messages that may quote bytes of the input).
std::string oneLine(std::string_view text, std::size_t maxChars = 300);
std::string pretty(const json& j);
std::string compact(const json& j);
std::string mib(std::uint64_t bytes);
// A token count: a non-negative integral number up to 1e15.
std::optional<std::int64_t> toCount(const json& j);
// An amount of money: a finite, non-negative number.
std::optional<double> toCost(const json& j);
// An integral number within +-1e15.
std::optional<std::int64_t> toInteger(const json& j);
// sum += v, saturating at INT64_MAX; unknown + v = v.
void addSaturating(std::optional<std::int64_t>& sum, const std::optional<std::int64_t>& v);
// Reads the four usage figures of a metrics / final_metrics object; wrong types go to `problems`.
AtifUsage readUsage(const json& obj, const char* prompt, const char* completion, const char* cached,
                    const char* cost, std::vector<std::string>* problems, const std::string& where);
// obj[key] as a string, a number as its JSON text; any other type adds a warning and gives "".
std::string stringOr(const json& obj, const char* key, std::vector<std::string>& warnings,
                     const std::string& where);

// ---- byte sources ---------------------------------------------------------------------------------

// Where a trajectory's bytes come from; read() serves the step ranges.
struct Source {
    virtual ~Source() = default;
    virtual std::uint64_t size() const = 0;
    // Throws InputError.
    virtual std::string read(std::uint64_t offset, std::uint64_t length) const = 0;
};

// Bytes held in memory (fromBytes(), zip entries).
struct MemorySource final : Source {
    std::string bytes;
    explicit MemorySource(std::string b) : bytes(std::move(b)) {}
    std::uint64_t size() const override { return bytes.size(); }
    std::string read(std::uint64_t offset, std::uint64_t length) const override {
        if (offset > bytes.size()) return {};
        return bytes.substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(length));
    }
};

// Closes a C stream (FilePtr).
struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

// A plain file: each read opens it, seeks and reads just the range (so copies may read concurrently).
struct FileSource final : Source {
    std::string path;
    std::uint64_t bytes = 0;
    std::uint64_t size() const override { return bytes; }
    std::string read(std::uint64_t offset, std::uint64_t length) const override;
};

// Sequential bytes with their absolute offsets: a whole buffer, or a file read in 1 MiB chunks.
class ByteStream {
public:
    explicit ByteStream(std::string_view all, const std::atomic<bool>* cancel)
        : b_(all.data()), p_(all.data()), e_(all.data() + all.size()), cancel_(cancel) {}
    ByteStream(std::FILE* f, const std::atomic<bool>* cancel) : f_(f), buf_(1u << 20), cancel_(cancel) {
        b_ = p_ = e_ = buf_.data();
    }

    bool more() { return p_ != e_ || refill(); }
    int peek() { return more() ? static_cast<unsigned char>(*p_) : -1; }
    void skip() { ++p_; }
    const char* cur() const { return p_; }
    const char* end() const { return e_; }
    void setCur(const char* p) { p_ = p; }
    std::uint64_t offset() const { return base_ + static_cast<std::uint64_t>(p_ - b_); }
    void checkCancel() const {
        if (cancel_ && cancel_->load(std::memory_order_relaxed)) throw InputError("cancelled");
    }

private:
    bool refill() {
        if (!f_) return false;
        checkCancel();
        base_ += static_cast<std::uint64_t>(e_ - b_);
        const std::size_t n = std::fread(buf_.data(), 1, buf_.size(), f_);
        if (n == 0) {
            if (std::ferror(f_)) throw InputError("read error");
            b_ = p_ = e_ = buf_.data();
            return false;
        }
        b_ = p_ = buf_.data();
        e_ = b_ + n;
        return true;
    }

    std::FILE* f_ = nullptr;
    std::vector<char> buf_;
    const char* b_ = nullptr; // start of the current chunk (at offset base_)
    const char* p_ = nullptr;
    const char* e_ = nullptr;
    std::uint64_t base_ = 0;
    const std::atomic<bool>* cancel_ = nullptr;
};

// What one index pass produced.
struct Built {
    AtifTrajectory::Status status = AtifTrajectory::Status::Error;
    std::string error;
    AtifIndex index;
};

// The index pass over `in` (the bytes of `src`); rootOnly: only schema_version and final_metrics are read
// and step positions are not recorded. Never throws: problems end up in status and error.
Built build(const Source& src, ByteStream& in, const AtifLimits& limits, bool rootOnly);

} // namespace vernier::atif_detail
