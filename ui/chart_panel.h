// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A QChartView that rebuilds its chart from each snapshot through one of the builders in charts.h, and
// draws it in the application palette's style (dark desktop → dark chart; exports stay on paper).
#include <QChartView>
#include <functional>

#include "ui/analysis.h"

namespace vernier::ui {

class ChartPanel : public QChartView {
    Q_OBJECT
public:
    using Builder = std::function<QChart*(const Analysis&)>;
    ChartPanel(const QString& objectName, Builder builder, QWidget* parent = nullptr);
    void rebuild(const Analysis& analysis);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyScreenStyle();
    Builder builder_;
};

} // namespace vernier::ui
