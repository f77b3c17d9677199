// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/palette.h"

#include "models/analysis.h"
#include "viewers/colour_map.h"

#include <QGuiApplication>
#include <QPalette>
#include <array>

namespace vernier::ui::palette {

// Every colour comes from viewers/colour_map (the one colour module); this file adds brushes, labels, fonts.
namespace colours = viewers::colours;

QBrush categoricalBrush(int index) {
    if (index < 0) index = 0;
    const int cycle = index / kCategoricalCount;
    QBrush brush(categorical(index));
    static constexpr std::array<Qt::BrushStyle, 3> kStyles = {Qt::SolidPattern, Qt::BDiagPattern,
                                                              Qt::CrossPattern};
    brush.setStyle(kStyles[static_cast<std::size_t>(cycle % 3)]);
    return brush;
}

QColor systemColor(const Analysis& analysis, int systemIndex) {
    const std::string user = analysis.userColour(systemIndex);
    if (!user.empty()) {
        const QColor c(QString::fromStdString(user));
        if (c.isValid()) return c;
    }
    return categorical(analysis.colourSlot(systemIndex));
}

QBrush systemBrush(const Analysis& analysis, int systemIndex) {
    const std::string user = analysis.userColour(systemIndex);
    if (!user.empty()) {
        const QColor c(QString::fromStdString(user));
        if (c.isValid()) return QBrush(c);
    }
    return categoricalBrush(analysis.colourSlot(systemIndex));
}

ChartStyle paperStyle() {
    return {Qt::white, colours::ink(), colours::grid(), colours::grid().darker(130), false};
}

ChartStyle styleFor(const QPalette& p) {
    const QColor window = p.color(QPalette::Active, QPalette::Window);
    if (window.lightnessF() >= 0.5) return paperStyle();
    ChartStyle s;
    s.dark = true;
    s.background = p.color(QPalette::Active, QPalette::Base).lightnessF() < 0.5
                       ? p.color(QPalette::Active, QPalette::Base)
                       : window;
    s.ink = p.color(QPalette::Active, QPalette::WindowText);
    // Grid lines a little lighter than the background (a quarter of the way to the text), secondary lines
    // half way.
    const auto blend = [](const QColor& a, const QColor& b, double t) {
        return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                                static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                                static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
    };
    s.grid = blend(s.background, s.ink, 0.22);
    s.muted = blend(s.background, s.ink, 0.5);
    return s;
}

ChartStyle screenStyle() {
    return styleFor(QGuiApplication::palette());
}

QColor workflowColor(const QString& workflow) {
    return colours::workflow(workflow);
}

QString workflowLabel(const QString& workflow) {
    if (workflow == QLatin1String("creation")) return QStringLiteral("Creation");
    if (workflow == QLatin1String("create_and_edit")) return QStringLiteral("Create & edit");
    if (workflow == QLatin1String("image_to_cad")) return QStringLiteral("Image to CAD");
    return workflow;
}

QColor zeroCategoryColor(const QString& category) {
    return colours::zeroCategory(category);
}

QString zeroCategoryLabel(const QString& category) {
    if (category == QLatin1String("geometry_zero")) return QStringLiteral("Geometry zero");
    if (category == QLatin1String("geometry_and_spec_zero")) return QStringLiteral("Geometry & spec zero");
    if (category == QLatin1String("spec_zero")) return QStringLiteral("Spec zero");
    if (category == QLatin1String("final_exception")) return QStringLiteral("Final exception");
    if (category == QLatin1String("missing_output")) return QStringLiteral("Missing output");
    if (category == QLatin1String("scorer_crash")) return QStringLiteral("Scorer crash");
    return category;
}

QColor gateColor(const QString& gate) {
    return colours::gate(gate);
}

QFont font(double pointSize, bool bold) {
    // DejaVu Sans ships with every Debian desktop; naming it keeps SVG/PDF output identical across machines.
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    return f;
}

} // namespace vernier::ui::palette
