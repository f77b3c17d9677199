// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// cad-bench v2 submissions (docs/formats.md, "cad-bench v2 submissions"): the clean fixture passes, every
// defect-* fixture gives exactly the findings its expected.json lists (tests/data/submission/README.md), YAML
// and JSON manifests agree, YAML scalars resolve as the maintainers' loader resolves them, the published
// policy is embedded, and hostile manifests and policies are one-line InputErrors, never crashes.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "models/bundle_tree.h"
#include "models/submission.h"
#include "scoring/errors.h"

using namespace vernier;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(VERNIER_TEST_DATA_DIR) / "submission";
const fs::path kClean = kData / "clean";
const std::string kJobName = "2026-09-20__14-05-33";
const std::string kTrial1 = "freecad-413c26b17a__Qm3vX8a";
const std::string kTrial2 = "freecad-deee5c3830__Lr7pK2d";
const std::string kTrial3 = "freecad-7c431b252d__Hz5wN4c";

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

SubmissionReport validateFolder(const fs::path& dir) {
    const SubmissionManifest m = loadSubmissionManifest(findSubmissionManifest(dir.string()));
    const SubmissionPolicy p = loadSubmissionPolicy((dir / "policy.json").string());
    return validateSubmission(m, BundleTree::open(dir.string()), p);
}

std::string baseName(const std::string& label) {
    const auto slash = label.rfind('/');
    return slash == std::string::npos ? label : label.substr(slash + 1);
}

// (rule, trial folder name) of each finding, sorted.
std::vector<std::pair<std::string, std::string>> ruleTrials(const std::vector<SubmissionFinding>& findings) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& f : findings)
        out.emplace_back(f.rule, baseName(f.trial));
    std::sort(out.begin(), out.end());
    return out;
}

std::string describe(const std::vector<SubmissionFinding>& findings) {
    std::string out;
    for (const auto& f : findings)
        out += "\n  [" + f.rule + "] " + f.trial + ": " + f.reason;
    return out.empty() ? " none" : out;
}

SubmissionManifest yaml(const std::string& text) {
    return parseSubmissionManifest(text, "test.yaml", false);
}

// Expects an InputError whose message is one line.
template <class F> std::string oneLineError(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        EXPECT_FALSE(what.empty());
        return what;
    }
    ADD_FAILURE() << "no InputError";
    return "";
}

// A scratch folder, removed afterwards.
struct TempDir {
    fs::path path = fs::temp_directory_path() /
                    ("vernier_submission_" + std::to_string(getpid()) + "_" + std::to_string(counter()++));
    static int& counter() {
        static int c = 0;
        return c;
    }
    TempDir() { fs::create_directories(path); }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string write(const std::string& rel, const std::string& text) const {
        fs::create_directories((path / rel).parent_path());
        std::ofstream(path / rel, std::ios::binary) << text;
        return (path / rel).string();
    }
};

// A manifest for the published v2 policy (100 tasks), written for these tests.
const char* const kPublishedManifest = R"(schema_version: 2
submission:
  version: 2
  submitted_at: "2026-09-30"
contributor:
  handle: "bob-lab"
  email: "bob@example.org"
bench:
  dataset: "gnucleus-ai/cad-bench"
  tag: "v2"
  dataset_content_hash: "sha256:ab2e040d0adcfd2779b4f1ad554890cd98b5aa19845e00162933ba165144fe56"
agent:
  name: "mini-swe-agent"
  display_name: "mini-SWE-agent"
  display_url: "https://example.org/mini"
  version: "1.9.0"
  reasoning_effort: "medium"
  auth_mode: "subscription"
  import_path: ""
model:
  id: "google/gemini-3.8-flash"
  display_name: "Gemini 3.8 Flash"
  display_url: "https://example.org/gemini"
results:
  source_jobs:
    - "https://hub.harborframework.com/jobs/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/"
  source_filter:
    agent: "mini-swe-agent"
    agent_version: "1.9.0"
    model: "google/gemini-3.8-flash"
    reasoning_effort: "medium"
  hf_archive:
    repo: "bob-lab/cad-bench-results"
    commit_oid: "0123456789abcdef0123456789abcdef01234567"
    runs_prefix: "runs/mini-swe-agent/gemini-3_8-flash/"
declared:
  mean_reward: 0.41
  trials_per_task: 1
  total_trials: 100
  n_errors: 3
notes: "one run"
)";

} // namespace

// ---------------------------------------------------------------- fixtures

TEST(Submission, CleanFixturePasses) {
    const SubmissionReport r = validateFolder(kClean);
    EXPECT_TRUE(r.passed()) << describe(r.findings);
    ASSERT_TRUE(r.auditRun);
    EXPECT_EQ(r.trials.size(), 3u);
    EXPECT_EQ(r.skipped, 0);
    EXPECT_EQ(r.errors, 1); // the verifier timed out on the third trial
    EXPECT_EQ(r.tasks.size(), 3u);
    ASSERT_TRUE(r.meanReward);
    const json declared = json::parse(slurp(kClean / "manifest.json"))["declared"];
    EXPECT_NEAR(*r.meanReward, declared["mean_reward"].get<double>(), 1e-12);
    EXPECT_NEAR(*r.meanReward, (1.0 + 0.5490099204598073 + 0.0) / 3, 1e-12);
    ASSERT_TRUE(r.costUsd());
    EXPECT_NEAR(*r.costUsd(), declared["cost_usd"].get<double>(), 1e-9);
    for (const auto& t : r.trials) {
        EXPECT_EQ(t.error, baseName(t.label) == kTrial3) << t.label;
        EXPECT_EQ(t.label.rfind("job/" + kJobName + "/", 0), 0u) << t.label;
    }
}

TEST(Submission, TheJobFolderItselfOrItsOutputDirGiveTheSameResult) {
    const SubmissionManifest m = loadSubmissionManifest(findSubmissionManifest(kClean.string()));
    const SubmissionPolicy p = loadSubmissionPolicy((kClean / "policy.json").string());
    for (const fs::path& root : {kClean / "job", kClean / "job" / kJobName}) {
        const SubmissionReport r = validateSubmission(m, BundleTree::open(root.string()), p);
        EXPECT_TRUE(r.passed()) << root << describe(r.findings);
        EXPECT_EQ(r.trials.size(), 3u);
    }
    const SubmissionReport direct =
        validateSubmission(m, BundleTree::open((kClean / "job" / kJobName).string()), p);
    std::set<std::string> labels;
    for (const auto& t : direct.trials)
        labels.insert(t.label);
    EXPECT_EQ(labels, (std::set<std::string>{kTrial1, kTrial2, kTrial3}));
}

TEST(Submission, EveryVariantGivesExactlyItsPlantedFindings) {
    std::set<std::string> rulesSeen;
    int variants = 0;
    for (const auto& entry : fs::directory_iterator(kData)) {
        const std::string name = entry.path().filename().string();
        if (!entry.is_directory() || (name.rfind("defect-", 0) != 0 && name.rfind("extra-", 0) != 0))
            continue;
        // A folder Vernier keeps beside a bundle (rescore cache, trial index) is not a variant.
        if (name.size() > 14 && name.compare(name.size() - 14, 14, ".vernier-cache") == 0) continue;
        SCOPED_TRACE(name);
        ++variants;
        const json expected = json::parse(slurp(entry.path() / "expected.json"));
        std::vector<std::pair<std::string, std::string>> want;
        for (const auto& f : expected["findings"]) {
            want.emplace_back(f["rule"].get<std::string>(), f["trial"].get<std::string>());
            rulesSeen.insert(f["rule"].get<std::string>());
        }
        std::sort(want.begin(), want.end());
        const SubmissionReport r = validateFolder(entry.path());
        if (expected["with_tasks"].get<bool>()) {
            // Found only by the re-grade (see RescoreFindings): without it the submission passes.
            EXPECT_TRUE(r.passed()) << describe(r.findings);
            continue;
        }
        EXPECT_EQ(ruleTrials(r.findings), want) << describe(r.findings);
        if (expected.contains("skipped")) {
            EXPECT_EQ(r.skipped, expected["skipped"].get<int>());
        }
        for (const auto& f : r.findings) {
            EXPECT_EQ(f.reason.find('\n'), std::string::npos) << f.reason;
            EXPECT_FALSE(f.reason.empty());
        }
    }
    EXPECT_GE(variants, 26);
    // Every rule of the audit has a variant.
    for (const char* rule : {"schema",          "dataset",         "source_filter",      "total_trials",
                             "n_errors_bound",  "source_job",      "trial_count",        "invalid_result",
                             "trial_config",    "task_name",       "unknown_task",       "task_digest",
                             "task_source",     "invalid_reward",  "missing_trajectory", "missing_agent_log",
                             "missing_details", "invalid_details", "details_range",      "combined_mismatch",
                             "missing_answer",  "missing_task",    "trials_per_task",    "declared_mean",
                             "declared_errors"})
        EXPECT_TRUE(rulesSeen.count(rule)) << rule;
}

TEST(Submission, FindingReasonsSayWhatIsWrong) {
    auto reasonOf = [](const char* variant, const char* rule) {
        for (const auto& f : validateFolder(kData / variant).findings)
            if (f.rule == rule) return f.reason;
        return std::string();
    };
    EXPECT_EQ(reasonOf("defect-schema", "schema"),
              "$.submission.submitted_at: 2026-09-21 (an unquoted YAML date) is not of type 'string'");
    EXPECT_EQ(
        reasonOf("defect-source_filter", "source_filter"),
        "$.results.source_filter.agent_version: expected '2.3.15' to match manifest metadata, got '2.3.14'");
    EXPECT_EQ(reasonOf("defect-total_trials", "total_trials"),
              "$.declared.total_trials: expected 1 x 3 = 3, got 4");
    EXPECT_EQ(reasonOf("defect-trial_count", "trial_count"),
              "found 4 trial result files; manifest declares 3");
    EXPECT_EQ(reasonOf("defect-declared_errors", "declared_errors"),
              "$.declared.n_errors: declared 0, audited 1");
    EXPECT_EQ(reasonOf("defect-missing_answer", "missing_answer"),
              "positive-scoring trial is missing answer.py (trial root or artifacts/app/)");
    EXPECT_EQ(reasonOf("defect-details_range", "details_range"),
              "details field 'geometry_similarity' must be in [0, 1]");
    EXPECT_NE(reasonOf("defect-task_digest", "task_digest").find("expected sha256:"), std::string::npos);
    EXPECT_NE(
        reasonOf("defect-combined_mismatch", "combined_mismatch").find("does not match details combined"),
        std::string::npos);
}

TEST(Submission, YamlAndJsonManifestsGiveTheSameResult) {
    const SubmissionManifest fromYaml = loadSubmissionManifest(findSubmissionManifest(kClean.string()));
    const SubmissionManifest fromJson = loadSubmissionManifest((kClean / "manifest.json").string());
    EXPECT_EQ(fromYaml.format, "yaml");
    EXPECT_EQ(fromJson.format, "json");
    EXPECT_EQ(fromYaml.doc, fromJson.doc);
    const SubmissionPolicy p = loadSubmissionPolicy((kClean / "policy.json").string());
    const BundleTree job = BundleTree::open(kClean.string());
    const SubmissionReport a = validateSubmission(fromYaml, job, p);
    const SubmissionReport b = validateSubmission(fromJson, job, p);
    EXPECT_EQ(a.findings, b.findings);
    EXPECT_EQ(a.meanReward, b.meanReward);
    EXPECT_EQ(a.errors, b.errors);

    // And the same defect in both forms gives the same finding.
    json broken = fromJson.doc;
    broken["agent"]["version"] = "9.9.9";
    broken["extra"] = true;
    const SubmissionManifest j = parseSubmissionManifest(broken.dump(), "m.json", true);
    const SubmissionManifest y = yaml(broken.dump(2)); // JSON is YAML
    EXPECT_EQ(j.doc, y.doc);
    EXPECT_EQ(checkSubmissionManifest(j, p), checkSubmissionManifest(y, p));
    EXPECT_EQ(ruleTrials(checkSubmissionManifest(j, p)),
              (std::vector<std::pair<std::string, std::string>>{{"schema", ""}, {"source_filter", ""}}));
}

TEST(Submission, RescoreFindingsUseTheRegradeTolerance) {
    const auto base = validateFolder(kClean);
    const std::string t1 = "job/" + kJobName + "/" + kTrial1, t2 = "job/" + kJobName + "/" + kTrial2,
                      t3 = "job/" + kJobName + "/" + kTrial3;
    {
        SubmissionReport r = base;
        addRescoreFindings(r, {{t1, 1.0}, {t2, 0.5490099204598073 + 5e-5}, {t3, 0.9}});
        EXPECT_TRUE(r.passed()) << describe(r.findings); // within 1e-4; an errored trial scores 0 by rule
        EXPECT_TRUE(r.rescoreRun);
    }
    {
        SubmissionReport r = base;
        addRescoreFindings(r, {{t1, 1.0}, {t2, 0.5490099204598073 + 2e-4}});
        EXPECT_EQ(ruleTrials(r.findings),
                  (std::vector<std::pair<std::string, std::string>>{{"rescore_mismatch", kTrial2}}));
    }
    {
        SubmissionReport r = base;
        addRescoreFindings(r, {{t1, std::nullopt}, {t2, 0.5490099204598073}});
        ASSERT_EQ(r.findings.size(), 1u);
        EXPECT_NE(r.findings[0].reason.find("could not score"), std::string::npos);
    }
    // The rescore_mismatch fixture: its recorded reward is 0.02 below what its answer scores.
    SubmissionReport r = validateFolder(kData / "defect-rescore_mismatch");
    addRescoreFindings(r, {{t1, 1.0}, {t2, 0.5490099204598073}});
    EXPECT_EQ(ruleTrials(r.findings),
              (std::vector<std::pair<std::string, std::string>>{{"rescore_mismatch", kTrial2}}));
}

// ---------------------------------------------------------------- manifest and policy

TEST(Submission, PublishedPolicyIsEmbedded) {
    const SubmissionPolicy p = publishedSubmissionPolicy();
    EXPECT_EQ(p.dataset, "gnucleus-ai/cad-bench");
    EXPECT_EQ(p.tag, "v2");
    EXPECT_EQ(p.datasetContentHash,
              "sha256:ab2e040d0adcfd2779b4f1ad554890cd98b5aa19845e00162933ba165144fe56");
    EXPECT_EQ(p.taskCount, 100);
    EXPECT_EQ(p.taskDigests.size(), 100u);
    EXPECT_EQ(p.rewardFile, "reward.json");
    EXPECT_EQ(p.scoreField, "reward");
    EXPECT_EQ(p.detailsFile, "reward_details.json");
    EXPECT_EQ(p.detailsFields,
              (std::vector<std::string>{"geometry_similarity", "cad_spec_consistency", "combined"}));
    EXPECT_EQ(p.trajectoryOneOf.size(), 4u);
    for (const auto& [task, digest] : p.taskDigests) {
        EXPECT_EQ(task.rfind("gnucleus-ai/freecad-", 0), 0u) << task;
        EXPECT_EQ(digest.size(), 71u) << task;
    }
    // The file it was compiled from is the same data.
    const SubmissionPolicy file =
        loadSubmissionPolicy(std::string(VERNIER_SOURCE_DIR) + "/resources/policies/cad-bench-v2.json");
    EXPECT_EQ(file.taskDigests, p.taskDigests);
}

TEST(Submission, AManifestForThePublishedPolicyPasses) {
    const SubmissionManifest m = yaml(kPublishedManifest);
    EXPECT_TRUE(checkSubmissionManifest(m, publishedSubmissionPolicy()).empty())
        << describe(checkSubmissionManifest(m, publishedSubmissionPolicy()));
    // Against the 3-task test policy, the benchmark constants differ: the content hash and the total.
    const SubmissionPolicy small = loadSubmissionPolicy((kClean / "policy.json").string());
    EXPECT_EQ(ruleTrials(checkSubmissionManifest(m, small)),
              (std::vector<std::pair<std::string, std::string>>{{"dataset", ""}, {"total_trials", ""}}));
}

TEST(Submission, SchemaFindingsNameTheField) {
    std::string text = kPublishedManifest;
    auto replace = [&](const std::string& from, const std::string& to) {
        const auto at = text.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
    };
    replace("  handle: \"bob-lab\"", "  handle: \"Bob Lab\"");
    replace("  auth_mode: \"subscription\"", "  auth_mode: \"oauth\"");
    replace("  total_trials: 100", "  total_trials: \"100\"");
    replace("  mean_reward: 0.41", "  mean_reward: 1.5");
    replace("notes: \"one run\"", "notes: \"one run\"\nhomepage: \"https://example.org\"");
    replace("  version: \"1.9.0\"", "  version: 1.10"); // YAML 1.1: a float, not the string "1.10"
    const std::vector<SubmissionFinding> f = checkSubmissionManifest(yaml(text), publishedSubmissionPolicy());
    std::vector<std::string> reasons, others;
    for (const auto& x : f)
        (x.rule == "schema" ? reasons : others).push_back(x.rule + ": " + x.reason);
    for (auto& r : reasons)
        r = r.substr(std::string("schema: ").size());
    const std::vector<std::string> want = {
        "$: Additional properties are not allowed ('homepage' was unexpected)",
        "$.agent.auth_mode: 'oauth' is not one of ['api-key', 'subscription']",
        "$.agent.version: 1.1 is not of type 'string'",
        "$.contributor.handle: 'Bob Lab' does not match '^[a-z0-9][a-z0-9-]{0,38}$'",
        "$.declared.mean_reward: 1.5 is greater than the maximum of 1",
        "$.declared.total_trials: '100' is not of type 'integer'",
    };
    EXPECT_EQ(reasons, want);
    // The source_filter check compares agent.version (now 1.1) with the filter's "1.9.0".
    EXPECT_EQ(others,
              (std::vector<std::string>{"source_filter: $.results.source_filter.agent_version: expected 1.1 "
                                        "to match manifest metadata, got '1.9.0'"}));
    const SubmissionManifest m = yaml(text);
    EXPECT_EQ(m.doc["agent"]["version"], json(1.1));
}

TEST(Submission, WrongTypesInsideTheManifestAreFindingsNotCrashes) {
    const char* cases[] = {
        "schema_version: 2\ndeclared: 5\n",
        "schema_version: \"2\"\nresults: []\nagent: x\nbench: {tag: v2}\ndeclared: {total_trials: [1]}\n",
        "bench: 7\nresults: {source_jobs: [1, {a: b}], source_filter: []}\n",
        "results: {source_jobs: [\"https://hub.harborframework.com/jobs/x\"], source_filter: {agent: 1}}\n"
        "agent: {name: 5}\ndeclared: {total_trials: 3, trials_per_task: 1, n_errors: 0, mean_reward: .nan}\n",
        "submission: {submitted_at: 2026-01-01, submitted_at: 5, version: 2026-01-01}\n", // a date, then a
                                                                                          // number
    };
    const SubmissionPolicy p = loadSubmissionPolicy((kClean / "policy.json").string());
    const BundleTree job = BundleTree::open(kClean.string());
    for (const char* text : cases) {
        SCOPED_TRACE(text);
        const SubmissionReport r = validateSubmission(yaml(text), job, p);
        EXPECT_FALSE(r.passed());
        for (const auto& f : r.findings)
            EXPECT_EQ(f.reason.find('\n'), std::string::npos);
    }
    // The audit runs only when the manifest has what it reads (here agent.name is not a string).
    const SubmissionReport r = validateSubmission(yaml(cases[3]), job, p);
    EXPECT_FALSE(r.auditRun);
    const SubmissionReport first = validateSubmission(yaml(cases[0]), job, p);
    EXPECT_FALSE(first.auditRun);
    EXPECT_FALSE(first.auditSkipped.empty());
}

TEST(Submission, YamlScalarsResolveLikeTheMaintainersLoader) {
    const SubmissionManifest m =
        yaml("a: yes\nb: 1.0\nc: 1e3\nd: 0x1F\ne: 017\nf: 1_000\ng: 2026-09-21\n"
             "h: \"2026-09-21\"\ni: ~\nj: .inf\nk: 1:30\nl: off\nm: 2.3.14\nn: 1.5e-3\n"
             "o: 1.5e3\np: 0o17\nq: !!str 12\nr: 'no'\ns: 2026-09-21T10:00:00Z\nt: 09\n"
             "u: +12\nv: -0.5\nw: null\nx: |\n  text\n");
    const json& d = m.doc;
    EXPECT_EQ(d["a"], json(true));
    EXPECT_TRUE(d["b"].is_number_float());
    EXPECT_EQ(d["c"], json("1e3")); // YAML 1.1 floats need a dot
    EXPECT_EQ(d["d"], json(31));
    EXPECT_EQ(d["e"], json(15)); // octal
    EXPECT_EQ(d["f"], json(1000));
    EXPECT_EQ(d["g"], json("2026-09-21"));
    EXPECT_EQ(d["h"], json("2026-09-21"));
    EXPECT_TRUE(d["i"].is_null());
    EXPECT_TRUE(std::isinf(d["j"].get<double>()));
    EXPECT_EQ(d["k"], json(90)); // sexagesimal
    EXPECT_EQ(d["l"], json(false));
    EXPECT_EQ(d["m"], json("2.3.14"));
    EXPECT_DOUBLE_EQ(d["n"].get<double>(), 1.5e-3);
    EXPECT_EQ(d["o"], json("1.5e3"));
    EXPECT_EQ(d["p"], json("0o17"));
    EXPECT_EQ(d["q"], json("12"));
    EXPECT_EQ(d["r"], json("no"));
    EXPECT_EQ(d["t"], json("09"));
    EXPECT_EQ(d["u"], json(12));
    EXPECT_EQ(d["v"], json(-0.5));
    EXPECT_TRUE(d["w"].is_null());
    EXPECT_EQ(d["x"], json("text\n"));
    EXPECT_EQ(m.yamlTimestamps, (std::vector<std::string>{"$.g", "$.s"}));
}

TEST(Submission, FindsTheManifestInAFolder) {
    EXPECT_EQ(fs::path(findSubmissionManifest(kClean.string())).filename(),
              "alice-claude-code-claude-opus-5.5.yaml");
    TempDir t;
    oneLineError([&] { findSubmissionManifest(t.path.string()); });
    t.write("a.yaml", "x: 1\n");
    EXPECT_EQ(fs::path(findSubmissionManifest(t.path.string())).filename(), "a.yaml");
    t.write("b.yml", "x: 1\n");
    EXPECT_NE(oneLineError([&] { findSubmissionManifest(t.path.string()); }).find("several"),
              std::string::npos);
}

// ---------------------------------------------------------------- hostile input

TEST(SubmissionHostile, MalformedManifestsAreOneLineErrors) {
    const std::vector<std::pair<std::string, bool>> cases = {
        {"a: [1, 2\n", false},
        {"a: b: c\n", false},
        {"- a\n- b\n", false},        // a list at the root
        {"just text\n", false},       // a scalar at the root
        {"", false},                  // empty
        {"a: 1\n---\nb: 2\n", false}, // two documents
        {"a: !!python/object:os.system x\n", false},
        {"a: !!int abc\n", false},
        {"[1, 2]", true},
        {"{\"declared\": " + std::string(100000, '[') + std::string(100000, ']') + "}", true}, // deep JSON
        {"{\"a\": ", true},
        {"\xff\xfe\x00", false},
        {std::string(100000, '['), false}, // deep nesting
        {std::string(200, '[') + std::string(200, ']'), false},
        {"a: &a [1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, "
         "*b, *b]\n"
         "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
         "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n",
         false},                    // alias expansion: 10^6 values
        {"? [a, b]\n: c\n", false}, // a key that is not a scalar
    };
    for (const auto& [text, isJson] : cases) {
        SCOPED_TRACE(text.substr(0, 60));
        oneLineError([&] { parseSubmissionManifest(text, "m.yaml", isJson); });
    }
}

TEST(SubmissionHostile, HugeManifestIsRefusedBeforeParsing) {
    TempDir t;
    const std::string path =
        t.write("huge.yaml", "notes: \"" + std::string(kMaxManifestBytes + 10, 'x') + "\"\n");
    EXPECT_NE(oneLineError([&] { loadSubmissionManifest(path); }).find("larger than"), std::string::npos);
    oneLineError([&] { parseSubmissionManifest(std::string(kMaxManifestBytes + 1, ' '), "m.yaml", false); });
    oneLineError([&] { loadSubmissionManifest((t.path / "missing.yaml").string()); });
    oneLineError([&] { loadSubmissionManifest(t.path.string()); }); // a folder
}

TEST(SubmissionHostile, RandomBytesNeverCrash) {
    std::uint64_t state = 0x9e3779b97f4a7c15ull;
    auto next = [&] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    const std::string alphabet = "ab:-[]{}\"'#&*!|>?,.0123456789 \n\t~%@`yYnN";
    const std::string clean = slurp(findSubmissionManifest(kClean.string()));
    const SubmissionPolicy p = publishedSubmissionPolicy();
    for (int i = 0; i < 600; ++i) {
        std::string text;
        if (i % 3 == 0) { // a mutated real manifest
            text = clean;
            for (int k = 0; k < 1 + static_cast<int>(next() % 8); ++k)
                text[next() % text.size()] = alphabet[next() % alphabet.size()];
        } else {
            const std::size_t n = next() % 300;
            for (std::size_t k = 0; k < n; ++k)
                text += (i % 3 == 1) ? alphabet[next() % alphabet.size()] : static_cast<char>(next() & 0xff);
        }
        for (bool isJson : {false, true}) {
            try {
                const SubmissionManifest m = parseSubmissionManifest(text, "fuzz.yaml", isJson);
                (void)checkSubmissionManifest(m, p);
            } catch (const InputError&) {
            }
        }
    }
}

TEST(SubmissionHostile, BadPoliciesAreOneLineErrors) {
    std::string policy = slurp(kClean / "policy.json");
    auto variant = [&](const std::string& from, const std::string& to) {
        std::string s = policy;
        const auto at = s.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        if (at != std::string::npos) s.replace(at, from.size(), to);
        return s;
    };
    EXPECT_NE(oneLineError([&] {
                  parseSubmissionPolicy(variant("\"task_count\": 3", "\"task_count\": 4"), "p");
              }).find("task_count"),
              std::string::npos);
    EXPECT_NE(oneLineError([&] {
                  parseSubmissionPolicy(variant("\"tag\": \"v2\"", "\"tag\": \"v1\""), "p");
              }).find("only v2"),
              std::string::npos);
    oneLineError([&] { parseSubmissionPolicy(variant("\"artifact_contract\"", "\"contract\""), "p"); });
    oneLineError(
        [&] { parseSubmissionPolicy(variant("\"details_fields\": [", "\"details_fields\": [1, "), "p"); });
    oneLineError([&] { parseSubmissionPolicy("[]", "p"); });
    oneLineError([&] { parseSubmissionPolicy("{", "p"); });
    oneLineError([&] { loadSubmissionPolicy("/nonexistent/policy.json"); });
}

TEST(SubmissionHostile, HostileJobFilesAreFindings) {
    // Result files that are not JSON objects, a huge one, one naming no task: findings, never a crash.
    TempDir t;
    const SubmissionManifest m = loadSubmissionManifest(findSubmissionManifest(kClean.string()));
    const SubmissionPolicy p = loadSubmissionPolicy((kClean / "policy.json").string());
    t.write("job/a/result.json", "[1, 2, 3]");
    t.write("job/b/result.json", "{\"task_name\": null, \"task_id\": null}"); // not a trial
    t.write("job/c/result.json", "\"text\"");
    t.write("job/d/result.json", std::string(1000, '{'));
    const SubmissionReport r = validateSubmission(m, BundleTree::open(t.path.string()), p);
    int invalid = 0;
    for (const auto& f : r.findings) {
        EXPECT_EQ(f.reason.find('\n'), std::string::npos);
        invalid += f.rule == "invalid_result";
    }
    EXPECT_EQ(invalid, 3);
    EXPECT_EQ(r.errors, 3);
    oneLineError([&] { BundleTree::open((t.path / "no-such-job").string()); });
}
