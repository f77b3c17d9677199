// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/compare_view.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "figures/charts.h"
#include "figures/compare_tables.h"
#include "figures/palette.h"
#include "ui/chart_panel.h"

namespace vernier::ui {

namespace {

QTableView* makeTable(const QString& name, QAbstractItemModel* model, QWidget* parent) {
    auto* t = new QTableView(parent);
    t->setObjectName(name);
    t->setModel(model);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

// The per-workflow table has at most four rows (three workflows and All): it is exactly as tall as its rows
// (and a horizontal scroll bar, when the columns do not fit), so the All row is never hidden on a small
// screen.
void fitHeightToRows(QTableView* t) {
    t->resizeRowsToContents();
    int h = t->horizontalHeader()->sizeHint().height() + 2 * t->frameWidth();
    for (int r = 0; r < t->model()->rowCount(); ++r)
        h += t->rowHeight(r);
    if (t->model()->rowCount() == 0) h += t->verticalHeader()->defaultSectionSize();
    if (t->horizontalHeader()->length() > t->viewport()->width())
        h += t->horizontalScrollBar()->sizeHint().height();
    t->setFixedHeight(h);
}

} // namespace

CompareView::CompareView(QWidget* parent) : ViewPage(parent) {
    setObjectName(QStringLiteral("compareView"));
    a_ = new QComboBox(this);
    a_->setObjectName(QStringLiteral("systemA"));
    b_ = new QComboBox(this);
    b_->setObjectName(QStringLiteral("systemB"));
    similar_ = new QDoubleSpinBox(this);
    similar_->setObjectName(QStringLiteral("similarThreshold"));
    // In points, like every score on screen (the statistics take the reward fraction: value / 100).
    similar_->setRange(0.0, 50.0);
    similar_->setDecimals(1);
    similar_->setSingleStep(0.5);
    similar_->setValue(1.0);
    similar_->setSuffix(tr(" points"));
    similar_->setToolTip(tr("A task whose |Δ reward| is at or below this many points counts as similar"));
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("compareSummary"));
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setWordWrap(true);
    chart_ = new ChartPanel(
        QStringLiteral("compareChartView"),
        [this](const Analysis& a) {
            return buildCompareScatterChart(a, a_->currentData().toInt(), b_->currentData().toInt());
        },
        this);

    workflows_ = new QStandardItemModel(this);
    tasks_ = new QStandardItemModel(this);
    resetCompareTables(workflows_, tasks_);
    tasksProxy_ = new QSortFilterProxyModel(this);
    tasksProxy_->setSourceModel(tasks_);
    tasksProxy_->setSortRole(kCompareSortRole);
    workflowTable_ = makeTable(QStringLiteral("compareWorkflowTable"), workflows_, this);
    taskTable_ = makeTable(QStringLiteral("compareTasksTable"), tasksProxy_, this);
    taskTable_->setSortingEnabled(true);
    // Enter and double-click open A's trial; the row's context menu (ui/table_actions.h) adds candidate vs
    // candidate. The role holds a row of the snapshot the table was filled from (analysis_): named by
    // TrialId.
    const auto trialA = [this](const QModelIndex& i) -> int {
        const int trial = tasksProxy_->index(i.row(), 0).data(kCompareTrialARole).toInt();
        return analysis_ && analysis_->set && trial >= 0 &&
                       trial < static_cast<int>(analysis_->set->trials.size())
                   ? trial
                   : -1;
    };
    TableActions* taskActions =
        installTableActions(taskTable_, [this, trialA](const QModelIndex& i) -> std::optional<TrialId> {
            const int t = trialA(i);
            if (t < 0) return std::nullopt;
            return analysis_->set->trials[static_cast<std::size_t>(t)].id();
        });
    taskActions->setMenuHook([this, trialA](QMenu& menu, const QModelIndex& i) {
        const int a = trialA(i);
        const int systemB = b_->currentData().isValid() ? b_->currentData().toInt() : -1;
        if (a < 0 || systemB < 0) return;
        const TrialRecord& ta = analysis_->set->trials[static_cast<std::size_t>(a)];
        const int b = analysis_->set->selectedTrial(systemB, ta.taskIndex);
        if (b < 0 || b == a) return;
        const TrialRecord& tb = analysis_->set->trials[static_cast<std::size_t>(b)];
        menu.addSeparator();
        QAction* open = menu.addAction(
            tr("Open A vs B in inspector (%1 vs %2)")
                .arg(QString::fromStdString(ta.system.label()), QString::fromStdString(tb.system.label())),
            this, [this, ida = ta.id(), idb = tb.id()] { emit candidatesCompareRequested(ida, idb); });
        open->setObjectName(QStringLiteral("openCandidates"));
    });
    installTableActions(workflowTable_,
                        [](const QModelIndex&) -> std::optional<TrialId> { return std::nullopt; });

    for (QComboBox* c : {a_, b_})
        connect(c, &QComboBox::currentIndexChanged, this, [this] {
            if (updating_) return;
            // A choice by the user: kept across filter changes.
            chosenA_ = a_->currentData().isValid() ? a_->currentData().toInt() : -1;
            chosenB_ = b_->currentData().isValid() ? b_->currentData().toInt() : -1;
            refresh();
        });
    connect(similar_, &QDoubleSpinBox::valueChanged, this, [this] { refresh(); });

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("A:"), this));
    top->addWidget(a_, 1);
    top->addWidget(new QLabel(tr("B:"), this));
    top->addWidget(b_, 1);
    top->addWidget(new QLabel(tr("Similar when |Δ| ≤"), this));
    top->addWidget(similar_);
    auto* right = new QWidget(this);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->addWidget(summary_);
    rl->addWidget(workflowTable_, 0);
    rl->addWidget(
        new QLabel(tr("Tasks with the largest differences (double-click opens A's trial):"), right));
    rl->addWidget(taskTable_, 3);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(chart_);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({600, 600});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(split, 1);
}

void CompareView::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    analysis_ = analysis;
    const int oldA = a_->currentData().isValid() ? a_->currentData().toInt() : -1;
    const int oldB = b_->currentData().isValid() ? b_->currentData().toInt() : -1;
    updating_ = true;
    a_->clear();
    b_->clear();
    if (analysis->set)
        for (const auto& row : analysis->rows) {
            const QString name = qs(analysis->displayName(row.system));
            const QColor colour = palette::systemColor(*analysis, row.system);
            a_->addItem(name, row.system);
            b_->addItem(name, row.system);
            a_->setItemData(a_->count() - 1, colour, Qt::DecorationRole);
            b_->setItemData(b_->count() - 1, colour, Qt::DecorationRole);
        }
    // The pair the user chose, when both are still listed; else the two best systems. A filter that left a
    // single system may have shown A = B: never keep that once two systems are listed again.
    const int want[2] = {chosenA_ >= 0 ? chosenA_ : oldA, chosenB_ >= 0 ? chosenB_ : oldB};
    int ia = a_->findData(want[0]);
    int ib = b_->findData(want[1]);
    if (ia < 0) ia = 0;
    if (ib < 0) ib = std::min(1, b_->count() - 1);
    if (ia == ib && b_->count() > 1) ib = ia == 0 ? 1 : 0;
    a_->setCurrentIndex(ia);
    b_->setCurrentIndex(ib);
    updating_ = false;
    refresh();
}

void CompareView::setSystems(int systemA, int systemB) {
    chosenA_ = systemA;
    chosenB_ = systemB;
    updating_ = true;
    const int ia = a_->findData(systemA);
    const int ib = b_->findData(systemB);
    if (ia >= 0) a_->setCurrentIndex(ia);
    if (ib >= 0) b_->setCurrentIndex(ib);
    updating_ = false;
    refresh();
}

void CompareView::refresh() {
    comparison_.reset();
    resetCompareTables(workflows_, tasks_);
    if (!analysis_ || !analysis_->set) return;
    chart_->rebuild(*analysis_);
    const int a = a_->currentData().isValid() ? a_->currentData().toInt() : -1;
    const int b = b_->currentData().isValid() ? b_->currentData().toInt() : -1;
    if (a < 0 || b < 0 || a == b) {
        summary_->setText(tr("Choose two different systems."));
        return;
    }
    comparison_ = fillCompareTables(*analysis_, a, b, similar_->value() / 100.0, workflows_, tasks_);
    if (!comparison_) {
        summary_->setText(tr("The two systems share no task under this filter."));
        return;
    }
    const PairedComparison& c = *comparison_;
    summary_->setText(
        tr("<b>Δ = %1 points</b> (A − B), paired 95% interval [%2, %3] over %4 tasks; A higher on "
           "%5, similar on %6, lower on %7.")
            .arg(signedPoints(c.delta), signedPoints(c.ci95.lo), signedPoints(c.ci95.hi))
            .arg(c.n)
            .arg(c.higher)
            .arg(c.similar)
            .arg(c.lower));
    taskTable_->sortByColumn(kCompareDeltaColumn, Qt::DescendingOrder);
    fitHeightToRows(workflowTable_);
}

void CompareView::resizeEvent(QResizeEvent* event) {
    ViewPage::resizeEvent(event);
    fitHeightToRows(workflowTable_);
}

QList<ExportableFigure> CompareView::figures() {
    FigureOptions o;
    o.widthInches = 3.5;
    o.heightInches = 3.5;
    o.title = tr("Per-task comparison");
    return {{QStringLiteral("compare_scatter"), chart_, o}};
}

QList<ExportableTable> CompareView::tables() {
    return {{QStringLiteral("compare_workflows"), workflows_},
            {QStringLiteral("compare_tasks"), tasksProxy_}};
}

} // namespace vernier::ui
