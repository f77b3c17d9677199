// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Importers on hand-made task packs, Harbor job folders, submission trees and zips of them,
// including malformed files (each affects only its own trial).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bundle_builder.h"
#include "models/result_set.h"
#include "scoring/errors.h"

namespace fs = std::filesystem;
using namespace vernier;
using namespace vernier::test;

namespace {

const char* kDetailsSingle = R"({"score":0.5,"geometry_similarity":0.6,"cad_spec_consistency":0.4286,
  "combined":0.5,"geometry_similarity_reason":"ref vs cand: overall=0.6","cad_spec_consistency_reason":"ok"})";
const char* kDetailsGate = R"({"score":0,"geometry_similarity":0,"cad_spec_consistency":0.9,"combined":0,
  "geometry_similarity_reason":"face count differs by 60% (candidate=10, reference=25; threshold 50%) — gated"})";
const char* kDetailsEdit = R"({"score":0.0,"base":{"geometry_similarity":0.8,"cad_spec_consistency":1.0},
  "target":{"geometry_similarity":0.7,"cad_spec_consistency":0.0}})";

// Three tasks: one of each workflow; the second and third infer their workflow from their files.
void makePack(const std::string& pack) {
    writeTask(pack, "task-a",
              "[metadata]\nworkflow = \"creation\"\ncategory = \"plate\"\ndifficulty = \"easy\"\n"
              "tags = [\"holes\", \"pattern\"]\n",
              {"tests/reference.FCStd", "tests/spec.json", "tests/param_check.py"});
    writeTask(pack, "task-b", "[metadata]\ncategory = \"bracket\"\n",
              {"tests/reference_base.FCStd", "tests/reference_edit.FCStd", "tests/spec.json"});
    writeTask(pack, "task-c", "", {"drawing.png", "tests/reference.FCStd", "tests/spec.json"});
}

void makeJob(const std::string& job) {
    writeFile(job + "/config.json", R"({"job_name":"job1"})");
    writeFile(job + "/result.json", R"({"id":"job1","stats":{}})");
    TrialSpec good;
    good.cost = 1.25;
    writeHarborTrial(job, good, R"({"reward": 0.5})", kDetailsSingle, {"answer.FCStd", "answer.py"});

    TrialSpec gated = good;
    gated.taskName = "gnucleus-ai/task-c";
    gated.trialName = "task-c__g1";
    gated.cost.reset();
    writeHarborTrial(job, gated, R"({"reward": 0})", kDetailsGate, {"answer.FCStd"});

    TrialSpec edit = good;
    edit.taskName = "gnucleus-ai/task-b";
    edit.trialName = "task-b__e1";
    edit.cost = 0.75;
    writeHarborTrial(job, edit, R"({"reward": 0.0})", kDetailsEdit,
                     {"answer_base.FCStd", "answer_edit.FCStd"});

    // Malformed result.json: only this trial is affected.
    writeFile(job + "/task-b__bad/result.json", "{ \"task_name\": ");
    writeFile(job + "/task-b__bad/config.json", R"({"task":{"path":"tasks/gnucleus-ai/task-b"}})");

    // reward.json with a string value.
    TrialSpec strReward = good;
    strReward.trialName = "task-a__str";
    writeHarborTrial(job, strReward, R"({"reward": "0.9"})", "", {"answer.FCStd"});

    // Exception-only trial: no answer, no reward.
    TrialSpec exc = good;
    exc.taskName = "gnucleus-ai/task-c";
    exc.trialName = "task-c__exc";
    exc.exceptionType = "AgentTimeoutError";
    exc.exceptionMessage = "Agent execution timed out after 3600 seconds\nTraceback ...";
    exc.finishedAt = "2026-09-20T09:00:00Z";
    writeHarborTrial(job, exc, "", "", {});
}

} // namespace

TEST(TaskPack, ReadsFolderAndInfersWorkflow) {
    TempDir d;
    makePack(d / "pack");
    TaskPack pack = loadTaskPack(d / "pack");
    ASSERT_EQ(pack.tasks.size(), 3u);
    const TaskInfo* a = pack.find("task-a");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->workflow, Workflow::Creation);
    EXPECT_FALSE(a->workflowInferred);
    EXPECT_EQ(a->category, "plate");
    EXPECT_EQ(a->difficulty, "easy");
    EXPECT_EQ(a->tags, (std::vector<std::string>{"holes", "pattern"}));
    EXPECT_EQ(a->instruction, "Model the part task-a.\n");
    EXPECT_FALSE(a->reference.empty());
    EXPECT_FALSE(a->paramCheck.empty());
    EXPECT_EQ(a->paramCheck.readAll(), "bytes of tests/param_check.py");
    const TaskInfo* b = pack.find("task-b");
    EXPECT_EQ(b->workflow, Workflow::CreateAndEdit);
    EXPECT_TRUE(b->workflowInferred);
    EXPECT_TRUE(b->reference.empty());
    EXPECT_FALSE(b->referenceBase.empty());
    EXPECT_FALSE(b->referenceEdit.empty());
    const TaskInfo* c = pack.find("task-c");
    EXPECT_EQ(c->workflow, Workflow::ImageToCad);
    EXPECT_TRUE(c->workflowInferred);
    EXPECT_EQ(c->drawing.fileName(), "drawing.png");
}

TEST(TaskPack, ReadsZipWithWrapperFolder) {
    TempDir d;
    makePack(d / "pack");
    zipFolder(d / "pack", d / "pack.zip", "v3-pack/");
    TaskPack pack = loadTaskPack(d / "pack.zip");
    ASSERT_EQ(pack.tasks.size(), 3u);
    EXPECT_EQ(pack.tasks[1].id, "task-b");
    EXPECT_EQ(pack.tasks[1].workflow, Workflow::CreateAndEdit);
    EXPECT_TRUE(pack.tasks[0].reference.isInZip());
    EXPECT_EQ(pack.tasks[0].reference.readAll(), "bytes of tests/reference.FCStd");
    EXPECT_EQ(pack.tasks[0].tags.size(), 2u);
}

TEST(TaskPack, BadTomlAndUnknownWorkflowAreListedNotFatal) {
    TempDir d;
    makePack(d / "pack");
    writeTask(d / "pack", "task-d", "[metadata\nworkflow = ", {"tests/reference.FCStd"});
    writeTask(d / "pack", "task-e", "[metadata]\nworkflow = \"sculpting\"\n", {"tests/reference.FCStd"});
    TaskPack pack = loadTaskPack(d / "pack");
    ASSERT_EQ(pack.tasks.size(), 5u);
    EXPECT_NE(pack.find("task-d")->loadError.find("task.toml"), std::string::npos);
    EXPECT_NE(pack.find("task-e")->loadError.find("sculpting"), std::string::npos);
    EXPECT_EQ(pack.problems.size(), 2u);
}

TEST(TaskPack, RejectsMissingAndEmptyInputs) {
    TempDir d;
    EXPECT_THROW(loadTaskPack(d / "nope"), InputError);
    fs::create_directories(d / "empty");
    EXPECT_THROW(loadTaskPack(d / "empty"), InputError);
    writeFile(d / "junk.zip", "this is not a zip");
    EXPECT_THROW(loadTaskPack(d / "junk.zip"), InputError);
}

TEST(HarborImport, ReadsEveryFieldAndIsolatesMalformedTrials) {
    TempDir d;
    makePack(d / "pack");
    makeJob(d / "job1");
    ResultSet set = importResults({d / "job1"}, d / "pack");
    ASSERT_EQ(set.trials.size(), 6u); // the job folder itself is not a trial
    ASSERT_EQ(set.systems.size(), 1u);
    EXPECT_EQ(set.systems[0].label(), "claude-code/opus");

    auto find = [&](const std::string& name) -> const TrialRecord& {
        for (const auto& t : set.trials)
            if (t.trialName == name || fs::path(t.trialPath).filename() == name) return t;
        throw std::runtime_error("no trial " + name);
    };
    const TrialRecord& good = find("task-a__abc");
    EXPECT_EQ(good.taskId, "task-a");
    EXPECT_EQ(good.taskName, "gnucleus-ai/task-a");
    EXPECT_EQ(good.bundleKind, "harbor");
    EXPECT_TRUE(good.loadError.empty());
    EXPECT_DOUBLE_EQ(*good.recordedReward, 0.5);
    EXPECT_DOUBLE_EQ(*good.costUsd, 1.25);
    EXPECT_EQ(*good.tokens.input, 1000);
    EXPECT_EQ(*good.tokens.output, 200);
    EXPECT_DOUBLE_EQ(*good.durationSeconds(), 1800.0);
    EXPECT_TRUE(good.recordedDetails.present);
    EXPECT_DOUBLE_EQ(*good.recordedDetails.single.geometry, 0.6);
    EXPECT_DOUBLE_EQ(*good.recordedDetails.single.spec, 0.4286);
    EXPECT_EQ(good.answer.fileName(), "answer.FCStd");
    EXPECT_EQ(good.answerPy.fileName(), "answer.py");
    EXPECT_EQ(good.zero.category, ZeroCategory::None);

    const TrialRecord& gated = find("task-c__g1");
    EXPECT_FALSE(gated.costUsd.has_value()); // null cost is unknown, not zero
    EXPECT_EQ(gated.zero.category, ZeroCategory::GeometryZero);
    EXPECT_EQ(gated.zero.gate, "face_count");

    const TrialRecord& edit = find("task-b__e1");
    ASSERT_TRUE(edit.recordedDetails.base && edit.recordedDetails.target);
    EXPECT_DOUBLE_EQ(*edit.recordedDetails.target->spec, 0.0);
    EXPECT_EQ(edit.zero.category, ZeroCategory::SpecZero);

    const TrialRecord& bad = find("task-b__bad");
    EXPECT_EQ(bad.taskId, "task-b"); // identity still recovered from config.json
    EXPECT_NE(bad.loadError.find("result.json"), std::string::npos);

    const TrialRecord& str = find("task-a__str");
    EXPECT_EQ(str.loadError, "reward.json: \"reward\" is not a number");

    const TrialRecord& exc = find("task-c__exc");
    EXPECT_TRUE(exc.loadError.empty());
    EXPECT_FALSE(exc.recordedReward.has_value());
    EXPECT_EQ(exc.exceptionType, "AgentTimeoutError");
    EXPECT_EQ(exc.exceptionMessage, "Agent execution timed out after 3600 seconds");
    EXPECT_EQ(exc.zero.category, ZeroCategory::FinalException);

    // Malformed trials are listed with their reason and excluded from the selection.
    int listed = 0;
    for (const auto& p : set.problems)
        if (p.path.find("task-b__bad") != std::string::npos ||
            p.path.find("task-a__str") != std::string::npos)
            ++listed;
    EXPECT_EQ(listed, 2);
    EXPECT_EQ(set.trialCount(0), 4);
    // task-c has two valid trials; the later-finished one (g1, 10:30) is selected.
    EXPECT_EQ(set.trials[static_cast<std::size_t>(set.selectedTrial(0, set.taskIndex("task-c")))].trialName,
              "task-c__g1");
}

TEST(HarborImport, SelectionPolicyLatestOrMean) {
    TempDir d;
    makePack(d / "pack");
    TrialSpec t1;
    t1.trialName = "task-a__1";
    t1.finishedAt = "2026-09-20T11:00:00+02:00"; // 09:00Z: earlier
    writeHarborTrial(d / "job", t1, R"({"reward": 0.2})", "", {"answer.FCStd"});
    TrialSpec t2 = t1;
    t2.trialName = "task-a__2";
    t2.finishedAt = "2026-09-20T10:00:00Z";
    writeHarborTrial(d / "job", t2, R"({"reward": 0.6})", "", {"answer.FCStd"});
    ResultSet set = importResults({d / "job"}, d / "pack");
    ASSERT_EQ(set.trialsOf(0, 0).size(), 2u);
    EXPECT_DOUBLE_EQ(*set.selectedReward(0, 0), 0.6);
    set.setPolicy(SelectionPolicy::Mean);
    EXPECT_DOUBLE_EQ(*set.selectedReward(0, 0), 0.4);
    EXPECT_FALSE(set.selectedReward(0, 1).has_value());
}

TEST(SubmissionImport, ReadsRunsLayoutAndZipsMixedWithHarbor) {
    TempDir d;
    makePack(d / "pack");
    makeJob(d / "job1");
    const std::string run = d / "sub/runs/codex/gpt-6/task-a";
    writeFile(run + "/result.json", trialResultJson([] {
                  TrialSpec t;
                  t.agent = "ignored";
                  t.model = "ignored";
                  t.cost = 2.0;
                  return t;
              }()));
    writeFile(run + "/reward.json", R"({"reward": 1.0})");
    writeFile(run + "/reward_details.json",
              R"({"geometry_similarity":1,"cad_spec_consistency":1,"combined":1})");
    writeFile(run + "/answer.FCStd", "doc");
    writeFile(run + "/answer.py", "print(1)");
    writeFile(run + "/agent.log", "log");
    writeFile(run + "/trajectory.json", "{}");
    // A submission trial whose reward file is missing: an answer exists, so it is a scorer crash.
    writeFile(d / "sub/runs/codex/gpt-6/task-c/answer.FCStd", "doc");
    zipFolder(d / "sub", d / "sub.zip");
    zipFolder(d / "job1", d / "job1.zip", "job1/");

    ResultSet set = importResults({d / "job1.zip", d / "sub.zip"}, d / "pack");
    ASSERT_EQ(set.systems.size(), 2u);
    int codex = set.systemIndex({"codex", "gpt-6"});
    ASSERT_GE(codex, 0);
    EXPECT_EQ(set.trialCount(codex), 2);
    const TrialRecord& t =
        set.trials[static_cast<std::size_t>(set.selectedTrial(codex, set.taskIndex("task-a")))];
    EXPECT_EQ(t.bundleKind, "submission");
    EXPECT_EQ(t.trialName, "codex/gpt-6/task-a");
    EXPECT_DOUBLE_EQ(*t.recordedReward, 1.0);
    EXPECT_DOUBLE_EQ(*t.costUsd, 2.0);
    EXPECT_TRUE(t.answer.isInZip());
    EXPECT_EQ(t.answer.readAll(), "doc");
    EXPECT_EQ(t.agentLog.readAll(), "log");
    EXPECT_FALSE(t.trajectory.empty());
    const TrialRecord& crash =
        set.trials[static_cast<std::size_t>(set.selectedTrial(codex, set.taskIndex("task-c")))];
    EXPECT_EQ(crash.zero.category, ZeroCategory::ScorerCrash);
    // The Harbor zip gives the same six trials as the folder.
    int claude = set.systemIndex({"claude-code", "opus"});
    EXPECT_EQ(set.trialCount(claude), 4);
}

TEST(SubmissionImport, RunsFolderGivenDirectly) {
    TempDir d;
    makePack(d / "pack");
    writeFile(d / "runs/mini-swe-agent/opus-5.5/task-a/reward.json", R"({"reward": 0.25})");
    writeFile(d / "runs/mini-swe-agent/opus-5.5/task-a/answer.FCStd", "doc");
    ResultSet set = importResults({d / "runs"}, d / "pack");
    ASSERT_EQ(set.systems.size(), 1u);
    EXPECT_EQ(set.systems[0].label(), "mini-swe-agent/opus-5.5");
    EXPECT_DOUBLE_EQ(*set.selectedReward(0, 0), 0.25);
}

TEST(BundleImport, SymlinksOutsideTheBundleAreNotFollowed) {
    TempDir d;
    makePack(d / "pack");
    TrialSpec s;
    writeHarborTrial(d / "job", s, R"({"reward": 0.5})", "", {});
    writeFile(d / "secret/answer.FCStd", "outside");
    fs::create_directories(d / "job/task-a__abc/artifacts");
    fs::create_symlink(d / "secret/answer.FCStd", d / "job/task-a__abc/artifacts/answer.FCStd");
    fs::create_symlink(d / "secret", d / "job/escape");
    ResultSet set = importResults({d / "job"}, d / "pack");
    ASSERT_EQ(set.trials.size(), 1u);
    EXPECT_TRUE(set.trials[0].answer.empty());
    int skipped = 0;
    for (const auto& p : set.problems)
        if (p.reason.find("outside the bundle") != std::string::npos) ++skipped;
    EXPECT_EQ(skipped, 2);
}

TEST(BundleImport, NothingIsWrittenInsideABundle) {
    TempDir d;
    makePack(d / "pack");
    makeJob(d / "job1");
    auto snapshot = [&] {
        std::map<std::string, std::pair<std::uintmax_t, fs::file_time_type>> m;
        for (const auto& e : fs::recursive_directory_iterator(d / "job1"))
            m[e.path().string()] = {e.is_regular_file() ? e.file_size() : 0, e.last_write_time()};
        return m;
    };
    auto before = snapshot();
    ResultSet set = importResults({d / "job1"}, d / "pack");
    EXPECT_EQ(set.trials.size(), 6u);
    EXPECT_EQ(snapshot(), before);
}

TEST(BundleImport, UnmatchedTaskIsListed) {
    TempDir d;
    makePack(d / "pack");
    TrialSpec s;
    s.taskName = "org/not-in-pack";
    s.trialName = "not-in-pack__1";
    writeHarborTrial(d / "job", s, R"({"reward": 0.5})", "", {"answer.FCStd"});
    ResultSet set = importResults({d / "job"}, d / "pack");
    ASSERT_EQ(set.unmatchedTrials().size(), 1u);
    EXPECT_EQ(set.trialCount(0), 0);
    ASSERT_FALSE(set.problems.empty());
    EXPECT_NE(set.problems.back().reason.find("not in the task pack"), std::string::npos);
}

// Token counts are read as 64-bit integers. A count past that range (here 4e36, which JSON parsing can only
// give as a double, and 2^64 - 1, an unsigned above INT64_MAX) reads as absent rather than being converted
// with undefined behaviour (fuzz_trial_files found the first: tests/data/hostile/fuzz-regressions/README.md);
// a count written as a float in range is taken as nlohmann converts it (1e3 → 1000).
TEST(HarborImport, TokenCountsOutsideTheIntegerRangeReadAsAbsent) {
    TempDir d;
    const fs::path trial = fs::path(d / "job") / "freecad-0000000000__t";
    fs::create_directories(trial);
    std::ofstream(trial / "result.json") << R"({"task_name": "x/freecad-0000000000", "agent_result": {
        "n_input_tokens": 4000000000000000000000000000000000000,
        "n_cache_tokens": 18446744073709551615,
        "n_output_tokens": 1e3}})";
    std::vector<TrialRecord> trials;
    std::vector<ImportProblem> problems;
    ImportOptions options;
    options.useIndex = false;
    importBundle(d / "job", trials, problems, options);
    ASSERT_EQ(trials.size(), 1u);
    EXPECT_FALSE(trials[0].tokens.input.has_value());
    EXPECT_FALSE(trials[0].tokens.cache.has_value());
    ASSERT_TRUE(trials[0].tokens.output.has_value());
    EXPECT_EQ(*trials[0].tokens.output, 1000);
}

// A trial's config.json stands in for what result.json lacks — here an older result.json without the
// config dump: the agent's model and kwargs and the job id come from config.json. When result.json
// carries everything (a finished trial of Harbor 0.20–0.22), config.json is not read at all, so even a
// damaged one changes nothing (docs/index.md "Performance": one entry less to inflate and parse per trial).
TEST(HarborImport, ConfigJsonIsReadOnlyForWhatResultJsonLacks) {
    TempDir d;
    const fs::path job = fs::path(d / "job");
    const fs::path older = job / "freecad-0000000001__old";
    fs::create_directories(older);
    std::ofstream(older / "result.json") << R"({"task_name": "x/freecad-0000000001",
        "trial_name": "freecad-0000000001__old"})";
    std::ofstream(older / "config.json") << R"({"trial_name": "freecad-0000000001__old", "job_id": "j-7",
        "agent": {"name": "codex", "model_name": "lab/gpt-x", "kwargs": {"effort": "high"}}})";
    const fs::path finished = job / "freecad-0000000002__new";
    fs::create_directories(finished);
    std::ofstream(finished / "result.json") << R"({"task_name": "x/freecad-0000000002",
        "trial_name": "freecad-0000000002__new", "agent_info": {"name": "claude-code",
        "model_info": {"name": "opus", "provider": "anthropic"}},
        "config": {"job_id": "j-8", "agent": {"name": "claude-code", "model_name": "anthropic/opus"}}})";
    std::ofstream(finished / "config.json") << "{ damaged";
    std::vector<TrialRecord> trials;
    std::vector<ImportProblem> problems;
    ImportOptions options;
    options.useIndex = false;
    importBundle(job.string(), trials, problems, options);
    ASSERT_EQ(trials.size(), 2u);
    const TrialRecord& a = trials[0].trialName == "freecad-0000000001__old" ? trials[0] : trials[1];
    const TrialRecord& b = &a == &trials[0] ? trials[1] : trials[0];
    EXPECT_EQ(a.system.agent, "codex");
    EXPECT_EQ(a.system.model, "gpt-x");
    EXPECT_EQ(a.run.jobId, "j-7");
    ASSERT_EQ(a.run.agentKwargs.size(), 1u);
    EXPECT_EQ(a.run.agentKwargs[0].first, "effort");
    EXPECT_EQ(a.run.agentKwargs[0].second, "\"high\"");
    EXPECT_EQ(b.system.agent, "claude-code");
    EXPECT_EQ(b.system.model, "opus");
    EXPECT_EQ(b.run.jobId, "j-8");
    EXPECT_TRUE(b.warnings.empty()) << b.warnings.front();
    EXPECT_TRUE(b.loadError.empty());
}
