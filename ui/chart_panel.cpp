// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/chart_panel.h"

#include <QChart>
#include <QEvent>

#include "figures/charts.h"
#include "figures/palette.h"

namespace vernier::ui {

ChartPanel::ChartPanel(const QString& objectName, Builder builder, QWidget* parent)
    : QChartView(parent), builder_(std::move(builder)) {
    setObjectName(objectName);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 220);
}

void ChartPanel::rebuild(const Analysis& analysis) {
    QChart* old = chart();
    setChart(builder_(analysis)); // the view takes ownership of the new chart
    delete old;
    applyScreenStyle();
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
