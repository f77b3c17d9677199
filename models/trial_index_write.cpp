// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Writing the trial index (docs/index.md "Writing: a new file, then rename", "Schema"): a whole new file for
// an import that read the bundle, a copy updated in place for a partial update. The reading and validating
// side is models/trial_index.cpp.
#include <sqlite3.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "models/parallel.h"
#include "models/provenance_json.h"
#include "models/trial_index_codec.h"
#include "models/trial_index_signals.h"
#include "models/trial_index_sqlite.h"
#include "models/trial_index_store.h"
#include "scoring/errors.h"
#include "vernier_version.h"

namespace fs = std::filesystem;

namespace vernier::index_store {

using namespace index_codec;
using namespace index_signals;
using namespace index_sqlite;

namespace {

// A new index file: a temporary name beside `path`, removed unless commit() renames it over `path`, so a
// reader sees the old index or the new one, never half of one.
class TempIndexFile {
public:
    explicit TempIndexFile(std::string path) : path_(std::move(path)) {
        std::random_device rd;
        tmp_ = path_ + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(rd());
    }
    ~TempIndexFile() {
        if (!committed_) std::remove(tmp_.c_str());
    }
    TempIndexFile(const TempIndexFile&) = delete;
    TempIndexFile& operator=(const TempIndexFile&) = delete;
    const std::string& name() const { return tmp_; }
    Db open(int flags) const {
        sqlite3* raw = nullptr;
        const int rc = sqlite3_open_v2(tmp_.c_str(), &raw, flags, nullptr);
        Db db(raw);
        if (rc != SQLITE_OK) throw InputError(raw ? sqlite3_errmsg(raw) : "cannot create " + tmp_);
        // A private file until the rename: no journal needed; one sync at the end.
        exec(db.get(), "PRAGMA journal_mode=OFF; PRAGMA synchronous=NORMAL;");
        return db;
    }
    void commit() {
        if (std::rename(tmp_.c_str(), path_.c_str()) != 0)
            throw InputError("cannot rename " + tmp_ + ": " + std::strerror(errno));
        committed_ = true;
    }

private:
    std::string path_, tmp_;
    bool committed_ = false;
};

constexpr const char* kInsertTrial =
    "INSERT INTO trials VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
    "?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
constexpr const char* kInsertRewardKey = "INSERT INTO reward_keys VALUES(?,?,?)";

// The values of a `trials` row that are computed rather than held by its TrialRecord, kept while the row is
// inserted so that every text is bound in place, not copied by SQLite (docs/index.md "Performance").
struct TrialRowText {
    std::string folder, kwargs, record, validation;
    std::array<std::string, 7> files;
};

TrialRowText prepareTrialRow(const TrialRecord& t, const std::string& dir, const std::vector<Signal>& sigs,
                             const PathContext& ctx) {
    TrialRowText r;
    r.folder = dir;
    while (!r.folder.empty() && r.folder.back() == '/')
        r.folder.pop_back();
    r.kwargs = "{";
    for (std::size_t k = 0; k < t.run.agentKwargs.size(); ++k) {
        if (k) r.kwargs += ',';
        r.kwargs += nlohmann::json(t.run.agentKwargs[k].first).dump();
        r.kwargs += ':';
        r.kwargs += t.run.agentKwargs[k].second;
    }
    r.kwargs += '}';
    std::size_t f = 0;
    for (const FileRef* ref :
         {&t.answer, &t.answerBase, &t.answerEdit, &t.answerPy, &t.trajectory, &t.resultJson, &t.agentLog})
        r.files[f++] = ref->empty() ? std::string() : ref->display();
    r.record = encodeTrial(t, ctx);
    r.validation = encodeSignals(sigs, dir);
    return r;
}

// One row of `trials` (number `ord`) and its reward keys, `row` made by prepareTrialRow from `t`.
void insertTrialRow(sqlite3* db, sqlite3_stmt* ins, sqlite3_stmt* keys, std::int64_t ord,
                    const TrialRecord& t, const TrialRowText& row, const PathContext& ctx) {
    sqlite3_stmt* s = ins;
    int c = 1;
    sqlite3_bind_int64(s, c++, ord);
    bindText(s, c++, ctx.given, SQLITE_STATIC);
    bindText(s, c++, row.folder, SQLITE_STATIC);
    bindText(s, c++, t.trialName, SQLITE_STATIC);
    bindText(s, c++, t.bundleKind, SQLITE_STATIC);
    bindText(s, c++, t.system.agent, SQLITE_STATIC);
    bindText(s, c++, t.system.model, SQLITE_STATIC);
    bindTextOrNull(s, c++, t.run.agentVersion, SQLITE_STATIC);
    bindTextOrNull(s, c++, t.run.modelProvider, SQLITE_STATIC);
    bindTextOrNull(s, c++, t.run.modelName, SQLITE_STATIC);
    bindTextOrNull(s, c++, t.run.jobId, SQLITE_STATIC);
    bindTextOrNull(s, c++, t.run.source, SQLITE_STATIC);
    bindText(s, c++, row.kwargs, SQLITE_STATIC);
    bindText(s, c++, t.taskName, SQLITE_STATIC);
    bindText(s, c++, t.taskId, SQLITE_STATIC);
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
    bindTextOrNull(s, c++, t.recordedDetails.single.gate, SQLITE_STATIC);
    sqlite3_bind_int(s, c++, t.recordedDetails.present ? 1 : 0);
    bindTextOrNull(s, c++, t.exceptionType, SQLITE_STATIC);
    bindTextOrNull(s, c++, t.exceptionMessage, SQLITE_STATIC);
    bindTextOrNull(s, c++, t.stoppedAtStep, SQLITE_STATIC);
    bindOpt(s, c++, t.costUsd);
    bindOpt(s, c++, t.tokens.input);
    bindOpt(s, c++, t.tokens.cache);
    bindOpt(s, c++, t.tokens.output);
    bindTextOrNull(s, c++, t.usageSource, SQLITE_STATIC);
    sqlite3_bind_int(s, c++, static_cast<int>(t.steps.size()));
    for (const std::string& f : row.files)
        bindTextOrNull(s, c++, f, SQLITE_STATIC);
    bindTextOrNull(s, c++, t.loadError, SQLITE_STATIC);
    sqlite3_bind_int(s, c++, static_cast<int>(t.warnings.size()));
    sqlite3_bind_blob(s, c++, row.record.data(), static_cast<int>(row.record.size()), SQLITE_STATIC);
    sqlite3_bind_blob(s, c++, row.validation.data(), static_cast<int>(row.validation.size()), SQLITE_STATIC);
    if (c != sqlite3_bind_parameter_count(s) + 1) throw InputError("index: column count mismatch");
    if (sqlite3_step(s) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db));
    sqlite3_reset(s);
    for (const auto& [k, v] : t.rewardKeys) {
        sqlite3_bind_int64(keys, 1, ord);
        bindText(keys, 2, k, SQLITE_STATIC);
        sqlite3_bind_double(keys, 3, v);
        if (sqlite3_step(keys) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db));
        sqlite3_reset(keys);
    }
}

void insertProblems(sqlite3* db, const std::vector<ImportProblem>& before,
                    const std::vector<ImportProblem>& after, const PathContext& ctx) {
    Stmt p = prepare(db, "INSERT INTO problems(phase, location, path, reason, trial) VALUES(?,?,?,?,?)");
    for (int phase : {0, 1})
        for (const auto& pr : phase == 0 ? before : after) {
            Enc e;
            putPath(e, pr.path, ctx);
            sqlite3_bind_int(p.get(), 1, phase);
            sqlite3_bind_blob(p.get(), 2, e.out.data(), static_cast<int>(e.out.size()), SQLITE_TRANSIENT);
            bindText(p.get(), 3, pr.path);
            bindText(p.get(), 4, pr.reason);
            bindText(p.get(), 5, pr.trial);
            if (sqlite3_step(p.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db));
            sqlite3_reset(p.get());
        }
}

// The bundle's own signals (docs/index.md "Validation"): its folders and files outside trial folders.
void insertBundleFiles(sqlite3* db, const std::vector<Signal>& bundleLevel) {
    Stmt b = prepare(db, "INSERT OR REPLACE INTO bundle_files VALUES(?,?,?,?,?,?)");
    for (const auto& sg : bundleLevel) {
        bindText(b.get(), 1, sg.path);
        sqlite3_bind_int(b.get(), 2, sg.dir ? 1 : 0);
        sqlite3_bind_int64(b.get(), 3, sg.mtime);
        sqlite3_bind_int64(b.get(), 4, sg.ctime);
        sqlite3_bind_int64(b.get(), 5, sg.size);
        sqlite3_bind_int64(b.get(), 6, sg.inode);
        if (sqlite3_step(b.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db));
        sqlite3_reset(b.get());
    }
}

std::string joined(const std::vector<std::string>& items, const char* sep) {
    std::string out;
    for (const auto& v : items)
        out += (out.empty() ? "" : sep) + v;
    return out;
}

std::string secondsNow() {
    return std::to_string(
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
            .count());
}

// What a whole index holds besides its trials' rows.
struct WholeIndex {
    std::string path;
    BundleKey key;
    PathContext ctx;
    std::size_t trials = 0;
    std::vector<Signal> bundleLevel;
    std::vector<ImportProblem> before, after;
    BundleInfo info;
    std::string treeSha;
};

// Writes a whole index to a temporary file beside its path and renames it over the path; insertTrials(db,
// ins, keys) inserts the trials' rows (insertTrialRow) in order.
void writeWhole(const WholeIndex& w,
                const std::function<void(sqlite3*, sqlite3_stmt*, sqlite3_stmt*)>& insertTrials) {
    TempIndexFile file(w.path);
    {
        Db db = file.open(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        exec(db.get(),
             ("PRAGMA page_size=8192; PRAGMA application_id=" + std::to_string(kTrialIndexApplicationId) +
              "; PRAGMA user_version=" + std::to_string(kTrialIndexSchemaVersion) + ";")
                 .c_str());
        exec(db.get(), "BEGIN");
        exec(db.get(), kSchema);
        {
            Stmt m = prepare(db.get(), "INSERT INTO meta(key, value) VALUES(?, ?)");
            const std::vector<std::pair<std::string, std::string>> rows = {
                {"format", "vernier-trial-index"},
                {"bundle_kind", w.key.kind},
                {"bundle_path", w.key.canon},
                {"zip_size", std::to_string(w.key.zip.size)},
                {"zip_mtime_ns", std::to_string(w.key.zip.mtimeNs)},
                {"zip_inode", std::to_string(w.key.zip.inode)},
                {"zip_ctime_ns", std::to_string(w.key.zip.ctimeNs)},
                {"trials", std::to_string(w.trials)},
                {"jobs", std::to_string(w.info.jobs)},
                {"harbor_versions", joined(w.info.harborVersions, "\n")},
                {"tree_sha256", w.treeSha},
                {"written_by", std::string("vernier ") + VERNIER_VERSION},
                {"written_at", secondsNow()},
                {"record_format", std::to_string(kRecordFormat)},
                {"complete", "1"}};
            for (const auto& [k, v] : rows) {
                bindText(m.get(), 1, k);
                bindText(m.get(), 2, v);
                if (sqlite3_step(m.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
                sqlite3_reset(m.get());
            }
        }
        Stmt ins = prepare(db.get(), kInsertTrial);
        Stmt keys = prepare(db.get(), kInsertRewardKey);
        insertTrials(db.get(), ins.get(), keys.get());
        insertProblems(db.get(), w.before, w.after, w.ctx);
        {
            Stmt b = prepare(db.get(), "INSERT INTO bundles VALUES(?,?,?,?,?,?)");
            bindText(b.get(), 1, w.ctx.given);
            bindText(b.get(), 2, w.key.canon);
            bindText(b.get(), 3, w.key.kind);
            sqlite3_bind_int64(b.get(), 4, static_cast<std::int64_t>(w.trials));
            sqlite3_bind_int(b.get(), 5, w.info.jobs);
            bindText(b.get(), 6, joined(w.info.harborVersions, " "));
            if (sqlite3_step(b.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
        }
        insertBundleFiles(db.get(), w.bundleLevel);
        exec(db.get(), "COMMIT");
    }
    file.commit();
}

} // namespace

// Writes the whole index to a temporary file beside `path` and renames it over `path`.
void writeIndexFile(const std::string& path, const BundleKey& key, const PathContext& ctx,
                    std::span<const TrialRecord> trials, const std::vector<std::string>& trialDirs,
                    const std::vector<std::vector<Signal>>& perTrial, const std::vector<Signal>& bundleLevel,
                    const std::vector<ImportProblem>& before, const std::vector<ImportProblem>& after,
                    const BundleInfo& info, const std::string& treeSha) {
    const WholeIndex w{path, key, ctx, trials.size(), bundleLevel, before, after, info, treeSha};
    writeWhole(w, [&](sqlite3* db, sqlite3_stmt* ins, sqlite3_stmt* keys) {
        // Encoding the rows on every core, a block at a time, was no faster (docs/index.md "Deferred write").
        const std::vector<Signal> none;
        for (std::size_t i = 0; i < trials.size(); ++i)
            insertTrialRow(
                db, ins, keys, static_cast<std::int64_t>(i), trials[i],
                prepareTrialRow(trials[i], trialDirs[i], perTrial.empty() ? none : perTrial[i], ctx), ctx);
    });
}

std::function<void()> deferIndexFile(const std::string& path, const BundleKey& key, const PathContext& ctx,
                                     std::span<const TrialRecord> trials,
                                     const std::vector<std::string>& trialDirs,
                                     std::vector<TakenSignal>&& taken, std::optional<LateStats> late,
                                     const std::vector<ImportProblem>& before,
                                     const std::vector<ImportProblem>& after, const BundleInfo& info,
                                     const std::string& treeSha,
                                     const std::function<void(std::span<const TakenSignal>)>& beside) {
    struct Deferred {
        WholeIndex whole;
        std::vector<TrialRowText> rows;
        std::vector<std::string> trialDirs;
        std::vector<TakenSignal> taken;
        std::optional<LateStats> late; // set: the folder's tree hash is expected from this write
        bool hashed = false;
        Deferred() = default;
        Deferred(const Deferred&) = delete;
        Deferred& operator=(const Deferred&) = delete;
        // Gives the expected tree hash (empty: unknown, the waiters walk the folder) once.
        void settle(const std::string& sha) {
            if (late && !hashed) rememberTreeSha256(whole.key.canon, sha);
            hashed = true;
        }
        // A write that never runs still settles it.
        ~Deferred() { settle({}); }
    };
    auto d = std::make_shared<Deferred>();
    d->whole = WholeIndex{path, key, ctx, trials.size(), {}, before, after, info, treeSha};
    d->whole.ctx.zip = nullptr; // a zip's entries are stored by name: nothing is read when writing
    d->trialDirs = trialDirs;
    d->taken = std::move(taken);
    d->late = std::move(late);
    if (d->late) expectTreeSha256(d->whole.key.canon); // settled by the write, or by `d` going unused
    // Now only what the records give; the signals are sorted to their trials when writing.
    const auto encode = [&] {
        d->rows.reserve(trials.size());
        const std::vector<Signal> none;
        for (std::size_t i = 0; i < trials.size(); ++i)
            d->rows.push_back(prepareTrialRow(trials[i], trialDirs[i], none, ctx));
    };
    if (beside) {
        Beside encoding(encode); // declared after `d`: joined before `d` can go
        beside(d->taken);
        encoding.wait();
    } else {
        encode();
    }
    return [d] {
        // A write that fails before hashing settles the expected hash as unknown, at once: whoever waits for
        // it (a provenance block) must not wait for the closure to go.
        struct Settled {
            Deferred& d;
            ~Settled() { d.settle({}); }
        } settled{*d};
        if (d->late) {
            // The files no read stamped, stat'ed now, on this one thread: the GUI is painting the trials
            // beside it on the other core. The tree hash from every file's signal (none if one went).
            bool gone = d->late->gone;
            const FolderFd root(d->whole.key.canon);
            for (const std::size_t i : d->late->files) {
                Signal& s = d->taken[i].signal;
                if (!statSignal(root.fd, s.path, false, s)) {
                    s.mtime = s.ctime = s.size = -1;
                    gone = true;
                }
            }
            d->whole.treeSha =
                gone ? std::string()
                     : treeHashOf(std::span<const TakenSignal>(d->taken).subspan(d->late->firstFile));
            d->settle(d->whole.treeSha);
        }
        std::vector<std::vector<Signal>> perTrial;
        assignSignals(std::move(d->taken), d->trialDirs, perTrial, d->whole.bundleLevel);
        for (std::size_t i = 0; i < perTrial.size() && i < d->rows.size(); ++i)
            d->rows[i].validation = encodeSignals(perTrial[i], d->trialDirs[i]);
        perTrial = {};
        writeWhole(d->whole, [&](sqlite3* db, sqlite3_stmt* ins, sqlite3_stmt* keys) {
            // The columns that are a record's fields come from the record as encoded: the decoder gives back
            // exactly what was encoded (the reopen depends on it).
            for (std::size_t i = 0; i < d->rows.size(); ++i) {
                const TrialRowText& row = d->rows[i];
                const TrialRecord t = decodeTrial(row.record.data(), row.record.size(), d->whole.ctx);
                insertTrialRow(db, ins, keys, static_cast<std::int64_t>(i), t, row, d->whole.ctx);
            }
        });
        d->rows = {};
    };
}

std::function<void()> sayingWhyNot(std::function<void()> write, const std::string& indexPath,
                                   const char* what) {
    return [write = std::move(write), indexPath, what] {
        try {
            write();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "note: trial index %s not %s: %s\n", indexPath.c_str(), what, e.what());
        }
    };
}

// What a partial update changes in an index file (docs/index.md "Partial update"); the written rows are
// inserted by the caller's function, in the order of plan.written.
struct IndexUpdate {
    std::string path;
    PathContext ctx;
    std::size_t trials = 0;
    RowPlan plan; // writtenSignals unused here
    std::vector<Signal> bundleLevel;
    std::vector<ImportProblem> before, after;
    BundleInfo info;
    std::string treeSha;
};

// Updates the index at `u.path` to the trials of a partial update (docs/index.md "Partial update"): a copy of
// the file keeps the rows in `plan.kept` byte for byte (renumbered in place when trials were added or removed
// before them), gets the rows in `plan.written`, the problems, the bundle's own signals and what depends on
// all trials (tree hash, versions, counts), and is renamed over the index.
void updateWhole(const IndexUpdate& u,
                 const std::function<void(sqlite3*, sqlite3_stmt*, sqlite3_stmt*)>& insertWritten) {
    const std::string& path = u.path;
    const PathContext& ctx = u.ctx;
    const RowPlan& plan = u.plan;
    TempIndexFile file(path);
    std::error_code ec;
    fs::copy_file(path, file.name(), ec);
    if (ec) throw InputError("cannot copy " + path + ": " + ec.message());
    Db db = file.open(SQLITE_OPEN_READWRITE);
    exec(db.get(), "BEGIN; CREATE TEMP TABLE kept(old INTEGER PRIMARY KEY, new INTEGER NOT NULL);");
    {
        Stmt c = prepare(db.get(), "INSERT INTO temp.kept VALUES(?, ?)");
        for (const auto& [from, to] : plan.kept) {
            sqlite3_bind_int64(c.get(), 1, from);
            sqlite3_bind_int64(c.get(), 2, to);
            if (sqlite3_step(c.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
            sqlite3_reset(c.get());
        }
    }
    exec(db.get(), "DELETE FROM trials WHERE ord NOT IN (SELECT old FROM temp.kept);"
                   "DELETE FROM reward_keys WHERE ord NOT IN (SELECT old FROM temp.kept);"
                   "DELETE FROM problems; DELETE FROM bundle_files;");
    // Kept rows after trials that came or went get new numbers, one row at a time in an order where the
    // number a row moves to is always free already: the rows moving up from the last, then the rows moving
    // down from the first (old and new numbers rise together). Each row moves next to where it was, so the
    // file does not grow (one UPDATE of all rows through free numbers would leave half of it free pages).
    {
        Stmt move = prepare(db.get(), "UPDATE trials SET ord = ? WHERE ord = ?");
        const auto moveRow = [&](std::int64_t from, std::int64_t to) {
            sqlite3_bind_int64(move.get(), 1, to);
            sqlite3_bind_int64(move.get(), 2, from);
            if (sqlite3_step(move.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
            sqlite3_reset(move.get());
        };
        bool renumbered = false;
        for (auto it = plan.kept.rbegin(); it != plan.kept.rend(); ++it)
            if (it->second > it->first) {
                moveRow(it->first, it->second);
                renumbered = true;
            }
        for (const auto& [from, to] : plan.kept)
            if (to < from) {
                moveRow(from, to);
                renumbered = true;
            }
        if (renumbered)
            exec(db.get(),
                 "UPDATE reward_keys SET ord = (SELECT new FROM temp.kept WHERE old = reward_keys.ord)"
                 " WHERE ord IN (SELECT old FROM temp.kept WHERE old <> new);");
    }
    {
        Stmt ins = prepare(db.get(), kInsertTrial);
        Stmt keys = prepare(db.get(), kInsertRewardKey);
        insertWritten(db.get(), ins.get(), keys.get());
        insertProblems(db.get(), u.before, u.after, ctx);
        insertBundleFiles(db.get(), u.bundleLevel);
        {
            Stmt m = prepare(db.get(), "UPDATE meta SET value = ? WHERE key = ?");
            const std::vector<std::pair<std::string, std::string>> values = {
                {"trials", std::to_string(u.trials)},
                {"jobs", std::to_string(u.info.jobs)},
                {"harbor_versions", joined(u.info.harborVersions, "\n")},
                {"tree_sha256", u.treeSha},
                {"written_by", std::string("vernier ") + VERNIER_VERSION},
                {"written_at", secondsNow()}};
            for (const auto& [k, v] : values) {
                bindText(m.get(), 1, v);
                bindText(m.get(), 2, k);
                if (sqlite3_step(m.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
                sqlite3_reset(m.get());
            }
            Stmt b = prepare(db.get(), "UPDATE bundles SET trials = ?, jobs = ?, harbor_versions = ?");
            sqlite3_bind_int64(b.get(), 1, static_cast<std::int64_t>(u.trials));
            sqlite3_bind_int(b.get(), 2, u.info.jobs);
            bindText(b.get(), 3, joined(u.info.harborVersions, " "));
            if (sqlite3_step(b.get()) != SQLITE_DONE) throw InputError(sqlite3_errmsg(db.get()));
        }
        exec(db.get(), "COMMIT");
    }
    db.reset(); // closed before the rename
    file.commit();
}

void updateIndexFile(const std::string& path, const PathContext& ctx, std::span<const TrialRecord> trials,
                     const std::vector<std::string>& trialDirs, const RowPlan& plan,
                     const std::vector<Signal>& bundleLevel, const std::vector<ImportProblem>& before,
                     const std::vector<ImportProblem>& after, const BundleInfo& info,
                     const std::string& treeSha) {
    IndexUpdate u{path, ctx, trials.size(), {plan.kept, {}, {}}, bundleLevel, before, after, info, treeSha};
    updateWhole(u, [&](sqlite3* db, sqlite3_stmt* ins, sqlite3_stmt* keys) {
        for (std::size_t k = 0; k < plan.written.size(); ++k) {
            const std::size_t i = plan.written[k];
            insertTrialRow(db, ins, keys, static_cast<std::int64_t>(i), trials[i],
                           prepareTrialRow(trials[i], trialDirs[i], *plan.writtenSignals[k], ctx), ctx);
        }
    });
}

std::function<void()> deferIndexUpdate(const std::string& path, const PathContext& ctx,
                                       std::span<const TrialRecord> trials,
                                       const std::vector<std::string>& trialDirs, const RowPlan& plan,
                                       const std::vector<Signal>& bundleLevel,
                                       const std::vector<ImportProblem>& before,
                                       const std::vector<ImportProblem>& after, const BundleInfo& info,
                                       const std::string& treeSha) {
    struct Deferred {
        IndexUpdate update;
        std::vector<std::pair<std::size_t, TrialRowText>> rows; // (ord, row) of the written trials
    };
    auto d = std::make_shared<Deferred>();
    d->update =
        IndexUpdate{path, ctx, trials.size(), {plan.kept, {}, {}}, bundleLevel, before, after, info, treeSha};
    d->update.ctx.zip = nullptr; // a zip's entries are stored by name: nothing is read when writing
    // The written rows encoded now: the records go on to change once they are the result set's.
    d->rows.reserve(plan.written.size());
    for (std::size_t k = 0; k < plan.written.size(); ++k) {
        const std::size_t i = plan.written[k];
        d->rows.emplace_back(i, prepareTrialRow(trials[i], trialDirs[i], *plan.writtenSignals[k], ctx));
    }
    return [d] {
        updateWhole(d->update, [&](sqlite3* db, sqlite3_stmt* ins, sqlite3_stmt* keys) {
            for (const auto& [ord, row] : d->rows) {
                const TrialRecord t = decodeTrial(row.record.data(), row.record.size(), d->update.ctx);
                insertTrialRow(db, ins, keys, static_cast<std::int64_t>(ord), t, row, d->update.ctx);
            }
        });
    };
}

} // namespace vernier::index_store
