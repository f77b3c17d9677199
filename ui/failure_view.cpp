// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/failure_view.h"

#include <algorithm>

#include <QBarSet>
#include <QChart>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "figures/charts.h"
#include "figures/hard_task_model.h"
#include "figures/trial_table_model.h"
#include "ui/chart_panel.h"

namespace vernier::ui {

namespace {

QTableView* makeTable(const QString& objectName, QAbstractItemModel* model, QWidget* parent) {
    auto* t = new QTableView(parent);
    t->setObjectName(objectName);
    t->setModel(model);
    t->setSortingEnabled(true);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return t;
}

} // namespace

FailureView::FailureView(QWidget* parent) : ViewPage(parent) {
    setObjectName(QStringLiteral("failureView"));
    zeroChart_ = new ChartPanel(QStringLiteral("zeroChartView"), buildZeroTaxonomyChart, this);
    gateChart_ = new ChartPanel(QStringLiteral("gateChartView"), buildGateChart, this);

    trials_ = new TrialTableModel(this);
    segmentProxy_ = new TrialFilterProxy(this);
    segmentProxy_->setSourceModel(trials_);
    segmentProxy_->setOnlyTrials({});
    segmentTable_ = makeTable(QStringLiteral("failureTrialsTable"), segmentProxy_, this);
    // Listed by task, then system, then attempt, as the Trials view lists them (a header's own default is
    // descending).
    segmentTable_->sortByColumn(TrialTableModel::Task, Qt::AscendingOrder);
    // Every listed trial scored zero: what matters is which axis, category and gate; cost, duration and the
    // recorded/rescored pair live in the Trials view.
    for (int c : {TrialTableModel::Reward, TrialTableModel::Cost, TrialTableModel::Duration,
                  TrialTableModel::Recorded, TrialTableModel::Rescored})
        segmentTable_->setColumnHidden(c, true);
    // Why each trial is zero reads first: category and gate right after the system.
    QHeaderView* header = segmentTable_->horizontalHeader();
    header->moveSection(header->visualIndex(TrialTableModel::Category), 2);
    header->moveSection(header->visualIndex(TrialTableModel::Gate), 3);
    segmentLabel_ = new QLabel(tr("Click a bar segment to list the trials behind it."), this);
    segmentLabel_->setObjectName(QStringLiteral("segmentLabel"));
    // Enter and double-click open the trial; the row's context menu (ui/table_actions.h).
    installTableActions(segmentTable_, [](const QModelIndex& i) -> std::optional<TrialId> {
        return i.siblingAtColumn(0).data(TrialTableModel::TrialIdRole).value<TrialId>();
    });

    hardTasks_ = new HardTaskModel(this);
    hardProxy_ = new QSortFilterProxyModel(this);
    hardProxy_->setSourceModel(hardTasks_);
    hardProxy_->setSortRole(HardTaskModel::SortRole);
    hardTable_ = makeTable(QStringLiteral("hardTasksTable"), hardProxy_, this);
    // Rows name tasks: copy and copy as CSV only.
    installTableActions(hardTable_,
                        [](const QModelIndex&) -> std::optional<TrialId> { return std::nullopt; });
    threshold_ = new QSpinBox(this);
    threshold_->setObjectName(QStringLiteral("zeroThreshold"));
    threshold_->setRange(1, 99);
    threshold_->setValue(7);
    hardLabel_ = new QLabel(this);
    hardLabel_->setObjectName(QStringLiteral("hardTasksLabel"));
    connect(threshold_, &QSpinBox::valueChanged, this, [this](int v) {
        if (!settingAnalysis_) wantedThreshold_ = v; // the user's value, kept when a filter clamps it
        hardTasks_->setThreshold(v);
        hardLabel_->setText(tr("%n task(s) highlighted", nullptr, hardTasks_->highlightedCount()));
    });

    auto* charts = new QSplitter(Qt::Vertical, this);
    charts->addWidget(zeroChart_);
    charts->addWidget(gateChart_);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);

    auto* right = new QWidget(this);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->addWidget(segmentLabel_);
    rl->addWidget(segmentTable_, 3);
    auto* th = new QHBoxLayout;
    th->addWidget(new QLabel(tr("Tasks scoring zero for at least"), right));
    th->addWidget(threshold_);
    th->addWidget(new QLabel(tr("systems:"), right));
    th->addWidget(hardLabel_, 1);
    rl->addLayout(th);
    rl->addWidget(hardTable_, 2);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(charts);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({660, 540});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
}

void FailureView::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    analysis_ = analysis;
    trials_->setStyles(analysis->styles);
    trials_->setResultSet(analysis->set, analysis->trialOrder);
    segmentTable_->setColumnHidden(TrialTableModel::Attempt, !trials_->hasAttempts());
    showAllZeros();
    zeroChart_->rebuild(*analysis);
    gateChart_->rebuild(*analysis);
    // "Zero for at least N systems" cannot ask for more systems than are shown: clamped while a filter
    // shows fewer, and back to the user's value when they are shown again.
    settingAnalysis_ = true;
    const int shown = std::max<int>(1, static_cast<int>(analysis->rows.size()));
    threshold_->setMaximum(std::max(shown, 1));
    threshold_->setValue(std::min(wantedThreshold_, shown));
    settingAnalysis_ = false;
    hardTasks_->setAnalysis(analysis);
    hardTasks_->setThreshold(threshold_->value());
    // Sorted by the zero count, and the header's arrow says so.
    hardTable_->sortByColumn(HardTaskModel::ZeroSystems, Qt::DescendingOrder);
    hardLabel_->setText(tr("%n task(s) highlighted", nullptr, hardTasks_->highlightedCount()));
    connectBars();
}

void FailureView::connectBars() {
    // Bars are drawn bottom-up, so bar index i is leaderboard row (n − 1 − i).
    const int n = analysis_ ? static_cast<int>(analysis_->rows.size()) : 0;
    auto hook = [this, n](ChartPanel* panel, bool gates) {
        if (!panel->chart()) return;
        for (QAbstractSeries* s : panel->chart()->series()) {
            auto* bars = qobject_cast<QHorizontalStackedBarSeries*>(s);
            if (!bars) continue;
            for (QBarSet* set : bars->barSets()) {
                const QString key = set->objectName();
                connect(set, &QBarSet::clicked, this, [this, n, key, gates](int index) {
                    const int row = n - 1 - index;
                    if (row < 0 || row >= n) return;
                    const int system = analysis_->rows[static_cast<std::size_t>(row)].system;
                    if (gates)
                        showSegment(system, QStringLiteral("gate"), key);
                    else
                        showSegment(system, key);
                });
            }
        }
    };
    hook(zeroChart_, false);
    hook(gateChart_, true);
}

int FailureView::showAllZeros() {
    std::vector<int> trials;
    if (analysis_)
        for (const SystemRow& row : analysis_->rows)
            for (const auto& [category, list] : row.zeros.trials)
                trials.insert(trials.end(), list.begin(), list.end());
    std::sort(trials.begin(), trials.end());
    segmentProxy_->setOnlyTrials(trials);
    segmentLabel_->setText(
        tr("All %n zero-reward trial(s) shown; click a bar segment to list only its trials.", nullptr,
           static_cast<int>(trials.size())));
    return static_cast<int>(trials.size());
}

int FailureView::showSegment(int system, const QString& category, const QString& gate) {
    if (!analysis_ || !analysis_->set) return 0;
    const SystemRow* row = analysis_->row(system);
    if (!row) return 0;
    std::vector<int> trials;
    QString what;
    if (category == QLatin1String("gate")) {
        for (ZeroCategory c : {ZeroCategory::GeometryZero, ZeroCategory::GeometryAndSpecZero}) {
            auto it = row->zeros.trials.find(c);
            if (it == row->zeros.trials.end()) continue;
            for (int t : it->second) {
                const std::string& g = analysis_->set->trials[static_cast<std::size_t>(t)].zero.gate;
                if (qs(g.empty() ? std::string("none") : g) == gate) trials.push_back(t);
            }
        }
        what = tr("geometry zeros, gate %1").arg(gate);
    } else {
        const auto c = parseZeroCategory(category.toStdString());
        if (!c) return 0;
        auto it = row->zeros.trials.find(*c);
        if (it != row->zeros.trials.end()) trials = it->second;
        what = QString::fromUtf8(zeroCategoryTitle(*c));
    }
    segmentProxy_->setOnlyTrials(trials);
    segmentLabel_->setText(tr("%1 — %2: %n trial(s)", nullptr, static_cast<int>(trials.size()))
                               .arg(qs(analysis_->displayName(row->system)), what));
    return static_cast<int>(trials.size());
}

QList<ExportableFigure> FailureView::figures() {
    FigureOptions zero;
    zero.widthInches = 7.0;
    zero.heightInches = 4.0;
    zero.title = tr("Zero-reward taxonomy");
    FigureOptions gate = zero;
    gate.heightInches = 3.5;
    gate.title = tr("Geometry zeros by gate");
    return {{QStringLiteral("zero_taxonomy"), zeroChart_, zero},
            {QStringLiteral("zero_gates"), gateChart_, gate}};
}

QList<ExportableTable> FailureView::tables() {
    return {{QStringLiteral("zero_for_many_systems"), hardProxy_},
            {QStringLiteral("failure_segment"), segmentProxy_}};
}

} // namespace vernier::ui
