// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Leaderboard page: the sortable system table and the overall-score chart with intervals.
#include <QSortFilterProxyModel>

#include "ui/view_page.h"

class QTableView;
class QPushButton;

namespace vernier::ui {

class ChartPanel;
class LeaderboardModel;

class LeaderboardView : public ViewPage {
    Q_OBJECT
public:
    explicit LeaderboardView(QWidget* parent = nullptr);
    QString key() const override { return QStringLiteral("leaderboard"); }
    QString title() const override { return tr("Leaderboard"); }
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis) override;
    QList<ExportableFigure> figures() override;
    bool usesStatusFilter() const override { return false; }
    QList<ExportableTable> tables() override;
    // Systems (indices into ResultSet::systems) of the selected rows, in table order.
    std::vector<int> selectedSystems() const;

protected:
    // Table heights follow the width (a narrow window adds a horizontal scroll bar).
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitTableToRows();

    LeaderboardModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QPushButton* compare_;
    ChartPanel* chart_;
};

} // namespace vernier::ui
