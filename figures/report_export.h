// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Exports every figure (SVG, PDF, PNG) and table (CSV, LaTeX; the leaderboard also as JSON,
// the heatmap table as CSV, LaTeX, Markdown and JSON) of the report for one analysis. Used by
// the GUI's "Export report…" and by `vernier-cli export`, through the same chart builders, heatmap painter
// and table models the GUI's pages show, so both produce identical files. Knows nothing of the window.
#include <QString>
#include <QStringList>
#include <memory>

#include "figures/figure_export.h"
#include "figures/text_format.h"

namespace vernier::ui {

struct ReportOptions {
    int dpi = 300;   // PNG resolution; sizes come from each figure's defaults
    QString command; // for the provenance of every file: the command line or the GUI action
};

// One figure of the report: file base name and default size and title.
struct ReportFigure {
    QString name;
    FigureOptions defaults;
};
// The report's figures in the order they are written: overall, workflows, zero_taxonomy, zero_gates,
// cost_scatter, cost_per_point, duration, heatmap, compare_scatter.
QList<ReportFigure> reportFigures();

// Writes into `outDir` (created if needed). Returns the files written; on failure returns what was
// written so far and sets `error`. Needs a QApplication (any platform, offscreen included).
QStringList exportReport(const std::shared_ptr<const Analysis>& analysis, const QString& outDir,
                         const ReportOptions& options = {}, QString* error = nullptr);

// The leaderboard as CSV / LaTeX through models/table_export.h (what the CLI prints), no provenance line.
QString leaderboardCsvText(const Analysis& analysis);
QString leaderboardLatexText(const Analysis& analysis);
QString zeroCategoriesCsvText(const Analysis& analysis);

} // namespace vernier::ui
