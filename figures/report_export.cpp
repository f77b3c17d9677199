// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/report_export.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <functional>
#include <map>
#include <memory>

#include "figures/charts.h"
#include "figures/compare_tables.h"
#include "figures/hard_task_model.h"
#include "figures/heatmap_widget.h"
#include "figures/table_model_export.h"
#include "figures/trial_table_model.h"
#include "models/provenance_json.h"
#include "models/report_json.h"
#include "models/table_export.h"

namespace vernier::ui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("vernier::ui::Report", text);
}

std::vector<SystemSummary> summaries(const Analysis& a) {
    std::vector<SystemSummary> out;
    for (const auto& r : a.rows)
        out.push_back(r.summary);
    return out;
}

FigureOptions figure(double w, double h, const QString& title) {
    FigureOptions o;
    o.widthInches = w;
    o.heightInches = h;
    o.title = title;
    return o;
}

} // namespace

QString leaderboardCsvText(const Analysis& a) {
    return QString::fromStdString(leaderboardCsv(a)); // with the per-workflow intervals
}

QString leaderboardLatexText(const Analysis& a) {
    return QString::fromStdString(leaderboardLatex(
        a, a.set && a.set->usesRescored() ? "Parametric CAD Bench v3 leaderboard, " + rewardsLabel(*a.set)
                                          : std::string("Parametric CAD Bench v3 leaderboard")));
}

QString zeroCategoriesCsvText(const Analysis& a) {
    std::vector<ZeroCounts> counts;
    for (const auto& r : a.rows)
        counts.push_back(r.zeros);
    return QString::fromStdString(zeroCategoriesCsv(summaries(a), counts));
}

QList<ReportFigure> reportFigures() {
    // Sizes in inches: 7 is a two-column figure, 3.5 a single column.
    return {
        {QStringLiteral("overall"), figure(7.0, 4.0, tr("Overall score"))},
        {QStringLiteral("workflows"), figure(7.0, 5.0, tr("Mean reward per workflow"))},
        {QStringLiteral("zero_taxonomy"), figure(7.0, 4.0, tr("Zero-reward taxonomy"))},
        {QStringLiteral("zero_gates"), figure(7.0, 3.5, tr("Geometry zeros by gate"))},
        {QStringLiteral("cost_scatter"), figure(7.0, 4.0, tr("Score vs cost"))},
        {QStringLiteral("cost_per_point"), figure(3.5, 3.0, tr("Cost per point"))},
        {QStringLiteral("duration"), figure(3.5, 3.0, tr("Mean trial duration"))},
        {QStringLiteral("heatmap"), figure(7.0, 3.0, tr("Reward heatmap"))},
        {QStringLiteral("compare_scatter"), figure(3.5, 3.5, tr("Per-task comparison"))},
    };
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
    const Analysis& a = *analysis;
    const Provenance provenance = makeProvenance(a, options.command);
    const QDir dir(outDir);
    auto writeText = [&](const QString& name, const QString& text) {
        const QString path = dir.filePath(name);
        if (!writeTextFile(path, text, error)) return false;
        written << path;
        return true;
    };
    auto writeCsv = [&](const QString& name, const QString& csv) {
        return writeText(name + QStringLiteral(".csv"), withCsvProvenance(csv, provenance));
    };
    auto writeLatex = [&](const QString& name, const QString& tex) {
        return writeText(name + QStringLiteral(".tex"), withLatexProvenance(tex, provenance));
    };
    auto writeTable = [&](const QString& name, const QAbstractItemModel& model) {
        return writeCsv(name, modelToCsv(model)) && writeLatex(name, modelToLatex(model, name));
    };
    // JSON tables carry the block of models/provenance_json.h as their own keys.
    auto writeJson = [&](const QString& name, const nlohmann::json& doc) {
        return writeText(
            name + QStringLiteral(".json"),
            QString::fromStdString(withProvenance(doc, provenance.block)
                                       .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
                                   "\n"));
    };
    const auto heatmapRows = heatmapCells(heatmapTable(a));
    if (!writeCsv(QStringLiteral("leaderboard"), leaderboardCsvText(a)) ||
        !writeLatex(QStringLiteral("leaderboard"), leaderboardLatexText(a)) ||
        !writeJson(QStringLiteral("leaderboard"), leaderboardJson(a)) ||
        !writeCsv(QStringLiteral("zero_categories"), zeroCategoriesCsvText(a)) ||
        !writeCsv(QStringLiteral("heatmap"), QString::fromStdString(tableCsv(heatmapRows))) ||
        !writeLatex(QStringLiteral("heatmap"),
                    QString::fromStdString(tableLatex(heatmapRows, "Reward per task in points"))) ||
        !writeText(QStringLiteral("heatmap.md"),
                   withMarkdownProvenance(QString::fromStdString(tableMarkdown(heatmapRows)), provenance)) ||
        !writeJson(QStringLiteral("heatmap"), heatmapJson(a)))
        return written;

    // Figures: the pages' chart builders and the heatmap painter, never shown.
    const auto [compareA, compareB] = defaultComparePair(a);
    HeatmapWidget heatmap;
    heatmap.setAnalysis(analysis);
    const std::map<QString, std::function<QChart*()>> charts = {
        {QStringLiteral("overall"), [&] { return buildOverallChart(a); }},
        {QStringLiteral("workflows"), [&] { return buildWorkflowChart(a); }},
        {QStringLiteral("zero_taxonomy"), [&] { return buildZeroTaxonomyChart(a); }},
        {QStringLiteral("zero_gates"), [&] { return buildGateChart(a); }},
        {QStringLiteral("cost_scatter"), [&] { return buildCostScatterChart(a); }},
        {QStringLiteral("cost_per_point"), [&] { return buildCostPerPointChart(a); }},
        {QStringLiteral("duration"), [&] { return buildDurationChart(a); }},
        {QStringLiteral("compare_scatter"), [&] { return buildCompareScatterChart(a, compareA, compareB); }},
    };
    for (const ReportFigure& f : reportFigures()) {
        FigureOptions o = f.defaults;
        o.dpi = options.dpi;
        o.provenance = provenance;
        std::unique_ptr<QChartView> view;
        QWidget* widget = &heatmap;
        if (const auto it = charts.find(f.name); it != charts.end()) {
            view = std::make_unique<QChartView>(it->second()); // takes the chart
            view->resize(1400, 900);
            widget = view.get();
        }
        const QStringList files = exportFigureAllFormats(widget, dir.filePath(f.name), o, error);
        if (files.isEmpty()) return written;
        written << files;
    }

    // Tables, as the pages list them by default.
    HardTaskModel hardTasks;
    hardTasks.setAnalysis(analysis);
    QSortFilterProxyModel hardSorted;
    hardSorted.setSourceModel(&hardTasks);
    hardSorted.setSortRole(HardTaskModel::SortRole);
    hardSorted.sort(HardTaskModel::ZeroSystems, Qt::DescendingOrder);
    if (!writeTable(QStringLiteral("zero_for_many_systems"), hardSorted)) return written;

    QStandardItemModel compareWorkflows, compareTasks;
    resetCompareTables(&compareWorkflows, &compareTasks);
    fillCompareTables(a, compareA, compareB, 0.01, &compareWorkflows,
                      &compareTasks); // similar: |Δ| ≤ 1 point
    QSortFilterProxyModel compareSorted;
    compareSorted.setSourceModel(&compareTasks);
    compareSorted.setSortRole(kCompareSortRole);
    compareSorted.sort(kCompareDeltaColumn, Qt::DescendingOrder);
    if (!writeTable(QStringLiteral("compare_workflows"), compareWorkflows) ||
        !writeTable(QStringLiteral("compare_tasks"), compareSorted))
        return written;

    TrialTableModel trials;
    trials.setResultSet(a.set);
    TrialFilterProxy trialsShown;
    trialsShown.setSourceModel(&trials);
    trialsShown.setTrialFilter(a.filter);
    trialsShown.sort(TrialTableModel::Task, Qt::AscendingOrder);
    if (!writeTable(QStringLiteral("trials"), trialsShown)) return written;
    return written;
}

} // namespace vernier::ui
