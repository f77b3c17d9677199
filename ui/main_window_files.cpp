// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// MainWindow: opening bundles, packs, the sample and workspace files; recent files; remembered settings.
#include "ui/main_window.h"

#include "figures/provenance.h"
#include "figures/report_export.h"
#include "figures/table_model_export.h"
#include "figures/trial_table_model.h"
#include "models/sample_location.h"
#include "models/table_export.h"
#include "models/workspace.h"
#include "scoring/safe_zip.h"
#include "ui/charts_page.h"
#include "ui/compare_view.h"
#include "ui/failure_view.h"
#include "ui/filter_bar.h"
#include "ui/heatmap_view.h"
#include "ui/inspector/trial_inspector.h"
#include "ui/leaderboard_view.h"
#include "ui/pairwise_view.h"
#include "ui/problems_dock.h"
#include "ui/session.h"
#include "ui/submission_dock.h"
#include "ui/trials_view.h"
#include "ui/workspace_dock.h"
#include "vernier_version.h"
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QThread>
#include <QTime>
#include <QToolBar>
#include <QVBoxLayout>
#include <Standard_Version.hxx>
#include <algorithm>
#include <exception>

namespace vernier::ui {

namespace {
constexpr int kMaxRecent = 8;
const char* kRecentKey = "recent";
const char* kRecentWorkspacesKey = "recentWorkspaces";
} // namespace

bool MainWindow::looksLikeTaskPack(const QString& path) {
    const QFileInfo info(path);
    if (info.isDir()) {
        const QDir dir(path);
        for (const QString& sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            if (QFileInfo::exists(dir.filePath(sub + QStringLiteral("/task.toml")))) return true;
        return false;
    }
    if (info.suffix().compare(QLatin1String("zip"), Qt::CaseInsensitive) != 0) return false;
    try {
        const SafeZip zip = SafeZip::openFile(path.toStdString(), kBundleZipLimits);
        for (const auto& e : zip.entries()) {
            const std::string& n = e.name;
            if (n.size() >= 10 && n.compare(n.size() - 10, 10, "/task.toml") == 0 &&
                n.find("/tests/") == std::string::npos)
                return true;
        }
    } catch (const std::exception&) {
    }
    return false;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList bundles;
    QString pack;
    QString workspace;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (!url.isLocalFile()) continue;
        const QString path = url.toLocalFile();
        if (path.endsWith(QLatin1String(".vernier.json"), Qt::CaseInsensitive))
            workspace = path;
        else if (looksLikeTaskPack(path))
            pack = path;
        else if (!bundles.contains(path))
            bundles << path;
    }
    event->acceptProposedAction();
    if (!workspace.isEmpty()) {
        QString error;
        if (!openWorkspaceFile(workspace, &error)) summary_->setText(tr("Could not open: %1").arg(error));
        return;
    }
    if (bundles.isEmpty() && !pack.isEmpty()) {
        openResults(sampleShown_ ? QStringList() : session_->bundles(), pack);
        return;
    }
    openBundles(bundles, pack);
}

void MainWindow::openBundleDialog(bool zip) {
    const QString start = lastFolder(QStringLiteral("bundle"));
    const QString path =
        zip ? QFileDialog::getOpenFileName(this, tr("Open results bundle (zip)"), start,
                                           tr("Zip archives (*.zip)"))
            : QFileDialog::getExistingDirectory(this, tr("Open results bundle folder"), start);
    if (path.isEmpty()) return;
    rememberFolder(QStringLiteral("bundle"),
                   zip ? QFileInfo(path).absolutePath() : QFileInfo(path).absolutePath());
    openBundles({path});
}

void MainWindow::openPackDialog(bool zip) {
    const QString start = lastFolder(QStringLiteral("pack"));
    const QString path = zip ? QFileDialog::getOpenFileName(this, tr("Open task pack (zip)"), start,
                                                            tr("Zip archives (*.zip)"))
                             : QFileDialog::getExistingDirectory(this, tr("Open task pack folder"), start);
    if (path.isEmpty()) return;
    rememberFolder(QStringLiteral("pack"), QFileInfo(path).absolutePath());
    // A pack opened over the sample goes with the sample's bundles only if the user keeps them: it replaces
    // the sample's pack, and the sample stays until a bundle is opened.
    const bool sample = sampleShown_;
    openResults(session_->bundles(), path);
    sampleShown_ = sample;
}

QString MainWindow::packBeside(const QString& bundle) {
    const QFileInfo info(bundle);
    const QDir parent = info.absoluteDir();
    // Conventional names first, then any sibling that holds tasks.
    for (const QString& name :
         {QStringLiteral("pack"), QStringLiteral("tasks"), QStringLiteral("task-pack")}) {
        const QString candidate = parent.filePath(name);
        if (candidate != info.absoluteFilePath() && looksLikeTaskPack(candidate)) return candidate;
    }
    for (const QString& sub : parent.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString candidate = parent.filePath(sub);
        if (candidate != info.absoluteFilePath() && looksLikeTaskPack(candidate)) return candidate;
    }
    return {};
}

void MainWindow::openBundles(const QStringList& added, const QString& taskPack) {
    if (added.isEmpty()) return;
    // The sample makes way: its systems and its pack leave as soon as the user opens something.
    const bool replaceSample = sampleShown_;
    QStringList bundles = replaceSample ? QStringList() : session_->bundles();
    for (const QString& b : added)
        if (!bundles.contains(QDir::cleanPath(b))) bundles << QDir::cleanPath(b);
    QString pack = taskPack;
    if (pack.isEmpty() && !replaceSample) pack = session_->taskPack();
    if (pack.isEmpty()) pack = packBeside(added.first());
    if (pack.isEmpty() && interactive_ && isVisible()) {
        QMessageBox::information(this, tr("Task pack"),
                                 tr("%1 names its tasks but not where they are. Choose the task pack folder "
                                    "(a folder with one <task>/task.toml per task).")
                                     .arg(QFileInfo(added.first()).fileName()));
        pack = QFileDialog::getExistingDirectory(this, tr("Open task pack folder"),
                                                 lastFolder(QStringLiteral("pack")));
        if (!pack.isEmpty()) rememberFolder(QStringLiteral("pack"), QFileInfo(pack).absolutePath());
    }
    if (replaceSample) {
        session_->applyWorkspace(Workspace{}); // the sample's styles, filter and policies go too
        filterBar_->setFilter(session_->filter());
        syncPolicyControls();
    }
    openResults(bundles, pack);
}

bool MainWindow::openSample() {
    const SampleLocation sample = findSample(QCoreApplication::applicationFilePath().toStdString());
    if (sample.results.empty()) return false;
    Workspace ws;
    ws.bundles.push_back({sample.results, true});
    ws.taskPack = sample.tasks;
    workspacePath_.clear();
    session_->applyWorkspace(ws);
    sampleShown_ = true;
    filterBar_->setFilter(session_->filter());
    syncPolicyControls();
    updateTitle();
    return true;
}

bool MainWindow::openWorkspaceFile(const QString& path, QString* error) {
    Workspace ws;
    try {
        ws = loadWorkspace(path.toStdString());
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
    sampleShown_ = false;
    workspacePath_ = QFileInfo(path).absoluteFilePath();
    session_->applyWorkspace(ws);
    savedWorkspace_ = session_->workspace();
    barFilterPending_ = true;
    syncPolicyControls();
    rememberRecentWorkspace(workspacePath_);
    if (ws.taskPack.empty() && !ws.bundles.empty())
        summary_->setText(tr("The workspace names no task pack: open one (File → Open task pack)."));
    updateTitle();
    return true;
}

bool MainWindow::saveWorkspaceFile(const QString& path, QString* error) {
    const Workspace ws = session_->workspace();
    try {
        saveWorkspace(ws, path.toStdString());
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
    sampleShown_ = false; // saved, the sample is the user's workspace now
    workspacePath_ = QFileInfo(path).absoluteFilePath();
    savedWorkspace_ = ws;
    rememberRecentWorkspace(workspacePath_);
    summary_->setText(tr("Saved %1").arg(workspacePath_));
    updateTitle();
    return true;
}

bool MainWindow::workspaceModified() const {
    return !workspacePath_.isEmpty() && !(session_->workspace() == savedWorkspace_);
}

void MainWindow::openWorkspaceDialog() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open workspace"), lastFolder(QStringLiteral("workspace")),
                                     tr("Vernier workspaces (*.vernier.json);;JSON (*.json)"));
    if (path.isEmpty()) return;
    rememberFolder(QStringLiteral("workspace"), QFileInfo(path).absolutePath());
    QString error;
    if (!openWorkspaceFile(path, &error)) QMessageBox::warning(this, tr("Open workspace"), error);
}

void MainWindow::saveWorkspaceAs() {
    QString start = workspacePath_;
    if (start.isEmpty())
        start =
            QDir(lastFolder(QStringLiteral("workspace"))).filePath(QStringLiteral("workspace.vernier.json"));
    QString path = QFileDialog::getSaveFileName(this, tr("Save workspace as"), start,
                                                tr("Vernier workspaces (*.vernier.json)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) path += QStringLiteral(".vernier.json");
    rememberFolder(QStringLiteral("workspace"), QFileInfo(path).absolutePath());
    QString error;
    if (!saveWorkspaceFile(path, &error)) QMessageBox::warning(this, tr("Save workspace"), error);
}

void MainWindow::syncPolicyControls() {
    for (QAction* a : policyActions_)
        a->setChecked(a->data().toInt() == static_cast<int>(session_->selectionPolicy()));
    if (splitByJobAction_ && splitByJobAction_->isChecked() != session_->splitByJob()) {
        const QSignalBlocker block(splitByJobAction_);
        splitByJobAction_->setChecked(session_->splitByJob());
    }
    const bool on = session_->preferRescored();
    if (useRescoredAction_ && useRescoredAction_->isChecked() != on) {
        const QSignalBlocker block(useRescoredAction_);
        useRescoredAction_->setChecked(on);
    }
    if (rewardsSwitch_ && rewardsSwitch_->currentIndex() != (on ? 1 : 0)) {
        const QSignalBlocker block(rewardsSwitch_);
        rewardsSwitch_->setCurrentIndex(on ? 1 : 0);
    }
}

void MainWindow::rememberRecentWorkspace(const QString& path) {
    QSettings settings;
    QStringList recent = settings.value(kRecentWorkspacesKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(kRecentWorkspacesKey, recent);
    rebuildRecentWorkspacesMenu();
}

void MainWindow::rebuildRecentWorkspacesMenu() {
    if (!recentWorkspacesMenu_) return;
    recentWorkspacesMenu_->clear();
    QSettings settings;
    const QStringList stored = settings.value(kRecentWorkspacesKey).toStringList();
    QStringList kept; // files that went away are dropped from the list
    for (const QString& path : stored)
        if (QFileInfo::exists(path) && !kept.contains(path)) kept << path;
    if (kept != stored) settings.setValue(kRecentWorkspacesKey, kept);
    for (const QString& path : kept) {
        QAction* a = recentWorkspacesMenu_->addAction(QFileInfo(path).fileName(), this, [this, path] {
            QString error;
            if (!openWorkspaceFile(path, &error)) QMessageBox::warning(this, tr("Open workspace"), error);
        });
        a->setToolTip(path);
        a->setData(path);
    }
    recentWorkspacesMenu_->setEnabled(!kept.isEmpty());
}

QString MainWindow::lastFolder(const QString& kind) const {
    const QString dir = QSettings().value(QStringLiteral("folders/") + kind).toString();
    return QFileInfo(dir).isDir() ? dir : QString();
}

void MainWindow::rememberFolder(const QString& kind, const QString& path) {
    if (!path.isEmpty()) QSettings().setValue(QStringLiteral("folders/") + kind, path);
}

void MainWindow::restoreLayouts() {
    layoutsRestored_ = true;
    QSettings settings;
    for (QSplitter* splitter : findChildren<QSplitter*>())
        if (!splitter->objectName().isEmpty())
            splitter->restoreState(
                settings.value(QStringLiteral("layout/splitter/") + splitter->objectName()).toByteArray());
    for (QTableView* table : findChildren<QTableView*>()) {
        if (table->objectName().isEmpty() || !table->model() || table->model()->columnCount() == 0) continue;
        const QByteArray state =
            settings.value(QStringLiteral("layout/header/") + table->objectName()).toByteArray();
        if (!state.isEmpty()) table->horizontalHeader()->restoreState(state);
    }
}

void MainWindow::saveLayouts() {
    QSettings settings;
    for (QSplitter* splitter : findChildren<QSplitter*>())
        if (!splitter->objectName().isEmpty())
            settings.setValue(QStringLiteral("layout/splitter/") + splitter->objectName(),
                              splitter->saveState());
    for (QTableView* table : findChildren<QTableView*>())
        if (!table->objectName().isEmpty() && table->model() && table->model()->columnCount() > 0)
            settings.setValue(QStringLiteral("layout/header/") + table->objectName(),
                              table->horizontalHeader()->saveState());
}

void MainWindow::rememberRecent() {
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    const QString entry = (QStringList{session_->taskPack()} + session_->bundles()).join(QLatin1Char('\n'));
    recent.removeAll(entry);
    recent.prepend(entry);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(kRecentKey, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    if (!recentMenu_) return;
    recentMenu_->clear();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString& entry : recent) {
        const QStringList parts = entry.split(QLatin1Char('\n'));
        if (parts.size() < 2) continue;
        const QString pack = parts.first();
        const QStringList bundles = parts.mid(1);
        QString label = QFileInfo(bundles.first()).fileName();
        if (bundles.size() > 1) label += tr(" + %n more", nullptr, bundles.size() - 1);
        label += QStringLiteral("  [%1]").arg(QFileInfo(pack).fileName());
        recentMenu_->addAction(label, this, [this, bundles, pack] { openResults(bundles, pack); });
    }
    recentMenu_->setEnabled(!recentMenu_->isEmpty());
}

void MainWindow::restoreSettings() {
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        // First start: the default size, but never larger than the screen (a 1024×700 laptop included).
        if (const QScreen* screen = this->screen()) {
            const QSize avail = screen->availableGeometry().size();
            resize(size().boundedTo(avail));
            move(screen->availableGeometry().topLeft());
        }
    }
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    const QString view = settings.value(QStringLiteral("window/view")).toString();
    if (!view.isEmpty()) showView(view);
    // Splitters and column layouts: now for what has columns already, the rest with the first results.
    restoreLayouts();
    layoutsRestored_ = false;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/view"), currentViewKey());
    saveLayouts();
    session_->cancelRescore();
    for (const auto& open : inspectors_)
        if (open.window) open.window->close();
    QMainWindow::closeEvent(event);
}

} // namespace vernier::ui
