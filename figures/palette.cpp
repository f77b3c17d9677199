#include "figures/palette.h"

#include "viewers/colour_map.h"

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
