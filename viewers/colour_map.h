#pragma once
// The one colour map of the deviation views: diverging, colour-blind safe (blue for material
// missing, red for material in excess, a neutral grey for zero so the part stays visible on white).
#include <array>

#include <QColor>
#include <QRect>
#include <QString>

class QPainter;

namespace vernier::viewers {

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
