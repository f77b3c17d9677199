// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// ATIF trajectories (docs/formats.md): the indexed file (models/atif_index.cpp builds the index), paged step
// loading from byte ranges, the usage totals of a trajectory and its subagents, and final_metrics alone.
#include "models/atif_trajectory.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "models/atif_internal.h"

namespace vernier {

using namespace atif_detail;

namespace {

constexpr std::uint64_t kReadWindow = 8u << 20; // steps are read in groups up to this size

} // namespace

// ---- AtifUsage / AtifIndex ------------------------------------------------------------------------

AtifUsage& AtifUsage::operator+=(const AtifUsage& o) {
    addSaturating(promptTokens, o.promptTokens);
    addSaturating(completionTokens, o.completionTokens);
    addSaturating(cachedTokens, o.cachedTokens);
    if (o.costUsd) costUsd = costUsd.value_or(0) + *o.costUsd;
    return *this;
}

bool AtifUsage::agreesWith(const AtifUsage& o) const {
    const auto same = [](const auto& a, const auto& b) { return !a || !b || *a == *b; };
    if (!same(promptTokens, o.promptTokens) || !same(completionTokens, o.completionTokens) ||
        !same(cachedTokens, o.cachedTokens))
        return false;
    if (costUsd && o.costUsd) {
        const double d = std::fabs(*costUsd - *o.costUsd);
        if (d > 1e-6 && d > 1e-9 * std::max(std::fabs(*costUsd), std::fabs(*o.costUsd))) return false;
    }
    return true;
}

AtifUsage AtifIndex::subagentTotals() const {
    AtifUsage u;
    for (const auto& s : subagents)
        u += s.effectiveTotals();
    return u;
}

AtifUsage AtifIndex::computedTotals() const {
    AtifUsage u = stepSums;
    u += subagentTotals();
    return u;
}

AtifUsage AtifIndex::effectiveTotals() const {
    AtifUsage u = computedTotals();
    if (!finalMetrics) return u;
    const AtifUsage& f = finalMetrics->usage;
    if (f.promptTokens) u.promptTokens = f.promptTokens;
    if (f.completionTokens) u.completionTokens = f.completionTokens;
    if (f.cachedTokens) u.cachedTokens = f.cachedTokens;
    if (f.costUsd) u.costUsd = f.costUsd;
    return u;
}

bool AtifIndex::totalsDisagree() const {
    if (!finalMetrics) return false;
    const AtifUsage& f = finalMetrics->usage;
    const AtifUsage all = computedTotals();
    const auto one = [&](auto member) {
        AtifUsage a, own, sum;
        a.*member = f.*member;
        own.*member = stepSums.*member;
        sum.*member = all.*member;
        return a.agreesWith(own) || a.agreesWith(sum);
    };
    return !(one(&AtifUsage::promptTokens) && one(&AtifUsage::completionTokens) &&
             one(&AtifUsage::cachedTokens) && one(&AtifUsage::costUsd));
}

std::uint64_t AtifIndex::totalStepCount() const {
    std::uint64_t n = steps.size();
    for (const auto& s : subagents)
        n += s.totalStepCount();
    return n;
}

// ---- AtifTrajectory -------------------------------------------------------------------------------

// Shared by copies of an AtifTrajectory: never changed after the index pass.
struct AtifTrajectory::Data {
    std::shared_ptr<const Source> source;
    Status status = Status::Error;
    std::string error = "no trajectory";
    AtifIndex index;
    AtifLimits limits;
};

AtifTrajectory::AtifTrajectory() : d_(std::make_shared<Data>()) {}

AtifTrajectory AtifTrajectory::fromBytes(std::string bytes, const AtifLimits& limits) {
    auto d = std::make_shared<Data>();
    d->limits = limits;
    d->limits.cancel = nullptr;
    auto src = std::make_shared<MemorySource>(std::move(bytes));
    ByteStream in(std::string_view(src->bytes), limits.cancel);
    Built b = build(*src, in, limits, false);
    d->status = b.status;
    d->error = std::move(b.error);
    d->index = std::move(b.index);
    d->source = std::move(src);
    AtifTrajectory t;
    t.d_ = std::move(d);
    return t;
}

AtifTrajectory AtifTrajectory::fromFile(const std::string& path, const AtifLimits& limits) {
    auto d = std::make_shared<Data>();
    d->limits = limits;
    d->limits.cancel = nullptr;
    AtifTrajectory t;
    auto src = std::make_shared<FileSource>();
    src->path = path;
    std::error_code ec;
    src->bytes = std::filesystem::file_size(path, ec);
    FilePtr f(ec ? nullptr : std::fopen(path.c_str(), "rb"));
    if (!f) {
        d->error = "cannot open " + oneLine(path) + ": " + (ec ? ec.message() : std::strerror(errno));
        t.d_ = std::move(d);
        return t;
    }
    ByteStream in(f.get(), limits.cancel);
    Built b = build(*src, in, limits, false);
    d->status = b.status;
    d->error = std::move(b.error);
    d->index = std::move(b.index);
    d->source = std::move(src);
    t.d_ = std::move(d);
    return t;
}

AtifTrajectory AtifTrajectory::open(const FileRef& ref, const AtifLimits& limits) {
    if (ref.empty()) return {};
    if (!ref.isInZip()) return fromFile(ref.path(), limits);
    // A zip entry cannot be read in ranges: inflate it once (SafeZip bounds its size) and page from memory.
    try {
        return fromBytes(ref.readAll(), limits);
    } catch (const std::exception& e) {
        auto d = std::make_shared<Data>();
        d->error = oneLine(e.what());
        AtifTrajectory t;
        t.d_ = std::move(d);
        return t;
    }
}

AtifTrajectory::Status AtifTrajectory::status() const {
    return d_->status;
}

const std::string& AtifTrajectory::error() const {
    static const std::string none;
    return d_->status == Status::Ok ? none : d_->error;
}

const AtifIndex& AtifTrajectory::index() const {
    return d_->index;
}

std::uint64_t AtifTrajectory::sizeBytes() const {
    return d_->source ? d_->source->size() : 0;
}

std::size_t AtifTrajectory::stepCount() const {
    return d_->index.steps.size();
}

AtifStep AtifTrajectory::loadStep(std::size_t i) const {
    return loadStep(d_->index, i);
}

std::vector<AtifStep> AtifTrajectory::loadSteps(std::size_t first, std::size_t count) const {
    return loadSteps(d_->index, first, count);
}

AtifStep AtifTrajectory::loadStep(const AtifIndex& trajectory, std::size_t i) const {
    auto steps = loadSteps(trajectory, i, 1);
    if (!steps.empty()) return std::move(steps.front());
    AtifStep s;
    s.index = i;
    s.error = "no step " + std::to_string(i + 1);
    return s;
}

std::vector<AtifStep> AtifTrajectory::loadSteps(const AtifIndex& trajectory, std::size_t first,
                                                std::size_t count) const {
    std::vector<AtifStep> out;
    const auto& spans = trajectory.steps;
    if (!d_->source || first >= spans.size()) return out;
    count = std::min(count, spans.size() - first);
    out.reserve(count);
    const Source& src = *d_->source;
    const std::uint64_t size = src.size();
    const std::uint64_t maxStep = d_->limits.maxStepBytes;
    std::size_t i = first;
    const std::size_t last = first + count;
    while (i < last) {
        const AtifSpan& s = spans[i];
        if (s.offset > size || s.length > size - s.offset) {
            AtifStep bad;
            bad.index = i++;
            bad.error = "the step lies outside the file";
            out.push_back(std::move(bad));
            continue;
        }
        if (s.length > maxStep) {
            AtifStep big;
            big.index = i++;
            big.error = "the step is " + mib(s.length) + ", over the " + mib(maxStep) + " limit; not read";
            out.push_back(std::move(big));
            continue;
        }
        // Read a run of neighbouring steps in one go (at most kReadWindow bytes, or one large step).
        std::size_t j = i + 1;
        while (j < last && spans[j].offset >= s.offset && spans[j].length <= maxStep &&
               spans[j].offset <= size && spans[j].length <= size - spans[j].offset &&
               spans[j].offset + spans[j].length - s.offset <= kReadWindow)
            ++j;
        const std::uint64_t end = spans[j - 1].offset + spans[j - 1].length;
        std::string bytes;
        try {
            bytes = src.read(s.offset, end - s.offset);
        } catch (const std::exception& e) {
            for (; i < j; ++i) {
                AtifStep bad;
                bad.index = i;
                bad.error = oneLine(e.what());
                out.push_back(std::move(bad));
            }
            continue;
        }
        for (; i < j; ++i) {
            const std::uint64_t at = spans[i].offset - s.offset;
            if (at + spans[i].length > bytes.size()) {
                AtifStep bad;
                bad.index = i;
                bad.error = "the file is shorter than when it was indexed";
                out.push_back(std::move(bad));
                continue;
            }
            out.push_back(
                parseAtifStep(std::string_view(bytes).substr(static_cast<std::size_t>(at),
                                                             static_cast<std::size_t>(spans[i].length)),
                              i));
        }
    }
    return out;
}

std::string AtifTrajectory::readHead(std::uint64_t maxBytes) const {
    if (!d_->source) return {};
    try {
        return d_->source->read(0, std::min(maxBytes, d_->source->size()));
    } catch (const std::exception&) {
        return {};
    }
}

// ---- usage ----------------------------------------------------------------------------------------

namespace {

std::optional<UsageFromTrajectory> usageOf(const Built& b) {
    if (b.status != AtifTrajectory::Status::Ok || !b.index.finalMetrics || !b.index.finalMetrics->usage.any())
        return std::nullopt;
    return b.index.finalMetrics->usage;
}

} // namespace

std::optional<UsageFromTrajectory> usageFromFinalMetrics(const FileRef& trajectory) {
    if (trajectory.empty()) return std::nullopt;
    if (trajectory.isInZip()) {
        // A zip entry cannot be streamed, so it is inflated whole (up to SafeZip's 512 MiB entry limit).
        // One at a time: the import reads trials on several threads, and four large zipped trajectories
        // read at once took a `leaderboard` to 1.6 GiB (tests/reliability/big_inputs.py zip_trajectories).
        static std::mutex oneAtATime;
        const std::lock_guard<std::mutex> lock(oneAtATime);
        try {
            return usageFromFinalMetricsBytes(trajectory.readAll());
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    FileSource src;
    src.path = trajectory.path();
    std::error_code ec;
    src.bytes = std::filesystem::file_size(src.path, ec);
    FilePtr f(ec ? nullptr : std::fopen(src.path.c_str(), "rb"));
    if (!f) return std::nullopt;
    ByteStream in(f.get(), nullptr);
    return usageOf(build(src, in, AtifLimits{}, true));
}

std::optional<UsageFromTrajectory> usageFromFinalMetricsBytes(std::string bytes) {
    MemorySource src(std::move(bytes));
    ByteStream in(std::string_view(src.bytes), nullptr);
    return usageOf(build(src, in, AtifLimits{}, true));
}

} // namespace vernier
