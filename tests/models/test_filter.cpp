// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The shared filter (models/filter.h) and analyse() (models/analysis.h): matching, parsing of command-line
// values, and hand-checked means of a filtered in-memory result set.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>

#include "models/analysis.h"
#include "models/filter.h"
#include "models/report_json.h"
#include "models/result_set.h"
#include "scoring/errors.h"

using namespace vernier;

namespace {

// Four tasks, two systems, two bundles:
//   task  workflow          category   a/m1 (job1)          b/m2 (job1)
//   c1    creation          plate      1.0  $1  10 min      0.6  —    20 min
//   c2    creation          bracket    0.5  $1  10 min      0.0  —    20 min
//   e1    create_and_edit   plate      0.4  $2  10 min      0.8  —    20 min
//   i1    image_to_cad      bracket    0.0  $1  10 min      0.9  —    20 min
// and in job2 a later trial of a/m1 on c2: 0.7, $3, 30 min (selected under "latest finished").
// One trial names a task the pack does not have (a/m1 on "zz", reward 1.0): kept, never counted.
TrialRecord trial(const std::string& system, const std::string& task, double reward,
                  std::optional<double> cost, double startMin, double minutes,
                  const std::string& bundle = "job1") {
    TrialRecord t;
    t.system = *SystemId::parse(system);
    t.taskId = task;
    t.taskName = "gnucleus-ai/" + task;
    t.trialName = task + "__" + t.system.agent + "_" + bundle;
    t.bundle = bundle;
    t.bundleKind = "harbor";
    t.recordedReward = reward;
    t.costUsd = cost;
    t.startedAt = 1.8e9 + startMin * 60;
    t.finishedAt = 1.8e9 + (startMin + minutes) * 60;
    return t;
}

TaskInfo task(const std::string& id, Workflow w, const std::string& category) {
    TaskInfo t;
    t.id = id;
    t.workflow = w;
    t.category = category;
    return t;
}

std::shared_ptr<ResultSet> fixture() {
    auto set = std::make_shared<ResultSet>();
    set->tasks = {task("c1", Workflow::Creation, "plate"), task("c2", Workflow::Creation, "bracket"),
                  task("e1", Workflow::CreateAndEdit, "plate"), task("i1", Workflow::ImageToCad, "bracket")};
    set->bundles = {"job1", "job2"};
    set->trials = {
        trial("a/m1", "c1", 1.0, 1.0, 0, 10),          trial("a/m1", "c2", 0.5, 1.0, 0, 10),
        trial("a/m1", "e1", 0.4, 2.0, 0, 10),          trial("a/m1", "i1", 0.0, 1.0, 0, 10),
        trial("b/m2", "c1", 0.6, std::nullopt, 0, 20), trial("b/m2", "c2", 0.0, std::nullopt, 0, 20),
        trial("b/m2", "e1", 0.8, std::nullopt, 0, 20), trial("b/m2", "i1", 0.9, std::nullopt, 0, 20),
        trial("a/m1", "c2", 0.7, 3.0, 60, 30, "job2"), trial("a/m1", "zz", 1.0, 1.0, 0, 10),
    };
    set->reindex();
    return set;
}

const SystemRow& rowOf(const Analysis& a, const std::string& label) {
    for (const auto& r : a.rows)
        if (r.summary.system.label() == label) return r;
    throw std::runtime_error("no row " + label);
}

std::string messageOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace

TEST(Filter, EmptyFilterMatchesEverything) {
    const auto set = fixture();
    const Filter f;
    EXPECT_TRUE(f.empty());
    EXPECT_FALSE(f.restrictsTasks());
    for (int i = 0; i < static_cast<int>(set->trials.size()); ++i)
        EXPECT_TRUE(f.matches(*set, i)) << i;
    EXPECT_FALSE(f.matches(*set, -1));
    EXPECT_FALSE(f.matches(*set, static_cast<int>(set->trials.size())));
}

TEST(Filter, MatchesBySystemWorkflowCategoryTaskAndBundle) {
    const auto set = fixture();
    auto count = [&](const Filter& f) {
        int n = 0;
        for (int i = 0; i < static_cast<int>(set->trials.size()); ++i)
            n += f.matches(*set, i);
        return n;
    };
    Filter f;
    f.workflows = {Workflow::Creation};
    EXPECT_TRUE(f.restrictsTasks());
    EXPECT_EQ(count(f), 5); // c1, c2 of both systems and a/m1's second c2; not the unmatched "zz"
    f.systems = {"b/m2"};
    EXPECT_EQ(count(f), 2);
    f = {};
    f.categories = {"plate"};
    EXPECT_EQ(count(f), 4); // c1, e1 × 2 systems
    f = {};
    f.tasks = {"c2", "i1"};
    EXPECT_EQ(count(f), 5);
    f = {};
    f.bundles = {"job2"};
    EXPECT_EQ(count(f), 1);
    f = {};
    f.systems = {"a/m1"};
    EXPECT_EQ(count(f), 6); // with the unmatched trial: no task restriction
    f.workflows = {Workflow::Creation, Workflow::ImageToCad};
    EXPECT_EQ(count(f), 4); // c1, c2 ×2, i1
}

TEST(Filter, StatusFollowsTheEffectiveReward) {
    const auto set = fixture();
    Filter f;
    f.status = TrialStatus::Perfect;
    EXPECT_TRUE(f.matches(*set, 0));  // a/m1 c1 1.0
    EXPECT_FALSE(f.matches(*set, 1)); // 0.5
    f.status = TrialStatus::Zero;
    EXPECT_TRUE(f.matches(*set, 3)); // a/m1 i1 0.0
    f.status = TrialStatus::Partial;
    EXPECT_TRUE(f.matches(*set, 1));
    EXPECT_EQ(statusOf(set->trials[4], false), TrialStatus::Partial);
    EXPECT_STREQ(trialStatusKey(TrialStatus::Mismatch), "mismatch");
    EXPECT_EQ(parseTrialStatus("Zero"), TrialStatus::Zero);
}

TEST(Filter, ParsesWorkflowNamesTheGuiAndJsonUse) {
    EXPECT_EQ(parseWorkflowName("creation"), Workflow::Creation);
    EXPECT_EQ(parseWorkflowName("Creation"), Workflow::Creation);
    EXPECT_EQ(parseWorkflowName("create_and_edit"), Workflow::CreateAndEdit);
    EXPECT_EQ(parseWorkflowName("Create & edit"), Workflow::CreateAndEdit);
    EXPECT_EQ(parseWorkflowName("create-and-edit"), Workflow::CreateAndEdit);
    EXPECT_EQ(parseWorkflowName("image_to_cad"), Workflow::ImageToCad);
    EXPECT_EQ(parseWorkflowName("Image to CAD"), Workflow::ImageToCad);
    EXPECT_EQ(parseWorkflowName("IMAGE-TO-CAD"), Workflow::ImageToCad);
    const std::string m = messageOf([] { parseWorkflowName("drawing"); });
    EXPECT_EQ(m, "unknown workflow \"drawing\" (valid: creation, create_and_edit, image_to_cad)");
}

TEST(Filter, ParseFilterChecksValuesAgainstTheSet) {
    const auto set = fixture();
    FilterValues v;
    v.systems = {"b/m2"};
    v.workflows = {"creation", "Image to CAD"};
    v.categories = {"plate"};
    v.tasks = {"c1"};
    v.bundles = {"job1"};
    const Filter f = parseFilter(v, *set);
    EXPECT_EQ(f.systems, (std::set<std::string>{"b/m2"}));
    EXPECT_EQ(f.workflows, (std::set<Workflow>{Workflow::Creation, Workflow::ImageToCad}));
    EXPECT_EQ(f.categories, (std::set<std::string>{"plate"}));
    EXPECT_EQ(f.tasks, (std::set<std::string>{"c1"}));
    EXPECT_EQ(f.bundles, (std::set<std::string>{"job1"}));

    auto bad = [&](FilterValues x) { return messageOf([&] { parseFilter(x, *set); }); };
    FilterValues x;
    x.systems = {"c/m3"};
    EXPECT_EQ(bad(x), "--system: unknown value \"c/m3\" (valid: a/m1, b/m2)");
    x = {};
    x.workflows = {"edit"};
    EXPECT_EQ(bad(x),
              "--workflow: unknown workflow \"edit\" (valid: creation, create_and_edit, image_to_cad)");
    x = {};
    x.categories = {"gear"};
    EXPECT_EQ(bad(x), "--category: unknown value \"gear\" (valid: bracket, plate)");
    x = {};
    x.tasks = {"zz"}; // a trial names it, the pack does not
    EXPECT_EQ(bad(x), "--task: unknown value \"zz\" (valid: c1, c2, e1, i1)");
    x = {};
    x.systems = {"line\nbreak"};
    EXPECT_EQ(bad(x).find('\n'), std::string::npos); // always one line
}

TEST(Analysis, UnfilteredEqualsTheLeaderboard) {
    const auto set = fixture();
    const Analysis a = analyse(set);
    const auto lb = leaderboard(*set);
    ASSERT_EQ(a.rows.size(), lb.size());
    for (std::size_t i = 0; i < lb.size(); ++i) {
        EXPECT_EQ(a.rows[i].summary.system, lb[i].system);
        EXPECT_DOUBLE_EQ(a.rows[i].summary.overall, lb[i].overall);
        EXPECT_EQ(a.rows[i].summary.nTrials, lb[i].nTrials);
        EXPECT_EQ(a.rows[i].summary.costUsd, lb[i].costUsd);
        EXPECT_DOUBLE_EQ(a.rows[i].summary.ci95.lo, lb[i].ci95.lo);
    }
    // a/m1: (1.0 + 0.7 + 0.4 + 0) / 4 = 0.525; b/m2: (0.6 + 0 + 0.8 + 0.9) / 4 = 0.575.
    EXPECT_EQ(a.rows[0].summary.system.label(), "b/m2");
    EXPECT_NEAR(a.rows[0].summary.overall, 0.575, 1e-12);
    EXPECT_NEAR(a.rows[1].summary.overall, 0.525, 1e-12);
    EXPECT_EQ(a.categories, (std::vector<std::string>{"bracket", "plate"}));
    // The JSON of the analysis is the JSON of the set when nothing is filtered.
    EXPECT_EQ(leaderboardJson(a), leaderboardJson(*set));
}

TEST(Analysis, WorkflowFilterGivesHandCheckedMeans) {
    const auto set = fixture();
    Filter f;
    f.workflows = {Workflow::Creation};
    const Analysis a = analyse(set, f);
    EXPECT_EQ(a.tasks, (std::vector<int>{0, 1}));
    ASSERT_EQ(a.rows.size(), 2u);
    // a/m1: c1 1.0, c2 latest 0.7 -> 0.85; b/m2: 0.6, 0 -> 0.3.
    const SystemSummary& am = a.rows[0].summary;
    EXPECT_EQ(am.system.label(), "a/m1");
    EXPECT_NEAR(am.overall, 0.85, 1e-12);
    EXPECT_NEAR(*am.perWorkflow[0], 0.85, 1e-12);
    EXPECT_FALSE(am.perWorkflow[1].has_value());
    EXPECT_EQ(am.nTasks, 2);
    EXPECT_EQ(am.nTrials, 3);                   // c1, and c2 twice
    EXPECT_NEAR(*am.costUsd, 1.0 + 3.0, 1e-12); // the selected trials' costs
    EXPECT_NEAR(*am.meanDurationMin, (10.0 + 30.0) / 2, 1e-9);
    EXPECT_NEAR(*am.costPerPoint, 4.0 / 85.0, 1e-12);
    EXPECT_NEAR(am.perfectRate, 0.5, 1e-12);
    const SystemSummary& bm = a.rows[1].summary;
    EXPECT_NEAR(bm.overall, 0.3, 1e-12);
    EXPECT_FALSE(bm.costUsd.has_value()); // unknown, not 0
    EXPECT_NEAR(bm.zeroRate, 0.5, 1e-12);
    EXPECT_EQ(a.zeroSystemsPerTask, (std::vector<int>{0, 1})); // c2: b/m2 scores 0
    EXPECT_EQ(rowOf(a, "a/m1").zeros.counts.at(ZeroCategory::GeometryZero), 0);

    const auto j = leaderboardJson(a);
    EXPECT_DOUBLE_EQ(j["systems"][0]["overall"].get<double>(), 85.0);
    EXPECT_DOUBLE_EQ(j["systems"][1]["overall"].get<double>(), 30.0);
    EXPECT_TRUE(j["systems"][0]["create_and_edit"].is_null());
    EXPECT_EQ(j["filter"]["workflows"], nlohmann::json::array({"creation"}));
}

TEST(Analysis, CategoryTaskAndSystemFilters) {
    const auto set = fixture();
    Filter f;
    f.categories = {"plate"}; // c1, e1: a/m1 (1.0 + 0.4) / 2 = 0.7, b/m2 (0.6 + 0.8) / 2 = 0.7: tie by label
    Analysis a = analyse(set, f);
    ASSERT_EQ(a.rows.size(), 2u);
    EXPECT_EQ(a.rows[0].summary.system.label(), "a/m1");
    EXPECT_NEAR(a.rows[0].summary.overall, 0.7, 1e-12);
    EXPECT_NEAR(a.rows[1].summary.overall, 0.7, 1e-12);

    f = {};
    f.tasks = {"i1"};
    a = analyse(set, f);
    ASSERT_EQ(a.rows.size(), 2u);
    EXPECT_EQ(a.rows[0].summary.system.label(), "b/m2");
    EXPECT_NEAR(a.rows[0].summary.overall, 0.9, 1e-12);
    EXPECT_NEAR(a.rows[1].summary.overall, 0.0, 1e-12);
    EXPECT_EQ(a.zeroSystemsPerTask, (std::vector<int>{1}));

    f = {};
    f.systems = {"a/m1"};
    a = analyse(set, f);
    ASSERT_EQ(a.rows.size(), 1u);
    EXPECT_NEAR(a.rows[0].summary.overall, 0.525, 1e-12);
    EXPECT_EQ(a.filteredTrials().size(), 6u);
}

TEST(Analysis, PolicyAndBundleRestriction) {
    const auto set = fixture();
    Filter f;
    f.workflows = {Workflow::Creation};
    AnalysisPolicy mean = AnalysisPolicy::of(*set);
    mean.selection = SelectionPolicy::Mean;
    Analysis a = analyse(set, f, mean);
    EXPECT_NE(a.set.get(), set.get());                         // computed on a copy indexed under Mean
    EXPECT_EQ(set->policy(), SelectionPolicy::LatestFinished); // the given set is untouched
    // a/m1: c1 1.0, c2 mean (0.5 + 0.7) / 2 = 0.6 -> 0.8; cost under Mean: every trial, 1 + 1 + 3.
    EXPECT_NEAR(rowOf(a, "a/m1").summary.overall, 0.8, 1e-12);
    EXPECT_NEAR(*rowOf(a, "a/m1").summary.costUsd, 5.0, 1e-12);

    f.bundles = {"job1"}; // without the later c2 trial: a/m1 (1.0 + 0.5) / 2 = 0.75
    a = analyse(set, f);
    EXPECT_NEAR(rowOf(a, "a/m1").summary.overall, 0.75, 1e-12);
    EXPECT_EQ(rowOf(a, "a/m1").summary.nTrials, 2);
    EXPECT_EQ(a.set->bundles, (std::vector<std::string>{"job1"}));
    EXPECT_EQ(analyse(set, {}).set.get(), set.get()); // no copy when nothing asks for one
}

TEST(Analysis, CompareOnTheFilteredTasks) {
    const auto set = fixture();
    const int am = set->systemIndex(*SystemId::parse("a/m1"));
    const int bm = set->systemIndex(*SystemId::parse("b/m2"));
    Filter f;
    f.workflows = {Workflow::Creation};
    const Analysis a = analyse(set, f);
    const PairedComparison c = a.compare(am, bm);
    // c1: 1.0 − 0.6 = 0.4; c2: 0.7 − 0 = 0.7 -> mean 0.55, both higher.
    EXPECT_EQ(c.n, 2);
    EXPECT_NEAR(c.delta, 0.55, 1e-12);
    EXPECT_EQ(c.higher, 2);
    EXPECT_EQ(a.pairedTasks(am, bm), (std::vector<int>{0, 1}));
    const auto j = comparisonJson(a, am, bm);
    EXPECT_DOUBLE_EQ(j["delta"].get<double>(), 55.0);
    EXPECT_EQ(j["n_tasks"].get<int>(), 2);
    // Unfiltered: (0.4 + 0.7 − 0.4 − 0.9) / 4 = −0.05.
    EXPECT_DOUBLE_EQ(comparisonJson(*set, am, bm)["delta"].get<double>(), -5.0);
}
