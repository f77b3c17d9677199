// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "viewers/colour_map.h"

#include <QPalette>

#include <algorithm>
#include <cmath>

#include <QFontMetrics>
#include <QLinearGradient>
#include <QPainter>

namespace vernier::viewers {

namespace {

// ColorBrewer RdBu end and mid tones with a grey centre instead of white (a white centre would
// vanish on a white background). Ordered from -range to +range.
constexpr std::array<std::array<double, 3>, 5> kStops{{
    {0x21 / 255.0, 0x66 / 255.0, 0xAC / 255.0}, // -range: blue
    {0x67 / 255.0, 0xA9 / 255.0, 0xCF / 255.0},
    {0xD0 / 255.0, 0xD0 / 255.0, 0xD0 / 255.0}, // 0: neutral grey
    {0xEF / 255.0, 0x8A / 255.0, 0x62 / 255.0},
    {0xB2 / 255.0, 0x18 / 255.0, 0x2B / 255.0}, // +range: red
}};

// Okabe–Ito without black, in an order where neighbours contrast strongly.
constexpr std::array<QRgb, colours::kCategoricalCount> kOkabeIto = {
    0xFF0072B2, // blue
    0xFFE69F00, // orange
    0xFF009E73, // bluish green
    0xFFCC79A7, // reddish purple
    0xFF56B4E9, // sky blue
    0xFFD55E00, // vermillion
    0xFFF0E442, // yellow
};

// Viridis sampled at 11 evenly spaced stops (matplotlib's table).
constexpr std::array<QRgb, 11> kViridis = {
    0xFF440154, 0xFF482475, 0xFF414487, 0xFF355F8D, 0xFF2A788E, 0xFF21918C,
    0xFF22A884, 0xFF44BF70, 0xFF7AD151, 0xFFBDDF26, 0xFFFDE725,
};

QString formatMm(double v) {
    const double a = std::abs(v);
    const int decimals = a == 0 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a >= 0.1 ? 3 : 4;
    return QString::number(v, 'f', decimals);
}

} // namespace

namespace colours {

QColor okabeIto(OkabeIto c) {
    return QColor::fromRgb(kOkabeIto[static_cast<std::size_t>(c)]);
}

QColor categorical(int index) {
    if (index < 0) index = 0;
    return QColor::fromRgb(kOkabeIto[static_cast<std::size_t>(index % kCategoricalCount)]);
}

QColor workflow(const QString& workflow) {
    if (workflow == QLatin1String("creation")) return okabeIto(OkabeIto::Blue);
    if (workflow == QLatin1String("create_and_edit")) return okabeIto(OkabeIto::Orange);
    if (workflow == QLatin1String("image_to_cad")) return okabeIto(OkabeIto::BluishGreen);
    return unknown();
}

QColor zeroCategory(const QString& category) {
    if (category == QLatin1String("geometry_zero")) return okabeIto(OkabeIto::Blue);
    if (category == QLatin1String("geometry_and_spec_zero")) return okabeIto(OkabeIto::SkyBlue);
    if (category == QLatin1String("spec_zero")) return okabeIto(OkabeIto::Orange);
    if (category == QLatin1String("final_exception")) return okabeIto(OkabeIto::Vermillion);
    if (category == QLatin1String("missing_output")) return okabeIto(OkabeIto::ReddishPurple);
    if (category == QLatin1String("scorer_crash")) return QColor::fromRgb(0xFF000000);
    return unknown();
}

QColor gate(const QString& gate) {
    static const std::array<const char*, 6> kGates = {"body",       "feature_tree", "complexity",
                                                      "face_count", "vertex_count", "bbox"};
    for (std::size_t i = 0; i < kGates.size(); ++i)
        if (gate == QLatin1String(kGates[i])) return categorical(static_cast<int>(i));
    return unknown();
}

QColor sequential(double t) {
    if (!std::isfinite(t)) return unknown();
    t = std::clamp(t, 0.0, 1.0);
    const double pos = t * static_cast<double>(kViridis.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, kViridis.size() - 1);
    const double f = pos - static_cast<double>(lo);
    const QColor a = QColor::fromRgb(kViridis[lo]);
    const QColor b = QColor::fromRgb(kViridis[hi]);
    auto mix = [f](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * f)); };
    return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

QColor viewBackground(const QPalette& palette) {
    const QColor window = palette.color(QPalette::Active, QPalette::Window);
    return window.lightnessF() >= 0.5 ? QColor(Qt::white) : window;
}

QColor textOn(const QColor& background) {
    // Relative luminance (sRGB approximation); viridis turns light above ~0.55.
    const double y = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return y > 0.45 ? QColor(Qt::black) : QColor(Qt::white);
}

QColor ink() {
    return QColor(0x20, 0x20, 0x20);
}
QColor grid() {
    return QColor(0xD9, 0xD9, 0xD9);
}
QColor unknown() {
    return QColor(0xBB, 0xBB, 0xBB);
}
QColor highlight() {
    return okabeIto(OkabeIto::Vermillion);
}

} // namespace colours

DivergingColourMap::DivergingColourMap(double range) : range_(0.1) {
    setRange(range);
}

void DivergingColourMap::setRange(double range) {
    if (std::isfinite(range) && range > 0) range_ = range;
}

std::array<double, 3> DivergingColourMap::rgb(double value) const {
    if (!std::isfinite(value)) value = 0;
    const double u = std::clamp((value / range_ + 1.0) / 2.0, 0.0, 1.0) * (kStops.size() - 1);
    const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(u), kStops.size() - 2);
    const double f = u - static_cast<double>(i);
    std::array<double, 3> out{};
    for (int c = 0; c < 3; ++c)
        out[c] = kStops[i][c] * (1 - f) + kStops[i + 1][c] * f;
    return out;
}

QColor DivergingColourMap::colour(double value) const {
    const auto c = rgb(value);
    return QColor::fromRgbF(static_cast<float>(c[0]), static_cast<float>(c[1]), static_cast<float>(c[2]));
}

QColor DivergingColourMap::zeroColour() {
    return DivergingColourMap(1.0).colour(0.0);
}

void paintColourBar(QPainter& painter, const QRect& rect, const DivergingColourMap& map,
                    const QString& title) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetrics fm(painter.font());
    const int titleHeight = fm.height() + 4;
    const int labelWidth = fm.horizontalAdvance(QStringLiteral("-0.0000 mm")) + 6;
    const int barWidth = std::max(10, std::min(24, rect.width() - labelWidth));
    const QRect bar(rect.left(), rect.top() + titleHeight + fm.height() / 2, barWidth,
                    std::max(20, rect.height() - titleHeight - fm.height()));

    painter.setPen(Qt::black);
    painter.drawText(QRect(rect.left(), rect.top(), rect.width(), titleHeight),
                     Qt::AlignLeft | Qt::AlignVCenter, title);

    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    constexpr int kSteps = 32;
    for (int i = 0; i <= kSteps; ++i) {
        const double v = -map.range() + 2.0 * map.range() * i / kSteps;
        gradient.setColorAt(static_cast<double>(i) / kSteps, map.colour(v));
    }
    painter.fillRect(bar, gradient);
    painter.setPen(QPen(Qt::black, 1));
    painter.drawRect(bar);

    constexpr int kTicks = 5;
    for (int i = 0; i < kTicks; ++i) {
        const double frac = static_cast<double>(i) / (kTicks - 1);
        const double v = map.range() * (1 - 2 * frac);
        const int y = bar.top() + static_cast<int>(std::lround(frac * bar.height()));
        painter.drawLine(bar.right(), y, bar.right() + 4, y);
        painter.drawText(QRect(bar.right() + 6, y - fm.height() / 2, labelWidth, fm.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, formatMm(v) + QStringLiteral(" mm"));
    }
    painter.restore();
}

} // namespace vernier::viewers
