// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Chart conveniences over the one colour module (viewers/colour_map.h): brushes, workflow and
// category labels, and font sizes that stay readable when a figure is printed at single-column width.
#include <QBrush>
#include <QColor>
#include <QFont>
#include <QString>

#include "viewers/colour_map.h"

class QPalette;

namespace vernier {
struct Analysis;
}

namespace vernier::ui::palette {

inline constexpr int kCategoricalCount = viewers::colours::kCategoricalCount;

// The colour module's own functions, under the names the charts use: the index-th series colour,
// viridis and the text colour on it, and the neutrals (viewers/colour_map.h documents each).
using viewers::colours::categorical;
using viewers::colours::grid;
using viewers::colours::highlight;
using viewers::colours::ink;
using viewers::colours::sequential;
using viewers::colours::textOn;
using viewers::colours::unknown;

// Brush of the index-th series: the colour, and from the second cycle on a hatch pattern so that
// 13 systems stay distinguishable without relying on more hues.
QBrush categoricalBrush(int index);

// A system's colour by identity (docs/workspace.md "Systems"): the user's "#rrggbb" when set, else the
// categorical colour of its identity slot (Analysis::colourSlot: its place among the set's sorted labels).
// Never its rank, so a system keeps its colour when scores change, in every view and every export.
// `systemIndex` indexes ResultSet::systems.
QColor systemColor(const Analysis& analysis, int systemIndex);
// The same as a brush: from the second palette cycle on a hatch (as categoricalBrush), unless the user chose
// the colour (then solid).
QBrush systemBrush(const Analysis& analysis, int systemIndex);

// The colours a chart or the heatmap is drawn with. Exports always use paperStyle() (white paper, black ink);
// on screen, screenStyle() follows the application palette, so a dark desktop gets a dark chart background,
// light text and a lighter grid (docs/figures.md "Screen and paper").
struct ChartStyle {
    QColor background;
    QColor ink;   // text, axis lines, whiskers
    QColor grid;  // grid lines
    QColor muted; // secondary lines (the compare diagonal)
    bool dark = false;
    bool operator==(const ChartStyle&) const = default;
};
ChartStyle paperStyle();
// From a palette: paper when its window is light, else window background and window text.
ChartStyle styleFor(const QPalette& palette);
// From the application palette (QGuiApplication::palette()).
ChartStyle screenStyle();

// Fixed colours for the three workflows (same everywhere).
QColor workflowColor(const QString& workflow);  // "creation" | "create_and_edit" | "image_to_cad"
QString workflowLabel(const QString& workflow); // "Creation" | "Create & edit" | "Image to CAD"

// Fixed colours for the six zero-reward categories and for gates (second level).
QColor zeroCategoryColor(const QString& category);
QString zeroCategoryLabel(const QString& category);
QColor gateColor(const QString& gate);

// Font sizes in points, chosen so a 3.5 in wide figure stays readable when printed at that width.
inline constexpr double kTitlePt = 9.0;
inline constexpr double kAxisTitlePt = 8.0;
inline constexpr double kTickPt = 7.0;
inline constexpr double kLegendPt = 7.0;
QFont font(double pointSize, bool bold = false);

} // namespace vernier::ui::palette

namespace vernier::ui {
using palette::ChartStyle;
} // namespace vernier::ui
