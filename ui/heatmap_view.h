// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Heatmap page: systems × tasks reward matrix grouped by workflow, sortable by difficulty; a click on a
// cell opens the trial behind it.
#include <QWidget>

#include "figures/heatmap_widget.h"
#include "ui/view_page.h"

class QComboBox;

namespace vernier::ui {

class HeatmapView : public ViewPage {
    Q_OBJECT
public:
    explicit HeatmapView(QWidget* parent = nullptr);
    QString key() const override { return QStringLiteral("heatmap"); }
    QString title() const override { return tr("Heatmap"); }
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis) override;
    QList<ExportableFigure> figures() override;
    HeatmapWidget* heatmap() const { return heatmap_; }

private:
    std::shared_ptr<const Analysis> analysis_; // the snapshot the heatmap shows (trial rows -> TrialIds)
    HeatmapWidget* heatmap_;
    QComboBox* order_;
};

} // namespace vernier::ui
