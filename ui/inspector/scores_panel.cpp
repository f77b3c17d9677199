// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/scores_panel.h"

#include "viewers/colour_map.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace vernier::ui {

namespace {

QString num(std::optional<double> v, int decimals = 4) {
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("—");
}

QTreeWidgetItem* row(QTreeWidgetItem* parent, const QString& name, const QString& recorded,
                     const QString& rescored, const QString& live) {
    auto* item = new QTreeWidgetItem(parent, {name, recorded, rescored, live});
    for (int c = 1; c < 4; ++c)
        item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString tierText(const Subscore& s) {
    return QStringLiteral("%1 (diff %2%)").arg(s.score, 0, 'f', 4).arg(s.relDiff * 100, 0, 'f', 2);
}

} // namespace

ScoresPanel::ScoresPanel(QWidget* parent) : QWidget(parent) {
    tree_ = new QTreeWidget(this);
    tree_->setColumnCount(4);
    tree_->setHeaderLabels({tr("Score"), tr("Recorded"), tr("Rescored"), tr("Live")});
    // Every column as wide as its content (a narrow inspector scrolls instead of clipping the Live column).
    for (int c = 0; c < 4; ++c)
        tree_->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    tree_->header()->setStretchLastSection(false);
    tree_->setWordWrap(true);
    rescore_ = new QPushButton(tr("Rescore"), this);
    rescore_->setToolTip(tr("Run Vernier's scorer on this trial and store the result beside the bundle"));
    combination_ = new QLabel(this);
    combination_->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(tree_, 1);
    layout->addWidget(combination_);
    layout->addWidget(rescore_, 0, Qt::AlignRight);
    connect(rescore_, &QPushButton::clicked, this, &ScoresPanel::rescoreClicked);
}

void ScoresPanel::clear() {
    tree_->clear();
    combination_->clear();
}

void ScoresPanel::showStage(const StageAnalysis& stage, std::optional<double> recordedReward,
                            std::optional<double> rescoredReward, const QString& combination) {
    tree_->clear();
    const StageScores& rec = stage.input.recorded;
    const StageScores rs = stage.input.rescored.value_or(StageScores{});
    const auto& g = stage.geometry;
    const auto& s = stage.spec;
    // The live scores are what TrialScorer returned (models/trial_analysis.h): combined whenever it gave
    // one (geometry alone when the stage has no spec), otherwise the reason there is none.
    const std::optional<double> liveCombined =
        stage.score ? std::optional<double>(stage.score->combined) : std::nullopt;

    auto* top = tree_->invisibleRootItem();
    row(top, tr("Trial reward"), num(recordedReward), num(rescoredReward), QString());
    auto* combined = row(top, tr("Combined"), num(rec.combined), num(rs.combined), num(liveCombined));
    combined->setToolTip(3, QString::fromStdString(liveCombinedReason(stage)));
    if (!liveCombined) {
        auto* why =
            row(combined, tr("No live combined: %1").arg(QString::fromStdString(liveCombinedReason(stage))),
                {}, {}, {});
        why->setFirstColumnSpanned(true);
    }
    auto* geo = row(top, tr("Geometry similarity"), num(rec.geometry), num(rs.geometry),
                    num(g ? std::optional<double>(g->score) : std::nullopt));
    geo->setToolTip(0, QString::fromStdString(g ? g->reason : rec.geometryReason));
    if (g && g->subscores) {
        const auto& ss = *g->subscores;
        row(geo, tr("Surface types"), {}, {}, tierText(ss.surfaceTypes));
        row(geo, tr("Volume"), {}, {}, tierText(ss.volume));
        row(geo, tr("Surface area"), {}, {}, tierText(ss.surfaceArea));
        row(geo, tr("Principal moments"), {}, {}, tierText(ss.principalMoments));
        row(geo, tr("Bounding box (diagnostic)"), {}, {}, tierText(ss.bbox));
        row(geo, tr("ICP"), {}, {}, num(ss.icp));
    }
    if (g && g->icp) {
        auto* icp = row(geo, tr("ICP residuals"), {}, {}, QString());
        row(icp, tr("max residual (mm)"), {}, {}, num(g->icp->maxResidual, 6));
        row(icp, tr("RMSE (mm)"), {}, {}, num(g->icp->rmse, 6));
        row(icp, tr("candidate→reference max"), {}, {}, num(g->icp->candToRefMax, 6));
        row(icp, tr("reference→candidate max"), {}, {}, num(g->icp->refToCandMax, 6));
        row(icp, tr("iterations"), {}, {}, QString::number(g->icp->iterations));
    }
    const QString recGate = QString::fromStdString(rec.gate);
    const QString liveGate = !g        ? QStringLiteral("—")
                             : g->gate ? QString::fromStdString(g->gate->gate)
                                       : QStringLiteral("none");
    auto* gate = row(top, tr("Gate"), recGate.isEmpty() ? QStringLiteral("none") : recGate,
                     rs.gate.empty() ? QString() : QString::fromStdString(rs.gate), liveGate);
    if (g && g->gate) {
        auto* reason = row(gate, QString::fromStdString(g->gate->reason), {}, {}, {});
        reason->setFirstColumnSpanned(true);
    }
    auto* spec = row(top, tr("Spec consistency"), num(rec.spec), num(rs.spec),
                     num(s ? std::optional<double>(s->score) : std::nullopt));
    if (s) {
        row(spec, tr("consistent / inconsistent / not found"), {}, {},
            QStringLiteral("%1 / %2 / %3").arg(s->consistent).arg(s->inconsistent).arg(s->notFound));
        spec->setToolTip(0, QString::fromStdString(s->reason));
    }
    for (const auto& p : stage.problems) {
        auto* item = row(top, QString::fromStdString(p), {}, {}, {});
        item->setFirstColumnSpanned(true);
        item->setForeground(0, viewers::colours::okabeIto(viewers::colours::OkabeIto::Vermillion));
    }
    if (!rec.geometryReason.empty()) {
        auto* item =
            row(top, tr("Recorded geometry reason: %1").arg(QString::fromStdString(rec.geometryReason)), {},
                {}, {});
        item->setFirstColumnSpanned(true);
    }
    tree_->expandAll();
    combination_->setText(combination);
}

} // namespace vernier::ui
