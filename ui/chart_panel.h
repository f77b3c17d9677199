#pragma once
// A QChartView that rebuilds its chart from each snapshot through one of the builders in charts.h.
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

private:
    Builder builder_;
};

} // namespace vernier::ui
