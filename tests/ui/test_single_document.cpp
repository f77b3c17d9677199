// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Single-document mode (docs/single-document.md): one .FCStd shown alone — its shape in the 3D view, the
// scored Body's feature tree, the measured features and the gates — and a corrupt file shown with its
// one-line reason.
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <AIS_InteractiveContext.hxx>
#include <gtest/gtest.h>

#include "ui/single_document_window.h"
#include "viewers/occt_view_widget.h"

using namespace vernier;
using namespace vernier::ui;

namespace {

namespace fs = std::filesystem;

const QString kPlateHole = QStringLiteral(VERNIER_TEST_DATA_DIR "/fcstd/plate_hole.FCStd");

bool waitReady(SingleDocumentWindow& w) {
    QSignalSpy spy(&w, &SingleDocumentWindow::documentReady);
    return spy.wait(120000);
}

// Shows the window at 1200 x 800, opens `path` and waits until it is shown; false on a time-out.
bool openShown(SingleDocumentWindow& w, const QString& path) {
    w.resize(1200, 800);
    w.show();
    w.openDocument(path);
    return waitReady(w);
}

// Column 1 of the row whose column 0 is `name`; "" when there is none.
QString valueOf(const QTableWidget* t, const QString& name) {
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->text() == name) return t->item(r, 1)->text();
    return {};
}

TEST(SingleDocument, CommandLineWithOneFcstdIsTheSingleDocumentMode) {
    EXPECT_TRUE(isSingleDocumentCommandLine({"part.FCStd"}));
    EXPECT_TRUE(isSingleDocumentCommandLine({"/home/u/My Part.fcstd"}));
    EXPECT_TRUE(isSingleDocumentCommandLine({"part.FCStd", "--screenshot", "x.png", "--size", "1200x800"}));
    EXPECT_FALSE(isSingleDocumentCommandLine({}));                                // the sample bundle
    EXPECT_FALSE(isSingleDocumentCommandLine({"bundle.zip"}));                    // a bundle
    EXPECT_FALSE(isSingleDocumentCommandLine({"a.FCStd", "b.FCStd"}));            // two documents: not one
    EXPECT_FALSE(isSingleDocumentCommandLine({"part.FCStd", "--tasks", "pack"})); // bundle options
    EXPECT_FALSE(isSingleDocumentCommandLine({"jobs/", "part.FCStd"}));
}

TEST(SingleDocument, PlateHoleShowsShapeFeatureTreeMeasuresAndGates) {
    SingleDocumentWindow w;
    ASSERT_TRUE(openShown(w, kPlateHole));
    EXPECT_FALSE(w.loading());
    EXPECT_EQ(w.report().error, "");
    EXPECT_EQ(w.report().scoredBody, "Body");
    EXPECT_TRUE(w.messageLabel()->text().startsWith("plate_hole.FCStd"));

    // The shape is in the 3D view: one presentation displayed, and a frame drawn with the part in it.
    ASSERT_FALSE(w.report().shape.IsNull());
    AIS_ListOfInteractive shown;
    w.view()->context()->DisplayedObjects(shown);
    EXPECT_EQ(shown.Size(), 1);
    const QImage frame = w.view()->grabFramebuffer();
    ASSERT_FALSE(frame.isNull());
    long part = 0;
    for (int y = 0; y < frame.height(); ++y)
        for (int x = 0; x < frame.width(); ++x)
            if (frame.pixel(x, y) != qRgb(255, 255, 255)) ++part;
    EXPECT_GT(part, static_cast<long>(frame.width()) * frame.height() / 50) << "the 3D view looks empty";

    // Feature tree: Body > Pad (its Sketch under it), Pocket (Sketch001 under it), Pocket is the Tip.
    QTreeWidget* tree = w.featureTree();
    ASSERT_EQ(tree->topLevelItemCount(), 1);
    QTreeWidgetItem* body = tree->topLevelItem(0);
    EXPECT_EQ(body->text(0), "Body");
    ASSERT_EQ(body->childCount(), 2);
    EXPECT_EQ(body->child(0)->text(1), "PartDesign::Pad");
    EXPECT_EQ(body->child(1)->text(1), "PartDesign::Pocket");
    EXPECT_EQ(body->child(1)->text(2), "Tip");
    ASSERT_EQ(body->child(0)->childCount(), 1);
    EXPECT_EQ(body->child(0)->child(0)->text(1), "Sketcher::SketchObject");

    // Measured: a 40 x 30 x 5 plate less a 3 mm hole through it:
    // V = 40*30*5 - pi*1.5^2*5 = 6000 - 35.34 = 5964.66 mm³; 6 planes + 1 cylinder = 7 faces, 10 vertices;
    // cylinder area = pi*3*5 = 47.12 mm²; total = 2*(1200 - 7.07) + 2*40*5 + 2*30*5 + 47.12 = 3132.99 mm².
    const QTableWidget* f = w.featureTable();
    EXPECT_EQ(valueOf(f, "Volume (mm³)"), "5964.66");
    EXPECT_EQ(valueOf(f, "Surface area (mm²)"), "3132.99");
    EXPECT_EQ(valueOf(f, "Faces"), "7");
    EXPECT_EQ(valueOf(f, "Vertices"), "10");
    EXPECT_EQ(valueOf(f, "Solids"), "1");
    EXPECT_EQ(valueOf(f, "Area on Cylinder faces (mm²)"), "47.12");
    EXPECT_EQ(valueOf(f, "Oriented box (mm)"), "5.00 × 30.00 × 40.00");

    // Gates, in the scorer's order; a clean part passes all four.
    const QTableWidget* g = w.gateTable();
    ASSERT_EQ(g->rowCount(), 4);
    const char* names[] = {"solid shape", "body", "feature tree", "complexity"};
    for (int r = 0; r < 4; ++r) {
        EXPECT_EQ(g->item(r, 0)->text(), names[r]);
        EXPECT_EQ(g->item(r, 1)->text(), "passes") << names[r];
    }

    // For the record (docs/single-document.md): the window as a user sees it.
    const std::string dir = std::string(VERNIER_BINARY_DIR) + "/test-renders";
    fs::create_directories(dir);
    w.grab().save(QString::fromStdString(dir + "/single_document_plate_hole.png"));
}

TEST(SingleDocument, AGatedDocumentShowsWhichGateFiredAndStillShowsItsShape) {
    // baked_feature.FCStd: a Body whose only member is a bare PartDesign::Feature holding a baked box.
    SingleDocumentWindow w;
    ASSERT_TRUE(openShown(w, QStringLiteral(VERNIER_TEST_DATA_DIR "/fcstd/baked_feature.FCStd")));
    EXPECT_EQ(w.report().error, "");
    const QTableWidget* g = w.gateTable();
    ASSERT_EQ(g->rowCount(), 4);
    EXPECT_EQ(g->item(0, 1)->text(), "passes");
    EXPECT_EQ(g->item(1, 1)->text(), "passes");
    EXPECT_EQ(g->item(2, 0)->text(), "feature tree");
    EXPECT_TRUE(g->item(2, 1)->text().startsWith("fires: document builds its solid from non-PartDesign"))
        << g->item(2, 1)->text().toStdString();
    EXPECT_TRUE(g->item(2, 1)->text().endsWith("in candidate model 'baked_feature.FCStd'"));
    EXPECT_EQ(g->item(3, 1)->text(), "not reached");
    // Not measured (the scorer stops at the gate), but the Body's shape is still there to look at.
    EXPECT_EQ(valueOf(w.featureTable(), "Not measured"), "a gate fired (below)");
    EXPECT_FALSE(w.report().shape.IsNull());
    AIS_ListOfInteractive shown;
    w.view()->context()->DisplayedObjects(shown);
    EXPECT_EQ(shown.Size(), 1);
    // What can be told without measuring: the baked Part.makeBox(10, 5, 3) (tests/fixtures/make_fixtures.py)
    // has 6 faces, 8 vertices, one solid, 150 mm^3.
    EXPECT_EQ(valueOf(w.featureTable(), "Faces of Body"), "6");
    EXPECT_EQ(valueOf(w.featureTable(), "Vertices of Body"), "8");
    EXPECT_EQ(valueOf(w.featureTable(), "Solids of Body"), "1");
    EXPECT_EQ(valueOf(w.featureTable(), "Volume of Body (mm³)"), "150.00");
}

// Over the complexity gate (bench/make_gated_candidate.py: a Pad of a regular 5,004-gon of circumradius
// 20 mm, 5 mm high): the gate's reason, and the counts and volume (n/2) R^2 sin(2 pi / n) h = 6283.18 mm^3.
TEST(SingleDocument, AComplexDocumentShowsTheComplexityGateAndItsCounts) {
    SingleDocumentWindow w;
    ASSERT_TRUE(openShown(w, QStringLiteral(VERNIER_SOURCE_DIR "/bench/data/prism_5004.FCStd")));
    const QTableWidget* g = w.gateTable();
    ASSERT_EQ(g->rowCount(), 4);
    EXPECT_EQ(g->item(2, 1)->text(), "passes");
    EXPECT_EQ(g->item(3, 0)->text(), "complexity");
    EXPECT_TRUE(g->item(3, 1)->text().startsWith("fires: candidate has 5006 faces (> 5000)"))
        << g->item(3, 1)->text().toStdString();
    EXPECT_EQ(valueOf(w.featureTable(), "Faces of Body"), "5006");
    EXPECT_EQ(valueOf(w.featureTable(), "Vertices of Body"), "10008");
    EXPECT_EQ(valueOf(w.featureTable(), "Solids of Body"), "1");
    EXPECT_EQ(valueOf(w.featureTable(), "Volume of Body (mm³)"), "6283.18");
}

TEST(SingleDocument, ACorruptFileShowsItsOneLineReason) {
    const fs::path file =
        fs::temp_directory_path() / ("vernier-corrupt-" + std::to_string(::getpid()) + ".FCStd");
    {
        std::ofstream out(file, std::ios::binary);
        out << "PK\x03\x04 this is not a FreeCAD document, only its first bytes look like one";
    }
    SingleDocumentWindow w;
    ASSERT_TRUE(openShown(w, QString::fromStdString(file.string())));
    fs::remove(file);
    const std::string error = w.report().error;
    EXPECT_NE(error, "");
    EXPECT_EQ(error.find('\n'), std::string::npos);
    const QString text = w.messageLabel()->text();
    EXPECT_TRUE(text.startsWith("Cannot read " + QString::fromStdString(file.filename().string()) + ": "))
        << text.toStdString();
    EXPECT_TRUE(text.contains("not a zip archive")) << text.toStdString();
    // Nothing else pretends to be the document.
    EXPECT_EQ(w.featureTree()->topLevelItemCount(), 0);
    EXPECT_EQ(w.featureTable()->rowCount(), 0);
    EXPECT_EQ(w.gateTable()->rowCount(), 0);
    AIS_ListOfInteractive shown;
    w.view()->context()->DisplayedObjects(shown);
    EXPECT_EQ(shown.Size(), 0);
}

TEST(SingleDocument, AMissingFileShowsItsReason) {
    SingleDocumentWindow w;
    w.openDocument(QStringLiteral("/nonexistent/part.FCStd"));
    ASSERT_TRUE(waitReady(w));
    EXPECT_EQ(w.report().error, "no such file: /nonexistent/part.FCStd");
    EXPECT_EQ(w.messageLabel()->text(), "Cannot read part.FCStd: no such file: /nonexistent/part.FCStd");
}

} // namespace
