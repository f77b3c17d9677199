// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Single-document mode (docs/single-document.md): `vernier part.FCStd`, or opening an .FCStd from a file
// manager, shows that one document as the scorer sees it — the scored shape in 3D, the scored Body's feature
// tree, the measured features and the gates a document faces on its own — without a bundle or a task pack.
// Reading and measuring use the scoring library (fcstd_document.h, structural_gates.h, feature_tree.h,
// measure_document.h) on Qt's thread pool; a document that cannot be read shows its one-line reason.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <QMainWindow>
#include <QSize>
#include <QString>
#include <QStringList>
#include <TopoDS_Shape.hxx>

#include "scoring/feature_tree.h"
#include "scoring/geometry_features.h"

class QLabel;
class QTableWidget;
class QTreeWidget;
template <typename T> class QFutureWatcher;

namespace vernier::viewers {
class OcctViewWidget;
}

namespace vernier::ui {

// One gate of docs/scoring.md §7.1 steps 2-5, in the order the scorer runs them.
struct GateRow {
    enum class State { Passed, Fired, NotReached };
    std::string name; // "solid shape", "body", "feature tree", "complexity"
    State state = State::NotReached;
    std::string reason; // the spec's text when fired
};

// Everything the window shows about one document; computed off the GUI thread.
struct DocumentReport {
    std::string path;
    std::string error;      // one line; when set the document could not be read and nothing else is set
    std::string scoredBody; // empty when the document has none
    int objectCount = 0;
    TopoDS_Shape shape; // the scored Body's shape, or the first other shape with faces
    std::string shapeSource;
    std::vector<FeatureNode> tree;
    std::vector<GateRow> gates;
    std::optional<GeometryFeatures> features; // absent when a gate fired or measuring failed
    std::string measureError;                 // one line, when measuring failed
    // When there are no features (a gate fired, measuring failed) but a shape is shown: what can be told of
    // it without measuring — its counts and volume (closed form when polyhedral, else OCCT's integration).
    struct Counts {
        int faces = 0, vertices = 0, solids = 0;
        double volume = 0;
    };
    std::optional<Counts> shownCounts;
};

// Reads, gates and measures a document as a candidate (the role an answer has). Never throws.
DocumentReport inspectDocument(const std::string& path);

class SingleDocumentWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit SingleDocumentWindow(QWidget* parent = nullptr);
    ~SingleDocumentWindow() override;

    // Starts reading `path` in the background; documentReady() follows.
    void openDocument(const QString& path);
    bool loading() const { return watcher_ != nullptr; }
    const DocumentReport& report() const { return report_; }

    // For tests and screenshots.
    QLabel* messageLabel() const { return message_; }
    QTreeWidget* featureTree() const { return tree_; }
    QTableWidget* featureTable() const { return features_; }
    QTableWidget* gateTable() const { return gates_; }
    viewers::OcctViewWidget* view() const { return view_; } // null off the xcb platform

signals:
    void documentReady();

private:
    void showReport(DocumentReport report);

    QLabel* message_;
    viewers::OcctViewWidget* view_ = nullptr;
    QTreeWidget* tree_;
    QTableWidget* features_;
    QTableWidget* gates_;
    QFutureWatcher<DocumentReport>* watcher_ = nullptr;
    DocumentReport report_;
};

// `vernier` arguments that name one .FCStd document (any case) and nothing else but --screenshot FILE and
// --size WxH: the single-document mode, not a bundle.
bool isSingleDocumentCommandLine(const QStringList& arguments); // without argv[0]

// The single-document application: the window, or with --screenshot a grab of it once the document is shown
// (exit 0; 2 when the document cannot be read, the window still grabbed with its reason; 1 on write failure).
int runSingleDocument(int argc, char** argv);

} // namespace vernier::ui
