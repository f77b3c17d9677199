// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/single_document_window.h"

#include <QApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QPixmap>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <cstdio>
#include <exception>

#include <Standard_Failure.hxx>
#include <TopExp.hxx>
#include <TopTools_IndexedMapOfShape.hxx>

#include "scoring/errors.h"
#include "scoring/fcstd_document.h"
#include "scoring/measure_document.h"
#include "scoring/shape_integrals.h"
#include "scoring/structural_gates.h"
#include "vernier_version.h"
#include "viewers/occt_platform.h"
#include "viewers/occt_view_widget.h"
#include "viewers/scene_builder.h"
#include "viewers/shape_presentation.h"

namespace vernier::ui {

namespace {

constexpr DocumentRole kRole = DocumentRole::Candidate;

// One line: a reason never spills over lines in a label or a table cell.
std::string oneLine(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    return text;
}

bool hasFaces(const TopoDS_Shape& shape) {
    if (shape.IsNull()) return false;
    TopTools_IndexedMapOfShape faces;
    TopExp::MapShapes(shape, TopAbs_FACE, faces);
    return faces.Extent() > 0;
}

QString number(double v, int decimals) {
    return QString::number(v, 'f', decimals);
}

QString triple(const std::array<double, 3>& v, int decimals) {
    return number(v[0], decimals) + QStringLiteral(" × ") + number(v[1], decimals) + QStringLiteral(" × ") +
           number(v[2], decimals);
}

void addRow(QTableWidget* table, const QString& name, const QString& value) {
    const int row = table->rowCount();
    table->insertRow(row);
    table->setItem(row, 0, new QTableWidgetItem(name));
    auto* v = new QTableWidgetItem(value);
    v->setToolTip(value);
    table->setItem(row, 1, v);
}

QTableWidget* makeTable(const QStringList& headers, QWidget* parent) {
    auto* t = new QTableWidget(0, headers.size(), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setWordWrap(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6); // compact rows: all fit
    return t;
}

QWidget* titled(const QString& title, QWidget* content, QWidget* parent) {
    auto* box = new QGroupBox(title, parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(content);
    return box;
}

void addNodes(QTreeWidgetItem* parent, QTreeWidget* tree, const std::vector<FeatureNode>& nodes) {
    for (const auto& n : nodes) {
        QStringList marks;
        if (n.isTip) marks << QObject::tr("Tip");
        if (n.touched) marks << QObject::tr("touched");
        if (n.invalid) marks << QObject::tr("invalid");
        const QStringList columns{QString::fromStdString(n.label.empty() ? n.name : n.label),
                                  QString::fromStdString(n.type), marks.join(QStringLiteral(", "))};
        auto* item = parent ? new QTreeWidgetItem(parent, columns) : new QTreeWidgetItem(tree, columns);
        if (!n.error.empty()) item->setToolTip(0, QString::fromStdString(oneLine(n.error)));
        if (n.isTip) {
            QFont f = item->font(0);
            f.setBold(true);
            item->setFont(0, f);
        }
        addNodes(item, tree, n.children);
    }
}

} // namespace

DocumentReport inspectDocument(const std::string& path) {
    DocumentReport r;
    r.path = path;
    FcDocument doc;
    try {
        doc = FcDocument::load(path);
    } catch (const std::exception& e) {
        r.error = oneLine(e.what());
        return r;
    }
    r.objectCount = static_cast<int>(doc.objects.size());
    try {
        r.scoredBody = selectScoredBody(doc);
        r.tree = featureTree(doc, r.scoredBody);
        // The gates in the scorer's order (docs/scoring.md §7.1); the first that fires ends the sequence.
        std::optional<GateResult> fired = noSolidGate(doc, kRole);
        r.gates.push_back({"solid shape", fired ? GateRow::State::Fired : GateRow::State::Passed,
                           fired ? fired->reason : ""});
        for (const char* name : {"body", "feature tree"}) {
            GateRow row{name, GateRow::State::NotReached, ""};
            if (!fired) {
                fired = std::string(name) == "body" ? bodyGate(doc, kRole)
                                                    : featureTreeGate(doc, r.scoredBody, kRole);
                row.state = fired ? GateRow::State::Fired : GateRow::State::Passed;
                if (fired) row.reason = fired->reason;
            }
            r.gates.push_back(row);
        }
        GateRow complexity{"complexity", GateRow::State::NotReached, ""};
        if (!fired) {
            try {
                MeasuredDocument md = measureDocument(doc, kRole);
                r.shape = md.shape;
                r.shapeSource = r.scoredBody;
                if (md.gate) {
                    complexity.state = GateRow::State::Fired;
                    complexity.reason = md.gate->reason;
                } else {
                    complexity.state = GateRow::State::Passed;
                }
                r.features = md.features;
            } catch (const std::exception& e) {
                complexity.state = GateRow::State::Passed; // measuring failed after every gate passed
                r.measureError = oneLine(e.what());
            }
        }
        r.gates.push_back(complexity);
    } catch (const std::exception& e) {
        r.measureError = oneLine(e.what());
    }
    // Something to look at even when a gate fired: the scored Body, else the first object carrying faces.
    try {
        if (r.shape.IsNull())
            if (const FcObject* body = doc.find(r.scoredBody); body && hasFaces(body->shape())) {
                r.shape = body->shape();
                r.shapeSource = r.scoredBody;
            }
        for (const auto& o : doc.objects) {
            if (!r.shape.IsNull()) break;
            if (hasFaces(o.shape())) {
                r.shape = o.shape();
                r.shapeSource = o.name;
            }
        }
    } catch (const std::exception&) {
        // A shape that cannot be restored is simply not shown; the gates already say why.
    }
    // Meshed here, off the GUI thread, as the view will want it (a 5,004-gon's caps take seconds).
    viewers::tessellateForDisplay(r.shape);
    if (!r.features && !r.shape.IsNull()) {
        try {
            DocumentReport::Counts c;
            TopTools_IndexedMapOfShape faces, vertices, solids;
            TopExp::MapShapes(r.shape, TopAbs_FACE, faces);
            TopExp::MapShapes(r.shape, TopAbs_VERTEX, vertices);
            TopExp::MapShapes(r.shape, TopAbs_SOLID, solids);
            c.faces = faces.Extent();
            c.vertices = vertices.Extent();
            c.solids = solids.Extent();
            const std::optional<double> closedForm = polyhedralVolume(r.shape);
            c.volume = closedForm ? *closedForm : shapeVolume(r.shape);
            r.shownCounts = c;
        } catch (const Standard_Failure&) {
        }
    }
    return r;
}

SingleDocumentWindow::SingleDocumentWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("Vernier"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);
    message_ = new QLabel(central);
    message_->setWordWrap(false);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(message_);

    auto* split = new QSplitter(Qt::Horizontal, central);
    // The live 3D view needs the xcb platform (viewers/occt_view_widget.h); on another one (offscreen,
    // minimal) a QOpenGLWidget cannot even be flushed, so the window says so in its place and shows the rest.
    QWidget* viewArea = nullptr;
    if (QGuiApplication::platformName() == QLatin1String("xcb")) {
        view_ = new viewers::OcctViewWidget(split);
        viewArea = view_;
    } else {
        auto* note = new QLabel(
            tr("The 3D view needs the xcb platform (running on '%1').").arg(QGuiApplication::platformName()),
            split);
        note->setAlignment(Qt::AlignCenter);
        viewArea = note;
    }
    viewArea->setMinimumSize(320, 240);
    auto* side = new QSplitter(Qt::Vertical, split);
    tree_ = new QTreeWidget(side);
    tree_->setHeaderLabels({tr("Feature"), tr("Type"), tr("Marks")});
    tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    features_ = makeTable({tr("Measured"), tr("Value")}, side);
    gates_ = makeTable({tr("Gate"), tr("Result")}, side);
    gates_->setWordWrap(true);
    side->addWidget(titled(tr("Feature tree"), tree_, side));
    side->addWidget(titled(tr("Measured features"), features_, side));
    side->addWidget(titled(tr("Gates (as an answer document)"), gates_, side));
    side->setStretchFactor(0, 2);
    side->setStretchFactor(1, 3);
    side->setStretchFactor(2, 2);
    split->addWidget(viewArea);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    setCentralWidget(central);
}

SingleDocumentWindow::~SingleDocumentWindow() {
    // A running read is left to finish on the pool; its result is dropped with the watcher.
    if (watcher_) watcher_->disconnect(this);
}

void SingleDocumentWindow::openDocument(const QString& path) {
    if (watcher_) {
        watcher_->disconnect(this);
        watcher_->deleteLater();
    }
    setWindowTitle(tr("%1 — Vernier").arg(QFileInfo(path).fileName()));
    message_->setText(tr("Reading %1 …").arg(path));
    watcher_ = new QFutureWatcher<DocumentReport>(this);
    auto* watcher = watcher_;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        DocumentReport r = watcher->result();
        watcher->deleteLater();
        watcher_ = nullptr;
        showReport(std::move(r));
    });
    watcher->setFuture(QtConcurrent::run([p = path.toStdString()] { return inspectDocument(p); }));
}

void SingleDocumentWindow::showReport(DocumentReport report) {
    report_ = std::move(report);
    const QString file = QFileInfo(QString::fromStdString(report_.path)).fileName();
    tree_->clear();
    features_->setRowCount(0);
    gates_->setRowCount(0);
    if (view_) view_->clear();
    if (!report_.error.empty()) {
        message_->setStyleSheet(QStringLiteral("color: #b00020;"));
        message_->setText(tr("Cannot read %1: %2").arg(file, QString::fromStdString(report_.error)));
        emit documentReady();
        return;
    }
    message_->setStyleSheet({});
    QString text =
        tr("%1 — %2 objects; scored body: %3")
            .arg(file)
            .arg(report_.objectCount)
            .arg(report_.scoredBody.empty() ? tr("none") : QString::fromStdString(report_.scoredBody));
    if (!report_.shapeSource.empty() && report_.shapeSource != report_.scoredBody)
        text += tr("; shown: %1").arg(QString::fromStdString(report_.shapeSource));
    message_->setText(text);

    if (!report_.scoredBody.empty()) {
        auto* root = new QTreeWidgetItem(tree_, {QString::fromStdString(report_.scoredBody),
                                                 QStringLiteral("PartDesign::Body"), QString()});
        addNodes(root, tree_, report_.tree);
        tree_->expandAll();
    }

    if (const auto& f = report_.features) {
        addRow(features_, tr("Volume (mm³)"), number(f->volume, 2));
        addRow(features_, tr("Surface area (mm²)"), number(f->area, 2));
        addRow(features_, tr("Centre of mass (mm)"), triple(f->centreOfMass, 2));
        addRow(features_, f->obbExact ? tr("Oriented box (mm)") : tr("Oriented box, estimate (mm)"),
               triple(f->obbSorted, 2));
        addRow(features_, tr("Principal moments (normalised)"), triple(f->principalMomentsNormalized, 4));
        addRow(features_, tr("Faces"), QString::number(f->nFaces));
        addRow(features_, tr("Vertices"), QString::number(f->nVertices));
        addRow(features_, tr("Solids"), QString::number(f->solidCount));
        for (const auto& [type, area] : f->surfaceAreaByType)
            addRow(features_, tr("Area on %1 faces (mm²)").arg(QString::fromStdString(type)),
                   number(area, 2));
    } else {
        addRow(features_, tr("Not measured"),
               report_.measureError.empty() ? tr("a gate fired (below)")
                                            : QString::fromStdString(report_.measureError));
        if (const auto& c = report_.shownCounts) {
            const QString of = QString::fromStdString(report_.shapeSource);
            addRow(features_, tr("Faces of %1").arg(of), QString::number(c->faces));
            addRow(features_, tr("Vertices of %1").arg(of), QString::number(c->vertices));
            addRow(features_, tr("Solids of %1").arg(of), QString::number(c->solids));
            addRow(features_, tr("Volume of %1 (mm³)").arg(of), number(c->volume, 2));
        }
    }

    for (const auto& g : report_.gates) {
        QString result;
        switch (g.state) {
        case GateRow::State::Passed:
            result = tr("passes");
            break;
        case GateRow::State::Fired:
            result = tr("fires: %1").arg(QString::fromStdString(g.reason));
            break;
        case GateRow::State::NotReached:
            result = tr("not reached");
            break;
        }
        addRow(gates_, QString::fromStdString(g.name), result);
        if (g.state == GateRow::State::Fired)
            gates_->item(gates_->rowCount() - 1, 1)->setForeground(QColor(176, 0, 32));
    }
    features_->resizeColumnToContents(0);
    gates_->resizeColumnToContents(0);
    gates_->resizeRowsToContents(); // a fired gate's reason is a sentence: wrapped, whole

    if (view_ && !report_.shape.IsNull()) {
        viewers::SceneRequest request;
        request.reference = report_.shape;
        const viewers::Scene scene = viewers::buildScene(request);
        if (!scene.views.empty()) view_->showScene(scene.views.front());
        view_->setStandardView(viewers::StandardView::Iso);
        view_->fitAll();
    }
    emit documentReady();
}

bool isSingleDocumentCommandLine(const QStringList& arguments) {
    int documents = 0;
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--screenshot") || a == QLatin1String("--size")) {
            ++i; // its value
            continue;
        }
        if (a.startsWith(QLatin1Char('-'))) return false; // an option of the bundle mode
        if (!a.endsWith(QLatin1String(".fcstd"), Qt::CaseInsensitive)) return false;
        ++documents;
    }
    return documents == 1;
}

int runSingleDocument(int argc, char** argv) {
    prepareOcctPlatform();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Vernier"));
    QApplication::setOrganizationName(QStringLiteral("Vernier"));
    QApplication::setApplicationVersion(QStringLiteral(VERNIER_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("vernier"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/vernier.svg")));

    const QStringList args = QApplication::arguments().mid(1);
    QString document, screenshot;
    QSize size(1200, 800);
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--screenshot") && i + 1 < args.size()) {
            screenshot = args[++i];
        } else if (args[i] == QLatin1String("--size") && i + 1 < args.size()) {
            const QStringList wh = args[++i].split(QLatin1Char('x'));
            bool okW = false, okH = false;
            const int w = wh.value(0).toInt(&okW), h = wh.value(1).toInt(&okH);
            if (wh.size() != 2 || !okW || !okH || w < 200 || h < 150) {
                std::fprintf(stderr, "vernier: --size wants WxH (at least 200x150), not '%s'\n",
                             qPrintable(args[i]));
                return 2;
            }
            size = QSize(w, h);
        } else {
            document = args[i];
        }
    }

    SingleDocumentWindow window;
    window.resize(size);
    window.show();
    if (screenshot.isEmpty()) {
        window.openDocument(document);
        return app.exec();
    }
    // Screenshot: wait for the document, then for the 3D view's first frame with the part in it.
    QEventLoop ready;
    QObject::connect(&window, &SingleDocumentWindow::documentReady, &ready, &QEventLoop::quit);
    QTimer::singleShot(300000, &ready, &QEventLoop::quit);
    window.openDocument(document);
    ready.exec();
    if (window.view() && !window.report().shape.IsNull()) {
        QEventLoop frame;
        QObject::connect(window.view(), &viewers::OcctViewWidget::frameRendered, &frame, &QEventLoop::quit);
        QTimer::singleShot(10000, &frame, &QEventLoop::quit);
        window.view()->update();
        frame.exec();
    }
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
        QEventLoop wait;
        QTimer::singleShot(40, &wait, &QEventLoop::quit);
        wait.exec();
    }
    const QPixmap pixmap = window.grab();
    if (pixmap.isNull() || !pixmap.save(screenshot, "PNG")) {
        std::fprintf(stderr, "vernier: cannot write %s\n", qPrintable(screenshot));
        return 1;
    }
    if (!window.report().error.empty()) {
        std::fprintf(stderr, "vernier: %s: %s\n", qPrintable(document), window.report().error.c_str());
        return 2;
    }
    return 0;
}

} // namespace vernier::ui
