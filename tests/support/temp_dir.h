// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A private temporary folder for one test, removed (with everything in it) when the object goes away.
#include <chrono>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>

namespace vernier::test {

struct TempDir {
    std::filesystem::path path;
    // A new folder under the system's temporary directory: "<prefix>-<pid>-<clock ticks>".
    explicit TempDir(const std::string& prefix = "vernier-test") {
        path = std::filesystem::temp_directory_path() /
               (prefix + "-" + std::to_string(::getpid()) + "-" +
                std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
        std::filesystem::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

} // namespace vernier::test
