// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/file_ref.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "scoring/errors.h"

namespace vernier {

namespace {
// Bigger than any real answer document or metadata file; a larger file is refused, not read.
constexpr std::uintmax_t kMaxFileBytes = 1024ull << 20;
} // namespace

FileRef FileRef::onDisk(std::string path) {
    FileRef r;
    r.path_ = std::move(path);
    return r;
}

FileRef FileRef::inZip(std::shared_ptr<const SafeZip> zip, std::string zipPath, std::string entry) {
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
    if (path_.empty()) throw InputError("no file");
    if (zip_) return zip_->read(path_);
    std::error_code ec;
    auto size = std::filesystem::file_size(path_, ec);
    if (ec) throw InputError("cannot read " + path_ + ": " + ec.message());
    if (size > kMaxFileBytes) throw InputError(path_ + ": file too large");
    std::ifstream in(path_, std::ios::binary);
    if (!in) throw InputError("cannot open " + path_);
    std::string bytes;
    bytes.resize(static_cast<std::size_t>(size));
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return bytes;
}

std::uint64_t FileRef::size() const {
    if (path_.empty()) throw InputError("no file");
    if (zip_) {
        const ZipEntryInfo* e = zip_->entry(path_);
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
        std::string bytes = zip_->read(path_);
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
