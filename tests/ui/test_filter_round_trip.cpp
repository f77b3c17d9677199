// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Filter state never leaks: after filtering to one system and back, Compare shows two different systems
// again and the Failures "zero for at least N systems" box returns to the value the user set.
#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <gtest/gtest.h>

#include "figures/trial_table_model.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/support_fixture.h"
#include "ui/trials_view.h"
#include "ui/view_page.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::waitForAnalysis;

namespace {
// The window shown, on its first page (the leaderboard), with the sample open.
void openSample(MainWindow& w) {
    const auto sample = vernier::testing::samplePaths();
    ASSERT_FALSE(sample.results.isEmpty());
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.showView(QStringLiteral("leaderboard"));
    w.openResults({sample.results}, sample.pack);
    ASSERT_TRUE(waitForAnalysis(w));
}
} // namespace

TEST(UiFilterRoundTrip, CompareAndFailuresComeBackAfterASingleSystemFilter) {
    MainWindow w;
    ASSERT_NO_FATAL_FAILURE(openSample(w));
    ViewPage* compare = w.view(QStringLiteral("compare"));
    ViewPage* failures = w.view(QStringLiteral("failures"));
    auto* a = compare->findChild<QComboBox*>(QStringLiteral("systemA"));
    auto* b = compare->findChild<QComboBox*>(QStringLiteral("systemB"));
    auto* threshold = failures->findChild<QSpinBox*>(QStringLiteral("zeroThreshold"));
    ASSERT_TRUE(a && b && threshold);
    ASSERT_GE(a->count(), 3);
    b->setCurrentIndex(2); // the user's pair: first and third
    const QString chosenB = b->currentText();
    threshold->setValue(3);

    Filter one;
    one.systems = {a->itemText(0).toStdString()};
    w.session()->setFilter(one);
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(a->count(), 1);
    EXPECT_EQ(threshold->value(), 1); // clamped to the one system shown

    w.session()->setFilter(Filter{});
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_NE(a->currentText(), b->currentText()); // never A = B again
    EXPECT_EQ(b->currentText(), chosenB);          // the user's choice comes back
    EXPECT_EQ(threshold->value(), 3);
}

TEST(UiFilterRoundTrip, AggregatePagesSayTheyDoNotApplyTheStatusFilter) {
    MainWindow w;
    ASSERT_NO_FATAL_FAILURE(openSample(w));
    auto* status = w.findChild<QComboBox*>(QStringLiteral("statusFilter"));
    auto* note = w.findChild<QLabel*>(QStringLiteral("statusFilterNote"));
    ASSERT_TRUE(status && note);
    ASSERT_TRUE(w.showView(QStringLiteral("leaderboard")));
    EXPECT_FALSE(note->isVisible()); // "All statuses": nothing to say
    status->setCurrentIndex(status->findData(static_cast<int>(TrialStatus::Zero)));
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_TRUE(note->isVisible());
    EXPECT_TRUE(note->text().contains(QStringLiteral("Leaderboard"))) << note->text().toStdString();
    for (const char* key : {"workflows", "cost", "compare"}) {
        ASSERT_TRUE(w.showView(QString::fromLatin1(key)));
        EXPECT_TRUE(note->isVisible()) << key;
    }
    for (const char* key : {"trials", "heatmap", "failures"}) {
        ASSERT_TRUE(w.showView(QString::fromLatin1(key)));
        EXPECT_FALSE(note->isVisible()) << key; // these pages apply it
    }
}

// A filter change reaches the page on screen at once and the hidden pages after it (docs/architecture.md
// "Large result sets"); a hidden page asked for is brought up to date first, and analysisShown comes when
// every page has the snapshot. The trial table keeps its model (same set) and only refilters.
TEST(UiFilterRoundTrip, HiddenPagesFollowThePageOnScreen) {
    MainWindow w;
    ASSERT_NO_FATAL_FAILURE(openSample(w)); // on the leaderboard
    auto* trials = qobject_cast<TrialsView*>(w.view(QStringLiteral("trials")));
    ASSERT_NE(trials, nullptr);
    const int all = trials->proxy()->rowCount();
    const QAbstractItemModel* source = trials->proxy()->sourceModel();
    int resets = 0;
    QObject::connect(source, &QAbstractItemModel::modelReset, [&] { ++resets; });

    Filter creation;
    creation.workflows = {Workflow::Creation};
    int shown = 0;
    QObject::connect(&w, &MainWindow::analysisShown, [&] { ++shown; });
    bool checked = false;
    // At the moment the snapshot arrives (the main window's handler runs first), the trials page has not
    // got it yet; asking for it brings it up to date there and then.
    QObject::connect(w.session(), &Session::analysisChanged, &w, [&] {
        if (checked) return;
        checked = true;
        EXPECT_EQ(trials->proxy()->rowCount(), all);
        auto* asked = qobject_cast<TrialsView*>(w.view(QStringLiteral("trials")));
        EXPECT_LT(asked->proxy()->rowCount(), all);
    });
    w.session()->setFilter(creation);
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_TRUE(checked);
    EXPECT_EQ(shown, 1);
    const int narrowed = trials->proxy()->rowCount();
    EXPECT_GT(narrowed, 0);
    EXPECT_LT(narrowed, all);
    for (int r = 0; r < narrowed; ++r)
        EXPECT_TRUE(trials->proxy()->index(r, 0).data().toString().size() > 0);
    EXPECT_EQ(resets, 0); // the same set: the model is kept, the proxy refilters

    w.session()->setFilter(Filter{});
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(trials->proxy()->rowCount(), all);
    EXPECT_EQ(resets, 0);
}
