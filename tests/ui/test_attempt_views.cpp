// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Several attempts per (system, task) on screen (issue #16 item 4): the leaderboard's attempt and pass@k
// columns appear only when some system has more than one attempt, the heatmap cell tells the spread, the
// trial list numbers attempts "i/k" in finish order and sorting by task keeps them together. Also the
// failure list's gate column (only for gate-classified rows).
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "figures/heatmap_widget.h"
#include "figures/trial_table_model.h"
#include "models/result_set.h"
#include "ui/leaderboard_model.h"
#include "ui/support_fixture.h"

using namespace vernier;
using namespace vernier::ui;
using nlohmann::json;

namespace {

// alpha/m1's second attempt of each task, a day after the first (same job, same settings: one system
// with two attempts per task). First attempts (support_fixture.cpp): c1 1.0, c2 0.5, e1 0.8, e2 0,
// i1 1.0, i2 0.7.
const std::pair<const char*, double> kSecondAttempt[] = {{"c1", 0.4}, {"c2", 1.0}, {"e1", 0.8},
                                                         {"e2", 0.0}, {"i1", 1.0}, {"i2", 0.2}};

void copyFolder(const QString& from, const QString& to) {
    QDir().mkpath(to);
    for (const QFileInfo& e : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (e.isDir())
            copyFolder(e.filePath(), to + QLatin1Char('/') + e.fileName());
        else
            QFile::copy(e.filePath(), to + QLatin1Char('/') + e.fileName());
    }
}

void writeJson(const QString& path, const json& j) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate)) << path.toStdString();
    f.write(QByteArray::fromStdString(j.dump(2)));
}

json readJson(const QString& path) {
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return json::parse(f.readAll().toStdString());
}

void addSecondAttempts(const vernier::testing::UiFixture& fx) {
    for (const auto& [task, reward] : kSecondAttempt) {
        const QString first = fx.bundle + QStringLiteral("/%1__alpha").arg(QLatin1String(task));
        const QString second = first + QStringLiteral("-2");
        copyFolder(first, second);
        json result = readJson(second + QStringLiteral("/result.json"));
        result["trial_name"] = std::string(task) + "__alpha-2";
        result["started_at"] = "2026-09-25T08:00:00Z";
        result["finished_at"] = "2026-09-25T08:10:00Z";
        result["verifier_result"]["rewards"]["reward"] = reward;
        writeJson(second + QStringLiteral("/result.json"), result);
        writeJson(second + QStringLiteral("/verifier/reward.json"), json{{"reward", reward}});
    }
}

int column(const HeatmapWidget& h, const char* task) {
    for (int c = 0; c < static_cast<int>(h.columns().size()); ++c)
        if (h.columnLabel(c) == QLatin1String(task)) return c;
    return -1;
}

} // namespace

TEST(UiAttemptViews, LeaderboardShowsAttemptColumnsOnlyWithSeveralAttempts) {
    const auto fx = vernier::testing::writeUiFixture();
    LeaderboardModel single;
    single.setAnalysis(vernier::testing::fixtureAnalysis(fx));
    EXPECT_FALSE(single.hasAttempts());
    EXPECT_EQ(single.columnCount(), static_cast<int>(LeaderboardModel::Attempts));

    addSecondAttempts(fx);
    const auto a = vernier::testing::fixtureAnalysis(fx);
    ASSERT_EQ(a->set->trialsOf(a->set->systemIndex({"alpha", "m1"}), a->set->taskIndex("c2")).size(), 2u);
    LeaderboardModel model;
    model.setAnalysis(a);
    ASSERT_TRUE(model.hasAttempts());
    EXPECT_EQ(model.columnCount(), static_cast<int>(LeaderboardModel::ColumnCount));
    EXPECT_EQ(model.headerData(LeaderboardModel::PassK, Qt::Horizontal).toString(), "pass@2");
    int alphaRow = -1, betaRow = -1;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QString name = model.index(r, LeaderboardModel::System).data().toString();
        if (name == "alpha/m1") alphaRow = r;
        if (name == "beta/m2") betaRow = r;
    }
    ASSERT_GE(alphaRow, 0);
    ASSERT_GE(betaRow, 0);
    EXPECT_EQ(model.index(alphaRow, LeaderboardModel::Attempts).data().toInt(), 2);
    EXPECT_EQ(model.index(betaRow, LeaderboardModel::Attempts).data().toInt(), 1);
    // alpha, perfect passes per task (c of n = 2): c1 1, c2 1, e1 0, e2 0, i1 2, i2 0.
    // pass@1 = mean(c/n) = (0.5 + 0.5 + 0 + 0 + 1 + 0) / 6 = 33.3 %;
    // pass@2 = mean(1 − C(n−c, 2)/C(n, 2)) = (1 + 1 + 0 + 0 + 1 + 0) / 6 = 50.0 %.
    EXPECT_EQ(model.index(alphaRow, LeaderboardModel::Pass1).data().toString(), "33.3");
    EXPECT_EQ(model.index(alphaRow, LeaderboardModel::PassK).data().toString(), "50.0");
    // beta has one attempt per task and never a perfect one: pass@1 0, pass@2 undefined.
    EXPECT_EQ(model.index(betaRow, LeaderboardModel::Pass1).data().toString(), "0.0");
    EXPECT_EQ(model.index(betaRow, LeaderboardModel::PassK).data().toString(), "—");
}

TEST(UiAttemptViews, HeatmapCellTellsTheSpreadOfAttempts) {
    const auto fx = vernier::testing::writeUiFixture();
    addSecondAttempts(fx);
    const auto a = vernier::testing::fixtureAnalysis(fx);
    HeatmapWidget heatmap;
    heatmap.resize(900, 400);
    heatmap.setAnalysis(a);
    int alpha = -1, beta = -1;
    for (int r = 0; r < static_cast<int>(heatmap.rows().size()); ++r) {
        const std::string label = a->set->systems[static_cast<std::size_t>(heatmap.rows()[r])].label();
        if (label == "alpha/m1") alpha = r;
        if (label == "beta/m2") beta = r;
    }
    const int c2 = column(heatmap, "c2");
    ASSERT_GE(alpha, 0);
    ASSERT_GE(c2, 0);
    EXPECT_EQ(heatmap.cellAttempts(alpha, c2), (std::vector<double>{0.5, 1.0}));
    EXPECT_TRUE(heatmap.cellToolTip(alpha, c2).contains(QStringLiteral("n=2, 0.50–1.00")))
        << heatmap.cellToolTip(alpha, c2).toStdString();
    EXPECT_EQ(heatmap.cellAttempts(beta, c2).size(), 1u);
    EXPECT_FALSE(heatmap.cellToolTip(beta, c2).contains(QStringLiteral("n=")));

    // The mark is drawn: the painted figure differs from the same figure without second attempts only in
    // alpha's row, but it does differ.
    const auto fx1 = vernier::testing::writeUiFixture();
    HeatmapWidget plain;
    plain.setAnalysis(vernier::testing::fixtureAnalysis(fx1));
    QImage withMarks(900, 400, QImage::Format_RGB32), without(900, 400, QImage::Format_RGB32);
    {
        QPainter p(&withMarks);
        heatmap.paintFigure(p, QSizeF(900, 400));
    }
    {
        QPainter p(&without);
        plain.paintFigure(p, QSizeF(900, 400));
    }
    EXPECT_NE(withMarks, without);
}

TEST(UiAttemptViews, TrialListNumbersAttemptsAndKeepsThemTogether) {
    const auto fx = vernier::testing::writeUiFixture();
    {
        const auto a = vernier::testing::fixtureAnalysis(fx);
        TrialTableModel model;
        model.setResultSet(a->set);
        EXPECT_FALSE(model.hasAttempts());
    }
    addSecondAttempts(fx);
    const auto a = vernier::testing::fixtureAnalysis(fx);
    TrialTableModel model;
    model.setResultSet(a->set);
    EXPECT_TRUE(model.hasAttempts());
    TrialFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(TrialTableModel::Task, Qt::AscendingOrder);
    // Rows of task c2 in order: alpha 1/2 (0.5, first finished), alpha 2/2 (1.0), then beta, gamma.
    QStringList c2;
    for (int r = 0; r < proxy.rowCount(); ++r)
        if (proxy.index(r, TrialTableModel::Task).data().toString() == "c2")
            c2 << proxy.index(r, TrialTableModel::System).data().toString() + QLatin1Char(' ') +
                      proxy.index(r, TrialTableModel::Attempt).data().toString() + QLatin1Char(' ') +
                      proxy.index(r, TrialTableModel::Reward).data().toString();
    EXPECT_EQ(c2, (QStringList{"alpha/m1 1/2 0.500", "alpha/m1 2/2 1.000", "beta/m2 1/1 0.000",
                               "gamma/m3 1/1 0.300"}));
    // Descending by task: the two attempts stay adjacent.
    proxy.sort(TrialTableModel::Task, Qt::DescendingOrder);
    int previous = -2;
    int adjacentPairs = 0;
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const bool alphaC2 = proxy.index(r, TrialTableModel::Task).data().toString() == "c2" &&
                             proxy.index(r, TrialTableModel::System).data().toString() == "alpha/m1";
        if (alphaC2) {
            if (previous == r - 1) ++adjacentPairs;
            previous = r;
        }
    }
    EXPECT_EQ(adjacentPairs, 1);
}

TEST(UiFailureList, GateOnlyForGateClassifiedRows) {
    TrialRecord t;
    t.recordedDetails.present = true;
    t.recordedDetails.single.gate = "no_solid";
    t.zero.category = ZeroCategory::FinalException;
    EXPECT_EQ(listedGate(t), QString());
    t.zero.category = ZeroCategory::MissingOutput;
    EXPECT_EQ(listedGate(t), QString());
    t.zero.category = ZeroCategory::GeometryZero;
    EXPECT_EQ(listedGate(t), QStringLiteral("no_solid"));
    t.zero.category = ZeroCategory::GeometryAndSpecZero;
    EXPECT_EQ(listedGate(t), QStringLiteral("no_solid"));

    // In the fixture: beta c2 (geometry zero, gate bbox) keeps it; gamma e1 (final exception) and beta e2
    // (missing output) show none.
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    TrialTableModel model;
    model.setResultSet(a->set);
    for (int r = 0; r < model.rowCount(); ++r) {
        const QString task = model.index(r, TrialTableModel::Task).data().toString();
        const QString system = model.index(r, TrialTableModel::System).data().toString();
        const QString gate = model.index(r, TrialTableModel::Gate).data().toString();
        if (task == "c2" && system == "beta/m2") EXPECT_EQ(gate, "bbox");
        if (task == "e1" && system == "gamma/m3") EXPECT_EQ(gate, QString());
        if (task == "e2" && system == "beta/m2") EXPECT_EQ(gate, QString());
    }
}
