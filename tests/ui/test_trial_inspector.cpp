// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The trial inspector on the embedded sample bundle: it loads and scores real trials off the GUI
// thread, fills every panel, filters parameters by status, and exports each view.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <future>
#include <memory>
#include <optional>

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QLabel>
#include <QOpenGLWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>
#include <gtest/gtest.h>

#include "models/result_set.h"
#include "scoring/spec_parser.h"
#include "ui/inspector/analysis_task.h"
#include "ui/inspector/feature_trees_panel.h"
#include "ui/inspector/parameter_table_model.h"
#include "ui/inspector/scores_panel.h"
#include "ui/inspector/trial_inspector.h"
#include "viewers/occt_view_widget.h"
#include "viewers/offscreen_renderer.h"

using namespace vernier;
using namespace vernier::ui;
using namespace vernier::viewers;

namespace {

const ResultSet& sample() {
    static const ResultSet set = [] {
        const std::string root = std::string(VERNIER_SOURCE_DIR) + "/resources/sample";
        std::vector<std::string> bundles;
        for (const auto& e : std::filesystem::directory_iterator(root + "/results"))
            if (e.is_directory() && e.path().filename() != "runs") bundles.push_back(e.path().string());
        std::sort(bundles.begin(), bundles.end());
        return importResults(bundles, root + "/pack");
    }();
    return set;
}

// The first valid trial of a workflow whose answer documents exist (and, if asked, a spec).
const TrialRecord* findTrial(Workflow w) {
    for (const auto& t : sample().trials) {
        if (!t.loadError.empty() || t.taskIndex < 0) continue;
        const TaskInfo& task = sample().tasks[static_cast<std::size_t>(t.taskIndex)];
        if (task.workflow == w && t.hasAnswer(w)) return &t;
    }
    return nullptr;
}

const TaskInfo& taskOf(const TrialRecord& t) {
    return sample().tasks[static_cast<std::size_t>(t.taskIndex)];
}

bool waitFor(QObject* obj, const char* signal, int ms = 180000) {
    QSignalSpy spy(obj, signal);
    return spy.wait(ms);
}

// A directory under the build tree for images the tests write (to look at by hand).
std::string renderOutputDir() {
    const std::string dir = std::string(VERNIER_BINARY_DIR) + "/test-renders";
    std::filesystem::create_directories(dir);
    return dir;
}

int countItems(QTreeWidget* tree) {
    int n = 0;
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
        ++n;
    return n;
}

} // namespace

// Also runs on the offscreen platform: the inspector then shows messages instead of 3D views.
TEST(TrialInspector, CreationTrialFillsEveryPanel) {
    const TrialRecord* trial = findTrial(Workflow::Creation);
    ASSERT_NE(trial, nullptr) << "the sample bundle has no creation trial with an answer";
    TrialInspector inspector;
    inspector.resize(1400, 900);
    inspector.show();
    inspector.showTrial(*trial, taskOf(*trial));
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));
    ASSERT_EQ(inspector.stageCount(), 1);
    const StageAnalysis* a = inspector.currentAnalysis();
    ASSERT_NE(a, nullptr);
    for (const auto& p : a->problems)
        ADD_FAILURE() << p;
    ASSERT_TRUE(a->reference && a->candidate);
    EXPECT_FALSE(a->reference->shape.IsNull());
    ASSERT_TRUE(a->geometry.has_value());
    EXPECT_GE(a->geometry->score, 0.0);
    EXPECT_LE(a->geometry->score, 1.0);

    EXPECT_GE(countItems(inspector.scoresPanel()->tree()), 4);
    EXPECT_GT(countItems(inspector.featureTrees()->referenceTree()), 1);
    EXPECT_GT(countItems(inspector.featureTrees()->candidateTree()), 1);

    ASSERT_TRUE(a->spec.has_value());
    ParameterTableModel* model = inspector.parameterModel();
    ASSERT_EQ(model->rowCount(), static_cast<int>(a->spec->parameters.size()));
    ASSERT_GT(model->rowCount(), 0);
    QAbstractItemModelTester modelTester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(inspector.parameterFilter(),
                                         QAbstractItemModelTester::FailureReportingMode::Fatal);

    // Status filter: each status shows exactly its rows, and the three partition the table.
    int shown = 0;
    for (const char* status : {"consistent", "inconsistent", "not_found"}) {
        inspector.parameterFilter()->setStatus(QString::fromLatin1(status));
        const int rows = inspector.parameterFilter()->rowCount();
        for (int r = 0; r < rows; ++r)
            EXPECT_EQ(
                inspector.parameterFilter()->index(r, 0).data(ParameterTableModel::StatusRole).toString(),
                QString::fromLatin1(status));
        shown += rows;
    }
    EXPECT_EQ(shown, model->rowCount());
    inspector.parameterFilter()->setStatus(QString());
    EXPECT_EQ(inspector.parameterFilter()->rowCount(), model->rowCount());

    // The drawing tab belongs to image_to_cad only.
    QTabWidget* tabs = inspector.panels();
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->tabText(i) == QStringLiteral("Drawing")) {
            EXPECT_FALSE(tabs->isTabVisible(i));
        }
}

TEST(TrialInspector, CreateAndEditHasTwoStagesWithTheirOwnScores) {
    const TrialRecord* trial = findTrial(Workflow::CreateAndEdit);
    ASSERT_NE(trial, nullptr);
    TrialInspector inspector;
    inspector.showTrial(*trial, taskOf(*trial));
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));
    ASSERT_EQ(inspector.stageCount(), 2);
    EXPECT_EQ(inspector.currentAnalysis()->input.title, "Base");
    // Each stage is checked live against its own part of spec.json (the sample's specs have base parameters):
    // the base stage against base_key_parameters, the edit stage against key_parameters.
    const StageSpecs split = parseStageSpecs(taskOf(*trial).spec.readAll());
    ASSERT_TRUE(split.base.has_value());
    ASSERT_TRUE(inspector.currentAnalysis()->spec.has_value());
    EXPECT_EQ(inspector.currentAnalysis()->spec->parameters.size(), split.base->parameters.size());
    inspector.setStage(1);
    EXPECT_EQ(inspector.currentAnalysis()->input.title, "Edit");
    EXPECT_TRUE(inspector.currentAnalysis()->geometry.has_value());
    ASSERT_TRUE(inspector.currentAnalysis()->spec.has_value());
    EXPECT_EQ(inspector.currentAnalysis()->spec->parameters.size(), split.edit.parameters.size());
    EXPECT_GE(countItems(inspector.scoresPanel()->tree()), 4);
}

// Which trial, and what each view shows: the header names the task, workflow, system and trial; each pane
// says which document it draws (file, faces, volume once measured) and in whose frame.
TEST(TrialInspector, HeaderAndCaptionsSayWhatIsShown) {
    const TrialRecord* trial = findTrial(Workflow::CreateAndEdit);
    ASSERT_NE(trial, nullptr);
    TrialInspector inspector;
    inspector.showTrial(*trial, taskOf(*trial));
    auto text = [&](const char* name) {
        auto* label = inspector.findChild<QLabel*>(QString::fromLatin1(name));
        return label ? label->toolTip() + QLatin1Char('|') + label->text() : QString();
    };
    const QString header = text("trialHeader");
    EXPECT_TRUE(header.contains(QString::fromStdString(taskOf(*trial).id))) << header.toStdString();
    EXPECT_TRUE(header.contains(QString::fromStdString(trial->system.label())));
    EXPECT_TRUE(header.contains(QStringLiteral("Create & edit").toHtmlEscaped()));
    EXPECT_TRUE(header.contains(QString::fromStdString(trial->trialName)));
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));

    QStringList lefts;
    for (int stage = 0; stage < 2; ++stage) {
        inspector.setStage(stage);
        lefts << text("captionLeft");
        const StageAnalysis* a = inspector.currentAnalysis();
        ASSERT_TRUE(a && a->reference && a->candidate && a->reference->features && a->candidate->features);
        const QString left = text("captionLeft"), right = text("captionRight");
        EXPECT_TRUE(left.contains(QStringLiteral("Reference")));
        EXPECT_TRUE(left.contains(QString::fromStdString(a->input.reference.fileName())));
        EXPECT_TRUE(left.contains(QStringLiteral("%1 faces").arg(a->reference->features->nFaces)));
        EXPECT_TRUE(right.contains(QStringLiteral("Candidate")));
        EXPECT_TRUE(right.contains(QString::fromStdString(a->input.candidate.fileName())))
            << right.toStdString();
        EXPECT_TRUE(right.contains(QStringLiteral("%1 faces").arg(a->candidate->features->nFaces)));
        EXPECT_EQ(right.contains(QStringLiteral("ICP-aligned")), a->geometry && a->geometry->icp.has_value());
    }
    EXPECT_NE(lefts[0], lefts[1]); // each stage names its own reference
    inspector.setMode(InspectorMode::Overlay);
    EXPECT_TRUE(text("captionSingle").contains(QStringLiteral("Reference")));
    inspector.setMode(InspectorMode::Deviation);
    EXPECT_TRUE(text("captionSingle").contains(QStringLiteral("distance to the reference")));
}

// The sample's block without its two vertical holes: exactly the reference's two hole walls have no
// counterpart (their centres are 10 mm from any candidate face centre), the candidate has no extra face;
// the captions count them and the overlay says what the opaque faces are.
TEST(TrialInspector, UnmatchedFacesAreTheMissingHoles) {
    const TrialRecord* trial = nullptr;
    for (const auto& t : sample().trials)
        if (t.trialName == "freecad-de56941e17__KWQBK3H") trial = &t;
    ASSERT_NE(trial, nullptr);
    TrialInspector inspector;
    inspector.showTrial(*trial, taskOf(*trial));
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));
    const StageAnalysis* a = inspector.currentAnalysis();
    ASSERT_TRUE(a && a->reference && a->candidate && a->geometry && a->geometry->icp);
    const UnmatchedFaces u = unmatchedFaces(*a->reference, *a->candidate, a->geometry->icp);
    ASSERT_EQ(u.reference.size(), 2u);
    for (int f : u.reference)
        EXPECT_EQ(a->reference->faces[static_cast<std::size_t>(f)].surfaceType, "Cylinder");
    EXPECT_TRUE(u.candidate.empty());
    EXPECT_DOUBLE_EQ(u.tolerance, 0.1);
    // A tolerance beyond the largest residual (10 mm) marks nothing.
    EXPECT_TRUE(unmatchedFaces(*a->reference, *a->candidate, a->geometry->icp, 10.5).reference.empty());
    // No ICP pose, no marks.
    EXPECT_TRUE(unmatchedFaces(*a->reference, *a->candidate, std::nullopt).reference.empty());

    auto* left = inspector.findChild<QLabel*>(QStringLiteral("captionLeft"));
    ASSERT_NE(left, nullptr);
    EXPECT_TRUE(left->toolTip().contains(QStringLiteral("2 faces the candidate lacks")))
        << left->toolTip().toStdString();
    inspector.setMode(InspectorMode::Overlay);
    auto* single = inspector.findChild<QLabel*>(QStringLiteral("captionSingle"));
    ASSERT_NE(single, nullptr);
    EXPECT_TRUE(single->toolTip().contains(QStringLiteral("reference only")));
}

// Closing an inspector while its analysis runs returns at once: the job is cancelled and detached, keeps
// running on the pool after the window is gone, and its late result reaches nothing. The stage analysis is
// held at a gate until the window is destroyed, so "still running" does not depend on how fast either is.
TEST(TrialInspector, ClosingWhileAnalysingDoesNotWait) {
    const TrialRecord* trial = findTrial(Workflow::CreateAndEdit); // two stages: cancelled after the first
    ASSERT_NE(trial, nullptr);
    const auto settle = [] {
        for (int i = 0; i < 9000 && AnalysisTask::activeJobs() > 0; ++i)
            QTest::qWait(20);
        return AnalysisTask::activeJobs();
    };
    ASSERT_EQ(settle(), 0) << "an earlier test's job is still running";

    auto gate = std::make_shared<std::promise<void>>();
    const std::shared_future<void> opened = gate->get_future().share();
    auto analysed = std::make_shared<std::atomic<int>>(0);
    AnalysisTask::setStageAnalyser([opened, analysed](const StageInput& in) {
        ++*analysed;
        opened.wait();
        return analyseStage(in);
    });
    // Whatever happens below, the gate opens and the real analyser comes back (a job left blocked would
    // hang the thread pool at exit).
    const std::shared_ptr<void> restore(nullptr, [gate](void*) {
        try {
            gate->set_value();
        } catch (const std::future_error&) {
        }
        AnalysisTask::setStageAnalyser({});
    });

    auto* inspector = new TrialInspector;
    inspector->setAttribute(Qt::WA_DeleteOnClose);
    inspector->resize(1200, 800);
    inspector->show();
    inspector->showTrial(*trial, taskOf(*trial));
    ASSERT_TRUE(inspector->analysing());
    ASSERT_EQ(inspector->stageCount(), 0);
    for (int i = 0; i < 9000 && analysed->load() == 0; ++i)
        QTest::qWait(5); // until the job sits inside its first stage
    ASSERT_EQ(analysed->load(), 1);
    bool ready = false;
    QObject::connect(inspector, &TrialInspector::analysisReady, [&ready] { ready = true; });
    const QPointer<TrialInspector> alive(inspector);
    EXPECT_TRUE(inspector->close());
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    ASSERT_TRUE(alive.isNull()) << "the closed inspector was not destroyed";
    // Destruction returned while the job is still inside its first stage: nothing waited for it.
    EXPECT_EQ(AnalysisTask::activeJobs(), 1);

    gate->set_value();
    // It stops on its own after that stage (cancelled: the edit stage is never analysed), its result goes
    // nowhere and nothing crashes.
    EXPECT_EQ(settle(), 0);
    QCoreApplication::processEvents();
    EXPECT_EQ(analysed->load(), 1);
    EXPECT_FALSE(ready);
}

TEST(TrialInspector, ImageToCadShowsTheDrawing) {
    const TrialRecord* trial = findTrial(Workflow::ImageToCad);
    ASSERT_NE(trial, nullptr);
    TrialInspector inspector;
    inspector.showTrial(*trial, taskOf(*trial));
    QTabWidget* tabs = inspector.panels();
    bool visible = false;
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->tabText(i) == QStringLiteral("Drawing")) visible = tabs->isTabVisible(i);
    EXPECT_TRUE(visible);
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));
}

TEST(TrialInspector, RescoreButtonAsksForThisTrial) {
    const TrialRecord* trial = findTrial(Workflow::Creation);
    ASSERT_NE(trial, nullptr);
    TrialInspector inspector;
    inspector.showTrial(*trial, taskOf(*trial));
    QSignalSpy spy(&inspector, &TrialInspector::rescoreRequested);
    inspector.scoresPanel()->rescoreButton()->click();
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).toString().toStdString(), trial->trialName);
    waitFor(&inspector, SIGNAL(analysisReady()));
}

// Not a timed assertion: prints the figures the issue asks for, on the sample's largest trial.
TEST(TrialInspector, ExportsEveryModeAndReportsTimings) {
    std::string why;
    if (!offscreenRenderingAvailable(&why)) GTEST_SKIP() << why;
    const TrialRecord* largest = nullptr;
    std::uintmax_t largestSize = 0;
    for (const auto& t : sample().trials) {
        if (!t.loadError.empty() || t.taskIndex < 0 || t.answer.empty() || t.answer.isInZip()) continue;
        std::error_code ec;
        const auto size = std::filesystem::file_size(t.answer.path(), ec);
        if (!ec && size > largestSize) largestSize = size, largest = &t;
    }
    ASSERT_NE(largest, nullptr);

    TrialInspector inspector;
    inspector.resize(1400, 900);
    inspector.show();
    // The first frame of the visible (left, reference) view after the analysis arrived.
    OcctViewWidget* view = nullptr;
    for (auto* w : inspector.findChildren<OcctViewWidget*>())
        if (!view && w->isVisible()) view = w;
    ASSERT_NE(view, nullptr);
    using Clock = std::chrono::steady_clock;
    std::optional<Clock::time_point> tReady, tFrame;
    QObject::connect(&inspector, &TrialInspector::analysisReady, [&] { tReady = Clock::now(); });
    QObject::connect(view, &OcctViewWidget::frameRendered, [&] {
        if (tReady && !tFrame) tFrame = Clock::now();
    });
    const auto t0 = Clock::now();
    inspector.showTrial(*largest, taskOf(*largest));
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));
    for (int i = 0; i < 400 && !tFrame; ++i)
        QTest::qWait(25);
    ASSERT_TRUE(tFrame.has_value()) << "the 3D view never drew a frame; glFailed=" << view->glFailed()
                                    << " visible=" << view->isVisible()
                                    << " exposed=" << QTest::qWaitForWindowExposed(&inspector, 1000);

    const auto t1 = std::chrono::steady_clock::now();
    inspector.setMode(InspectorMode::Deviation);
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(deviationReady())));
    const auto t2 = std::chrono::steady_clock::now();
    using ms = std::chrono::duration<double, std::milli>;
    std::printf("[timing] trial %s (%ju bytes): analysis %.0f ms, first frame %.0f ms, deviation %.0f ms\n",
                largest->trialName.c_str(), largestSize, ms(*tReady - t0).count(), ms(*tFrame - t0).count(),
                ms(t2 - t1).count());

    const std::string dir = renderOutputDir();
    for (auto mode : {InspectorMode::SideBySide, InspectorMode::Overlay, InspectorMode::Deviation}) {
        inspector.setMode(mode);
        const QImage img = inspector.exportImage(QSize(1000, 600), false);
        ASSERT_FALSE(img.isNull());
        long geometry = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                if (img.pixel(x, y) != qRgb(255, 255, 255)) ++geometry;
        EXPECT_GT(geometry, img.width() * img.height() / 50);
        img.save(QString::fromStdString(dir + "/inspector_export_" + std::to_string(static_cast<int>(mode)) +
                                        ".png"));
    }
    inspector.grab().save(QString::fromStdString(dir + "/inspector_window.png"));
}

TEST(TrialInspector, LiveViewsFollowEachOtherUntilUnlinked) {
    if (QGuiApplication::platformName() != QStringLiteral("xcb"))
        GTEST_SKIP() << "live OpenGL views need xcb";
    const TrialRecord* trial = findTrial(Workflow::Creation);
    ASSERT_NE(trial, nullptr);
    TrialInspector inspector;
    inspector.resize(1200, 800);
    inspector.show();
    inspector.showTrial(*trial, taskOf(*trial));
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));
    std::vector<OcctViewWidget*> views;
    for (auto* w : inspector.findChildren<OcctViewWidget*>())
        if (w->isVisible()) views.push_back(w);
    ASSERT_EQ(views.size(), 2u); // side by side
    QTest::qWait(200);

    // A camera change reported by the left view (as after a user rotation) moves the right view.
    CameraState moved = views[0]->cameraState();
    moved.eye = {moved.center[0] + 100, moved.center[1] - 30, moved.center[2] + 40};
    moved.scale *= 0.5;
    views[0]->setCameraState(moved);
    emit views[0]->cameraChanged(moved);
    EXPECT_TRUE(views[1]->cameraState().approxEquals(moved, 1e-6));

    inspector.cameraLink().setLinked(false);
    CameraState other = moved;
    other.scale *= 3;
    views[0]->setCameraState(other);
    emit views[0]->cameraChanged(other);
    EXPECT_TRUE(views[1]->cameraState().approxEquals(moved, 1e-6));
    EXPECT_FALSE(views[1]->cameraState().approxEquals(other, 1e-6));

    // Highlighting the faces a parameter was measured on must not disturb the view.
    views[1]->highlightFaces({0, 1});
    views[1]->highlightFaces({});
}
