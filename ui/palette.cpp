#include "ui/palette.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace vernier::ui::palette {

namespace {

// Okabe–Ito without black, in an order where neighbours contrast strongly.
constexpr std::array<QRgb, kCategoricalCount> kOkabeIto = {
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

} // namespace

QColor categorical(int index) {
    if (index < 0) index = 0;
    return QColor::fromRgb(kOkabeIto[static_cast<std::size_t>(index % kCategoricalCount)]);
}

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
    if (workflow == QLatin1String("creation")) return QColor::fromRgb(kOkabeIto[0]);
    if (workflow == QLatin1String("create_and_edit")) return QColor::fromRgb(kOkabeIto[1]);
    if (workflow == QLatin1String("image_to_cad")) return QColor::fromRgb(kOkabeIto[2]);
    return unknown();
}

QString workflowLabel(const QString& workflow) {
    if (workflow == QLatin1String("creation")) return QStringLiteral("Creation");
    if (workflow == QLatin1String("create_and_edit")) return QStringLiteral("Create & edit");
    if (workflow == QLatin1String("image_to_cad")) return QStringLiteral("Image to CAD");
    return workflow;
}

QColor zeroCategoryColor(const QString& category) {
    if (category == QLatin1String("geometry_zero")) return QColor::fromRgb(kOkabeIto[0]);
    if (category == QLatin1String("geometry_and_spec_zero")) return QColor::fromRgb(kOkabeIto[4]);
    if (category == QLatin1String("spec_zero")) return QColor::fromRgb(kOkabeIto[1]);
    if (category == QLatin1String("final_exception")) return QColor::fromRgb(kOkabeIto[5]);
    if (category == QLatin1String("missing_output")) return QColor::fromRgb(kOkabeIto[3]);
    if (category == QLatin1String("scorer_crash")) return QColor::fromRgb(0xFF000000);
    return unknown();
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
    static const std::array<std::pair<const char*, int>, 6> kGates = {{
        {"body", 0},
        {"feature_tree", 1},
        {"complexity", 2},
        {"face_count", 3},
        {"vertex_count", 4},
        {"bbox", 5},
    }};
    for (const auto& [name, i] : kGates)
        if (gate == QLatin1String(name)) return categorical(i);
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
    return QColor::fromRgb(kOkabeIto[5]);
}

QFont font(double pointSize, bool bold) {
    // DejaVu Sans ships with every Debian desktop; naming it keeps SVG/PDF output identical across machines.
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    return f;
}

} // namespace vernier::ui::palette
