// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A read-only file listing of a folder or a .zip, with paths relative to its root ("a/b/c.json").
// Folder walks never follow symlinks that point outside the root; nothing is ever written.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "models/file_ref.h"
#include "models/task_pack.h"

namespace vernier {

// A directory or regular file as BundleTree::openFolderWithStats saw it.
struct ListedStat {
    std::string rel; // relative to the canonical root; "" is the root itself
    bool dir = false;
    std::int64_t mtimeNs = 0, size = 0, inode = 0, ctimeNs = 0; // size, inode and change time: files only
    // Not stat'ed while listing: a file the import reads, whose stamp comes from that read (BundleTree::
    // readStampOf) or, when it is not read, from a stat afterwards (openFolderWithStats `stampOnRead`).
    bool pending = false;
};

class BundleTree {
public:
    // Throws InputError when `path` is neither a folder nor a readable zip.
    static BundleTree open(const std::string& path);
    // The listing of a bundle zip from `path` (limits kBundleZipLimits), opened now if it was not: open()
    // without reading its central directory a second time. Throws InputError like open() on too many
    // files, and the zip's own reason when it cannot be opened.
    static BundleTree ofZip(const std::string& path, std::shared_ptr<const LazyZip> zip);
    // A folder listed on several threads with the stat of every directory (before it is read) and of every
    // regular file, taken as it is listed: the trial index's signals (docs/index.md "Validation") without a
    // second walk. `stats` gets the directories in walk order, then the files in the order of files().
    // nullopt when the folder holds a symlink or anything open() answers with a problem or an error (a
    // folder it cannot list, nesting too deep, too many files, an entry gone while listed): the caller then
    // uses open(), which reports it.
    // With `stampOnRead`, the files the import reads in every trial folder (kStampedOnRead) are listed
    // `pending`: the descriptor the read opens is fstat'ed anyway, so the listing does not stat them too.
    // With `everyFilePending` too, every file is listed pending: the caller stats the ones not read, when it
    // likes (a GUI first open: after the trials are on screen, docs/index.md "Deferred write").
    static std::optional<BundleTree> openFolderWithStats(const std::string& path,
                                                         std::vector<ListedStat>& stats,
                                                         bool stampOnRead = false,
                                                         bool everyFilePending = false);

    // A folder whose listing is known (the trial index, docs/index.md "Partial update"): `known` holds the
    // relative paths of the files outside the folders `relist` (relative, ending in '/'; "" is the whole
    // folder), whose files are listed again from disk with open()'s rules. Returns nullopt when that finds a
    // symlink or a listing problem (the caller then opens the folder whole). `canon` is the canonical root.
    static std::optional<BundleTree> fromListing(const std::string& path, const std::string& canon,
                                                 std::vector<std::string> known,
                                                 const std::vector<std::string>& relist);

    // The files under the folder `dir` (relative, ending in '/'; "" is the whole tree), found once: its
    // lookups search that run of the sorted listing only, a trial folder's dozen files instead of a
    // million (docs/index.md "Performance"). Paths stay relative to the tree's root. Valid while the tree is.
    class Folder {
    public:
        const std::string& root() const { return tree_->root_; }
        // The folder's files, a sorted run of tree().files().
        std::vector<std::string>::const_iterator begin() const { return tree_->files_.begin() + lo_; }
        std::vector<std::string>::const_iterator end() const { return tree_->files_.begin() + hi_; }
        // As BundleTree's, for paths under the folder; a path outside it is absent.
        bool has(const std::string& rel) const { return indexOf(rel).has_value(); }
        FileRef ref(const std::string& rel) const;
        std::optional<std::string> readAtMost(const std::string& rel, std::uint64_t maxBytes) const;

    private:
        friend class BundleTree;
        Folder(const BundleTree& tree, std::size_t lo, std::size_t hi) : tree_(&tree), lo_(lo), hi_(hi) {}
        std::optional<std::size_t> indexOf(const std::string& rel) const;
        const BundleTree* tree_;
        std::size_t lo_, hi_;
    };
    Folder folder(const std::string& dir) const;

    const std::string& root() const { return root_; }
    bool isZip() const { return zip_ != nullptr; }
    // Relative paths of every regular file, sorted.
    const std::vector<std::string>& files() const { return files_; }
    bool has(const std::string& rel) const;
    FileRef ref(const std::string& rel) const;      // empty FileRef when absent
    std::string read(const std::string& rel) const; // throws InputError
    // ref(rel).readAtMost(maxBytes) (throws InputError when `rel` is absent or unreadable); in a tree listed
    // with `stampOnRead`, the stamp of the file it opened is kept for readStampOf.
    std::optional<std::string> readAtMost(const std::string& rel, std::uint64_t maxBytes) const;
    // The stamp readAtMost took of files()[i], listed pending, the first time it read it; nullopt when it
    // never did. Call it once every read has finished (it does not wait for reads on other threads).
    std::optional<FileStamp> readStampOf(std::size_t i) const;
    // Symlinks skipped because they lead outside the root, and other listing problems.
    const std::vector<ImportProblem>& problems() const { return problems_; }

private:
    FileRef refAt(std::size_t i) const;
    std::optional<std::string> readAtMostAt(std::size_t i, std::uint64_t maxBytes) const;
    static std::optional<BundleTree> listFolder(const std::string& path, std::vector<ListedStat>& stats,
                                                bool fileStats, bool stampOnRead = false,
                                                bool everyFilePending = false);
    // Stamps taken by readAtMost of the files listed `pending` (their indexes in files(), ascending); the
    // first read of a file claims its slot.
    struct ReadStamps {
        explicit ReadStamps(std::vector<std::uint32_t> files)
            : pending(std::move(files)), stamps(pending.size()),
              claimed(new std::atomic<bool>[pending.size()]()) {}
        std::vector<std::uint32_t> pending;
        std::vector<FileStamp> stamps;
        std::unique_ptr<std::atomic<bool>[]> claimed;
        // The slot of files()[i]; nullopt when it was not listed pending.
        std::optional<std::size_t> slotOf(std::size_t i) const;
    };

    std::string root_;
    std::shared_ptr<const LazyZip> zip_;
    std::string canon_; // folders: the canonical root; a file's disk path is canon_ + "/" + rel ...
    std::vector<std::string> files_;
    // ... unless it was reached through a symlink inside the root: rel -> its real disk path. Zip entries are
    // their relative paths (a file entry's name never ends in '/'), so zips need no map at all.
    std::unordered_map<std::string, std::string> linked_;
    std::vector<ImportProblem> problems_;
    std::shared_ptr<ReadStamps> readStamps_; // only in a tree listed with stampOnRead
};

// The base names of the files a Harbor trial's import reads, and so stamps when reading them.
bool isStampedOnRead(const char* name);

// Most files a bundle may list (folder walk or zip entries). A 100,000-trial Harbor bundle has ~1.1 million
// (~11 per trial), so this allows 1 million trials with room to spare. Memory is ~110 bytes per listed file
// here (a sorted path) plus, for a zip, ~170 bytes per entry in SafeZip (scoring/safe_zip.h
// kBundleZipLimits): at most ~3.3 GiB at the limit, and only for an input that really holds that many
// files (a folder walk lists existing directory entries; a zip needs a >= 46-byte central-directory record
// per entry, so a 12-million-entry zip is over 550 MB). Above it: the one-line refusal "too many files".
constexpr std::size_t kMaxBundleFiles = 12'000'000;

// Largest JSON/text file the importers read (a bigger one is malformed input).
constexpr std::size_t kMaxMetadataBytes = 64u << 20;

} // namespace vernier
