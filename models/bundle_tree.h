// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A read-only file listing of a folder or a .zip, with paths relative to its root ("a/b/c.json").
// Folder walks never follow symlinks that point outside the root; nothing is ever written.
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "models/file_ref.h"
#include "models/task_pack.h"

namespace vernier {

class BundleTree {
public:
    // Throws InputError when `path` is neither a folder nor a readable zip.
    static BundleTree open(const std::string& path);

    const std::string& root() const { return root_; }
    bool isZip() const { return zip_ != nullptr; }
    // Relative paths of every regular file, sorted.
    const std::vector<std::string>& files() const { return files_; }
    bool has(const std::string& rel) const { return where_.count(rel) != 0; }
    FileRef ref(const std::string& rel) const;      // empty FileRef when absent
    std::string read(const std::string& rel) const; // throws InputError
    // Symlinks skipped because they lead outside the root, and other listing problems.
    const std::vector<ImportProblem>& problems() const { return problems_; }

private:
    std::string root_;
    std::shared_ptr<const SafeZip> zip_;
    std::vector<std::string> files_;
    std::unordered_map<std::string, std::string> where_; // rel -> real disk path (folders) or entry (zips)
    std::vector<ImportProblem> problems_;
};

// Largest JSON/text file the importers read (a bigger one is malformed input).
constexpr std::size_t kMaxMetadataBytes = 64u << 20;

} // namespace vernier
