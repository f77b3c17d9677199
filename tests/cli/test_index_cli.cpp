// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli index BUNDLE... --db FILE` (docs/index.md): writes an SQLite file users can query — the mean
// reward per system of the ablation fixture (tests/data/harbor/README.md "ablation") comes out of plain SQL —
// and `--no-index` keeps the leaderboard's output while writing no index.
#include <sqlite3.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/shell_run.h"

namespace fs = std::filesystem;
using nlohmann::json;
using vernier::test::CliRun;
using vernier::test::runShell;

namespace {

const std::string kCli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
const std::string kHarbor = std::string(VERNIER_TEST_DATA_DIR) + "/harbor";

struct Scratch {
    fs::path path;
    Scratch() {
        char tmpl[] = "/tmp/vernier-index-cli-XXXXXX";
        path = mkdtemp(tmpl);
    }
    ~Scratch() { fs::remove_all(path); }
};

CliRun run(const Scratch& s, const std::string& args) {
    // A fixed date (docs/cli.md "Provenance block") makes two runs' outputs comparable byte for byte.
    return runShell("SOURCE_DATE_EPOCH=1700000000 VERNIER_CACHE_DIR='" + (s.path / "cache").string() + "' '" +
                    kCli + "' " + args + " 2>/dev/null");
}

// Rows of `sql` as "a|b|c" lines.
std::string query(const std::string& db, const std::string& sql) {
    sqlite3* h = nullptr;
    std::string out;
    if (sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) return "cannot open";
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(h, sql.c_str(), -1, &st, nullptr) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            for (int c = 0; c < sqlite3_column_count(st); ++c) {
                const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(st, c));
                out += (c ? "|" : "") + std::string(t ? t : "NULL");
            }
            out += "\n";
        }
    } else {
        out = sqlite3_errmsg(h);
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return out;
}

} // namespace

TEST(IndexCli, WritesAQueryableIndex) {
    Scratch s;
    const std::string db = (s.path / "trials.sqlite").string();
    const CliRun r = run(s, "index '" + kHarbor + "/ablation' --db '" + db + "' --json");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const json j = json::parse(r.out);
    EXPECT_EQ(j.at("schema_version"), 1);
    EXPECT_EQ(j.at("written").at(0).at("db"), db);
    EXPECT_EQ(query(db, "PRAGMA user_version"), "1\n");
    EXPECT_EQ(query(db, "SELECT COUNT(*) FROM trials"), "8\n");
    // The mean reward per agent and model, by hand from the README's table:
    // claude-code: (0.7866550762942912 + 1.0 + 0.2602877006845807 + 0.0) / 4 = 0.511735694244718
    // codex:       (0.5490099204598073 + 0.35463166127791296 + 1.0 + 0.0) / 4 = 0.4759103954344301
    EXPECT_EQ(query(db,
                    "SELECT agent, model, COUNT(*), printf('%.12f', AVG(COALESCE(reward, 0))) FROM trials "
                    "WHERE load_error IS NULL GROUP BY agent, model ORDER BY agent"),
              "claude-code|claude-opus-5.5|4|0.511735694245\ncodex|gpt-6-astra|4|0.475910395434\n");
    EXPECT_EQ(query(db, "SELECT COUNT(DISTINCT job_id) FROM trials"), "4\n");
    EXPECT_EQ(query(db, "SELECT reward FROM trials WHERE folder LIKE '%freecad-413c26b17a__FPRfm5s'"),
              "1.0\n");
}

TEST(IndexCli, SeveralBundlesInOneFile) {
    Scratch s;
    const std::string db = (s.path / "all.sqlite").string();
    const CliRun r = run(s, "index '" + kHarbor + "/ablation' '" + kHarbor + "/job-0.22' --db '" + db + "'");
    ASSERT_EQ(r.exitCode, 0);
    EXPECT_EQ(query(db, "SELECT COUNT(*) FROM bundles"), "2\n");
    // ord continues across the bundles: 0..n-1 without gaps.
    EXPECT_EQ(query(db, "SELECT COUNT(*) = MAX(ord) + 1 FROM trials"), "1\n");
    EXPECT_EQ(query(db, "SELECT SUM(trials) = (SELECT COUNT(*) FROM trials) FROM bundles"), "1\n");
    // Never taken as one bundle's import cache.
    EXPECT_EQ(query(db, "SELECT value FROM meta WHERE key = 'bundle_path'"), "\n");
}

TEST(IndexCli, BadInputIsOneLine) {
    Scratch s;
    const CliRun missing =
        run(s, "index '" + (s.path / "nope").string() + "' --db '" + (s.path / "x").string() + "'");
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_EQ(run(s, "index").exitCode, 2);
    EXPECT_FALSE(fs::exists(s.path / "x"));
}

TEST(IndexCli, LeaderboardIsTheSameWithAndWithoutIndex) {
    Scratch s;
    const std::string args = "leaderboard '" + kHarbor + "/ablation' --tasks '" + kHarbor + "/pack' --json";
    const CliRun plain = run(s, args + " --no-index");
    ASSERT_EQ(plain.exitCode, 0);
    EXPECT_FALSE(fs::exists(s.path / "cache/index")) << "--no-index wrote an index";
    const CliRun first = run(s, args);
    const CliRun again = run(s, args);
    EXPECT_TRUE(fs::exists(s.path / "cache/index"));
    EXPECT_EQ(first.out, plain.out);
    EXPECT_EQ(again.out, plain.out);
}
