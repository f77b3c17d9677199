// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Candidate vs candidate in the trial inspector (docs/inspector.md), on the embedded sample: two systems'
// trials of one task side by side (candidate A in the reference's role), the task's reference as a third
// view behind a toggle, all three cameras linked, and B measured against A: two identical candidates
// deviate by 0 everywhere.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QContextMenuEvent>
#include <QDir>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>

#include "models/result_set.h"
#include "support_fixture.h"
#include "ui/compare_view.h"
#include "ui/heatmap_view.h"
#include "ui/inspector/trial_inspector.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/table_actions.h"
#include "viewers/occt_view_widget.h"

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

const TaskInfo& taskOf(const TrialRecord& t) {
    return sample().tasks[static_cast<std::size_t>(t.taskIndex)];
}

// Two trials of one creation task by two different systems, both with an answer document.
std::pair<const TrialRecord*, const TrialRecord*> twoCandidates() {
    const auto usable = [](const TrialRecord& t) {
        return t.loadError.empty() && t.taskIndex >= 0 && taskOf(t).workflow == Workflow::Creation &&
               t.hasAnswer(Workflow::Creation) && !taskOf(t).reference.empty();
    };
    for (const TrialRecord& a : sample().trials)
        for (const TrialRecord& b : sample().trials)
            if (usable(a) && usable(b) && a.taskIndex == b.taskIndex && !(a.system == b.system))
                return {&a, &b};
    return {nullptr, nullptr};
}

bool waitFor(QObject* obj, const char* signal, int ms = 180000) {
    QSignalSpy spy(obj, signal);
    return spy.wait(ms);
}

QString caption(TrialInspector& inspector, const char* name) {
    auto* label = inspector.findChild<QLabel*>(QString::fromLatin1(name));
    return label ? label->toolTip() : QString();
}

std::vector<OcctViewWidget*> visibleViews(TrialInspector& inspector) {
    std::vector<OcctViewWidget*> out;
    for (auto* w : inspector.findChildren<OcctViewWidget*>())
        if (w->isVisible()) out.push_back(w);
    return out;
}

} // namespace

TEST(CandidateCompare, TwoCandidatesWithTheReferenceBehindAToggle) {
    const auto [a, b] = twoCandidates();
    ASSERT_TRUE(a && b) << "the sample has no creation task with two systems";
    TrialInspector inspector;
    inspector.resize(1400, 900);
    inspector.show();
    inspector.showCandidates(*a, *b, taskOf(*a));
    EXPECT_TRUE(inspector.comparingCandidates());
    EXPECT_EQ(inspector.trialId(), a->id());
    EXPECT_EQ(inspector.candidateB(), b->id());
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));

    // B is measured against A: A's answer in the reference's place, no spec.
    const StageAnalysis* pair = inspector.currentAnalysis();
    ASSERT_NE(pair, nullptr);
    EXPECT_EQ(pair->input.reference.display(), a->answer.display());
    EXPECT_EQ(pair->input.candidate.display(), b->answer.display());
    EXPECT_TRUE(pair->input.spec.empty());
    ASSERT_TRUE(pair->reference && pair->candidate);
    // The task's reference is loaded for the third view.
    const StageAnalysis* ref = inspector.currentReferenceAnalysis();
    ASSERT_NE(ref, nullptr);
    EXPECT_EQ(ref->input.reference.display(), taskOf(*a).reference.display());
    ASSERT_TRUE(ref->reference.has_value());

    const QString left = caption(inspector, "captionLeft"), right = caption(inspector, "captionRight");
    EXPECT_TRUE(
        left.contains(QStringLiteral("Candidate A (%1)").arg(QString::fromStdString(a->system.label()))))
        << left.toStdString();
    EXPECT_TRUE(
        right.contains(QStringLiteral("Candidate B (%1)").arg(QString::fromStdString(b->system.label()))))
        << right.toStdString();
    inspector.setMode(InspectorMode::Deviation);
    EXPECT_TRUE(caption(inspector, "captionSingle").contains(QStringLiteral("distance to candidate A")));
    inspector.setMode(InspectorMode::SideBySide);

    // The toggle: hidden by default, shown and hidden again; the third caption names the reference file.
    auto* toggle = inspector.findChild<QCheckBox*>(QStringLiteral("showReference"));
    ASSERT_NE(toggle, nullptr);
    EXPECT_TRUE(toggle->isVisible());
    EXPECT_FALSE(inspector.referenceVisible());
    toggle->setChecked(true);
    EXPECT_TRUE(inspector.referenceVisible());
    EXPECT_TRUE(
        caption(inspector, "captionThird").contains(QString::fromStdString(taskOf(*a).reference.fileName())))
        << caption(inspector, "captionThird").toStdString();
    const bool live =
        QGuiApplication::platformName() == QStringLiteral("xcb") && !visibleViews(inspector).empty();
    if (live) {
        EXPECT_EQ(visibleViews(inspector).size(), 3u);
    }
    toggle->setChecked(false);
    EXPECT_FALSE(inspector.referenceVisible());
    if (live) {
        EXPECT_EQ(visibleViews(inspector).size(), 2u);
    }

    // A single trial again: no toggle, no third view.
    inspector.showTrial(*a, taskOf(*a));
    EXPECT_FALSE(inspector.comparingCandidates());
    EXPECT_FALSE(toggle->isVisible());
}

TEST(CandidateCompare, ThreeCamerasFollowEachOther) {
    if (QGuiApplication::platformName() != QStringLiteral("xcb"))
        GTEST_SKIP() << "live OpenGL views need xcb";
    const auto [a, b] = twoCandidates();
    ASSERT_TRUE(a && b);
    TrialInspector inspector;
    inspector.resize(1400, 900);
    inspector.show();
    inspector.showCandidates(*a, *b, taskOf(*a));
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));
    inspector.setReferenceVisible(true);
    QTest::qWait(200);
    const auto views = visibleViews(inspector);
    ASSERT_EQ(views.size(), 3u);
    // Whichever view the user turns, the other two follow.
    for (std::size_t from = 0; from < 3; ++from) {
        CameraState moved = views[from]->cameraState();
        moved.eye = {moved.center[0] + 80.0 + 10.0 * static_cast<double>(from), moved.center[1] - 30,
                     moved.center[2] + 40};
        moved.scale *= 0.7;
        views[from]->setCameraState(moved);
        emit views[from]->cameraChanged(moved);
        for (std::size_t to = 0; to < 3; ++to)
            EXPECT_TRUE(views[to]->cameraState().approxEquals(moved, 1e-6)) << from << " -> " << to;
    }
}

TEST(CandidateCompare, IdenticalCandidatesDeviateByZeroEverywhere) {
    const auto [a, b] = twoCandidates();
    ASSERT_NE(a, nullptr);
    TrialInspector inspector;
    inspector.showCandidates(*a, *a, taskOf(*a));
    ASSERT_TRUE(waitFor(&inspector, SIGNAL(analysisReady())));
    const StageAnalysis* pair = inspector.currentAnalysis();
    ASSERT_TRUE(pair && pair->geometry && pair->geometry->icp);
    QSignalSpy ready(&inspector, SIGNAL(deviationReady()));
    inspector.setMode(InspectorMode::Deviation);
    ASSERT_TRUE(ready.count() > 0 || ready.wait(180000));
    const auto field = inspector.currentDeviation();
    ASSERT_NE(field, nullptr);
    ASSERT_FALSE(field->values.empty());
    double worst = 0;
    for (double v : field->values)
        worst = std::max(worst, std::abs(v));
    EXPECT_LE(worst, 1e-6) << "mm";
    EXPECT_LE(field->maxAbs, 1e-6);
    EXPECT_LE(field->rms, 1e-6);
}

namespace {

// The open candidate-vs-candidate inspector windows.
std::vector<TrialInspector*> candidateWindows() {
    std::vector<TrialInspector*> out;
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* ti = qobject_cast<TrialInspector*>(w); ti && ti->comparingCandidates()) out.push_back(ti);
    return out;
}

void closeCandidateWindows() {
    for (TrialInspector* ti : candidateWindows())
        delete ti;
}

} // namespace

// The two ways in: a heatmap cell's "Compare with …" and the compare view's "Open A vs B in inspector"; both
// open one inspector with the two trials of that task.
TEST(CandidateCompare, HeatmapAndCompareViewOpenTheTwoTrials) {
    const auto paths = vernier::testing::samplePaths();
    if (paths.results.isEmpty()) GTEST_SKIP() << "the embedded sample is incomplete";
    MainWindow window;
    window.setInteractive(false);
    QStringList bundles;
    for (const QString& d : QDir(paths.results).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (d != QStringLiteral("runs") && !d.endsWith(QStringLiteral(".vernier-cache")))
            bundles << QDir(paths.results).filePath(d);
    window.openResults(bundles, paths.pack);
    ASSERT_TRUE(vernier::testing::waitForAnalysis(window));
    const auto analysis = window.session()->analysis();
    ASSERT_TRUE(analysis->set);

    // Heatmap: find a cell whose task another system has a trial on, right-click it.
    window.resize(1400, 900);
    window.show();
    window.showView(QStringLiteral("heatmap"));
    QTest::qWait(100); // layouts settle: cells have their on-screen geometry
    auto* page = qobject_cast<HeatmapView*>(window.view(QStringLiteral("heatmap")));
    ASSERT_NE(page, nullptr);
    HeatmapWidget* heatmap = page->heatmap();
    QPoint at(-1, -1), cell(-1, -1);
    for (int y = 0; y < heatmap->height() && at.x() < 0; y += 3)
        for (int x = 0; x < heatmap->width() && at.x() < 0; x += 3) {
            const QPoint c = heatmap->cellAt({x, y});
            if (c.x() != 0 || heatmap->trialAt(c.x(), c.y()) < 0 || heatmap->trialAt(1, c.y()) < 0) continue;
            at = {x, y};
            cell = c;
        }
    ASSERT_GE(at.x(), 0) << "no heatmap cell with a second system";
    const TrialId a =
        analysis->set->trials[static_cast<std::size_t>(heatmap->trialAt(cell.x(), cell.y()))].id();
    const TrialId b = analysis->set->trials[static_cast<std::size_t>(heatmap->trialAt(1, cell.y()))].id();
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, heatmap->mapToGlobal(at));
    QApplication::sendEvent(heatmap, &event);
    auto* menu = heatmap->findChild<QMenu*>(QStringLiteral("compareWith"));
    ASSERT_NE(menu, nullptr);
    const QString labelB = QString::fromStdString(analysis->set->find(b)->system.label());
    QAction* with = nullptr;
    for (QAction* act : menu->actions())
        if (act->text() == labelB) with = act;
    ASSERT_NE(with, nullptr) << labelB.toStdString();
    with->trigger();
    auto windows = candidateWindows();
    ASSERT_EQ(windows.size(), 1u);
    EXPECT_EQ(windows[0]->trialId(), a);
    EXPECT_EQ(windows[0]->candidateB(), b);
    for (QMenu* m : heatmap->findChildren<QMenu*>(Qt::FindDirectChildrenOnly))
        m->close();
    closeCandidateWindows();

    // Compare view: systems 0 and 1, the first task row's menu.
    auto* compare = qobject_cast<CompareView*>(window.view(QStringLiteral("compare")));
    ASSERT_NE(compare, nullptr);
    compare->setSystems(analysis->rows[0].system, analysis->rows[1].system);
    auto* table = compare->findChild<QTableView*>(QStringLiteral("compareTasksTable"));
    ASSERT_NE(table, nullptr);
    ASSERT_GT(table->model()->rowCount(), 0);
    auto* actions = table->findChild<TableActions*>();
    ASSERT_NE(actions, nullptr);
    const QModelIndex row = table->model()->index(0, 1);
    const auto trialA = actions->trialAt(row);
    ASSERT_TRUE(trialA);
    std::unique_ptr<QMenu> rowMenu(actions->buildMenu(row, nullptr));
    auto* open = rowMenu->findChild<QAction*>(QStringLiteral("openCandidates"));
    ASSERT_NE(open, nullptr);
    open->trigger();
    windows = candidateWindows();
    ASSERT_EQ(windows.size(), 1u);
    EXPECT_EQ(windows[0]->trialId(), *trialA);
    const TrialRecord* ta = analysis->set->find(*trialA);
    const TrialRecord* tb = analysis->set->find(windows[0]->candidateB());
    ASSERT_TRUE(ta && tb);
    EXPECT_EQ(ta->taskIndex, tb->taskIndex);
    EXPECT_EQ(analysis->set->selectedTrial(analysis->rows[1].system, ta->taskIndex),
              static_cast<int>(*analysis->set->indexOf(tb->id())));
    closeCandidateWindows();
}
