// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one colour module of Vernier (ui/ and viewers/ take every colour from here): Okabe–Ito
// categorical colours, the viridis sequential map, the neutrals, and the diverging deviation map.
#include <array>

#include <QColor>
#include <QRect>
#include <QString>

class QPainter;
class QPalette;

namespace vernier::viewers {

namespace colours {

// Okabe & Ito (2008), "Color Universal Design": distinguishable under the common colour-vision
// deficiencies. Black is left out of the cycle because it is reserved for whiskers and text.
inline constexpr int kCategoricalCount = 7;
// Okabe–Ito colours by name (used for fixed meanings: workflows, statuses, reference/candidate).
enum class OkabeIto { Blue, Orange, BluishGreen, ReddishPurple, SkyBlue, Vermillion, Yellow };
QColor okabeIto(OkabeIto c);

// Colour of the index-th series (system); cycles after kCategoricalCount.
QColor categorical(int index);
// Fixed colours for the three workflows, the six zero-reward categories and the gates.
QColor workflow(const QString& workflow); // "creation" | "create_and_edit" | "image_to_cad"
QColor zeroCategory(const QString& category);
QColor gate(const QString& gate);

// Viridis, t in [0,1] (clamped). Perceptually uniform, readable in greyscale and by CVD viewers.
QColor sequential(double t);
// Text colour (black or white) that stays readable on top of `background`.
QColor textOn(const QColor& background);

// Neutrals: text and whiskers, grid lines, unknown values, and the highlight for attention.
QColor ink();
QColor grid();
QColor unknown();
QColor highlight();

// Background of the live 3D views: white (as every export and the offscreen renderer) under a light
// palette; the palette's dark window colour under a dark one, so the 3D view does not glare on a dark
// desktop.
QColor viewBackground(const QPalette& palette);

} // namespace colours

// Diverging, colour-blind safe map of the deviation views (blue for material missing, red for
// material in excess, a neutral grey for zero so the part stays visible on white).

// Symmetric diverging map over [-range, +range] (millimetres); values outside are clamped.
class DivergingColourMap {
public:
    explicit DivergingColourMap(double range = 0.1);

    double range() const { return range_; }
    void setRange(double range); // non-positive or non-finite values are ignored

    // RGB in [0, 1].
    std::array<double, 3> rgb(double value) const;
    QColor colour(double value) const;

    // The colour of exactly zero deviation (neutral grey: r = g = b).
    static QColor zeroColour();

private:
    double range_;
};

// Draws a vertical colour bar with millimetre tick labels and a title into rect (used on screen and
// in exported images, so both look the same).
void paintColourBar(QPainter& painter, const QRect& rect, const DivergingColourMap& map,
                    const QString& title);

} // namespace vernier::viewers
