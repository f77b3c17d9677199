#include "ui/chart_panel.h"

#include <QChart>

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
}

} // namespace vernier::ui
