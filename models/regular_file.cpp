// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

namespace vernier {

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
    else
        out.size = static_cast<std::uint64_t>(st.st_size);
    if (out.error != 0) out.fd = UniqueFd();
    return out;
}

} // namespace vernier
