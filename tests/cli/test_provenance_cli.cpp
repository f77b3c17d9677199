// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Provenance, safe CSV and the heatmap table (docs/cli.md "Provenance", "provenance", "export"): the block
// of models/provenance_json.h read back by `vernier-cli provenance` from every kind of output (JSON, CSV,
// LaTeX, Markdown, SVG, PDF, PNG); the folder fingerprint against a hand-built hash; formula-looking names
// guarded in CSV (and not with --csv-raw); the per-workflow intervals and the heatmap in every format.
#include <sys/stat.h>
#include <unistd.h>

#include <QByteArray>
#include <QCryptographicHash>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/shell_run.h"
#include "models/provenance_json.h"
#include "models/table_export.h"
#include "vernier_version.h"

using nlohmann::json;
using vernier::test::CliRun;
using vernier::test::runShell;
namespace fs = std::filesystem;

namespace {

const std::string kCli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
const std::string kSource = VERNIER_SOURCE_DIR;
const std::string kResults = kSource + "/resources/sample/results";
const std::string kPack = kSource + "/resources/sample/pack";
const std::string kInputs = "'" + kResults + "' --tasks '" + kPack + "' ";
// Every output of these tests is dated 2023-11-14T22:13:20Z: two runs give the same bytes.
[[maybe_unused]] const bool kFixedDate = ::setenv("SOURCE_DATE_EPOCH", "1700000000", 1) == 0;
constexpr const char* kDate = "2023-11-14T22:13:20Z";

std::string work() {
    static const std::string dir = [] {
        const std::string d = ::testing::TempDir() + "vernier_provenance_cli_" + std::to_string(getpid());
        fs::remove_all(d);
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

CliRun run(const std::string& args) {
    return runShell("VERNIER_CACHE_DIR='" + work() + "/cache' QT_QPA_PLATFORM=offscreen '" + kCli + "' " +
                    args + " 2>/dev/null");
}

CliRun runErr(const std::string& args) {
    CliRun r = runShell("'" + kCli + "' " + args + " 2>&1 >/dev/null");
    r.err = r.out;
    r.out.clear();
    return r;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

// Whether this vernier-cli writes figures: a build without the GUI libraries (the sanitizer build) refuses a
// full export with one line, and exports tables only (--heatmap).
bool exportsFigures() {
    static const bool yes = [] {
        const CliRun r = runErr("export " + kInputs + "--out '" + work() + "/probe' --dpi 72");
        return !(r.exitCode == 2 && r.err.find("without the GUI") != std::string::npos);
    }();
    return yes;
}

// The full export of the sample, once for the whole file.
const std::string& exportDir() {
    static const std::string dir = [] {
        const std::string d = work() + "/export";
        const CliRun r = run("export " + kInputs + "--out '" + d + "' --dpi 72");
        EXPECT_EQ(r.exitCode, 0) << r.out;
        return d;
    }();
    return dir;
}

// The sample's results folder fingerprint, as the leaderboard JSON states it.
std::string sampleTree() {
    const json j = json::parse(run("leaderboard " + kInputs).out);
    return j["inputs"][0]["tree_sha256"].get<std::string>();
}

void expectSampleBlock(const json& b, const std::string& kind, const std::string& tree) {
    SCOPED_TRACE(kind + "\n" + b.dump(2));
    EXPECT_EQ(b["source"]["kind"], kind);
    EXPECT_EQ(b["generator"]["name"], "vernier");
    EXPECT_EQ(b["generator"]["version"], VERNIER_VERSION);
    EXPECT_EQ(b["generator"]["scorer"], "freecad-validator v2 (0.6.0 semantics)");
    EXPECT_FALSE(b["generator"]["git_commit"].get<std::string>().empty());
    EXPECT_FALSE(b["generator"]["occt_version"].get<std::string>().empty());
    EXPECT_FALSE(b["generator"]["qt_version"].get<std::string>().empty());
    ASSERT_EQ(b["inputs"].size(), 2u); // the bundle, then the task pack
    EXPECT_EQ(b["inputs"][0]["path"], kResults);
    EXPECT_EQ(b["inputs"][0]["tree_sha256"], tree);
    EXPECT_EQ(b["inputs"][1]["path"], kPack);
    EXPECT_EQ(b["policy"]["attempts"], "latest");
    EXPECT_EQ(b["policy"]["rewards"], "recorded");
    EXPECT_EQ(b["generated_at"], kDate);
    EXPECT_EQ(b["schema_version"], 1);
}

TEST(ProvenanceCli, RoundTripFromEveryExportKind) {
    if (!exportsFigures()) GTEST_SKIP() << "vernier-cli built without the GUI libraries";
    ASSERT_TRUE(kFixedDate);
    const std::string tree = sampleTree();
    const struct {
        const char* file;
        const char* kind;
    } files[] = {{"leaderboard.json", "json"}, {"heatmap.json", "json"},     {"leaderboard.csv", "csv"},
                 {"heatmap.csv", "csv"},       {"leaderboard.tex", "latex"}, {"heatmap.md", "markdown"},
                 {"heatmap.svg", "svg"},       {"overall.svg", "svg"},       {"heatmap.pdf", "pdf"},
                 {"workflows.pdf", "pdf"},     {"heatmap.png", "png"},       {"overall.png", "png"}};
    for (const auto& f : files) {
        const CliRun r = run("provenance '" + exportDir() + "/" + f.file + "'");
        ASSERT_EQ(r.exitCode, 0) << f.file;
        const json b = json::parse(r.out);
        expectSampleBlock(b, f.kind, tree);
        // Exported files name the command that wrote them.
        EXPECT_NE(b["command"].get<std::string>().find("vernier-cli export"), std::string::npos) << f.file;
    }
    // The report commands' own outputs, written with --out.
    const std::string dir = work() + "/reports/";
    fs::create_directories(dir);
    for (const auto& [format, kind] : std::vector<std::pair<std::string, std::string>>{
             {"json", "json"}, {"csv", "csv"}, {"latex", "latex"}, {"markdown", "markdown"}}) {
        const std::string file = dir + "board." + format;
        ASSERT_EQ(run("leaderboard " + kInputs + "--format " + format + " --out '" + file + "'").exitCode, 0);
        const CliRun r = run("provenance '" + file + "'");
        ASSERT_EQ(r.exitCode, 0) << format;
        expectSampleBlock(json::parse(r.out), kind, tree);
    }
    // The table form names the same facts.
    const CliRun table = run("provenance '" + exportDir() + "/heatmap.png' --format table");
    EXPECT_EQ(table.exitCode, 0);
    EXPECT_NE(table.out.find("generator:     vernier " VERNIER_VERSION), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("tree_sha256 " + tree), std::string::npos) << table.out;
    EXPECT_NE(table.out.find(std::string("generated at:  ") + kDate), std::string::npos) << table.out;
}

TEST(ProvenanceCli, EveryJsonOutputCarriesTheBlock) {
    const std::string fcstd = kSource + "/tests/data/fcstd/";
    const json inspect = json::parse(run("inspect '" + fcstd + "plate_hole.FCStd' --json").out);
    ASSERT_EQ(inspect["inputs"].size(), 1u);
    // The file's SHA-256, computed here from its bytes.
    const std::string bytes = readFile(fcstd + "plate_hole.FCStd");
    const QByteArray sha =
        QCryptographicHash::hash(QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())),
                                 QCryptographicHash::Sha256)
            .toHex();
    EXPECT_EQ(inspect["inputs"][0]["sha256"], sha.toStdString());
    EXPECT_EQ(inspect["schema_version"], 1);
    EXPECT_EQ(inspect["generated_at"], kDate);
    EXPECT_FALSE(inspect.contains("policy")); // one document, no result set
    const json score = json::parse(run("score --reference '" + fcstd + "plate_hole.FCStd' --candidate '" +
                                       fcstd + "plate_hole_moved.FCStd' --json")
                                       .out);
    ASSERT_EQ(score["inputs"].size(), 2u);
    EXPECT_EQ(score["inputs"][0]["sha256"], sha.toStdString());
    EXPECT_EQ(score["scorer"],
              "vernier-native-v2 r1, OCCT " + score["generator"]["occt_version"].get<std::string>());
    const json version = json::parse(run("version --format json").out);
    EXPECT_EQ(version["vernier"], VERNIER_VERSION);
    EXPECT_EQ(version["inputs"], json::array());
    // Two runs, same bytes (the date is fixed, the folder unchanged).
    EXPECT_EQ(run("leaderboard " + kInputs).out, run("leaderboard " + kInputs + "--json").out);
}

TEST(ProvenanceCli, NoBlockIsExitTwoWithOneLine) {
    const std::string plain = work() + "/plain.csv";
    std::ofstream(plain) << "a,b\n1,2\n";
    CliRun r = runErr("provenance '" + plain + "'");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "vernier-cli provenance: " + plain + " (csv) carries no Vernier provenance block\n");
    // A PNG that Vernier did not write (a render baseline has no block).
    const std::string png = kSource + "/tests/data/baselines/render_overlay_self.png";
    r = runErr("provenance '" + png + "'");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("(png) carries no Vernier provenance block"), std::string::npos) << r.err;
    r = runErr("provenance /nonexistent/file.csv");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "vernier-cli provenance: cannot read /nonexistent/file.csv\n");
    const std::string broken = work() + "/broken.json";
    std::ofstream(broken) << "{\"generator\": ";
    r = runErr("provenance '" + broken + "'");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("is not valid JSON"), std::string::npos) << r.err;
}

TEST(ProvenanceCli, TreeHashIsTheSortedListOfPathsSizesAndTimes) {
    const std::string dir = work() + "/tree";
    fs::create_directories(dir + "/sub");
    std::ofstream(dir + "/b.txt") << "bb";
    std::ofstream(dir + "/sub/a.txt") << "aaa";
    const auto line = [&](const std::string& rel) {
        const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                            fs::last_write_time(dir + "/" + rel).time_since_epoch())
                            .count();
        return rel + "\t" + std::to_string(fs::file_size(dir + "/" + rel)) + "\t" + std::to_string(ns) + "\n";
    };
    const std::string listing = line("b.txt") + line("sub/a.txt"); // sorted by path
    const std::string expected =
        QCryptographicHash::hash(QByteArray::fromStdString(listing), QCryptographicHash::Sha256)
            .toHex()
            .toStdString();
    EXPECT_EQ(vernier::treeSha256(dir), expected);
    EXPECT_EQ(vernier::inputJson(dir), json({{"path", dir}, {"tree_sha256", expected}}));
    // Touching a file changes it; a new file changes it; contents are never read (same size, same time:
    // same).
    fs::last_write_time(dir + "/b.txt", fs::last_write_time(dir + "/b.txt") + std::chrono::seconds(5));
    const std::string touched = vernier::treeSha256(dir);
    EXPECT_NE(touched, expected);
    const auto when = fs::last_write_time(dir + "/b.txt");
    std::ofstream(dir + "/b.txt") << "xy";
    fs::last_write_time(dir + "/b.txt", when);
    EXPECT_EQ(vernier::treeSha256(dir), touched);
    std::ofstream(dir + "/c.txt") << "";
    EXPECT_NE(vernier::treeSha256(dir), touched);
    EXPECT_EQ(vernier::inputJson(dir + "/missing"), json({{"path", dir + "/missing"}, {"missing", true}}));
}

// The hash of a folder listed as the trial index lists it (many threads) and of one walked (a symlink
// inside): both the sorted "path\tsize\tmtime" lines of its regular files, hidden ones included, names that
// sort around a folder's '/' in path order, a fifo not counted; a symlinked file counts with its target's
// size and time.
TEST(ProvenanceCli, TreeHashIsTheSameListedOrWalked) {
    const std::string dir = work() + "/tree-listed";
    fs::remove_all(dir);
    for (const char* rel : {"a/x.json", "a-b", "a.txt", ".hidden", "a0/y", "job/trial/verifier/reward.txt"}) {
        fs::create_directories(fs::path(dir + "/" + rel).parent_path());
        std::ofstream(dir + "/" + rel) << rel;
    }
    ASSERT_EQ(::mkfifo((dir + "/pipe").c_str(), 0600), 0);
    const auto hashOf = [&](const std::vector<std::string>& rels) {
        std::vector<std::string> sorted = rels;
        std::sort(sorted.begin(), sorted.end());
        std::string listing;
        for (const std::string& rel : sorted) {
            const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                                fs::last_write_time(dir + "/" + rel).time_since_epoch())
                                .count();
            listing += rel + "\t" + std::to_string(fs::file_size(dir + "/" + rel)) + "\t" +
                       std::to_string(ns) + "\n";
        }
        return QCryptographicHash::hash(QByteArray::fromStdString(listing), QCryptographicHash::Sha256)
            .toHex()
            .toStdString();
    };
    std::vector<std::string> files = {"a/x.json", "a-b",  "a.txt",
                                      ".hidden",  "a0/y", "job/trial/verifier/reward.txt"};
    EXPECT_EQ(vernier::treeSha256(dir), hashOf(files)); // listed
    fs::create_symlink(dir + "/a.txt", dir + "/link.txt");
    files.push_back("link.txt");
    EXPECT_EQ(vernier::treeSha256(dir), hashOf(files)); // walked
}

TEST(ProvenanceCli, CommentLinesReadBack) {
    const json block = vernier::provenanceBlock(3, json::array({{{"path", "a--b"}, {"sha256", "x"}}}));
    for (auto style :
         {vernier::CommentStyle::Csv, vernier::CommentStyle::Latex, vernier::CommentStyle::Markdown}) {
        const std::string text = vernier::withProvenanceComment("x,y\n", block, style);
        EXPECT_EQ(vernier::findProvenance(text), block) << text;
    }
    // No "--" inside the HTML comment: "a--b" is written "a-\u002db" and reads back as "a--b".
    const std::string md = vernier::provenanceComment(block, vernier::CommentStyle::Markdown);
    EXPECT_EQ(md.substr(4, md.size() - 8).find("--"), std::string::npos) << md;
    EXPECT_EQ(vernier::findProvenance("# no block here\n"), std::nullopt);
}

// A copy of tests/data/harbor/job-0.22 whose agent is named =HYPERLINK("x") in every JSON file.
std::string hostileBundle() {
    static const std::string dir = [] {
        const std::string d = work() + "/hostile";
        fs::copy(kSource + "/tests/data/harbor/job-0.22", d, fs::copy_options::recursive);
        for (const auto& e : fs::recursive_directory_iterator(d)) {
            if (e.path().extension() != ".json") continue;
            std::string text = readFile(e.path().string());
            const std::string from = "\"claude-code\"", to = R"x("=HYPERLINK(\"x\")")x";
            for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
                text.replace(at, from.size(), to);
            std::ofstream(e.path(), std::ios::binary | std::ios::trunc) << text;
        }
        return d;
    }();
    return dir;
}

TEST(ProvenanceCli, FormulaNamesExportAsSafeCsv) {
    const std::string inputs = "'" + hostileBundle() + "' --tasks '" + kSource + "/tests/data/harbor/pack' ";
    const std::string csv = run("leaderboard " + inputs + "--csv").out;
    const auto rows = lines(csv);
    ASSERT_EQ(rows.size(), 3u) << csv; // provenance comment, header, one system
    EXPECT_EQ(rows[2].rfind(R"x(1,"'=HYPERLINK(""x"")",claude-opus-5.5,8,)x", 0), 0u) << rows[2];
    // --csv-raw: the cell as it is (still RFC 4180-quoted).
    const auto raw = lines(run("leaderboard " + inputs + "--csv --csv-raw").out);
    ASSERT_EQ(raw.size(), 3u);
    EXPECT_EQ(raw[2].rfind(R"x(1,"=HYPERLINK(""x"")",claude-opus-5.5,8,)x", 0), 0u) << raw[2];
    // The CLI's generic tables (app/cli/results_common.cpp renderTable) guard the same way.
    const auto heat = lines(run("export " + inputs + "--heatmap --format csv").out);
    ASSERT_EQ(heat.size(), 3u);
    EXPECT_EQ(heat[2].rfind(R"x("'=HYPERLINK(""x"")/claude-opus-5.5",)x", 0), 0u) << heat[2];
    const auto heatRaw = lines(run("export " + inputs + "--heatmap --format csv --csv-raw").out);
    ASSERT_EQ(heatRaw.size(), 3u);
    EXPECT_EQ(heatRaw[2].rfind(R"x("=HYPERLINK(""x"")/claude-opus-5.5",)x", 0), 0u) << heatRaw[2];
    // The exported folder's tables too.
    if (!exportsFigures()) return; // a build without the GUI libraries has no full export
    const std::string out = work() + "/hostile-export";
    ASSERT_EQ(run("export " + inputs + "--out '" + out + "' --dpi 72").exitCode, 0);
    EXPECT_NE(readFile(out + "/leaderboard.csv").find(R"x(1,"'=HYPERLINK(""x"")",)x"), std::string::npos);
    EXPECT_NE(readFile(out + "/trials.csv").find(R"x("'=HYPERLINK(""x"")x"), std::string::npos);
}

TEST(ProvenanceCli, CsvFieldQuotingAndGuard) {
    using vernier::csvField;
    EXPECT_EQ(csvField("plain"), "plain");
    EXPECT_EQ(csvField("a\rb"), "\"a\rb\""); // a bare CR is quoted
    EXPECT_EQ(csvField("a\nb"), "\"a\nb\"");
    EXPECT_EQ(csvField("a,b"), "\"a,b\"");
    EXPECT_EQ(csvField("=1+2"), "'=1+2");
    EXPECT_EQ(csvField("+x"), "'+x");
    EXPECT_EQ(csvField("-x"), "'-x");
    EXPECT_EQ(csvField("@SUM(A1)"), "'@SUM(A1)");
    EXPECT_EQ(csvField("\tx"), "'\tx");
    EXPECT_EQ(csvField("\rx"), "\"'\rx\"");
    EXPECT_EQ(csvField("-12.5"), "-12.5"); // numbers stay numbers
    EXPECT_EQ(csvField("+3"), "+3");
    vernier::setCsvRaw(true);
    EXPECT_EQ(csvField("=1+2"), "=1+2");
    EXPECT_EQ(csvField("\rx"), "\"\rx\"");
    vernier::setCsvRaw(false);
}

TEST(ProvenanceCli, LeaderboardCarriesPerWorkflowIntervals) {
    const json j = json::parse(run("leaderboard " + kInputs).out);
    const auto csv = lines(run("leaderboard " + kInputs + "--csv").out);
    ASSERT_EQ(csv.size(), 6u); // provenance, header, four systems
    EXPECT_EQ(
        csv[1].substr(csv[1].find(",overall_method")),
        ",overall_method,creation_ci95_lo,creation_ci95_hi,create_and_edit_ci95_lo,create_and_edit_ci95_hi,"
        "image_to_cad_ci95_lo,image_to_cad_ci95_hi");
    // claude-code/claude-opus-5.5: creation [55.43, 100.00], create_and_edit [100, 100], image_to_cad [0,
    // 100] in the JSON and in the CSV.
    const json& top = j["systems"][0];
    EXPECT_EQ(top["system"], "claude-code/claude-opus-5.5");
    EXPECT_NEAR(top["creation_ci95"][0].get<double>(), 55.43, 0.005);
    EXPECT_EQ(top["create_and_edit_ci95"], json::array({100.0, 100.0}));
    EXPECT_EQ(top["image_to_cad_ci95"], json::array({0.0, 100.0}));
    EXPECT_NE(csv[2].find("mean of per-task rewards,55.43,100.00,100.00,100.00,0.00,100.00"),
              std::string::npos)
        << csv[2];
    const std::string tex = run("leaderboard " + kInputs + "--latex").out;
    EXPECT_NE(tex.find("85.14 & [55.43, 100.00] & 100.00 & [100.00, 100.00] & 51.51 & [0.00, 100.00]"),
              std::string::npos)
        << tex;
    const std::string md = run("leaderboard " + kInputs + "--format markdown").out;
    EXPECT_NE(md.find("| creation_ci95_lo | creation_ci95_hi |"), std::string::npos) << md;
}

TEST(ProvenanceCli, HeatmapInEveryFormat) {
    const json j = json::parse(run("export " + kInputs + "--heatmap --format json").out);
    ASSERT_EQ(j["tasks"].size(), 9u);
    ASSERT_EQ(j["systems"].size(), 4u);
    EXPECT_EQ(j["units"], "points");
    EXPECT_EQ(j["rewards"], "recorded");
    // Tasks grouped by workflow: three creation, three create_and_edit, three image_to_cad.
    for (std::size_t i = 0; i < 9; ++i)
        EXPECT_EQ(j["tasks"][i]["workflow"], i < 3 ? "creation" : i < 6 ? "create_and_edit" : "image_to_cad");
    // The leaderboard's numbers are the row means: claude-code/claude-opus-5.5 overall 78.89, creation 85.14.
    const json& top = j["systems"][0];
    EXPECT_EQ(top["system"], "claude-code/claude-opus-5.5");
    double all = 0, creation = 0;
    for (std::size_t i = 0; i < 9; ++i) {
        all += top["points"][i].get<double>();
        if (i < 3) creation += top["points"][i].get<double>();
    }
    EXPECT_NEAR(all / 9, 78.885108, 1e-5);
    EXPECT_NEAR(creation / 3, 85.144138, 1e-5);

    const auto csv = lines(run("export " + kInputs + "--heatmap --format csv").out);
    ASSERT_EQ(csv.size(), 6u); // provenance, header, four systems
    EXPECT_EQ(csv[0].rfind("# vernier-provenance: {", 0), 0u);
    EXPECT_EQ(csv[1].rfind("system," + j["tasks"][0]["task_id"].get<std::string>() + ",", 0), 0u) << csv[1];
    EXPECT_EQ(csv[2].rfind("claude-code/claude-opus-5.5,", 0), 0u) << csv[2];
    const std::string tex = run("export " + kInputs + "--heatmap --format latex").out;
    EXPECT_EQ(tex.rfind("% vernier-provenance: {", 0), 0u);
    EXPECT_NE(tex.find("\\begin{tabular}"), std::string::npos);
    EXPECT_NE(tex.find("claude-code/claude-opus-5.5 & "), std::string::npos) << tex;
    const auto md = lines(run("export " + kInputs + "--heatmap --format markdown").out);
    ASSERT_EQ(md.size(), 7u); // provenance, header, rule, four systems
    EXPECT_EQ(md[0].rfind("<!-- vernier-provenance: {", 0), 0u);
    EXPECT_EQ(md[1].rfind("| system | ", 0), 0u);
    const std::string table = run("export " + kInputs + "--heatmap --format table").out;
    EXPECT_NE(table.find("Reward per task in points (recorded rewards)"), std::string::npos) << table;
    // --out writes the file; the full export wrote the same table beside the figure.
    const std::string file = work() + "/heat.csv";
    ASSERT_EQ(run("export " + kInputs + "--heatmap --csv --out '" + file + "'").exitCode, 0);
    EXPECT_EQ(lines(readFile(file)).size(), 6u);
    if (exportsFigures())
        for (const char* name : {"heatmap.csv", "heatmap.tex", "heatmap.md", "heatmap.json", "heatmap.svg"})
            EXPECT_TRUE(fs::exists(exportDir() + "/" + name)) << name;
    // A filter narrows it: --workflow creation leaves three tasks.
    const json creationOnly = json::parse(run("export " + kInputs + "--heatmap --workflow creation").out);
    EXPECT_EQ(creationOnly["tasks"].size(), 3u);
    EXPECT_EQ(creationOnly["policy"]["filters"]["workflows"], json::array({"creation"}));
    // --format without --heatmap is a mistake (a full export writes every format).
    EXPECT_EQ(runErr("export " + kInputs + "--out '" + work() + "/x' --format csv").exitCode, 2);
}

} // namespace
