// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Incremental import for the live follow of a running Harbor job (docs/formats.md, "Live follow"): only the
// trial folders that appeared, finished or changed are read again, with the reader importBundle uses, and
// merged by TrialId into a copy of the current result set. Nothing else of the set is re-read.
#include <set>
#include <string>
#include <vector>

#include "models/result_set.h"

namespace vernier {

// Reads Harbor trial folders of a bundle folder (relative to the bundle, ending in '/', as importBundle
// names them) with importBundle's own per-trial reader. A folder without a result.json is skipped. Throws
// InputError when the bundle cannot be opened. Defined in models/bundle_import.cpp.
std::vector<TrialRecord> readHarborTrialFolders(const std::string& bundle,
                                                const std::vector<std::string>& dirs);

// What reading changed trial folders gave.
struct TrialFolderRead {
    std::string bundle;
    std::vector<TrialRecord> trials; // readable trials, and unreadable ones that were retried long enough
    // Folders whose trial could not be read (a result.json half written, empty, or another file being
    // written): left out, to be read again later. Never an import problem until the caller gives up.
    std::vector<std::string> unreadable;
    std::string error; // the bundle itself could not be opened (one line); nothing was read
};

// Reads `dirs` of `bundle`. A trial that fails to load is put in `unreadable` unless its folder is in
// `giveUp` (retried long enough): then it is kept, with its loadError, like a full import keeps it.
TrialFolderRead readTrialFolders(const std::string& bundle, const std::vector<std::string>& dirs,
                                 const std::set<std::string>& giveUp = {});

struct MergeCounts {
    int added = 0;    // trials not in the set before
    int replaced = 0; // trials of the set read again
    int removed = 0;  // trials whose folder (or result.json) is gone
};

// A copy of `current` with the trials of `read` merged in by TrialId (an existing trial is replaced in
// place, a new one added at the end), the trials of `removedDirs` (folders of read.bundle) taken out, each
// touched trial's import problems replaced by its new ones, the bundle's trial count updated, and the
// set re-indexed. Job-level problems (stats.evals cross-checks) are left as the last full import found them.
ResultSet mergeTrialFolders(const ResultSet& current, const TrialFolderRead& read,
                            const std::vector<std::string>& removedDirs, MergeCounts* counts = nullptr);

} // namespace vernier
