// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A QChartView that rebuilds its chart from each snapshot through one of the builders in charts.h, and
// draws it in the application palette's style (dark desktop → dark chart; exports stay on paper). A chart
// with one row per system keeps each row tall enough for its label: with more systems than fit, the chart
// grows taller than the view and the view scrolls (a study of variants easily has 30-40 systems; squeezed,
// Qt cuts every label to "…"). Exports keep their own paper size.
#include <QChartView>
#include <functional>

#include "ui/analysis.h"

namespace vernier::ui {

class ChartPanel : public QChartView {
    Q_OBJECT
public:
    using Builder = std::function<QChart*(const Analysis&)>;
    ChartPanel(const QString& objectName, Builder builder, QWidget* parent = nullptr);
    // A new chart from this snapshot. Laid out at the view's size now if the view is visible, else when
    // it is shown.
    void rebuild(const Analysis& analysis);
    // The least height in pixels a chart needs for its rows to keep their labels: 0 when it has no row
    // axis (a scatter) or fits any height.
    int rowsHeight() const;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void applyScreenStyle();
    void fitRows();
    Builder builder_;
    bool fitPending_ = false; // rebuilt while hidden: fitted when shown
};

} // namespace vernier::ui
