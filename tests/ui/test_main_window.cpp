// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The main window under a (virtual) display: every view renders non-empty with its expected named
// widgets and labels, the failure drill-down lists exactly the trials behind a segment, --screenshot.
#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEventLoop>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <gtest/gtest.h>

#include "ui/application.h"
#include "ui/compare_view.h"
#include "ui/failure_view.h"
#include "ui/heatmap_view.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/support_fixture.h"
#include "ui/trial_details.h"

using namespace vernier;
using namespace vernier::ui;
using vernier::testing::waitForAnalysis;

namespace {

void settle() {
    for (int i = 0; i < 4; ++i) {
        QApplication::processEvents();
        QEventLoop wait;
        QTimer::singleShot(30, &wait, &QEventLoop::quit);
        wait.exec();
    }
}

// Share of pixels that differ from the most common colour: a blank grab is ~0.
double nonBackgroundShare(const QImage& image) {
    const QRgb bg = image.pixel(image.width() - 2, image.height() / 2);
    int differ = 0, total = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4) {
            ++total;
            if (image.pixel(x, y) != bg) ++differ;
        }
    return total ? double(differ) / total : 0.0;
}

QStringList chartTexts(QChartView* view) {
    QStringList out;
    if (!view || !view->chart()) return out;
    out << view->chart()->title();
    for (QAbstractAxis* a : view->chart()->axes()) {
        out << a->titleText();
        if (auto* c = qobject_cast<QBarCategoryAxis*>(a)) out << c->categories();
    }
    for (QAbstractSeries* s : view->chart()->series()) {
        out << s->name();
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(s))
            for (QBarSet* set : bars->barSets())
                out << set->label();
    }
    // Point labels and notes drawn as text items on the chart.
    for (QGraphicsItem* item : view->chart()->childItems())
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item)) out << text->text();
    return out;
}

// Recent files and window state go to a throw-away folder, never the user's settings.
class IsolatedSettings : public ::testing::Environment {
public:
    void SetUp() override {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.path());
    }

private:
    QTemporaryDir dir_;
};
const auto* const kIsolated = ::testing::AddGlobalTestEnvironment(new IsolatedSettings);

} // namespace

TEST(UiMainWindow, EveryViewRendersTheFixture) {
    const auto fx = vernier::testing::writeUiFixture();
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    w.openResults({fx.bundle}, fx.pack);
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(w.viewKeys(), (QStringList{"leaderboard", "workflows", "failures", "cost", "heatmap", "compare",
                                         "pairwise", "trials"}));

    struct Expect {
        const char* view;
        const char* child;
        const char* text; // expected in the chart's texts (empty: not a chart)
    };
    const Expect expectations[] = {
        {"leaderboard", "overallChartView", "Overall score (points)"},
        {"workflows", "workflowChartView", "Image to CAD"},
        {"failures", "zeroChartView", "Spec zero"},
        {"failures", "gateChartView", "bbox"},
        {"cost", "costChartView", "Pareto frontier"},
        {"cost", "costPerPointChartView", "beta/m2"},
        {"cost", "costPerPointChartView", "cost unknown"},
        {"cost", "costChartView", "alpha/m1"},
        {"cost", "durationChartView", "Mean duration (minutes)"},
        {"compare", "compareChartView", "alpha/m1 (points)"},
    };
    for (const Expect& e : expectations) {
        ASSERT_TRUE(w.showView(e.view));
        settle();
        auto* chart = w.findChild<QChartView*>(e.child);
        ASSERT_NE(chart, nullptr) << e.child;
        EXPECT_TRUE(chart->isVisible()) << e.child;
        EXPECT_TRUE(chartTexts(chart).contains(e.text))
            << e.child << ": " << chartTexts(chart).join("|").toStdString();
        const QImage grab = w.grab().toImage();
        EXPECT_GT(nonBackgroundShare(grab), 0.05) << e.view;
    }

    w.showView("leaderboard");
    settle();
    auto* table = w.findChild<QTableView*>("leaderboardTable");
    ASSERT_NE(table, nullptr);
    EXPECT_EQ(table->model()->rowCount(), 3);
    // At 1400 px every column is visible: no horizontal scrolling, the last column ends inside the viewport.
    EXPECT_FALSE(table->horizontalScrollBar()->isVisible());
    const int last = table->model()->columnCount() - 1;
    EXPECT_LE(table->columnViewportPosition(last) + table->columnWidth(last), table->viewport()->width());
    EXPECT_EQ(table->model()->headerData(10, Qt::Horizontal).toString(), "USD/pt");
    // The table is as tall as its rows; the chart below gets the rest of the page.
    auto* overall = w.findChild<QChartView*>("overallChartView");
    ASSERT_NE(overall, nullptr);
    EXPECT_GT(overall->height(), table->height());
    // The page list is only as wide as its labels.
    auto* navigation = w.findChild<QListWidget*>("navigation");
    ASSERT_NE(navigation, nullptr);
    EXPECT_LT(navigation->width(), 150);
    EXPECT_GE(navigation->width(), navigation->sizeHintForColumn(0));

    w.showView("heatmap");
    settle();
    auto* heatmap = w.findChild<HeatmapWidget*>("heatmap");
    ASSERT_NE(heatmap, nullptr);
    EXPECT_TRUE(heatmap->isVisible());
    EXPECT_EQ(heatmap->columns().size(), 6u);
    // Column labels name the tasks; zeros that are no score carry a glyph (rows: alpha, gamma, beta).
    EXPECT_EQ(heatmap->columnLabel(0), "c1");
    EXPECT_EQ(heatmap->columnLabel(3), "e2");
    EXPECT_EQ(heatmap->cellGlyph(1, 2), "!"); // gamma e1: final exception
    EXPECT_EQ(heatmap->cellGlyph(2, 3), "∅"); // beta e2: missing output
    EXPECT_EQ(heatmap->cellGlyph(0, 3), "");  // alpha e2: spec zero is a score
    // Clicking the top-left cell opens alpha's c1 trial in the trials view.
    QSignalSpy opened(heatmap, &HeatmapWidget::trialActivated);
    const int trial = heatmap->trialAt(0, 0);
    ASSERT_GE(trial, 0);
    EXPECT_EQ(w.session()->analysis()->set->trials[trial].system.label(), "alpha/m1");

    w.showView("trials");
    settle();
    auto* trials = w.findChild<QTableView*>("trialsTable");
    ASSERT_NE(trials, nullptr);
    EXPECT_EQ(trials->model()->rowCount(), 19);
    // Before anything is clicked the details panel already shows a trial (the first row), not a placeholder.
    auto* details = w.findChild<TrialDetails*>("trialDetails");
    ASSERT_NE(details, nullptr);
    EXPECT_TRUE(details->toPlainText().contains("Reward")) << details->toPlainText().toStdString();
    w.openTrial(w.session()->analysis()->set->trials[trial].id());
    settle();
    EXPECT_TRUE(details->toPlainText().contains("alpha/m1"));
    EXPECT_TRUE(details->toPlainText().contains("Recorded verifier scores"));

    // The shared filter reaches the trials view.
    auto* status = w.findChild<QComboBox*>("statusFilter");
    ASSERT_NE(status, nullptr);
    status->setCurrentIndex(static_cast<int>(TrialStatus::Zero));
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(trials->model()->rowCount(), 5);
    auto* workflow = w.findChild<QComboBox*>("workflowFilter");
    workflow->setCurrentIndex(1 + static_cast<int>(Workflow::Creation));
    ASSERT_TRUE(waitForAnalysis(w));
    EXPECT_EQ(trials->model()->rowCount(), 1);                         // beta on c2
    EXPECT_EQ(table->model()->index(0, 2).data().toString(), "75.00"); // alpha on creation only
}

TEST(UiMainWindow, FailureSegmentListsExactlyItsTrials) {
    const auto fx = vernier::testing::writeUiFixture();
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    w.openResults({fx.bundle}, fx.pack);
    ASSERT_TRUE(waitForAnalysis(w));
    auto* failures = qobject_cast<FailureView*>(w.view("failures"));
    ASSERT_NE(failures, nullptr);
    const auto& set = *w.session()->analysis()->set;
    const int beta = set.systemIndex({"beta", "m2"});
    const int gamma = set.systemIndex({"gamma", "m3"});
    // Before a segment is clicked, every zero-reward trial is listed (the fixture's 5, hand-checked above).
    auto* list = w.findChild<QTableView*>("failureTrialsTable");
    ASSERT_NE(list, nullptr);
    EXPECT_EQ(list->model()->rowCount(), 5);
    // Listed in task order, as in the Trials view.
    for (int r = 1; r < list->model()->rowCount(); ++r)
        EXPECT_LE(list->model()->index(r - 1, 0).data().toString(),
                  list->model()->index(r, 0).data().toString())
            << "row " << r;
    EXPECT_EQ(failures->showSegment(beta, "geometry_zero"), 1);
    ASSERT_EQ(list->model()->rowCount(), 1);
    EXPECT_EQ(list->model()->index(0, 0).data().toString(), "c2");
    EXPECT_EQ(failures->showSegment(beta, "gate", "bbox"), 1);
    EXPECT_EQ(failures->showSegment(gamma, "final_exception"), 1);
    EXPECT_EQ(list->model()->index(0, 0).data().toString(), "e1");
    EXPECT_EQ(failures->showSegment(gamma, "spec_zero"), 0);
    EXPECT_EQ(list->model()->rowCount(), 0);
    EXPECT_EQ(failures->showAllZeros(), 5);
    EXPECT_EQ(list->model()->rowCount(), 5);

    auto* compare = qobject_cast<CompareView*>(w.view("compare"));
    ASSERT_NE(compare, nullptr);
    const int alpha = set.systemIndex({"alpha", "m1"});
    compare->setSystems(alpha, gamma);
    ASSERT_TRUE(compare->comparison().has_value());
    EXPECT_NEAR(compare->comparison()->delta, 1.4 / 6, 1e-12);
    EXPECT_EQ(compare->comparison()->higher, 5);
    EXPECT_EQ(compare->comparison()->similar, 1);
    EXPECT_EQ(compare->comparison()->lower, 0);
    auto* summary = w.findChild<QLabel*>("compareSummary");
    ASSERT_NE(summary, nullptr);
    EXPECT_TRUE(summary->text().contains("+23.33")) << summary->text().toStdString();
}

TEST(UiApplication, ParsesArgumentsAndRejectsBadOnes) {
    auto a =
        parseGuiArguments({"b1", "b2.zip", "--tasks", "pack", "--screenshot", "x.png", "--view", "cost"});
    EXPECT_TRUE(a.error.isEmpty());
    EXPECT_EQ(a.bundles, (QStringList{"b1", "b2.zip"}));
    EXPECT_EQ(a.taskPack, "pack");
    EXPECT_EQ(a.screenshot, "x.png");
    EXPECT_EQ(a.view, "cost");
    EXPECT_FALSE(parseGuiArguments({"--tasks"}).error.isEmpty());
    EXPECT_FALSE(parseGuiArguments({"--bogus"}).error.isEmpty());
    EXPECT_FALSE(parseGuiArguments({"--view", "cost"}).error.isEmpty());
}

TEST(UiApplication, ScreenshotOfEveryViewOfTheSample) {
    auto sample = vernier::testing::samplePaths();
    vernier::testing::UiFixture fx;
    if (sample.results.isEmpty()) {
        // The embedded sample is generated separately; the fixture keeps the test meaningful without it.
        fx = vernier::testing::writeUiFixture();
        sample.results = fx.bundle;
        sample.pack = fx.pack;
    }
    QTemporaryDir out;
    for (const char* view :
         {"leaderboard", "workflows", "failures", "cost", "heatmap", "compare", "pairwise", "trials"}) {
        MainWindow w;
        w.resize(1400, 900);
        GuiArguments args;
        args.bundles = {sample.results};
        args.taskPack = sample.pack;
        args.screenshot = out.filePath(QString::fromUtf8(view) + ".png");
        args.view = QString::fromUtf8(view);
        ASSERT_EQ(renderScreenshot(w, args, 120000), 0) << view;
        EXPECT_EQ(w.currentViewKey(), view);
        const QImage image(args.screenshot);
        ASSERT_FALSE(image.isNull()) << view;
        EXPECT_GT(nonBackgroundShare(image), 0.05) << view;
    }
    MainWindow w;
    GuiArguments bad;
    bad.bundles = {sample.results};
    bad.taskPack = sample.pack;
    bad.screenshot = out.filePath("bad.png");
    bad.view = "nonsense";
    EXPECT_EQ(renderScreenshot(w, bad, 1000), 2);
}
