// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the trial index holds once read, and the steps of an import with it that models/trial_index.cpp
// (the whole import, reading the file), models/trial_index_write.cpp (writing it) and
// models/trial_index_partial.cpp (the partial update, docs/index.md "Partial update") share. Internal to
// those files.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "models/bundle_tree.h"
#include "models/regular_file.h"
#include "models/result_set.h"
#include "models/trial_index.h"
#include "models/trial_index_codec.h"
#include "models/trial_index_signals.h"

namespace vernier::index_store {

using index_codec::PathContext;
using index_signals::Signal;
using index_signals::TakenSignal;

struct BundleKey {
    std::string kind;  // "folder" | "zip"
    std::string canon; // canonical path of the folder or zip
    FileStamp zip;     // a zip's stamp when it was keyed (its trial index is valid for this stamp only)
};

// The bytes of the stored rows' `record` and `validation` columns, in blocks of a few MiB: one allocation per
// block instead of two per row, and nothing to free row by row (docs/index.md "Performance").
class BlobArena {
public:
    std::string_view put(const void* data, std::size_t n) {
        if (n > cap_ - used_) {
            cap_ = std::max<std::size_t>(n, kBlock);
            blocks_.push_back(std::unique_ptr<char[]>(new char[cap_])); // not zeroed: every byte is written
            used_ = 0;
        }
        char* at = blocks_.back().get() + used_;
        if (n) std::memcpy(at, data, n);
        used_ += n;
        return {at, n};
    }

private:
    static constexpr std::size_t kBlock = std::size_t{8} << 20;
    std::vector<std::unique_ptr<char[]>> blocks_;
    std::size_t used_ = 0, cap_ = 0;
};

struct StoredTrial {
    std::string dir; // folder relative to the bundle, ending in '/' ("" for a bundle that is the trial)
    std::string_view record;     // in StoredIndex::blobs
    std::string_view validation; // in StoredIndex::blobs; decodeSignals(validation, dir) for the signals
};

struct StoredIndex {
    BlobArena blobs; // moves with the index; the views into it stay valid
    std::vector<StoredTrial> trials;
    std::vector<std::pair<int, ImportProblem>> problems; // (phase, problem)
    std::vector<Signal> bundleSignals;
    std::string treeSha; // meta.tree_sha256: empty when not recorded
    int jobs = 0;
    std::vector<std::string> harborVersions;
};

// The rows of an index after a partial update: which stored rows stay (their old and new numbers, rising
// together) and which are written (their new numbers, with the trial and its signals).
struct RowPlan {
    std::vector<std::pair<std::int64_t, std::int64_t>> kept; // (old ord, new ord)
    std::vector<std::size_t> written;                        // positions in the import's trials
    std::vector<const std::vector<Signal>*> writtenSignals;  // their signals, one per written row
};

// What importBundleTree gave besides the trials: their folders in order, the bundle-level problems before
// and after the per-trial ones, the bundle's facts, where its trials start in `out`, how many came from the
// index.
struct TreeRead {
    std::vector<std::string> trialDirs;
    std::vector<ImportProblem> before, after;
    BundleInfo info;
    std::size_t first = 0;
    int reused = 0;
    std::vector<char> fromIndex; // per row of the stored index: its trial was decoded from it
};

// importBundleTree with the trial folders of `reusable` (folder -> row of `stored`) taken from `stored` (none
// when it is null).
TreeRead readTree(const BundleTree& tree, const std::string& bundle, const StoredIndex* stored,
                  const std::unordered_map<std::string, std::size_t>& reusable, const PathContext& ctx,
                  std::vector<TrialRecord>& out, std::vector<ImportProblem>& problems, BundleInfo* info);

// Writes the whole index to a temporary file beside `path` and renames it over `path`
// (models/trial_index_write.cpp): the trials with their folders and signals, the problems, the bundle's own
// signals and facts, and `treeSha`.
void writeIndexFile(const std::string& path, const BundleKey& key, const PathContext& ctx,
                    std::span<const TrialRecord> trials, const std::vector<std::string>& trialDirs,
                    const std::vector<std::vector<Signal>>& perTrial, const std::vector<Signal>& bundleLevel,
                    const std::vector<ImportProblem>& before, const std::vector<ImportProblem>& after,
                    const BundleInfo& info, const std::string& treeSha);
// The same write, the rows' parts that come from the records encoded now, and the rest — the signals sorted
// to their trials (assignSignals), with `late` the files not read stat'ed and the tree hash taken (it
// replaces `treeSha`), the file written — when the function returned is called (once, on any thread; it
// throws InputError as writeIndexFile does): the records given may change or go meanwhile (docs/index.md
// "Deferred write"). What a deferred write still has to stat and hash (a first open listed with every file
// pending): the file signals are taken[firstFile...]; `files` indexes the ones no read stamped; `gone` when
// one was found gone.
struct LateStats {
    std::size_t firstFile = 0;
    std::vector<std::size_t> files;
    bool gone = false;
};
// `beside`, when set, is run on this thread with the signals while the rows are encoded on another (the
// follow state of a GUI open, docs/index.md "Deferred write").
std::function<void()> deferIndexFile(const std::string& path, const BundleKey& key, const PathContext& ctx,
                                     std::span<const TrialRecord> trials,
                                     const std::vector<std::string>& trialDirs,
                                     std::vector<TakenSignal>&& taken, std::optional<LateStats> late,
                                     const std::vector<ImportProblem>& before,
                                     const std::vector<ImportProblem>& after, const BundleInfo& info,
                                     const std::string& treeSha,
                                     const std::function<void(std::span<const TakenSignal>)>& beside = {});

// Updates the index at `path` to the trials of a partial update: a copy of the file keeps the rows in
// `plan.kept` byte for byte (renumbered in place when trials were added or removed before them), gets the
// rows in `plan.written`, the problems, the bundle's own signals and what depends on all trials (tree hash,
// versions, counts), and is renamed over the index.
void updateIndexFile(const std::string& path, const PathContext& ctx, std::span<const TrialRecord> trials,
                     const std::vector<std::string>& trialDirs, const RowPlan& plan,
                     const std::vector<Signal>& bundleLevel, const std::vector<ImportProblem>& before,
                     const std::vector<ImportProblem>& after, const BundleInfo& info,
                     const std::string& treeSha);
// A deferred write as the caller gets it: one that fails says so on stderr ("note: trial index PATH not
// <what>: why"); the next open then reads the bundle again.
std::function<void()> sayingWhyNot(std::function<void()> write, const std::string& indexPath,
                                   const char* what);

// The same, the written rows encoded now and the file updated when the returned function runs (the GUI and
// the CLI, docs/index.md "Deferred write").
std::function<void()>
deferIndexUpdate(const std::string& path, const PathContext& ctx, std::span<const TrialRecord> trials,
                 const std::vector<std::string>& trialDirs, const RowPlan& plan,
                 const std::vector<Signal>& bundleLevel, const std::vector<ImportProblem>& before,
                 const std::vector<ImportProblem>& after, const BundleInfo& info, const std::string& treeSha);

// The import of a folder bundle whose index recorded a tree hash, reading only what changed (docs/index.md
// "Partial update"); `changed` per stored trial, `bundleChanged` per stored bundle signal; the folder's
// live-follow state to `follow` when it is set. nullopt, with nothing appended, when the bundle must be
// listed whole.
std::optional<IndexedImport> runPartial(const std::string& bundle, const BundleKey& key, PathContext ctx,
                                        const StoredIndex& stored, const std::vector<char>& changed,
                                        const std::vector<char>& bundleChanged, std::vector<TrialRecord>& out,
                                        std::vector<ImportProblem>& problems, BundleInfo* info,
                                        const std::string& indexPath, FollowFolderState* follow,
                                        std::vector<std::function<void()>>* defer = nullptr);

} // namespace vernier::index_store
