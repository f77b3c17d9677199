// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Compare many: tick 2–N systems and see every pair at once (docs/statistics.md "Pairwise matrix") — Δ mean
// reward in points with its paired bootstrap 95 % interval and the Holm-adjusted p, on the filtered tasks
// under the reward policy of the snapshot. Double-clicking a cell opens the two-system Compare page.
#include <set>
#include <string>

#include "ui/view_page.h"

class QLabel;
class QListWidget;
class QSplitter;
class QTableView;

namespace vernier::ui {

class PairwiseMatrixModel;

class PairwiseView : public ViewPage {
    Q_OBJECT
public:
    static constexpr int kDefaultSystems = 8; // ticked when the user has not chosen: the best 8

    explicit PairwiseView(QWidget* parent = nullptr);
    QString key() const override { return QStringLiteral("pairwise"); }
    QString title() const override { return tr("Compare many"); }
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis) override;
    QList<ExportableTable> tables() override;
    bool usesStatusFilter() const override { return false; }

    PairwiseMatrixModel* matrixModel() const { return model_; }
    // Ticks exactly these systems (indices into ResultSet::systems) as if the user had, and recomputes.
    void setChosenSystems(const std::vector<int>& systems);

private:
    void refresh();
    void fitColumns();
    std::shared_ptr<const Analysis> analysis_;
    QListWidget* systems_;
    QLabel* summary_;
    QTableView* table_;
    QSplitter* split_;
    bool splitterMoved_ = false;
    PairwiseMatrixModel* model_;
    bool updating_ = false;
    bool userChose_ = false;
    std::set<std::string> chosen_; // labels the user ticked (kept across filter changes)
};

} // namespace vernier::ui
