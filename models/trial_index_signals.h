// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The trial index's validation signals (docs/index.md "Validation"): what is recorded of every directory and
// file of a folder bundle so that a later open can tell, from stat() alone, which trial folders changed.
// Internal to models/trial_index.cpp.
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fcntl.h>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "models/bundle_tree.h"
#include "models/parallel.h"

namespace vernier::index_signals {

// A folder bundle's index is valid while (docs/index.md, "Validation"):
//  - every directory of the bundle has the modification time it had (a file added, removed or renamed
//    anywhere changes its directory's time, so the set of files is the same), and
//  - every file of the bundle has the same size, modification time and inode (a rewrite in place or a
//    replacement changes them). The import parses only some of them (result.json, config.json, reward
//    files, manifest, trajectory, lock.json); the others (answer documents, logs) are covered too so that
//    the signals are a complete record of the tree: the provenance tree hash is taken from them
//    (indexedTreeSha256) instead of statting the bundle again.
struct Signal {
    std::string path; // relative to the canonical folder; "" is the folder itself
    bool dir = false;
    std::int64_t mtime = 0, ctime = 0, size = 0, inode = 0;
};

std::int64_t ns(const struct timespec& t);

// stat() of a signal's path relative to the bundle folder's descriptor; false when it is gone.
bool statSignal(int rootFd, const std::string& rel, bool dir, Signal& s);

// Has a signal changed since it was recorded?
bool changedSignal(int rootFd, const Signal& s);
// The same, its path given as `rel` relative to the folder `fd`.
bool changedSignal(int fd, const std::string& rel, const Signal& s);
// Has any of a trial folder's signals changed? `dir` is the folder relative to the bundle (a trailing '/'
// allowed), `validation` its encoded signals (encodeSignals), read in place and stat'ed relative to the
// folder. A column that does not decode counts as changed.
bool anyChangedUnder(int rootFd, const std::string& dir, std::string_view validation);

// An open descriptor of a folder, closed on scope exit; -1 when it cannot be opened.
struct FolderFd {
    int fd;
    explicit FolderFd(const std::string& path)
        : fd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {}
    ~FolderFd() {
        if (fd >= 0) ::close(fd);
    }
    FolderFd(const FolderFd&) = delete;
    FolderFd& operator=(const FolderFd&) = delete;
};

// Every real directory below the folder `name` of `parentFd`, relative (`rel` is the folder's own relative
// path), the folder itself first, with its modification time taken before it is read. `links` is set when
// any entry of the tree is a symlink.
void listDirs(int parentFd, const std::string& name, const std::string& rel, std::vector<Signal>& out,
              bool& links, int depth);

// Runs fn(i) for i in [0, n) on up to 16 threads (stat and decode are independent per item). More threads
// than cores: on a cold cache each stat waits for the disk, and 16 requests in flight reopened 100,000 trials
// in ~20 s instead of ~37 s with 4 (docs/index.md "Performance"); warm, it makes no measurable difference.
template <typename Fn> void parallelFor(std::size_t n, Fn fn) {
    vernier::parallelFor(n, 16, 1024, fn);
}

// The `validation` column: a trial folder's signals, their paths written relative to the folder `dir`
// (relative to the bundle, a trailing '/' allowed). decodeSignals gives them back relative to the bundle;
// it throws InputError on anything encodeSignals did not write.
std::string encodeSignals(const std::vector<Signal>& sigs, const std::string& dir);
std::vector<Signal> decodeSignals(std::string_view validation, const std::string& dir);
// decodeSignals one signal at a time, into one Signal whose path buffer is reused (no copy kept).
void forEachSignal(std::string_view validation, const std::string& dir,
                   const std::function<void(const Signal&)>& fn);

// Signals of a folder bundle, taken before what they vouch for is read (a change during the import is then
// seen at the next open): the directories before the bundle is listed, the parsed files before they are read.
struct TakenSignal {
    Signal signal;
    // The path inside the bundle that decides which trial folder it belongs to; empty when that is the
    // signal's own path (a file listed where it is: most of them, so 10^5 trials do not hold each path
    // twice).
    std::string ownerKey;
    const std::string& owner() const { return ownerKey.empty() ? signal.path : ownerKey; }
};

// Stats every signal's path from the folder `canon`; the ones gone are left out.
std::vector<TakenSignal> statAll(std::vector<TakenSignal> all, const std::string& canon);
// Every directory of the folder `canon` (sets `links` when there is a symlink anywhere).
std::vector<TakenSignal> directorySignals(const std::string& canon, bool& links);
// The directories of the folder `rel` (relative, without a trailing '/'; "" is the whole bundle) of `canon`.
std::vector<TakenSignal> directorySignalsUnder(const std::string& canon, const std::string& rel, bool& links);
// Every file of the tree (the parsed ones and the others: docs/index.md "Validation").
std::vector<TakenSignal> fileSignals(const BundleTree& tree, const std::string& canon);
// The provenance tree hash of the files whose signals were taken.
std::string treeHashOf(std::span<const TakenSignal> files);
// The same of file signals whose paths are their places in the bundle (a tree without symlinks).
std::string treeHashOf(const std::vector<const Signal*>& files);
// Which trial folder each signal belongs to (trialDirs relative, ending in '/'); the rest are the bundle's.
void assignSignals(std::vector<TakenSignal> taken, const std::vector<std::string>& trialDirs,
                   std::vector<std::vector<Signal>>& perTrial, std::vector<Signal>& bundleLevel);

} // namespace vernier::index_signals
