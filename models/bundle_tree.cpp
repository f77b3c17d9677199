// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/bundle_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <string_view>

#include "models/parallel.h"
#include "models/regular_file.h"
#include "scoring/errors.h"

namespace fs = std::filesystem;

namespace vernier {

namespace {

constexpr int kMaxDepth = 32;

// Sorts paths that come in a few ascending runs — a partial update's listing is the index's, in folder order,
// with the bundle's own files and the folders listed again after it — by merging the runs: a few linear
// passes where sorting 10^6 paths from scratch took 0.43 s (docs/index.md "Partial update"). Any order still
// sorts.
void sortMostlySorted(std::vector<std::string>& paths) {
    std::vector<std::size_t> starts{0};
    for (std::size_t i = 1; i < paths.size(); ++i)
        if (paths[i] < paths[i - 1]) starts.push_back(i);
    if (starts.size() > 64) {
        std::sort(paths.begin(), paths.end());
        return;
    }
    while (starts.size() > 1) {
        std::vector<std::size_t> merged;
        for (std::size_t k = 0; k < starts.size(); k += 2) {
            merged.push_back(starts[k]);
            if (k + 1 == starts.size()) break;
            const std::size_t end = k + 2 < starts.size() ? starts[k + 2] : paths.size();
            const auto base = paths.begin();
            std::inplace_merge(base + static_cast<std::ptrdiff_t>(starts[k]),
                               base + static_cast<std::ptrdiff_t>(starts[k + 1]),
                               base + static_cast<std::ptrdiff_t>(end));
        }
        starts = std::move(merged);
    }
}

bool isWithin(const fs::path& inner, const fs::path& root) {
    auto r = root.begin(), i = inner.begin();
    for (; r != root.end(); ++r, ++i)
        if (i == inner.end() || *i != *r) return false;
    return true;
}

struct Walker {
    fs::path canonicalRoot;
    std::string canonPrefix; // canonicalRoot + "/"
    std::vector<std::string>& files;
    std::unordered_map<std::string, std::string>& linked;
    std::vector<ImportProblem>& problems;
    std::set<fs::path> visitedDirs;

    void walk(const fs::path& dir, const std::string& rel, int depth) {
        if (depth > kMaxDepth) {
            problems.push_back({dir.string(), "folder nesting too deep; not read", ""});
            return;
        }
        std::error_code ec;
        fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
        if (ec) {
            problems.push_back({dir.string(), "cannot list folder: " + ec.message(), ""});
            return;
        }
        std::vector<fs::directory_entry> entries;
        for (; it != fs::directory_iterator(); it.increment(ec)) {
            if (ec) break;
            entries.push_back(*it);
        }
        std::sort(entries.begin(), entries.end(),
                  [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
        for (const auto& e : entries) {
            std::string name = e.path().filename().string();
            std::string childRel = rel.empty() ? name : rel + "/" + name;
            // The entry's cached type (from readdir) avoids a stat per file; only symlinks are resolved.
            if (e.is_symlink(ec)) {
                fs::path target = fs::canonical(e.path(), ec);
                if (ec) {
                    problems.push_back({e.path().string(), "broken symlink; not followed", ""});
                    continue;
                }
                if (!isWithin(target, canonicalRoot)) {
                    problems.push_back(
                        {e.path().string(), "symlink points outside the bundle; not followed", ""});
                    continue;
                }
                fs::file_status st = fs::status(target, ec);
                if (ec) continue;
                if (fs::is_directory(st)) {
                    if (!visitedDirs.insert(target).second) continue; // a loop, or a second way in
                    walk(target, childRel, depth + 1);
                } else if (fs::is_regular_file(st)) {
                    addFile(childRel, target.string());
                }
                continue;
            }
            if (e.is_directory(ec))
                walk(e.path(), childRel, depth + 1);
            else if (e.is_regular_file(ec))
                addFile(childRel, e.path().string());
        }
    }

    void addFile(const std::string& rel, std::string real) {
        if (files.size() >= kMaxBundleFiles)
            throw InputError(canonicalRoot.string() + ": too many files (limit " +
                             std::to_string(kMaxBundleFiles) + ")");
        files.push_back(rel);
        // Only a file reached through a symlink lives elsewhere than canon/rel.
        if (real.size() != canonPrefix.size() + rel.size() ||
            real.compare(0, canonPrefix.size(), canonPrefix) ||
            real.compare(canonPrefix.size(), rel.size(), rel))
            linked.emplace(rel, std::move(real));
    }
};

bool hasZipSuffix(const std::string& p) {
    if (p.size() < 4) return false;
    std::string s = p.substr(p.size() - 4);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s == ".zip";
}

// The walk of openFolderWithStats: POSIX calls relative to each folder's descriptor (one path component
// per lookup), d_type from readdir, a stat per entry kept. Anything open()'s walker would report or follow
// stops it (`abandon`), so the two never disagree on what a folder holds.
struct FastPart {
    std::vector<ListedStat> dirs, files;
};

std::int64_t nsOf(const struct timespec& t) {
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

struct FastWalker {
    // Take the signals: stat every folder and regular file (otherwise only entries readdir does not type).
    bool fileStats = true;
    // ... except the files the import reads (isStampedOnRead): their stamps come from the reads.
    bool stampOnRead = false;
    // ... or, with stampOnRead, every file: stat'ed later by the caller when not read.
    bool everyFilePending = false;
    std::atomic<bool> abandon{false};
    std::atomic<std::size_t> fileCount{0};
    // Folders at this depth are walked as units of their own, on several threads.
    static constexpr int kSplitDepth = 2;

    struct Unit {
        std::string rel;
        int depth;
        std::size_t part; // where its output goes
    };

    // Whether entry `a` comes before `b` when the walk's output is compared as whole paths: a folder's name
    // counts with the '/' its entries' paths continue with, so that "a-b" comes before "a" when "a" is a
    // folder ("a-b" < "a/x"). Siblings in this order make the depth-first walk list files already sorted.
    static bool beforeAsPaths(const std::pair<std::string, unsigned char>& a,
                              const std::pair<std::string, unsigned char>& b) {
        const std::string_view x = a.first, y = b.first;
        const std::size_t n = std::min(x.size(), y.size());
        if (const int c = x.substr(0, n).compare(y.substr(0, n)); c != 0) return c < 0;
        if (x.size() == y.size()) return false;
        // One name is the other's beginning: what follows it is '/' for a folder, nothing for a file.
        if (x.size() < y.size()) return a.second != DT_DIR || '/' < static_cast<unsigned char>(y[n]);
        return b.second == DT_DIR && static_cast<unsigned char>(x[n]) < '/';
    }

    // The entries of the folder open as `fd`, in beforeAsPaths order, with their readdir types; false when it
    // cannot be read to the end. getdents64 into one buffer per thread: opendir would allocate 32 KiB and
    // make one more system call per folder, and a 10^5-trial bundle has half a million folders.
    static bool readEntries(int fd, std::vector<std::pair<std::string, unsigned char>>& entries) {
        thread_local std::vector<char> buffer(32 * 1024);
        entries.clear();
        for (;;) {
            const long n = ::syscall(SYS_getdents64, fd, buffer.data(), buffer.size());
            if (n < 0) return false;
            if (n == 0) break;
            for (long at = 0; at < n;) {
                // struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name (NUL-terminated).
                const char* rec = buffer.data() + at;
                unsigned short reclen = 0;
                std::memcpy(&reclen, rec + 16, sizeof reclen);
                if (reclen == 0 || at + reclen > n) return false;
                const unsigned char type = static_cast<unsigned char>(rec[18]);
                const char* name = rec + 19;
                at += reclen;
                if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0) continue;
                entries.emplace_back(name, type);
            }
        }
        std::sort(entries.begin(), entries.end(), beforeAsPaths);
        return true;
    }

    // Lists the folder open as `fd` (this closes it), at `rel` and `depth`, into parts[part]; folders at
    // kSplitDepth become units (with a part of their own, followed by a new part for what comes after them)
    // when `units` is given, and are walked in place otherwise.
    void walk(int fd, const std::string& rel, int depth, std::vector<FastPart>& parts, std::size_t& part,
              std::vector<Unit>* units) {
        const UniqueFd closer(fd);
        if (abandon || depth > kMaxDepth) {
            abandon = true;
            return;
        }
        // The folder's time before it is read: an entry added while it is read changes it afterwards.
        struct stat st {};
        if (fileStats && ::fstat(fd, &st) != 0) {
            abandon = true;
            return;
        }
        if (fileStats) parts[part].dirs.push_back({rel, true, nsOf(st.st_mtim), 0, 0});
        std::vector<std::pair<std::string, unsigned char>> entries;
        if (!readEntries(fd, entries)) {
            abandon = true;
            return;
        }
        for (auto& [name, type] : entries) {
            if (abandon) return;
            std::string childRel = rel.empty() ? name : rel + "/" + name;
            if (type == DT_LNK) {
                abandon = true;
                return;
            }
            struct stat sub {};
            bool isDir = type == DT_DIR, isFile = type == DT_REG, statted = false;
            const bool pending =
                isFile && fileStats && stampOnRead && (everyFilePending || isStampedOnRead(name.c_str()));
            if (type == DT_UNKNOWN || (isFile && fileStats && !pending)) {
                if (::fstatat(fd, name.c_str(), &sub, AT_SYMLINK_NOFOLLOW) != 0 || S_ISLNK(sub.st_mode)) {
                    abandon = true; // gone while listed, or a symlink: open() decides
                    return;
                }
                statted = true;
                isDir = S_ISDIR(sub.st_mode);
                isFile = S_ISREG(sub.st_mode);
            }
            if (isFile) {
                if ((fileStats && !statted && !pending) || fileCount.fetch_add(1) + 1 > kMaxBundleFiles) {
                    abandon = true;
                    return;
                }
                parts[part].files.push_back(
                    {std::move(childRel), false, nsOf(sub.st_mtim), static_cast<std::int64_t>(sub.st_size),
                     static_cast<std::int64_t>(sub.st_ino), nsOf(sub.st_ctim), pending});
            } else if (isDir) {
                if (units && depth + 1 == kSplitDepth) {
                    parts.emplace_back();
                    units->push_back({std::move(childRel), depth + 1, parts.size() - 1});
                    parts.emplace_back();
                    part = parts.size() - 1;
                    continue;
                }
                const int sfd = ::openat(fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
                if (sfd < 0) {
                    abandon = true; // open() skips or reports it
                    return;
                }
                walk(sfd, childRel, depth + 1, parts, part, units);
            }
            // Other kinds of file (fifos, sockets, devices) are not listed, as by open().
        }
    }
};

} // namespace

bool isStampedOnRead(const char* name) {
    for (const char* read : {"result.json", "config.json", "reward.json", "reward_details.json"})
        if (std::strcmp(name, read) == 0) return true;
    return false;
}

std::optional<BundleTree> BundleTree::openFolderWithStats(const std::string& path,
                                                          std::vector<ListedStat>& stats, bool stampOnRead,
                                                          bool everyFilePending) {
    return listFolder(path, stats, true, stampOnRead, everyFilePending);
}

std::optional<BundleTree> BundleTree::listFolder(const std::string& path, std::vector<ListedStat>& stats,
                                                 bool fileStats, bool stampOnRead, bool everyFilePending) {
    stats.clear();
    std::error_code ec;
    if (fs::is_symlink(path, ec) || !fs::is_directory(path, ec)) return std::nullopt;
    const fs::path canon = fs::canonical(path, ec);
    if (ec) return std::nullopt;
    BundleTree t;
    t.root_ = path;
    t.canon_ = canon.string();
    const int rootFd = ::open(t.canon_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (rootFd < 0) return std::nullopt;
    FastWalker w;
    w.fileStats = fileStats;
    w.stampOnRead = stampOnRead;
    w.everyFilePending = stampOnRead && everyFilePending;
    // The top two levels on this thread; every folder below them is a unit of its own.
    std::vector<FastPart> parts(1);
    std::vector<FastWalker::Unit> units;
    std::size_t part = 0;
    const int top = ::dup(rootFd);
    if (top < 0) {
        ::close(rootFd);
        return std::nullopt;
    }
    w.walk(top, "", 0, parts, part, &units);
    parallelFor(units.size(), 16, 64, [&](std::size_t i) {
        if (w.abandon) return;
        const FastWalker::Unit& u = units[i];
        const int fd = ::openat(rootFd, u.rel.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0) {
            w.abandon = true;
            return;
        }
        std::size_t p = u.part;
        w.walk(fd, u.rel, u.depth, parts, p, nullptr);
    });
    ::close(rootFd);
    if (w.abandon) return std::nullopt;
    std::size_t dirs = 0, files = 0;
    for (const auto& p : parts) {
        dirs += p.dirs.size();
        files += p.files.size();
    }
    stats.reserve(fileStats ? dirs + files : 0);
    for (auto& p : parts)
        for (auto& d : p.dirs)
            stats.push_back(std::move(d));
    std::vector<ListedStat> fileList;
    fileList.reserve(files);
    for (auto& p : parts)
        for (auto& f : p.files)
            fileList.push_back(std::move(f));
    parts.clear();
    // The listing is sorted by path, like open()'s. The walk lists in that order already (beforeAsPaths),
    // except where readdir did not type an entry: checked, and sorted only then (1.3 million paths took
    // 0.2 s of the open of a 10^5-trial bundle, on one thread).
    const auto byPath = [](const ListedStat& a, const ListedStat& b) { return a.rel < b.rel; };
    if (!std::is_sorted(fileList.begin(), fileList.end(), byPath))
        std::sort(fileList.begin(), fileList.end(), byPath);
    t.files_.reserve(files);
    std::vector<std::uint32_t> pending;
    for (auto& f : fileList) {
        if (!fileStats) {
            t.files_.push_back(std::move(f.rel));
            continue;
        }
        if (f.pending) pending.push_back(static_cast<std::uint32_t>(t.files_.size())); // < kMaxBundleFiles
        t.files_.push_back(f.rel);
        stats.push_back(std::move(f));
    }
    if (stampOnRead) t.readStamps_ = std::make_shared<ReadStamps>(std::move(pending));
    return t;
}

BundleTree BundleTree::open(const std::string& path) {
    BundleTree t;
    t.root_ = path;
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) throw InputError(path + ": no such file or folder");
    if (fs::is_directory(st)) {
        // Most folders are listed on several threads; one with a symlink or a listing problem by the walk
        // below, which follows or reports it.
        std::vector<ListedStat> unused;
        if (auto fast = listFolder(path, unused, false)) return std::move(*fast);
        fs::path canon = fs::canonical(path, ec);
        if (ec) throw InputError(path + ": " + ec.message());
        t.canon_ = canon.string();
        Walker w{canon, t.canon_ + "/", t.files_, t.linked_, t.problems_, {canon}};
        w.walk(canon, "", 0);
        std::sort(t.files_.begin(), t.files_.end());
        return t;
    }
    if (!fs::is_regular_file(st)) throw InputError(path + ": neither a folder nor a zip file");
    std::shared_ptr<const SafeZip> zip;
    try {
        zip = std::make_shared<const SafeZip>(SafeZip::openFile(path, kBundleZipLimits));
    } catch (const InputError& e) {
        throw InputError(path + ": " + (hasZipSuffix(path) ? "" : "not a folder; ") + e.what());
    }
    return ofZip(path, std::make_shared<const LazyZip>(std::move(zip)));
}

BundleTree BundleTree::ofZip(const std::string& path, std::shared_ptr<const LazyZip> zip) {
    BundleTree t;
    t.root_ = path;
    t.zip_ = std::move(zip);
    const SafeZip& archive = t.zip_->get();
    // In the archive's name order: the listing comes out sorted.
    for (const std::uint32_t i : archive.nameOrder()) {
        const ZipEntryInfo& e = archive.entries()[i];
        // A file entry's name never ends in '/' (that makes it a directory), so it is its relative path.
        if (e.isDirectory || e.name.empty()) continue;
        if (t.files_.size() >= kMaxBundleFiles)
            throw InputError(path + ": too many files (limit " + std::to_string(kMaxBundleFiles) + ")");
        t.files_.push_back(e.name);
    }
    return t;
}

std::optional<BundleTree> BundleTree::fromListing(const std::string& path, const std::string& canon,
                                                  std::vector<std::string> known,
                                                  const std::vector<std::string>& relist) {
    BundleTree t;
    t.root_ = path;
    t.canon_ = canon;
    t.files_ = std::move(known);
    const fs::path root(canon);
    Walker w{root, t.canon_ + "/", t.files_, t.linked_, t.problems_, {root}};
    for (const auto& dir : relist) {
        std::string rel = dir;
        while (!rel.empty() && rel.back() == '/')
            rel.pop_back();
        const int depth = rel.empty() ? 0 : 1 + static_cast<int>(std::count(rel.begin(), rel.end(), '/'));
        std::error_code ec;
        const fs::path at = rel.empty() ? root : root / rel;
        if (fs::is_symlink(at, ec) || !fs::is_directory(at, ec)) return std::nullopt;
        w.walk(at, rel, depth);
    }
    if (!t.linked_.empty() || !t.problems_.empty()) return std::nullopt;
    sortMostlySorted(t.files_);
    t.files_.erase(std::unique(t.files_.begin(), t.files_.end()), t.files_.end());
    return t;
}

bool BundleTree::has(const std::string& rel) const {
    return std::binary_search(files_.begin(), files_.end(), rel);
}

FileRef BundleTree::ref(const std::string& rel) const {
    const auto it = std::lower_bound(files_.begin(), files_.end(), rel);
    if (it == files_.end() || *it != rel) return {};
    return refAt(static_cast<std::size_t>(it - files_.begin()));
}

FileRef BundleTree::refAt(std::size_t i) const {
    const std::string& rel = files_[i];
    if (zip_) return FileRef::inZip(zip_, root_, rel);
    if (auto it = linked_.find(rel); it != linked_.end()) return FileRef::onDisk(it->second);
    return FileRef::onDisk(canon_ + "/" + rel);
}

std::optional<std::string> BundleTree::readAtMost(const std::string& rel, std::uint64_t maxBytes) const {
    const auto it = std::lower_bound(files_.begin(), files_.end(), rel);
    if (it == files_.end() || *it != rel) throw InputError("no file"); // as an empty FileRef's read
    return readAtMostAt(static_cast<std::size_t>(it - files_.begin()), maxBytes);
}

std::optional<std::string> BundleTree::readAtMostAt(std::size_t i, std::uint64_t maxBytes) const {
    const FileRef r = refAt(i);
    if (!readStamps_ || zip_) return r.readAtMost(maxBytes);
    const auto slot = readStamps_->slotOf(i);
    if (!slot) return r.readAtMost(maxBytes);
    FileStamp stamp;
    std::optional<std::string> bytes = r.readAtMost(maxBytes, &stamp);
    if (!readStamps_->claimed[*slot].exchange(true)) readStamps_->stamps[*slot] = stamp;
    return bytes;
}

BundleTree::Folder BundleTree::folder(const std::string& dir) const {
    const auto lo = std::lower_bound(files_.begin(), files_.end(), dir);
    // The run of paths that start with `dir`: they sort before `dir` with its last byte raised by one.
    auto hi = files_.end();
    if (!dir.empty()) {
        std::string past = dir;
        past.back() = static_cast<char>(static_cast<unsigned char>(past.back()) + 1);
        hi = std::lower_bound(lo, files_.end(), past);
    }
    return Folder(*this, static_cast<std::size_t>(lo - files_.begin()),
                  static_cast<std::size_t>(hi - files_.begin()));
}

std::optional<std::size_t> BundleTree::Folder::indexOf(const std::string& rel) const {
    const auto first = tree_->files_.begin();
    const auto it = std::lower_bound(first + lo_, first + hi_, rel);
    if (it == first + hi_ || *it != rel) return std::nullopt;
    return static_cast<std::size_t>(it - first);
}

FileRef BundleTree::Folder::ref(const std::string& rel) const {
    const auto i = indexOf(rel);
    return i ? tree_->refAt(*i) : FileRef();
}

std::optional<std::string> BundleTree::Folder::readAtMost(const std::string& rel,
                                                          std::uint64_t maxBytes) const {
    const auto i = indexOf(rel);
    if (!i) throw InputError("no file"); // as BundleTree::readAtMost
    return tree_->readAtMostAt(*i, maxBytes);
}

std::optional<std::size_t> BundleTree::ReadStamps::slotOf(std::size_t i) const {
    const auto it = std::lower_bound(pending.begin(), pending.end(), i);
    if (it == pending.end() || *it != i) return std::nullopt;
    return static_cast<std::size_t>(it - pending.begin());
}

std::optional<FileStamp> BundleTree::readStampOf(std::size_t i) const {
    if (!readStamps_) return std::nullopt;
    const auto slot = readStamps_->slotOf(i);
    if (!slot || !readStamps_->claimed[*slot]) return std::nullopt;
    return readStamps_->stamps[*slot];
}

std::string BundleTree::read(const std::string& rel) const {
    FileRef r = ref(rel);
    if (r.empty()) throw InputError(rel + ": missing");
    return r.readAll();
}

} // namespace vernier
