// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small parallel loops for the importer, the trial index and the analysis. Threads are QThreads, not
// std::threads: zipped bundles are read through QuaZip, and a QThread releases its Qt thread data when it
// finishes instead of at process exit.
#include <QThread>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstddef>
#include <exception>
#include <memory>
#include <utility>
#include <vector>

namespace vernier {

// Lowers the calling thread's CPU priority by `steps` nice steps (Linux: each thread has its own nice value).
// It cannot be raised again without privileges, so only threads that end with their work are lowered.
inline void lowerThisThreadPriority(int steps) {
    if (steps <= 0) return;
    const auto tid = static_cast<id_t>(::gettid());
    errno = 0;
    const int now = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0) (void)::setpriority(PRIO_PROCESS, tid, std::min(19, now + steps));
}

// How many nice steps below the caller the threads runOnThreads starts run (0: the same). The desktop
// application sets it so that its parallel reads give way to its event loop and statistics when those want a
// core (docs/index.md "Giving way to the GUI").
inline std::atomic<int>& helperThreadNiceSteps() {
    static std::atomic<int> steps{0};
    return steps;
}

// Runs worker() on `threads` threads, this one among them, and returns when all have returned.
template <typename Fn> void runOnThreads(std::size_t threads, Fn worker) {
    std::vector<std::unique_ptr<QThread>> others;
    const int nice = helperThreadNiceSteps().load();
    for (std::size_t k = 1; k < threads; ++k) {
        others.emplace_back(QThread::create([worker, nice]() mutable {
            lowerThisThreadPriority(nice);
            worker();
        }));
        others.back()->start();
    }
    worker();
    for (auto& th : others)
        th->wait();
}

// Runs fn(i) for every i in [0, n), each once, on at most `maxThreads` threads with at least `perThread`
// items for each; the items are handed out one at a time, in order.
template <typename Fn> void parallelFor(std::size_t n, std::size_t maxThreads, std::size_t perThread, Fn fn) {
    std::atomic<std::size_t> next{0};
    const std::size_t threads = std::max<std::size_t>(
        1, std::min(maxThreads, (n + perThread - 1) / std::max<std::size_t>(1, perThread)));
    runOnThreads(threads, [&] {
        for (std::size_t i = next.fetch_add(1); i < n; i = next.fetch_add(1))
            fn(i);
    });
}

// Runs fn() on a thread of its own from construction on. wait() returns once it has and rethrows what it
// threw; the destructor waits too (so whatever fn reads outlives its run when declared before), without
// rethrowing.
class Beside {
public:
    template <typename Fn>
    explicit Beside(Fn fn)
        : thread_(QThread::create([this, fn = std::move(fn)]() mutable {
              try {
                  fn();
              } catch (...) {
                  error_ = std::current_exception();
              }
          })) {
        thread_->start();
    }
    Beside(const Beside&) = delete;
    Beside& operator=(const Beside&) = delete;
    ~Beside() { thread_->wait(); }
    void wait() {
        thread_->wait();
        if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    }

private:
    std::exception_ptr error_;
    std::unique_ptr<QThread> thread_;
};

} // namespace vernier
