// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/deviation_legend.h"

#include <algorithm>
#include <cmath>

#include <QPainter>

namespace vernier::ui {

namespace {
// Odd, so one band is centred on zero ("within ±range/11"); few enough that every band gets a readable row.
constexpr int kBins = 11;

QString share(double f) {
    if (f <= 0) return QStringLiteral("–");
    if (f < 0.001) return QStringLiteral("<0.1%");
    return QString::number(f * 100.0, 'f', 1) + QLatin1Char('%');
}
} // namespace

int deviationLabelDecimals(double range, int bins) {
    if (!(range > 0) || bins < 1 || !std::isfinite(range)) return 2;
    const double width = 2.0 * range / bins;
    return std::clamp(static_cast<int>(std::ceil(-std::log10(width) - 1e-9)), 0, 9);
}

QString deviationLimitText(double value, double range, int bins) {
    const int decimals = deviationLabelDecimals(range, bins);
    const double unit = std::pow(10.0, -decimals);
    if (std::abs(value) < unit / 2) return QStringLiteral("0");
    return (value > 0 ? QStringLiteral("+") : QString()) + QString::number(value, 'f', decimals);
}

QString deviationBandText(int band, double range, int bins) {
    const double lo = -range + 2.0 * range * band / bins, hi = -range + 2.0 * range * (band + 1) / bins;
    if (band == bins - 1) return QStringLiteral("≥ ") + deviationLimitText(lo, range, bins);
    if (band == 0) return QStringLiteral("≤ ") + deviationLimitText(hi, range, bins);
    return deviationLimitText(lo, range, bins) + QStringLiteral(" … ") + deviationLimitText(hi, range, bins);
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
    if (field_) histogram_ = viewers::deviationHistogram(*field_, map_.range(), kBins);
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
    viewers::paintColourBar(p, QRect(6, 6, width() - 12, h / 2 - 12), map_, tr("Deviation (mm)"));

    // Bands, top (+range) to bottom (-range): colour, limits and the share of the candidate's surface area.
    // The share is also a bar on a log scale (0.1% to 100%), so a small region of large deviation (a missing
    // hole) stays visible next to a surface that is otherwise exact.
    const QRect hist(6, h / 2 + 16, width() - 12, h / 2 - 90);
    p.drawText(QRect(hist.left(), hist.top() - 16, hist.width(), 16), Qt::AlignLeft,
               tr("Surface area per band"));
    const int n = static_cast<int>(histogram_.areaFraction.size());
    const double r = histogram_.range;
    QFont small = font();
    small.setPointSizeF(std::max(6.5, font().pointSizeF() * 0.85));
    p.setFont(small);
    const int rowH = std::max(1, hist.height() / std::max(n, 1));
    // The share bars in a faint tint of the text colour: visible on a light and on a dark palette.
    QColor shareBar = palette().windowText().color();
    shareBar.setAlpha(40);
    for (int i = 0; i < n; ++i) {
        const int band = n - 1 - i; // top row: the most positive band
        const double f = histogram_.areaFraction[static_cast<std::size_t>(band)];
        const double lo = -r + 2.0 * r * band / n, hi = -r + 2.0 * r * (band + 1) / n;
        const QRect row(hist.left(), hist.top() + i * rowH, hist.width(), rowH - 1);
        p.fillRect(QRect(row.left(), row.top(), 12, row.height()), map_.colour((lo + hi) / 2));
        const double logShare = f > 0 ? std::clamp((std::log10(f) + 3.0) / 3.0, 0.02, 1.0) : 0.0;
        const int barSpace = row.width() - 16;
        p.fillRect(
            QRect(row.left() + 16, row.top() + 1, static_cast<int>(barSpace * logShare), row.height() - 2),
            shareBar);
        // Precision follows the range: ±0.001 mm bands read "-0.0006 … -0.0004", never "+0.00 … +0.00".
        const QString limits = deviationBandText(band, r, n);
        p.setPen(palette().windowText().color());
        p.drawText(row.adjusted(18, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, limits);
        p.drawText(row.adjusted(18, 0, -2, 0), Qt::AlignVCenter | Qt::AlignRight, share(f));
    }
    p.setFont(font());

    p.setPen(palette().windowText().color());
    const int ty = hist.bottom() + 18;
    const auto mm = [](double v) { return QString::number(v, 'f', 4); };
    p.drawText(QPoint(6, ty), tr("max +%1  min %2").arg(mm(field_->maxPositive), mm(field_->maxNegative)));
    p.drawText(QPoint(6, ty + 18), tr("RMS %1 mm (by area)").arg(mm(field_->rms)));
    p.drawText(QPoint(6, ty + 36), tr("mesh deflection %1 mm").arg(mm(field_->deflection)));
}

} // namespace vernier::ui
