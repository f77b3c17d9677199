// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/leaderboard_view.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "figures/charts.h"
#include "ui/chart_panel.h"
#include "ui/leaderboard_model.h"

namespace vernier::ui {

LeaderboardView::LeaderboardView(QWidget* parent) : ViewPage(parent) {
    setObjectName(QStringLiteral("leaderboardView"));
    model_ = new LeaderboardModel(this);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(LeaderboardModel::SortRole);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("leaderboardTable"));
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(LeaderboardModel::Rank, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->setAlternatingRowColors(true);
    // One line per system at any width: a long name is elided in the middle (the tooltip has it whole), never
    // wrapped into a three-line row that halves the rows a small screen shows.
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideMiddle);
    // Every column as wide as its content; all columns fit at 1400 px.
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The system name is shown whole (it is what a reader looks for) and takes any room left over; on a
    // narrow window the numbers scroll (fitTableToRows switches the mode).
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);

    compare_ = new QPushButton(tr("Compare selected"), this);
    compare_->setObjectName(QStringLiteral("compareSelected"));
    compare_->setEnabled(false);
    compare_->setToolTip(tr("Select two rows to compare the systems task by task"));
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { compare_->setEnabled(selectedSystems().size() == 2); });
    connect(compare_, &QPushButton::clicked, this, [this] {
        const auto s = selectedSystems();
        if (s.size() == 2) emit compareRequested(s[0], s[1]);
    });

    // Rows name systems: copy and copy as CSV (ui/table_actions.h).
    installTableActions(table_, [](const QModelIndex&) -> std::optional<TrialId> { return std::nullopt; });

    chart_ = new ChartPanel(QStringLiteral("overallChartView"), buildOverallChart, this);

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    auto* hint = new QLabel(tr("Scores in points (0–100); — = unknown. Select two rows to compare."), top);
    row->addWidget(hint, 1);
    row->addWidget(compare_);
    topLayout->addLayout(row);
    topLayout->addWidget(table_, 1);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(chart_);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

void LeaderboardView::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    model_->setAnalysis(analysis);
    chart_->rebuild(*analysis);
    fitTableToRows();
}

void LeaderboardView::fitTableToRows() {
    // The table is as tall as its rows (up to kMaxVisibleRows, then it scrolls); the chart takes the rest.
    constexpr int kMaxVisibleRows = 12;
    const int rows = std::min(std::max(proxy_->rowCount(), 1), kMaxVisibleRows);
    int height = table_->horizontalHeader()->sizeHint().height() + 2 * table_->frameWidth() + 2;
    table_->verticalHeader()->resizeSections(QHeaderView::ResizeToContents);
    for (int r = 0; r < std::min(rows, proxy_->rowCount()); ++r)
        height += table_->verticalHeader()->sectionSize(r);
    if (proxy_->rowCount() == 0) height += table_->verticalHeader()->defaultSectionSize();
    // The system column stretches only while every column fits at its content width.
    auto* header = table_->horizontalHeader();
    int contentWidth = 0;
    for (int c = 0; c < header->count(); ++c)
        contentWidth += std::max(header->sectionSizeHint(c),
                                 static_cast<const QAbstractItemView*>(table_)->sizeHintForColumn(c));
    header->setSectionResizeMode(LeaderboardModel::System, contentWidth < table_->viewport()->width()
                                                               ? QHeaderView::Stretch
                                                               : QHeaderView::ResizeToContents);
    // Room for the horizontal scroll bar a narrow window needs, so no row hides behind it.
    if (table_->horizontalHeader()->length() > table_->viewport()->width())
        height += table_->horizontalScrollBar()->sizeHint().height();
    table_->setMinimumHeight(height);
    table_->setMaximumHeight(height);
    QWidget* top = table_->parentWidget();
    top->setMaximumHeight(top->sizeHint().height());
}

void LeaderboardView::resizeEvent(QResizeEvent* event) {
    ViewPage::resizeEvent(event);
    fitTableToRows();
}

std::vector<int> LeaderboardView::selectedSystems() const {
    std::vector<int> out;
    for (const QModelIndex& i : table_->selectionModel()->selectedRows())
        out.push_back(i.data(LeaderboardModel::SystemIndexRole).toInt());
    return out;
}

QList<ExportableFigure> LeaderboardView::figures() {
    FigureOptions o;
    o.widthInches = 7.0;
    o.heightInches = 4.0;
    o.title = tr("Overall score");
    return {{QStringLiteral("overall"), chart_, o}};
}

QList<ExportableTable> LeaderboardView::tables() {
    return {{QStringLiteral("leaderboard"), proxy_}};
}

} // namespace vernier::ui
