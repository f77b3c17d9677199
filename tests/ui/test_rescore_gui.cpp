// "Rescore all" from the main window on the shipped sample: real vernier-cli worker processes, a
// throw-away cache, and an event loop that must keep turning while the workers run.
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <gtest/gtest.h>

#include "models/rescoring.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/support_fixture.h"

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
    const QString expected = QStringLiteral("Rescore mismatches: 2 · 2 with only one of recorded/rescored");
    deadline.restart();
    while (mismatch->text() != expected && deadline.elapsed() < 60000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    EXPECT_EQ(mismatch->text().toStdString(), expected.toStdString());
    EXPECT_EQ(w.session()->scoredWithoutRecordCount(), 2);
    // Generous: the GUI thread only handles progress messages; 2 s would be a visible freeze.
    EXPECT_LT(longestGap, 2000);
}
