// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Rescored results follow their trial, not a row: a rescore of bundle A keeps running while a second bundle B
// (a copy of A: the same trial names, other TrialIds) is imported and the filter changes, or while A is
// closed and opened again. Real `vernier-cli rescore-worker` processes score the shipped sample; they wait at
// a gate (a file the test creates) so that the import and the close happen while the rescore runs, without
// depending on timing. Every result is compared with a rescore of A alone.
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <filesystem>
#include <gtest/gtest.h>
#include <map>

#include "models/result_set.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/support_fixture.h"
#include "worker/rescoring.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::waitForAnalysis;

namespace {

const QString kCli = QStringLiteral(VERNIER_BINARY_DIR "/bin/vernier-cli");
const QString kResults = QStringLiteral(VERNIER_SOURCE_DIR "/resources/sample/results");
const QString kPack = QStringLiteral(VERNIER_SOURCE_DIR "/resources/sample/pack");

struct Reference {
    std::map<TrialId, RescoredResult> byTrial; // A's valid trials rescored alone
};

std::vector<TrialId> validTrials(const ResultSet& set) {
    std::vector<TrialId> out;
    for (const TrialRecord& t : set.trials)
        if (t.loadError.empty()) out.push_back(t.id());
    return out;
}

// A rescore of the sample alone, straight through the engine, no cache.
Reference rescoreAlone() {
    Reference ref;
    const ResultSet set = importResults({QDir::cleanPath(kResults).toStdString()}, kPack.toStdString());
    RescoreOptions o;
    o.workerProgram = kCli.toStdString();
    o.useCache = false;
    for (auto& [id, r] : RescoreEngine(o).run(set, validTrials(set)))
        ref.byTrial[id] = r;
    return ref;
}

// Two results are the same rescore when their rewards and per-axis scores are equal.
void expectSameResult(const RescoredResult& got, const RescoredResult& want, const std::string& what) {
    EXPECT_EQ(got.scorerCrash, want.scorerCrash) << what << ": " << got.error;
    EXPECT_EQ(got.reward, want.reward) << what;
    EXPECT_EQ(got.single.geometry, want.single.geometry) << what;
    EXPECT_EQ(got.single.spec, want.single.spec) << what;
    EXPECT_EQ(got.base.has_value(), want.base.has_value()) << what;
}

// Gated worker options: each worker process waits for `gate` to exist before it reads a job.
RescoreOptions gatedOptions(const QString& gate, const QString& cache) {
    RescoreOptions o;
    o.workerProgram = "/bin/sh";
    o.workerArguments = {"-c", "while [ ! -e \"$0\" ]; do sleep 0.05; done; exec \"$1\" rescore-worker",
                         gate.toStdString(), kCli.toStdString()};
    o.useCache = false;
    o.cacheDirectory = cache.toStdString();
    return o;
}

bool waitFor(QSignalSpy& spy, int timeoutMs = 600000) {
    QElapsedTimer t;
    t.start();
    while (spy.isEmpty() && t.elapsed() < timeoutMs)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    return !spy.isEmpty();
}

// Runs the event loop until nothing is pending in the session (import, statistics, rescoring).
void waitUntilIdle(MainWindow& w) {
    QElapsedTimer t;
    t.start();
    while (w.session()->busy() && t.elapsed() < 120000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    QApplication::processEvents();
}

// A copy of the sample elsewhere: the same trials, names and documents, another bundle.
QString copySample(const QTemporaryDir& dir) {
    const std::filesystem::path to = std::filesystem::path(dir.path().toStdString()) / "copy-of-results";
    std::filesystem::copy(kResults.toStdString(), to, std::filesystem::copy_options::recursive);
    return QString::fromStdString(to.string());
}

class SessionRescore : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir_.isValid());
        ASSERT_TRUE(QFileInfo(kCli).isExecutable()) << "build the vernier-cli target first";
        qputenv("VERNIER_CACHE_DIR", (dir_.path() + "/cache").toUtf8());
        gate_ = dir_.path() + "/go";
        bundleB_ = copySample(dir_);
        reference_ = rescoreAlone();
        ASSERT_FALSE(reference_.byTrial.empty());
        w_.setInteractive(false);
        w_.setRescoreOptions(gatedOptions(gate_, dir_.path() + "/cache/rescore"));
        w_.resize(1400, 900);
        w_.show();
    }
    void TearDown() override {
        QFile(gate_).open(QIODevice::WriteOnly); // never leave a worker waiting
        w_.session()->cancelRescore();
        waitUntilIdle(w_);
        qunsetenv("VERNIER_CACHE_DIR");
    }
    void openGate() { ASSERT_TRUE(QFile(gate_).open(QIODevice::WriteOnly)); }

    // Every valid trial of A carries exactly the result of the rescore of A alone; no trial of B has one.
    void expectResultsOnTheirOwnTrials(const ResultSet& set, bool expectA) {
        int onA = 0;
        for (const TrialRecord& t : set.trials) {
            if (t.bundle == bundleB_.toStdString()) {
                EXPECT_FALSE(t.rescored) << "a result landed on B's " << t.trialName;
                continue;
            }
            if (!t.loadError.empty()) continue;
            ASSERT_TRUE(t.rescored) << "no result on A's " << t.trialName;
            const auto want = reference_.byTrial.find(t.id());
            ASSERT_NE(want, reference_.byTrial.end()) << t.id().display();
            expectSameResult(*t.rescored, want->second, t.id().display());
            ++onA;
        }
        EXPECT_EQ(onA, expectA ? static_cast<int>(reference_.byTrial.size()) : 0);
    }

    QTemporaryDir dir_;
    QString gate_;
    QString bundleB_;
    Reference reference_;
    MainWindow w_;
};

} // namespace

TEST_F(SessionRescore, ResultsLandOnTheirTrialsWhileAnotherBundleIsImportedAndTheFilterChanges) {
    w_.openResults({kResults}, kPack);
    ASSERT_TRUE(waitForAnalysis(w_));
    QSignalSpy finished(w_.session(), &Session::rescoreFinished);
    w_.rescoreAll();
    ASSERT_TRUE(w_.session()->rescoring());

    // B before A: every trial of A moves to another row.
    w_.openResults({bundleB_, kResults}, kPack);
    ASSERT_TRUE(waitForAnalysis(w_));
    ASSERT_TRUE(w_.session()->rescoring()); // the workers are still at the gate
    const auto both = w_.session()->analysis()->set;
    ASSERT_EQ(both->bundles.size(), 2u);
    const TrialId someA = reference_.byTrial.begin()->first;
    ASSERT_TRUE(both->indexOf(someA).has_value());
    // A trial of B with the same folder name as that trial of A: not the same trial.
    const TrialId twinB{QDir::cleanPath(bundleB_).toStdString(), someA.path};
    ASSERT_TRUE(both->indexOf(twinB).has_value());
    EXPECT_NE(*both->indexOf(twinB), *both->indexOf(someA));

    // A filter change while the rescore runs.
    Filter filtered;
    filtered.workflows = {Workflow::Creation};
    w_.session()->setFilter(filtered);
    ASSERT_TRUE(waitForAnalysis(w_));
    ASSERT_TRUE(w_.session()->rescoring());

    openGate();
    ASSERT_TRUE(waitFor(finished)) << "the rescore did not finish";
    EXPECT_TRUE(finished.first().at(3).toString().isEmpty())
        << finished.first().at(3).toString().toStdString();
    EXPECT_EQ(finished.first().at(0).toInt(), static_cast<int>(reference_.byTrial.size()));
    waitUntilIdle(w_);

    // The merged snapshot is the newest one: both bundles, the changed filter, every result on its own trial.
    const auto after = w_.session()->analysis();
    ASSERT_TRUE(after->set);
    EXPECT_EQ(after->set->bundles.size(), 2u);
    EXPECT_TRUE(after->filter == filtered);
    expectResultsOnTheirOwnTrials(*w_.session()->resultSet(), true);
    // The session's map holds A's results only, each equal to the rescore of A alone.
    EXPECT_EQ(w_.session()->rescoredResults().size(), reference_.byTrial.size());
    for (const auto& [id, r] : reference_.byTrial) {
        const auto got = w_.session()->rescoredResult(id);
        ASSERT_TRUE(got) << id.display();
        expectSameResult(*got, r, id.display());
    }
    EXPECT_FALSE(w_.session()->rescoredResult(twinB).has_value());
}

TEST_F(SessionRescore, ResultsForAClosedBundleAreKeptAndComeBackWhenItIsReopened) {
    w_.openResults({kResults, bundleB_}, kPack);
    ASSERT_TRUE(waitForAnalysis(w_));
    QSignalSpy finished(w_.session(), &Session::rescoreFinished);
    // Only A's trials.
    std::vector<TrialId> trialsOfA;
    for (const auto& [id, r] : reference_.byTrial)
        trialsOfA.push_back(id);
    w_.session()->rescore(trialsOfA, gatedOptions(gate_, dir_.path() + "/cache/rescore"));
    ASSERT_TRUE(w_.session()->rescoring());

    // A is closed while its trials are being rescored: B alone is shown.
    w_.session()->closeBundle(kResults);
    ASSERT_TRUE(waitForAnalysis(w_));
    ASSERT_TRUE(w_.session()->rescoring());
    ASSERT_EQ(w_.session()->analysis()->set->bundles.size(), 1u);

    openGate();
    ASSERT_TRUE(waitFor(finished)) << "the rescore did not finish";
    waitUntilIdle(w_);
    // Nothing landed on B (whose trials have the same names), and the results wait in the session.
    expectResultsOnTheirOwnTrials(*w_.session()->resultSet(), false);
    EXPECT_EQ(w_.session()->rescoredResults().size(), reference_.byTrial.size());
    EXPECT_EQ(w_.session()->mismatchCount(), 0);

    // Opened again: every result is back on its own trial.
    w_.session()->addBundle(kResults);
    ASSERT_TRUE(waitForAnalysis(w_));
    waitUntilIdle(w_);
    ASSERT_EQ(w_.session()->resultSet()->bundles.size(), 2u);
    expectResultsOnTheirOwnTrials(*w_.session()->resultSet(), true);
    expectResultsOnTheirOwnTrials(*w_.session()->analysis()->set, true);
    // The sample's two documented kernel-drift trials (README.md) are mismatches again.
    EXPECT_EQ(w_.session()->mismatchCount(), 2);
}

TEST_F(SessionRescore, ThePoliciesAreKeptAcrossLoadsAndReadFromTheSession) {
    w_.session()->setSelectionPolicy(SelectionPolicy::Mean);
    w_.session()->setPreferRescored(true);
    w_.openResults({kResults}, kPack);
    ASSERT_TRUE(waitForAnalysis(w_));
    EXPECT_EQ(w_.session()->bundles(), QStringList{QDir::cleanPath(kResults)});
    EXPECT_EQ(w_.session()->taskPack(), kPack);
    EXPECT_EQ(w_.session()->analysis()->set->policy(), SelectionPolicy::Mean);
    EXPECT_TRUE(w_.session()->analysis()->set->preferRescored());
    // Closing the results keeps the task pack and the policies.
    w_.openResults({}, w_.session()->taskPack());
    EXPECT_FALSE(w_.session()->analysis()->set);
    EXPECT_EQ(w_.session()->taskPack(), kPack);
    EXPECT_EQ(w_.session()->selectionPolicy(), SelectionPolicy::Mean);
}
