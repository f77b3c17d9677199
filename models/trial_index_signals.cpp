// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/trial_index_signals.h"

#include <dirent.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <map>
#include <string_view>

#include "models/provenance_json.h"
#include "models/trial_index_codec.h"
#include "scoring/errors.h"

namespace vernier::index_signals {

using namespace index_codec;

std::int64_t ns(const struct timespec& t) {
    return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// stat() of a signal's path; false when it is gone.
// `rel` is looked up from the bundle folder's descriptor: no walk down the folder's own path per call.
bool statSignal(int rootFd, const std::string& rel, bool dir, Signal& s) {
    struct stat st {};
    if (::fstatat(rootFd, rel.empty() ? "." : rel.c_str(), &st, 0) != 0) return false;
    if (dir != S_ISDIR(st.st_mode)) return false;
    s.mtime = ns(st.st_mtim);
    if (!dir) {
        s.ctime = ns(st.st_ctim);
        s.size = static_cast<std::int64_t>(st.st_size);
        s.inode = static_cast<std::int64_t>(st.st_ino);
    }
    return true;
}

// Every real directory below the folder `name` of `parentFd` (symlinks are not followed: a symlink that
// changes changes its own directory), relative, "" first, with its modification time taken before it is read.
// `links` is set when any entry of the tree is a symlink.
void listDirs(int parentFd, const std::string& name, const std::string& rel, std::vector<Signal>& out,
              bool& links, int depth) {
    if (depth > 32) return;
    const int fd = ::openat(parentFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        ::close(fd);
        return;
    }
    out.push_back(Signal{rel, true, ns(st.st_mtim)});
    DIR* d = ::fdopendir(fd);
    if (!d) {
        ::close(fd);
        return;
    }
    std::vector<std::string> subs;
    while (dirent* e = ::readdir(d)) {
        if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
        bool isDir = e->d_type == DT_DIR;
        if (e->d_type == DT_LNK) links = true;
        if (e->d_type == DT_UNKNOWN) {
            struct stat sub {};
            const bool ok = ::fstatat(fd, e->d_name, &sub, AT_SYMLINK_NOFOLLOW) == 0;
            isDir = ok && S_ISDIR(sub.st_mode);
            if (ok && S_ISLNK(sub.st_mode)) links = true;
        }
        if (isDir) subs.emplace_back(e->d_name);
    }
    std::sort(subs.begin(), subs.end());
    for (const auto& s : subs) // relative to this folder's descriptor: no path walk per folder
        listDirs(fd, s, rel.empty() ? s : rel + "/" + s, out, links, depth + 1);
    ::closedir(d); // closes fd
}

// Has a signal changed since it was recorded?
bool changedSignal(int rootFd, const Signal& s) {
    return changedSignal(rootFd, s.path, s);
}

bool changedSignal(int fd, const std::string& rel, const Signal& s) {
    Signal now;
    if (!statSignal(fd, rel, s.dir, now)) return true;
    // The change time is recorded but not compared: it also moves when a hard link to the file is made or
    // removed anywhere (deduplicated bundles, bench/make_large_bundle.py), which says nothing of the content.
    return now.mtime != s.mtime || (!s.dir && (now.size != s.size || now.inode != s.inode));
}

// The `validation` column (docs/index.md "Record format"): a magic number, the count, then per signal a flags
// byte (kDir; kOutside: the path is relative to the bundle, not to the trial folder — a symlink's target
// elsewhere), the path, the modification time (zigzag: it may lie before 1970) and, for files, size and
// inode, all as LEB128 numbers. Paths relative to the trial folder are what makes it small: most are a
// file name or two ("result.json", "verifier/reward.txt"), where the bundle-relative ones repeated the
// job and trial folders' names.
namespace {
constexpr std::uint32_t kSignalsMagic = 0x32475356; // "VSG2"
constexpr std::uint8_t kDir = 1, kOutside = 2;

std::uint64_t zigzag(std::int64_t v) {
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
std::int64_t unzigzag(std::uint64_t v) {
    return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

// `dir` without its trailing '/'.
std::string_view folderOf(const std::string& dir) {
    std::string_view d(dir);
    while (!d.empty() && d.back() == '/')
        d.remove_suffix(1);
    return d;
}

// Steps through an encoded `validation` column without allocating.
class SignalReader {
public:
    explicit SignalReader(std::string_view blob) : d_(blob.data(), blob.size()) {
        if (d_.u32() != kSignalsMagic) throw InputError("corrupt validation");
        left_ = d_.vu();
        if (left_ > blob.size()) throw InputError("corrupt validation");
    }
    struct Item {
        std::string_view path; // relative to the trial folder, or to the bundle when `outside`
        bool dir, outside;
        std::int64_t mtime, size, inode;
    };
    bool next(Item& it) {
        if (left_ == 0) {
            if (!d_.atEnd()) throw InputError("corrupt validation");
            return false;
        }
        --left_;
        const std::uint8_t flags = d_.u8();
        if (flags & ~(kDir | kOutside)) throw InputError("corrupt validation");
        it.dir = (flags & kDir) != 0;
        it.outside = (flags & kOutside) != 0;
        it.path = d_.view();
        it.mtime = unzigzag(d_.vu());
        it.size = it.dir ? 0 : static_cast<std::int64_t>(d_.vu());
        it.inode = it.dir ? 0 : static_cast<std::int64_t>(d_.vu());
        return true;
    }

private:
    Dec d_;
    std::uint64_t left_ = 0;
};
} // namespace

bool anyChangedUnder(int rootFd, const std::string& dir, std::string_view validation) {
    const std::string_view rel = folderOf(dir);
    // The folder once (following a symlink as fstatat does), then each path relative to it: one or two
    // path components looked up per signal instead of three or four (the stat of 1.2 million signals is
    // most of a reopen: docs/index.md "Performance").
    const int fd =
        rel.empty() ? -1 : ::openat(rootFd, std::string(rel).c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (!rel.empty() && fd < 0) return true;
    const int base = rel.empty() ? rootFd : fd;
    bool changed = false;
    char path[4096];
    try {
        SignalReader r(validation);
        SignalReader::Item it{};
        while (!changed && r.next(it)) {
            if (it.path.size() >= sizeof path) {
                changed = true;
                break;
            }
            std::memcpy(path, it.path.data(), it.path.size());
            path[it.path.size()] = '\0';
            struct stat st {};
            if (!it.outside && it.path.empty())
                changed = ::fstat(base, &st) != 0;
            else
                changed = ::fstatat(it.outside ? rootFd : base, it.path.empty() ? "." : path, &st, 0) != 0;
            // The change time is recorded but not compared: it also moves when a hard link to the file is
            // made or removed anywhere (deduplicated bundles, bench/make_large_bundle.py), which says nothing
            // of the content.
            changed = changed || it.dir != S_ISDIR(st.st_mode) || ns(st.st_mtim) != it.mtime ||
                      (!it.dir && (static_cast<std::int64_t>(st.st_size) != it.size ||
                                   static_cast<std::int64_t>(st.st_ino) != it.inode));
        }
    } catch (const InputError&) {
        changed = true; // a column that does not decode vouches for nothing: the folder is read again
    }
    if (fd >= 0) ::close(fd);
    return changed;
}

std::string encodeSignals(const std::vector<Signal>& sigs, const std::string& dir) {
    const std::string_view folder = folderOf(dir);
    Enc e;
    e.u32(kSignalsMagic);
    e.vu(sigs.size());
    for (const auto& s : sigs) {
        std::string_view p(s.path);
        bool outside = false; // a bundle that is the trial: every path is already relative to the trial
        if (!folder.empty() && p == folder)
            p = {};
        else if (!folder.empty() && p.size() > folder.size() && p.compare(0, folder.size(), folder) == 0 &&
                 p[folder.size()] == '/')
            p.remove_prefix(folder.size() + 1);
        else if (!folder.empty())
            outside = true;
        e.u8(static_cast<std::uint8_t>((s.dir ? kDir : 0) | (outside ? kOutside : 0)));
        e.str(p);
        e.vu(zigzag(s.mtime));
        if (!s.dir) {
            e.vu(static_cast<std::uint64_t>(s.size));
            e.vu(static_cast<std::uint64_t>(s.inode));
        }
    }
    return std::move(e.out);
}

void forEachSignal(std::string_view validation, const std::string& dir,
                   const std::function<void(const Signal&)>& fn) {
    const std::string_view folder = folderOf(dir);
    SignalReader r(validation);
    SignalReader::Item it{};
    Signal s; // one buffer for every path
    while (r.next(it)) {
        s.path.clear();
        if (it.outside || folder.empty())
            s.path = it.path;
        else if (it.path.empty())
            s.path = folder;
        else
            s.path.append(folder).append(1, '/').append(it.path);
        s.dir = it.dir;
        s.mtime = it.mtime;
        s.size = it.size;
        s.inode = it.inode;
        fn(s);
    }
}

std::vector<Signal> decodeSignals(std::string_view validation, const std::string& dir) {
    std::vector<Signal> out;
    forEachSignal(validation, dir, [&out](const Signal& s) { out.push_back(s); });
    return out;
}

std::vector<TakenSignal> statAll(std::vector<TakenSignal> all, const std::string& canon) {
    std::vector<char> present(all.size(), 0);
    const FolderFd root(canon);
    parallelFor(all.size(), [&](std::size_t i) {
        Signal& s = all[i].signal;
        present[i] = root.fd >= 0 && statSignal(root.fd, s.path, s.dir, s) ? 1 : 0;
    });
    std::vector<TakenSignal> out;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (present[i]) out.push_back(std::move(all[i]));
    return out;
}

std::vector<TakenSignal> directorySignals(const std::string& canon, bool& links) {
    return directorySignalsUnder(canon, "", links);
}

std::vector<TakenSignal> directorySignalsUnder(const std::string& canon, const std::string& rel,
                                               bool& links) {
    std::vector<Signal> dirs;
    if (rel.empty()) {
        listDirs(AT_FDCWD, canon, "", dirs, links, 0);
    } else {
        const FolderFd root(canon);
        // As deep as the walk from the bundle folder would find it.
        if (root.fd >= 0)
            listDirs(root.fd, rel, rel, dirs, links,
                     1 + static_cast<int>(std::count(rel.begin(), rel.end(), '/')));
    }
    std::vector<TakenSignal> all;
    all.reserve(dirs.size());
    for (auto& d : dirs) {
        std::string owner = d.path.empty() ? std::string() : d.path + "/";
        all.push_back({std::move(d), std::move(owner)});
    }
    return all;
}

// Every file of the tree (the parsed ones and the others: docs/index.md "Validation").
std::vector<TakenSignal> fileSignals(const BundleTree& tree, const std::string& canon) {
    std::vector<TakenSignal> all;
    all.reserve(tree.files().size());
    for (const auto& f : tree.files()) {
        // A file reached through a symlink inside the bundle: its target is what is read.
        const std::string real = tree.ref(f).path();
        all.push_back({Signal{startsWithDir(real, canon) ? real.substr(canon.size() + 1) : f, false}, f});
    }
    return statAll(std::move(all), canon);
}

// The provenance tree hash (models/provenance_json.h treeSha256) of the files whose signals were taken:
// the same value a walk of the folder gives, from the same facts (path, size, modification time).
std::string treeHashOf(std::span<const TakenSignal> files) {
    return treeSha256Of(files.size(),
                        [&](std::size_t i, std::string_view& path, std::uint64_t& size, std::int64_t& mtime) {
                            path = files[i].owner();
                            size = static_cast<std::uint64_t>(files[i].signal.size);
                            mtime = fileClockNsOf(files[i].signal.mtime);
                        });
}

std::string treeHashOf(const std::vector<const Signal*>& files) {
    return treeSha256Of(files.size(),
                        [&](std::size_t i, std::string_view& path, std::uint64_t& size, std::int64_t& mtime) {
                            path = files[i]->path;
                            size = static_cast<std::uint64_t>(files[i]->size);
                            mtime = fileClockNsOf(files[i]->mtime);
                        });
}

// Which trial folder each signal belongs to; the rest are the bundle's.
void assignSignals(std::vector<TakenSignal> taken, const std::vector<std::string>& trialDirs,
                   std::vector<std::vector<Signal>>& perTrial, std::vector<Signal>& bundleLevel) {
    perTrial.assign(trialDirs.size(), {});
    std::map<std::string_view, std::uint32_t> trialOf;
    for (std::size_t i = 0; i < trialDirs.size(); ++i)
        trialOf.emplace(trialDirs[i], static_cast<std::uint32_t>(i));
    // Trial folders do not nest (docs/formats.md), so the greatest folder not after the path is the only one
    // that can hold it. Owners first, so every trial's vector is allocated once at its size; each signal's
    // key is freed as it is moved, so the signals never exist twice at once (docs/index.md "Performance":
    // this is the peak of a first open).
    constexpr std::uint32_t kBundle = UINT32_MAX;
    std::vector<std::uint32_t> owner(taken.size(), kBundle);
    std::vector<std::uint32_t> count(trialDirs.size(), 0);
    std::size_t bundleCount = 0;
    for (std::size_t k = 0; k < taken.size(); ++k) {
        const std::string& key = taken[k].owner();
        auto it = trialOf.upper_bound(key);
        if (it != trialOf.begin() && key.compare(0, std::prev(it)->first.size(), std::prev(it)->first) == 0) {
            owner[k] = std::prev(it)->second;
            ++count[owner[k]];
        } else {
            ++bundleCount;
        }
    }
    for (std::size_t i = 0; i < perTrial.size(); ++i)
        perTrial[i].reserve(count[i]);
    bundleLevel.reserve(bundleLevel.size() + bundleCount);
    for (std::size_t k = 0; k < taken.size(); ++k) {
        std::string().swap(taken[k].ownerKey);
        (owner[k] == kBundle ? bundleLevel : perTrial[owner[k]]).push_back(std::move(taken[k].signal));
    }
}

} // namespace vernier::index_signals
