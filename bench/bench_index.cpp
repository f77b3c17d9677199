// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// One measured step of bench/bench_index.sh (issue 18, Part 1; docs/index.md "Performance"), run once per
// process so that /usr/bin/time gives each its own wall time and peak RSS:
//   bench_index floor   BUNDLE        list the bundle and read every result.json and reward file (8 threads,
//                                     as the import reads), nothing parsed: the file-system floor
//   bench_index zipfloor BUNDLE.zip   read the zip's central directory and inflate every result.json and
//   reward
//                                     entry (8 threads), nothing parsed: the floor for a zipped bundle
//   bench_index zipdir  BUNDLE.zip    SafeZip::openFile alone: the central directory listed and checked
//   bench_index list    BUNDLE        BundleTree::open: the listing alone
//   bench_index liststats BUNDLE      BundleTree::openFolderWithStats: the listing with every signal stat'ed
//   bench_index import  BUNDLE PACK   importResults without the index
//   bench_index first   BUNDLE PACK   importResults with the index, none there yet (reads all, writes it)
//   bench_index reopen  BUNDLE PACK   importResults with the index (as written by `first`)
//   bench_index gui     BUNDLE PACK   importResults as the GUI opens a bundle: the follow state handed over
//   and the
//                                     index write deferred, then run (prints the time to the import's return
//                                     too)
//   bench_index follow  BUNDLE        the live follow's state of the folder from its listing (as an import
//                                     hands it over, docs/index.md "The follow baseline") and by a walk of
//                                     its own; prints both times (the listing itself not counted)
//   bench_index signals BUNDLE        the validation `stat`s of a reopen at three granularities, each pass
//                                     on 16 threads like the reopen (docs/index.md "Why every file"): one
//                                     per trial folder, every directory plus result.json, every entry
// Prints the step's own seconds (without process start) and the number of trials.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "models/bundle_tree.h"
#include "models/follow_state.h"
#include "models/parallel.h"
#include "models/result_set.h"
#include "scoring/safe_zip.h"

namespace {

void walk(const std::string& dir, std::vector<std::string>& files) {
    DIR* d = ::opendir(dir.c_str());
    if (!d) return;
    std::vector<std::string> subs;
    while (dirent* e = ::readdir(d)) {
        if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
        const std::string path = dir + "/" + e->d_name;
        if (e->d_type == DT_DIR) {
            subs.push_back(path);
        } else if (std::strcmp(e->d_name, "result.json") == 0 || std::strcmp(e->d_name, "reward.json") == 0 ||
                   std::strcmp(e->d_name, "reward.txt") == 0 ||
                   std::strcmp(e->d_name, "reward_details.json") == 0) {
            files.push_back(path);
        }
    }
    ::closedir(d);
    for (const auto& s : subs)
        walk(s, files);
}

std::size_t floorRead(const std::string& bundle) {
    std::vector<std::string> files;
    walk(bundle, files);
    std::atomic<std::size_t> next{0}, bytes{0};
    auto worker = [&] {
        std::string buf;
        for (std::size_t i = next.fetch_add(1); i < files.size(); i = next.fetch_add(1)) {
            std::ifstream in(files[i], std::ios::binary);
            buf.assign(std::istreambuf_iterator<char>(in), {});
            bytes += buf.size();
        }
    };
    vernier::runOnThreads(8, worker);
    return files.size();
}

bool isNeeded(const std::string& name) {
    const auto slash = name.find_last_of('/');
    const std::string base = slash == std::string::npos ? name : name.substr(slash + 1);
    return base == "result.json" || base == "reward.json" || base == "reward.txt" ||
           base == "reward_details.json";
}

std::size_t zipFloorRead(const std::string& bundle) {
    const vernier::SafeZip zip = vernier::SafeZip::openFile(bundle, vernier::kBundleZipLimits);
    std::vector<const std::string*> names;
    for (const auto& e : zip.entries())
        if (!e.isDirectory && isNeeded(e.name)) names.push_back(&e.name);
    std::atomic<std::size_t> next{0}, bytes{0};
    auto worker = [&] {
        for (std::size_t i = next.fetch_add(1); i < names.size(); i = next.fetch_add(1))
            bytes += zip.read(*names[i]).size();
    };
    vernier::runOnThreads(8, worker);
    return names.size();
}

// One Harbor trial folder (BUNDLE/job/trial) and every entry below it, relative to it.
struct TrialEntries {
    std::string folder;
    std::vector<std::string> entries;
    std::vector<bool> isDir;
};

void listBelow(const std::string& root, const std::string& rel, TrialEntries& t) {
    DIR* d = ::opendir((rel.empty() ? root : root + "/" + rel).c_str());
    if (!d) return;
    while (dirent* e = ::readdir(d)) {
        if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
        const std::string r = rel.empty() ? std::string(e->d_name) : rel + "/" + e->d_name;
        t.entries.push_back(r);
        t.isDir.push_back(e->d_type == DT_DIR);
        if (e->d_type == DT_DIR) listBelow(root, r, t);
    }
    ::closedir(d);
}

std::vector<std::string> subfolders(const std::string& dir) {
    std::vector<std::string> out;
    DIR* d = ::opendir(dir.c_str());
    if (!d) return out;
    while (dirent* e = ::readdir(d))
        if (e->d_type == DT_DIR && e->d_name[0] != '.') out.push_back(dir + "/" + e->d_name);
    ::closedir(d);
    return out;
}

// Times `stat`s as a reopen's validation makes them (trial folder opened with O_PATH, its entries stat'ed
// relative to it, 16 threads), for three choices of signals; the listing itself is not timed.
std::size_t signalClasses(const std::string& bundle) {
    std::vector<TrialEntries> trials;
    for (const auto& job : subfolders(bundle))
        for (const auto& folder : subfolders(job)) {
            TrialEntries t;
            t.folder = folder;
            listBelow(folder, "", t);
            trials.push_back(std::move(t));
        }
    const char* names[] = {"trial folder only", "every directory + result.json", "every entry (today)"};
    for (int mode = 0; mode < 3; ++mode) {
        const auto t0 = std::chrono::steady_clock::now();
        std::atomic<std::size_t> next{0}, count{0};
        auto worker = [&] {
            struct stat st;
            for (std::size_t i = next.fetch_add(1); i < trials.size(); i = next.fetch_add(1)) {
                const TrialEntries& t = trials[i];
                const int fd = ::open(t.folder.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
                if (fd < 0) continue;
                std::size_t n = ::fstat(fd, &st) == 0;
                for (std::size_t k = 0; mode > 0 && k < t.entries.size(); ++k) {
                    if (mode == 1 && !t.isDir[k] && t.entries[k] != "result.json") continue;
                    n += ::fstatat(fd, t.entries[k].c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
                }
                ::close(fd);
                count += n;
            }
        };
        vernier::runOnThreads(16, worker);
        std::printf("signals: %-30s %.3f s, %zu stats\n", names[mode],
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
                    count.load());
    }
    return trials.size();
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(
            stderr,
            "usage: bench_index floor|zipfloor|zipdir|list|liststats|follow|signals|import|first|reopen|gui "
            "BUNDLE [PACK]\n");
        return 2;
    }
    const std::string mode = argv[1], bundle = argv[2], pack = argc > 3 ? argv[3] : "";
    const auto t0 = std::chrono::steady_clock::now();
    std::size_t n = 0;
    if (mode == "floor") {
        n = floorRead(bundle);
    } else if (mode == "zipfloor") {
        n = zipFloorRead(bundle);
    } else if (mode == "zipdir") {
        n = vernier::SafeZip::openFile(bundle, vernier::kBundleZipLimits).entries().size();
    } else if (mode == "list") {
        n = vernier::BundleTree::open(bundle).files().size();
    } else if (mode == "signals") {
        n = signalClasses(bundle);
    } else if (mode == "follow") {
        std::vector<vernier::ListedStat> stats;
        if (!vernier::BundleTree::openFolderWithStats(bundle, stats)) return 1;
        const QString q = QString::fromStdString(bundle);
        const auto a = std::chrono::steady_clock::now();
        vernier::FollowListing listing;
        for (const auto& l : stats)
            listing.add(l.rel, l.dir, l.mtimeNs, l.size);
        const auto added = std::chrono::steady_clock::now();
        const vernier::FollowFolderState fromListing = listing.state(q);
        const auto b = std::chrono::steady_clock::now();
        const vernier::FollowFolderState walked = vernier::scanFollowState(q);
        const auto c = std::chrono::steady_clock::now();
        std::printf("follow state: from the listing %.3f s (adding %.3f s), by a walk %.3f s, %s\n",
                    std::chrono::duration<double>(b - a).count(),
                    std::chrono::duration<double>(added - a).count(),
                    std::chrono::duration<double>(c - b).count(),
                    fromListing.trials == walked.trials ? "same trials" : "DIFFERENT trials");
        n = fromListing.trials.size();
    } else if (mode == "liststats") {
        std::vector<vernier::ListedStat> stats;
        const auto tree = vernier::BundleTree::openFolderWithStats(bundle, stats);
        n = tree ? stats.size() : 0;
    } else if (mode == "gui") {
        vernier::ImportOptions o;
        vernier::FollowStates states;
        std::vector<std::function<void()>> writes;
        o.followStates = &states;
        o.deferredIndexWrites = &writes;
        const vernier::ResultSet set = vernier::importResults({bundle}, pack, o);
        std::printf("gui: import returned after %.3f s\n",
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        for (auto& w : writes)
            w();
        n = set.trials.size();
    } else {
        vernier::ImportOptions o;
        o.useIndex = mode != "import";
        n = vernier::importResults({bundle}, pack, o).trials.size();
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s %.3f s %zu\n", mode.c_str(), s, n);
    return 0;
}
