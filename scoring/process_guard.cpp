// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/process_guard.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>

#include <OSD.hxx>

#if defined(__SANITIZE_ADDRESS__)
#define VERNIER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VERNIER_ASAN 1
#endif
#endif
#ifndef VERNIER_ASAN
#define VERNIER_ASAN 0
#endif

namespace vernier {

bool builtWithAddressSanitizer() {
    return VERNIER_ASAN != 0;
}

void installOcctGuards(std::optional<std::size_t> addressSpaceCapBytes) {
    if (addressSpaceCapBytes && !builtWithAddressSanitizer()) {
        const auto cap = static_cast<rlim_t>(*addressSpaceCapBytes);
        rlimit limit{};
        if (getrlimit(RLIMIT_AS, &limit) == 0 && (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > cap)) {
            limit.rlim_cur = cap;
            setrlimit(RLIMIT_AS, &limit);
        }
    }
    OSD::SetSignal(OSD_SignalMode_Set, /*theToCatchFpe=*/Standard_False);
}

ProcessDeadline::ProcessDeadline(std::chrono::milliseconds limit, std::string message, int exitCode) {
    watchdog_ = std::thread([this, limit, line = std::move(message) + "\n", exitCode] {
        std::unique_lock<std::mutex> lock(mutex_);
        if (cv_.wait_for(lock, limit, [this] { return done_; })) return;
        // The main thread is stuck inside the reader: write the reason with one system call and leave
        // without running anything that could wait on it (destructors, atexit handlers, stdio locks).
        for (std::size_t off = 0; off < line.size();) {
            const ssize_t n = ::write(STDERR_FILENO, line.data() + off, line.size() - off);
            if (n <= 0) break;
            off += static_cast<std::size_t>(n);
        }
        std::_Exit(exitCode);
    });
}

ProcessDeadline::~ProcessDeadline() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
    }
    cv_.notify_all();
    watchdog_.join();
}

} // namespace vernier
