// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/main_window.h"

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
#include <QElapsedTimer>
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
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <Standard_Version.hxx>
#include <algorithm>
#include <cstdio>
#include <exception>

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
#include "ui/ui_trace.h"
#include "ui/workspace_dock.h"
#include "vernier_version.h"

namespace vernier::ui {

namespace {
const char* kRescoreWorkersKey = "rescore/workers";
} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), session_(new Session(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("Vernier"));
    setAcceptDrops(true);

    filterBar_ = new FilterBar(this);
    navigation_ = new QListWidget(this);
    navigation_->setObjectName(QStringLiteral("navigation"));
    navigation_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    navigation_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    stack_ = new QStackedWidget(this);
    stack_->setObjectName(QStringLiteral("pages"));

    auto* leaderboard = new LeaderboardView(this);
    addPage(leaderboard);
    addPage(new WorkflowChartView(this));
    addPage(new FailureView(this));
    addPage(new CostView(this));
    addPage(new HeatmapView(this));
    compareView_ = new CompareView(this);
    addPage(compareView_);
    addPage(new PairwiseView(this));
    trialsView_ = new TrialsView(this);
    addPage(trialsView_);
    pendingTimer_ = new QTimer(this);
    pendingTimer_->setSingleShot(true);
    pendingTimer_->setInterval(0);
    connect(pendingTimer_, &QTimer::timeout, this, &MainWindow::updateNextPendingPage);
    connect(navigation_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < static_cast<int>(pages_.size()))
            flushPage(pages_[static_cast<std::size_t>(row)]);
        stack_->setCurrentIndex(row);
    });
    connect(stack_, &QStackedWidget::currentChanged, this, [this](int i) {
        if (auto* page = qobject_cast<ViewPage*>(stack_->widget(i)))
            filterBar_->setStatusApplies(page->usesStatusFilter(), page->title());
    });
    if (auto* first = qobject_cast<ViewPage*>(stack_->currentWidget()))
        filterBar_->setStatusApplies(first->usesStatusFilter(), first->title());
    connect(trialsView_, &TrialsView::rescoreRequested, this, &MainWindow::rescore);

    // The reward source, always visible: recorded (the record, default) or rescored by this Vernier.
    auto* toolbar = addToolBar(tr("Rewards"));
    toolbar->setObjectName(QStringLiteral("rewardsToolbar"));
    toolbar->setMovable(false);
    toolbar->addWidget(new QLabel(tr(" Rewards: "), toolbar));
    rewardsSwitch_ = new QComboBox(toolbar);
    rewardsSwitch_->setObjectName(QStringLiteral("rewardsSwitch"));
    rewardsSwitch_->addItem(tr("recorded (the record)"));
    rewardsSwitch_->addItem(tr("rescored by Vernier %1 (OCCT %2)")
                                .arg(QStringLiteral(VERNIER_VERSION), QStringLiteral(OCC_VERSION_COMPLETE)));
    rewardsSwitch_->setToolTip(
        tr("Recorded rewards are what the benchmark's verifier wrote. Rescored rewards come from Vernier's "
           "embedded scorer on this machine's OpenCASCADE (the benchmark pins OCCT 7.9): a second opinion. "
           "Trials not rescored keep their recorded reward."));
    toolbar->addWidget(rewardsSwitch_);
    connect(rewardsSwitch_, &QComboBox::currentIndexChanged, this, [this](int i) { setUseRescored(i == 1); });

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(filterBar_);
    // The page list is as wide as its longest label; the pages get every other pixel.
    auto* body = new QHBoxLayout;
    body->setSpacing(4);
    body->addWidget(navigation_);
    body->addWidget(stack_, 1);
    layout->addLayout(body, 1);
    setCentralWidget(central);

    problems_ = new ProblemsDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, problems_);
    problems_->hide();
    submission_ = new SubmissionDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, submission_);
    tabifyDockWidget(problems_, submission_);
    submission_->hide();
    // The dock lists rows of the snapshot it was given, which is the current one (onAnalysisChanged).
    // The workspace (docs/workspace.md): bundles, their problems, the pack, the systems' names and colours.
    // Bottom, first of the tabs it shares with Problems and Submission check; shown from the start.
    workspace_ = new WorkspaceDock(session_, this);
    addDockWidget(Qt::BottomDockWidgetArea, workspace_);
    tabifyDockWidget(problems_, workspace_);
    workspace_->raise();
    resizeDocks({workspace_}, {190}, Qt::Vertical);
    connect(workspace_, &WorkspaceDock::trialActivated, this,
            [this](const TrialId& trial) { openTrial(trial); });
    // The rescore worker count is a setting (default: the number of cores).
    session_->setRescoreWorkers(
        QSettings().value(kRescoreWorkersKey, std::max(1, QThread::idealThreadCount())).toInt());
    connect(problems_, &ProblemsDock::trialActivated, this, [this](int trial) {
        const auto a = session_->analysis();
        if (a->set && trial >= 0 && trial < static_cast<int>(a->set->trials.size()))
            openTrial(a->set->trials[static_cast<std::size_t>(trial)].id());
    });

    summary_ = new QLabel(tr("No results loaded — File → Open, or drop a bundle here."), this);
    summary_->setObjectName(QStringLiteral("statusSummary"));
    mismatch_ = new QLabel(this);
    mismatch_->setObjectName(QStringLiteral("mismatchLabel"));
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("progress"));
    // Wide enough for "Rescoring 99999 / 99999" at the current font: the progress text is never clipped.
    progress_->setMinimumWidth(progress_->fontMetrics().horizontalAdvance(tr("Rescoring 99999 / 99999")) +
                               40);
    progress_->setMaximumWidth(progress_->minimumWidth() + 60);
    progress_->setVisible(false);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("cancelRescore"));
    cancel_->setVisible(false);
    statusBar()->addWidget(summary_, 1);
    lastRescore_ = new QLabel(this);
    lastRescore_->setObjectName(QStringLiteral("lastRescore"));
    lastRescore_->setVisible(false);
    // Live follow (docs/formats.md, "Live follow"): shown while a followed job has running trials.
    follow_ = new QLabel(this);
    follow_->setObjectName(QStringLiteral("followLabel"));
    follow_->setVisible(false);
    statusBar()->addPermanentWidget(follow_);
    connect(session_, &Session::followStatusChanged, this, [this](int running) {
        follow_->setText(running == 1 ? tr("following 1 running trial")
                                      : tr("following %1 running trials").arg(running));
        follow_->setVisible(running > 0);
    });
    statusBar()->addPermanentWidget(lastRescore_);
    statusBar()->addPermanentWidget(mismatch_);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
    connect(cancel_, &QPushButton::clicked, session_, &Session::cancelRescore);

    connect(filterBar_, &FilterBar::filterChanged, session_, &Session::setFilter);
    connect(session_, &Session::analysisChanged, this, &MainWindow::onAnalysisChanged);
    connect(session_, &Session::loadFailed, this, [this](const QString& reason) {
        summary_->setText(tr("Could not open: %1").arg(reason));
        if (interactive_ && isVisible()) QMessageBox::warning(this, tr("Could not open results"), reason);
    });
    connect(session_, &Session::busyChanged, this, [this](bool busy, const QString& what) {
        progress_->setVisible(busy);
        if (busy && !session_->rescoring()) {
            progress_->setRange(0, 0); // indeterminate: import / statistics
            if (!what.isEmpty()) summary_->setText(what);
        }
        if (!busy) updateStatus();
    });
    connect(session_, &Session::rescoreProgress, this, [this](int done, int total, int crashed) {
        progress_->setVisible(true);
        cancel_->setVisible(true);
        progress_->setRange(0, total);
        progress_->setValue(done);
        progress_->setFormat(tr("Rescoring %v / %m"));
        // The count is in the progress bar; the summary line stays short so it fits beside it at 1024 px.
        const int n = session_->rescoreWorkers();
        const QString workers = n == 1 ? tr("1 worker") : tr("%1 workers").arg(n);
        summary_->setText(crashed ? tr("Rescoring (%1)… %2 scorer crash(es) so far").arg(workers).arg(crashed)
                                  : tr("Rescoring (%1)…").arg(workers));
    });
    connect(session_, &Session::rescoreFinished, this,
            [this](int rescored, int mismatches, bool cancelled, const QString& error) {
                cancel_->setVisible(false);
                progress_->setFormat(QStringLiteral("%p%"));
                // Kept in its own place until the next rescore: the summary line is rewritten by every
                // update.
                const QString when = QTime::currentTime().toString(QStringLiteral("HH:mm"));
                lastRescore_->setText(error.isEmpty() ? tr("Rescored %1 at %2%3")
                                                            .arg(rescored)
                                                            .arg(when)
                                                            .arg(cancelled ? tr(" (cancelled)") : QString())
                                                      : tr("Last rescore (%1) failed: %2").arg(when, error));
                lastRescore_->setToolTip(
                    tr("Last rescore at %1: %2 trial(s)%3, %4 mismatch(es). Rescored rewards are a second "
                       "opinion; the leaderboard uses them only when the Rewards switch says \"rescored\".")
                        .arg(when)
                        .arg(rescored)
                        .arg(cancelled ? tr(", cancelled") : QString())
                        .arg(mismatches));
                lastRescore_->setVisible(true);
            });

    for (ViewPage* page : pages_) {
        // The inspector walks the rows of the table it was opened from (docs/inspector.md).
        connect(page, &ViewPage::trialActivated, this, [this, page](const TrialId& trial) {
            std::vector<TrialId> order = page->takeActivationOrder();
            auto* window = qobject_cast<TrialInspector*>(openTrial(trial, interactive_));
            if (window && std::find(order.begin(), order.end(), trial) != order.end())
                window->setWalkOrder(std::move(order));
        });
        connect(page, &ViewPage::trialsRescoreRequested, this, &MainWindow::rescore);
        // Candidate vs candidate: one task's trials of two systems in one inspector.
        connect(page, &ViewPage::candidatesCompareRequested, this,
                [this](const TrialId& ida, const TrialId& idb) {
                    const auto a = session_->analysis();
                    const TrialRecord* ta = a->set ? a->set->find(ida) : nullptr;
                    const TrialRecord* tb = a->set ? a->set->find(idb) : nullptr;
                    if (!ta || !tb || ta->taskIndex < 0 || ta->taskIndex != tb->taskIndex) {
                        statusBar()->showMessage(
                            tr("Cannot compare these trials: they are not two trials of one task "
                               "in the current results."),
                            8000);
                        return;
                    }
                    auto* window = new TrialInspector(nullptr);
                    window->setAttribute(Qt::WA_DeleteOnClose);
                    std::erase_if(inspectors_, [](const OpenInspector& w) { return w.window.isNull(); });
                    inspectors_.push_back({window, ida});
                    for (const QKeySequence& key :
                         {QKeySequence(QKeySequence::Close), QKeySequence(Qt::Key_Escape)})
                        connect(new QShortcut(key, window), &QShortcut::activated, window, &QWidget::close);
                    window->setWindowTitle(
                        tr("%1 vs %2 on %3 — Vernier trial inspector")
                            .arg(qs(ta->system.label()), qs(tb->system.label()), qs(ta->taskId)));
                    window->resize(1400, 900);
                    connect(this, &QObject::destroyed, window, &QWidget::close);
                    connect(window, &TrialInspector::rescoreRequested, this, [this, ida] { rescore({ida}); });
                    window->showCandidates(*ta, *tb, a->set->tasks[static_cast<std::size_t>(ta->taskIndex)]);
                    window->show();
                });
        connect(page, &ViewPage::compareRequested, this, [this](int a, int b) {
            flushPage(compareView_);
            compareView_->setSystems(a, b);
            showView(QStringLiteral("compare"));
        });
    }
    buildMenus();
    navigation_->setFixedWidth(navigation_->sizeHintForColumn(0) + 2 * navigation_->frameWidth() + 16);
    navigation_->setCurrentRow(0);
    resize(1400, 900);
}

MainWindow::~MainWindow() = default;

void MainWindow::addPage(ViewPage* page) {
    pages_.push_back(page);
    stack_->addWidget(page);
    auto* item = new QListWidgetItem(page->title(), navigation_);
    item->setData(Qt::UserRole, page->key());
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Open &bundle folder…"), QKeySequence::Open, this,
                    [this] { openBundleDialog(false); });
    file->addAction(tr("Open bundle &zip…"), this, [this] { openBundleDialog(true); });
    file->addAction(tr("Open &task pack folder…"), this, [this] { openPackDialog(false); });
    file->addAction(tr("Open task pack z&ip…"), this, [this] { openPackDialog(true); });
    recentMenu_ = file->addMenu(tr("Open &recent"));
    recentMenu_->setObjectName(QStringLiteral("recentMenu"));
    rebuildRecentMenu();
    file->addAction(tr("Open &sample"), this, [this] {
        if (!openSample()) summary_->setText(tr("No sample bundle found next to this Vernier."));
    });
    // The sample's pack never outlives the sample.
    file->addAction(tr("&Close results"), this,
                    [this] { openResults({}, sampleShown_ ? QString() : session_->taskPack()); });
    file->addSeparator();
    file->addAction(tr("Open &workspace…"), QKeySequence(tr("Ctrl+Shift+O")), this,
                    &MainWindow::openWorkspaceDialog);
    file->addAction(tr("&Save workspace"), QKeySequence::Save, this, [this] {
        if (workspacePath_.isEmpty()) {
            saveWorkspaceAs();
            return;
        }
        QString error;
        if (!saveWorkspaceFile(workspacePath_, &error))
            QMessageBox::warning(this, tr("Save workspace"), error);
    });
    file->addAction(tr("Save workspace &as…"), QKeySequence::SaveAs, this, &MainWindow::saveWorkspaceAs);
    recentWorkspacesMenu_ = file->addMenu(tr("Recent wor&kspaces"));
    recentWorkspacesMenu_->setObjectName(QStringLiteral("recentWorkspacesMenu"));
    rebuildRecentWorkspacesMenu();
    file->addSeparator();
    file->addAction(tr("Export &figure…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::exportFigureDialog);
    file->addAction(tr("Export t&able…"), this, &MainWindow::exportTableDialog);
    file->addAction(tr("Export re&port (all figures and tables)…"), this, &MainWindow::exportReportDialog);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (std::size_t i = 0; i < pages_.size(); ++i) {
        const QString key = pages_[i]->key();
        QAction* a = view->addAction(pages_[i]->title(), this, [this, key] { showView(key); });
        a->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)));
    }
    view->addSeparator();
    QAction* workspaceToggle = workspace_->toggleViewAction();
    workspaceToggle->setText(tr("&Workspace"));
    view->addAction(workspaceToggle);
    QAction* problems = problems_->toggleViewAction();
    problems->setText(tr("&Problems"));
    view->addAction(problems);
    QAction* submission = submission_->toggleViewAction();
    submission->setText(tr("&Submission check"));
    view->addAction(submission);

    QMenu* analysis = menuBar()->addMenu(tr("&Analysis"));
    // How several attempts of a system on a task fold into one reward (docs/statistics.md "Attempts").
    auto* group = new QActionGroup(this);
    const std::pair<SelectionPolicy, QString> policies[] = {
        {SelectionPolicy::LatestFinished, tr("Attempts: &latest finished")},
        {SelectionPolicy::Mean, tr("Attempts: &mean")},
        {SelectionPolicy::Best, tr("Attempts: &best of k")},
        {SelectionPolicy::First, tr("Attempts: &first")},
    };
    for (const auto& [policy, text] : policies) {
        QAction* a = analysis->addAction(text);
        a->setCheckable(true);
        a->setChecked(policy == session_->selectionPolicy());
        a->setData(static_cast<int>(policy));
        group->addAction(a);
        policyActions_ << a;
        connect(a, &QAction::triggered, this, [this, policy] { session_->setSelectionPolicy(policy); });
    }
    analysis->addSeparator();
    // System identity (docs/formats.md "System identity"): runs with equal settings are one system whatever
    // job they came from, unless the user splits them by job.
    auto* split = analysis->addAction(tr("Split systems by &job"));
    split->setObjectName(QStringLiteral("splitByJobAction"));
    split->setCheckable(true);
    split->setChecked(session_->splitByJob());
    split->setToolTip(
        tr("Make every Harbor job of an agent and model a system of its own (job=<id> in the label)"));
    connect(split, &QAction::toggled, session_, &Session::setSplitByJob);
    splitByJobAction_ = split;
    analysis->addSeparator();
    // Recorded rewards are the record; rescored ones are a second opinion, used only when asked for.
    auto* prefer = analysis->addAction(tr("Use &rescored rewards (second opinion)"));
    prefer->setObjectName(QStringLiteral("useRescoredAction"));
    prefer->setCheckable(true);
    prefer->setChecked(false);
    connect(prefer, &QAction::toggled, this, &MainWindow::setUseRescored);
    useRescoredAction_ = prefer;
    analysis->addAction(tr("Rescore &selected trials"), this, [this] {
        flushPage(trialsView_);
        rescore(trialsView_->selectedTrials());
    });
    analysis->addAction(tr("Rescore &all trials"), this, &MainWindow::rescoreAll);
    analysis->addAction(tr("&Cancel rescoring"), session_, &Session::cancelRescore);
    analysis->addAction(tr("Rescore &workers…"), this, [this] {
        bool ok = false;
        const int n = QInputDialog::getInt(this, tr("Rescore workers"),
                                           tr("Worker processes for rescoring (this machine has %1 cores):")
                                               .arg(QThread::idealThreadCount()),
                                           session_->rescoreWorkers(), 1, 256, 1, &ok);
        if (!ok) return;
        session_->setRescoreWorkers(n);
        QSettings().setValue(kRescoreWorkersKey, n);
    });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Vernier"), this, [this] {
        QMessageBox::about(
            this, tr("About Vernier"),
            tr("Vernier — analysis and leaderboard viewer for Parametric CAD Bench v3 results."));
    });
}

void MainWindow::openResults(const QStringList& bundles, const QString& taskPack) {
    sampleShown_ = false;
    session_->open(bundles, taskPack); // the session owns the bundles and the pack from here on
    if (bundles.isEmpty()) {
        // every view empties, the title and status say so
        summary_->setText(tr("No results loaded — File → Open, or drop a bundle here."));
        updateTitle();
        return;
    }
    if (taskPack.isEmpty()) {
        summary_->setText(tr("Open a task pack too (File → Open task pack) to match trials to tasks."));
        return;
    }
    rememberRecent();
}

namespace {

// Under VERNIER_UI_TRACE, prints "ui: WHAT took the snapshot in N ms" when it goes out of scope.
class UiTraceClock {
public:
    explicit UiTraceClock(QString what) : what_(std::move(what)) {
        if (uiTrace()) clock_.start();
    }
    ~UiTraceClock() {
        if (clock_.isValid())
            std::fprintf(stderr, "ui: %s took the snapshot in %.1f ms\n", qPrintable(what_),
                         static_cast<double>(clock_.nsecsElapsed()) / 1e6);
    }
    UiTraceClock(const UiTraceClock&) = delete;
    UiTraceClock& operator=(const UiTraceClock&) = delete;

private:
    QString what_;
    QElapsedTimer clock_;
};

void setPageAnalysis(ViewPage* page, const std::shared_ptr<const Analysis>& analysis) {
    const UiTraceClock clock(page->key());
    page->setAnalysis(analysis);
}

} // namespace

void MainWindow::onAnalysisChanged() {
    const UiTraceClock all(QStringLiteral("the main window (the page on screen included)"));
    const auto analysis = session_->analysis();
    {
        const UiTraceClock bar(QStringLiteral("the filter bar"));
        filterBar_->setAnalysis(analysis);
    }
    auto* current = qobject_cast<ViewPage*>(stack_->currentWidget());
    if (current) setPageAnalysis(current, analysis);
    pendingAnalysis_ = analysis;
    pendingPages_.clear();
    for (ViewPage* page : pages_)
        if (page != current) pendingPages_.push_back(page);
    // The panel opens by itself when a newly loaded set has problems; the user may close it again.
    const bool newSet = analysis->set.get() != problemsShownFor_;
    problemsShownFor_ = analysis->set.get();
    {
        const UiTraceClock panels(QStringLiteral("the problems panel"));
        problems_->setResultSet(analysis->set);
    }
    if (newSet) problems_->setVisible(problems_->problemCount() > 0);
    submission_->setResultSet(analysis->set);
    if (newSet) submission_->setVisible(submission_->submissionCount() > 0);
    if (newSet && submission_->submissionCount() > 0) submission_->raise();
    trialsView_->setMismatchCount(session_->mismatchCount());
    // Open inspectors reflect rescoring done anywhere (their own Rescore button, the menu, the trials view).
    if (analysis->set)
        for (const auto& open : inspectors_)
            if (open.window)
                if (const TrialRecord* t = analysis->set->find(open.trial)) open.window->updateRecords(*t);
    // A workspace's filter reaches the filter bar once the bar lists the systems it names.
    if (barFilterPending_ && analysis->set) {
        barFilterPending_ = false;
        filterBar_->setFilter(session_->filter());
    }
    syncPolicyControls(); // the menus follow the session, whoever changed it
    updateStatus();
    if (pendingPages_.empty())
        analysisReachedEveryPage();
    else
        pendingTimer_->start(); // after the page on screen is painted
}

void MainWindow::analysisReachedEveryPage() {
    pendingAnalysis_.reset();
    // Column widths and splitters of the last session, once every table has its first columns.
    if (!layoutsRestored_ && session_->analysis()->set) restoreLayouts();
    emit analysisShown();
}

void MainWindow::updateNextPendingPage() {
    if (pendingPages_.empty()) return;
    ViewPage* page = pendingPages_.front();
    pendingPages_.erase(pendingPages_.begin());
    setPageAnalysis(page, pendingAnalysis_);
    if (pendingPages_.empty())
        analysisReachedEveryPage();
    else
        pendingTimer_->start();
}

void MainWindow::flushPendingPages() {
    while (!pendingPages_.empty())
        flushPage(pendingPages_.front());
}

void MainWindow::flushPage(ViewPage* page) {
    const auto it = std::find(pendingPages_.begin(), pendingPages_.end(), page);
    if (it == pendingPages_.end()) return;
    pendingPages_.erase(it);
    setPageAnalysis(page, pendingAnalysis_);
    if (!pendingPages_.empty()) return;
    pendingTimer_->stop();
    analysisReachedEveryPage();
}

namespace {
QString joinedVersions(const BundleInfo& b) {
    QStringList v;
    for (const auto& s : b.harborVersions)
        v << qs(s);
    return v.join(QStringLiteral(", "));
}
} // namespace

void MainWindow::setUseRescored(bool on) {
    if (useRescoredAction_ && useRescoredAction_->isChecked() != on) useRescoredAction_->setChecked(on);
    if (rewardsSwitch_ && rewardsSwitch_->currentIndex() != (on ? 1 : 0))
        rewardsSwitch_->setCurrentIndex(on ? 1 : 0);
    session_->setPreferRescored(on);
}

void MainWindow::updateStatus() {
    const auto a = session_->analysis();
    if (!a->set) {
        summary_->setText(tr("No results loaded — File → Open, or drop a bundle here."));
        mismatch_->clear();
        updateTitle();
        return;
    }
    const bool rescored = a->set->usesRescored();
    int errors = 0;
    for (const auto& t : a->set->trials)
        if (!t.loadError.empty()) ++errors;
    const int problems = static_cast<int>(a->set->problems.size());
    summary_->setText(
        (rescored ? tr("Rewards: %1 · ").arg(qs(rewardsLabel(*a->set))) : QString()) +
        tr("%n trial(s), ", nullptr, static_cast<int>(a->set->trials.size())) +
        tr("%n system(s), ", nullptr, static_cast<int>(a->systems.size())) +
        tr("%1 of %2 tasks shown%3%4")
            .arg(a->tasks.size())
            .arg(a->set->tasks.size())
            .arg(errors
                     ? tr("; %n trial(s) could not be read (see Trials, status: load error)", nullptr, errors)
                     : QString())
            .arg(problems ? tr("; %n import problem(s) (View → Problems)", nullptr, problems) : QString()));
    // Each bundle: its trials, Harbor jobs and the Harbor versions their lock.json name.
    QStringList bundleLines;
    for (const auto& b : a->set->bundleInfo)
        bundleLines << tr("%1: %n trial(s)", nullptr, b.trials).arg(qs(b.path)) +
                           (b.jobs ? tr(", %n Harbor job(s)", nullptr, b.jobs) : QString()) +
                           (b.harborVersions.empty() ? QString() : tr(", Harbor %1").arg(joinedVersions(b)));
    summary_->setToolTip(bundleLines.join(QLatin1Char('\n')));
    const int unrecorded = session_->scoredWithoutRecordCount();
    mismatch_->setText(tr("Mismatches: %1").arg(session_->mismatchCount()) +
                       (unrecorded ? tr(" (+%1 one-sided)").arg(unrecorded) : QString()));
    mismatch_->setToolTip(
        tr("Trials whose recorded and rescored rewards differ by more than 1e-4; trials with "
           "no recorded reward (scorer crash) or no rescored reward are counted apart."));
    updateTitle();
}

void MainWindow::updateTitle() {
    const auto a = session_->analysis();
    const bool rescored = a->set && a->set->usesRescored();
    const QString rewards = rescored ? tr(" — rescored rewards (second opinion)") : QString();
    if (!workspacePath_.isEmpty()) {
        // "name.vernier.json[*] — Vernier": Qt shows the marker while the session differs from the file.
        setWindowTitle(tr("%1[*] — Vernier%2").arg(QFileInfo(workspacePath_).fileName(), rewards));
        setWindowModified(workspaceModified());
        return;
    }
    setWindowModified(false);
    if (session_->bundles().isEmpty()) {
        setWindowTitle(QStringLiteral("Vernier"));
        return;
    }
    setWindowTitle(QStringLiteral("Vernier — %1%2%3")
                       .arg(session_->bundles().size() == 1
                                ? QFileInfo(session_->bundles().first()).fileName()
                                : tr("%n bundle(s)", nullptr, session_->bundles().size()),
                            sampleShown_ ? tr(" (sample)") : QString(), rewards));
}

bool MainWindow::showView(const QString& key) {
    for (std::size_t i = 0; i < pages_.size(); ++i)
        if (pages_[i]->key() == key) {
            navigation_->setCurrentRow(static_cast<int>(i));
            return true;
        }
    return false;
}

QString MainWindow::currentViewKey() const {
    const int i = stack_->currentIndex();
    return i >= 0 && i < static_cast<int>(pages_.size()) ? pages_[static_cast<std::size_t>(i)]->key()
                                                         : QString();
}

QStringList MainWindow::viewKeys() const {
    QStringList keys;
    for (ViewPage* p : pages_)
        keys << p->key();
    return keys;
}

ViewPage* MainWindow::view(const QString& key) {
    for (ViewPage* p : pages_)
        if (p->key() == key) {
            flushPage(p); // whoever asks for a page gets it up to date
            return p;
        }
    return nullptr;
}

QWidget* MainWindow::openTrial(const TrialId& trialId, bool inspector) {
    const auto a = session_->analysis();
    if (!a->set) return nullptr;
    const auto trialIndex = a->set->indexOf(trialId);
    if (!trialIndex) return nullptr;
    showView(QStringLiteral("trials"));
    trialsView_->focusTrial(trialId);
    const TrialRecord& trial = a->set->trials[*trialIndex];
    if (!inspector || trial.taskIndex < 0 || !trial.loadError.empty()) return nullptr;
    auto* window = new TrialInspector(nullptr);
    window->setAttribute(Qt::WA_DeleteOnClose);
    std::erase_if(inspectors_, [](const OpenInspector& w) { return w.window.isNull(); });
    inspectors_.push_back({window, trialId});
    // Ctrl+W and Escape close an inspector; quitting the main window closes them all (closeEvent).
    for (const QKeySequence& key : {QKeySequence(QKeySequence::Close), QKeySequence(Qt::Key_Escape)})
        connect(new QShortcut(key, window), &QShortcut::activated, window, &QWidget::close);
    window->setWindowTitle(tr("%1 — Vernier trial inspector").arg(qs(trial.trialName)));
    window->resize(1300, 850);
    connect(this, &QObject::destroyed, window, &QWidget::close);
    // The inspector's own Rescore button rescores the trial it shows, by identity.
    connect(window, &TrialInspector::rescoreRequested, this,
            [this, window] { rescore({window->trialId()}); });
    window->showTrial(trial, a->set->tasks[static_cast<std::size_t>(trial.taskIndex)]);
    // Walking (docs/inspector.md): the filtered trials of the current results, unless the page that opened
    // the trial hands over its rows (trialActivated above). The trials view's selection follows.
    std::vector<TrialId> order;
    for (const int i : a->filteredTrials())
        order.push_back(a->set->trials[static_cast<std::size_t>(i)].id());
    window->setWalk(std::move(order),
                    [this](const TrialId& id) -> std::optional<std::pair<TrialRecord, TaskInfo>> {
                        const auto now = session_->analysis();
                        const TrialRecord* t = now->set ? now->set->find(id) : nullptr;
                        if (!t || t->taskIndex < 0 || !t->loadError.empty()) return std::nullopt;
                        return std::pair{*t, now->set->tasks[static_cast<std::size_t>(t->taskIndex)]};
                    });
    connect(window, &TrialInspector::walked, this, [this, window](const TrialId& id) {
        for (auto& open : inspectors_)
            if (open.window == window) open.trial = id;
        window->setWindowTitle(tr("%1 — Vernier trial inspector").arg(window->trialName()));
        flushPage(trialsView_);
        trialsView_->focusTrial(id);
    });
    window->show();
    return window;
}

std::optional<TrialId> MainWindow::findTrial(const QString& trialName) const {
    const auto a = session_->analysis();
    if (!a->set) return std::nullopt;
    for (const TrialRecord& t : a->set->trials)
        if (qs(t.trialName) == trialName) return t.id();
    return std::nullopt;
}

void MainWindow::rescoreAll() {
    const auto set = session_->resultSet();
    if (!set) return;
    std::vector<TrialId> all;
    for (const TrialRecord& t : set->trials)
        if (t.loadError.empty()) all.push_back(t.id());
    rescore(all);
}

void MainWindow::rescore(const std::vector<TrialId>& trials) {
    if (trials.empty()) return;
    if (session_->rescoring()) {
        summary_->setText(tr("Rescoring is already running."));
        return;
    }
    RescoreOptions options = rescoreOptions_;
    options.workers = session_->rescoreWorkers(); // the setting (Analysis → Rescore workers)
    session_->rescore(trials, options);
}

} // namespace vernier::ui
