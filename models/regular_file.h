// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Opening an untrusted path for reading without being fooled by what sits under the name: a folder, a FIFO
// (never waited on), a device. One open and one fstat on the descriptor, no stat by path (docs/index.md
// "Performance").
#include <cstdint>
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

struct OpenedFile {
    UniqueFd fd;
    std::uint64_t size = 0; // from fstat on the open descriptor
    int error = 0;          // errno when it could not be opened; EISDIR for a folder, ENOTSUP for not a file
};

// `path` opened read-only when it is a regular file.
OpenedFile openRegularFile(const std::string& path);

} // namespace vernier
