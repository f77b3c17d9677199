// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The trial index's partial update (docs/index.md "Partial update"): a reopen that lists, reads and writes
// only what changed since the index was written — a trial folder rewritten, added to a running job or gone.
#include "models/trial_index_store.h"

#include <QString>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <unordered_set>

#include "models/provenance_json.h"

namespace vernier::index_store {

namespace {

using namespace index_signals;

// What a folder of the bundle's own held when the index was written, by name: a trial folder (its row), a
// folder of the bundle's own, or a file.
struct KnownChild {
    enum Kind { Trial, Folder, File } kind;
    std::size_t at; // row of the trial, or position in the bundle's signals
};

std::pair<std::string, std::string> splitParent(const std::string& rel) {
    const auto slash = rel.rfind('/');
    if (slash == std::string::npos) return {std::string(), rel};
    return {rel.substr(0, slash), rel.substr(slash + 1)};
}

} // namespace

// The import when the index recorded a tree hash (docs/index.md "Partial update"). The listing of what did
// not change is the recorded signals (complete while the tree hash was recorded: no symlinks, nothing
// skipped); a changed folder of the bundle's own (a job folder, the bundle folder) is read one level deep for
// entries added or gone, a changed or new trial folder is listed whole, and only those are read and stat'ed;
// only their rows of the index are written, the others kept (renumbered when trials came or went before
// them). nullopt, with nothing appended, when that cannot be done (a symlink, a listing problem, a folder of
// the bundle's own gone, a file gone meanwhile): the caller then reads the bundle whole.
std::optional<IndexedImport> runPartial(const std::string& bundle, const BundleKey& key, PathContext ctx,
                                        const StoredIndex& stored, const std::vector<char>& changed,
                                        const std::vector<char>& bundleChanged, std::vector<TrialRecord>& out,
                                        std::vector<ImportProblem>& problems, BundleInfo* info,
                                        const std::string& indexPath, FollowFolderState* follow,
                                        std::vector<std::function<void()>>* defer) {
    const FolderFd root(key.canon);
    if (root.fd < 0) return std::nullopt;
    const auto ownerKey = [](const Signal& s) { return s.dir && !s.path.empty() ? s.path + "/" : s.path; };

    // 1. The bundle's own signals: taken again where they changed (a folder's before it is read); a file gone
    //    must have gone from a folder that changed.
    std::vector<TakenSignal> taken; // every signal not kept with an unchanged trial's row
    std::set<std::string> changedFolders;
    std::unordered_set<std::string> goneFiles;
    for (std::size_t i = 0; i < stored.bundleSignals.size(); ++i) {
        Signal s = stored.bundleSignals[i];
        if (bundleChanged[i]) {
            if (!statSignal(root.fd, s.path, s.dir, s)) {
                if (s.dir) return std::nullopt; // a folder of the bundle's own gone: read whole
                goneFiles.insert(s.path);
                continue;
            }
            if (s.dir) changedFolders.insert(s.path);
        }
        std::string owner = ownerKey(s);
        taken.push_back({std::move(s), std::move(owner)});
    }
    for (const auto& f : goneFiles)
        if (!changedFolders.count(splitParent(f).first)) return std::nullopt;

    // 2. What each changed folder held, then what it holds: new folders are listed whole, new files stat'ed.
    std::map<std::string, std::map<std::string, KnownChild>> children;
    if (!changedFolders.empty()) {
        for (std::size_t i = 0; i < stored.trials.size(); ++i) {
            std::string dir = stored.trials[i].dir;
            if (dir.empty()) continue;
            dir.pop_back();
            auto [parent, name] = splitParent(dir);
            if (changedFolders.count(parent)) children[parent][name] = {KnownChild::Trial, i};
        }
        for (std::size_t i = 0; i < stored.bundleSignals.size(); ++i) {
            const Signal& s = stored.bundleSignals[i];
            if (s.path.empty()) continue;
            auto [parent, name] = splitParent(s.path);
            if (changedFolders.count(parent))
                children[parent][name] = {s.dir ? KnownChild::Folder : KnownChild::File, i};
        }
    }
    std::vector<char> goneTrial(stored.trials.size(), 0);
    std::vector<std::string> newFolders, newFiles;
    for (const auto& folder : changedFolders) {
        const int fd = ::openat(root.fd, folder.empty() ? "." : folder.c_str(),
                                O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0) return std::nullopt;
        DIR* d = ::fdopendir(fd);
        if (!d) {
            ::close(fd);
            return std::nullopt;
        }
        std::unique_ptr<DIR, int (*)(DIR*)> closer(d, ::closedir);
        const auto& known = children[folder];
        std::set<std::string> seen;
        while (dirent* e = ::readdir(d)) {
            const std::string name = e->d_name;
            if (name == "." || name == "..") continue;
            unsigned type = e->d_type;
            if (type == DT_UNKNOWN) {
                struct stat st {};
                if (::fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) return std::nullopt;
                type = S_ISDIR(st.st_mode)   ? DT_DIR
                       : S_ISREG(st.st_mode) ? DT_REG
                       : S_ISLNK(st.st_mode) ? DT_LNK
                                             : 0;
            }
            if (type == DT_LNK) return std::nullopt;        // the import follows it: read whole
            if (type != DT_DIR && type != DT_REG) continue; // neither is listed by the import
            seen.insert(name);
            const std::string rel = folder.empty() ? name : folder + "/" + name;
            const auto it = known.find(name);
            if (it != known.end() && (it->second.kind == KnownChild::File) != (type == DT_REG))
                return std::nullopt; // a file became a folder or the other way round
            if (it != known.end()) continue;
            (type == DT_DIR ? newFolders : newFiles).push_back(type == DT_DIR ? rel + "/" : rel);
        }
        for (const auto& [name, child] : known) {
            if (seen.count(name)) continue;
            if (child.kind == KnownChild::Folder) return std::nullopt;
            if (child.kind == KnownChild::Trial) goneTrial[child.at] = 1;
            // A file gone is not among the signals taken (step 1).
            if (child.kind == KnownChild::File && !goneFiles.count(stored.bundleSignals[child.at].path))
                return std::nullopt;
        }
    }

    // 3. The listing: what is known unchanged, plus the changed and new folders listed again.
    std::vector<std::string> known, relist;
    std::vector<std::size_t> changedRows;
    for (const auto& t : taken)
        if (!t.signal.dir) known.push_back(t.signal.path);
    for (const auto& f : newFiles)
        known.push_back(f);
    std::vector<std::vector<Signal>> storedSigs(stored.trials.size()); // of the unchanged trial folders
    for (std::size_t i = 0; i < stored.trials.size(); ++i) {
        if (goneTrial[i]) continue;
        if (changed[i]) {
            changedRows.push_back(i);
            relist.push_back(stored.trials[i].dir);
            continue;
        }
        try {
            storedSigs[i] = decodeSignals(stored.trials[i].validation, stored.trials[i].dir);
        } catch (const InputError&) {
            return std::nullopt; // validated, so it decoded then; read whole rather than trust it now
        }
        for (const auto& sg : storedSigs[i])
            if (!sg.dir) known.push_back(sg.path);
    }
    relist.insert(relist.end(), newFolders.begin(), newFolders.end());
    bool links = false;
    for (const auto& dir : relist) {
        std::string rel = dir;
        if (!rel.empty()) rel.pop_back(); // the trailing '/'
        std::vector<TakenSignal> dirs = directorySignalsUnder(key.canon, rel, links);
        if (dirs.empty()) return std::nullopt; // the folder is gone
        std::move(dirs.begin(), dirs.end(), std::back_inserter(taken));
    }
    if (links) return std::nullopt;
    std::optional<BundleTree> tree = BundleTree::fromListing(bundle, key.canon, std::move(known), relist);
    if (!tree) return std::nullopt;
    {
        std::vector<TakenSignal> files;
        for (const auto& dir : relist)
            for (auto it = std::lower_bound(tree->files().begin(), tree->files().end(), dir);
                 it != tree->files().end() && it->compare(0, dir.size(), dir) == 0; ++it)
                files.push_back({Signal{*it, false}, *it});
        for (const auto& f : newFiles)
            files.push_back({Signal{f, false}, f});
        const std::size_t listed = files.size();
        files = statAll(std::move(files), key.canon);
        if (files.size() != listed) return std::nullopt; // a file gone meanwhile
        std::move(files.begin(), files.end(), std::back_inserter(taken));
    }

    // 4. Read: unchanged trial folders from the index, the others from their files.
    std::unordered_map<std::string, std::size_t> reusable;
    for (std::size_t i = 0; i < stored.trials.size(); ++i)
        if (!changed[i] && !goneTrial[i]) reusable.emplace(stored.trials[i].dir, i);
    const TreeRead read = readTree(*tree, bundle, &stored, reusable, ctx, out, problems, info);
    const auto& [trialDirs, before, after, localInfo, first, reused, fromIndex] = read;
    IndexedImport r;
    r.indexPath = indexPath;
    r.state = IndexState::Partial;
    r.listedWhole = false;
    r.reused = reused;
    r.reread = static_cast<int>(out.size() - first) - r.reused;

    // 5. Every signal taken goes to its trial folder's row or to the bundle's own; an unchanged row keeps its
    //    recorded signals (and its row in the index).
    std::vector<std::vector<Signal>> perTrial;
    std::vector<Signal> bundleLevel;
    assignSignals(std::move(taken), trialDirs, perTrial, bundleLevel);
    RowPlan plan;
    std::vector<const Signal*> files;
    FollowListing listing; // filled when `follow` is set
    for (std::size_t i = 0; i < trialDirs.size(); ++i) {
        const auto it = reusable.find(trialDirs[i]);
        // A reused trial gets no signal taken now: its folder and everything in it are unchanged.
        const bool keep = it != reusable.end() && perTrial[i].empty() && fromIndex[it->second] != 0;
        const std::vector<Signal>& sigs = keep ? storedSigs[it->second] : perTrial[i];
        if (keep) {
            plan.kept.emplace_back(static_cast<std::int64_t>(it->second), static_cast<std::int64_t>(i));
        } else {
            plan.written.push_back(i);
            plan.writtenSignals.push_back(&sigs);
        }
        for (const auto& sg : sigs) {
            if (!sg.dir) files.push_back(&sg);
            if (follow) listing.add(sg.path, sg.dir, sg.mtime, sg.size);
        }
    }
    for (const auto& sg : bundleLevel)
        if (!sg.dir) files.push_back(&sg);
    if (follow) {
        // Complete: the recorded signals of what did not change and the ones taken, before the reading, of
        // what did (docs/index.md "The follow baseline").
        for (const auto& sg : bundleLevel)
            listing.add(sg.path, sg.dir, sg.mtime, sg.size);
        *follow = listing.state(QString::fromStdString(bundle));
    }
    // The tree hash from every file's signal, the unchanged ones as recorded.
    const std::string treeSha = treeHashOf(files);
    rememberTreeSha256(key.canon, treeSha);
    try {
        const std::span<const TrialRecord> mine(out.data() + first, out.size() - first); // not copied
        if (defer) {
            auto update = deferIndexUpdate(indexPath, ctx, mine, trialDirs, plan, bundleLevel, before, after,
                                           localInfo, treeSha);
            defer->push_back(sayingWhyNot(std::move(update), indexPath, "updated"));
            r.deferred = true;
        } else {
            updateIndexFile(indexPath, ctx, mine, trialDirs, plan, bundleLevel, before, after, localInfo,
                            treeSha);
            r.written = true;
        }
    } catch (const std::exception& e) {
        r.writeError = std::string("trial index not written: ") + e.what();
    }
    return r;
}

} // namespace vernier::index_store
