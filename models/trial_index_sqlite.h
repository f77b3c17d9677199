// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The trial index's SQLite layer: handles that close themselves, statement helpers that turn errors into
// InputError, and the schema (docs/index.md "Schema"). Internal to models/trial_index.cpp.
#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "scoring/errors.h"

namespace vernier::index_sqlite {

struct DbCloser {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;

struct StmtFinalizer {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Stmt = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

inline Stmt prepare(sqlite3* db, const char* sql) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
        throw InputError(std::string("index: ") + sqlite3_errmsg(db));
    return Stmt(s);
}

inline void exec(sqlite3* db, const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string why = err ? err : "error";
        sqlite3_free(err);
        throw InputError("index: " + why);
    }
}

inline int pragmaInt(sqlite3* db, const char* sql) {
    Stmt s = prepare(db, sql);
    if (sqlite3_step(s.get()) != SQLITE_ROW) throw InputError(sqlite3_errmsg(db));
    return sqlite3_column_int(s.get(), 0);
}

inline std::string columnText(sqlite3_stmt* s, int i) {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s, i));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(s, i))) : std::string();
}

// SQLite copies the text unless told SQLITE_STATIC: then `v` must outlive the statement's next step.
inline void bindText(sqlite3_stmt* s, int i, const std::string& v,
                     sqlite3_destructor_type lifetime = SQLITE_TRANSIENT) {
    sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()), lifetime);
}
inline void bindOpt(sqlite3_stmt* s, int i, const std::optional<double>& v) {
    if (v)
        sqlite3_bind_double(s, i, *v);
    else
        sqlite3_bind_null(s, i);
}
inline void bindOpt(sqlite3_stmt* s, int i, const std::optional<std::int64_t>& v) {
    if (v)
        sqlite3_bind_int64(s, i, *v);
    else
        sqlite3_bind_null(s, i);
}
inline void bindTextOrNull(sqlite3_stmt* s, int i, const std::string& v,
                           sqlite3_destructor_type lifetime = SQLITE_TRANSIENT) {
    if (v.empty())
        sqlite3_bind_null(s, i);
    else
        bindText(s, i, v, lifetime);
}

// The schema of user_version 1 (docs/index.md "Schema").
inline constexpr const char* kSchema = R"sql(
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

} // namespace vernier::index_sqlite
