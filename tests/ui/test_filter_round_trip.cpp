// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Filter state never leaks: after filtering to one system and back, Compare shows two different systems
// again and the Failures "zero for at least N systems" box returns to the value the user set.
#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <gtest/gtest.h>

#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/support_fixture.h"
#include "ui/view_page.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::waitForAnalysis;

TEST(UiFilterRoundTrip, CompareAndFailuresComeBackAfterASingleSystemFilter) {
    const auto sample = vernier::testing::samplePaths();
    ASSERT_FALSE(sample.results.isEmpty());
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({sample.results}, sample.pack);
    ASSERT_TRUE(waitForAnalysis(w));
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
    const auto sample = vernier::testing::samplePaths();
    ASSERT_FALSE(sample.results.isEmpty());
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({sample.results}, sample.pack);
    ASSERT_TRUE(waitForAnalysis(w));
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
