// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Figure and table export: SVG parses and contains the series, PDF opens in pdftoppm, PNG has the
// requested pixel size and DPI and matches its baseline, CSV/LaTeX are well formed, the full report writes
// every file, and every file says what produced it (figures/provenance.h).
#include <QChartView>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <gtest/gtest.h>

#include "figures/charts.h"
#include "figures/figure_export.h"
#include "figures/heatmap_widget.h"
#include "figures/provenance.h"
#include "figures/report_export.h"
#include "figures/table_model_export.h"
#include "support/image_baseline.h"
#include "ui/leaderboard_model.h"
#include "ui/support_fixture.h"
#include "vernier_version.h"

using namespace vernier;
using namespace vernier::ui;

namespace {

// Every text node of an SVG document, concatenated with newlines.
QString svgTexts(const QString& path, bool* wellFormed) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QXmlStreamReader xml(&f);
    QString texts;
    bool sawSvg = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("svg")) sawSvg = true;
        if (xml.isCharacters() && !xml.isWhitespace()) texts += xml.text().toString() + QLatin1Char('\n');
    }
    *wellFormed = !xml.hasError() && sawSvg;
    return texts;
}

} // namespace

TEST(UiFigureExport, SvgPdfPngOfTheWorkflowChart) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    QChartView view(buildWorkflowChart(*a));
    view.resize(900, 600);
    QTemporaryDir out;
    FigureOptions o; // 3.5 in × 2.5 in, 300 dpi: the single-column paper size
    o.title = "Workflows";
    qputenv("SOURCE_DATE_EPOCH", "1714564800"); // 2024-05-01 12:00 UTC: a reproducible date
    o.provenance = makeProvenance(*a, QStringLiteral("unit test"));
    qunsetenv("SOURCE_DATE_EPOCH");
    QString error;
    const QStringList files = exportFigureAllFormats(&view, out.filePath("workflows"), o, &error);
    ASSERT_EQ(files.size(), 3) << error.toStdString();
    // VERNIER_UI_TEST_KEEP=DIR keeps the paper-size files for a human look.
    if (const QString keep = qEnvironmentVariable("VERNIER_UI_TEST_KEEP"); !keep.isEmpty()) {
        QDir().mkpath(keep);
        for (const QString& f : files)
            QFile::copy(f, QDir(keep).filePath(QFileInfo(f).fileName()));
    }

    bool wellFormed = false;
    const QString texts = svgTexts(out.filePath("workflows.svg"), &wellFormed);
    EXPECT_TRUE(wellFormed);
    for (const char* expected : {"Creation", "Create &amp; edit", "Image to CAD", "alpha/m1", "gamma/m3",
                                 "beta/m2", "Mean reward (points)"}) {
        QString e = QString::fromUtf8(expected);
        e.replace("&amp;", "&");
        EXPECT_TRUE(texts.contains(e)) << expected;
    }
    QSvgRenderer renderer(out.filePath("workflows.svg"));
    EXPECT_TRUE(renderer.isValid());
    EXPECT_NEAR(renderer.viewBoxF().width(), 3.5 * 96, 1.0);

    const QImage png(out.filePath("workflows.png"));
    ASSERT_FALSE(png.isNull());
    EXPECT_EQ(png.width(), 1050);
    EXPECT_EQ(png.height(), 750);
    EXPECT_NEAR(png.dotsPerMeterX() * 0.0254, 300.0, 0.5);
    // The picture itself, at half size to keep the baseline small.
    vernier::test::expectMatchesBaseline(png.scaled(525, 375, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                                             .convertToFormat(QImage::Format_RGB32),
                                         QStringLiteral("chart_workflows_single_column"));
    // Provenance as PNG text chunks.
    EXPECT_EQ(png.text("Software"), QStringLiteral("Vernier " VERNIER_VERSION));
    EXPECT_EQ(png.text("Source"), QStringLiteral("unit test"));
    EXPECT_EQ(png.text("Vernier-Rewards"), QStringLiteral("recorded rewards"));
    EXPECT_EQ(png.text("Vernier-Bundles"), fx.bundle);
    EXPECT_EQ(png.text("Creation Time"), QStringLiteral("2024-05-01T12:00:00Z"));
    EXPECT_TRUE(
        png.text("Description").contains(QStringLiteral("Filter: none (6 of 6 tasks, 3 of 3 systems)")))
        << png.text("Description").toStdString();
    // …as the SVG's <desc>…
    EXPECT_TRUE(texts.contains(QStringLiteral("Produced by: Vernier " VERNIER_VERSION)));
    EXPECT_TRUE(texts.contains(QStringLiteral("Rewards: recorded rewards")));
    EXPECT_TRUE(texts.contains(QStringLiteral("Command: unit test")));
    // …and as the PDF's creator and XMP metadata (dc:description and pdf:Keywords).
    QFile pdfFile(out.filePath("workflows.pdf"));
    ASSERT_TRUE(pdfFile.open(QIODevice::ReadOnly));
    const QByteArray pdfBytes = pdfFile.readAll();
    EXPECT_TRUE(pdfBytes.contains("<xmp:CreatorTool>Vernier " VERNIER_VERSION "</xmp:CreatorTool>"));
    EXPECT_TRUE(pdfBytes.contains("<dc:description>"));
    EXPECT_TRUE(pdfBytes.contains("Rewards: recorded rewards"));
    EXPECT_TRUE(pdfBytes.contains("<pdf:Keywords>Vernier " VERNIER_VERSION "; recorded rewards"));

    const QString pdftoppm = QStandardPaths::findExecutable("pdftoppm");
    if (pdftoppm.isEmpty()) GTEST_SKIP() << "pdftoppm not installed (poppler-utils)";
    QProcess p;
    p.start(pdftoppm, {"-png", "-r", "100", out.filePath("workflows.pdf"), out.filePath("page")});
    ASSERT_TRUE(p.waitForFinished(60000));
    EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    const QStringList pages = QDir(out.path()).entryList({"page*.png"});
    ASSERT_EQ(pages.size(), 1);
    const QImage page(out.filePath(pages.first()));
    EXPECT_EQ(page.width(), 350); // 3.5 in at 100 dpi
    EXPECT_EQ(page.height(), 250);
    QProcess fonts;
    fonts.start(QStandardPaths::findExecutable("pdffonts"), {out.filePath("workflows.pdf")});
    if (fonts.waitForFinished(30000) && fonts.exitCode() == 0) {
        const QString listing = QString::fromUtf8(fonts.readAllStandardOutput());
        EXPECT_TRUE(listing.contains("DejaVu")) << listing.toStdString();
        // Column "emb" (fifth from the end) must say yes for every font.
        const QStringList lines = listing.split('\n', Qt::SkipEmptyParts).mid(2);
        EXPECT_FALSE(lines.isEmpty());
        for (const QString& line : lines) {
            const QStringList cols = line.split(' ', Qt::SkipEmptyParts);
            ASSERT_GE(cols.size(), 5);
            EXPECT_EQ(cols[cols.size() - 5], "yes") << line.toStdString();
        }
    }
}

TEST(UiFigureExport, HeatmapExportsThroughItsOwnPainter) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    HeatmapWidget heatmap;
    heatmap.setAnalysis(a);
    ASSERT_EQ(heatmap.columns().size(), 6u);
    ASSERT_EQ(heatmap.rows().size(), 3u);
    QTemporaryDir out;
    FigureOptions o;
    o.widthInches = 7;
    o.heightInches = 3;
    QString error;
    ASSERT_TRUE(exportFigure(&heatmap, out.filePath("heatmap.svg"), FigureFormat::Svg, o, &error))
        << error.toStdString();
    bool wellFormed = false;
    const QString texts = svgTexts(out.filePath("heatmap.svg"), &wellFormed);
    EXPECT_TRUE(wellFormed);
    EXPECT_TRUE(texts.contains("alpha/m1"));
    EXPECT_TRUE(texts.contains("Creation (2)"));
    EXPECT_TRUE(texts.contains("Reward, points (grey: no trial)")); // points, like every other view
}

TEST(UiFigureExport, RejectsBadSizesAndUnknownSuffix) {
    QWidget w;
    FigureOptions o;
    o.widthInches = 0;
    QString error;
    EXPECT_FALSE(exportFigure(&w, "/tmp/x.svg", FigureFormat::Svg, o, &error));
    EXPECT_FALSE(error.isEmpty());
    FigureFormat f;
    EXPECT_FALSE(figureFormatFromPath("figure.bmp", &f));
    EXPECT_TRUE(figureFormatFromPath("figure.PDF", &f));
    EXPECT_EQ(f, FigureFormat::Pdf);
}

TEST(UiTableExport, CsvAndBooktabsFromAModel) {
    const auto fx = vernier::testing::writeUiFixture();
    LeaderboardModel model;
    model.setAnalysis(vernier::testing::fixtureAnalysis(fx));
    const QString csv = modelToCsv(model);
    const QStringList lines = csv.trimmed().split('\n');
    ASSERT_EQ(lines.size(), 4);
    EXPECT_TRUE(lines[1].contains("alpha/m1,66.67"));
    EXPECT_TRUE(lines[3].contains("beta/m2,28.33"));
    EXPECT_TRUE(lines[3].contains(",,")); // unknown cost: empty field
    const QString tex = modelToLatex(model, "Leaderboard");
    EXPECT_TRUE(tex.contains("\\toprule"));
    EXPECT_TRUE(tex.contains("\\midrule"));
    EXPECT_TRUE(tex.contains("\\bottomrule"));
    EXPECT_TRUE(tex.contains("\\$6.00"));
    EXPECT_TRUE(tex.contains("---")); // unknown
    EXPECT_EQ(latexEscape("a_b & 50% #1"), "a\\_b \\& 50\\% \\#1");
}

TEST(UiReportExport, WritesEveryFigureAndTable) {
    const auto fx = vernier::testing::writeUiFixture();
    const auto a = vernier::testing::fixtureAnalysis(fx);
    QTemporaryDir out;
    QString error;
    ReportOptions options;
    options.dpi = 100;
    options.command = QStringLiteral("report test");
    const QStringList files = exportReport(a, out.path(), options, &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    for (const char* name : {"leaderboard.csv", "leaderboard.tex", "zero_categories.csv", "overall.svg",
                             "workflows.pdf", "zero_taxonomy.png", "zero_gates.svg", "cost_scatter.svg",
                             "cost_per_point.pdf", "duration.png", "heatmap.svg", "compare_scatter.pdf",
                             "trials.csv", "compare_tasks.tex", "zero_for_many_systems.csv"})
        EXPECT_TRUE(QFile::exists(out.filePath(name))) << name;
    EXPECT_GE(files.size(), 30);
    QFile trials(out.filePath("trials.csv"));
    ASSERT_TRUE(trials.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(trials.readAll()).trimmed().split('\n');
    EXPECT_EQ(lines.size(), 21); // provenance + header + 19 trials
    // Every table starts with its provenance: one "# " line in CSV, "% " lines in LaTeX.
    for (const char* name : {"leaderboard.csv", "zero_categories.csv", "trials.csv", "compare_tasks.csv",
                             "compare_workflows.csv", "zero_for_many_systems.csv"}) {
        QFile f(out.filePath(name));
        ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << name;
        const QString first = QString::fromUtf8(f.readLine());
        EXPECT_TRUE(first.startsWith(
            QStringLiteral("# Produced by: Vernier " VERNIER_VERSION "; Command: report test;")))
            << name << ": " << first.toStdString();
        EXPECT_TRUE(first.contains(QStringLiteral("; Rewards: recorded rewards; Date: "))) << name;
        EXPECT_FALSE(QString::fromUtf8(f.readLine()).startsWith(QLatin1Char('#'))) << name; // one line only
    }
    for (const char* name : {"leaderboard.tex", "trials.tex", "compare_tasks.tex"}) {
        QFile f(out.filePath(name));
        ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << name;
        const QString text = QString::fromUtf8(f.readAll());
        EXPECT_TRUE(text.startsWith(
            QStringLiteral("% Produced by: Vernier " VERNIER_VERSION "\n% Command: report test\n")))
            << name;
        EXPECT_TRUE(text.contains(QStringLiteral("\n% Rewards: recorded rewards\n"))) << name;
    }
    // The compare tables are the two best systems' (alpha/m1 and gamma/m3): 6 paired tasks, 3 workflows +
    // "All".
    QFile compareTasks(out.filePath("compare_tasks.csv"));
    ASSERT_TRUE(compareTasks.open(QIODevice::ReadOnly));
    EXPECT_EQ(QString::fromUtf8(compareTasks.readAll()).trimmed().split('\n').size(),
              8); // provenance + header + 6
    QFile compareWorkflows(out.filePath("compare_workflows.csv"));
    ASSERT_TRUE(compareWorkflows.open(QIODevice::ReadOnly));
    EXPECT_EQ(QString::fromUtf8(compareWorkflows.readAll()).trimmed().split('\n').size(), 6);
    // Figures carry it too.
    QFile svg(out.filePath("heatmap.svg"));
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    EXPECT_TRUE(svg.readAll().contains("Command: report test"));
    EXPECT_EQ(QImage(out.filePath("overall.png")).text("Source"), QStringLiteral("report test"));
}

TEST(UiProvenance, CommandLineFilterAndDate) {
    EXPECT_EQ(commandLine("vernier-cli export", {"a b", "--out", "d", "it's", ""}),
              QStringLiteral("vernier-cli export 'a b' --out d 'it'\\''s' ''"));
    Filter f;
    EXPECT_EQ(describeFilter(f), QStringLiteral("none"));
    f.systems = {"alpha/m1", "beta/m2"};
    f.workflows = {Workflow::Creation};
    f.categories = {"bracket"};
    f.status = TrialStatus::Zero;
    EXPECT_EQ(describeFilter(f),
              QStringLiteral("system=alpha/m1,beta/m2 workflow=creation category=bracket status=zero"));
    qputenv("SOURCE_DATE_EPOCH", "0");
    EXPECT_EQ(provenanceDate(), QStringLiteral("1970-01-01T00:00:00Z"));
    const Provenance p = basicProvenance(QStringLiteral("x"));
    qunsetenv("SOURCE_DATE_EPOCH");
    EXPECT_EQ(p.lines(),
              QStringList({QStringLiteral("Produced by: Vernier " VERNIER_VERSION),
                           QStringLiteral("Command: x"), QStringLiteral("Date: 1970-01-01T00:00:00Z")}));
    // One comment line: the human fields, then the machine-readable block (models/provenance_json.h).
    EXPECT_EQ(withCsvProvenance("a,b\n", p), QStringLiteral("# Produced by: Vernier " VERNIER_VERSION
                                                            "; Command: x; Date: 1970-01-01T00:00:00Z; ") +
                                                 p.markerLine() + QStringLiteral("\na,b\n"));
    EXPECT_TRUE(p.markerLine().startsWith(QStringLiteral("vernier-provenance: {\"command\":\"x\"")));
    EXPECT_TRUE(p.markerLine().contains(QStringLiteral("\"generated_at\":\"1970-01-01T00:00:00Z\"")));
    EXPECT_EQ(withCsvProvenance("a,b\n", Provenance{}), QStringLiteral("a,b\n")); // nothing to say
}
