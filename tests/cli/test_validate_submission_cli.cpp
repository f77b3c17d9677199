// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli validate-submission` end to end on tests/data/submission (README there): exit 0 on the clean
// fixture, 3 with the finding in the JSON on a defect, 2 with a one-line reason when an input cannot be read;
// the three ways to name the inputs; the published policy by default; the re-grade with --tasks.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "cli/shell_run.h"
#include <nlohmann/json.hpp>

using nlohmann::json;
namespace fs = std::filesystem;

using vernier::test::CliRun;
using vernier::test::runShell;

namespace {

const std::string kCli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
const fs::path kData = fs::path(VERNIER_TEST_DATA_DIR) / "submission";
const std::string kClean = (kData / "clean").string();
const std::string kPolicy = (kData / "clean" / "policy.json").string();
const std::string kManifest =
    (kData / "clean" / "submissions" / "v2" / "alice-claude-code-claude-opus-5.5.yaml").string();
const std::string kJob = (kData / "clean" / "job" / "2026-09-20__14-05-33").string();
const std::string kPack = std::string(VERNIER_SOURCE_DIR) + "/resources/sample/pack";

// A scratch folder per name, removed afterwards.
struct Scratch {
    fs::path path;
    explicit Scratch(const std::string& name)
        : path(fs::temp_directory_path() /
               ("vernier_validate_cli_" + name + "_" + std::to_string(getpid()))) {
        fs::create_directories(path);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

const Scratch& scratch() {
    static Scratch s("run");
    return s;
}

// Exit code, stdout and stderr of one vernier-cli run.
std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

CliRun run(const std::string& args) {
    const fs::path errFile = scratch().path / "stderr.txt";
    // Rescoring caches go to the scratch folder, never beside the fixtures.
    const std::string cmd = "VERNIER_CACHE_DIR='" + (scratch().path / "cache").string() + "' '" + kCli +
                            "' " + args + " 2>'" + errFile.string() + "'";
    CliRun r = runShell(cmd);
    r.err = slurp(errFile);
    return r;
}

std::string q(const std::string& s) {
    return "'" + s + "'";
}

} // namespace

TEST(ValidateSubmissionCli, CleanFixturePasses) {
    const CliRun r = run("validate-submission " + q(kClean) + " --policy " + q(kPolicy) + " --json");
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["passed"], true);
    EXPECT_TRUE(j["findings"].empty());
    EXPECT_EQ(j["policy"], kPolicy);
    EXPECT_EQ(j["manifest"], kManifest);
    EXPECT_EQ(j["computed"]["trials"], 3);
    EXPECT_EQ(j["computed"]["n_errors"], 1);
    EXPECT_EQ(j["computed"]["scored"], 2);
    EXPECT_EQ(j["computed"]["perfect"], 1);
    EXPECT_EQ(j["computed"]["skipped"], 0);
    EXPECT_EQ(j["computed"]["rescored"], false);
    EXPECT_NEAR(j["computed"]["mean_reward"].get<double>(), j["declared"]["mean_reward"].get<double>(),
                1e-12);
    EXPECT_NEAR(j["computed"]["cost_usd"].get<double>(), j["declared"]["cost_usd"].get<double>(), 1e-9);
    EXPECT_EQ(j["computed"]["per_trial"].size(), 3u);
    EXPECT_EQ(j["declared"]["total_trials"], 3);
}

TEST(ValidateSubmissionCli, ManifestAndJobCanBeNamedSeparately) {
    for (const std::string& args :
         {q(kManifest) + " " + q(kJob), "--manifest " + q(kManifest) + " " + q(kJob),
          q((kData / "clean" / "manifest.json").string()) + " " + q(kJob)}) {
        const CliRun r = run("validate-submission " + args + " --policy " + q(kPolicy) + " --json");
        EXPECT_EQ(r.exitCode, 0) << args << "\n" << r.out << r.err;
    }
}

TEST(ValidateSubmissionCli, ADefectExitsThreeWithTheFinding) {
    const CliRun r =
        run("validate-submission " + q((kData / "defect-combined_mismatch").string()) + " --policy " +
            q((kData / "defect-combined_mismatch" / "policy.json").string()) + " --json");
    ASSERT_EQ(r.exitCode, 3) << r.out << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["passed"], false);
    ASSERT_EQ(j["findings"].size(), 1u) << j["findings"].dump(2);
    EXPECT_EQ(j["findings"][0]["rule"], "combined_mismatch");
    EXPECT_EQ(j["findings"][0]["trial"], "job/2026-09-20__14-05-33/freecad-deee5c3830__Lr7pK2d");
    EXPECT_NE(j["findings"][0]["reason"].get<std::string>().find("does not match details combined"),
              std::string::npos);

    // The human table says the same.
    const CliRun h = run("validate-submission " + q((kData / "defect-missing_task").string()) + " --policy " +
                         q((kData / "defect-missing_task" / "policy.json").string()));
    EXPECT_EQ(h.exitCode, 3);
    EXPECT_NE(h.out.find("FAILED: 2 finding(s)"), std::string::npos) << h.out;
    EXPECT_NE(h.out.find("missing_task"), std::string::npos);
    EXPECT_NE(h.out.find("trial_count"), std::string::npos);
    const CliRun ok = run("validate-submission " + q(kClean) + " --policy " + q(kPolicy));
    EXPECT_EQ(ok.exitCode, 0);
    EXPECT_NE(ok.out.find("PASSED: no findings"), std::string::npos) << ok.out;
}

TEST(ValidateSubmissionCli, ThePublishedPolicyIsTheDefault) {
    // The 3-task fixture is not a v2 submission: the published 100-task policy finds what is missing.
    const CliRun r = run("validate-submission " + q(kClean) + " --json");
    ASSERT_EQ(r.exitCode, 3) << r.out << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["policy"], "published cad-bench v2 policy (embedded)");
    std::set<std::string> rules;
    for (const auto& f : j["findings"])
        rules.insert(f["rule"].get<std::string>());
    EXPECT_TRUE(rules.count("dataset"));
    EXPECT_TRUE(rules.count("total_trials"));
    EXPECT_TRUE(rules.count("missing_task"));
}

TEST(ValidateSubmissionCli, UnreadableInputsExitTwoWithOneLine) {
    Scratch s("inputs");
    const fs::path bad = s.path / "bad.yaml";
    std::ofstream(bad) << "schema_version: [2\n";
    fs::create_directories(s.path / "empty");
    const std::string cases[] = {
        q((s.path / "missing.yaml").string()) + " " + q(kJob) + " --policy " + q(kPolicy),
        q(bad.string()) + " " + q(kJob) + " --policy " + q(kPolicy),
        q(kManifest) + " " + q((s.path / "no-job").string()) + " --policy " + q(kPolicy),
        q(kManifest) + " " + q(kJob) + " --policy " + q((s.path / "none.json").string()),
        q(kManifest) + " " + q(kJob) + " --policy " + q(kManifest), // not a JSON policy
        q((s.path / "empty").string()),                             // a folder without a manifest
        q(kManifest),                                               // a manifest without a job
    };
    for (const std::string& args : cases) {
        SCOPED_TRACE(args);
        const CliRun r = run("validate-submission " + args + " --json");
        EXPECT_EQ(r.exitCode, 2) << r.out;
        EXPECT_TRUE(r.out.empty()) << r.out;
        ASSERT_FALSE(r.err.empty());
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err; // exactly one line
        EXPECT_EQ(r.err.rfind("vernier-cli validate-submission: ", 0), 0u) << r.err;
    }
}

TEST(ValidateSubmissionCli, RescoringWithTheTaskPack) {
    // On copies of the fixtures, so that "nothing was written beside them" is about this command alone (other
    // tests import the fixtures themselves, and an import keeps its trial index beside the bundle).
    Scratch s("rescoring");
    fs::copy(kData / "clean", s.path / "clean", fs::copy_options::recursive);
    fs::copy(kData / "defect-rescore_mismatch", s.path / "defect-rescore_mismatch",
             fs::copy_options::recursive);
    const std::string clean_ = (s.path / "clean").string();
    // The clean fixture's recorded rewards are what the embedded scorer gives.
    const CliRun clean =
        run("validate-submission " + q(clean_) + " --policy " +
            q((s.path / "clean" / "policy.json").string()) + " --tasks " + q(kPack) + " --jobs 1 --json");
    ASSERT_EQ(clean.exitCode, 0) << clean.out << clean.err;
    const json c = json::parse(clean.out);
    EXPECT_EQ(c["computed"]["rescored"], true);
    int rescored = 0;
    for (const auto& t : c["computed"]["per_trial"])
        if (t["rescored"].is_number()) ++rescored;
    EXPECT_EQ(rescored, 2); // the errored trial scores 0 by rule and is not re-graded

    // Recorded 0.02 below what its answer scores: only the re-grade finds it.
    const fs::path variant = s.path / "defect-rescore_mismatch";
    const std::string base = "validate-submission " + q(variant.string()) + " --policy " +
                             q((variant / "policy.json").string()) + " --json";
    EXPECT_EQ(run(base).exitCode, 0);
    const CliRun r = run(base + " --tasks " + q(kPack) + " --jobs 1");
    ASSERT_EQ(r.exitCode, 3) << r.out << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["findings"].size(), 1u) << j["findings"].dump(2);
    EXPECT_EQ(j["findings"][0]["rule"], "rescore_mismatch");
    EXPECT_EQ(j["findings"][0]["trial"], "job/2026-09-20__14-05-33/freecad-deee5c3830__Lr7pK2d");
    // Nothing was written beside the fixtures.
    EXPECT_FALSE(fs::exists(s.path / "defect-rescore_mismatch.vernier-cache"));
    EXPECT_FALSE(fs::exists(s.path / "clean.vernier-cache"));
}
