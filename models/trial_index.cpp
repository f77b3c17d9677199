// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The trial index (docs/index.md): one SQLite file per bundle, written whole to a temporary file beside the
// final one and renamed over it, so a reader sees the old index or the new one, never half of one.
#include "models/trial_index.h"
#include "models/trial_index_codec.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>
#include <sqlite3.h>
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>

#include "models/provenance_json.h"
#include "scoring/errors.h"
#include "vernier_version.h"

namespace fs = std::filesystem;

namespace vernier {

namespace {
using namespace index_codec;

// ---------------------------------------------------------------- validation signals
// A folder bundle's index is valid while (docs/index.md, "Validation"):
//  - every directory of the bundle has the modification time it had (a file added, removed or renamed
//    anywhere changes its directory's time, so the set of files is the same), and
//  - every file of the bundle has the same size, modification time and inode (a rewrite in place or a
//    replacement changes them). The import parses only some of them (result.json, config.json, reward
//    files, manifest, trajectory, lock.json); the others (answer documents, logs) are covered too so that
//    the signals are a complete record of the tree: the provenance tree hash is taken from them
//    (indexedTreeSha256) instead of statting the bundle again.

struct Signal {
    std::string path; // relative to the canonical folder; "" is the folder itself
    bool dir = false;
    std::int64_t mtime = 0, ctime = 0, size = 0, inode = 0;
};

std::int64_t ns(const struct timespec& t) {
    return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// stat() of a signal's path; false when it is gone.
// `rel` is looked up from the bundle folder's descriptor: no walk down the folder's own path per call.
bool statSignal(int rootFd, const std::string& rel, bool dir, Signal& s) {
    struct stat st {};
    if (::fstatat(rootFd, rel.empty() ? "." : rel.c_str(), &st, 0) != 0) return false;
    if (dir != S_ISDIR(st.st_mode)) return false;
    s.mtime = ns(st.st_mtim);
    if (!dir) {
        s.ctime = ns(st.st_ctim);
        s.size = static_cast<std::int64_t>(st.st_size);
        s.inode = static_cast<std::int64_t>(st.st_ino);
    }
    return true;
}

// An open descriptor of a folder, closed on scope exit; -1 when it cannot be opened.
struct FolderFd {
    int fd;
    explicit FolderFd(const std::string& path)
        : fd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {}
    ~FolderFd() {
        if (fd >= 0) ::close(fd);
    }
    FolderFd(const FolderFd&) = delete;
    FolderFd& operator=(const FolderFd&) = delete;
};

// Every real directory below the folder `name` of `parentFd` (symlinks are not followed: a symlink that
// changes changes its own directory), relative, "" first, with its modification time taken before it is read.
// `links` is set when any entry of the tree is a symlink.
void listDirs(int parentFd, const std::string& name, const std::string& rel, std::vector<Signal>& out,
              bool& links, int depth) {
    if (depth > 32) return;
    const int fd = ::openat(parentFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        ::close(fd);
        return;
    }
    out.push_back(Signal{rel, true, ns(st.st_mtim)});
    DIR* d = ::fdopendir(fd);
    if (!d) {
        ::close(fd);
        return;
    }
    std::vector<std::string> subs;
    while (dirent* e = ::readdir(d)) {
        if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
        bool isDir = e->d_type == DT_DIR;
        if (e->d_type == DT_LNK) links = true;
        if (e->d_type == DT_UNKNOWN) {
            struct stat sub {};
            const bool ok = ::fstatat(fd, e->d_name, &sub, AT_SYMLINK_NOFOLLOW) == 0;
            isDir = ok && S_ISDIR(sub.st_mode);
            if (ok && S_ISLNK(sub.st_mode)) links = true;
        }
        if (isDir) subs.emplace_back(e->d_name);
    }
    std::sort(subs.begin(), subs.end());
    for (const auto& s : subs) // relative to this folder's descriptor: no path walk per folder
        listDirs(fd, s, rel.empty() ? s : rel + "/" + s, out, links, depth + 1);
    ::closedir(d); // closes fd
}

// Runs fn(i) for i in [0, n) on a few threads (stat and decode are independent per item).
template <typename Fn> void parallelFor(std::size_t n, Fn fn) {
    const std::size_t nThreads = std::min<std::size_t>(4, (n + 1023) / 1024);
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i = next.fetch_add(1); i < n; i = next.fetch_add(1))
            fn(i);
    };
    std::vector<std::unique_ptr<QThread>> threads;
    for (std::size_t k = 1; k < nThreads; ++k) {
        threads.emplace_back(QThread::create(worker));
        threads.back()->start();
    }
    worker();
    for (auto& th : threads)
        th->wait();
}

// ---------------------------------------------------------------- SQLite

struct DbCloser {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;

struct StmtFinalizer {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Stmt = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

Stmt prepare(sqlite3* db, const char* sql) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
        throw InputError(std::string("index: ") + sqlite3_errmsg(db));
    return Stmt(s);
}

void exec(sqlite3* db, const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string why = err ? err : "error";
        sqlite3_free(err);
        throw InputError("index: " + why);
    }
}

int pragmaInt(sqlite3* db, const char* sql) {
    Stmt s = prepare(db, sql);
    if (sqlite3_step(s.get()) != SQLITE_ROW) throw InputError(sqlite3_errmsg(db));
    return sqlite3_column_int(s.get(), 0);
}

std::string columnText(sqlite3_stmt* s, int i) {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s, i));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(s, i))) : std::string();
}

void bindText(sqlite3_stmt* s, int i, const std::string& v) {
    sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
}
void bindOpt(sqlite3_stmt* s, int i, const std::optional<double>& v) {
    if (v)
        sqlite3_bind_double(s, i, *v);
    else
        sqlite3_bind_null(s, i);
}
void bindOpt(sqlite3_stmt* s, int i, const std::optional<std::int64_t>& v) {
    if (v)
        sqlite3_bind_int64(s, i, *v);
    else
        sqlite3_bind_null(s, i);
}
void bindTextOrNull(sqlite3_stmt* s, int i, const std::string& v) {
    if (v.empty())
        sqlite3_bind_null(s, i);
    else
        bindText(s, i, v);
}

constexpr const char* kSchema = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE trials(
  ord INTEGER PRIMARY KEY,
  bundle TEXT NOT NULL,
  folder TEXT NOT NULL,
  trial_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  agent TEXT NOT NULL,
  model TEXT NOT NULL,
  agent_version TEXT,
  model_provider TEXT,
  model_name TEXT,
  job_id TEXT,
  source TEXT,
  agent_kwargs TEXT NOT NULL,
  task_name TEXT NOT NULL,
  task_id TEXT NOT NULL,
  started_at REAL,
  finished_at REAL,
  agent_started_at REAL,
  agent_finished_at REAL,
  duration_s REAL,
  agent_duration_s REAL,
  reward REAL,
  reward_from_steps INTEGER NOT NULL,
  geometry REAL,
  spec REAL,
  gate TEXT,
  details_present INTEGER NOT NULL,
  exception_type TEXT,
  exception_message TEXT,
  stopped_at_step TEXT,
  cost_usd REAL,
  input_tokens INTEGER,
  cache_tokens INTEGER,
  output_tokens INTEGER,
  usage_source TEXT,
  steps INTEGER NOT NULL,
  answer TEXT,
  answer_base TEXT,
  answer_edit TEXT,
  answer_py TEXT,
  trajectory TEXT,
  result_json TEXT,
  agent_log TEXT,
  load_error TEXT,
  warnings INTEGER NOT NULL,
  record BLOB NOT NULL,
  validation BLOB NOT NULL
);
CREATE INDEX trials_system ON trials(agent, model);
CREATE INDEX trials_task ON trials(task_id);
CREATE TABLE reward_keys(ord INTEGER NOT NULL, key TEXT NOT NULL, value REAL NOT NULL);
CREATE TABLE problems(seq INTEGER PRIMARY KEY, phase INTEGER NOT NULL, location BLOB NOT NULL,
                      path TEXT NOT NULL, reason TEXT NOT NULL, trial TEXT NOT NULL);
CREATE TABLE bundles(bundle TEXT NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, trials INTEGER NOT NULL,
                     jobs INTEGER NOT NULL, harbor_versions TEXT NOT NULL);
CREATE TABLE bundle_files(path TEXT PRIMARY KEY, is_dir INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
                          ctime_ns INTEGER NOT NULL, size INTEGER NOT NULL, inode INTEGER NOT NULL);
)sql";

std::string encodeSignals(const std::vector<Signal>& sigs) {
    Enc e;
    e.u32(static_cast<std::uint32_t>(sigs.size()));
    for (const auto& s : sigs) {
        e.str(s.path);
        e.flag(s.dir);
        e.i64(s.mtime);
        e.i64(s.ctime);
        e.i64(s.size);
        e.i64(s.inode);
    }
    return std::move(e.out);
}

std::vector<Signal> decodeSignals(const char* p, std::size_t n) {
    Dec d(p, n);
    const std::uint32_t count = d.u32();
    if (count > n) throw InputError("corrupt validation");
    std::vector<Signal> out(count);
    for (auto& s : out) {
        s.path = d.str();
        s.dir = d.flag();
        s.mtime = d.i64();
        s.ctime = d.i64();
        s.size = d.i64();
        s.inode = d.i64();
    }
    return out;
}

// ---------------------------------------------------------------- what an index holds

struct BundleKey {
    std::string kind;  // "folder" | "zip"
    std::string canon; // canonical path of the folder or zip
    std::int64_t zipSize = 0, zipMtime = 0;
};

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
        k.zipSize = static_cast<std::int64_t>(st.st_size);
        k.zipMtime = ns(st.st_mtim);
    }
    return k;
}

struct StoredTrial {
    std::string dir; // folder relative to the bundle, ending in '/' ("" for a bundle that is the trial)
    std::string record;
    std::vector<Signal> sigs;
    bool changed = false;
};

struct StoredIndex {
    std::vector<StoredTrial> trials;
    std::vector<std::pair<int, ImportProblem>> problems; // (phase, problem)
    std::vector<Signal> bundleSignals;
    std::string treeSha; // meta.tree_sha256: empty when not recorded
    int jobs = 0;
    std::vector<std::string> harborVersions;
};

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
        StoredIndex out;
        if (key.kind == "zip" && (meta["zip_size"] != std::to_string(key.zipSize) ||
                                  meta["zip_mtime_ns"] != std::to_string(key.zipMtime)))
            return std::nullopt; // the zip changed: stale, not corrupt
        out.jobs = std::stoi(meta["jobs"]);
        out.treeSha = meta["tree_sha256"];
        {
            Stmt s = prepare(db.get(), "SELECT folder, record, validation FROM trials ORDER BY ord");
            int step;
            while ((step = sqlite3_step(s.get())) == SQLITE_ROW) {
                StoredTrial t;
                t.dir = columnText(s.get(), 0); // the column has no trailing '/', the import's folders do
                if (!t.dir.empty()) t.dir += '/';
                t.record.assign(static_cast<const char*>(sqlite3_column_blob(s.get(), 1)),
                                static_cast<std::size_t>(sqlite3_column_bytes(s.get(), 1)));
                const auto* v = static_cast<const char*>(sqlite3_column_blob(s.get(), 2));
                t.sigs = decodeSignals(v, static_cast<std::size_t>(sqlite3_column_bytes(s.get(), 2)));
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

// Signals of a folder bundle, taken before what they vouch for is read (a change during the import is then
// seen at the next open): the directories before the bundle is listed, the parsed files before they are read.
struct TakenSignal {
    Signal signal;
    std::string ownerKey; // the path inside the bundle that decides which trial folder it belongs to
};

std::vector<TakenSignal> statAll(std::vector<TakenSignal> all, const std::string& canon) {
    std::vector<char> present(all.size(), 0);
    const FolderFd root(canon);
    parallelFor(all.size(), [&](std::size_t i) {
        Signal& s = all[i].signal;
        present[i] = root.fd >= 0 && statSignal(root.fd, s.path, s.dir, s) ? 1 : 0;
    });
    std::vector<TakenSignal> out;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (present[i]) out.push_back(std::move(all[i]));
    return out;
}

std::vector<TakenSignal> directorySignals(const std::string& canon, bool& links) {
    std::vector<Signal> dirs;
    listDirs(AT_FDCWD, canon, "", dirs, links, 0);
    std::vector<TakenSignal> all;
    all.reserve(dirs.size());
    for (auto& d : dirs) {
        std::string owner = d.path.empty() ? std::string() : d.path + "/";
        all.push_back({std::move(d), std::move(owner)});
    }
    return all;
}

// Every file of the tree (the parsed ones and the others: docs/index.md "Validation").
std::vector<TakenSignal> fileSignals(const BundleTree& tree, const std::string& canon) {
    std::vector<TakenSignal> all;
    all.reserve(tree.files().size());
    for (const auto& f : tree.files()) {
        // A file reached through a symlink inside the bundle: its target is what is read.
        const std::string real = tree.ref(f).path();
        all.push_back({Signal{startsWithDir(real, canon) ? real.substr(canon.size() + 1) : f, false}, f});
    }
    return statAll(std::move(all), canon);
}

// The provenance tree hash (models/provenance_json.h treeSha256) of the files whose signals were taken:
// the same value a walk of the folder gives, from the same facts (path, size, modification time).
std::string treeHashOf(const std::vector<TakenSignal>& files) {
    std::vector<TreeFile> listing;
    listing.reserve(files.size());
    for (const auto& f : files) {
        const auto sys =
            std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::nanoseconds(f.signal.mtime));
        const auto fileTime = std::chrono::file_clock::from_sys(sys);
        listing.push_back(
            {f.ownerKey, static_cast<std::uint64_t>(f.signal.size),
             std::chrono::duration_cast<std::chrono::nanoseconds>(fileTime.time_since_epoch()).count()});
    }
    return treeSha256Of(std::move(listing));
}

// Which trial folder each signal belongs to; the rest are the bundle's.
void assignSignals(std::vector<TakenSignal> taken, const std::vector<std::string>& trialDirs,
                   std::vector<std::vector<Signal>>& perTrial, std::vector<Signal>& bundleLevel) {
    perTrial.assign(trialDirs.size(), {});
    std::map<std::string, std::size_t> trialOf;
    for (std::size_t i = 0; i < trialDirs.size(); ++i)
        trialOf.emplace(trialDirs[i], i);
    for (auto& t : taken) {
        // Trial folders do not nest (docs/formats.md), so the greatest folder not after the path is the only
        // one that can hold it.
        auto it = trialOf.upper_bound(t.ownerKey);
        if (it != trialOf.begin() &&
            t.ownerKey.compare(0, std::prev(it)->first.size(), std::prev(it)->first) == 0)
            perTrial[std::prev(it)->second].push_back(std::move(t.signal));
        else
            bundleLevel.push_back(std::move(t.signal));
    }
}

// Writes the whole index to a temporary file beside `path` and renames it over `path`.
void writeIndexFile(const std::string& path, const BundleKey& key, const PathContext& ctx,
                    const std::vector<TrialRecord>& trials, const std::vector<std::string>& trialDirs,
                    const std::vector<std::vector<Signal>>& perTrial, const std::vector<Signal>& bundleLevel,
                    const std::vector<ImportProblem>& before, const std::vector<ImportProblem>& after,
                    const BundleInfo& info, const std::string& treeSha) {
    std::random_device rd;
    const std::string tmp = path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(rd());
    struct Cleanup {
        std::string file;
        bool keep = false;
        ~Cleanup() {
            if (!keep) std::remove(file.c_str());
        }
    } cleanup{tmp};
    {
        sqlite3* raw = nullptr;
        const int rc =
            sqlite3_open_v2(tmp.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
        Db db(raw);
        if (rc != SQLITE_OK) throw InputError(raw ? sqlite3_errmsg(raw) : "cannot create " + tmp);
        // A private file until the rename: no journal needed; one sync at the end.
        exec(db.get(), "PRAGMA journal_mode=OFF; PRAGMA synchronous=NORMAL; PRAGMA page_size=8192;");
        exec(db.get(), ("PRAGMA application_id=" + std::to_string(kTrialIndexApplicationId) +
                        "; PRAGMA user_version=" + std::to_string(kTrialIndexSchemaVersion) + ";")
                           .c_str());
        exec(db.get(), "BEGIN");
        exec(db.get(), kSchema);
        {
            Stmt m = prepare(db.get(), "INSERT INTO meta(key, value) VALUES(?, ?)");
            std::string versions;
            for (const auto& v : info.harborVersions)
                versions += (versions.empty() ? "" : "\n") + v;
            const std::vector<std::pair<std::string, std::string>> rows = {
                {"format", "vernier-trial-index"},
                {"bundle_kind", key.kind},
                {"bundle_path", key.canon},
                {"zip_size", std::to_string(key.zipSize)},
                {"zip_mtime_ns", std::to_string(key.zipMtime)},
                {"trials", std::to_string(trials.size())},
                {"jobs", std::to_string(info.jobs)},
                {"harbor_versions", versions},
                {"tree_sha256", treeSha},
                {"written_by", std::string("vernier ") + VERNIER_VERSION},
                {"written_at", std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                                                  std::chrono::system_clock::now().time_since_epoch())
                                                  .count())},
                {"complete", "1"}};
            for (const auto& [k, v] : rows) {
                bindText(m.get(), 1, k);
                bindText(m.get(), 2, v);
                if (sqlite3_step(m.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
                sqlite3_reset(m.get());
            }
        }
        Stmt ins = prepare(db.get(),
                           "INSERT INTO trials VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
                           "?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
        Stmt key2 = prepare(db.get(), "INSERT INTO reward_keys VALUES(?,?,?)");
        for (std::size_t i = 0; i < trials.size(); ++i) {
            const TrialRecord& t = trials[i];
            sqlite3_stmt* s = ins.get();
            int c = 1;
            std::string dirNoSlash = trialDirs[i];
            while (!dirNoSlash.empty() && dirNoSlash.back() == '/')
                dirNoSlash.pop_back();
            sqlite3_bind_int64(s, c++, static_cast<std::int64_t>(i));
            bindText(s, c++, ctx.given);
            bindText(s, c++, dirNoSlash);
            bindText(s, c++, t.trialName);
            bindText(s, c++, t.bundleKind);
            bindText(s, c++, t.system.agent);
            bindText(s, c++, t.system.model);
            bindTextOrNull(s, c++, t.run.agentVersion);
            bindTextOrNull(s, c++, t.run.modelProvider);
            bindTextOrNull(s, c++, t.run.modelName);
            bindTextOrNull(s, c++, t.run.jobId);
            bindTextOrNull(s, c++, t.run.source);
            std::string kw = "{";
            for (std::size_t k = 0; k < t.run.agentKwargs.size(); ++k)
                kw += (k ? "," : "") + nlohmann::json(t.run.agentKwargs[k].first).dump() + ":" +
                      t.run.agentKwargs[k].second;
            bindText(s, c++, kw + "}");
            bindText(s, c++, t.taskName);
            bindText(s, c++, t.taskId);
            bindOpt(s, c++, t.startedAt);
            bindOpt(s, c++, t.finishedAt);
            bindOpt(s, c++, t.agentStartedAt);
            bindOpt(s, c++, t.agentFinishedAt);
            bindOpt(s, c++, t.durationSeconds());
            bindOpt(s, c++, t.agentDurationSeconds());
            bindOpt(s, c++, t.recordedReward);
            sqlite3_bind_int(s, c++, t.rewardComputedFromSteps ? 1 : 0);
            bindOpt(s, c++, t.recordedDetails.single.geometry);
            bindOpt(s, c++, t.recordedDetails.single.spec);
            bindTextOrNull(s, c++, t.recordedDetails.single.gate);
            sqlite3_bind_int(s, c++, t.recordedDetails.present ? 1 : 0);
            bindTextOrNull(s, c++, t.exceptionType);
            bindTextOrNull(s, c++, t.exceptionMessage);
            bindTextOrNull(s, c++, t.stoppedAtStep);
            bindOpt(s, c++, t.costUsd);
            bindOpt(s, c++, t.tokens.input);
            bindOpt(s, c++, t.tokens.cache);
            bindOpt(s, c++, t.tokens.output);
            bindTextOrNull(s, c++, t.usageSource);
            sqlite3_bind_int(s, c++, static_cast<int>(t.steps.size()));
            for (const FileRef* r : {&t.answer, &t.answerBase, &t.answerEdit, &t.answerPy, &t.trajectory,
                                     &t.resultJson, &t.agentLog})
                bindTextOrNull(s, c++, r->empty() ? std::string() : r->display());
            bindTextOrNull(s, c++, t.loadError);
            sqlite3_bind_int(s, c++, static_cast<int>(t.warnings.size()));
            const std::string rec = encodeTrial(t, ctx);
            sqlite3_bind_blob(s, c++, rec.data(), static_cast<int>(rec.size()), SQLITE_TRANSIENT);
            const std::string val = encodeSignals(perTrial.empty() ? std::vector<Signal>() : perTrial[i]);
            sqlite3_bind_blob(s, c++, val.data(), static_cast<int>(val.size()), SQLITE_TRANSIENT);
            if (c != sqlite3_bind_parameter_count(s) + 1) throw InputError("index: column count mismatch");
            if (sqlite3_step(s) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
            sqlite3_reset(s);
            for (const auto& [k, v] : t.rewardKeys) {
                sqlite3_bind_int64(key2.get(), 1, static_cast<std::int64_t>(i));
                bindText(key2.get(), 2, k);
                sqlite3_bind_double(key2.get(), 3, v);
                if (sqlite3_step(key2.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
                sqlite3_reset(key2.get());
            }
        }
        {
            Stmt p = prepare(db.get(),
                             "INSERT INTO problems(phase, location, path, reason, trial) VALUES(?,?,?,?,?)");
            for (int phase : {0, 1})
                for (const auto& pr : phase == 0 ? before : after) {
                    Enc e;
                    putPath(e, pr.path, ctx);
                    sqlite3_bind_int(p.get(), 1, phase);
                    sqlite3_bind_blob(p.get(), 2, e.out.data(), static_cast<int>(e.out.size()),
                                      SQLITE_TRANSIENT);
                    bindText(p.get(), 3, pr.path);
                    bindText(p.get(), 4, pr.reason);
                    bindText(p.get(), 5, pr.trial);
                    if (sqlite3_step(p.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
                    sqlite3_reset(p.get());
                }
        }
        {
            Stmt b = prepare(db.get(), "INSERT INTO bundles VALUES(?,?,?,?,?,?)");
            std::string versions;
            for (const auto& v : info.harborVersions)
                versions += (versions.empty() ? "" : " ") + v;
            bindText(b.get(), 1, ctx.given);
            bindText(b.get(), 2, key.canon);
            bindText(b.get(), 3, key.kind);
            sqlite3_bind_int64(b.get(), 4, static_cast<std::int64_t>(trials.size()));
            sqlite3_bind_int(b.get(), 5, info.jobs);
            bindText(b.get(), 6, versions);
            if (sqlite3_step(b.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
        }
        {
            Stmt b = prepare(db.get(), "INSERT OR REPLACE INTO bundle_files VALUES(?,?,?,?,?,?)");
            for (const auto& sg : bundleLevel) {
                bindText(b.get(), 1, sg.path);
                sqlite3_bind_int(b.get(), 2, sg.dir ? 1 : 0);
                sqlite3_bind_int64(b.get(), 3, sg.mtime);
                sqlite3_bind_int64(b.get(), 4, sg.ctime);
                sqlite3_bind_int64(b.get(), 5, sg.size);
                sqlite3_bind_int64(b.get(), 6, sg.inode);
                if (sqlite3_step(b.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
                sqlite3_reset(b.get());
            }
        }
        exec(db.get(), "COMMIT");
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        throw InputError("cannot rename " + tmp + ": " + std::strerror(errno));
    cleanup.keep = true;
}

// Has a signal changed since it was recorded?
bool changedSignal(int rootFd, const Signal& s) {
    Signal now;
    if (!statSignal(rootFd, s.path, s.dir, now)) return true;
    // The change time is recorded but not compared: it also moves when a hard link to the file is made or
    // removed anywhere (deduplicated bundles, bench/make_large_bundle.py), which says nothing of the content.
    return now.mtime != s.mtime || (!s.dir && (now.size != s.size || now.inode != s.inode));
}

void appendTrialProblems(const TrialRecord& t, std::vector<ImportProblem>& problems) {
    // As importBundleTree reports them (models/bundle_import.cpp).
    if (!t.loadError.empty()) problems.push_back({t.trialPath, t.loadError, t.trialName});
    if (!t.stoppedAtStep.empty())
        problems.push_back(
            {t.trialPath, "stopped at step \"" + t.stoppedAtStep + "\": " + t.stopReason, t.trialName});
}

std::string cacheBase() {
    if (const char* env = std::getenv("VERNIER_CACHE_DIR"); env && *env) return env;
    QString base = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (base.isEmpty()) base = QDir::homePath() + "/.cache/vernier";
    if (!base.contains("vernier", Qt::CaseInsensitive)) base += "/vernier";
    return base.toStdString();
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

// The import with the index; `readExisting` false rebuilds it whatever is there.
IndexedImport runIndexed(const std::string& bundle, std::vector<TrialRecord>& out,
                         std::vector<ImportProblem>& problems, BundleInfo* info, const std::string& indexPath,
                         bool readExisting) {
    IndexedImport r;
    r.indexPath = indexPath;
    const BundleKey key = keyOf(bundle);
    PathContext ctx;
    ctx.given = bundle;
    if (key.kind == "folder") ctx.canon = key.canon;

    std::optional<StoredIndex> stored;
    if (readExisting) {
        if (key.kind == "zip") {
            // The zip is opened once either way: its entries are the trials' files.
            try {
                ctx.zip = std::make_shared<const SafeZip>(SafeZip::openFile(bundle, kBundleZipLimits));
            } catch (const InputError&) {
                // BundleTree::open below reports it the way importBundle does.
            }
        }
        if (key.kind == "folder" || ctx.zip) stored = readIndex(indexPath, key, ctx, r.note);
    }

    std::vector<char> changed;
    bool bundleChanged = !stored.has_value();
    if (stored && key.kind == "folder") {
        const FolderFd root(key.canon);
        for (const auto& s : stored->bundleSignals)
            if (changedSignal(root.fd, s)) {
                bundleChanged = true;
                break;
            }
        changed.assign(stored->trials.size(), 0);
        parallelFor(stored->trials.size(), [&](std::size_t i) {
            for (const auto& s : stored->trials[i].sigs)
                if (changedSignal(root.fd, s)) {
                    changed[i] = 1;
                    return;
                }
        });
    }
    const bool anyChanged =
        bundleChanged || std::any_of(changed.begin(), changed.end(), [](char c) { return c != 0; });

    if (stored && !anyChanged) {
        // Nothing changed: every trial from the index, nothing else read.
        // Decoded straight into place, in parallel.
        const std::size_t first = out.size(), n = stored->trials.size();
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
        if (!bad) {
            for (const auto& [phase, p] : stored->problems)
                if (phase == 0) problems.push_back(p);
            for (std::size_t i = first; i < out.size(); ++i)
                appendTrialProblems(out[i], problems);
            for (const auto& [phase, p] : stored->problems)
                if (phase == 1) problems.push_back(p);
            if (info) {
                info->path = bundle;
                info->trials = static_cast<int>(n);
                info->jobs = stored->jobs;
                info->harborVersions = stored->harborVersions;
            }
            r.state = IndexState::Used;
            r.reused = static_cast<int>(n);
            // Every signal is as recorded, so the tree is as it was hashed when the index was written.
            if (key.kind == "folder") rememberTreeSha256(key.canon, stored->treeSha);
            return r;
        }
        r.note = "trial index " + indexPath + " ignored and rebuilt: corrupt record";
        stored.reset();
    }

    // Read the bundle, taking unchanged trial folders from the index.
    std::vector<TakenSignal> taken;
    bool links = false;
    if (key.kind == "folder") taken = directorySignals(key.canon, links);
    const BundleTree tree = BundleTree::open(bundle);
    std::string treeSha; // of the folder as these signals saw it; empty when they cannot vouch for a walk
    if (key.kind == "folder") {
        std::vector<TakenSignal> files = fileSignals(tree, key.canon);
        // A walk for the hash does not follow symlinks and lists what the import skips; and a file gone
        // between the listing and its stat is not in the signals. Then the hash is left to a walk.
        if (!links && tree.problems().empty() && files.size() == tree.files().size())
            treeSha = treeHashOf(files);
        for (auto& f : files)
            taken.push_back(std::move(f));
        rememberTreeSha256(key.canon, treeSha);
    }
    std::unordered_map<std::string, std::size_t> reusable;
    if (stored && key.kind == "folder")
        for (std::size_t i = 0; i < stored->trials.size(); ++i)
            if (!changed[i]) reusable.emplace(stored->trials[i].dir, i);
    std::atomic<int> reused{0};
    BundleReadHooks hooks;
    if (!reusable.empty())
        hooks.reuse = [&](const std::string& dir, TrialRecord& t) {
            auto it = reusable.find(dir);
            if (it == reusable.end()) return false;
            try {
                const StoredTrial& st = stored->trials[it->second];
                t = decodeTrial(st.record.data(), st.record.size(), ctx);
            } catch (const std::exception&) {
                t = TrialRecord();
                return false;
            }
            ++reused;
            return true;
        };
    std::vector<std::string> trialDirs;
    std::vector<ImportProblem> before, after;
    hooks.trialDirs = &trialDirs;
    hooks.problemsBefore = &before;
    hooks.problemsAfter = &after;
    BundleInfo localInfo;
    const std::size_t first = out.size();
    importBundleTree(tree, bundle, out, problems, &localInfo, hooks);
    if (info) *info = localInfo;
    r.reused = reused;
    r.reread = static_cast<int>(out.size() - first) - r.reused;
    r.state = r.reused > 0 ? IndexState::Partial : IndexState::Rebuilt;

    // Keep the index: the trials as read, with the signals as they are now.
    try {
        if (tree.isZip()) ctx.zip = nullptr; // zip entries are stored by name
        std::vector<std::vector<Signal>> perTrial;
        std::vector<Signal> bundleLevel;
        assignSignals(std::move(taken), trialDirs, perTrial, bundleLevel);
        const std::vector<TrialRecord> mine(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
        writeIndexFile(indexPath, key, ctx, mine, trialDirs, perTrial, bundleLevel, before, after, localInfo,
                       treeSha);
        r.written = true;
    } catch (const std::exception& e) {
        r.writeError = std::string("trial index not written: ") + e.what();
    }
    return r;
}

} // namespace

std::string trialIndexPathFor(const std::string& bundle) {
    if (const char* env = std::getenv("VERNIER_CACHE_DIR"); env && *env) {
        const std::string dir = std::string(env) + "/index";
        QDir().mkpath(QString::fromStdString(dir));
        return dir + "/" + hashedName(bundle);
    }
    const QFileInfo fi(QDir::cleanPath(QString::fromStdString(bundle)));
    if (!fi.fileName().isEmpty() && !insideShippedSample(bundle)) {
        const QString beside = fi.absoluteDir().filePath(fi.fileName() + QStringLiteral(".vernier-cache"));
        if (QDir().mkpath(beside) && QFileInfo(beside).isWritable())
            return (beside + QStringLiteral("/index.sqlite")).toStdString();
    }
    const std::string dir = cacheBase() + "/index";
    QDir().mkpath(QString::fromStdString(dir));
    return dir + "/" + hashedName(bundle);
}

IndexedImport importBundleIndexed(const std::string& bundle, std::vector<TrialRecord>& out,
                                  std::vector<ImportProblem>& problems, const ImportOptions&,
                                  BundleInfo* info, const std::string& indexPath) {
    std::error_code ec;
    if (!fs::exists(bundle, ec)) // as BundleTree::open says it
        BundleTree::open(bundle);
    const std::string where = indexPath.empty() ? trialIndexPathFor(bundle) : indexPath;
    IndexedImport r = runIndexed(bundle, out, problems, info, where, true);
    if (!r.note.empty()) std::fprintf(stderr, "note: %s\n", r.note.c_str());
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
