// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/bundle_tree.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "scoring/errors.h"

namespace fs = std::filesystem;

namespace vernier {

namespace {

constexpr int kMaxDepth = 32;

bool isWithin(const fs::path& inner, const fs::path& root) {
    auto r = root.begin(), i = inner.begin();
    for (; r != root.end(); ++r, ++i)
        if (i == inner.end() || *i != *r) return false;
    return true;
}

struct Walker {
    fs::path canonicalRoot;
    std::string canonPrefix; // canonicalRoot + "/"
    std::vector<std::string>& files;
    std::unordered_map<std::string, std::string>& linked;
    std::vector<ImportProblem>& problems;
    std::set<fs::path> visitedDirs;

    void walk(const fs::path& dir, const std::string& rel, int depth) {
        if (depth > kMaxDepth) {
            problems.push_back({dir.string(), "folder nesting too deep; not read", ""});
            return;
        }
        std::error_code ec;
        fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
        if (ec) {
            problems.push_back({dir.string(), "cannot list folder: " + ec.message(), ""});
            return;
        }
        std::vector<fs::directory_entry> entries;
        for (; it != fs::directory_iterator(); it.increment(ec)) {
            if (ec) break;
            entries.push_back(*it);
        }
        std::sort(entries.begin(), entries.end(),
                  [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
        for (const auto& e : entries) {
            std::string name = e.path().filename().string();
            std::string childRel = rel.empty() ? name : rel + "/" + name;
            // The entry's cached type (from readdir) avoids a stat per file; only symlinks are resolved.
            if (e.is_symlink(ec)) {
                fs::path target = fs::canonical(e.path(), ec);
                if (ec) {
                    problems.push_back({e.path().string(), "broken symlink; not followed", ""});
                    continue;
                }
                if (!isWithin(target, canonicalRoot)) {
                    problems.push_back(
                        {e.path().string(), "symlink points outside the bundle; not followed", ""});
                    continue;
                }
                fs::file_status st = fs::status(target, ec);
                if (ec) continue;
                if (fs::is_directory(st)) {
                    if (!visitedDirs.insert(target).second) continue; // a loop, or a second way in
                    walk(target, childRel, depth + 1);
                } else if (fs::is_regular_file(st)) {
                    addFile(childRel, target.string());
                }
                continue;
            }
            if (e.is_directory(ec))
                walk(e.path(), childRel, depth + 1);
            else if (e.is_regular_file(ec))
                addFile(childRel, e.path().string());
        }
    }

    void addFile(const std::string& rel, std::string real) {
        if (files.size() >= kMaxBundleFiles)
            throw InputError(canonicalRoot.string() + ": too many files (limit " +
                             std::to_string(kMaxBundleFiles) + ")");
        files.push_back(rel);
        // Only a file reached through a symlink lives elsewhere than canon/rel.
        if (real.size() != canonPrefix.size() + rel.size() ||
            real.compare(0, canonPrefix.size(), canonPrefix) ||
            real.compare(canonPrefix.size(), rel.size(), rel))
            linked.emplace(rel, std::move(real));
    }
};

bool hasZipSuffix(const std::string& p) {
    if (p.size() < 4) return false;
    std::string s = p.substr(p.size() - 4);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s == ".zip";
}

} // namespace

BundleTree BundleTree::open(const std::string& path) {
    BundleTree t;
    t.root_ = path;
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) throw InputError(path + ": no such file or folder");
    if (fs::is_directory(st)) {
        fs::path canon = fs::canonical(path, ec);
        if (ec) throw InputError(path + ": " + ec.message());
        t.canon_ = canon.string();
        Walker w{canon, t.canon_ + "/", t.files_, t.linked_, t.problems_, {canon}};
        w.walk(canon, "", 0);
        std::sort(t.files_.begin(), t.files_.end());
        return t;
    }
    if (!fs::is_regular_file(st)) throw InputError(path + ": neither a folder nor a zip file");
    try {
        t.zip_ = std::make_shared<const SafeZip>(SafeZip::openFile(path, kBundleZipLimits));
    } catch (const InputError& e) {
        throw InputError(path + ": " + (hasZipSuffix(path) ? "" : "not a folder; ") + e.what());
    }
    for (const auto& e : t.zip_->entries()) {
        // A file entry's name never ends in '/' (that makes it a directory), so it is its relative path.
        if (e.isDirectory || e.name.empty()) continue;
        if (t.files_.size() >= kMaxBundleFiles)
            throw InputError(path + ": too many files (limit " + std::to_string(kMaxBundleFiles) + ")");
        t.files_.push_back(e.name);
    }
    std::sort(t.files_.begin(), t.files_.end());
    return t;
}

std::optional<BundleTree> BundleTree::fromListing(const std::string& path, const std::string& canon,
                                                  std::vector<std::string> known,
                                                  const std::vector<std::string>& relist) {
    BundleTree t;
    t.root_ = path;
    t.canon_ = canon;
    t.files_ = std::move(known);
    const fs::path root(canon);
    Walker w{root, t.canon_ + "/", t.files_, t.linked_, t.problems_, {root}};
    for (const auto& dir : relist) {
        std::string rel = dir;
        while (!rel.empty() && rel.back() == '/')
            rel.pop_back();
        const int depth = rel.empty() ? 0 : 1 + static_cast<int>(std::count(rel.begin(), rel.end(), '/'));
        std::error_code ec;
        const fs::path at = rel.empty() ? root : root / rel;
        if (fs::is_symlink(at, ec) || !fs::is_directory(at, ec)) return std::nullopt;
        w.walk(at, rel, depth);
    }
    if (!t.linked_.empty() || !t.problems_.empty()) return std::nullopt;
    std::sort(t.files_.begin(), t.files_.end());
    t.files_.erase(std::unique(t.files_.begin(), t.files_.end()), t.files_.end());
    return t;
}

bool BundleTree::has(const std::string& rel) const {
    return std::binary_search(files_.begin(), files_.end(), rel);
}

FileRef BundleTree::ref(const std::string& rel) const {
    if (!has(rel)) return {};
    if (zip_) return FileRef::inZip(zip_, root_, rel);
    if (auto it = linked_.find(rel); it != linked_.end()) return FileRef::onDisk(it->second);
    return FileRef::onDisk(canon_ + "/" + rel);
}

std::string BundleTree::read(const std::string& rel) const {
    FileRef r = ref(rel);
    if (r.empty()) throw InputError(rel + ": missing");
    return r.readAll();
}

} // namespace vernier
