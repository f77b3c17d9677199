// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Live follow of a running Harbor job (docs/formats.md, "Live follow"): trial folders copied into an open
// job folder show up as running in the status bar, a half-written result.json is retried (never reported),
// and the finished trials reach the trials table while the selected trial and the sort order stay.
#include <QApplication>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "ui/bundle_watcher.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/support_fixture.h"
#include "ui/trials_view.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::waitForAnalysis;
namespace fs = std::filesystem;

namespace {

const std::string kHarbor = std::string(VERNIER_TEST_DATA_DIR) + "/harbor";
// job-0.22's trials b and e (tests/data/harbor/README.md) arrive while the job is open; a is selected.
const std::string kB = "freecad-7c431b252d__YvombYC";
const std::string kE = "freecad-856aa02a44__gRp63dn";
const std::string kA = "freecad-578850b93a__w8ThRft";

// Runs the event loop until `done` holds or `timeoutMs` passes; true when it held.
bool waitUntil(const std::function<bool()>& done, int timeoutMs = 5000) {
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs) return false;
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(10);
    }
    return true;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeFile(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

int problemsMentioning(const Session& session, const std::string& text) {
    int n = 0;
    if (const auto set = session.resultSet())
        for (const auto& p : set->problems)
            if (p.path.find(text) != std::string::npos || p.trial.find(text) != std::string::npos ||
                p.reason.find(text) != std::string::npos)
                ++n;
    return n;
}

// Recent files and window state go to a throw-away folder, never the user's settings.
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

} // namespace

TEST(UiLiveFollow, TrialsOfARunningJobArriveWithoutLosingTheSelection) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    // A copy of job-0.22 (never a link: the fixture is committed data) without b and e.
    const std::string job = (fs::path(tmp.path().toStdString()) / "job-0.22").string();
    fs::copy(kHarbor + "/job-0.22", job, fs::copy_options::recursive);
    fs::remove_all(job + "/" + kB);
    fs::remove_all(job + "/" + kE);

    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({QString::fromStdString(job)}, QString::fromStdString(kHarbor + "/pack"));
    ASSERT_TRUE(waitForAnalysis(w));
    Session* session = w.session();
    ASSERT_TRUE(session->follow());
    ASSERT_EQ(session->resultSet()->trials.size(), 6u);
    auto* label = w.findChild<QLabel*>(QStringLiteral("followLabel"));
    ASSERT_NE(label, nullptr);
    EXPECT_TRUE(label->isHidden()); // nothing running

    ASSERT_TRUE(w.showView(QStringLiteral("trials")));
    auto* trials = qobject_cast<TrialsView*>(w.view(QStringLiteral("trials")));
    ASSERT_NE(trials, nullptr);
    auto* table = trials->findChild<QTableView*>();
    ASSERT_NE(table, nullptr);
    ASSERT_EQ(table->model()->rowCount(), 6);
    table->sortByColumn(0, Qt::DescendingOrder);
    const TrialId selected{job, kA};
    ASSERT_TRUE(trials->focusTrial(selected));
    ASSERT_EQ(trials->currentTrial(), selected);

    // Two trials start: their folders exist, without result.json.
    for (const std::string& t : {kB, kE}) {
        fs::copy(kHarbor + "/job-0.22/" + t, job + "/" + t, fs::copy_options::recursive);
        fs::remove(job + "/" + t + "/result.json");
    }
    ASSERT_TRUE(waitUntil([&] { return !label->isHidden(); })) << label->text().toStdString();
    EXPECT_EQ(label->text(), QStringLiteral("following 2 running trials"));
    EXPECT_EQ(session->runningTrials(), 2);
    EXPECT_EQ(session->resultSet()->trials.size(), 6u); // running trials are not trials yet

    // Both finish, their result.json written in two steps: first half of it...
    for (const std::string& t : {kB, kE}) {
        const std::string full = readFile(kHarbor + "/job-0.22/" + t + "/result.json");
        ASSERT_GT(full.size(), 100u);
        writeFile(job + "/" + t + "/result.json", full.substr(0, full.size() / 2));
    }
    ASSERT_TRUE(waitUntil([&] { return session->waitingTrials() == 2; }));
    EXPECT_TRUE(label->isHidden()); // no trial folder without result.json
    EXPECT_EQ(session->resultSet()->trials.size(), 6u);
    EXPECT_EQ(problemsMentioning(*session, "not valid JSON"), 0);
    EXPECT_EQ(problemsMentioning(*session, kB), 0);
    EXPECT_EQ(problemsMentioning(*session, kE), 0);

    // ... then all of it: both trials reach the table within 5 s.
    for (const std::string& t : {kB, kE})
        writeFile(job + "/" + t + "/result.json", readFile(kHarbor + "/job-0.22/" + t + "/result.json"));
    ASSERT_TRUE(waitUntil([&] {
        const auto a = session->analysis();
        return a->set && a->set->trials.size() == 8u && table->model()->rowCount() == 8;
    }));
    EXPECT_EQ(session->waitingTrials(), 0);
    EXPECT_EQ(problemsMentioning(*session, "not valid JSON"), 0);
    const auto set = session->analysis()->set;
    ASSERT_NE(set->find(TrialId{job, kB}), nullptr);
    ASSERT_NE(set->find(TrialId{job, kE}), nullptr);
    ASSERT_TRUE(set->find(TrialId{job, kE})->recordedReward.has_value());
    EXPECT_DOUBLE_EQ(*set->find(TrialId{job, kE})->recordedReward, 0.8048801704574926);
    EXPECT_TRUE(set->find(TrialId{job, kB})->loadError.empty());
    // The selection and the sort order stayed.
    EXPECT_EQ(trials->currentTrial(), selected);
    EXPECT_EQ(table->horizontalHeader()->sortIndicatorSection(), 0);
    EXPECT_EQ(table->horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);
    EXPECT_TRUE(label->isHidden());
    EXPECT_EQ(session->runningTrials(), 0);

    // Following off: nothing is watched; on again, a full import reads what came meanwhile and watches again.
    session->setFollow(false);
    EXPECT_FALSE(session->bundleWatcher()->watching());
    fs::copy(kHarbor + "/job-0.20/freecad-578850b93a__DZVPCrJ", job + "/freecad-578850b93a__DZVPCrJ",
             fs::copy_options::recursive);
    session->setFollow(true);
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(session->analysis()->set->trials.size(), 9u);
    EXPECT_TRUE(session->bundleWatcher()->watching());
    EXPECT_EQ(trials->currentTrial(), selected);
}

// The scan the follow starts from, on a job with more trial folders than one thread takes (they are looked at
// on several): every trial folder, finished or running, with its result.json's size; the running ones and the
// bundle and job folders watched, the finished ones not; a folder of another kind inside the job looked into
// (and watched), the folders in it not trial folders, since it is no job.
TEST(UiLiveFollow, AScanOfALargeJobSeesEveryTrialFolder) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const fs::path bundle = fs::path(tmp.path().toStdString()) / "bundle";
    const fs::path job = bundle / "job";
    fs::create_directories(job);
    std::ofstream(job / "config.json") << "{}";
    constexpr int kTrials = 700;
    for (int i = 0; i < kTrials; ++i) {
        const fs::path trial = job / ("task__" + std::to_string(1000 + i));
        fs::create_directories(trial);
        std::ofstream(trial / "config.json") << "{}";
        if (i % 2 == 0) std::ofstream(trial / "result.json") << std::string(static_cast<std::size_t>(i), 'x');
    }
    fs::create_directories(job / "notes" / "task__inner"); // not a trial folder: looked into, no job
    std::ofstream(job / "notes" / "task__inner" / "result.json") << "{}";

    const BundleWatcher::FolderState state = BundleWatcher::scan(QString::fromStdString(bundle.string()));
    ASSERT_EQ(state.trials.size(), kTrials);
    int running = 0;
    for (int i = 0; i < kTrials; ++i) {
        const QString rel = QStringLiteral("job/task__%1/").arg(1000 + i);
        ASSERT_TRUE(state.trials.contains(rel)) << rel.toStdString();
        const BundleWatcher::TrialState& t = state.trials[rel];
        EXPECT_EQ(t.finished, i % 2 == 0) << rel.toStdString();
        EXPECT_EQ(t.size, i % 2 == 0 ? i : -1) << rel.toStdString();
        const QString abs = QString::fromStdString((job / ("task__" + std::to_string(1000 + i))).string());
        EXPECT_EQ(state.watchDirs.contains(abs), i % 2 != 0) << rel.toStdString();
        running += t.finished ? 0 : 1;
    }
    EXPECT_EQ(running, kTrials / 2);
    EXPECT_EQ(state.running(), kTrials / 2);
    EXPECT_FALSE(state.trials.contains(QStringLiteral("job/notes/task__inner/")));
    EXPECT_TRUE(state.watchDirs.contains(QString::fromStdString((job / "notes" / "task__inner").string())));
    EXPECT_TRUE(state.watchDirs.contains(QString::fromStdString(bundle.string())));
    EXPECT_TRUE(state.watchDirs.contains(QString::fromStdString(job.string())));
    EXPECT_TRUE(state.watchDirs.contains(QString::fromStdString((job / "notes").string())));
}
