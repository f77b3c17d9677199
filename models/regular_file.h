// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Opening an untrusted path for reading without being fooled by what sits under the name: a folder, a FIFO
// (never waited on), a device. One open and one fstat on the descriptor, no stat by path (docs/index.md
// "Performance").
#include <cstdint>
#include <optional>
#include <string>

namespace vernier {

// A file descriptor, closed when it goes out of scope; -1 holds nothing.
class UniqueFd {
public:
    explicit UniqueFd(int fd = -1) : fd_(fd) {}
    ~UniqueFd();
    UniqueFd(UniqueFd&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    UniqueFd& operator=(UniqueFd&& other) noexcept;
    UniqueFd(const UniqueFd&) = delete;
    UniqueFd& operator=(const UniqueFd&) = delete;
    int get() const { return fd_; }

private:
    int fd_;
};

// The identity of a file as stat(2) gives it: which file (device, inode) in which state (size, modification
// and status-change times in nanoseconds). Two stamps are equal only for the same unchanged file; a copy
// that keeps the modification time, or a rewrite in place, changes it (docs/index.md "Validation").
struct FileStamp {
    std::uint64_t device = 0, inode = 0;
    std::int64_t size = 0, mtimeNs = 0, ctimeNs = 0;
    bool operator==(const FileStamp& o) const {
        return device == o.device && inode == o.inode && size == o.size && mtimeNs == o.mtimeNs &&
               ctimeNs == o.ctimeNs;
    }
    bool operator!=(const FileStamp& o) const { return !(*this == o); }
};
// The stamp of the file at `path` (symlinks followed); nullopt when it cannot be stat'ed.
std::optional<FileStamp> fileStampOf(const std::string& path);
// The stamp of an open file.
std::optional<FileStamp> fileStampOf(int fd);

struct OpenedFile {
    UniqueFd fd;
    std::uint64_t size = 0; // from fstat on the open descriptor
    FileStamp stamp;        // the same fstat
    int error = 0;          // errno when it could not be opened; EISDIR for a folder, ENOTSUP for not a file
};

// `path` opened read-only when it is a regular file.
OpenedFile openRegularFile(const std::string& path);

} // namespace vernier
