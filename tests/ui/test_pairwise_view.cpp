// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Compare many (ui/pairwise_view.h) on the embedded sample: the matrix shows every pair of the ticked
// systems with the numbers of models/pairwise_analysis.h in points, unticking shrinks it, a double-click
// opens the two-system Compare page on that pair, and the table export writes the same numbers.
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QTableView>
#include <QTest>
#include <cmath>
#include <gtest/gtest.h>

#include "figures/pairwise_model.h"
#include "figures/table_model_export.h"
#include "models/pairwise_analysis.h"
#include "ui/compare_view.h"
#include "ui/main_window.h"
#include "ui/pairwise_view.h"
#include "ui/session.h"
#include "ui/support_fixture.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::waitForAnalysis;

namespace {

// A reward-fraction difference in points, one decimal, as the matrix prints it ("+12.3", "−4.1", "0.0").
QString points(double fraction) {
    const double p = std::round(fraction * 1000.0) / 10.0;
    if (p == 0.0) return QStringLiteral("0.0");
    return (p > 0 ? QStringLiteral("+") : QStringLiteral("\u2212")) + QString::number(std::abs(p), 'f', 1);
}

QString expectedDelta(const PairedComparison& c) {
    return QStringLiteral("Δ %1 [%2, %3]").arg(points(c.delta), points(c.ci95.lo), points(c.ci95.hi));
}

} // namespace

TEST(UiPairwiseView, MatrixCompareAndExportOnTheSample) {
    const auto sample = vernier::testing::samplePaths();
    if (sample.results.isEmpty()) GTEST_SKIP() << "the embedded sample is not complete in this checkout";
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    w.openResults({sample.results}, sample.pack);
    ASSERT_TRUE(waitForAnalysis(w));
    ASSERT_TRUE(w.showView(QStringLiteral("pairwise")));
    EXPECT_EQ(w.currentViewKey(), QStringLiteral("pairwise"));
    auto* page = qobject_cast<PairwiseView*>(w.view(QStringLiteral("pairwise")));
    ASSERT_TRUE(page);
    EXPECT_EQ(page->title(), QStringLiteral("Compare many"));
    EXPECT_FALSE(page->usesStatusFilter());
    auto* table = page->findChild<QTableView*>(QStringLiteral("pairwiseTable"));
    auto* list = page->findChild<QListWidget*>(QStringLiteral("pairwiseSystems"));
    ASSERT_TRUE(table && list);
    auto* model = qobject_cast<PairwiseMatrixModel*>(table->model());
    ASSERT_TRUE(model);

    // The sample's four systems, all ticked by default, in leaderboard order: 4 × 4 cells plus the label
    // column.
    const auto analysis = w.session()->analysis();
    ASSERT_EQ(analysis->rows.size(), 4u);
    ASSERT_EQ(list->count(), 4);
    ASSERT_EQ(model->rowCount(), 4);
    ASSERT_EQ(model->columnCount(), 5);
    std::vector<int> systems;
    for (const auto& row : analysis->rows)
        systems.push_back(row.system);
    EXPECT_EQ(model->systems(), systems);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(model->cellIndex(i, i).data().toString(), QStringLiteral("—"));
        EXPECT_EQ(model->index(i, 0).data().toString(),
                  qs(analysis->set->systems[static_cast<std::size_t>(systems[static_cast<std::size_t>(i)])]
                         .label()));
    }

    // Cell (row 0, column 2) is system 0 − system 2, as the models compute it; (2, 0) is its mirror.
    const PairwiseMatrix direct = pairwiseMatrix(*analysis, systems);
    const PairwiseCell* cell = direct.cell(0, 2);
    ASSERT_TRUE(cell);
    const PairedComparison pair = analysis->compare(systems[0], systems[2]);
    EXPECT_NEAR(cell->comparison.delta, pair.delta, 1e-12);
    const QString text = model->cellIndex(0, 2).data().toString();
    EXPECT_TRUE(text.startsWith(expectedDelta(cell->comparison))) << text.toStdString();
    EXPECT_TRUE(text.endsWith(formatPValue(cell->pHolm))) << text.toStdString();
    EXPECT_NEAR(model->cellIndex(0, 2).data(PairwiseMatrixModel::DeltaRole).toDouble(), pair.delta, 1e-12);
    EXPECT_NEAR(model->cellIndex(2, 0).data(PairwiseMatrixModel::DeltaRole).toDouble(), -pair.delta, 1e-12);
    PairedComparison mirrored = cell->comparison;
    mirrored.delta = -cell->comparison.delta;
    mirrored.ci95 = {-cell->comparison.ci95.hi, -cell->comparison.ci95.lo};
    EXPECT_TRUE(model->cellIndex(2, 0).data().toString().startsWith(expectedDelta(mirrored)));
    EXPECT_DOUBLE_EQ(model->cellIndex(0, 2).data(PairwiseMatrixModel::PHolmRole).toDouble(), cell->pHolm);
    EXPECT_EQ(model->cellIndex(0, 2).data(PairwiseMatrixModel::PairedTasksRole).toInt(), pair.n);
    // Bold exactly when significant after Holm.
    EXPECT_EQ(model->cellIndex(0, 2).data(Qt::FontRole).isValid(), cell->pHolm < 0.05);

    // File → Export table: the page's one table is this model, and CSV / LaTeX carry the same text.
    const QList<ExportableTable> tables = page->tables();
    ASSERT_EQ(tables.size(), 1);
    EXPECT_EQ(tables[0].model, model);
    const QString csv = modelToCsv(*tables[0].model);
    const QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 5); // header + 4 systems
    EXPECT_TRUE(lines[1].contains(QStringLiteral("\"%1\"").arg(text))) << lines[1].toStdString();
    EXPECT_TRUE(modelToLatex(*tables[0].model).contains(latexEscape(text)));

    // Double-click the cell: the Compare page opens on that pair, with the same Δ.
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
    table->scrollTo(model->cellIndex(0, 2));
    const QPoint at = table->visualRect(model->cellIndex(0, 2)).center();
    ASSERT_TRUE(table->viewport()->rect().contains(at));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, at); // the press a double-click follows
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, at);
    EXPECT_EQ(w.currentViewKey(), QStringLiteral("compare"));
    auto* compare = qobject_cast<CompareView*>(w.view(QStringLiteral("compare")));
    ASSERT_TRUE(compare);
    auto* a = compare->findChild<QComboBox*>(QStringLiteral("systemA"));
    auto* b = compare->findChild<QComboBox*>(QStringLiteral("systemB"));
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->currentData().toInt(), systems[0]);
    EXPECT_EQ(b->currentData().toInt(), systems[2]);
    ASSERT_TRUE(compare->comparison().has_value());
    EXPECT_NEAR(compare->comparison()->delta, cell->comparison.delta, 1e-12);
    EXPECT_DOUBLE_EQ(compare->comparison()->ci95.lo, cell->comparison.ci95.lo);
    EXPECT_DOUBLE_EQ(compare->comparison()->ci95.hi, cell->comparison.ci95.hi);

    // Unticking a system shrinks the matrix to 3 × 3; Holm now adjusts over 3 pairs.
    ASSERT_TRUE(w.showView(QStringLiteral("pairwise")));
    list->item(3)->setCheckState(Qt::Unchecked);
    ASSERT_EQ(model->rowCount(), 3);
    ASSERT_EQ(model->columnCount(), 4);
    const std::vector<int> three(systems.begin(), systems.begin() + 3);
    EXPECT_EQ(model->systems(), three);
    const PairwiseMatrix smaller = pairwiseMatrix(*analysis, three);
    EXPECT_EQ(model->matrix().cells.size(), 3u);
    EXPECT_EQ(model->cellIndex(0, 2).data().toString(), expectedDelta(smaller.cell(0, 2)->comparison) +
                                                            QLatin1Char(' ') +
                                                            formatPValue(smaller.cell(0, 2)->pHolm));
    EXPECT_EQ(modelToCsv(*page->tables()[0].model).split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 4);

    // The user's choice survives a new snapshot (a filter change and back).
    Filter creation;
    creation.workflows = {Workflow::Creation};
    w.session()->setFilter(creation);
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(model->rowCount(), 3);
    w.session()->setFilter(Filter{});
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(model->rowCount(), 3);
    EXPECT_EQ(list->item(3)->checkState(), Qt::Unchecked);
}

TEST(UiPairwiseView, FewerThanTwoSystemsSayWhatToDo) {
    const auto sample = vernier::testing::samplePaths();
    if (sample.results.isEmpty()) GTEST_SKIP() << "the embedded sample is not complete in this checkout";
    MainWindow w;
    w.setInteractive(false);
    w.show();
    w.openResults({sample.results}, sample.pack);
    ASSERT_TRUE(waitForAnalysis(w));
    auto* page = qobject_cast<PairwiseView*>(w.view(QStringLiteral("pairwise")));
    ASSERT_TRUE(page);
    page->setChosenSystems({w.session()->analysis()->rows[0].system});
    EXPECT_EQ(page->matrixModel()->rowCount(), 1);
    EXPECT_TRUE(page->matrixModel()->matrix().cells.empty());
    auto* summary = page->findChild<QLabel*>(QStringLiteral("pairwiseSummary"));
    ASSERT_TRUE(summary);
    EXPECT_TRUE(summary->text().contains(QStringLiteral("at least two"))) << summary->text().toStdString();
    page->setChosenSystems({});
    EXPECT_EQ(page->matrixModel()->rowCount(), 0);
    EXPECT_EQ(page->matrixModel()->columnCount(), 0);
}

TEST(UiPairwiseView, NumberFormats) {
    EXPECT_EQ(signedPointsShort(0.123), QStringLiteral("+12.3"));
    EXPECT_EQ(signedPointsShort(-0.041), QStringLiteral("\u22124.1"));
    EXPECT_EQ(signedPointsShort(-0.0004), QStringLiteral("0.0")); // rounds to zero: no sign
    EXPECT_EQ(signedPointsShort(0.28), QStringLiteral("+28.0"));
    EXPECT_EQ(formatPValue(0.0312), QStringLiteral("p=0.03"));
    EXPECT_EQ(formatPValue(0.0042), QStringLiteral("p=0.004"));
    EXPECT_EQ(formatPValue(0.0002), QStringLiteral("p<0.001"));
    EXPECT_EQ(formatPValue(1.0), QStringLiteral("p=1.00"));
}
