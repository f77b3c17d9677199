// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The workspace file (models/workspace.h, docs/workspace.md): a round trip with paths below, beside and
// away from the file, moving the file, every malformed case with its one-line reason, system styles, and
// hidden systems leaving the analysis through the filter.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "models/analysis.h"
#include "models/bundle_builder.h"
#include "models/workspace.h"
#include "scoring/errors.h"

using namespace vernier;
using vernier::test::readFile;
using vernier::test::TempDir;
using vernier::test::writeFile;
namespace fs = std::filesystem;

namespace {

std::string reasonOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

// The reason parseWorkspace gives for a text (relative paths resolved against /base).
std::string parseReason(const std::string& text) {
    return reasonOf([&] { parseWorkspace(text, "/base"); });
}

// A well-formed header followed by one more member (a JSON fragment `"key": value`).
std::string withMember(const std::string& member) {
    return R"({"format": "vernier-workspace", "format_version": 1, )" + member + "}";
}

Workspace sampleWorkspace(const std::string& base) {
    Workspace ws;
    ws.bundles = {{base + "/results/job1", true},
                  {fs::path(base).parent_path().string() + "/other/job2", false},
                  {"/mnt/elsewhere/job3", true}};
    ws.taskPack = base + "/pack";
    ws.styles.setAlias("claude-code/opus", "Opus");
    ws.styles.setColour("claude-code/opus", "#1f77b4");
    ws.styles.setHidden("codex/gpt-6", true);
    ws.styles.setAlias("codex/gpt-6 \xC2\xB7 temperature=0.2", "GPT-6 (T=0.2)");
    ws.filter.systems = {"claude-code/opus"};
    ws.filter.hiddenSystems = {"codex/gpt-6"};
    ws.filter.workflows = {Workflow::Creation, Workflow::ImageToCad};
    ws.filter.categories = {"plate"};
    ws.filter.tasks = {"task-a", "task-b"};
    ws.filter.bundles = {base + "/results/job1"};
    ws.filter.status = TrialStatus::Partial;
    ws.policy = SelectionPolicy::Best;
    ws.preferRescored = true;
    ws.splitByJob = true;
    return ws;
}

} // namespace

TEST(Workspace, RoundTripWritesPathsRelativeToTheFile) {
    TempDir d;
    const std::string base = d / "ws";
    const Workspace ws = sampleWorkspace(base);
    const std::string text = workspaceJson(ws, base);
    // Below the file: relative; beside it: "../"; on another tree: absolute.
    EXPECT_NE(text.find(R"("path": "results/job1")"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("path": "../other/job2")"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("path": "/mnt/elsewhere/job3")"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("task_pack": "pack")"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("attempts": "best")"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("rewards": "rescored")"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("status": "partial")"), std::string::npos) << text;
    EXPECT_EQ(text.back(), '\n');
    // Fixed key order: format first, policy last.
    EXPECT_EQ(text.find(R"("format")"), text.find('"'));
    EXPECT_LT(text.find(R"("filter")"), text.find(R"("policy")"));

    const Workspace back = parseWorkspace(text, base);
    EXPECT_EQ(back, ws);
    EXPECT_EQ(back.enabledBundles(),
              (std::vector<std::string>{base + "/results/job1", "/mnt/elsewhere/job3"}));
    // Written again: the same bytes.
    EXPECT_EQ(workspaceJson(back, base), text);
}

TEST(Workspace, SaveAndLoadThroughAFileLeavesNoTemporaryBehind) {
    TempDir d;
    const std::string base = d / "ws";
    fs::create_directories(base);
    const Workspace ws = sampleWorkspace(base);
    const std::string file = base + "/study.vernier.json";
    saveWorkspace(ws, file);
    EXPECT_EQ(loadWorkspace(file), ws);
    // Saved again over the first: still one file in the folder.
    saveWorkspace(ws, file);
    int entries = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(base))
        ++entries;
    EXPECT_EQ(entries, 1);
    // A folder that does not exist: a reason, no crash.
    EXPECT_NE(
        reasonOf([&] { saveWorkspace(ws, d / "missing/dir/x.vernier.json"); }).find("cannot save workspace"),
        std::string::npos);
}

TEST(Workspace, MovedWithItsResultsTheRelativePathsFollow) {
    TempDir d;
    fs::create_directories(d / "a/study");
    Workspace ws;
    ws.bundles = {{d / "a/study/results/job1", true}, {d / "a/shared/job2", true}};
    ws.taskPack = d / "a/study/pack";
    saveWorkspace(ws, d / "a/study/w.vernier.json");
    // The folder moves (a copy of the tree under b/): bundles resolve against the file's new place.
    fs::create_directories(d / "b");
    fs::rename(d / "a", d / "b/a");
    const Workspace moved = loadWorkspace(d / "b/a/study/w.vernier.json");
    ASSERT_EQ(moved.bundles.size(), 2u);
    EXPECT_EQ(moved.bundles[0].path, d / "b/a/study/results/job1");
    EXPECT_EQ(moved.bundles[1].path, d / "b/a/shared/job2");
    EXPECT_EQ(moved.taskPack, d / "b/a/study/pack");
}

TEST(Workspace, HandWrittenFileWithRelativeAndAbsolutePaths) {
    const std::string text = R"({
      "format": "vernier-workspace", "format_version": 1,
      "bundles": [{"path": "results/job1"}, {"path": "../up/job2/", "enabled": false},
                  {"path": "/abs/job3", "enabled": true}],
      "task_pack": "./packs/../pack",
      "systems": {"a/m": {"alias": "A", "hidden": true}, "b/m": {"colour": "#ABCDEF"},
                  "c/m": {"alias": "c/m"}},
      "filter": {"workflows": ["Image to CAD", "create-and-edit"], "status": "Zero",
                 "bundles": ["results/job1"]},
      "policy": {"attempts": "first"},
      "written_by": "a later Vernier that knows more keys"
    })";
    const Workspace ws = parseWorkspace(text, "/data/study");
    ASSERT_EQ(ws.bundles.size(), 3u);
    EXPECT_EQ(ws.bundles[0], (WorkspaceBundle{"/data/study/results/job1", true}));
    EXPECT_EQ(ws.bundles[1], (WorkspaceBundle{"/data/up/job2", false}));
    EXPECT_EQ(ws.bundles[2], (WorkspaceBundle{"/abs/job3", true}));
    EXPECT_EQ(ws.taskPack, "/data/study/pack");
    EXPECT_EQ(ws.styles.displayName("a/m"), "A");
    EXPECT_TRUE(ws.styles.hidden("a/m"));
    EXPECT_EQ(ws.styles.userColour("b/m"), "#ABCDEF");
    EXPECT_EQ(ws.styles.byLabel.count("c/m"), 0u); // an alias equal to the label is no alias
    EXPECT_EQ(ws.filter.hiddenSystems, (std::set<std::string>{"a/m"}));
    EXPECT_EQ(ws.filter.workflows, (std::set<Workflow>{Workflow::CreateAndEdit, Workflow::ImageToCad}));
    EXPECT_EQ(ws.filter.status, TrialStatus::Zero);
    EXPECT_EQ(ws.filter.bundles, (std::set<std::string>{"/data/study/results/job1"}));
    EXPECT_EQ(ws.policy, SelectionPolicy::First);
    EXPECT_FALSE(ws.preferRescored);
    EXPECT_FALSE(ws.splitByJob);
}

TEST(Workspace, MinimalFileHasTheDefaults) {
    const Workspace ws = parseWorkspace(R"({"format": "vernier-workspace", "format_version": 1})", "/x");
    EXPECT_EQ(ws, Workspace{});
    EXPECT_EQ(parseWorkspace(withMember(R"("task_pack": null)"), "/x").taskPack, "");
    EXPECT_EQ(parseWorkspace(withMember(R"("task_pack": "")"), "/x").taskPack, "");
}

TEST(Workspace, EveryMalformedCaseHasItsReason) {
    const std::pair<std::string, std::string> cases[] = {
        {"{not json", "workspace: not JSON"},
        {"", "workspace: not JSON"},
        {"[1, 2]", "workspace: the file must be a JSON object, not an array"},
        {R"({"format_version": 1})", "workspace: no \"format\" (expected \"vernier-workspace\")"},
        {R"({"format": "vernier-results", "format_version": 1})",
         "workspace: format is \"vernier-results\", not \"vernier-workspace\""},
        {R"({"format": 7, "format_version": 1})", "workspace: format must be a string, not a number"},
        {R"({"format": "vernier-workspace"})", "workspace: no \"format_version\""},
        {R"({"format": "vernier-workspace", "format_version": "1"})",
         "workspace: format_version must be an integer, not a string"},
        {R"({"format": "vernier-workspace", "format_version": 1.5})",
         "workspace: format_version must be an integer, not a number"},
        {R"({"format": "vernier-workspace", "format_version": 2})",
         "workspace: format_version 2 was written by a newer Vernier (this one reads 1)"},
        {R"({"format": "vernier-workspace", "format_version": 18446744073709551615})",
         "workspace: format_version 18446744073709551615 was written by a newer Vernier (this one reads 1)"},
        {R"({"format": "vernier-workspace", "format_version": 0})",
         "workspace: format_version 0 is not a version (expected 1)"},
        {withMember(R"("bundles": {"path": "x"})"), "workspace: bundles must be an array, not an object"},
        {withMember(R"("bundles": ["results/job1"])"),
         "workspace: bundles[0] must be an object, not a string"},
        {withMember(R"("bundles": [{"enabled": true}])"), "workspace: bundles[0] has no \"path\""},
        {withMember(R"("bundles": [{"path": "a"}, {"path": ""}])"), "workspace: bundles[1].path is empty"},
        {withMember(R"("bundles": [{"path": 3}])"),
         "workspace: bundles[0].path must be a string, not a number"},
        {withMember(R"("bundles": [{"path": "a", "enabled": "yes"}])"),
         "workspace: bundles[0].enabled must be true or false, not a string"},
        {withMember(R"("task_pack": ["p"])"), "workspace: task_pack must be a string, not an array"},
        {withMember(R"("systems": [])"), "workspace: systems must be an object, not an array"},
        {withMember(R"("systems": {"": {}})"), "workspace: systems has an empty label"},
        {withMember(R"("systems": {"a/m": "A"})"),
         "workspace: systems[\"a/m\"] must be an object, not a string"},
        {withMember(R"("systems": {"a/m": {"colour": "red"}})"),
         "workspace: systems[\"a/m\"].colour \"red\" is not a colour (expected #rrggbb)"},
        {withMember(R"("systems": {"a/m": {"colour": "#12345g"}})"),
         "workspace: systems[\"a/m\"].colour \"#12345g\" is not a colour (expected #rrggbb)"},
        {withMember(R"("systems": {"a/m": {"alias": 1}})"),
         "workspace: systems[\"a/m\"].alias must be a string, not a number"},
        {withMember(R"("systems": {"a/m": {"hidden": 1}})"),
         "workspace: systems[\"a/m\"].hidden must be true or false, not a number"},
        {withMember(R"("filter": [])"), "workspace: filter must be an object, not an array"},
        {withMember(R"("filter": {"systems": "a/m"})"),
         "workspace: filter.systems must be an array of strings, not a string"},
        {withMember(R"("filter": {"tasks": ["a", 2]})"),
         "workspace: filter.tasks[1] must be a string, not a number"},
        {withMember(R"("filter": {"bundles": [""]})"), "workspace: filter.bundles[0] is empty"},
        {withMember(R"("policy": "best")"), "workspace: policy must be an object, not a string"},
        {withMember(R"("policy": {"attempts": "median"})"),
         "workspace: policy.attempts \"median\" is not latest, mean, best or first"},
        {withMember(R"("policy": {"rewards": "both"})"),
         "workspace: policy.rewards \"both\" is not recorded or rescored"},
        {withMember(R"("policy": {"split_by_job": "no"})"),
         "workspace: policy.split_by_job must be true or false, not a string"},
        {std::string(100, '[') + std::string(100, ']'), "workspace: nested deeper than 32 levels"},
        // Control characters in a label stay on the reason's one line; long values are cut.
        {withMember(R"("systems": {"a\nb": {"colour": "x"}})"),
         "workspace: systems[\"a\\x0ab\"].colour \"x\" is not a colour (expected #rrggbb)"},
        {withMember(R"("policy": {"attempts": ")" + std::string(100, 'z') + R"("})"),
         "workspace: policy.attempts \"" + std::string(80, 'z') +
             "\xE2\x80\xA6\" is not latest, mean, best or first"},
    };
    for (const auto& [text, reason] : cases)
        EXPECT_EQ(parseReason(text), reason) << text;
    // Reasons whose wording comes from the shared parsers keep their prefix.
    EXPECT_EQ(parseReason(withMember(R"("filter": {"workflows": ["drawing"]})"))
                  .rfind("workspace: filter.workflows: ", 0),
              0u);
    EXPECT_EQ(
        parseReason(withMember(R"("filter": {"status": "great"})")).rfind("workspace: filter.status: ", 0),
        0u);
    // One line each.
    for (const auto& [text, reason] : cases)
        EXPECT_EQ(parseReason(text).find('\n'), std::string::npos);
}

TEST(Workspace, FilesThatCannotBeReadAreRefused) {
    TempDir d;
    EXPECT_EQ(reasonOf([&] { loadWorkspace(d / "none.vernier.json"); }),
              "workspace " + (d / "none.vernier.json") + ": no such file");
    EXPECT_EQ(reasonOf([&] { loadWorkspace(d.path()); }),
              "workspace " + d.path() + ": is a folder, not a file");
    // Larger than 16 MiB: refused before parsing (valid JSON padded with spaces).
    const std::string big = d / "big.vernier.json";
    writeFile(big,
              R"({"format": "vernier-workspace", "format_version": 1})" + std::string((16u << 20) + 1, ' '));
    EXPECT_EQ(reasonOf([&] { loadWorkspace(big); }), "workspace " + big + ": larger than 16 MiB");
    EXPECT_EQ(parseReason(std::string((16u << 20) + 1, ' ')), "workspace: larger than 16 MiB");
    // A malformed file names itself.
    const std::string bad = d / "bad.vernier.json";
    writeFile(bad, R"({"format": "vernier-workspace", "format_version": 3})");
    EXPECT_EQ(reasonOf([&] { loadWorkspace(bad); }),
              "workspace " + bad + ": format_version 3 was written by a newer Vernier (this one reads 1)");
}

namespace {

TrialRecord trial(const std::string& system, const std::string& task, double reward) {
    TrialRecord t;
    t.system = *SystemId::parse(system);
    t.taskId = task;
    t.taskName = "gnucleus-ai/" + task;
    t.trialName = task + "__" + t.system.agent;
    t.bundle = "job";
    t.bundleKind = "harbor";
    t.recordedReward = reward;
    t.startedAt = 1.8e9;
    t.finishedAt = 1.8e9 + 600;
    return t;
}

} // namespace

TEST(Workspace, StylesAndHiddenSystemsReachTheAnalysis) {
    auto set = std::make_shared<ResultSet>();
    TaskInfo t1;
    t1.id = "t1";
    t1.workflow = Workflow::Creation;
    set->tasks = {t1};
    set->bundles = {"job"};
    set->trials = {trial("a/m", "t1", 1.0), trial("b/m", "t1", 0.5), trial("c/m", "t1", 0.0)};
    set->reindex();

    const Workspace ws =
        parseWorkspace(withMember(R"("systems": {"a/m": {"alias": "Alpha", "colour": "#ff0000"},
                                                                  "b/m": {"hidden": true}},
                                                     "filter": {"systems": ["a/m", "b/m"]})"),
                       "/x");
    Analysis a = analyse(set, ws.filter);
    a.styles = ws.styles;
    // b/m is hidden although the filter names it; c/m is not in the filter.
    ASSERT_EQ(a.rows.size(), 1u);
    EXPECT_EQ(a.rows[0].summary.system.label(), "a/m");
    EXPECT_EQ(a.displayName(a.rows[0].system), "Alpha");
    EXPECT_EQ(a.userColour(a.rows[0].system), "#ff0000");
    EXPECT_EQ(a.displayName(set->systemIndex(*SystemId::parse("c/m"))), "c/m");
    // Identity colours by the sorted labels of every system, whatever is hidden or scored.
    EXPECT_EQ(a.colourSlot(set->systemIndex(*SystemId::parse("c/m"))), 2);

    // Without the filter's system choice, the hidden one still stays out.
    Filter f = ws.filter;
    f.systems.clear();
    const Analysis all = analyse(set, f);
    ASSERT_EQ(all.rows.size(), 2u);
    EXPECT_EQ(all.rows[0].summary.system.label(), "a/m");
    EXPECT_EQ(all.rows[1].summary.system.label(), "c/m");
}

TEST(Workspace, CommittedExampleFilesReadAsDocumented) {
    // tests/data/workspace/README.md
    const std::string dir = std::string(VERNIER_TEST_DATA_DIR) + "/workspace";
    const Workspace ws = loadWorkspace(dir + "/study.vernier.json");
    ASSERT_EQ(ws.bundles.size(), 2u);
    EXPECT_EQ(ws.bundles[0].path, dir + "/results/2026-10-07__09-00-00");
    EXPECT_EQ(ws.bundles[1].path, std::string(VERNIER_TEST_DATA_DIR) + "/shared/job2");
    EXPECT_FALSE(ws.bundles[1].enabled);
    EXPECT_EQ(ws.taskPack, dir + "/pack");
    EXPECT_EQ(ws.styles.displayName("claude-code/claude-opus-5.5 \xC2\xB7 temperature=0.2"), "Opus (T=0.2)");
    EXPECT_EQ(ws.filter.hiddenSystems, (std::set<std::string>{"codex/gpt-6-astra"}));
    EXPECT_EQ(ws.filter.workflows, (std::set<Workflow>{Workflow::Creation}));
    EXPECT_EQ(ws.policy, SelectionPolicy::Mean);
    // Written back beside itself: the same bytes as the committed file.
    EXPECT_EQ(workspaceJson(ws, dir), readFile(dir + "/study.vernier.json"));
    EXPECT_EQ(loadWorkspace(dir + "/minimal.vernier.json"), Workspace{});
    EXPECT_NE(reasonOf([&] {
                  loadWorkspace(dir + "/newer_version.vernier.json");
              }).find("written by a newer Vernier"),
              std::string::npos);
    EXPECT_NE(reasonOf([&] {
                  loadWorkspace(dir + "/bad_colour.vernier.json");
              }).find("colour \"rgb(1,2,3)\" is not a colour (expected #rrggbb)"),
              std::string::npos);
}
