// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The workspace in the GUI (docs/workspace.md, "Workspace in the GUI"): opening a bundle replaces the
// sample (its systems and its pack), the Workspace dock enables and disables bundles and lists each
// bundle's problems with their reasons, system styles (alias, colour, hidden) reach the snapshot and the
// leaderboard, and a saved workspace opens in a fresh window with the same systems, styles and filter.
// Also the Session on its own: setBundleEnabled and applyWorkspace/workspace round trip.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <gtest/gtest.h>
#include <set>

#include "ui/application.h"
#include "ui/leaderboard_model.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/support_fixture.h"
#include "ui/workspace_dock.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::waitForAnalysis;

namespace {

const QString kHarbor = QStringLiteral(VERNIER_TEST_DATA_DIR "/harbor");
const QString kPack = kHarbor + QStringLiteral("/pack");
const QString kJob22 = kHarbor + QStringLiteral("/job-0.22");
const QString kCodexJob = kHarbor + QStringLiteral("/job-details-no-answers");
const QString kAblation = kHarbor + QStringLiteral("/ablation");

// Recent workspaces, layouts and folders go to a throw-away folder, never the user's settings.
class IsolatedSettings : public ::testing::Environment {
public:
    void SetUp() override {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.path());
    }

private:
    QTemporaryDir dir_;
};
const auto* const kIsolated = ::testing::AddGlobalTestEnvironment(new IsolatedSettings);

std::set<std::string> shownLabels(const Analysis& a) {
    std::set<std::string> out;
    for (const int i : a.systems)
        out.insert(a.set->systems[static_cast<std::size_t>(i)].label());
    return out;
}

std::set<std::string> trialBundles(const Analysis& a) {
    std::set<std::string> out;
    for (const TrialRecord& t : a.set->trials)
        out.insert(t.bundle);
    return out;
}

// Waits until the session has nothing running and has published at least one snapshot since `spy` began.
bool waitIdle(Session& s, QSignalSpy& spy) {
    for (int i = 0; i < 600 && (s.busy() || spy.isEmpty()); ++i)
        spy.wait(200);
    return !s.busy() && !spy.isEmpty();
}

int systemIndexOf(const Analysis& a, const std::string& label) {
    for (std::size_t i = 0; i < a.set->systems.size(); ++i)
        if (a.set->systems[i].label() == label) return static_cast<int>(i);
    return -1;
}

// The leaderboard row of a system (by its SystemIndexRole), -1 when not listed.
int leaderboardRow(QAbstractItemModel* m, int systemIndex) {
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, 0).data(LeaderboardModel::SystemIndexRole).toInt() == systemIndex) return r;
    return -1;
}

} // namespace

TEST(UiWorkspaceGui, OpeningABundleReplacesTheSample) {
    const auto sample = vernier::testing::samplePaths();
    ASSERT_FALSE(sample.results.isEmpty()) << "the embedded sample is part of the repository";
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    ASSERT_TRUE(w.openSample());
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_TRUE(w.sampleShown());
    EXPECT_GT(w.session()->analysis()->systems.size(), 0u);
    EXPECT_TRUE(w.windowTitle().contains(QStringLiteral("sample")));

    // File → Open (and `vernier BUNDLE`): the sample leaves, with its pack; the pack beside the bundle is
    // used (tests/data/harbor/pack next to ablation/).
    w.openBundles({kAblation});
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_FALSE(w.sampleShown());
    const auto a = w.session()->analysis();
    ASSERT_TRUE(a->set);
    EXPECT_EQ(w.session()->bundles(), QStringList{kAblation});
    EXPECT_EQ(w.session()->taskPack(), kPack);
    EXPECT_EQ(trialBundles(*a), (std::set<std::string>{kAblation.toStdString()}));
    // The ablation fixture: claude-code/opus at two temperatures and one codex system.
    EXPECT_EQ(a->set->systems.size(), 3u);
    for (const TrialRecord& t : a->set->trials)
        EXPECT_EQ(t.bundle.find(sample.results.toStdString()), std::string::npos);
    EXPECT_FALSE(w.windowTitle().contains(QStringLiteral("sample")));

    // A second bundle is added to it (not a replacement), keeping the pack.
    w.openBundles({kJob22});
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(w.session()->bundles(), (QStringList{kAblation, kJob22}));
    EXPECT_EQ(trialBundles(*w.session()->analysis()),
              (std::set<std::string>{kAblation.toStdString(), kJob22.toStdString()}));

    // File → Open Sample brings the sample back, alone.
    ASSERT_TRUE(w.openSample());
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(w.session()->bundles(), QStringList{QDir::cleanPath(sample.results)});
    EXPECT_EQ(trialBundles(*w.session()->analysis()),
              (std::set<std::string>{QDir::cleanPath(sample.results).toStdString()}));
}

TEST(UiWorkspaceGui, ABundleWithoutAPackNeverGetsTheSamplesPack) {
    QTemporaryDir dir; // holds only the bundle (a link to job-0.22): no pack beside it
    ASSERT_TRUE(dir.isValid());
    const QString bundle = dir.filePath(QStringLiteral("job"));
    ASSERT_TRUE(QFile::link(kJob22, bundle));
    MainWindow w;
    w.setInteractive(false);
    w.show();
    ASSERT_TRUE(w.openSample());
    ASSERT_TRUE(waitForAnalysis(w));
    ASSERT_TRUE(w.session()->analysis()->set);
    w.openBundles({bundle});
    EXPECT_EQ(w.session()->bundles(), QStringList{bundle});
    EXPECT_TRUE(w.session()->taskPack().isEmpty()); // asked for (interactive), never the sample's
    EXPECT_FALSE(w.session()->analysis()->set);     // nothing shown until a pack is given
    EXPECT_FALSE(w.sampleShown());
}

TEST(UiWorkspaceGui, CommandLineTakesAWorkspaceFile) {
    const GuiArguments plain = parseGuiArguments({QStringLiteral("/x/w.vernier.json")});
    EXPECT_TRUE(plain.error.isEmpty());
    EXPECT_EQ(plain.workspace, QStringLiteral("/x/w.vernier.json"));
    EXPECT_TRUE(plain.bundles.isEmpty());
    const GuiArguments option = parseGuiArguments({QStringLiteral("--workspace"), QStringLiteral("w.json")});
    EXPECT_EQ(option.workspace, QStringLiteral("w.json"));
    const GuiArguments both = parseGuiArguments(
        {QStringLiteral("--workspace"), QStringLiteral("w.json"), QStringLiteral("bundle")});
    EXPECT_FALSE(both.error.isEmpty());
}

TEST(UiWorkspaceGui, DisablingABundleInTheDockRemovesItsSystems) {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({kJob22, kCodexJob}, kPack);
    ASSERT_TRUE(waitForAnalysis(w));
    const std::string codex = "codex/gpt-6-astra";
    ASSERT_TRUE(shownLabels(*w.session()->analysis()).count(codex));
    auto* table = w.findChild<QTableView*>(QStringLiteral("leaderboardTable"));
    ASSERT_NE(table, nullptr);
    const int rowsBefore = table->model()->rowCount();

    WorkspaceDock* dock = w.workspaceDock();
    ASSERT_NE(dock, nullptr);
    QTreeWidgetItem* item = dock->bundleItem(kCodexJob);
    ASSERT_NE(item, nullptr);
    EXPECT_EQ(item->checkState(0), Qt::Checked);
    EXPECT_EQ(item->text(1), QStringLiteral("7")); // its seven trial folders
    item->setCheckState(0, Qt::Unchecked);
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_FALSE(w.session()->bundleEnabled(kCodexJob));
    EXPECT_EQ(w.session()->bundles(), (QStringList{kJob22, kCodexJob})); // still listed
    EXPECT_FALSE(shownLabels(*w.session()->analysis()).count(codex));
    EXPECT_EQ(trialBundles(*w.session()->analysis()), (std::set<std::string>{kJob22.toStdString()}));
    EXPECT_EQ(table->model()->rowCount(), rowsBefore - 1);
    item = dock->bundleItem(kCodexJob);
    ASSERT_NE(item, nullptr);
    EXPECT_EQ(item->checkState(0), Qt::Unchecked);
    EXPECT_EQ(item->text(2), QStringLiteral("disabled"));

    item->setCheckState(0, Qt::Checked);
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_TRUE(shownLabels(*w.session()->analysis()).count(codex));
    EXPECT_EQ(table->model()->rowCount(), rowsBefore);

    // Reload reads it again; Remove closes it (the list and the views lose it).
    dock->bundleItem(kCodexJob)->setSelected(true);
    auto* reload = dock->findChild<QPushButton*>(QStringLiteral("workspaceReload"));
    auto* remove = dock->findChild<QPushButton*>(QStringLiteral("workspaceRemove"));
    ASSERT_TRUE(reload && remove);
    ASSERT_TRUE(reload->isEnabled());
    reload->click();
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(table->model()->rowCount(), rowsBefore);
    dock->bundleItem(kCodexJob)->setSelected(true);
    remove->click();
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(w.session()->bundles(), QStringList{kJob22});
    EXPECT_EQ(dock->bundleItem(kCodexJob), nullptr);
    EXPECT_FALSE(shownLabels(*w.session()->analysis()).count(codex));
}

TEST(UiWorkspaceGui, ProblemsAreListedUnderTheirBundleWithReasons) {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({kJob22}, kPack);
    ASSERT_TRUE(waitForAnalysis(w));
    const auto a = w.session()->analysis();
    ASSERT_FALSE(a->set->problems.empty());
    WorkspaceDock* dock = w.workspaceDock();
    EXPECT_TRUE(dock->isVisible());
    QTreeWidgetItem* bundle = dock->bundleItem(kJob22);
    ASSERT_NE(bundle, nullptr);
    EXPECT_EQ(bundle->text(1), QStringLiteral("8"));
    EXPECT_EQ(dock->problemCount(), static_cast<int>(a->set->problems.size()));
    QTreeWidgetItem* stopped = nullptr;
    for (int i = 0; i < bundle->childCount(); ++i) {
        QTreeWidgetItem* c = bundle->child(i);
        EXPECT_FALSE(c->text(2).isEmpty()) << "every problem has its reason";
        if (c->text(2).startsWith(QStringLiteral("stopped at step \"base\""))) stopped = c;
    }
    ASSERT_NE(stopped, nullptr);
    EXPECT_EQ(stopped->text(0), QStringLiteral("freecad-856aa02a44__HZZZZL2"));
    EXPECT_EQ(bundle->text(2), QObject::tr("%n problem(s)", nullptr, bundle->childCount()));

    bundle->setExpanded(true);
    if (const QByteArray dir = qgetenv("VERNIER_SCREENSHOT_DIR"); !dir.isEmpty()) {
        // For docs/workspace.md: the ablation jobs beside it, one system renamed and recoloured.
        w.openBundles({kAblation});
        ASSERT_TRUE(waitForAnalysis(w));
        dock->setAlias(QStringLiteral("claude-code/claude-opus-5.5 · temperature=0.2"),
                       QStringLiteral("Opus T=0.2"));
        dock->setColour(QStringLiteral("codex/gpt-6-astra"), QStringLiteral("#222222"));
        dock->bundleItem(kJob22)->setExpanded(true);
        dock->raise();
        QApplication::processEvents();
        w.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/workspace-dock.png"));
    }

    QSignalSpy activated(dock, &WorkspaceDock::trialActivated);
    stopped = nullptr; // the tree may have been rebuilt: find the row again
    bundle = dock->bundleItem(kJob22);
    for (int i = 0; i < bundle->childCount(); ++i)
        if (bundle->child(i)->text(0) == QStringLiteral("freecad-856aa02a44__HZZZZL2"))
            stopped = bundle->child(i);
    ASSERT_NE(stopped, nullptr);
    emit dock->bundleTree()->itemActivated(stopped, 0);
    ASSERT_EQ(activated.size(), 1);
    const auto trial = activated.takeFirst().at(0).value<TrialId>();
    EXPECT_EQ(trial.bundle, kJob22.toStdString());
    EXPECT_NE(trial.path.find("freecad-856aa02a44__HZZZZL2"), std::string::npos);
    EXPECT_EQ(w.currentViewKey(), QStringLiteral("trials")); // the main window showed it
}

TEST(UiWorkspaceGui, AliasColourAndHiddenReachTheSnapshotAndTheLeaderboard) {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({kJob22, kCodexJob}, kPack);
    ASSERT_TRUE(waitForAnalysis(w));
    WorkspaceDock* dock = w.workspaceDock();
    const std::string codex = "codex/gpt-6-astra";
    dock->setAlias(QString::fromStdString(codex), QStringLiteral("Codex (medium)"));
    dock->setColour(QString::fromStdString(codex), QStringLiteral("#123456"));
    auto a = w.session()->analysis();
    const int codexIndex = systemIndexOf(*a, codex);
    ASSERT_GE(codexIndex, 0);
    EXPECT_EQ(a->displayName(codexIndex), "Codex (medium)");
    EXPECT_EQ(a->userColour(codexIndex), "#123456");
    // The dock's systems list shows the alias.
    bool listed = false;
    for (int i = 0; i < dock->systemTree()->topLevelItemCount(); ++i)
        if (dock->systemTree()->topLevelItem(i)->text(WorkspaceDock::NameColumn) ==
            QStringLiteral("Codex (medium)"))
            listed = true;
    EXPECT_TRUE(listed);
    // The leaderboard shows the alias and the chosen colour.
    auto* table = w.findChild<QTableView*>(QStringLiteral("leaderboardTable"));
    ASSERT_NE(table, nullptr);
    QApplication::processEvents();
    const int row = leaderboardRow(table->model(), codexIndex);
    ASSERT_GE(row, 0);
    EXPECT_EQ(table->model()->index(row, LeaderboardModel::System).data().toString(),
              QStringLiteral("Codex (medium)"));
    EXPECT_EQ(table->model()->index(row, LeaderboardModel::System).data(Qt::DecorationRole).value<QColor>(),
              QColor("#123456"));

    // Hidden: the system leaves every view (the filter says so), stays in the dock's list.
    dock->setHidden(QString::fromStdString(codex), true);
    ASSERT_TRUE(waitForAnalysis(w));
    a = w.session()->analysis();
    EXPECT_TRUE(a->filter.hiddenSystems.count(codex));
    EXPECT_FALSE(shownLabels(*a).count(codex));
    EXPECT_EQ(leaderboardRow(table->model(), codexIndex), -1);
    EXPECT_EQ(dock->systemTree()->topLevelItemCount(), static_cast<int>(a->set->systems.size()));
    dock->resetStyle(QString::fromStdString(codex));
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_TRUE(shownLabels(*w.session()->analysis()).count(codex));
    EXPECT_TRUE(w.session()->styles().byLabel.empty());
}

TEST(UiWorkspaceGui, ASavedWorkspaceOpensTheSameInAFreshWindow) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("study.vernier.json"));
    const std::string claude = "claude-code/claude-opus-5.5";
    const std::string codex = "codex/gpt-6-astra";
    Workspace saved;
    std::set<std::string> systemsBefore;
    {
        MainWindow w;
        w.setInteractive(false);
        w.resize(1400, 900);
        w.show();
        w.openResults({kJob22, kCodexJob, kAblation}, kPack);
        ASSERT_TRUE(waitForAnalysis(w));
        w.session()->setBundleEnabled(kAblation, false);
        ASSERT_TRUE(waitForAnalysis(w));
        WorkspaceDock* dock = w.workspaceDock();
        dock->setAlias(QString::fromStdString(claude), QStringLiteral("Claude (high)"));
        dock->setColour(QString::fromStdString(claude), QStringLiteral("#aa0000"));
        dock->setHidden(QString::fromStdString(codex), true);
        ASSERT_TRUE(waitForAnalysis(w));
        Filter filter = w.session()->filter();
        filter.workflows = {Workflow::Creation};
        w.session()->setFilter(filter);
        ASSERT_TRUE(waitForAnalysis(w));
        w.session()->setSelectionPolicy(SelectionPolicy::Best);
        ASSERT_TRUE(waitForAnalysis(w));
        for (const auto& s : w.session()->analysis()->set->systems)
            systemsBefore.insert(s.label());

        QString error;
        ASSERT_TRUE(w.saveWorkspaceFile(file, &error)) << error.toStdString();
        EXPECT_TRUE(w.windowTitle().startsWith(QStringLiteral("study.vernier.json[*]")));
        EXPECT_FALSE(w.isWindowModified());
        saved = w.session()->workspace();
        dock->setAlias(QString::fromStdString(claude), QStringLiteral("Claude"));
        EXPECT_TRUE(w.workspaceModified());
        EXPECT_TRUE(w.isWindowModified());
        dock->setAlias(QString::fromStdString(claude), QStringLiteral("Claude (high)"));
        EXPECT_FALSE(w.workspaceModified());
        EXPECT_EQ(QSettings().value(QStringLiteral("recentWorkspaces")).toStringList().value(0),
                  QFileInfo(file).absoluteFilePath());
    }
    ASSERT_EQ(saved.bundles.size(), 3u);
    EXPECT_FALSE(saved.bundles[2].enabled);

    MainWindow fresh;
    fresh.setInteractive(false);
    fresh.resize(1400, 900);
    fresh.show();
    QString error;
    ASSERT_TRUE(fresh.openWorkspaceFile(file, &error)) << error.toStdString();
    ASSERT_TRUE(waitForAnalysis(fresh));
    const auto a = fresh.session()->analysis();
    ASSERT_TRUE(a->set);
    EXPECT_EQ(fresh.session()->workspace(), saved);
    std::set<std::string> systemsAfter;
    for (const auto& s : a->set->systems)
        systemsAfter.insert(s.label());
    EXPECT_EQ(systemsAfter, systemsBefore);
    EXPECT_EQ(trialBundles(*a), (std::set<std::string>{kJob22.toStdString(), kCodexJob.toStdString()}));
    EXPECT_EQ(a->styles.displayName(claude), "Claude (high)");
    EXPECT_EQ(a->styles.userColour(claude), "#aa0000");
    EXPECT_TRUE(a->styles.hidden(codex));
    EXPECT_FALSE(shownLabels(*a).count(codex));
    EXPECT_EQ(a->filter.workflows, (std::set<Workflow>{Workflow::Creation}));
    EXPECT_EQ(a->set->policy(), SelectionPolicy::Best);
    EXPECT_FALSE(fresh.session()->bundleEnabled(kAblation));
    EXPECT_FALSE(fresh.isWindowModified());
    EXPECT_FALSE(fresh.sampleShown());
    QTreeWidgetItem* ablation = fresh.workspaceDock()->bundleItem(kAblation);
    ASSERT_NE(ablation, nullptr);
    EXPECT_EQ(ablation->checkState(0), Qt::Unchecked);
}

TEST(UiWorkspaceGui, SessionRoundTripsAWorkspaceAndEnablesBundles) {
    Session s;
    Workspace ws;
    ws.bundles = {{kJob22.toStdString(), true}, {kCodexJob.toStdString(), false}};
    ws.taskPack = kPack.toStdString();
    ws.styles.setAlias("claude-code/claude-opus-5.5", "Claude");
    ws.styles.setHidden("codex/gpt-6-astra", true);
    ws.filter.workflows = {Workflow::ImageToCad};
    ws.policy = SelectionPolicy::Mean;
    QSignalSpy spy(&s, &Session::analysisChanged);
    s.applyWorkspace(ws);
    ASSERT_TRUE(waitIdle(s, spy));
    EXPECT_EQ(s.workspace(), ws);
    auto a = s.analysis();
    ASSERT_TRUE(a->set);
    EXPECT_EQ(a->set->bundles, std::vector<std::string>{kJob22.toStdString()}); // only the enabled one
    EXPECT_EQ(a->styles, ws.styles);
    EXPECT_EQ(a->filter.hiddenSystems, (std::set<std::string>{"codex/gpt-6-astra"}));
    EXPECT_EQ(a->set->policy(), SelectionPolicy::Mean);
    EXPECT_EQ(s.enabledBundles(), QStringList{kJob22});

    spy.clear();
    s.setBundleEnabled(kCodexJob, true);
    ASSERT_TRUE(waitIdle(s, spy));
    a = s.analysis();
    EXPECT_EQ(a->set->bundles, (std::vector<std::string>{kJob22.toStdString(), kCodexJob.toStdString()}));
    EXPECT_EQ(a->styles, ws.styles); // every published snapshot carries the styles
    EXPECT_TRUE(s.workspace().bundles[1].enabled);

    // Every bundle disabled: nothing shown, both still listed.
    spy.clear();
    s.setBundleEnabled(kJob22, false);
    s.setBundleEnabled(kCodexJob, false);
    ASSERT_TRUE(waitIdle(s, spy));
    EXPECT_FALSE(s.analysis()->set);
    EXPECT_EQ(s.bundles().size(), 2);
    EXPECT_EQ(s.analysis()->styles, ws.styles);

    // Rescore workers: the number of cores unless set.
    EXPECT_GE(s.rescoreWorkers(), 1);
    s.setRescoreWorkers(3);
    EXPECT_EQ(s.rescoreWorkers(), 3);
    s.setRescoreWorkers(0);
    EXPECT_EQ(s.rescoreWorkers(), 1);
}

TEST(UiWorkspaceGui, ColumnWidthsAndOrderComeBackInTheNextSession) {
    {
        MainWindow w;
        w.setInteractive(false);
        w.restoreSettings();
        w.show();
        w.openResults({kJob22}, kPack);
        ASSERT_TRUE(waitForAnalysis(w));
        auto* table = w.findChild<QTableView*>(QStringLiteral("leaderboardTable"));
        ASSERT_NE(table, nullptr);
        auto* trials = w.findChild<QTableView*>(QStringLiteral("trialsTable"));
        ASSERT_NE(trials, nullptr);
        trials->horizontalHeader()->resizeSection(1, 222);
        table->horizontalHeader()->moveSection(table->horizontalHeader()->visualIndex(LeaderboardModel::Cost),
                                               1);
        w.close(); // saves the layout
    }
    MainWindow next;
    next.setInteractive(false);
    next.restoreSettings();
    next.show();
    next.openResults({kJob22}, kPack);
    ASSERT_TRUE(waitForAnalysis(next));
    auto* table = next.findChild<QTableView*>(QStringLiteral("leaderboardTable"));
    ASSERT_NE(table, nullptr);
    auto* trials = next.findChild<QTableView*>(QStringLiteral("trialsTable"));
    ASSERT_NE(trials, nullptr);
    EXPECT_EQ(trials->horizontalHeader()->sectionSize(1), 222);
    EXPECT_EQ(table->horizontalHeader()->visualIndex(LeaderboardModel::Cost), 1);
}
