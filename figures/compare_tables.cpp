// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/compare_tables.h"

#include <QCoreApplication>
#include <QStandardItemModel>
#include <algorithm>
#include <cmath>
#include <vector>

namespace vernier::ui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("vernier::ui::CompareView", text);
}

QStandardItem* item(const QString& text, const QVariant& sort = {}) {
    auto* i = new QStandardItem(text);
    i->setEditable(false);
    i->setData(sort.isValid() ? sort : QVariant(text), kCompareSortRole);
    return i;
}

} // namespace

QString signedPoints(double fraction) {
    return QStringLiteral("%1%2").arg(fraction >= 0 ? QStringLiteral("+") : QString(),
                                      formatPoints(fraction));
}

void resetCompareTables(QStandardItemModel* workflows, QStandardItemModel* tasks) {
    workflows->clear();
    workflows->setColumnCount(6);
    workflows->setHorizontalHeaderLabels(
        {tr("Workflow"), tr("Tasks"), tr("Δ (pts, A − B)"), tr("A higher"), tr("Similar"), tr("A lower")});
    tasks->clear();
    tasks->setColumnCount(5);
    tasks->setHorizontalHeaderLabels(
        {tr("Task"), tr("Workflow"), tr("A (pts)"), tr("B (pts)"), tr("Δ (pts)")});
}

std::optional<PairedComparison> fillCompareTables(const Analysis& analysis, int a, int b,
                                                  double similarFraction, QStandardItemModel* workflows,
                                                  QStandardItemModel* tasks) {
    if (!analysis.set || a < 0 || b < 0 || a == b) return std::nullopt;
    const ResultSet& set = *analysis.set;
    // The comparison `vernier-cli compare` prints for the same filter (models/analysis.h).
    const std::vector<int> pairedTaskIndex = analysis.pairedTasks(a, b);
    if (pairedTaskIndex.empty()) return std::nullopt;
    const PairedComparison c = analysis.compare(a, b, similarFraction);
    for (const auto& [w, d] : c.perWorkflow)
        workflows->appendRow({item(QString::fromUtf8(workflowTitle(w))), item(QString::number(d.n), d.n),
                              item(signedPoints(d.delta), d.delta), item(QString::number(d.higher), d.higher),
                              item(QString::number(d.similar), d.similar),
                              item(QString::number(d.lower), d.lower)});
    workflows->appendRow({item(tr("All")), item(QString::number(c.n), c.n),
                          item(signedPoints(c.delta), c.delta), item(QString::number(c.higher), c.higher),
                          item(QString::number(c.similar), c.similar),
                          item(QString::number(c.lower), c.lower)});
    for (const int t : pairedTaskIndex) {
        const double ra = *set.selectedReward(a, t);
        const double rb = *set.selectedReward(b, t);
        const double d = ra - rb;
        QList<QStandardItem*> row = {
            item(qs(set.tasks[static_cast<std::size_t>(t)].id)),
            item(QString::fromUtf8(workflowTitle(set.tasks[static_cast<std::size_t>(t)].workflow))),
            item(formatPoints(ra), ra), item(formatPoints(rb), rb), item(signedPoints(d), std::abs(d))};
        row[0]->setData(set.selectedTrial(a, t), kCompareTrialARole);
        tasks->appendRow(row);
    }
    return c;
}

std::pair<int, int> defaultComparePair(const Analysis& analysis) {
    if (analysis.rows.empty()) return {-1, -1};
    return {analysis.rows[0].system,
            analysis.rows[std::min<std::size_t>(1, analysis.rows.size() - 1)].system};
}

} // namespace vernier::ui
