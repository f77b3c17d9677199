#include "ui/leaderboard_view.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "ui/chart_panel.h"
#include "ui/charts.h"
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
    table_->setAlternatingRowColors(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);

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
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

void LeaderboardView::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    model_->setAnalysis(analysis);
    chart_->rebuild(*analysis);
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
