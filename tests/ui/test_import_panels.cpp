// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The import panels: every problem found while reading Harbor 0.20-0.22 jobs is listed with its trial
// (activating a row opens that trial), and a bundle that is a cad-bench v2 submission shows its checks
// and marks the system whose declared figures differ from its trials.
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTreeWidget>
#include <gtest/gtest.h>

#include "ui/main_window.h"
#include "ui/problems_dock.h"
#include "ui/session.h"
#include "ui/submission_dock.h"
#include "ui/support_fixture.h"
#include "ui/trials_view.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::waitForAnalysis;

namespace {
const QString kHarbor = QStringLiteral(VERNIER_TEST_DATA_DIR "/harbor");
const QString kSubmission = QStringLiteral(VERNIER_TEST_DATA_DIR "/submission");
} // namespace

TEST(UiImportPanels, ProblemsAreListedWithTheirTrialAndOpenIt) {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({kHarbor + QStringLiteral("/job-0.22")}, kHarbor + QStringLiteral("/pack"));
    ASSERT_TRUE(waitForAnalysis(w));
    auto* dock = w.findChild<ProblemsDock*>(QStringLiteral("problemsDock"));
    ASSERT_NE(dock, nullptr);
    EXPECT_TRUE(dock->isVisible()); // a new set with problems opens the panel
    QTreeWidget* list = dock->list();
    ASSERT_EQ(list->topLevelItemCount(), static_cast<int>(w.session()->analysis()->set->problems.size()));
    QTreeWidgetItem* stopped = nullptr;
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (list->topLevelItem(i)->text(1).startsWith(QStringLiteral("stopped at step \"base\"")))
            stopped = list->topLevelItem(i);
    ASSERT_NE(stopped, nullptr);
    EXPECT_EQ(stopped->text(0), QStringLiteral("freecad-856aa02a44__HZZZZL2"));
    QSignalSpy activated(dock, &ProblemsDock::trialActivated);
    emit list->itemActivated(stopped, 0);
    ASSERT_EQ(activated.size(), 1);
    const int trial = activated.takeFirst().at(0).toInt();
    EXPECT_EQ(w.session()->analysis()->set->trials[static_cast<std::size_t>(trial)].trialName,
              "freecad-856aa02a44__HZZZZL2");
    EXPECT_EQ(w.currentViewKey(), QStringLiteral("trials")); // the trial is shown
    // The bundle's Harbor version is shown with it.
    auto* summary = w.findChild<QLabel*>(QStringLiteral("statusSummary"));
    ASSERT_NE(summary, nullptr);
    EXPECT_TRUE(summary->toolTip().contains(QStringLiteral("Harbor 0.22.0")))
        << summary->toolTip().toStdString();
    // Reward keys besides "reward" are optional columns of the trials table.
    auto* table = w.findChild<QTableView*>(QStringLiteral("trialsTable"));
    ASSERT_NE(table, nullptr);
    QStringList headers;
    for (int c = 0; c < table->model()->columnCount(); ++c)
        headers << table->model()->headerData(c, Qt::Horizontal).toString();
    EXPECT_TRUE(headers.contains(QStringLiteral("geometry_similarity"))) << headers.join(',').toStdString();
}

TEST(UiImportPanels, ASubmissionShowsItsChecksAndTheLeaderboardMarksDeclaredFigures) {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({kSubmission + QStringLiteral("/defect-declared_mean")},
                  QStringLiteral(VERNIER_SOURCE_DIR "/resources/sample/pack"));
    ASSERT_TRUE(waitForAnalysis(w));
    auto* dock = w.findChild<SubmissionDock*>(QStringLiteral("submissionDock"));
    ASSERT_NE(dock, nullptr);
    ASSERT_EQ(dock->submissionCount(), 1);
    QTreeWidgetItem* top = dock->list()->topLevelItem(0);
    ASSERT_EQ(top->childCount(), 1);
    EXPECT_EQ(top->child(0)->text(0), QStringLiteral("declared_mean"));
    EXPECT_TRUE(top->text(2).contains(QStringLiteral("the declared figures differ")));
    const auto& subs = w.session()->analysis()->set->submissions;
    ASSERT_EQ(subs.size(), 1u);
    EXPECT_TRUE(subs[0].declaredDiffers);

    // The clean submission passes and marks nothing.
    w.openResults({kSubmission + QStringLiteral("/clean")},
                  QStringLiteral(VERNIER_SOURCE_DIR "/resources/sample/pack"));
    ASSERT_TRUE(waitForAnalysis(w));
    ASSERT_EQ(dock->submissionCount(), 1);
    EXPECT_EQ(dock->list()->topLevelItem(0)->text(0), QStringLiteral("passed"));
    EXPECT_FALSE(w.session()->analysis()->set->submissions[0].declaredDiffers);
}
