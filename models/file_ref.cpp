// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/file_ref.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "models/regular_file.h"
#include "scoring/errors.h"

namespace vernier {

namespace {
// Bigger than any real answer document or metadata file; a larger file is refused, not read.
constexpr std::uintmax_t kMaxFileBytes = 1024ull << 20;
} // namespace

LazyZip::LazyZip(std::shared_ptr<const SafeZip> open) : zip_(std::move(open)), opened_(true) {
    if (!zip_) error_ = "no zip archive";
    std::call_once(once_, [] {});
}

LazyZip::LazyZip(std::string path, const ZipLimits& limits, const FileStamp& expected)
    : path_(std::move(path)), limits_(limits), expected_(expected) {}

const SafeZip& LazyZip::get() const {
    std::call_once(once_, [this] {
        // The stamp first: entries of another archive (or of this one rewritten) must not be read as the
        // trials the index recorded.
        const std::optional<FileStamp> now = fileStampOf(path_);
        if (!now) {
            error_ = path_ + ": cannot be read any more";
        } else if (*now != expected_) {
            error_ = path_ + ": changed since it was opened; open it again";
        } else {
            try {
                zip_ = std::make_shared<const SafeZip>(SafeZip::openFile(path_, limits_));
            } catch (const std::exception& e) {
                error_ = path_ + ": " + e.what();
            }
        }
        opened_ = true;
    });
    if (!zip_) throw InputError(error_);
    return *zip_;
}

bool LazyZip::opened() const {
    return opened_;
}

FileRef FileRef::onDisk(std::string path) {
    FileRef r;
    r.path_ = std::move(path);
    return r;
}

FileRef FileRef::inZip(std::shared_ptr<const SafeZip> zip, std::string zipPath, std::string entry) {
    return inZip(std::make_shared<const LazyZip>(std::move(zip)), std::move(zipPath), std::move(entry));
}

FileRef FileRef::inZip(std::shared_ptr<const LazyZip> zip, std::string zipPath, std::string entry) {
    FileRef r;
    r.zip_ = std::move(zip);
    r.container_ = std::move(zipPath);
    r.path_ = std::move(entry);
    return r;
}

std::string FileRef::display() const {
    if (zip_) return container_ + "!" + path_;
    return path_;
}

std::string FileRef::fileName() const {
    auto slash = path_.find_last_of('/');
    return slash == std::string::npos ? path_ : path_.substr(slash + 1);
}

std::string FileRef::readAll() const {
    std::optional<std::string> bytes = readAtMost(kMaxFileBytes);
    if (!bytes) throw InputError(path_ + ": file too large");
    return std::move(*bytes);
}

std::optional<std::string> FileRef::readAtMost(std::uint64_t maxBytes, FileStamp* stamp) const {
    if (path_.empty()) throw InputError("no file");
    if (zip_) return zip_->get().readAtMost(path_, maxBytes);
    const auto fail = [&](int error) {
        return InputError("cannot read " + path_ + ": " + std::generic_category().message(error));
    };
    const OpenedFile file = openRegularFile(path_);
    if (file.error != 0) throw fail(file.error);
    if (stamp) *stamp = file.stamp;
    const int fd = file.fd.get();
    const std::uint64_t size = file.size;
    if (size > maxBytes) return std::nullopt;
    // As many bytes as the file had when it was opened; a file that shrinks meanwhile gives fewer.
    std::string bytes(static_cast<std::size_t>(size), '\0');
    std::size_t got = 0;
    while (got < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw fail(errno);
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    bytes.resize(got);
    return bytes;
}

std::uint64_t FileRef::size() const {
    if (path_.empty()) throw InputError("no file");
    if (zip_) {
        const ZipEntryInfo* e = zip_->get().entry(path_);
        if (!e) throw InputError("zip has no entry '" + path_ + "'");
        return e->uncompressedSize;
    }
    std::error_code ec;
    const auto size = std::filesystem::file_size(path_, ec);
    if (ec) throw InputError("cannot read " + path_ + ": " + ec.message());
    return size;
}

std::string FileRef::readPrefix(std::uint64_t maxBytes) const {
    if (path_.empty()) throw InputError("no file");
    if (zip_) {
        std::string bytes = zip_->get().read(path_);
        if (bytes.size() > maxBytes) bytes.resize(static_cast<std::size_t>(maxBytes));
        return bytes;
    }
    std::ifstream in(path_, std::ios::binary);
    if (!in) throw InputError("cannot open " + path_);
    const std::uint64_t want = std::min<std::uint64_t>(maxBytes, size());
    std::string bytes;
    bytes.resize(static_cast<std::size_t>(want));
    in.read(bytes.data(), static_cast<std::streamsize>(want));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return bytes;
}

} // namespace vernier
