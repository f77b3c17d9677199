// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// "Rescore all" from the main window on the shipped sample: real vernier-cli worker processes, a
// throw-away cache, and an event loop that must keep turning while the workers run.
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QLabel>
#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <gtest/gtest.h>

#include "figures/report_export.h"
#include "ui/inspector/trial_inspector.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/support_fixture.h"
#include "worker/rescoring.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::waitForAnalysis;

TEST(UiRescore, RescoringTheSampleFinishesAndCountsTheTwoKernelDriftMismatches) {
    QTemporaryDir cache;
    ASSERT_TRUE(cache.isValid());
    qputenv("VERNIER_CACHE_DIR", cache.path().toUtf8());
    // The GUI finds vernier-cli next to `vernier` (build/bin); this test executable lives elsewhere.
    const QString cli = QStringLiteral(VERNIER_BINARY_DIR "/bin/vernier-cli");
    ASSERT_TRUE(QFileInfo(cli).isExecutable()) << "build the vernier-cli target first: " << cli.toStdString();

    MainWindow w;
    w.setInteractive(false);
    RescoreOptions options;
    options.workerProgram = cli.toStdString();
    options.cacheDirectory = cache.path().toStdString() + "/rescore";
    w.setRescoreOptions(options);
    w.resize(1400, 900);
    w.show();
    w.openResults({QStringLiteral(VERNIER_SOURCE_DIR "/resources/sample/results")},
                  QStringLiteral(VERNIER_SOURCE_DIR "/resources/sample/pack"));
    ASSERT_TRUE(waitForAnalysis(w));
    ASSERT_FALSE(w.session()->analysis()->set->trials.empty());
    // The recorded leaderboard before rescoring, to compare with after.
    std::vector<double> recordedOverall;
    for (const auto& row : w.session()->analysis()->rows)
        recordedOverall.push_back(row.summary.overall);
    // An inspector open on a recorded scorer crash (no recorded reward) during the rescore.
    const auto crashed = w.findTrial(QStringLiteral("freecad-7c431b252d__MXSiaGW"));
    ASSERT_TRUE(crashed.has_value());
    QPointer<ui::TrialInspector> inspector = qobject_cast<ui::TrialInspector*>(w.openTrial(*crashed, true));
    ASSERT_TRUE(inspector);
    EXPECT_FALSE(inspector->rescoredReward());

    auto* mismatch = w.findChild<QLabel*>(QStringLiteral("mismatchLabel"));
    ASSERT_NE(mismatch, nullptr);
    QSignalSpy finished(w.session(), &Session::rescoreFinished);
    QSignalSpy progress(w.session(), &Session::rescoreProgress);

    // A timer that must keep firing while rescoring runs: the longest gap between its ticks is how long
    // the event loop was blocked.
    QElapsedTimer sinceTick;
    qint64 longestGap = 0;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout,
                     [&] { longestGap = std::max(longestGap, sinceTick.restart()); });
    tick.start(20);
    sinceTick.start();

    w.rescoreAll();
    ASSERT_TRUE(w.session()->rescoring());
    QElapsedTimer deadline;
    deadline.start();
    while (finished.isEmpty() && deadline.elapsed() < 600000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    tick.stop();
    ASSERT_EQ(finished.size(), 1) << "rescoring did not finish within 10 minutes";

    const QList<QVariant> args = finished.takeFirst();
    const int valid = static_cast<int>(std::count_if(
        w.session()->analysis()->set->trials.begin(), w.session()->analysis()->set->trials.end(),
        [](const TrialRecord& t) { return t.loadError.empty(); }));
    EXPECT_EQ(args.at(0).toInt(), valid); // every valid trial rescored
    EXPECT_EQ(args.at(1).toInt(), 2);     // the two documented kernel-drift trials (README.md)
    EXPECT_FALSE(args.at(2).toBool());    // not cancelled
    EXPECT_TRUE(args.at(3).toString().isEmpty()) << args.at(3).toString().toStdString();
    EXPECT_GE(progress.size(), 2); // a start and at least one finished trial were reported
    EXPECT_FALSE(w.session()->rescoring());
    // The status bar follows once the recomputed statistics reach the window.
    // The two scorer-crash trials (verifier_result null) now have a reward: counted apart, not as mismatches.
    const QString expected = QStringLiteral("Mismatches: 2 (+2 one-sided)");
    deadline.restart();
    while (mismatch->text() != expected && deadline.elapsed() < 60000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    EXPECT_EQ(mismatch->text().toStdString(), expected.toStdString());
    EXPECT_EQ(w.session()->scoredWithoutRecordCount(), 2);
    // Generous: the GUI thread only handles progress messages; 2 s would be a visible freeze.
    EXPECT_LT(longestGap, 2000);

    // Recorded rewards are the record: rescoring changes no leaderboard number until the switch says so.
    const auto after = w.session()->analysis();
    EXPECT_FALSE(after->set->usesRescored());
    ASSERT_EQ(after->rows.size(), recordedOverall.size());
    for (std::size_t i = 0; i < recordedOverall.size(); ++i)
        EXPECT_DOUBLE_EQ(after->rows[i].summary.overall, recordedOverall[i]);
    EXPECT_FALSE(w.windowTitle().contains(QStringLiteral("rescored")));
    // The outcome stays readable after later status updates.
    auto* last = w.findChild<QLabel*>(QStringLiteral("lastRescore"));
    ASSERT_NE(last, nullptr);
    EXPECT_TRUE(last->text().startsWith(QStringLiteral("Rescored "))) << last->text().toStdString();
    EXPECT_TRUE(last->toolTip().contains(QStringLiteral("2 mismatch(es)"))) << last->toolTip().toStdString();
    // The open inspector shows the rescored value it did not have before.
    ASSERT_TRUE(inspector);
    EXPECT_TRUE(inspector->rescoredReward());

    // The switch: every place says the numbers are rescored.
    auto* sw = w.findChild<QComboBox*>(QStringLiteral("rewardsSwitch"));
    ASSERT_NE(sw, nullptr);
    EXPECT_EQ(sw->currentIndex(), 0);
    sw->setCurrentIndex(1);
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_TRUE(w.session()->analysis()->set->usesRescored());
    EXPECT_TRUE(w.windowTitle().contains(QStringLiteral("rescored"))) << w.windowTitle().toStdString();
    auto* summary = w.findChild<QLabel*>(QStringLiteral("statusSummary"));
    ASSERT_NE(summary, nullptr);
    EXPECT_TRUE(summary->text().contains(QStringLiteral("rescored by Vernier")))
        << summary->text().toStdString();
    EXPECT_TRUE(
        rewardsTitle(*w.session()->analysis(), QStringLiteral("T")).contains(QStringLiteral("rescored by")));
    EXPECT_TRUE(
        leaderboardLatexText(*w.session()->analysis()).contains(QStringLiteral("rescored by Vernier")));
    // The claude-code row now includes its rescored scorer crash (1.0 instead of 0): a different number.
    bool changed = false;
    for (std::size_t i = 0; i < recordedOverall.size(); ++i)
        changed = changed || w.session()->analysis()->rows[i].summary.overall != recordedOverall[i];
    EXPECT_TRUE(changed);
    // Closing results keeps the choice and empties every view.
    w.openResults({}, QString());
    EXPECT_FALSE(w.session()->analysis()->set);
    EXPECT_EQ(w.windowTitle(), QStringLiteral("Vernier"));
    EXPECT_TRUE(w.session()->preferRescored());
    // Quitting closes the inspector too.
    w.close();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    EXPECT_TRUE(inspector.isNull());
}

TEST(UiExport, TheChosenExtensionIsAdded) {
    EXPECT_EQ(withChosenExtension(QStringLiteral("/tmp/fig"), QStringLiteral("PDF (*.pdf)")),
              QStringLiteral("/tmp/fig.pdf"));
    EXPECT_EQ(withChosenExtension(QStringLiteral("/tmp/t"), QStringLiteral("LaTeX booktabs (*.tex)")),
              QStringLiteral("/tmp/t.tex"));
    EXPECT_EQ(withChosenExtension(QStringLiteral("/tmp/fig.svg"), QStringLiteral("PDF (*.pdf)")),
              QStringLiteral("/tmp/fig.svg"));
    EXPECT_EQ(withChosenExtension(QString(), QStringLiteral("PDF (*.pdf)")), QString());
}
