// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The folder listing on several threads with its signals (BundleTree::openFolderWithStats, docs/index.md
// "Validation") against what a plain std::filesystem walk and stat() say, what it leaves to the walk of
// BundleTree::open, the streamed tree hash (treeSha256Of) and a file's hash (fileSha256) against
// hand-computed SHA-256 values.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <QTemporaryDir>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "models/bundle_tree.h"
#include "models/provenance_json.h"
#include "models/regular_file.h"
#include "scoring/errors.h"

namespace fs = std::filesystem;
using vernier::BundleTree;
using vernier::ListedStat;

namespace {

void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

// A Harbor-shaped folder big enough to be walked on several threads: 150 trial folders in two jobs (units
// of the parallel walk are the folders two levels down), files at every level, an empty folder, a deeper
// nest and a fifo (not a regular file: never listed).
void makeTree(const fs::path& root) {
    write(root / "README.txt", "top");
    for (int job = 0; job < 2; ++job) {
        const fs::path j = root / ("2026-09-1" + std::to_string(job) + "__10-00-00");
        write(j / "config.json", "{}");
        write(j / "result.json", "{\"n\": " + std::to_string(job) + "}");
        for (int t = 0; t < 75; ++t) {
            const fs::path trial = j / ("freecad-" + std::to_string(1000 + t) + "__x");
            write(trial / "result.json", std::string(static_cast<std::size_t>(t), 'r'));
            write(trial / "agent/trajectory.json", "[]");
            write(trial / "verifier/reward.txt", "0.5");
            write(trial / "artifacts/app/answer.FCStd", "PK");
            if (t == 0) { // names beside a folder's that sort around its "verifier/" (inside a walk unit)
                write(trial / "verifier.json", "{}");
                write(trial / "verifier-old/reward.txt", "0.25");
            }
        }
    }
    fs::create_directories(root / "empty/inner");
    write(root / "a-b", "sorts before a/");
    write(root / "a.txt", "sorts before a/ too");
    write(root / "a!/x", "so does a folder's content");
    write(root / "a0", "sorts after a/");
    write(root / "a/x/y/z/deep.json", "{}");
    ASSERT_EQ(::mkfifo((root / "a/pipe").c_str(), 0600), 0);
}

std::vector<std::string> walkFiles(const fs::path& root) {
    std::vector<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file() && !e.is_symlink())
            out.push_back(e.path().lexically_relative(root).generic_string());
    std::sort(out.begin(), out.end());
    return out;
}

// makeTree in a fresh folder, listed with the files every trial's import reads stamped by their read.
struct StampedListing {
    QTemporaryDir tmp;
    fs::path root;
    std::vector<ListedStat> stats;
    std::optional<BundleTree> tree; // nothing when the folder could not be made or listed
};
std::unique_ptr<StampedListing> stampedListing() {
    auto l = std::make_unique<StampedListing>();
    if (!l->tmp.isValid()) return l;
    l->root = fs::canonical(l->tmp.path().toStdString());
    makeTree(l->root);
    l->tree = BundleTree::openFolderWithStats(l->root.string(), l->stats, true);
    return l;
}

std::int64_t mtimeNs(const struct stat& st) {
    return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
}

} // namespace

TEST(BundleTree, FolderWithStatsListsWhatAWalkFindsWithEachStat) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const fs::path root = fs::canonical(tmp.path().toStdString());
    makeTree(root);

    std::vector<ListedStat> stats;
    const auto tree = BundleTree::openFolderWithStats(root.string(), stats);
    ASSERT_TRUE(tree.has_value());
    const std::vector<std::string> expected = walkFiles(root);
    // README, a-b, a.txt, a!/x, a0, deep.json; two per job; four per trial and two more in one of each job
    ASSERT_EQ(expected.size(), 6u + 2u * 2u + 150u * 4u + 2u * 2u);
    EXPECT_EQ(tree->files(), expected);
    EXPECT_TRUE(tree->problems().empty());
    EXPECT_EQ(BundleTree::open(root.string()).files(), expected); // open() lists the same on its fast path

    // Directories first, in walk order (a folder before what it holds, names in order), then the files in
    // the order of files(); each with what stat() says.
    std::vector<std::string> dirs, files;
    for (const ListedStat& s : stats) {
        struct stat st {};
        ASSERT_EQ(::stat((root / s.rel).c_str(), &st), 0) << s.rel;
        EXPECT_EQ(s.mtimeNs, mtimeNs(st)) << s.rel;
        if (s.dir) {
            EXPECT_TRUE(files.empty()) << "a directory after the files: " << s.rel;
            EXPECT_TRUE(S_ISDIR(st.st_mode)) << s.rel;
            dirs.push_back(s.rel);
        } else {
            EXPECT_EQ(s.size, static_cast<std::int64_t>(st.st_size)) << s.rel;
            EXPECT_EQ(s.inode, static_cast<std::int64_t>(st.st_ino)) << s.rel;
            files.push_back(s.rel);
        }
    }
    EXPECT_EQ(files, expected);
    std::vector<std::string> walkDirs{""};
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_directory()) walkDirs.push_back(e.path().lexically_relative(root).generic_string());
    ASSERT_EQ(dirs.size(), walkDirs.size());
    EXPECT_EQ(dirs.front(), "");
    for (std::size_t i = 1; i < dirs.size(); ++i) {
        // Preorder: a folder's parent came before it.
        const std::string parent = fs::path(dirs[i]).parent_path().generic_string();
        EXPECT_NE(std::find(dirs.begin(), dirs.begin() + static_cast<std::ptrdiff_t>(i), parent),
                  dirs.begin() + static_cast<std::ptrdiff_t>(i))
            << dirs[i];
    }
    std::sort(walkDirs.begin(), walkDirs.end());
    std::vector<std::string> sortedDirs = dirs;
    std::sort(sortedDirs.begin(), sortedDirs.end());
    EXPECT_EQ(sortedDirs, walkDirs);
    // The same folder listed again gives the same, in the same order, however the threads ran.
    std::vector<ListedStat> again;
    ASSERT_TRUE(BundleTree::openFolderWithStats(root.string(), again).has_value());
    ASSERT_EQ(again.size(), stats.size());
    for (std::size_t i = 0; i < stats.size(); ++i)
        EXPECT_EQ(again[i].rel, stats[i].rel);
}

// With stampOnRead the files every trial's import reads are listed without a stat (`pending`) and stamped by
// BundleTree::readAtMost as it reads them; the rest are stat'ed as before (docs/index.md "Validation").
TEST(BundleTree, FilesTheImportReadsAreStampedByTheirRead) {
    const auto listing = stampedListing();
    ASSERT_TRUE(listing->tree.has_value());
    const fs::path& root = listing->root;
    const std::vector<ListedStat>& stats = listing->stats;
    const std::optional<BundleTree>& tree = listing->tree;
    EXPECT_EQ(tree->files(), walkFiles(root));
    std::vector<std::size_t> pending; // file indexes
    std::size_t file = 0;
    for (const ListedStat& s : stats) {
        if (s.dir) continue;
        EXPECT_EQ(s.pending,
                  fs::path(s.rel).filename() == "result.json" || fs::path(s.rel).filename() == "config.json")
            << s.rel;
        if (s.pending) {
            pending.push_back(file);
        } else {
            struct stat st {};
            ASSERT_EQ(::stat((root / s.rel).c_str(), &st), 0) << s.rel;
            EXPECT_EQ(s.size, static_cast<std::int64_t>(st.st_size)) << s.rel;
            EXPECT_EQ(s.mtimeNs, mtimeNs(st)) << s.rel;
        }
        ++file;
    }
    ASSERT_EQ(pending.size(),
              2u * 2u + 150u); // the jobs' config.json and result.json, every trial's result.json
    // Read them all but the first; the stamp of each read is the file's.
    for (std::size_t k = 1; k < pending.size(); ++k) {
        const std::string& rel = tree->files()[pending[k]];
        ASSERT_TRUE(tree->readAtMost(rel, 1 << 20).has_value());
        const auto stamp = tree->readStampOf(pending[k]);
        ASSERT_TRUE(stamp.has_value()) << rel;
        EXPECT_EQ(*stamp, *vernier::fileStampOf((root / rel).string())) << rel;
    }
    EXPECT_FALSE(tree->readStampOf(pending[0]).has_value()); // not read: the caller stats it
    // A file the listing stat'ed keeps no stamp of its read (its signal is the listing's).
    const auto reward = std::find_if(tree->files().begin(), tree->files().end(), [](const std::string& f) {
        return f.find("reward.txt") != std::string::npos;
    });
    ASSERT_NE(reward, tree->files().end());
    ASSERT_TRUE(tree->readAtMost(*reward, 256).has_value());
    EXPECT_FALSE(tree->readStampOf(static_cast<std::size_t>(reward - tree->files().begin())).has_value());
    EXPECT_FALSE(tree->readStampOf(tree->files().size())); // out of range
    // A tree listed without it keeps no stamps.
    std::vector<ListedStat> plain;
    const auto untracked = BundleTree::openFolderWithStats(root.string(), plain);
    ASSERT_TRUE(untracked.has_value());
    ASSERT_TRUE(untracked->readAtMost(tree->files()[pending[1]], 1 << 20).has_value());
    EXPECT_FALSE(untracked->readStampOf(pending[1]).has_value());
    for (const ListedStat& s : plain)
        EXPECT_FALSE(s.pending) << s.rel;
}

// A folder's view finds exactly the files under it, whatever sorts beside its '/' ("a-b", "a.txt", "a!/x"
// before "a/", "a0" after), and reads through the tree: the stamp of a pending file's read is kept.
TEST(BundleTree, AFoldersViewHoldsExactlyItsFilesAndReadsThroughTheTree) {
    const auto listing = stampedListing();
    ASSERT_TRUE(listing->tree.has_value());
    const fs::path& root = listing->root;
    const std::optional<BundleTree>& tree = listing->tree;
    const auto under = [&](const std::string& dir) {
        std::vector<std::string> out;
        for (const std::string& f : tree->files())
            if (f.rfind(dir, 0) == 0) out.push_back(f);
        return out;
    };
    const std::string trial = "2026-09-10__10-00-00/freecad-1000__x/";
    const std::vector<std::string> dirs = {
        "a/", "a!/", trial, trial + "verifier/", "2026-09-11__10-00-00/", "empty/", "nowhere/", ""};
    for (const std::string& dir : dirs) {
        const BundleTree::Folder folder = tree->folder(dir);
        EXPECT_EQ(std::vector<std::string>(folder.begin(), folder.end()), under(dir)) << dir;
        for (const std::string& f : tree->files()) {
            const bool inside = f.rfind(dir, 0) == 0;
            EXPECT_EQ(folder.has(f), inside) << dir << " " << f;
            EXPECT_EQ(folder.ref(f).empty(), !inside) << dir << " " << f;
            if (inside) {
                EXPECT_EQ(folder.ref(f).path(), tree->ref(f).path()) << f;
            }
        }
    }
    EXPECT_EQ(std::vector<std::string>(tree->folder("a/").begin(), tree->folder("a/").end()),
              std::vector<std::string>{"a/x/y/z/deep.json"});
    const BundleTree::Folder t = tree->folder(trial);
    EXPECT_FALSE(t.has(trial + "verifier"));                 // a folder is not a file
    EXPECT_FALSE(t.has("2026-09-10__10-00-00/result.json")); // beside it, outside it
    EXPECT_EQ(t.readAtMost(trial + "verifier/reward.txt", 256), std::optional<std::string>("0.5"));
    EXPECT_EQ(t.readAtMost(trial + "verifier/reward.txt", 2), std::nullopt); // over the limit
    EXPECT_THROW(t.readAtMost(trial + "nothing.json", 256), vernier::InputError);
    EXPECT_THROW(tree->readAtMost(trial + "nothing.json", 256), vernier::InputError);
    // A pending file read through the folder leaves its stamp with the tree.
    ASSERT_TRUE(t.readAtMost(trial + "result.json", 1 << 20).has_value());
    const auto i = static_cast<std::size_t>(
        std::lower_bound(tree->files().begin(), tree->files().end(), trial + "result.json") -
        tree->files().begin());
    const auto stamp = tree->readStampOf(i);
    ASSERT_TRUE(stamp.has_value());
    EXPECT_EQ(*stamp, *vernier::fileStampOf((root / (trial + "result.json")).string()));
}

TEST(BundleTree, FolderWithASymlinkIsLeftToTheWalkThatFollowsIt) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const fs::path root = fs::canonical(tmp.path().toStdString());
    write(root / "job/t__1/result.json", "{}");
    fs::create_symlink("result.json", root / "job/t__1/copy.json");
    std::vector<ListedStat> stats;
    EXPECT_FALSE(BundleTree::openFolderWithStats(root.string(), stats).has_value());
    const BundleTree tree = BundleTree::open(root.string());
    EXPECT_EQ(tree.files(), (std::vector<std::string>{"job/t__1/copy.json", "job/t__1/result.json"}));
    EXPECT_EQ(tree.ref("job/t__1/copy.json").path(), (root / "job/t__1/result.json").string());
}

TEST(BundleTree, NestingTooDeepIsLeftToTheWalkThatReportsIt) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const fs::path root = fs::canonical(tmp.path().toStdString());
    fs::path deep = root;
    for (int i = 0; i < 40; ++i)
        deep /= "d";
    write(deep / "f.json", "{}");
    write(root / "top.json", "{}");
    std::vector<ListedStat> stats;
    EXPECT_FALSE(BundleTree::openFolderWithStats(root.string(), stats).has_value());
    const BundleTree tree = BundleTree::open(root.string());
    EXPECT_EQ(tree.files(), std::vector<std::string>{"top.json"});
    ASSERT_EQ(tree.problems().size(), 1u);
    EXPECT_EQ(tree.problems()[0].reason, "folder nesting too deep; not read");
}

TEST(TreeHash, HashesTheSortedListingWhateverTheOrderGiven) {
    using vernier::TreeFile;
    using vernier::treeSha256Of;
    // sha256("a\t1\t2\nb\t3\t4\n"), computed by hand with Python's hashlib.
    const std::string ab = "45949390e9f39dc7725e5819dbdee1c6bae6991bc8139492d1d1f02c26e5a061";
    EXPECT_EQ(treeSha256Of({{"a", 1, 2}, {"b", 3, 4}}), ab); // streamed
    EXPECT_EQ(treeSha256Of({{"b", 3, 4}, {"a", 1, 2}}), ab); // collected and sorted
    // Lines sort by their text: "a-b" before "a/c" ('-' < '/'), a negative time as written.
    // sha256("a\t1\t-5\na-b\t0\t7\na/c\t10\t2\n").
    const std::string mixed = "03844c68a8c7a87c5ff567f927484cccb10af8f2279fe5c3e580c8e929cb06b1";
    EXPECT_EQ(treeSha256Of({{"a/c", 10, 2}, {"a", 1, -5}, {"a-b", 0, 7}}), mixed);
    EXPECT_EQ(treeSha256Of({{"a", 1, -5}, {"a-b", 0, 7}, {"a/c", 10, 2}}), mixed);
    // A listing longer than one 64 KiB piece, sorted and reversed, hashes the same.
    std::vector<TreeFile> many;
    for (int i = 0; i < 5000; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "job/trial-%05d/result.json", i);
        many.push_back({name, static_cast<std::uint64_t>(i), 1'700'000'000'000'000'000 + i});
    }
    const std::string forward = treeSha256Of(many);
    std::reverse(many.begin(), many.end());
    EXPECT_EQ(treeSha256Of(many), forward);
    // No files: the hash of nothing.
    EXPECT_EQ(treeSha256Of(std::vector<TreeFile>{}),
              "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(FileHash, HashesTheFileBytesAndNothingForWhatIsNotAFile) {
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    write(root / "abc", "abc");
    write(root / "empty", "");
    // FIPS 180-2's "abc" and the empty message.
    EXPECT_EQ(vernier::fileSha256((root / "abc").string()),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(vernier::fileSha256((root / "empty").string()),
              "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    // Longer than one 1 MiB read: 3 MiB + 17 bytes of (i * 7) % 253, hashed by Python's hashlib.
    std::string bytes(3 * 1024 * 1024 + 17, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<char>(i * 7 % 253);
    write(root / "long", bytes);
    EXPECT_EQ(vernier::fileSha256((root / "long").string()),
              "2d4e698a029420f1e9f26df8d94bb1a9158f1c33f4251eafbb6f44b8edd78669");
    EXPECT_EQ(vernier::fileSha256((root / "missing").string()), "");
    EXPECT_EQ(vernier::fileSha256(root.string()), ""); // a folder
    ASSERT_EQ(::mkfifo((root / "pipe").c_str(), 0600), 0);
    EXPECT_EQ(vernier::fileSha256((root / "pipe").string()), ""); // not waited on
}

// A hash started ahead (prefetchFileSha256, as the CLI does for a zip before importing it) is the file's, and
// only for the file as it was: a file changed since is read again.
TEST(FileHash, APrefetchedHashIsTheFilesAndAChangedFileIsReadAgain) {
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    const std::string file = (root / "big.zip").string(), copy = (root / "copy").string();
    write(file, "abc");
    fs::resize_file(file, vernier::kRememberedHashBytes + 3); // large enough to be hashed ahead (sparse)
    const std::string before = vernier::fileSha256(file, "", 0, 0);
    ASSERT_EQ(before.size(), 64u);
    vernier::prefetchFileSha256(file);
    vernier::prefetchFileSha256(file); // once per file and stamp
    EXPECT_EQ(vernier::fileSha256(file, "", 0, 0), before);
    vernier::prefetchFileSha256(file);
    {
        std::ofstream out(file, std::ios::binary | std::ios::in | std::ios::out);
        out.seekp(1);
        out << 'X';
    }
    fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(5));
    fs::copy_file(file, copy);
    const std::string after = vernier::fileSha256(file, "", 0, 0);
    EXPECT_NE(after, before);
    EXPECT_EQ(after, vernier::fileSha256(copy, "", 0, 0));
    vernier::prefetchFileSha256((root / "missing").string()); // nothing to hash: nothing started
    vernier::prefetchFileSha256(root.string());
}

// A large file's hash is remembered with its stamp and taken from there while the file is unchanged
// (models/provenance_json.h fileSha256; docs/cli.md "Provenance"). The memo folder and rules are given here:
// every file counts as large, and a file just written counts as settled.
TEST(FileHash, RemembersTheHashOfAnUnchangedFileByItsStamp) {
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    const std::string memo = (root / "memo").string();
    const std::string file = (root / "abc").string();
    write(file, "abc");
    const std::string abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    const auto slurp = [](const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const auto remembered = [&] {
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(memo))
            files.push_back(e.path());
        return files;
    };
    EXPECT_EQ(vernier::fileSha256(file, memo, 0, 0), abc);
    ASSERT_EQ(remembered().size(), 1u);
    const fs::path entry = remembered().front();
    // The stamp in the line, then the hash: the line is all that is trusted, so a line with another hash
    // for the same stamp is what comes back (it shows that the file was not read).
    const std::string line = slurp(entry);
    ASSERT_EQ(line.substr(line.size() - 65), abc + "\n");
    const std::string other(64, 'e');
    write(entry, line.substr(0, line.size() - 65) + other + "\n");
    EXPECT_EQ(vernier::fileSha256(file, memo, 0, 0), other);
    // Changed bytes, same size: a new stamp (modification and status-change times), so read again.
    write(root / "abc", "abd");
    // (Two writes within one tick of the kernel's clock can share a time stamp: moved on explicitly.)
    fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(5));
    EXPECT_EQ(vernier::fileSha256(file, memo, 0, 0),
              "a52d159f262b2c6ddb724a61840befc36eb30c88877a4030b65cbe86298449c9");
    // A torn or foreign memo line is no hash: read again, and the memo rewritten.
    write(root / "abc", "abc");
    for (const auto& e : remembered())
        write(e, "vernier-file-sha256 1 3 0 0 " + abc.substr(0, 40) + "\n");
    EXPECT_EQ(vernier::fileSha256(file, memo, 0, 0), abc);
    ASSERT_EQ(remembered().size(), 1u);
    const std::string rewritten = slurp(remembered().front());
    EXPECT_EQ(rewritten.rfind("vernier-file-sha256 1 3 ", 0), 0u) << rewritten;
    EXPECT_EQ(rewritten.substr(rewritten.size() - 65), abc + "\n");
    // Nothing is remembered for small files, nor for a file changed within the settle time.
    QTemporaryDir dir2;
    const std::string memo2 = dir2.path().toStdString() + "/memo";
    EXPECT_EQ(vernier::fileSha256(file, memo2, 4, 0), abc);
    EXPECT_FALSE(fs::exists(memo2));
    EXPECT_EQ(vernier::fileSha256(file, memo2, 0, 3600), abc);
    EXPECT_FALSE(fs::exists(memo2));
    // No memo folder: nothing remembered, the hash as ever.
    EXPECT_EQ(vernier::fileSha256(file, "", 0, 0), abc);
}

// A known listing (a partial update's: the index's files in folder order, then the folders listed again) is
// sorted by merging its ascending runs; in a few runs or in any order, files() comes out sorted, each once.
TEST(BundleTree, KnownListingInRunsOrInAnyOrderComesOutSorted) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string root = dir.path().toStdString();
    fs::create_directories(root + "/job/b");
    std::ofstream(root + "/job/b/result.json") << "{}";
    std::ofstream(root + "/job/b/config.json") << "{}";
    const std::vector<std::string> runs = {"job/a/config.json", "job/a/result.json", "job/c/result.json",
                                           "job/config.json", // the bundle's own, after the trials
                                           "job/result.json",   "job/a/x/y.txt",     "job/c/result.json"};
    std::vector<std::string> expected = runs;
    expected.push_back("job/b/config.json");
    expected.push_back("job/b/result.json");
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    auto tree = BundleTree::fromListing(root, root, runs, {"job/b/"});
    ASSERT_TRUE(tree.has_value());
    EXPECT_EQ(tree->files(), expected);
    EXPECT_TRUE(tree->has("job/b/config.json") && tree->has("job/config.json") && tree->has("job/a/x/y.txt"));
    // More runs than merging is worth: sorted whole.
    std::vector<std::string> shuffled;
    for (int k = 0; k < 200; ++k)
        shuffled.push_back("f" + std::to_string((k * 7919) % 200));
    auto many = BundleTree::fromListing(root, root, shuffled, {});
    ASSERT_TRUE(many.has_value());
    EXPECT_TRUE(std::is_sorted(many->files().begin(), many->files().end()));
    EXPECT_EQ(many->files().size(), 200u);
}
