// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The reward heatmap: systems × tasks grouped by workflow, painted (no chart). The heatmap page embeds it
// and the report export (figures/report_export.h) paints the same figure without a window.
#include <QWidget>
#include <memory>
#include <vector>

#include "figures/figure_export.h"
#include "figures/palette.h"
#include "figures/text_format.h"

namespace vernier::ui {

// The painted matrix. Rows: systems in leaderboard order; columns: filtered tasks, workflow by workflow.
class HeatmapWidget : public QWidget, public PaintableFigure {
    Q_OBJECT
public:
    enum class TaskOrder { Id, MeanReward, PackDifficulty };

    explicit HeatmapWidget(QWidget* parent = nullptr);
    void setAnalysis(std::shared_ptr<const Analysis> analysis);
    void setTaskOrder(TaskOrder order);
    // Tasks (indices into ResultSet::tasks) in column order, and the systems in row order.
    const std::vector<int>& columns() const { return columns_; }
    const std::vector<int>& rows() const { return rows_; }
    // The trial shown in a cell (the selected trial), -1 when none.
    int trialAt(int row, int column) const;
    // The rotated label above a column: the task id without "freecad-", at most 6 characters.
    QString columnLabel(int column) const;
    // "×" scorer crash, "∅" missing output, "!" final exception: a 0 that is not a score; else empty.
    QString cellGlyph(int row, int column) const;
    // Cell under a widget position, {-1,-1} outside.
    QPoint cellAt(const QPoint& pos) const;
    // The rewards of every valid attempt of a cell (ResultSet::trialsOf, the reward the statistics use),
    // oldest first; a cell with more than one gets a corner mark and a min–max bar.
    std::vector<double> cellAttempts(int row, int column) const;
    // The cell's tooltip text (task, system, reward, and "n=3, 0.40–1.00" for several attempts).
    QString cellToolTip(int row, int column) const;

    // Paints on paper (white, black ink): what every export shows.
    void paintFigure(QPainter& painter, const QSizeF& size) const override;
    // Paints in `style` (the screen follows the application palette).
    void paintWithStyle(QPainter& painter, const QSizeF& size, const ChartStyle& style) const;
    QSize sizeHint() const override { return {1000, 480}; }

signals:
    void trialActivated(int trialIndex);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Geometry {
        double left, top, cellW, cellH;
        double columnLabelH; // rotated task labels between the workflow bands and the cells
    };
    Geometry layoutFor(const QSizeF& size) const;
    void rebuildColumns();

    std::shared_ptr<const Analysis> analysis_;
    TaskOrder order_ = TaskOrder::Id;
    std::vector<int> columns_;
    std::vector<int> rows_;
};

} // namespace vernier::ui
