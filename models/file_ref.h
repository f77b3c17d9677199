// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A file of an imported bundle or task pack: either a plain file on disk or an entry inside a zip.
// Readers never need to know which; nothing is ever written through a FileRef.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "models/regular_file.h"
#include "scoring/safe_zip.h"

namespace vernier {

// A zip archive that the FileRefs of its entries share: either open already, or opened by the first read of
// any of its entries. A bundle zip reopened from its trial index is validated by its stamp and its central
// directory is read only once a trial's file is (docs/index.md "Reopening a zip"). Thread-safe. When the
// archive cannot be opened then, or is no longer the file whose stamp was validated, every read throws
// InputError with that one-line reason.
class LazyZip {
public:
    explicit LazyZip(std::shared_ptr<const SafeZip> open);
    LazyZip(std::string path, const ZipLimits& limits, const FileStamp& expected);
    // The archive, opened now if it was not; throws InputError.
    const SafeZip& get() const;
    // Whether the archive has been opened (successfully or not).
    bool opened() const;

private:
    std::string path_;
    ZipLimits limits_;
    FileStamp expected_;
    mutable std::once_flag once_;
    mutable std::shared_ptr<const SafeZip> zip_;
    mutable std::string error_;
    mutable std::atomic<bool> opened_{false};
};

class FileRef {
public:
    FileRef() = default;
    static FileRef onDisk(std::string path);
    static FileRef inZip(std::shared_ptr<const LazyZip> zip, std::string zipPath, std::string entry);
    static FileRef inZip(std::shared_ptr<const SafeZip> zip, std::string zipPath, std::string entry);

    bool empty() const { return path_.empty(); }
    bool isInZip() const { return zip_ != nullptr; }
    // Plain file: its path. Zip entry: the entry name inside the archive.
    const std::string& path() const { return path_; }
    // Zip entry: the archive it is read from (opened or not yet); plain file: null.
    const LazyZip* archive() const { return zip_.get(); }
    // Zip entry: the archive's path on disk; plain file: empty.
    const std::string& container() const { return container_; }
    // "archive.zip!entry/name" or the plain path; for messages and tables.
    std::string display() const;
    // Base name of the file ("answer.FCStd").
    std::string fileName() const;
    // The file's bytes. Throws InputError with a one-line reason when it cannot be read.
    std::string readAll() const;
    // The file's bytes when it holds at most `maxBytes`, else nothing: a plain file is refused by the size of
    // the file it opened, before a byte is read; a zip entry by its declared size, then by what it inflated
    // to. Throws InputError like readAll when it cannot be read. One open, one fstat, reads, one close: no
    // stat by path (docs/index.md "Performance": a first open reads ~4 such files per trial). `stamp`, when
    // given, gets the stamp of the plain file it opened (left alone for a zip entry).
    std::optional<std::string> readAtMost(std::uint64_t maxBytes, FileStamp* stamp = nullptr) const;
    // Its size in bytes without reading it: the file's size on disk, or the entry's declared uncompressed
    // size. Throws InputError like readAll when it is missing.
    std::uint64_t size() const;
    // At most the first `maxBytes` bytes. A plain file is read only that far; a zip entry declared larger
    // than `maxBytes` is still inflated whole (bounded by the zip limits) and then cut.
    std::string readPrefix(std::uint64_t maxBytes) const;

private:
    std::string path_;
    std::string container_;
    std::shared_ptr<const LazyZip> zip_;
};

} // namespace vernier
