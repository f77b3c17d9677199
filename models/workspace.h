// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A researcher's workspace (docs/workspace.md): the bundles they opened (each enabled or not), the task
// pack, how systems are shown (aliases, colours, hidden), the filter and the policies. Saved to and loaded
// from a small JSON file, `*.vernier.json`, whose bundle and pack paths are relative to the file, so a
// workspace can be moved or committed together with its results. The GUI saves what it shows; the report
// commands of `vernier-cli` accept `--workspace FILE` and print what the GUI shows for it.
// Plain std types (no Qt): models/ is shared by the GUI and the command line.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "models/attempts.h"
#include "models/filter.h"
#include "models/result_set.h"
#include "models/system_style.h"

namespace vernier {

inline constexpr int kWorkspaceFormatVersion = 1;

struct WorkspaceBundle {
    std::string path; // absolute once loaded (relative to the workspace file in the file)
    bool enabled = true;
    bool operator==(const WorkspaceBundle&) const = default;
};

struct Workspace {
    std::vector<WorkspaceBundle> bundles;
    std::string taskPack; // absolute once loaded; empty: none
    SystemStyles styles;  // aliases, colours, hidden systems (by system label)
    Filter filter;        // systems by label; bundles by absolute path
    SelectionPolicy policy = SelectionPolicy::LatestFinished; // how attempts fold into one reward per task
    bool preferRescored = false;
    bool splitByJob = false;

    bool operator==(const Workspace&) const = default;
    // The enabled bundles, in order.
    std::vector<std::string> enabledBundles() const;
};

// Reads a workspace file. Relative paths are resolved against the file's folder. Throws InputError with a
// one-line reason for anything malformed (not JSON, wrong or newer format version, a field of the wrong
// type, an unknown policy); unknown keys are ignored (a newer Vernier may add some). Files larger than
// 16 MiB are refused. Bundles need not exist (a missing one is reported when it is imported).
Workspace loadWorkspace(const std::string& path);
// Parses the text of a workspace file (as loadWorkspace; `baseDir` resolves relative paths).
Workspace parseWorkspace(const std::string& json, const std::string& baseDir);
// The JSON text of a workspace, paths written relative to `baseDir` where they are below or beside it
// (`../x` is fine), absolute otherwise. Keys in a fixed order; ends with a newline.
std::string workspaceJson(const Workspace& ws, const std::string& baseDir);
// Writes the file atomically (a temporary file beside it, renamed over it). Throws InputError when it cannot.
void saveWorkspace(const Workspace& ws, const std::string& path);

} // namespace vernier
