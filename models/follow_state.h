// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the live follow of a bundle folder compares (docs/formats.md, "Live follow"): its trial folders, each
// with its result.json's modification time and size, and the folders worth a change notification. Taken by
// a walk of the folder (scanFollowState), or, when a bundle is opened, from the listing its import took
// anyway (FollowListing, docs/index.md "The follow baseline") — the same rules, so the two agree.
#include <QHash>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace vernier {

// A trial folder as seen by one scan.
struct FollowTrialState {
    bool finished = false; // it has a result.json
    qint64 modified = 0;   // result.json's modification time (ms since epoch)
    qint64 size = -1;      // result.json's size
    bool operator==(const FollowTrialState& o) const {
        return finished == o.finished && modified == o.modified && size == o.size;
    }
};

// One bundle folder: its trial folders (relative to the bundle, ending in '/', as the importer names them)
// and the folders worth a change notification (the bundle, its job folders, running trials; absolute).
struct FollowFolderState {
    QHash<QString, FollowTrialState> trials;
    QStringList watchDirs;
    qint64 scanMs = 0; // how long taking this state took (a walk; 0 when it came from an import's listing)
    int running() const;
};

// The folder states of the followed bundles an import read (ImportOptions::followStates), keyed by the
// bundle path as given.
using FollowStates = std::map<std::string, FollowFolderState>;

bool isFollowableFolder(const QString& bundle);

// Walks a bundle folder (any thread): trial folders are folders holding a config.json or a result.json
// directly inside a job folder (one holding config.json, lock.json or result.json), at most three levels
// below the bundle; hidden folders and symlinked folders are not looked into. A zip or a missing path gives
// an empty state.
FollowFolderState scanFollowState(const QString& bundle);

// The same state from a complete listing of the folder without symlinks — every directory and every file,
// each with its stat as taken before the import read it (the trial index's signals, docs/index.md
// "Validation") — instead of a walk of its own.
class FollowListing {
public:
    // `rel` is relative to the bundle folder, without a trailing '/' ("" is the folder itself); times in ns.
    void add(std::string_view rel, bool dir, std::int64_t mtimeNs, std::int64_t size);
    // Whether add() keeps an entry (a folder down to three levels, or a result.json, config.json or
    // lock.json in one): a cheap filter for callers that gather entries on several threads.
    static bool looksAt(std::string_view rel, bool dir);
    FollowFolderState state(const QString& bundle) const;

private:
    struct Folder {
        bool config = false, lock = false, result = false;
        std::int64_t resultMtimeNs = 0, resultSize = -1;
        std::vector<std::string> subfolders; // names
    };
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
    };
    Folder& folder(std::string_view rel);
    const Folder* find(std::string_view rel) const;
    // Folders down to two levels, and deeper ones holding a file the walk asks for; a folder three levels
    // down is otherwise only a name in its parent's list (the walk does not look into it).
    std::unordered_map<std::string, Folder, Hash, std::equal_to<>> folders_;
    // The folder last looked up (listings come folder by folder; a node's address survives rehashing).
    std::string lastKey_;
    Folder* last_ = nullptr;
};

} // namespace vernier
