// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The trial index (docs/index.md): an SQLite file per bundle holding every imported trial's table-level
// facts, so that reopening a bundle reads its trials from one file instead of thousands of small ones and
// re-imports only the trial folders that changed. A public, versioned interface (PRAGMA user_version); users
// may query it with sqlite3. The index is a cache: a corrupt, foreign or stale file is never trusted.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "models/bundle_tree.h"
#include "models/result_set.h"

namespace vernier {

// PRAGMA user_version of an index this build writes and reads; any other version is rebuilt.
constexpr int kTrialIndexSchemaVersion = 1;
// PRAGMA application_id: "VrnI". A file with another id is not ours and is never read.
constexpr int kTrialIndexApplicationId = 0x56726e49;

// Where the index of `bundle` lives, under the rescore cache's rules (worker/rescoring.h): with
// $VERNIER_CACHE_DIR set, "$VERNIER_CACHE_DIR/index/<hash of the bundle's absolute path>.sqlite"; else
// "<bundle>.vernier-cache/index.sqlite" beside the folder or .zip when that directory can be created and
// written; else the user cache directory's "index/<hash>.sqlite". Creates the directory.
std::string trialIndexPathFor(const std::string& bundle);

// What reading an index of a bundle gave.
enum class IndexState {
    Used,    // every trial came from the index; no trial file was read
    Partial, // the index was valid for some trial folders; the others were read again
    Rebuilt, // no usable index (absent, corrupt, foreign, other version, other bundle): everything was read
};

struct IndexedImport {
    IndexState state = IndexState::Rebuilt;
    int reused = 0;         // trials taken from the index
    int reread = 0;         // trials read from their files
    std::string note;       // one line when an index file was there but not used (corrupt, foreign, …)
    std::string indexPath;  // the file read and written
    bool written = false;   // the index was (re)written
    bool deferred = false;  // its writing was handed over (ImportOptions::deferredIndexWrites)
    std::string writeError; // one line when it could not be written (the import itself still succeeded)
    // The bundle was listed and every file stat'ed; false when only what changed was (docs/index.md
    // "Partial update") or nothing was.
    bool listedWhole = true;
    // Where the time went (seconds; VERNIER_INDEX_TRACE prints them): reading the index file, checking its
    // signals against the bundle, and decoding the trials taken from it (0 when a phase did not run).
    double readSeconds = 0, validateSeconds = 0, decodeSeconds = 0;
    // The phases of a (re)build, in order, with their seconds: listing, stats, hash, reading, writing.
    std::vector<std::pair<const char*, double>> phases;
};

// importBundle with the index (ImportOptions::useIndex): reads `indexPath` (default trialIndexPathFor) when
// present and valid, re-reads only changed or new trial folders, drops vanished ones, and rewrites the index
// when anything changed. The trials, problems and info appended are exactly those of importBundle without
// the index. Throws InputError as importBundle does.
IndexedImport importBundleIndexed(const std::string& bundle, std::vector<TrialRecord>& out,
                                  std::vector<ImportProblem>& problems, const ImportOptions& options = {},
                                  BundleInfo* info = nullptr, const std::string& indexPath = {});

// Imports `bundle` without reading any index and writes its index to `dbPath` (vernier-cli index).
IndexedImport writeTrialIndex(const std::string& bundle, const std::string& dbPath,
                              const ImportOptions& options = {});

// vernier-cli index: writes one file holding the index of every bundle (one bundle: exactly the index an
// import keeps; several: their trials one after the other, for querying only — an import never uses a file
// of several bundles). Written to a temporary file and renamed. Returns the number of bundles; throws
// InputError with a one-line reason.
int writeTrialIndexes(const std::vector<std::string>& bundles, const std::string& dbPath);

// ---- The seam between bundle_import.cpp and the index (not for other callers).
struct BundleReadHooks {
    // Fills `t` from the index and returns true when the trial folder `dir` (relative, ending in '/') is
    // unchanged; called from the import's reader threads.
    std::function<bool(const std::string& dir, TrialRecord& t)> reuse;
    std::vector<std::string>* trialDirs = nullptr; // out: the folder of each trial appended, in order
    // out: the bundle-level problems appended before the per-trial ones (listing, job checks) and after them
    std::vector<ImportProblem>* problemsBefore = nullptr;
    std::vector<ImportProblem>* problemsAfter = nullptr;
};
// importBundle's body on an opened tree (models/bundle_import.cpp).
void importBundleTree(const BundleTree& tree, const std::string& bundle, std::vector<TrialRecord>& out,
                      std::vector<ImportProblem>& problems, BundleInfo* info, const BundleReadHooks& hooks);

} // namespace vernier
