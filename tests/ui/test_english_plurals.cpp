// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Counted texts read as English (ui/english_plurals.h): "1 trial", "3 trials", "2 mismatches".
#include <QCoreApplication>
#include <gtest/gtest.h>

#include "ui/english_plurals.h"

using vernier::ui::EnglishPlurals;

TEST(EnglishPlurals, CountedTextsFollowTheCount) {
    EnglishPlurals plurals;
    ASSERT_TRUE(QCoreApplication::installTranslator(&plurals));
    auto tr = [](const char* text, int n) { return QCoreApplication::translate("Test", text, nullptr, n); };
    EXPECT_EQ(tr("%n trial(s)", 1), QStringLiteral("1 trial"));
    EXPECT_EQ(tr("%n trial(s)", 3), QStringLiteral("3 trials"));
    EXPECT_EQ(tr("%n trial(s)", 0), QStringLiteral("0 trials"));
    EXPECT_EQ(tr("%n mismatch(es), %n problem(s)", 2), QStringLiteral("2 mismatches, 2 problems"));
    EXPECT_EQ(tr("%n mismatch(es)", 1), QStringLiteral("1 mismatch"));
    // Texts without a count, or without a plural mark, are Qt's as before.
    EXPECT_EQ(QCoreApplication::translate("Test", "trial(s)"), QStringLiteral("trial(s)"));
    EXPECT_EQ(tr("%n items", 4), QStringLiteral("4 items"));
    QCoreApplication::removeTranslator(&plurals);
    EXPECT_EQ(tr("%n trial(s)", 1), QStringLiteral("1 trial(s)"));
}
