// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// vernier-cli's command line (app/cli/main.cpp, docs/cli.md "Conventions"): `--help` of every command,
// unknown options and missing values (exit 2, one line naming the option and the closest valid one),
// --format for the report commands, --out, rescore --strict (exit 3), render from a bundle, the bash
// completion and the man page holding every option.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/shell_run.h"

using nlohmann::json;
using vernier::test::CliRun;
using vernier::test::runShell;
namespace fs = std::filesystem;

namespace {

const std::string kCli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
const std::string kSource = VERNIER_SOURCE_DIR;
const std::string kSample = kSource + "/resources/sample";
const std::string kInputs = "'" + kSample + "/results' --tasks '" + kSample + "/pack' ";
const std::string kHarbor = kSource + "/tests/data/harbor";
const std::string kPair = "--a claude-code/claude-opus-5.5 --b codex/gpt-6-astra ";
// Outputs are dated (docs/cli.md "Provenance block"); a fixed date makes two runs' bytes comparable.
[[maybe_unused]] const bool kFixedDate = ::setenv("SOURCE_DATE_EPOCH", "1700000000", 1) == 0;

std::string tempPath(const std::string& name) {
    return ::testing::TempDir() + "vernier_cli_parsing_" + std::to_string(getpid()) + "_" + name;
}

CliRun run(const std::string& args) {
    return runShell("'" + kCli + "' " + args + " 2>/dev/null");
}

// Standard error only (stdout dropped), without import warnings and rescore progress.
CliRun runErr(const std::string& args) {
    const std::string file = tempPath("stderr.txt");
    CliRun r = runShell("'" + kCli + "' " + args + " >/dev/null 2>'" + file + "'");
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("vernier-cli", 0) == 0) r.err += line + "\n";
    std::remove(file.c_str());
    return r;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The long options a --help text lists ("  --tasks PACK   the task pack…").
std::set<std::string> optionsIn(const std::string& help) {
    std::set<std::string> out;
    const std::regex option(R"(^\s+(?:-h,)?(--[a-z0-9-]+))");
    std::istringstream in(help);
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_search(line, m, option)) out.insert(m[1]);
    }
    return out;
}

struct CommandOptions {
    std::string command;
    std::vector<std::string> options; // a sample each --help must list
};

const CommandOptions kCommands[] = {
    {"inspect", {"--json"}},
    {"score",
     {"--reference", "--candidate", "--reference-base", "--reference-edit", "--candidate-base",
      "--candidate-edit", "--spec", "--json", "--combine-method", "--threads", "--exact-bbox",
      "--volume-matched-rel-tol", "--principal-moments-far-rel-tol", "--bbox-far-rel-tol"}},
    {"leaderboard",
     {"--tasks", "--policy", "--rescore", "--jobs", "--timeout", "--no-cache", "--system", "--workflow",
      "--category", "--task", "--format", "--json", "--csv", "--latex", "--out", "--caption", "--resamples",
      "--seed"}},
    {"compare",
     {"--a", "--b", "--similar", "--tasks", "--policy", "--rescore", "--system", "--workflow", "--format",
      "--json", "--out"}},
    {"rescore",
     {"--tasks", "--jobs", "--timeout", "--no-cache", "--policy", "--strict", "--format", "--out"}},
    {"export", {"--tasks", "--out", "--dpi", "--system", "--workflow", "--category", "--task"}},
    {"render",
     {"--reference", "--candidate", "--tasks", "--trial", "--stage", "--mode", "--out", "--size",
      "--background", "--no-unmatched"}},
    {"validate-submission",
     {"--manifest", "--policy", "--tasks", "--jobs", "--timeout", "--no-cache", "--json"}},
    {"version", {}},
    {"completion", {}},
};

TEST(CliParsing, TopLevelHelpListsCommandsButNotTheWorker) {
    for (const char* form : {"--help", "-h", "help"}) {
        SCOPED_TRACE(form);
        const CliRun r = run(form);
        EXPECT_EQ(r.exitCode, 0);
        for (const auto& c : kCommands)
            EXPECT_NE(r.out.find("  " + c.command + " "), std::string::npos) << c.command;
        EXPECT_NE(r.out.find("--version"), std::string::npos);
        EXPECT_EQ(r.out.find("rescore-worker"), std::string::npos) << r.out;
    }
    // No command: the help on stderr, exit 2.
    const CliRun none = runShell("'" + kCli + "' 2>&1 >/dev/null");
    EXPECT_EQ(none.exitCode, 2);
    EXPECT_NE(none.out.find("leaderboard"), std::string::npos);
}

TEST(CliParsing, EveryCommandHelpListsItsOptions) {
    for (const auto& c : kCommands) {
        SCOPED_TRACE(c.command);
        for (const std::string form : {" --help", " -h"}) {
            const CliRun r = run(c.command + form);
            EXPECT_EQ(r.exitCode, 0);
            EXPECT_NE(r.out.find("Usage: vernier-cli " + c.command), std::string::npos) << r.out;
            const auto listed = optionsIn(r.out);
            for (const auto& o : c.options)
                EXPECT_TRUE(listed.count(o)) << o << " missing from\n" << r.out;
        }
        // `help COMMAND` is the same text.
        EXPECT_EQ(run("help " + c.command).out, run(c.command + " --help").out);
    }
    // --help wins over missing arguments (it used to be "--tasks PACK is required").
    EXPECT_EQ(run("leaderboard --help").exitCode, 0);
    EXPECT_EQ(run("score --reference x.FCStd --help").exitCode, 0);
}

TEST(CliParsing, RescoreWorkerIsHiddenButRuns) {
    EXPECT_EQ(run("--help").out.find("rescore-worker"), std::string::npos);
    // End of input at once: the worker loop ends cleanly.
    const CliRun r = runShell("'" + kCli + "' rescore-worker </dev/null 2>/dev/null");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.out, "");
}

TEST(CliParsing, UnknownOptionNamesItAndTheClosest) {
    const struct {
        std::string args;
        std::string says;
    } cases[] = {
        {"leaderboard " + kInputs + "--jsno",
         "vernier-cli leaderboard: unknown option --jsno; did you mean --json?"},
        {"leaderboard " + kInputs + "--fromat csv", "unknown option --fromat; did you mean --format?"},
        {"compare " + kInputs + kPair + "--similiar 0.1",
         "unknown option --similiar; did you mean --similar?"},
        {"rescore " + kInputs + "--stict", "unknown option --stict; did you mean --strict?"},
        {"score --reference a.FCStd --candidate b.FCStd --jsn", "unknown option --jsn; did you mean --json?"},
        {"inspect x.FCStd --jsno=1", "unknown option --jsno; did you mean --json?"},
        {"render --referense a.FCStd", "unknown option --referense; did you mean --reference?"},
        {"export " + kInputs + "--out /tmp/x --dip 72", "unknown option --dip; did you mean --dpi?"},
        {"validate-submission x --polcy p.json", "unknown option --polcy; did you mean --policy?"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.args);
        const CliRun r = runErr(c.args);
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err; // exactly one line
    }
    // Nothing close: the option alone.
    const CliRun far = runErr("leaderboard " + kInputs + "--zzzzzzzzzz");
    EXPECT_EQ(far.exitCode, 2);
    EXPECT_NE(far.err.find("unknown option --zzzzzzzzzz"), std::string::npos) << far.err;
    EXPECT_EQ(far.err.find("did you mean"), std::string::npos) << far.err;
    // A letter short or one too many is still close; an argument far longer than any option name is not
    // (no distance is computed for it: docs/cli.md "Conventions").
    EXPECT_NE(
        runErr("leaderboard " + kInputs + "--jso").err.find("unknown option --jso; did you mean --json?"),
        std::string::npos);
    EXPECT_NE(runErr("leaderboard " + kInputs + "--jsonnn").err.find("did you mean --json?"),
              std::string::npos);
    const CliRun longArg = runErr("leaderboard " + kInputs + "--json" + std::string(5000, 'n'));
    EXPECT_EQ(longArg.exitCode, 2);
    EXPECT_EQ(longArg.err.find("did you mean"), std::string::npos);
    // A misspelt command gets the same help.
    const CliRun cmd = runErr("leaderbord");
    EXPECT_EQ(cmd.exitCode, 2);
    EXPECT_NE(cmd.err.find("unknown command 'leaderbord'; did you mean leaderboard?"), std::string::npos)
        << cmd.err;
}

TEST(CliParsing, MissingValueIsExitTwo) {
    const struct {
        std::string args;
        std::string says;
    } cases[] = {
        {"leaderboard " + kInputs + "--format", "--format needs a value"},
        {"leaderboard '" + kSample + "/results' --tasks", "--tasks needs a value"},
        {"leaderboard '" + kSample + "/results' --tasks --json", "--tasks needs a value"},
        {"compare " + kInputs + "--a", "--a needs a value"},
        {"score --reference", "--reference needs a value"},
        {"rescore " + kInputs + "--jobs", "--jobs needs a value"},
        {"render --out", "--out needs a value"},
        {"leaderboard " + kInputs + "--json=yes", "--json takes no value"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.args);
        const CliRun r = runErr(c.args);
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    }
    const CliRun bad = runErr("leaderboard " + kInputs + "--format yaml");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("--format must be table, json, csv, latex or markdown, got 'yaml'"),
              std::string::npos)
        << bad.err;
    const CliRun clash = runErr("leaderboard " + kInputs + "--format csv --latex");
    EXPECT_EQ(clash.exitCode, 2);
    EXPECT_NE(clash.err.find("choose one output format"), std::string::npos) << clash.err;
}

// Checks the text of one format; `rows` is the number of data rows expected.
void expectFormat(const std::string& format, const std::string& out, const std::string& firstHeader,
                  std::size_t rows) {
    SCOPED_TRACE(format + "\n" + out);
    std::vector<std::string> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("# ", 0) != 0 && line.rfind("<!-- ", 0) != 0) // the provenance comment (docs/cli.md)
            lines.push_back(line);
    if (format == "json") {
        EXPECT_NO_THROW((void)json::parse(out));
    } else if (format == "csv") {
        ASSERT_EQ(lines.size(), rows + 1);
        EXPECT_EQ(lines[0].rfind(firstHeader + ",", 0), 0u);
    } else if (format == "latex") {
        EXPECT_NE(out.find("\\begin{tabular}"), std::string::npos);
        EXPECT_NE(out.find("\\end{tabular}"), std::string::npos);
        EXPECT_NE(out.find("\\toprule"), std::string::npos);
    } else if (format == "markdown") {
        ASSERT_EQ(lines.size(), rows + 2);
        EXPECT_EQ(lines[0].rfind("| " + firstHeader + " |", 0), 0u);
        EXPECT_EQ(lines[1].rfind("|---|", 0), 0u);
    } else { // table: a header line and aligned rows
        EXPECT_NE(out.find(firstHeader + "  "), std::string::npos);
        EXPECT_GE(lines.size(), rows + 1);
    }
}

TEST(CliParsing, FormatMatrixLeaderboard) {
    for (const std::string f : {"table", "json", "csv", "latex", "markdown"}) {
        const CliRun r = run("leaderboard " + kInputs + "--format " + f);
        EXPECT_EQ(r.exitCode, 0) << f;
        expectFormat(f, r.out, "rank", 4); // the sample's four systems
    }
    // The default stays JSON, and the aliases are the same bytes as --format.
    const std::string byDefault = run("leaderboard " + kInputs).out;
    EXPECT_EQ(byDefault, run("leaderboard " + kInputs + "--format json").out);
    EXPECT_EQ(run("leaderboard " + kInputs + "--json").out, byDefault);
    EXPECT_EQ(run("leaderboard " + kInputs + "--csv").out,
              run("leaderboard " + kInputs + "--format=csv").out);
    EXPECT_EQ(run("leaderboard " + kInputs + "--latex").out,
              run("leaderboard " + kInputs + "--format latex").out);
    // Same numbers in every format: claude-code/claude-opus-5.5 first with 78.89 points (docs/cli.md).
    const std::string md = run("leaderboard " + kInputs + "--format markdown").out;
    EXPECT_NE(md.find("| 1 | claude-code | claude-opus-5.5 | 9 | 78.89 |"), std::string::npos) << md;
    EXPECT_EQ(json::parse(byDefault)["systems"][0]["overall"].get<double>(), 78.885108);
}

TEST(CliParsing, FormatMatrixCompare) {
    for (const std::string f : {"table", "json", "csv", "latex", "markdown"}) {
        const CliRun r = run("compare " + kInputs + kPair + "--format " + f);
        EXPECT_EQ(r.exitCode, 0) << f;
        expectFormat(f, r.out, "scope", 4); // overall and the three workflows
    }
    const std::string byDefault = run("compare " + kInputs + kPair).out;
    EXPECT_EQ(byDefault, run("compare " + kInputs + kPair + "--json").out);
    EXPECT_NEAR(json::parse(byDefault)["delta"].get<double>(), 33.758181, 1e-9);
    // The sample's numbers (docs/cli.md, compare): Δ 33.76 [15.44, 54.79], 5 higher, 4 similar, 0 lower.
    const std::string csv = run("compare " + kInputs + kPair + "--csv").out;
    EXPECT_NE(csv.find("overall,9,33.76,15.44,54.79,5,4,0\n"), std::string::npos) << csv;
    EXPECT_NE(csv.find("create_and_edit,3,49.59,,,2,1,0\n"), std::string::npos) << csv;
}

TEST(CliParsing, OutWritesTheReportToAFile) {
    const std::string out = tempPath("board.csv");
    std::remove(out.c_str());
    const CliRun r = run("leaderboard " + kInputs + "--csv --out '" + out + "'");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.out, ""); // nothing on stdout
    EXPECT_EQ(readFile(out), run("leaderboard " + kInputs + "--csv").out);
    // No temporary file is left beside it.
    int siblings = 0;
    for (const auto& e : fs::directory_iterator(fs::path(out).parent_path()))
        if (e.path().filename().string().find("board.csv.tmp") != std::string::npos) ++siblings;
    EXPECT_EQ(siblings, 0);
    std::remove(out.c_str());
    // A folder that does not exist: exit 2, one line.
    const CliRun bad = runErr("compare " + kInputs + kPair + "--out /nonexistent-dir/x.json");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("cannot write /nonexistent-dir/x.json"), std::string::npos) << bad.err;
}

// A Harbor job holding one trial of tests/data/harbor/job-0.22 (copied, never linked), its reward optionally
// replaced.
std::string oneTrialJob(const std::string& name, const char* reward) {
    const fs::path job = tempPath(name);
    fs::remove_all(job);
    fs::create_directories(job);
    const fs::path src = kHarbor + "/job-0.22";
    for (const char* f : {"config.json", "lock.json", "result.json", "job.log"})
        fs::copy_file(src / f, job / f);
    const std::string trial = "freecad-413c26b17a__u77tkLb";
    fs::copy(src / trial, job / trial, fs::copy_options::recursive);
    if (reward) {
        std::ofstream(job / trial / "verifier" / "reward.json") << "{\n  \"reward\": " << reward << "\n}\n";
        std::string result = readFile((job / trial / "result.json").string());
        const std::string from = "\"reward\": 1.0";
        const auto at = result.find(from);
        if (at != std::string::npos) result.replace(at, from.size(), std::string("\"reward\": ") + reward);
        std::ofstream(job / trial / "result.json", std::ios::binary) << result;
    }
    return job.string();
}

TEST(CliParsing, RescoreStrictExitsThreeOnAChangedReward) {
    const std::string pack = "--tasks '" + kHarbor + "/pack' --no-cache ";
    const std::string clean = oneTrialJob("clean", nullptr);
    const std::string changed = oneTrialJob("changed", "0.5");

    const CliRun ok = run("rescore '" + clean + "' " + pack + "--strict");
    EXPECT_EQ(ok.exitCode, 0);
    const json okJson = json::parse(ok.out);
    EXPECT_EQ(okJson["rescored"], 1);
    EXPECT_TRUE(okJson["mismatches"].empty());

    const CliRun bad = run("rescore '" + changed + "' " + pack + "--strict");
    EXPECT_EQ(bad.exitCode, 3);
    const json badJson = json::parse(bad.out); // the report is printed either way
    ASSERT_EQ(badJson["mismatches"].size(), 1u);
    EXPECT_EQ(badJson["mismatches"][0]["recorded"], 0.5);
    EXPECT_EQ(badJson["mismatches"][0]["rescored"], 1.0);
    EXPECT_EQ(badJson["mismatches"][0]["delta"], 0.5);
    // Without --strict the same run is a success (backward compatible).
    EXPECT_EQ(run("rescore '" + changed + "' " + pack).exitCode, 0);
    // --strict with another format: still 3, the table marks the trial.
    const CliRun csv = run("rescore '" + changed + "' " + pack + "--strict --format csv");
    EXPECT_EQ(csv.exitCode, 3);
    EXPECT_NE(csv.out.find(",0.500000,1.000000,0.500000,mismatch,"), std::string::npos) << csv.out;
    fs::remove_all(clean);
    fs::remove_all(changed);
}

TEST(CliParsing, RescoreStrictOnTheSampleFindsItsKernelDrift) {
    // The sample's two documented mismatches (resources/sample/README.md) are findings under --strict.
    const CliRun r = run("rescore " + kInputs + "--no-cache --strict");
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_EQ(json::parse(r.out)["mismatches"].size(), 2u);
}

TEST(CliParsing, RenderFromABundleWritesAPng) {
    const std::string png = tempPath("trial.png");
    std::remove(png.c_str());
    const std::string args = "render '" + kHarbor + "/job-0.22' --tasks '" + kHarbor +
                             "/pack' --trial freecad-413c26b17a__u77tkLb --size 320x160 --out '" + png + "'";
    // Bad trial name first (no display needed): exit 2 naming it.
    const CliRun unknown = runErr("render '" + kHarbor + "/job-0.22' --tasks '" + kHarbor +
                                  "/pack' --trial nope --out '" + png + "'");
    EXPECT_EQ(unknown.exitCode, 2);
    if (unknown.err.find("without the GUI") != std::string::npos ||
        unknown.err.find("no GUI libraries") != std::string::npos)
        GTEST_SKIP() << "vernier-cli built without the GUI libraries";
    EXPECT_NE(unknown.err.find("no trial named \"nope\""), std::string::npos) << unknown.err;
    std::string prefix;
    if (!std::getenv("DISPLAY")) {
        if (runShell("command -v xvfb-run >/dev/null 2>&1").exitCode != 0)
            GTEST_SKIP() << "no display and no xvfb-run";
        prefix = "xvfb-run -a -s '-screen 0 1600x1000x24' ";
    }
    const CliRun r = runShell(prefix + "'" + kCli + "' " + args + " 2>/dev/null");
    EXPECT_EQ(r.exitCode, 0);
    const std::string bytes = readFile(png);
    ASSERT_GT(bytes.size(), 8u);
    EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    std::remove(png.c_str());
}

// `vernier-cli completion bash`, sourced, answers as bash would for `vernier-cli lead<TAB>` and
// `vernier-cli leaderboard --js<TAB>`.
std::string complete(const std::string& script, const std::string& words, int cword) {
    const CliRun r = runShell("bash -c 'source \"" + script + "\"; COMP_WORDS=(" + words + "); COMP_CWORD=" +
                              std::to_string(cword) + "; _vernier_cli; echo \"${COMPREPLY[*]}\"'");
    return r.out;
}

TEST(CliParsing, BashCompletion) {
    const std::string script = tempPath("completion.bash");
    const CliRun gen = runShell("'" + kCli + "' completion bash > '" + script + "'");
    ASSERT_EQ(gen.exitCode, 0);
    EXPECT_EQ(complete(script, "vernier-cli lead", 1), "leaderboard\n");
    EXPECT_EQ(complete(script, "vernier-cli leaderboard --js", 2), "--json\n");
    EXPECT_EQ(complete(script, "vernier-cli rescore --st", 2), "--strict\n");
    EXPECT_EQ(complete(script, "vernier-cli leaderboard --format ''", 3), "table json csv latex markdown\n");
    EXPECT_EQ(complete(script, "vernier-cli rescore-w", 1), "\n"); // internal: never offered
    // `complete` registered for the program name.
    EXPECT_EQ(runShell("bash -c 'source \"" + script + "\"; complete -p vernier-cli'").exitCode, 0);
    EXPECT_EQ(run("completion zsh").exitCode, 2);
    std::remove(script.c_str());
}

TEST(CliParsing, GeneratedManPageHasEveryOption) {
    // The page as the build writes it (packaging/CMakeLists.txt): the template with its COMMANDS section.
    const CliRun page = run("man-page '" + kSource + "/packaging/man/vernier-cli.1'");
    ASSERT_EQ(page.exitCode, 0);
    const std::string& man = page.out;
    EXPECT_EQ(man.rfind(".TH VERNIER\\-CLI 1", 0), 0u) << man.substr(0, 200);
    EXPECT_NE(man.find(".SH COMMANDS\n"), std::string::npos);
    EXPECT_NE(man.find(".SH EXIT STATUS\n"), std::string::npos); // the template's prose is kept
    EXPECT_EQ(man.find("vernier-cli:COMMANDS"), std::string::npos);
    EXPECT_EQ(man.find("rescore\\-worker\n"), std::string::npos); // internal commands are not documented
    // roff escapes the hyphens: \-\-tasks.
    const auto inMan = [&](const std::string& option) {
        std::string roff;
        for (char c : option)
            roff += c == '-' ? std::string("\\-") : std::string(1, c);
        return man.find(roff) != std::string::npos;
    };
    for (const auto& c : kCommands) {
        SCOPED_TRACE(c.command);
        std::string roffName;
        for (char ch : c.command)
            roffName += ch == '-' ? std::string("\\-") : std::string(1, ch);
        EXPECT_NE(man.find(roffName), std::string::npos);
        for (const auto& o : optionsIn(run(c.command + " --help").out))
            if (o != "--help") EXPECT_TRUE(inMan(o)) << o;
    }
}

} // namespace
