#pragma once
// Heatmap page: systems × tasks reward matrix grouped by workflow, sortable by difficulty; a click on a
// cell opens the trial behind it.
#include <QWidget>

#include "ui/figure_export.h"
#include "ui/view_page.h"

class QComboBox;

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

    void paintFigure(QPainter& painter, const QSizeF& size) const override;
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
    HeatmapWidget* heatmap_;
    QComboBox* order_;
};

} // namespace vernier::ui
