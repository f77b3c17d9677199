// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The committed corpus of broken inputs (tests/data/hostile, issue 8) through `vernier-cli inspect`,
// `score` and `leaderboard`: exit 2 with a one-line reason for a bad file, and a bundle with broken
// trials still lists the good ones and names the bad ones. Hostile inputs too big or too odd to commit
// (100k entries, non-UTF-8 folder names, symlinks) are made here.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/fcstd_mutate.h"
#include "support/zip_writer.h"
#include "worker/rescoring.h"

using namespace vernier;
using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

namespace fs = std::filesystem;

const fs::path kHostile = fs::path(VERNIER_TEST_DATA_DIR) / "hostile";
const fs::path kPack = fs::path(VERNIER_SOURCE_DIR) / "resources/sample/pack";
const fs::path kGood = fs::path(VERNIER_TEST_DATA_DIR) / "fcstd/box_additive.FCStd";

struct CliRun {
    int exitCode = -1;
    std::string out, err;
    int errLines() const {
        int n = 0;
        for (char c : err)
            n += c == '\n';
        return n;
    }
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

fs::path scratch() {
    static const fs::path dir = [] {
        fs::path d = fs::temp_directory_path() / ("vernier-hostile-cli-" + std::to_string(::getpid()));
        fs::remove_all(d);
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string cliPath() {
    return std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
}

// Runs vernier-cli with a private cache directory; stdout and stderr captured.
CliRun cli(const std::vector<std::string>& args) {
    std::string cmd = "VERNIER_CACHE_DIR=" + quote((scratch() / "cache").string()) + " " + quote(cliPath());
    for (const auto& a : args)
        cmd.append(" ").append(quote(a)); // not " " + …: GCC 12's -Wrestrict misfires on it
    const fs::path out = scratch() / "stdout.txt", err = scratch() / "stderr.txt";
    cmd += " >" + quote(out.string()) + " 2>" + quote(err.string());
    const int status = std::system(cmd.c_str());
    CliRun r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

// box_additive.FCStd with its PartShape.brp replaced by the raw BREP at `brep` (a fuzz finding), written to
// the scratch folder as `name`.
fs::path documentWithShape(const fs::path& brep, const std::string& name) {
    const std::string shape = slurp(brep);
    const fs::path doc = scratch() / name;
    std::ofstream(doc, std::ios::binary)
        << test::mutateFixture("box_additive.FCStd", [&](const std::string& n, std::string b) {
               return std::make_optional(std::make_pair(n, n == "PartShape.brp" ? shape : b));
           });
    return doc;
}

// One corpus document and the reason `inspect` must give for it.
struct BadDocument {
    const char* file;
    const char* reason;
};

std::ostream& operator<<(std::ostream& os, const BadDocument& d) {
    return os << d.file;
}

const BadDocument kBadDocuments[] = {
    {"not_a_zip.FCStd", "not a zip"},
    {"empty_file.FCStd", "not a zip"},
    {"truncated.FCStd", "not a zip"},
    {"no_document_xml.FCStd", "no Document.xml"},
    {"malformed_xml.FCStd", "Document.xml is malformed"},
    {"deep_xml.FCStd", "nests deeper than 64"},
    {"missing_shape.FCStd", "of object 'Body' is missing"},
    {"corrupt_shape.FCStd", "not a BREP shape"},
    {"truncated_shape.FCStd", "corrupt BREP"},
    {"path_traversal.FCStd", "escapes the archive"},
    {"zip_bomb.FCStd", "compression ratio above 200:1"},
    {"brep_huge_count.FCStd", "corrupt BREP"},
    {"zip_bomb_declared.FCStd", "uncompressed (limit 512 MiB)"},
    {"non_utf8_names.FCStd", "no Document.xml"},
};

class HostileDocument : public ::testing::TestWithParam<BadDocument> {};

TEST_P(HostileDocument, InspectExitsTwoWithItsOneLineReason) {
    const fs::path file = kHostile / "fcstd" / GetParam().file;
    ASSERT_TRUE(fs::exists(file)) << file;
    const CliRun r = cli({"inspect", file.string(), "--json"});
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_THAT(r.err, HasSubstr(GetParam().reason));
    EXPECT_EQ(r.errLines(), 1) << r.err;
    EXPECT_EQ(r.out, "");
}

TEST_P(HostileDocument, ScoreExitsTwoAsCandidateAndAsReference) {
    const fs::path file = kHostile / "fcstd" / GetParam().file;
    for (const auto& [ref, cand] : {std::pair{kGood, file}, std::pair{file, kGood}}) {
        const CliRun r = cli({"score", "--reference", ref.string(), "--candidate", cand.string(), "--json"});
        EXPECT_EQ(r.exitCode, 2) << ref << " vs " << cand << ": " << r.err;
        EXPECT_THAT(r.err, HasSubstr(GetParam().reason));
        EXPECT_EQ(r.errLines(), 1) << r.err;
    }
}

INSTANTIATE_TEST_SUITE_P(Corpus, HostileDocument, ::testing::ValuesIn(kBadDocuments), [](const auto& info) {
    std::string n = info.param.file;
    return n.substr(0, n.find('.'));
});

// Every committed document is covered by the table above (a new corpus file needs its reason).
TEST(HostileCorpus, EveryCommittedDocumentHasAnExpectedReason) {
    std::set<std::string> listed;
    for (const auto& d : kBadDocuments)
        listed.insert(d.file);
    listed.insert("empty_shape.FCStd"); // a stored empty shape is a null shape: see EmptyShapeIsAGate
    for (const auto& e : fs::directory_iterator(kHostile / "fcstd"))
        EXPECT_EQ(listed.count(e.path().filename().string()), 1u) << e.path();
}

// FreeCAD itself stores a null shape as an empty file, so an empty Body shape is a readable document whose
// body is empty: the geometry gate answers it (a score of 0 with a reason), not a bad-input exit.
TEST(HostileCorpus, EmptyShapeIsAGateNotAnInputError) {
    const CliRun r = cli({"inspect", (kHostile / "fcstd/empty_shape.FCStd").string(), "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_TRUE(j["gate"].is_object()) << r.out;
    EXPECT_FALSE(j["gate"]["reason"].get<std::string>().empty());
}

TEST(HostileCorpus, HundredThousandEntryZipIsRefusedBeforeReading) {
    std::vector<test::ZipItem> items;
    items.reserve(100000);
    for (int i = 0; i < 100000; ++i)
        items.push_back(test::storedItem(std::string("e").append(std::to_string(i)), "")); // see cli()
    const fs::path zip = scratch() / "entries_100k.FCStd";
    std::ofstream(zip, std::ios::binary) << test::buildZip(items);
    const CliRun r = cli({"inspect", zip.string(), "--json"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_THAT(r.err, HasSubstr("100000 entries (limit 20000)"));
    EXPECT_EQ(r.errLines(), 1) << r.err;
}

// The fuzz_brep finding under a memory limit (as on a machine without overcommit): OCCT's allocation for
// the absurd count fails and the reader turns that into the reason, not a crash.
TEST(HostileCorpus, AbsurdBrepCountsUnderAMemoryLimitExitTwo) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "ASan reserves terabytes of shadow memory: ulimit -v cannot apply";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    GTEST_SKIP() << "ASan reserves terabytes of shadow memory: ulimit -v cannot apply";
#endif
#endif
    const fs::path err = scratch() / "ulimit-stderr.txt";
    const std::string cmd = "ulimit -v 3000000; " + quote(cliPath()) + " inspect " +
                            quote((kHostile / "fcstd/brep_huge_count.FCStd").string()) +
                            " --json >/dev/null 2>" + quote(err.string());
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2);
    EXPECT_THAT(slurp(err), HasSubstr("corrupt BREP"));
}

// fuzz_brep findings (tests/data/hostile/fuzz-dos/): a binary BREP curve whose pole count OCCT allocates and
// fills before noticing the data is missing. Without a memory limit a 4 KB document grows vernier-cli to all
// the machine's memory (21-23 GB, then the OOM killer, after ~100 s); under `ulimit -v` OCCT throws
// Standard_OutOfMemory and the reader answers "corrupt BREP". The answer must come quickly with no limit
// set by the caller (a cap below the allocation would hide the bug), so the run is killed after 5 s
// (~1 GB at the observed growth rate) rather than left to hurt the machine.
TEST(HostileCorpus, AbsurdBrepPoleCountAnswersQuicklyWithoutExhaustingMemory) {
#if defined(__SANITIZE_ADDRESS__)
    // The CLI of a sanitizer build runs without the address-space cap (ASan reserves terabytes of it),
    // so this input would really allocate what it claims: the guard is tested in the normal build.
    GTEST_SKIP() << "address-space cap is off under AddressSanitizer";
#endif
    const fs::path dos = kHostile / "fuzz-dos/fuzz_brep";
    ASSERT_TRUE(fs::exists(dos));
    const fs::path first = *fs::directory_iterator(dos);
    const fs::path doc = documentWithShape(first, "brep_pole_count.FCStd");
    const fs::path err = scratch() / "dos-stderr.txt";
    const std::string cmd = "timeout -s KILL 5 " + quote(cliPath()) + " inspect " + quote(doc.string()) +
                            " --json >/dev/null 2>" + quote(err.string());
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2) << first << " (137: still running after 5 s)";
    EXPECT_THAT(slurp(err), HasSubstr("corrupt BREP"));
}

// fuzz_brep findings that make OCCT itself segfault (tests/data/hostile/fuzz-crash/): a candidate document
// must be a bad-input answer, never a crashed CLI (or GUI: the trial inspector loads documents in-process).
// Fails today with 139 (SIGSEGV).
TEST(HostileCorpus, BrepThatCrashesOcctExitsTwo) {
#if defined(__SANITIZE_ADDRESS__)
    // OCCT turns this access violation into an exception thrown from its signal handler; the objects it
    // was building are never freed, which LeakSanitizer reports at exit. Tested in the normal build.
    GTEST_SKIP() << "OCCT's signal-to-exception path leaks by design under LeakSanitizer";
#endif
    for (const auto& e : fs::directory_iterator(kHostile / "fuzz-crash")) {
        if (e.path().extension() == ".md") continue;
        const fs::path doc = documentWithShape(e.path(), "occt_crash.FCStd");
        const CliRun r = cli({"inspect", doc.string(), "--json"});
        EXPECT_EQ(r.exitCode, 2) << e.path() << " (139: SIGSEGV)";
        EXPECT_THAT(r.err, HasSubstr("corrupt BREP")) << e.path();
    }
}

// fuzz_brep findings that make OCCT loop inside one call (tests/data/hostile/fuzz-hang/): the command line
// reads documents in its own process, so `inspect`, `score` and `render` end at their --timeout with exit 2
// and a one-line reason instead of running until killed (scoring/process_guard.h). The outer
// `timeout -s KILL 60` only keeps a regression from hanging the suite (137).
TEST(HostileCorpus, BrepThatMakesOcctLoopEndsAtTheTimeout) {
    int seen = 0;
    for (const auto& e : fs::directory_iterator(kHostile / "fuzz-hang")) {
        if (e.path().extension() == ".md") continue;
        const fs::path doc = documentWithShape(e.path(), "occt_hang.FCStd");
        const std::vector<std::vector<std::string>> runs = {
            {"inspect", doc.string(), "--json", "--timeout", "2"},
            {"score", "--reference", kGood.string(), "--candidate", doc.string(), "--json", "--timeout",
             "2"}};
        for (const auto& args : runs) {
            std::vector<std::string> killed = {"60", cliPath()};
            killed.insert(killed.end(), args.begin(), args.end());
            std::string cmd = "timeout -s KILL";
            for (const auto& a : killed)
                cmd.append(" ").append(quote(a));
            const fs::path out = scratch() / "hang-stdout.txt", err = scratch() / "hang-stderr.txt";
            cmd += " >" + quote(out.string()) + " 2>" + quote(err.string());
            const int status = std::system(cmd.c_str());
            ASSERT_TRUE(WIFEXITED(status)) << e.path();
            EXPECT_EQ(WEXITSTATUS(status), 2)
                << e.path() << " " << args.front() << " (137: still running at 60 s)";
            const std::string why = slurp(err);
            EXPECT_THAT(why, HasSubstr("vernier-cli " + args.front() + ": ")) << why;
            EXPECT_THAT(why, HasSubstr("did not finish within 2 s (--timeout)")) << why;
            EXPECT_EQ(std::count(why.begin(), why.end(), '\n'), 1) << why;
            EXPECT_EQ(slurp(out), "") << "nothing of a result is printed";
        }
        ++seen;
    }
    EXPECT_EQ(seen, 4);
}

// The deadline does not touch a document that reads in time, and its value is checked like any other.
TEST(HostileCorpus, ReadTimeoutIsAnOrdinaryOption) {
    const CliRun ok = cli({"inspect", kGood.string(), "--json", "--timeout", "60"});
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
    EXPECT_EQ(json::parse(ok.out)["scored_body"], "Body");
    const CliRun bad = cli({"inspect", kGood.string(), "--timeout", "0"});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_THAT(bad.err, HasSubstr("--timeout must be an integer in [1, 86400]"));
}

TEST(HostileCorpus, BrokenSpecFilesExitTwo) {
    const std::pair<const char*, const char*> specs[] = {
        {"invalid.json", "invalid.json: invalid JSON"},
        {"not_object.json", "not_object.json: spec must be a JSON object"},
        {"key_parameters_number.json", "key_parameters must be a string or an object"},
        {"deep.json", "deep.json: spec must be a JSON object"},
        {"not_utf8.json", "not_utf8.json: invalid JSON"},
    };
    for (const auto& [spec, reason] : specs) {
        const CliRun r = cli({"score", "--reference", kGood.string(), "--candidate", kGood.string(), "--spec",
                              (kHostile / "json" / spec).string(), "--json"});
        EXPECT_EQ(r.exitCode, 2) << spec << ": " << r.err;
        EXPECT_THAT(r.err, HasSubstr(reason)) << spec;
        EXPECT_EQ(r.errLines(), 1) << spec << ": " << r.err;
    }
}

TEST(HostileCorpus, OversizedSpecFileExitsTwo) {
    const fs::path spec = scratch() / "huge_spec.json";
    std::ofstream(spec) << "{\"name\": \"x\", \"key_parameters\": \"" << std::string(5u << 20, 'a') << "\"}";
    const CliRun r = cli({"score", "--reference", kGood.string(), "--candidate", kGood.string(), "--spec",
                          spec.string(), "--json"});
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_THAT(r.err, HasSubstr("huge_spec.json: spec file larger than 4 MiB"));
    EXPECT_EQ(r.errLines(), 1) << r.err;
}

// The bundle's broken trials, by folder, with the reason each must be listed with.
const std::pair<const char*, const char*> kBrokenTrials[] = {
    {"freecad-deee5c3830__invalid_json", "result.json: not valid JSON"},
    {"freecad-deee5c3830__result_array", "result.json: not a JSON object"},
    {"freecad-deee5c3830__reward_string", "\"reward\" is not a number"},
    {"freecad-deee5c3830__reward_no_key", "no \"reward\" key"},
    {"freecad-deee5c3830__reward_txt_words", "reward.txt: not a number"},
    {"freecad-deee5c3830__reward_infinite", "reward.json"},
};

json leaderboardOf(const std::vector<std::string>& bundles, CliRun* run) {
    std::vector<std::string> args = {"leaderboard"};
    args.insert(args.end(), bundles.begin(), bundles.end());
    for (const char* a : {"--tasks", kPack.c_str(), "--json"})
        args.push_back(a);
    *run = cli(args);
    EXPECT_EQ(run->exitCode, 0) << run->err;
    return run->exitCode == 0 ? json::parse(run->out) : json();
}

const json* systemNamed(const json& board, const std::string& agent) {
    if (!board.is_object()) return nullptr;
    for (const auto& s : board["systems"])
        if (s["agent"] == agent) return &s;
    return nullptr;
}

TEST(HostileBundle, LeaderboardListsTheGoodTrialsAndNamesTheBadOnes) {
    CliRun r;
    const json board = leaderboardOf({(kHostile / "bundle/job-hostile").string()}, &r);
    const json* good = systemNamed(board, "hostile-agent");
    ASSERT_NE(good, nullptr) << r.out;
    EXPECT_EQ((*good)["n_trials"], 2); // only the two good trials count
    // Good trials: 0.75 on a creation task and 0.5 on another; overall is over the suite, so check creation.
    ASSERT_TRUE((*good)["creation"].is_number());
    const json* answers = systemNamed(board, "hostile-answers");
    ASSERT_NE(answers, nullptr); // broken answer documents do not stop the recorded rewards loading
    EXPECT_EQ((*answers)["n_trials"], 3);
    for (const auto& [folder, reason] : kBrokenTrials) {
        bool named = false;
        std::istringstream lines(r.err);
        for (std::string line; std::getline(lines, line);)
            if (line.find(folder) != std::string::npos && line.find(reason) != std::string::npos)
                named = true;
        EXPECT_TRUE(named) << folder << " with '" << reason << "' not in:\n" << r.err;
    }
}

TEST(HostileBundle, ABundleThatIsItselfHostileExitsTwo) {
    for (const char* f : {"zip_bomb.FCStd", "truncated.FCStd", "path_traversal.FCStd"}) {
        const fs::path zip = scratch() / (std::string(f) + ".zip");
        fs::copy_file(kHostile / "fcstd" / f, zip, fs::copy_options::overwrite_existing);
        const CliRun r = cli({"leaderboard", zip.string(), "--tasks", kPack.string(), "--json"});
        EXPECT_EQ(r.exitCode, 2) << f << ": " << r.err;
        EXPECT_THAT(r.err, HasSubstr(zip.filename().string()));
        EXPECT_EQ(r.errLines(), 1) << r.err;
    }
}

// Folder names are untrusted bytes too: a submission whose agent folder is not UTF-8 must not break the
// JSON output (which must be valid UTF-8). Found by this test: nlohmann's dump() throws type_error 316 on
// the agent name taken from the path, so the leaderboard exits 1 ("internal error").
TEST(HostileBundle, NonUtf8FolderNamesDoNotBreakTheJson) {
    const fs::path runs = scratch() / "nonutf8" / "runs";
    const fs::path trial = runs / "agent\xff\xfe" / "model\xc3\x28" / "freecad-578850b93a";
    fs::create_directories(trial);
    std::ofstream(trial / "reward.json") << "{\"reward\": 0.5}";
    std::ofstream(trial / "result.json") << "{\"task_name\": \"gnucleus-ai/freecad-578850b93a\"}";
    CliRun r;
    const json board = leaderboardOf({runs.string()}, &r);
    ASSERT_EQ(r.exitCode, 0);
    ASSERT_EQ(board["systems"].size(), 1u) << r.out;
    EXPECT_EQ(board["systems"][0]["n_trials"], 1);
}

// Linux file names are bytes: a document whose name is not UTF-8 is still read (found by this test: the
// path went through QString::fromStdString and came back as "no such file").
TEST(HostileCorpus, NonUtf8FileNameIsRead) {
    const fs::path file = scratch() / "box\xff\xfe.FCStd";
    fs::copy_file(kGood, file, fs::copy_options::overwrite_existing);
    const CliRun r = cli({"inspect", file.string(), "--json"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST(HostileBundle, SymlinkLeavingTheBundleIsNotFollowed) {
    const fs::path root = scratch() / "symlinked";
    fs::remove_all(root);
    fs::create_directories(root);
    fs::copy(kHostile / "bundle/job-hostile", root / "job", fs::copy_options::recursive);
    // A trial folder whose result.json is a link to a file outside the bundle.
    const fs::path outside = scratch() / "outside-result.json";
    std::ofstream(outside) << "{\"task_name\": \"gnucleus-ai/freecad-deee5c3830\", \"agent_info\": "
                              "{\"name\": \"escaped\", \"model_info\": {\"name\": \"m\"}}}";
    fs::create_directories(root / "job/freecad-deee5c3830__escape/verifier");
    fs::create_symlink(outside, root / "job/freecad-deee5c3830__escape/result.json");
    std::ofstream(root / "job/freecad-deee5c3830__escape/verifier/reward.json") << "{\"reward\": 1.0}";
    CliRun r;
    const json board = leaderboardOf({(root / "job").string()}, &r);
    EXPECT_EQ(systemNamed(board, "escaped"), nullptr) << r.out;
    EXPECT_THAT(r.err, HasSubstr("symlink points outside the bundle; not followed"));
}

// A rescoring killed with SIGKILL in the middle (CLI and workers) leaves only complete cache entries: each
// one that exists loads, and temporaries are never mistaken for entries.
TEST(HostileBundle, AKilledRescoringLeavesNoCorruptCacheEntry) {
    const fs::path cache = scratch() / "killed-cache";
    fs::remove_all(cache);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::setpgid(0, 0);
        ::setenv("VERNIER_CACHE_DIR", cache.c_str(), 1);
        const std::string results = std::string(VERNIER_SOURCE_DIR) + "/resources/sample/results";
        const std::string out = (scratch() / "killed-out.txt").string();
        ::freopen(out.c_str(), "w", stdout);
        ::freopen(out.c_str(), "w", stderr);
        ::execl(cliPath().c_str(), "vernier-cli", "rescore", results.c_str(), "--tasks", kPack.c_str(),
                "--jobs", "2", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    auto entries = [&] {
        std::vector<fs::path> v;
        std::error_code ec;
        for (auto it = fs::recursive_directory_iterator(cache, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
            if (it->is_regular_file() && it->path().extension() == ".json") v.push_back(it->path());
        return v;
    };
    // Wait for a few entries, then kill the whole process group mid-run. Looked at every millisecond: the
    // sample's 37 trials are rescored in well under a second on a fast machine, and a coarser poll could
    // find the run already finished.
    for (int i = 0; i < 120000 && entries().size() < 3; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ::kill(-pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the rescoring finished before it could be killed";
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const auto files = entries();
    ASSERT_GE(files.size(), 3u);
    const RescoreCache reader((cache / "rescore").string()); // VERNIER_CACHE_DIR/rescore
    for (const auto& f : files)
        EXPECT_TRUE(reader.load(f.stem().string()).has_value()) << f;
}

} // namespace
