// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/chart_panel.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QChart>
#include <QEvent>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QScrollBar>
#include <algorithm>

#include "figures/charts.h"
#include "figures/palette.h"

namespace vernier::ui {

ChartPanel::ChartPanel(const QString& objectName, Builder builder, QWidget* parent)
    : QChartView(parent), builder_(std::move(builder)) {
    setObjectName(objectName);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 220);
}

namespace {

// The vertical category axis of a chart with one row per category (the system bar charts), or null.
QBarCategoryAxis* rowAxis(const QChart* chart) {
    for (QAbstractAxis* axis : chart->axes(Qt::Vertical))
        if (auto* rows = qobject_cast<QBarCategoryAxis*>(axis)) return rows;
    return nullptr;
}

// Pixels one row needs: its label's line, and room for each bar of the row (the workflow chart draws
// three) with its value label.
int rowPixels(const QChart* chart, const QBarCategoryAxis* axis) {
    const int line = QFontMetrics(axis->labelsFont()).height();
    int bars = 1;
    for (QAbstractSeries* s : chart->series()) {
        const auto* bar = qobject_cast<QAbstractBarSeries*>(s);
        // A stacked series draws one bar per row whatever its sets (the system charts: a set per system).
        const bool stacked = s->type() == QAbstractSeries::SeriesTypeHorizontalStackedBar ||
                             s->type() == QAbstractSeries::SeriesTypeHorizontalPercentBar ||
                             s->type() == QAbstractSeries::SeriesTypeStackedBar ||
                             s->type() == QAbstractSeries::SeriesTypePercentBar;
        if (bar && !stacked) bars = std::max(bars, static_cast<int>(bar->count()));
    }
    // Qt cuts a category label to "..." unless its row is about twice its line high (the label is laid out
    // as rich text, with margins and padding; measured: line + 10 cut, 2 * line + 6 whole).
    return std::max(2 * line + 6, bars * (line - 2));
}

} // namespace

int ChartPanel::rowsHeight() const {
    QChart* c = chart();
    const QBarCategoryAxis* axis = c ? rowAxis(c) : nullptr;
    if (!axis || axis->count() == 0) return 0;
    // What the chart spends outside its plot (title, margins, the value axis) at the view's height.
    const int chrome = std::max(0, static_cast<int>(c->size().height() - c->plotArea().height()));
    return chrome + axis->count() * rowPixels(c, axis);
}

void ChartPanel::fitRows() {
    fitPending_ = false;
    QChart* c = chart();
    if (!c) return;
    // Laid out at the view's size first (QChartView's own fit), which gives the chart's margins.
    const QSize view = size() - QSize(2 * frameWidth(), 2 * frameWidth());
    c->resize(view);
    c->layout()->activate();
    const int needed = rowsHeight();
    const bool scroll = needed > view.height();
    setVerticalScrollBarPolicy(scroll ? Qt::ScrollBarAlwaysOn : Qt::ScrollBarAlwaysOff);
    const QSizeF chartSize(scroll ? view.width() - verticalScrollBar()->sizeHint().width() : view.width(),
                           scroll ? needed : view.height());
    c->resize(chartSize);
    setSceneRect(QRectF(QPointF(0, 0), chartSize));
}

void ChartPanel::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    fitRows();
}

void ChartPanel::showEvent(QShowEvent* event) {
    QChartView::showEvent(event);
    if (fitPending_) fitRows();
}

void ChartPanel::rebuild(const Analysis& analysis) {
    QChart* old = chart();
    setChart(builder_(analysis)); // the view takes ownership of the new chart
    // A rebuild of a page that is not on screen is one turn of the event loop (ui/main_window.cpp): with
    // 40 systems, freeing the old chart (5-14 ms) and laying the new one out at the view's size (10-14 ms)
    // made a page of three charts a 110 ms turn. The old chart is freed on a later turn, and a hidden view
    // is fitted when shown (docs/index.md "Performance", following).
    if (old) old->deleteLater();
    applyScreenStyle();
    if (isVisible())
        fitRows();
    else
        fitPending_ = true;
}

void ChartPanel::applyScreenStyle() {
    // Builders draw on paper; the screen follows the application palette (figure export switches back to
    // paper for the file, figures/figure_export.cpp).
    if (QChart* c = chart()) {
        const ChartStyle style = palette::screenStyle();
        if (!(chartStyleOf(c) == style)) applyChartStyle(c, style);
        setBackgroundBrush(style.background);
    }
}

void ChartPanel::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyScreenStyle();
}

} // namespace vernier::ui
