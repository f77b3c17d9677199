#include "ui/report_export.h"

#include <QDir>
#include <memory>

#include "models/table_export.h"
#include "ui/charts_page.h"
#include "ui/compare_view.h"
#include "ui/failure_view.h"
#include "ui/figure_export.h"
#include "ui/heatmap_view.h"
#include "ui/leaderboard_view.h"
#include "ui/table_model_export.h"
#include "ui/trials_view.h"

namespace vernier::ui {

namespace {

std::vector<SystemSummary> summaries(const Analysis& a) {
    std::vector<SystemSummary> out;
    for (const auto& r : a.rows)
        out.push_back(r.summary);
    return out;
}

} // namespace

QString leaderboardCsvText(const Analysis& a) {
    return QString::fromStdString(leaderboardCsv(summaries(a)));
}

QString leaderboardLatexText(const Analysis& a) {
    return QString::fromStdString(
        leaderboardLatex(summaries(a), a.set && a.set->usesRescored()
                                           ? "Parametric CAD Bench v3 leaderboard, " + rewardsLabel(*a.set)
                                           : std::string("Parametric CAD Bench v3 leaderboard")));
}

QString zeroCategoriesCsvText(const Analysis& a) {
    std::vector<ZeroCounts> counts;
    for (const auto& r : a.rows)
        counts.push_back(r.zeros);
    return QString::fromStdString(zeroCategoriesCsv(summaries(a), counts));
}

QStringList exportReport(const std::shared_ptr<const Analysis>& analysis, const QString& outDir,
                         const ReportOptions& options, QString* error) {
    QStringList written;
    if (!analysis || analysis->empty()) {
        if (error) *error = QStringLiteral("nothing to export: no trials loaded");
        return written;
    }
    if (!QDir().mkpath(outDir)) {
        if (error) *error = QStringLiteral("cannot create %1").arg(outDir);
        return written;
    }
    const QDir dir(outDir);
    auto writeText = [&](const QString& name, const QString& text) {
        const QString path = dir.filePath(name);
        if (!writeTextFile(path, text, error)) return false;
        written << path;
        return true;
    };
    if (!writeText(QStringLiteral("leaderboard.csv"), leaderboardCsvText(*analysis)) ||
        !writeText(QStringLiteral("leaderboard.tex"), leaderboardLatexText(*analysis)) ||
        !writeText(QStringLiteral("zero_categories.csv"), zeroCategoriesCsvText(*analysis)))
        return written;

    // The same pages the window shows, never shown themselves.
    std::vector<std::unique_ptr<ViewPage>> pages;
    pages.push_back(std::make_unique<LeaderboardView>());
    pages.push_back(std::make_unique<WorkflowChartView>());
    pages.push_back(std::make_unique<FailureView>());
    pages.push_back(std::make_unique<CostView>());
    pages.push_back(std::make_unique<HeatmapView>());
    pages.push_back(std::make_unique<CompareView>());
    pages.push_back(std::make_unique<TrialsView>());
    for (auto& page : pages) {
        page->resize(1400, 900);
        page->setAnalysis(analysis);
        for (const ExportableFigure& f : page->figures()) {
            FigureOptions o = f.defaults;
            o.dpi = options.dpi;
            const QStringList files = exportFigureAllFormats(f.widget, dir.filePath(f.name), o, error);
            if (files.isEmpty()) return written;
            written << files;
        }
        for (const ExportableTable& t : page->tables()) {
            if (t.name == QLatin1String("leaderboard") || t.name == QLatin1String("failure_segment"))
                continue;
            if (!writeText(t.name + QStringLiteral(".csv"), modelToCsv(*t.model)) ||
                !writeText(t.name + QStringLiteral(".tex"), modelToLatex(*t.model, t.name)))
                return written;
        }
    }
    return written;
}

} // namespace vernier::ui
