// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

namespace vernier {

namespace {
std::int64_t nanos(const timespec& t) {
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}
FileStamp stampOf(const struct stat& st) {
    return {static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
            static_cast<std::int64_t>(st.st_size), nanos(st.st_mtim), nanos(st.st_ctim)};
}
} // namespace

std::optional<FileStamp> fileStampOf(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return stampOf(st);
}

std::optional<FileStamp> fileStampOf(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return std::nullopt;
    return stampOf(st);
}

UniqueFd::~UniqueFd() {
    if (fd_ >= 0) ::close(fd_);
}

UniqueFd& UniqueFd::operator=(UniqueFd&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
}

OpenedFile openRegularFile(const std::string& path) {
    OpenedFile out;
    // O_NONBLOCK: a FIFO planted under a file's name is opened without waiting for a writer, then refused.
    out.fd = UniqueFd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
    if (out.fd.get() < 0) {
        out.error = errno;
        return out;
    }
    struct stat st {};
    if (::fstat(out.fd.get(), &st) != 0)
        out.error = errno;
    else if (S_ISDIR(st.st_mode))
        out.error = EISDIR;
    else if (!S_ISREG(st.st_mode))
        out.error = ENOTSUP;
    else {
        out.size = static_cast<std::uint64_t>(st.st_size);
        out.stamp = stampOf(st);
    }
    if (out.error != 0) out.fd = UniqueFd();
    return out;
}

} // namespace vernier
