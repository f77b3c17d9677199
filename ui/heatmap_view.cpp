// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/heatmap_view.h"

#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QShortcut>
#include <QVBoxLayout>

namespace vernier::ui {

HeatmapView::HeatmapView(QWidget* parent) : ViewPage(parent) {
    setObjectName(QStringLiteral("heatmapView"));
    heatmap_ = new HeatmapWidget(this);
    order_ = new QComboBox(this);
    order_->setObjectName(QStringLiteral("heatmapOrder"));
    order_->addItem(tr("Task id"), static_cast<int>(HeatmapWidget::TaskOrder::Id));
    order_->addItem(tr("Difficulty: mean reward, hardest first"),
                    static_cast<int>(HeatmapWidget::TaskOrder::MeanReward));
    order_->addItem(tr("Difficulty: from the task pack"),
                    static_cast<int>(HeatmapWidget::TaskOrder::PackDifficulty));
    connect(order_, &QComboBox::currentIndexChanged, this, [this] {
        heatmap_->setTaskOrder(static_cast<HeatmapWidget::TaskOrder>(order_->currentData().toInt()));
    });
    connect(heatmap_, &HeatmapWidget::trialActivated, this, [this](int trial) {
        if (analysis_ && analysis_->set && trial >= 0 &&
            trial < static_cast<int>(analysis_->set->trials.size()))
            emit trialActivated(analysis_->set->trials[static_cast<std::size_t>(trial)].id());
    });
    // A cell's context menu: the trial's actions (ui/table_actions.h) and candidate vs candidate with another
    // system's trial of the same task; Enter opens the trial of the cell under the pointer.
    const auto trialOf = [this](QPoint cell) -> int {
        const int t = cell.x() < 0 ? -1 : heatmap_->trialAt(cell.x(), cell.y());
        return analysis_ && analysis_->set && t >= 0 && t < static_cast<int>(analysis_->set->trials.size())
                   ? t
                   : -1;
    };
    heatmap_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(heatmap_, &QWidget::customContextMenuRequested, this, [this, trialOf](const QPoint& pos) {
        const QPoint cell = heatmap_->cellAt(pos);
        const int a = trialOf(cell);
        if (a < 0) return;
        const TrialRecord& ta = analysis_->set->trials[static_cast<std::size_t>(a)];
        auto* menu = new QMenu(heatmap_);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        addTrialMenuActions(
            *menu, ta.id(), menu, [this](const TrialId& t) { emit trialActivated(t); },
            [this](const std::vector<TrialId>& t) { emit trialsRescoreRequested(t); });
        QMenu* with = menu->addMenu(tr("Compare with …"));
        with->setObjectName(QStringLiteral("compareWith"));
        for (int r = 0; r < static_cast<int>(heatmap_->rows().size()); ++r) {
            const int b = r == cell.x() ? -1 : trialOf(QPoint(r, cell.y()));
            if (b < 0) continue;
            const TrialRecord& tb = analysis_->set->trials[static_cast<std::size_t>(b)];
            with->addAction(
                QString::fromStdString(tb.system.label()), this,
                [this, ida = ta.id(), idb = tb.id()] { emit candidatesCompareRequested(ida, idb); });
        }
        with->setEnabled(!with->isEmpty());
        menu->popup(heatmap_->mapToGlobal(pos));
    });
    heatmap_->setFocusPolicy(Qt::ClickFocus);
    for (const int key : {Qt::Key_Return, Qt::Key_Enter}) {
        auto* enter = new QShortcut(QKeySequence(key), heatmap_, nullptr, nullptr, Qt::WidgetShortcut);
        connect(enter, &QShortcut::activated, this, [this, trialOf] {
            const int t = trialOf(heatmap_->cellAt(heatmap_->mapFromGlobal(QCursor::pos())));
            if (t >= 0) emit trialActivated(analysis_->set->trials[static_cast<std::size_t>(t)].id());
        });
    }

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Order tasks within each workflow by:"), this));
    top->addWidget(order_);
    top->addStretch(1);
    top->addWidget(new QLabel(tr("Click a cell to open its trial."), this));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(heatmap_, 1);
}

void HeatmapView::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    analysis_ = analysis;
    heatmap_->setAnalysis(analysis);
}

QList<ExportableFigure> HeatmapView::figures() {
    FigureOptions o;
    o.widthInches = 7.0;
    o.heightInches = 3.0;
    o.title = tr("Reward heatmap");
    return {{QStringLiteral("heatmap"), heatmap_, o}};
}

} // namespace vernier::ui
