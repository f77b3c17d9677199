// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The trial index (docs/index.md): one SQLite file per bundle, written whole to a temporary file beside the
// final one and renamed over it, so a reader sees the old index or the new one, never half of one.
#include "models/trial_index.h"
#include "models/trial_index_codec.h"
#include "models/trial_index_signals.h"
#include "models/trial_index_sqlite.h"
#include "models/trial_index_store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QThread>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <span>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>

#include "models/cache_location.h"
#include "models/harbor_trial.h"
#include "models/provenance_json.h"
#include "scoring/errors.h"
#include "vernier_version.h"

namespace fs = std::filesystem;

namespace vernier {

namespace {
using namespace index_codec;
using namespace index_signals;
using namespace index_sqlite;
using namespace index_store;

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// ---------------------------------------------------------------- what an index holds

BundleKey keyOf(const std::string& bundle) {
    std::error_code ec;
    BundleKey k;
    const fs::path canon = fs::canonical(bundle, ec);
    if (ec) throw InputError(bundle + ": no such file or folder");
    k.canon = canon.string();
    struct stat st {};
    if (::stat(k.canon.c_str(), &st) != 0) throw InputError(bundle + ": no such file or folder");
    if (S_ISDIR(st.st_mode)) {
        k.kind = "folder";
    } else {
        k.kind = "zip";
        const std::optional<FileStamp> stamp = fileStampOf(k.canon);
        if (!stamp) throw InputError(bundle + ": no such file or folder");
        k.zip = *stamp;
    }
    return k;
}

// The index at `path` for bundle key `key`; nullopt with `note` set when it cannot be trusted.
std::optional<StoredIndex> readIndex(const std::string& path, const BundleKey& key, const PathContext& ctx,
                                     std::string& note) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return std::nullopt;
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    Db db(raw);
    try {
        if (rc != SQLITE_OK) throw InputError(raw ? sqlite3_errmsg(raw) : "cannot open");
        if (pragmaInt(db.get(), "PRAGMA application_id") != kTrialIndexApplicationId)
            throw InputError("not a Vernier trial index");
        const int version = pragmaInt(db.get(), "PRAGMA user_version");
        if (version != kTrialIndexSchemaVersion)
            throw InputError("schema version " + std::to_string(version) + ", this Vernier reads " +
                             std::to_string(kTrialIndexSchemaVersion));
        std::map<std::string, std::string> meta;
        {
            Stmt s = prepare(db.get(), "SELECT key, value FROM meta");
            while (sqlite3_step(s.get()) == SQLITE_ROW)
                meta[columnText(s.get(), 0)] = columnText(s.get(), 1);
        }
        if (meta["bundle_kind"] != key.kind || meta["bundle_path"] != key.canon)
            throw InputError("written for another bundle (" + meta["bundle_path"] + ")");
        if (meta["complete"] != "1") throw InputError("incomplete");
        if (meta["record_format"] != std::to_string(kRecordFormat))
            throw InputError("record format " +
                             (meta["record_format"].empty() ? "1" : meta["record_format"]) +
                             ", this Vernier reads " + std::to_string(kRecordFormat));
        StoredIndex out;
        out.trials.reserve(
            std::min<std::size_t>(std::strtoull(meta["trials"].c_str(), nullptr, 10), std::size_t{1} << 24));
        // Not the device: it can be numbered differently after a reboot or a remount.
        if (key.kind == "zip" && (meta["zip_size"] != std::to_string(key.zip.size) ||
                                  meta["zip_mtime_ns"] != std::to_string(key.zip.mtimeNs) ||
                                  meta["zip_inode"] != std::to_string(key.zip.inode) ||
                                  meta["zip_ctime_ns"] != std::to_string(key.zip.ctimeNs)))
            return std::nullopt; // the zip changed (or was replaced by a copy): stale, not corrupt
        out.jobs = std::stoi(meta["jobs"]);
        out.treeSha = meta["tree_sha256"];
        {
            Stmt s = prepare(db.get(), "SELECT folder, record, validation FROM trials ORDER BY ord");
            int step;
            while ((step = sqlite3_step(s.get())) == SQLITE_ROW) {
                StoredTrial t;
                t.dir = columnText(s.get(), 0); // the column has no trailing '/', the import's folders do
                if (!t.dir.empty()) t.dir += '/';
                t.record = out.blobs.put(sqlite3_column_blob(s.get(), 1),
                                         static_cast<std::size_t>(sqlite3_column_bytes(s.get(), 1)));
                t.validation = out.blobs.put(sqlite3_column_blob(s.get(), 2),
                                             static_cast<std::size_t>(sqlite3_column_bytes(s.get(), 2)));
                out.trials.push_back(std::move(t));
            }
            if (step != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
        }
        {
            Stmt s = prepare(db.get(), "SELECT phase, location, reason, trial FROM problems ORDER BY seq");
            while (sqlite3_step(s.get()) == SQLITE_ROW) {
                const auto* p = static_cast<const char*>(sqlite3_column_blob(s.get(), 1));
                Dec d(p, static_cast<std::size_t>(sqlite3_column_bytes(s.get(), 1)));
                ImportProblem pr{getPath(d, ctx), columnText(s.get(), 2), columnText(s.get(), 3)};
                out.problems.emplace_back(sqlite3_column_int(s.get(), 0), std::move(pr));
            }
        }
        {
            Stmt s =
                prepare(db.get(), "SELECT path, is_dir, mtime_ns, ctime_ns, size, inode FROM bundle_files");
            while (sqlite3_step(s.get()) == SQLITE_ROW)
                out.bundleSignals.push_back(
                    {columnText(s.get(), 0), sqlite3_column_int(s.get(), 1) != 0,
                     sqlite3_column_int64(s.get(), 2), sqlite3_column_int64(s.get(), 3),
                     sqlite3_column_int64(s.get(), 4), sqlite3_column_int64(s.get(), 5)});
        }
        const std::string versions = meta["harbor_versions"];
        for (std::size_t a = 0; a < versions.size();) {
            auto b = versions.find('\n', a);
            if (b == std::string::npos) b = versions.size();
            out.harborVersions.push_back(versions.substr(a, b - a));
            a = b + 1;
        }
        return out;
    } catch (const std::exception& e) {
        note = "trial index " + path + " ignored and rebuilt: " + e.what();
        return std::nullopt;
    }
}

} // namespace

namespace {

void appendTrialProblems(const TrialRecord& t, std::vector<ImportProblem>& problems) {
    // As importBundleTree reports them (models/bundle_import.cpp).
    if (!t.loadError.empty()) problems.push_back({t.trialPath, t.loadError, t.trialName});
    if (!t.stoppedAtStep.empty())
        problems.push_back(
            {t.trialPath, "stopped at step \"" + t.stoppedAtStep + "\": " + t.stopReason, t.trialName});
}

// The sample that ships with Vernier (models/sample_location.cpp) is installed from the source tree as it
// is: nothing may be written beside its bundles, so its index lives in the user cache.
bool insideShippedSample(const std::string& bundle) {
    std::error_code ec;
    const fs::path canon = fs::weakly_canonical(bundle, ec);
    if (ec) return false;
    std::vector<fs::path> samples = {fs::path(VERNIER_SOURCE_DIR) / "resources" / "sample"};
    if (const char* env = std::getenv("VERNIER_SAMPLE_DIR"); env && *env) samples.emplace_back(env);
    for (const auto& s : samples) {
        const fs::path root = fs::weakly_canonical(s, ec);
        if (ec) continue;
        auto r = root.begin(), c = canon.begin();
        for (; r != root.end() && c != canon.end() && *r == *c; ++r, ++c) {
        }
        if (r == root.end()) return true;
    }
    return false;
}

std::string hashedName(const std::string& bundle) {
    std::error_code ec;
    fs::path canon = fs::canonical(bundle, ec);
    const std::string key = ec ? fs::absolute(bundle, ec).string() : canon.string();
    return QCryptographicHash::hash(QByteArray::fromStdString(key), QCryptographicHash::Sha256)
               .toHex()
               .left(32)
               .toStdString() +
           ".sqlite";
}

// The live-follow state of a folder whose every recorded signal was found unchanged.
FollowFolderState followStateOf(const std::string& bundle, const StoredIndex& stored) {
    FollowListing listing;
    const auto add = [&listing](const Signal& sg) { listing.add(sg.path, sg.dir, sg.mtime, sg.size); };
    for (const Signal& sg : stored.bundleSignals)
        add(sg);
    for (const StoredTrial& t : stored.trials)
        forEachSignal(t.validation, t.dir, add); // validated, so it decodes
    return listing.state(QString::fromStdString(bundle));
}

// The import's reuse hook: the trial folders in `reusable` (folder -> row of `stored`) are decoded from the
// index instead of read; a record that does not decode is read from its files. Counts into `reused`.
std::function<bool(const std::string&, TrialRecord&)>
reuseFrom(const StoredIndex& stored, const std::unordered_map<std::string, std::size_t>& reusable,
          const PathContext& ctx, std::atomic<int>& reused, std::vector<char>& fromIndex) {
    return [&stored, &reusable, ctx, &reused, &fromIndex](const std::string& dir, TrialRecord& t) {
        const auto it = reusable.find(dir);
        if (it == reusable.end()) return false;
        try {
            const StoredTrial& st = stored.trials[it->second];
            t = decodeTrial(st.record.data(), st.record.size(), ctx);
        } catch (const std::exception&) {
            t = TrialRecord();
            return false;
        }
        ++reused;
        fromIndex[it->second] = 1; // one row per folder: no two threads write the same flag
        return true;
    };
}

} // namespace

namespace index_store {

// importBundleTree with the trial folders of `reusable` taken from `stored` (none when it is null).
TreeRead readTree(const BundleTree& tree, const std::string& bundle, const StoredIndex* stored,
                  const std::unordered_map<std::string, std::size_t>& reusable, const PathContext& ctx,
                  std::vector<TrialRecord>& out, std::vector<ImportProblem>& problems, BundleInfo* info) {
    TreeRead r;
    std::atomic<int> reused{0};
    BundleReadHooks hooks;
    if (stored) r.fromIndex.assign(stored->trials.size(), 0);
    if (stored && !reusable.empty()) hooks.reuse = reuseFrom(*stored, reusable, ctx, reused, r.fromIndex);
    hooks.trialDirs = &r.trialDirs;
    hooks.problemsBefore = &r.before;
    hooks.problemsAfter = &r.after;
    r.first = out.size();
    importBundleTree(tree, bundle, out, problems, &r.info, hooks);
    if (info) *info = r.info;
    r.reused = reused;
    return r;
}

} // namespace index_store

namespace {

// The import with the index; `readExisting` false rebuilds it whatever is there. A folder bundle's
// live-follow state goes to `follow` when it is set (docs/index.md "The follow baseline").
IndexedImport runIndexed(const std::string& bundle, std::vector<TrialRecord>& out,
                         std::vector<ImportProblem>& problems, BundleInfo* info, const std::string& indexPath,
                         bool readExisting, FollowFolderState* follow = nullptr,
                         std::vector<std::function<void()>>* defer = nullptr, bool deferStats = true) {
    IndexedImport r;
    r.indexPath = indexPath;
    const BundleKey key = keyOf(bundle);
    PathContext ctx;
    ctx.given = bundle;
    if (key.kind == "folder") ctx.canon = key.canon;

    std::optional<StoredIndex> stored;
    if (readExisting) {
        // A zip's entries are the trials' files. It is opened (its central directory read, 2-3 s for
        // 10^5 trials) only when one is read: not at all when every trial comes from the index.
        if (key.kind == "zip") ctx.zip = std::make_shared<const LazyZip>(bundle, kBundleZipLimits, key.zip);
        const auto t0 = std::chrono::steady_clock::now();
        stored = readIndex(indexPath, key, ctx, r.note);
        r.readSeconds = secondsSince(t0);
    }

    std::vector<char> changed, bundleSignalChanged;
    bool bundleChanged = !stored.has_value();
    if (stored && key.kind == "folder") {
        const auto t0 = std::chrono::steady_clock::now();
        const FolderFd root(key.canon);
        bundleSignalChanged.assign(stored->bundleSignals.size(), 0);
        for (std::size_t i = 0; i < stored->bundleSignals.size(); ++i)
            if (changedSignal(root.fd, stored->bundleSignals[i])) bundleSignalChanged[i] = 1;
        bundleChanged = std::any_of(bundleSignalChanged.begin(), bundleSignalChanged.end(),
                                    [](char c) { return c != 0; });
        changed.assign(stored->trials.size(), 0);
        parallelFor(stored->trials.size(), [&](std::size_t i) {
            if (anyChangedUnder(root.fd, stored->trials[i].dir, stored->trials[i].validation)) changed[i] = 1;
        });
        r.validateSeconds = secondsSince(t0);
    }
    const bool anyChanged =
        bundleChanged || std::any_of(changed.begin(), changed.end(), [](char c) { return c != 0; });

    if (stored && !anyChanged) {
        // Nothing changed: every trial from the index, nothing else read.
        // Decoded straight into place, in parallel.
        const auto t0 = std::chrono::steady_clock::now();
        const std::size_t first = out.size(), n = stored->trials.size();
        out.reserve(first + n);
        {
            // The new records' memory is touched on all threads first: most of constructing 10^5 of them
            // one after another is the page faults of ~180 MB of fresh memory (docs/index.md "Performance").
            // Raw storage not yet holding objects, written through char.
            char* raw = reinterpret_cast<char*>(out.data() + out.size());
            const std::size_t bytes = n * sizeof(TrialRecord), pages = (bytes + 4095) / 4096;
            parallelFor(pages, [&](std::size_t p) { raw[p * 4096] = 0; });
        }
        out.resize(first + n);
        std::atomic<bool> bad{false};
        parallelFor(n, [&](std::size_t i) {
            try {
                out[first + i] =
                    decodeTrial(stored->trials[i].record.data(), stored->trials[i].record.size(), ctx);
            } catch (const std::exception&) {
                bad = true;
            }
        });
        if (bad) out.resize(first);
        r.decodeSeconds = secondsSince(t0);
        if (!bad) {
            for (const auto& [phase, p] : stored->problems)
                if (phase == 0) problems.push_back(p);
            for (std::size_t i = first; i < out.size(); ++i)
                appendTrialProblems(out[i], problems);
            for (const auto& [phase, p] : stored->problems)
                if (phase == 1) problems.push_back(p);
            // Every signal was stat'ed just now and is as recorded: the recorded listing is the folder's.
            if (follow) {
                const auto f0 = std::chrono::steady_clock::now();
                *follow = followStateOf(bundle, *stored);
                r.phases.emplace_back("follow state", secondsSince(f0));
            }
            if (info) {
                info->path = bundle;
                info->trials = static_cast<int>(n);
                info->jobs = stored->jobs;
                info->harborVersions = stored->harborVersions;
            }
            r.state = IndexState::Used;
            r.listedWhole = false;
            r.reused = static_cast<int>(n);
            // Every signal is as recorded, so the tree is as it was hashed when the index was written.
            if (key.kind == "folder") rememberTreeSha256(key.canon, stored->treeSha);
            return r;
        }
        r.note = "trial index " + indexPath + " ignored and rebuilt: corrupt record";
        stored.reset();
    }

    // Only what changed is listed and read again, and only its rows are written.
    if (stored && key.kind == "folder" && !stored->treeSha.empty())
        if (auto partial = runPartial(bundle, key, ctx, *stored, changed, bundleSignalChanged, out, problems,
                                      info, indexPath, follow, defer))
            return *partial;

    // Read the bundle, taking unchanged trial folders from the index.
    auto phaseStart = std::chrono::steady_clock::now();
    const auto phase = [&](const char* name) {
        r.phases.emplace_back(name, secondsSince(phaseStart));
        phaseStart = std::chrono::steady_clock::now();
    };
    if (ctx.zip) {
        try {
            ctx.zip->get();
            phase("zip directory");
        } catch (const InputError&) {
            ctx.zip = nullptr; // BundleTree::open below reports it the way importBundle does
        }
    }
    std::vector<TakenSignal> taken;
    std::string treeSha; // of the folder as these signals saw it; empty when they cannot vouch for a walk
    // A folder is listed once, on several threads, with its signals; one with a symlink or a listing
    // problem is listed by BundleTree::open and its signals taken by a walk of their own.
    std::vector<ListedStat> listed;
    std::optional<BundleTree> fast;
    // The files every trial's import reads are stamped by that read (BundleTree::readStampOf): their
    // signals and the tree hash are completed after the reading (docs/index.md "Validation").
    // With the write deferred (and its stats), every file's stamp is left to its read or to the write
    // (docs/index.md "Deferred write"): the listing stats none.
    const bool lateStatsOn = defer != nullptr && deferStats;
    if (key.kind == "folder") fast = BundleTree::openFolderWithStats(bundle, listed, true, lateStatsOn);
    std::size_t firstFile = 0;              // fast path: taken[firstFile + i] is files()[i]'s signal
    LateStats lateStats;                    // fast path, write deferred: what the write stats and hashes
    std::vector<std::size_t> stampedOnRead; // ... the i whose stamp the reading gives
    if (fast) {
        phase("listing with signals");
        taken.reserve(listed.size());
        for (ListedStat& l : listed) { // the directories first, then the files (openFolderWithStats)
            if (l.dir) {
                std::string owner = l.rel.empty() ? std::string() : l.rel + "/";
                taken.push_back({Signal{std::move(l.rel), true, l.mtimeNs}, std::move(owner)});
                firstFile = taken.size();
            } else {
                if (l.pending) stampedOnRead.push_back(taken.size() - firstFile);
                Signal s{std::move(l.rel), false, l.mtimeNs};
                s.size = l.size;
                s.inode = l.inode;
                s.ctime = l.ctimeNs;
                taken.push_back({std::move(s), {}});
            }
        }
        listed.clear();
        listed.shrink_to_fit();
    }
    bool links = false;
    if (key.kind == "folder" && !fast) {
        taken = directorySignals(key.canon, links);
        phase("directories");
    }
    // A zip opened above to read the index is listed from that opening, not read a second time.
    // Let go once the reads and their stamps are done: its listing (10^6 paths) is not needed to write.
    std::optional<BundleTree> opened(fast      ? std::move(*fast)
                                     : ctx.zip ? BundleTree::ofZip(bundle, ctx.zip)
                                               : BundleTree::open(bundle));
    const BundleTree& tree = *opened;
    const bool zipped = tree.isZip();
    if (!fast) {
        phase("listing");
        if (key.kind == "folder") {
            std::vector<TakenSignal> files = fileSignals(tree, key.canon);
            phase("file stats");
            // A walk for the hash does not follow symlinks and lists what the import skips; and a file gone
            // between the listing and its stat is not in the signals. Then the hash is left to a walk.
            if (!links && tree.problems().empty() && files.size() == tree.files().size())
                treeSha = treeHashOf(files);
            for (auto& f : files)
                taken.push_back(std::move(f));
            rememberTreeSha256(key.canon, treeSha);
            phase("tree hash");
        }
    }
    // Without a listing of its own that is complete and free of symlinks, the follow state is a walk's,
    // taken before the reading.
    if (follow && key.kind == "folder" && !fast) *follow = scanFollowState(QString::fromStdString(bundle));
    std::unordered_map<std::string, std::size_t> reusable;
    if (stored && key.kind == "folder")
        for (std::size_t i = 0; i < stored->trials.size(); ++i)
            if (!changed[i]) reusable.emplace(stored->trials[i].dir, i);
    const TreeRead read =
        readTree(tree, bundle, stored ? &*stored : nullptr, reusable, ctx, out, problems, info);
    phase("reading");
    if (fast) {
        // The stamps the reads took; a file not read (a trial taken from the index, a reward.json beside
        // which nothing asked for it, a read that failed) is stat'ed now. One gone meanwhile keeps no stamp
        // (the next open sees it changed) and leaves the tree hash to a walk.
        // With the write and its stats deferred, a file not read is stat'ed by the write, except a
        // result.json (the follow state needs its stamp now); with the write deferred, the tree hash is the
        // write's.
        std::atomic<bool> gone{false};
        std::vector<char> later(lateStatsOn ? stampedOnRead.size() : 0, 0);
        const FolderFd root(key.canon);
        parallelFor(stampedOnRead.size(), [&](std::size_t k) {
            const std::size_t i = stampedOnRead[k];
            Signal& s = taken[firstFile + i].signal;
            if (const std::optional<FileStamp> st = tree.readStampOf(i)) {
                s.mtime = st->mtimeNs;
                s.ctime = st->ctimeNs;
                s.size = st->size;
                s.inode = static_cast<std::int64_t>(st->inode);
            } else if (lateStatsOn && harbor::baseName(s.path) != "result.json") {
                later[k] = 1;
            } else if (!statSignal(root.fd, s.path, false, s)) {
                s.mtime = s.ctime = s.size = -1;
                gone = true;
            }
        });
        if (defer) {
            for (std::size_t k = 0; k < later.size(); ++k)
                if (later[k]) lateStats.files.push_back(firstFile + stampedOnRead[k]);
            lateStats.firstFile = firstFile;
            lateStats.gone = gone;
            rememberTreeSha256(key.canon, {}); // the write hashes the signals (and says it will)
            phase("stamps of the reads");
        } else {
            treeSha =
                gone ? std::string() : treeHashOf(std::span<const TakenSignal>(taken).subspan(firstFile));
            rememberTreeSha256(key.canon, treeSha);
            phase("stamps and tree hash");
        }
    }
    // The follow state from the signals just taken; with the write deferred, beside the rows' encoding.
    bool followed = false;
    const auto followFrom = [&](std::span<const TakenSignal> all) {
        FollowListing listing;
        for (const TakenSignal& t : all)
            listing.add(t.signal.path, t.signal.dir, t.signal.mtime, t.signal.size);
        *follow = listing.state(QString::fromStdString(bundle));
        followed = true;
    };
    const bool followHere = fast && follow;
    if (followHere && !defer) {
        followFrom(taken);
        phase("follow state");
    }
    opened.reset();
    const auto& [trialDirs, before, after, localInfo, first, reused, fromIndex] = read;
    r.reused = reused;
    r.reread = static_cast<int>(out.size() - first) - r.reused;
    r.state = r.reused > 0 ? IndexState::Partial : IndexState::Rebuilt;

    // Keep the index: the trials as read, with the signals as they are now.
    try {
        if (zipped) ctx.zip = nullptr; // zip entries are stored by name
        const std::span<const TrialRecord> mine(out.data() + first, out.size() - first); // not copied
        if (defer) {
            auto write =
                deferIndexFile(indexPath, key, ctx, mine, trialDirs, std::move(taken),
                               fast ? std::optional<LateStats>(std::move(lateStats)) : std::nullopt, before,
                               after, localInfo, treeSha, followHere ? std::function(followFrom) : nullptr);
            defer->push_back(sayingWhyNot(std::move(write), indexPath, "written"));
            phase(followHere ? "rows encoded for the deferred index write, follow state beside"
                             : "rows encoded for the deferred index write");
            r.deferred = true;
        } else {
            std::vector<std::vector<Signal>> perTrial;
            std::vector<Signal> bundleLevel;
            assignSignals(std::move(taken), trialDirs, perTrial, bundleLevel);
            phase("signals to trials");
            writeIndexFile(indexPath, key, ctx, mine, trialDirs, perTrial, bundleLevel, before, after,
                           localInfo, treeSha);
            phase("index write");
            r.written = true;
        }
    } catch (const std::exception& e) {
        r.writeError = std::string("trial index not written: ") + e.what();
    }
    // A deferred write that failed before the follow state was built (its signals went with it): a walk.
    if (followHere && !followed) *follow = scanFollowState(QString::fromStdString(bundle));
    return r;
}

} // namespace

std::string trialIndexPathFor(const std::string& bundle) {
    const bool cacheSet = std::getenv("VERNIER_CACHE_DIR") && *std::getenv("VERNIER_CACHE_DIR");
    const QFileInfo fi(QDir::cleanPath(QString::fromStdString(bundle)));
    if (!cacheSet && !fi.fileName().isEmpty() && !insideShippedSample(bundle)) {
        const QString beside = fi.absoluteDir().filePath(fi.fileName() + QStringLiteral(".vernier-cache"));
        if (QDir().mkpath(beside) && QFileInfo(beside).isWritable())
            return (beside + QStringLiteral("/index.sqlite")).toStdString();
    }
    const std::string dir = userCacheDirectory() + "/index";
    QDir().mkpath(QString::fromStdString(dir));
    return dir + "/" + hashedName(bundle);
}

IndexedImport importBundleIndexed(const std::string& bundle, std::vector<TrialRecord>& out,
                                  std::vector<ImportProblem>& problems, const ImportOptions& options,
                                  BundleInfo* info, const std::string& indexPath) {
    std::error_code ec;
    if (!fs::exists(bundle, ec)) // as BundleTree::open says it
        BundleTree::open(bundle);
    const std::string where = indexPath.empty() ? trialIndexPathFor(bundle) : indexPath;
    const auto t0 = std::chrono::steady_clock::now();
    FollowFolderState follow;
    const bool following = options.followStates && isFollowableFolder(QString::fromStdString(bundle));
    IndexedImport r = runIndexed(bundle, out, problems, info, where, true, following ? &follow : nullptr,
                                 options.deferredIndexWrites, options.deferredWriteStats);
    if (following) (*options.followStates)[bundle] = std::move(follow);
    if (!r.note.empty()) std::fprintf(stderr, "note: %s\n", r.note.c_str());
    if (const char* trace = std::getenv("VERNIER_INDEX_TRACE"); trace && *trace && *trace != '0') {
        // docs/index.md "Which path ran": one line per bundle, for benchmarks and for a user wondering.
        static const char* const kStates[] = {"used", "partial", "rebuilt"};
        std::fprintf(stderr,
                     "trial index: %s, %s, %d from the index, %d read, %s, %.3f s (index read %.3f s, "
                     "validated %.3f s, "
                     "decoded %.3f s) (%s)\n",
                     kStates[static_cast<int>(r.state)],
                     r.listedWhole ? "bundle listed" : "bundle not listed", r.reused, r.reread,
                     r.written    ? "written"
                     : r.deferred ? "write deferred"
                                  : "not written",
                     secondsSince(t0), r.readSeconds, r.validateSeconds, r.decodeSeconds, bundle.c_str());
        if (!r.phases.empty()) {
            std::string line = "trial index phases:";
            for (const auto& [name, seconds] : r.phases) {
                char buf[96];
                std::snprintf(buf, sizeof buf, " %s %.3f s;", name, seconds);
                line += buf;
            }
            // The process's peak so far: a first open's peak is in these phases (docs/index.md
            // "Performance").
            struct rusage usage {};
            if (getrusage(RUSAGE_SELF, &usage) == 0)
                line += " peak resident " + std::to_string(usage.ru_maxrss / 1024) + " MiB";
            std::fprintf(stderr, "%s\n", line.c_str());
        }
    }
    return r;
}

IndexedImport writeTrialIndex(const std::string& bundle, const std::string& dbPath, const ImportOptions&) {
    std::vector<TrialRecord> trials;
    std::vector<ImportProblem> problems;
    BundleInfo info;
    return runIndexed(bundle, trials, problems, &info, dbPath, false);
}

int writeTrialIndexes(const std::vector<std::string>& bundles, const std::string& dbPath) {
    if (bundles.empty()) throw InputError("no bundle given");
    if (bundles.size() == 1) {
        const IndexedImport r = writeTrialIndex(bundles[0], dbPath);
        if (!r.written) throw InputError(r.writeError);
        return 1;
    }
    // One index per bundle, then merged into the first: trial numbers (ord) continue across bundles.
    std::random_device rd;
    const std::string stem = dbPath + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(rd());
    std::vector<std::string> parts;
    struct Cleanup {
        std::vector<std::string>* files;
        ~Cleanup() {
            for (const auto& f : *files)
                std::remove(f.c_str());
        }
    } cleanup{&parts};
    for (std::size_t k = 0; k < bundles.size(); ++k) {
        parts.push_back(stem + "-" + std::to_string(k));
        const IndexedImport r = writeTrialIndex(bundles[k], parts.back());
        if (!r.written) throw InputError(bundles[k] + ": " + r.writeError);
    }
    {
        sqlite3* raw = nullptr;
        const int rc = sqlite3_open_v2(parts[0].c_str(), &raw, SQLITE_OPEN_READWRITE, nullptr);
        Db db(raw);
        if (rc != SQLITE_OK) throw InputError(raw ? sqlite3_errmsg(raw) : "cannot open " + parts[0]);
        exec(db.get(), "PRAGMA journal_mode=OFF; BEGIN");
        for (std::size_t k = 1; k < parts.size(); ++k) {
            Stmt attach = prepare(db.get(), "ATTACH DATABASE ? AS part");
            bindText(attach.get(), 1, parts[k]);
            if (sqlite3_step(attach.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
            attach.reset();
            const std::int64_t offset =
                pragmaInt(db.get(), "SELECT COALESCE(MAX(ord) + 1, 0) FROM main.trials");
            const std::string off = std::to_string(offset);
            exec(db.get(), ("UPDATE part.trials SET ord = ord + " + off +
                            "; UPDATE part.reward_keys SET ord = ord + " + off +
                            "; INSERT INTO main.trials SELECT * FROM part.trials;"
                            " INSERT INTO main.reward_keys SELECT * FROM part.reward_keys;"
                            " INSERT INTO main.problems(phase, location, path, reason, trial)"
                            " SELECT phase, location, path, reason, trial FROM part.problems ORDER BY seq;"
                            " INSERT INTO main.bundles SELECT * FROM part.bundles;")
                               .c_str());
            exec(db.get(), "COMMIT; DETACH DATABASE part; BEGIN");
        }
        // Several bundles: a file to query, never taken as one bundle's import cache.
        exec(db.get(), "DELETE FROM bundle_files; UPDATE meta SET value = '' WHERE key IN ('bundle_path', "
                       "'bundle_kind', 'tree_sha256'); UPDATE meta SET value = (SELECT COUNT(*) FROM trials) "
                       "WHERE key = 'trials';"
                       "COMMIT");
    }
    if (std::rename(parts[0].c_str(), dbPath.c_str()) != 0)
        throw InputError("cannot write " + dbPath + ": " + std::strerror(errno));
    parts.erase(parts.begin());
    return static_cast<int>(bundles.size());
}

} // namespace vernier
