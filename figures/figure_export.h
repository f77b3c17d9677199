// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one export path for figures: any chart view, graphics view or plain widget to SVG, PDF or PNG
// at a chosen physical size. The GUI's "Export figure" and `vernier-cli export` both call this.
#include <QString>
#include <QStringList>

#include "figures/provenance.h"

class QPainter;
class QSizeF;
class QWidget;

namespace vernier::ui {

// Widgets that draw themselves (the heatmap) implement this so exports are laid out at the figure's
// size, in logical units, instead of scaling a screenshot of the widget.
class PaintableFigure {
public:
    virtual ~PaintableFigure() = default;
    virtual void paintFigure(QPainter& painter, const QSizeF& size) const = 0;
};

enum class FigureFormat { Svg, Pdf, Png };

struct FigureOptions {
    double widthInches = 3.5; // single-column figure
    double heightInches = 2.5;
    int dpi = 300; // PNG only; SVG and PDF are vector
    QString title; // stored as SVG title / PDF title / PNG "Title"
    // What produced the figure (figures/provenance.h): SVG <desc> and <metadata>, PDF creator and XMP, PNG
    // text chunks.
    // When empty, the export still records Vernier's version and the date.
    Provenance provenance;
};

// Format from the file suffix (.svg, .pdf, .png); nullopt-like false when unknown.
bool figureFormatFromPath(const QString& path, FigureFormat* format);

// Renders `widget` at the requested physical size. Charts and graphics views are laid out again at
// that size (in 96-dpi logical units, so fonts given in points keep their printed size) and drawn as
// vectors; other widgets are drawn with QWidget::render scaled to fit. PDF embeds font subsets; SVG
// keeps text as <text> in the palette's font family. Returns false and sets `error` on failure.
bool exportFigure(QWidget* widget, const QString& path, FigureFormat format, const FigureOptions& options,
                  QString* error = nullptr);

// Writes <basePath>.svg, .pdf and .png; returns the files written (empty and `error` set on failure).
QStringList exportFigureAllFormats(QWidget* widget, const QString& basePath, const FigureOptions& options,
                                   QString* error = nullptr);

} // namespace vernier::ui
