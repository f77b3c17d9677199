#include "ui/heatmap_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
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
