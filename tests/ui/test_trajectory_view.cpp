// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The trajectory tab: the step model (lazily paged, subagents as children with their own totals), the
// header's totals, the selected step's details, the text fallback for non-ATIF files, and the tab inside
// the trial inspector on a sample trial (screenshots when VERNIER_SCREENSHOT_DIR is set).
#include <filesystem>
#include <fstream>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>
#include <gtest/gtest.h>

#include "models/result_set.h"
#include "ui/inspector/trajectory_view.h"
#include "ui/inspector/trial_inspector.h"

using namespace vernier;
using namespace vernier::ui;
namespace fs = std::filesystem;

namespace {

// v1.7 with content parts, tool calls, observations and two subagents (one nested), each with totals.
const char* kV17 = R"({
  "schema_version": "ATIF-v1.7",
  "session_id": "run-7",
  "trajectory_id": "main",
  "agent": {"name": "claude-code", "version": "2.1", "model_name": "claude-opus-x"},
  "continued_trajectory_ref": "trajectory.cont-1.json",
  "steps": [
    {"step_id": 1, "timestamp": "2026-10-03T12:00:01Z", "source": "user",
     "message": [{"type": "text", "text": "Model this part."}, {"type": "image", "source": {"path": "d.png"}}]},
    {"step_id": 2, "timestamp": "2026-10-03T12:00:09Z", "source": "agent", "reasoning_content": "Two holes, 5 mm.",
     "message": "Delegating the measurement.",
     "tool_calls": [{"tool_call_id": "t1", "function_name": "Task", "arguments": {"prompt": "measure the holes"}}],
     "observation": {"results": [{"source_call_id": "t1", "content": "holes are 5.0 mm",
                                  "subagent_trajectory_ref": [{"trajectory_id": "sub-a"}]}]},
     "metrics": {"prompt_tokens": 100, "completion_tokens": 10, "cached_tokens": 80, "cost_usd": 0.01}},
    {"step_id": 3, "timestamp": "2026-10-03T12:00:30Z", "source": "agent", "message": "Saved answer.FCStd",
     "metrics": {"prompt_tokens": 200, "completion_tokens": 20, "cost_usd": 0.02}}
  ],
  "final_metrics": {"total_prompt_tokens": 300, "total_completion_tokens": 30, "total_cached_tokens": 80,
                    "total_cost_usd": 0.04, "total_steps": 3},
  "subagent_trajectories": [
    {"trajectory_id": "sub-a", "agent": {"name": "claude-code", "model_name": "claude-haiku-x"},
     "steps": [{"step_id": 1, "source": "agent", "message": "measuring",
                "metrics": {"prompt_tokens": 50, "completion_tokens": 5, "cost_usd": 0.005}}],
     "final_metrics": {"total_prompt_tokens": 50, "total_completion_tokens": 5, "total_cost_usd": 0.006},
     "subagent_trajectories": [
       {"trajectory_id": "sub-a1", "agent": {"name": "helper"},
        "steps": [{"step_id": 1, "source": "agent", "message": "deep",
                   "metrics": {"prompt_tokens": 7, "completion_tokens": 1, "cost_usd": 0.001}}]}]},
    {"trajectory_id": "sub-b", "agent": {"name": "claude-code"},
     "steps": [{"step_id": 1, "source": "agent", "message": "other",
                "metrics": {"prompt_tokens": 40, "completion_tokens": 4, "cost_usd": 0.004}}]}
  ]
})";

QString cell(const QAbstractItemModel* m, int row, int column, const QModelIndex& parent = {}) {
    return m->index(row, column, parent).data().toString();
}

bool waitLoaded(TrajectoryView& view) {
    if (!view.loading()) return true;
    QSignalSpy spy(&view, &TrajectoryView::loaded);
    return spy.wait(60000);
}

void saveShot(QWidget& w, const char* name) {
    const QByteArray dir = qgetenv("VERNIER_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    const QString path = QString::fromUtf8(dir) + QLatin1Char('/') + QLatin1String(name);
    EXPECT_TRUE(w.grab().save(path, "PNG")) << path.toStdString();
}

} // namespace

TEST(TrajectoryView, ModelRowsTotalsAndSubagentChildren) {
    TrajectoryView view;
    view.setTrajectory(AtifTrajectory::fromBytes(kV17));
    ASSERT_FALSE(view.showingText());
    TrajectoryStepModel* m = view.model();
    EXPECT_EQ(m->fetchedSteps(), 0u);
    QApplication::processEvents(); // the tree lays out the rows and asks for the first page

    // Three steps, then the two subagents.
    ASSERT_EQ(m->rowCount(), 5);
    EXPECT_FALSE(m->canFetchMore({}));
    EXPECT_EQ(cell(m, 0, TrajectoryStepModel::StepColumn), "1");
    EXPECT_EQ(cell(m, 0, TrajectoryStepModel::SourceColumn), "user");
    EXPECT_EQ(cell(m, 0, TrajectoryStepModel::TimeColumn), "12:00:01");
    EXPECT_EQ(cell(m, 0, TrajectoryStepModel::PreviewColumn), QString::fromUtf8("Model this part. \u2026"));
    EXPECT_EQ(cell(m, 1, TrajectoryStepModel::PreviewColumn), "Delegating the measurement.");
    EXPECT_EQ(cell(m, 1, TrajectoryStepModel::TokensColumn), "100 / 10");
    EXPECT_EQ(cell(m, 1, TrajectoryStepModel::CostColumn), "$0.0100");
    EXPECT_EQ(cell(m, 0, TrajectoryStepModel::TokensColumn), ""); // no metrics: unknown, not 0
    for (int r = 0; r < 3; ++r)
        EXPECT_EQ(m->index(r, 0).data(TrajectoryStepModel::KindRole).toString(), "step");

    const QModelIndex a = m->index(3, 0);
    const QModelIndex b = m->index(4, 0);
    EXPECT_EQ(a.data(TrajectoryStepModel::KindRole).toString(), "subagent");
    EXPECT_TRUE(m->isSubagent(a));
    EXPECT_EQ(cell(m, 3, TrajectoryStepModel::PreviewColumn),
              QString::fromUtf8("sub-a \u00b7 claude-haiku-x \u00b7 1 step \u00b7 1 subagent"));
    // Each subagent shows its own totals: sub-a's final_metrics (cost includes its nested subagent).
    EXPECT_EQ(cell(m, 3, TrajectoryStepModel::TokensColumn), "50 / 5");
    EXPECT_EQ(cell(m, 3, TrajectoryStepModel::CostColumn), "$0.006000");
    EXPECT_EQ(cell(m, 4, TrajectoryStepModel::CostColumn), "$0.004000");
    EXPECT_TRUE(m->hasChildren(a));
    EXPECT_FALSE(m->hasChildren(m->index(1, 0)));

    // Children of a subagent are fetched on demand: its step, then its own subagent.
    EXPECT_EQ(m->rowCount(a), 1);
    ASSERT_TRUE(m->canFetchMore(a));
    m->fetchMore(a);
    ASSERT_EQ(m->rowCount(a), 2);
    EXPECT_EQ(cell(m, 0, TrajectoryStepModel::PreviewColumn, a), "measuring");
    const QModelIndex a1 = m->index(1, 0, a);
    EXPECT_TRUE(m->isSubagent(a1));
    EXPECT_EQ(m->parent(a1), a);
    EXPECT_EQ(m->trajectoryAt(a1)->trajectoryId, "sub-a1");
    m->fetchMore(a1);
    EXPECT_EQ(cell(m, 0, TrajectoryStepModel::PreviewColumn, a1), "deep");
    EXPECT_EQ(m->parent(m->index(0, 0, a1)), a1);
    EXPECT_EQ(m->trajectoryAt(b)->trajectoryId, "sub-b");
    // (The tester fetches every page itself, so it comes after the checks of lazy fetching.)
    QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(m->rowCount(b), 1);

    // Header: agent, model, schema, counts, totals from final_metrics, the continuation.
    const QString header = view.headerText();
    EXPECT_TRUE(
        header.contains(QString::fromUtf8("claude-code 2.1 \u00b7 model claude-opus-x \u00b7 ATIF-v1.7 "
                                          "\u00b7 3 steps (+3 in 2 subagents) \u00b7 1 tool call")))
        << header.toStdString();
    EXPECT_TRUE(header.contains(QString::fromUtf8(
        "Totals (final_metrics): prompt 300 (cached 80) \u00b7 completion 30 \u00b7 $0.0400")))
        << header.toStdString();
    EXPECT_FALSE(header.contains("Sum of the steps")) << header.toStdString();
    EXPECT_TRUE(header.contains("Continues in another trajectory: trajectory.cont-1.json"))
        << header.toStdString();

    // Selecting a step shows its message, reasoning, tool call arguments and observation.
    view.stepView()->setCurrentIndex(m->index(1, 0));
    const QString details = view.detailsText();
    for (const char* part : {"Step 2", "Delegating the measurement.", "Reasoning", "Two holes, 5 mm.",
                             "Tool call Task", "\"prompt\": \"measure the holes\"", "Observation for t1",
                             "subagent trajectory sub-a", "holes are 5.0 mm", "prompt 100 (cached 80)"})
        EXPECT_TRUE(details.contains(QString::fromUtf8(part))) << part << "\n" << details.toStdString();
    view.stepView()->setCurrentIndex(m->index(0, 0));
    EXPECT_TRUE(view.detailsText().contains("[image]"));
    // Selecting a subagent shows its own header and totals.
    view.stepView()->setCurrentIndex(a);
    EXPECT_TRUE(view.detailsText().contains("Subagent trajectory")) << view.detailsText().toStdString();
    EXPECT_TRUE(view.detailsText().contains(
        QString::fromUtf8("Totals (final_metrics): prompt 50 \u00b7 completion 5 \u00b7 $0.006000")))
        << view.detailsText().toStdString();
}

TEST(TrajectoryView, StepSumsAreShownWhenTheyDisagreeOrFinalMetricsIsMissing) {
    const std::string base = kV17;
    const std::string from = "\"total_cost_usd\": 0.04";
    const std::size_t at = base.find(from);
    ASSERT_NE(at, std::string::npos);
    const std::string doc = base.substr(0, at) + "\"total_cost_usd\": 0.09" + base.substr(at + from.size());
    TrajectoryView view;
    view.setTrajectory(
        AtifTrajectory::fromBytes(doc),
        QStringLiteral("The trial's cost and tokens were taken from this trajectory's final_metrics."));
    QString header = view.headerText();
    EXPECT_TRUE(
        header.contains(QString::fromUtf8("Totals (final_metrics): prompt 300 (cached 80) \u00b7 completion "
                                          "30 \u00b7 $0.0900")))
        << header.toStdString();
    EXPECT_TRUE(header.contains(
        QString::fromUtf8("Sum of the steps: prompt 300 (cached 80) \u00b7 completion 30 \u00b7 $0.0300; "
                          "with subagents: prompt 390 "
                          "(cached 80) \u00b7 completion 39 \u00b7 $0.0400 (differs from final_metrics)")))
        << header.toStdString();
    EXPECT_TRUE(header.contains("taken from this trajectory's final_metrics")) << header.toStdString();

    view.setTrajectory(AtifTrajectory::fromBytes(
        R"({"schema_version": "ATIF-v1.0", "agent": {"name": "a"}, "steps": [{"step_id": 1, "source": "agent",
        "metrics": {"prompt_tokens": 12, "cost_usd": 0.5}}]})"));
    header = view.headerText();
    EXPECT_TRUE(header.contains(
        QString::fromUtf8("Totals (sum of the steps; no final_metrics): prompt 12 \u00b7 $0.5000")))
        << header.toStdString();
    EXPECT_FALSE(header.contains("taken from")); // the note belonged to the previous trial
}

TEST(TrajectoryView, StepsArePagedTwoHundredAtATime) {
    std::string doc = R"({"schema_version": "ATIF-v1.6", "agent": {"name": "a"}, "steps": [)";
    for (int i = 1; i <= 450; ++i) {
        if (i > 1) doc += ',';
        doc += R"({"step_id": )";
        doc += std::to_string(i);
        doc += R"(, "source": "agent", "message": "m)";
        doc += std::to_string(i);
        doc += "\"}";
    }
    doc += "]}";
    const auto t = AtifTrajectory::fromBytes(doc);
    TrajectoryStepModel m;
    m.setTrajectory(t);
    EXPECT_EQ(m.rowCount(), 0);
    ASSERT_TRUE(m.canFetchMore({}));
    m.fetchMore({});
    EXPECT_EQ(m.rowCount(), 200);
    m.fetchMore({});
    EXPECT_EQ(m.rowCount(), 400);
    m.fetchMore({});
    EXPECT_EQ(m.rowCount(), 450);
    EXPECT_FALSE(m.canFetchMore({}));
    EXPECT_EQ(cell(&m, 449, TrajectoryStepModel::PreviewColumn), "m450");
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::Fatal);

    // In the view, the first page is there at once and the next arrives when scrolling reaches the end.
    TrajectoryView view;
    view.resize(700, 500);
    view.show();
    view.setTrajectory(t);
    QApplication::processEvents();
    EXPECT_EQ(view.model()->rowCount(), 200);
    view.stepView()->scrollToBottom();
    QApplication::processEvents();
    EXPECT_GE(view.model()->rowCount(), 400);
}

TEST(TrajectoryView, NonAtifFilesAreShownAsText) {
    TrajectoryView view;
    view.setTrajectory(
        AtifTrajectory::fromBytes(R"({"info": {"exit_status": "Submitted"}, "messages": []})"));
    ASSERT_TRUE(view.showingText());
    EXPECT_TRUE(view.headerText().contains("not ATIF: no schema_version")) << view.headerText().toStdString();
    EXPECT_TRUE(view.headerText().contains("shown as text"));
    EXPECT_TRUE(view.text().contains("\"exit_status\": \"Submitted\""))
        << view.text().toStdString(); // pretty
    EXPECT_EQ(view.model()->rowCount(), 0);

    view.setTrajectory(AtifTrajectory::fromBytes("{\"schema_version\": \"ATIF-v1.7\", \"steps\": [{"));
    ASSERT_TRUE(view.showingText());
    EXPECT_TRUE(view.headerText().contains("truncated")) << view.headerText().toStdString();
    EXPECT_TRUE(view.text().startsWith("{\"schema_version\"")); // as is

    // A large non-ATIF file is cut to 16 MiB, saying so.
    const fs::path dir = fs::temp_directory_path() / ("vernier-trajview-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path big = dir / "openhands.trajectory.json";
    {
        std::ofstream out(big, std::ios::binary);
        out << '[';
        const std::string event =
            R"({"id": 1, "source": "agent", "message": ")" + std::string(1000, 'x') + "\"},\n";
        for (int i = 0; i < 17 * 1024; ++i)
            out << event;
        out << "{}]";
    }
    view.showFile(FileRef::onDisk(big.string()));
    ASSERT_TRUE(waitLoaded(view));
    ASSERT_TRUE(view.showingText());
    EXPECT_TRUE(view.headerText().contains("cut to the first 16 MiB")) << view.headerText().toStdString();
    EXPECT_EQ(view.text().size(), TrajectoryView::kTextLimit);
    fs::remove_all(dir);
}

TEST(TrajectoryView, HarborSubagentTrajectoryFromFile) {
    const fs::path file =
        fs::path(VERNIER_TEST_DATA_DIR) / "harbor" / "trajectories" / "atif-v1.7-subagent.json";
    if (!fs::exists(file)) GTEST_SKIP() << "no " << file;
    TrajectoryView view;
    view.resize(900, 800);
    view.show();
    view.showFile(FileRef::onDisk(file.string()));
    ASSERT_TRUE(waitLoaded(view));
    ASSERT_FALSE(view.showingText()) << view.headerText().toStdString();
    TrajectoryStepModel* m = view.model();
    ASSERT_EQ(m->rowCount(), 9); // 8 steps + the subagent
    const QModelIndex sub = m->index(8, 0);
    ASSERT_TRUE(m->isSubagent(sub));
    EXPECT_TRUE(cell(m, 8, TrajectoryStepModel::PreviewColumn).startsWith("subagent-ca11ad42"));
    EXPECT_EQ(cell(m, 8, TrajectoryStepModel::CostColumn), "$0.3125");
    EXPECT_TRUE(view.headerText().contains(QString::fromUtf8(
        "Totals (final_metrics): prompt 900,000 (cached 750,000) \u00b7 completion 20,000 \u00b7 $1.2500")))
        << view.headerText().toStdString();
    EXPECT_FALSE(view.headerText().contains("differs"));
    view.stepView()->expand(sub);
    EXPECT_EQ(m->rowCount(sub), 3);
    view.stepView()->setCurrentIndex(m->index(4, 0));
    EXPECT_TRUE(view.detailsText().contains("subagent trajectory subagent-ca11ad42"));
    QApplication::processEvents();
    saveShot(view, "trajectory-view-subagent.png");
}

// The tab inside the inspector on the sample bundle's trial.
TEST(TrajectoryView, InspectorTabOnASampleTrial) {
    const std::string root = std::string(VERNIER_SOURCE_DIR) + "/resources/sample";
    std::vector<std::string> bundles;
    for (const auto& e : fs::directory_iterator(root + "/results"))
        if (e.is_directory() && e.path().filename() != "runs") bundles.push_back(e.path().string());
    std::sort(bundles.begin(), bundles.end());
    const ResultSet set = importResults(bundles, root + "/pack");
    const TrialRecord* trial = nullptr;
    for (const auto& t : set.trials)
        if (t.trialName == "freecad-de56941e17__KWQBK3H") trial = &t;
    ASSERT_NE(trial, nullptr);
    ASSERT_GE(trial->taskIndex, 0);
    ASSERT_FALSE(trial->trajectory.empty());

    TrialInspector inspector;
    inspector.resize(1400, 900);
    inspector.show();
    inspector.showTrial(*trial, set.tasks[static_cast<std::size_t>(trial->taskIndex)]);
    TrajectoryView* view = inspector.trajectoryView();
    ASSERT_NE(view, nullptr);
    ASSERT_TRUE(waitLoaded(*view));
    ASSERT_FALSE(view->showingText()) << view->headerText().toStdString();
    EXPECT_TRUE(view->headerText().contains("mini-swe-agent")) << view->headerText().toStdString();
    EXPECT_TRUE(view->headerText().contains("ATIF-v1.4"));
    EXPECT_GT(view->model()->rowCount(), 2);

    QTabWidget* tabs = inspector.panels();
    tabs->setCurrentWidget(view);
    view->stepView()->setCurrentIndex(view->model()->index(1, 0));
    if (inspector.analysing()) {
        QSignalSpy ready(&inspector, &TrialInspector::analysisReady);
        ready.wait(180000);
    }
    QApplication::processEvents();
    saveShot(inspector, "trajectory-tab-inspector.png");
}
