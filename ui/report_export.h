#pragma once
// Exports every figure (SVG, PDF, PNG) and table (CSV, LaTeX) of the report for one analysis. Used by
// the GUI's "Export report…" and by `vernier-cli export`, through the same views and the same chart
// builders, so both produce identical files.
#include <QString>
#include <QStringList>
#include <memory>

#include "ui/analysis.h"

namespace vernier::ui {

struct ReportOptions {
    int dpi = 300; // PNG resolution; sizes come from each figure's defaults
};

// Writes into `outDir` (created if needed). Returns the files written; on failure returns what was
// written so far and sets `error`. Needs a QApplication (any platform, offscreen included).
QStringList exportReport(const std::shared_ptr<const Analysis>& analysis, const QString& outDir,
                         const ReportOptions& options = {}, QString* error = nullptr);

// The leaderboard as CSV / LaTeX through models/table_export.h (what the CLI prints).
QString leaderboardCsvText(const Analysis& analysis);
QString leaderboardLatexText(const Analysis& analysis);
QString zeroCategoriesCsvText(const Analysis& analysis);

} // namespace vernier::ui
