#include "viewers/deviation_legend.h"

#include <algorithm>

#include <QPainter>

namespace vernier::viewers {

namespace {
constexpr int kBins = 41;
}

DeviationLegend::DeviationLegend(QWidget* parent) : QWidget(parent) {
    setMinimumWidth(170);
}

void DeviationLegend::setField(std::shared_ptr<const DeviationField> field, const DivergingColourMap& map) {
    field_ = std::move(field);
    busy_.clear();
    setColourMap(map);
}

void DeviationLegend::setColourMap(const DivergingColourMap& map) {
    map_ = map;
    if (field_) histogram_ = deviationHistogram(*field_, map_.range(), kBins);
    update();
}

void DeviationLegend::setBusy(const QString& message) {
    busy_ = message;
    field_.reset();
    update();
}

void DeviationLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    if (!busy_.isEmpty() || !field_) {
        p.drawText(rect().adjusted(6, 6, -6, -6), Qt::AlignTop | Qt::TextWordWrap, busy_);
        return;
    }
    const int h = height();
    paintColourBar(p, QRect(6, 6, width() - 12, h / 2 - 12), map_, tr("Deviation (mm)"));

    // Histogram: bands top (+range) to bottom (-range), bar length = share of the surface area.
    const QRect hist(6, h / 2 + 16, width() - 12, h / 2 - 90);
    p.drawText(QRect(hist.left(), hist.top() - 16, hist.width(), 16), Qt::AlignLeft, tr("Area per band"));
    const double maxShare =
        std::max(1e-12, *std::max_element(histogram_.areaFraction.begin(), histogram_.areaFraction.end()));
    const int n = static_cast<int>(histogram_.areaFraction.size());
    for (int i = 0; i < n; ++i) {
        const double share = histogram_.areaFraction[static_cast<std::size_t>(n - 1 - i)];
        const double value = (-1.0 + (2.0 * (n - 1 - i) + 1.0) / n) * map_.range();
        const int y0 = hist.top() + hist.height() * i / n, y1 = hist.top() + hist.height() * (i + 1) / n;
        const int len = static_cast<int>(hist.width() * share / maxShare);
        p.fillRect(QRect(hist.left(), y0, std::max(len, share > 0 ? 1 : 0), std::max(1, y1 - y0 - 1)),
                   map_.colour(value));
    }
    p.setPen(Qt::gray);
    p.drawRect(hist);

    p.setPen(palette().windowText().color());
    const int ty = hist.bottom() + 18;
    const auto mm = [](double v) { return QString::number(v, 'f', 4); };
    p.drawText(QPoint(6, ty), tr("max +%1  min %2").arg(mm(field_->maxPositive), mm(field_->maxNegative)));
    p.drawText(QPoint(6, ty + 18), tr("RMS %1 mm (by area)").arg(mm(field_->rms)));
    p.drawText(QPoint(6, ty + 36), tr("mesh deflection %1 mm").arg(mm(field_->deflection)));
}

} // namespace vernier::viewers
