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
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
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
#include <QStackedWidget>
#include <QStatusBar>
#include <QTime>
#include <QToolBar>
#include <QVBoxLayout>
#include <Standard_Version.hxx>
#include <exception>

#include "figures/provenance.h"
#include "figures/report_export.h"
#include "figures/table_model_export.h"
#include "figures/trial_table_model.h"
#include "models/table_export.h"
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
#include "vernier_version.h"

namespace vernier::ui {

namespace {
constexpr int kMaxRecent = 8;
const char* kRecentKey = "recent";
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
    connect(navigation_, &QListWidget::currentRowChanged, stack_, &QStackedWidget::setCurrentIndex);
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
        summary_->setText(crashed ? tr("Rescoring… %1 scorer crash(es) so far").arg(crashed)
                                  : tr("Rescoring…"));
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
        connect(page, &ViewPage::trialActivated, this, [this](const TrialId& trial) { openTrial(trial); });
        connect(page, &ViewPage::compareRequested, this, [this](int a, int b) {
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
    file->addAction(tr("&Close results"), this, [this] { openResults({}, session_->taskPack()); });
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
    QAction* problems = problems_->toggleViewAction();
    problems->setText(tr("&Problems"));
    view->addAction(problems);
    QAction* submission = submission_->toggleViewAction();
    submission->setText(tr("&Submission check"));
    view->addAction(submission);

    QMenu* analysis = menuBar()->addMenu(tr("&Analysis"));
    auto* latest = analysis->addAction(tr("Use &latest finished trial per task"));
    auto* mean = analysis->addAction(tr("Use &mean over trials per task"));
    latest->setCheckable(true);
    mean->setCheckable(true);
    latest->setChecked(true);
    auto* group = new QActionGroup(this);
    group->addAction(latest);
    group->addAction(mean);
    connect(latest, &QAction::triggered, this,
            [this] { session_->setSelectionPolicy(SelectionPolicy::LatestFinished); });
    connect(mean, &QAction::triggered, this, [this] { session_->setSelectionPolicy(SelectionPolicy::Mean); });
    analysis->addSeparator();
    // Recorded rewards are the record; rescored ones are a second opinion, used only when asked for.
    auto* prefer = analysis->addAction(tr("Use &rescored rewards (second opinion)"));
    prefer->setObjectName(QStringLiteral("useRescoredAction"));
    prefer->setCheckable(true);
    prefer->setChecked(false);
    connect(prefer, &QAction::toggled, this, &MainWindow::setUseRescored);
    useRescoredAction_ = prefer;
    analysis->addAction(tr("Rescore &selected trials"), this,
                        [this] { rescore(trialsView_->selectedTrials()); });
    analysis->addAction(tr("Rescore &all trials"), this, &MainWindow::rescoreAll);
    analysis->addAction(tr("&Cancel rescoring"), session_, &Session::cancelRescore);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Vernier"), this, [this] {
        QMessageBox::about(
            this, tr("About Vernier"),
            tr("Vernier — analysis and leaderboard viewer for Parametric CAD Bench v3 results."));
    });
}

void MainWindow::openResults(const QStringList& bundles, const QString& taskPack) {
    session_->open(bundles, taskPack); // the session owns the bundles and the pack from here on
    if (bundles.isEmpty()) {
        // every view empties, the title and status say so
        summary_->setText(tr("No results loaded — File → Open, or drop a bundle here."));
        setWindowTitle(QStringLiteral("Vernier"));
        return;
    }
    if (taskPack.isEmpty()) {
        summary_->setText(tr("Open a task pack too (File → Open task pack) to match trials to tasks."));
        return;
    }
    rememberRecent();
}

void MainWindow::onAnalysisChanged() {
    const auto analysis = session_->analysis();
    filterBar_->setAnalysis(analysis);
    for (ViewPage* page : pages_)
        page->setAnalysis(analysis);
    // The panel opens by itself when a newly loaded set has problems; the user may close it again.
    const bool newSet = analysis->set.get() != problemsShownFor_;
    problemsShownFor_ = analysis->set.get();
    problems_->setResultSet(analysis->set);
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
    updateStatus();
    emit analysisShown();
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
        setWindowTitle(QStringLiteral("Vernier"));
        return;
    }
    const bool rescored = a->set->usesRescored();
    int errors = 0;
    for (const auto& t : a->set->trials)
        if (!t.loadError.empty()) ++errors;
    const int problems = static_cast<int>(a->set->problems.size());
    summary_->setText(
        (rescored ? tr("Rewards: %1 · ").arg(qs(rewardsLabel(*a->set))) : QString()) +
        tr("%1 trials, %2 systems, %3 of %4 tasks shown%5%6")
            .arg(a->set->trials.size())
            .arg(a->systems.size())
            .arg(a->tasks.size())
            .arg(a->set->tasks.size())
            .arg(errors ? tr("; %1 trial(s) could not be read (see Trials, status: load error)").arg(errors)
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
    setWindowTitle(QStringLiteral("Vernier — %1%2")
                       .arg(session_->bundles().size() == 1
                                ? QFileInfo(session_->bundles().first()).fileName()
                                : tr("%n bundle(s)", nullptr, session_->bundles().size()),
                            rescored ? tr(" — rescored rewards (second opinion)") : QString()));
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

ViewPage* MainWindow::view(const QString& key) const {
    for (ViewPage* p : pages_)
        if (p->key() == key) return p;
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
    // The inspector's own Rescore button rescores the trial it was opened for, by identity.
    connect(window, &TrialInspector::rescoreRequested, this, [this, trialId] { rescore({trialId}); });
    window->showTrial(trial, a->set->tasks[static_cast<std::size_t>(trial.taskIndex)]);
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
    session_->rescore(trials, rescoreOptions_);
}

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
        const SafeZip zip = SafeZip::openFile(path.toStdString());
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
    QStringList bundles = session_->bundles();
    QString pack = session_->taskPack();
    for (const QUrl& url : event->mimeData()->urls()) {
        if (!url.isLocalFile()) continue;
        const QString path = url.toLocalFile();
        if (looksLikeTaskPack(path))
            pack = path;
        else if (!bundles.contains(path))
            bundles << path;
    }
    event->acceptProposedAction();
    openResults(bundles, pack);
}

void MainWindow::openBundleDialog(bool zip) {
    const QString path = zip ? QFileDialog::getOpenFileName(this, tr("Open results bundle (zip)"), QString(),
                                                            tr("Zip archives (*.zip)"))
                             : QFileDialog::getExistingDirectory(this, tr("Open results bundle folder"));
    if (path.isEmpty()) return;
    QStringList bundles = session_->bundles();
    if (!bundles.contains(path)) bundles << path;
    openResults(bundles, session_->taskPack());
}

void MainWindow::openPackDialog(bool zip) {
    const QString path = zip ? QFileDialog::getOpenFileName(this, tr("Open task pack (zip)"), QString(),
                                                            tr("Zip archives (*.zip)"))
                             : QFileDialog::getExistingDirectory(this, tr("Open task pack folder"));
    if (path.isEmpty()) return;
    openResults(session_->bundles(), path);
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
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/view"), currentViewKey());
    session_->cancelRescore();
    for (const auto& open : inspectors_)
        if (open.window) open.window->close();
    QMainWindow::closeEvent(event);
}

namespace {

// Size and resolution of an exported figure.
bool askFigureOptions(QWidget* parent, FigureOptions& o) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Figure size"));
    auto* w = new QDoubleSpinBox(&dialog);
    auto* h = new QDoubleSpinBox(&dialog);
    for (QDoubleSpinBox* s : {w, h}) {
        s->setRange(1.0, 20.0);
        s->setDecimals(2);
        s->setSuffix(QObject::tr(" in"));
    }
    w->setValue(o.widthInches);
    h->setValue(o.heightInches);
    auto* dpi = new QSpinBox(&dialog);
    dpi->setRange(72, 1200);
    dpi->setValue(o.dpi);
    dpi->setSuffix(QObject::tr(" dpi (PNG)"));
    auto* form = new QFormLayout(&dialog);
    form->addRow(QObject::tr("Width"), w);
    form->addRow(QObject::tr("Height"), h);
    form->addRow(QObject::tr("Resolution"), dpi);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) return false;
    o.widthInches = w->value();
    o.heightInches = h->value();
    o.dpi = dpi->value();
    return true;
}

} // namespace

// A file name typed without an extension gets the one of the filter the user chose ("PDF (*.pdf)").
QString withChosenExtension(const QString& path, const QString& filter) {
    if (path.isEmpty() || !QFileInfo(path).suffix().isEmpty()) return path;
    const int star = static_cast<int>(filter.indexOf(QLatin1String("*.")));
    if (star < 0) return path;
    const int end = static_cast<int>(filter.indexOf(QLatin1Char(')'), star));
    return path + filter.mid(star + 1, end < 0 ? -1 : end - star - 1);
}

void MainWindow::exportFigureDialog() {
    ViewPage* page = view(currentViewKey());
    if (!page) return;
    const QList<ExportableFigure> figures = page->figures();
    if (figures.isEmpty()) {
        QMessageBox::information(this, tr("Export figure"), tr("This view has no figure; use Export table."));
        return;
    }
    int chosen = 0;
    if (figures.size() > 1) {
        QStringList names;
        for (const auto& f : figures)
            names << f.name;
        bool ok = false;
        const QString name =
            QInputDialog::getItem(this, tr("Export figure"), tr("Figure:"), names, 0, false, &ok);
        if (!ok) return;
        chosen = static_cast<int>(names.indexOf(name));
    }
    FigureOptions o = figures[chosen].defaults;
    o.provenance = makeProvenance(*session_->analysis(), QStringLiteral("Vernier: Export figure"));
    if (!askFigureOptions(this, o)) return;
    QString filter;
    const QString path = withChosenExtension(
        QFileDialog::getSaveFileName(this, tr("Export figure"), figures[chosen].name + QStringLiteral(".pdf"),
                                     tr("PDF (*.pdf);;SVG (*.svg);;PNG (*.png)"), &filter),
        filter);
    if (path.isEmpty()) return;
    FigureFormat format;
    if (!figureFormatFromPath(path, &format)) {
        QMessageBox::warning(this, tr("Export figure"), tr("Use a .pdf, .svg or .png file name."));
        return;
    }
    QString error;
    if (!exportFigure(figures[chosen].widget, path, format, o, &error))
        QMessageBox::warning(this, tr("Export figure"), error);
    else
        summary_->setText(tr("Wrote %1").arg(path));
}

void MainWindow::exportTableDialog() {
    ViewPage* page = view(currentViewKey());
    if (!page) return;
    const QList<ExportableTable> tables = page->tables();
    if (tables.isEmpty()) {
        QMessageBox::information(this, tr("Export table"), tr("This view has no table; use Export figure."));
        return;
    }
    int chosen = 0;
    if (tables.size() > 1) {
        QStringList names;
        for (const auto& t : tables)
            names << t.name;
        bool ok = false;
        const QString name =
            QInputDialog::getItem(this, tr("Export table"), tr("Table:"), names, 0, false, &ok);
        if (!ok) return;
        chosen = static_cast<int>(names.indexOf(name));
    }
    QString filter;
    const QString path = withChosenExtension(
        QFileDialog::getSaveFileName(this, tr("Export table"), tables[chosen].name + QStringLiteral(".csv"),
                                     tr("CSV (*.csv);;LaTeX booktabs (*.tex)"), &filter),
        filter);
    if (path.isEmpty()) return;
    const bool latex = path.endsWith(QLatin1String(".tex"), Qt::CaseInsensitive);
    QString text;
    const auto analysis = session_->analysis();
    if (tables[chosen].name == QLatin1String("leaderboard")) { // the CLI's numbers, via models/table_export.h
        text = latex ? leaderboardLatexText(*analysis) : leaderboardCsvText(*analysis);
    } else if (tables[chosen].name == QLatin1String("trials") && !latex && analysis->set) {
        // Data, not display text: the listed trials in their shown order, raw numbers, a trial-name column.
        std::vector<int> rows;
        const QAbstractItemModel& m = *tables[chosen].model;
        for (int r = 0; r < m.rowCount(); ++r)
            rows.push_back(m.index(r, 0).data(TrialTableModel::TrialIndexRole).toInt());
        text = QString::fromStdString(trialsCsv(*analysis->set, rows));
    }
    if (text.isEmpty())
        text = latex ? modelToLatex(*tables[chosen].model, tables[chosen].name)
                     : modelToCsv(*tables[chosen].model);
    QString error;
    const Provenance provenance = makeProvenance(*analysis, QStringLiteral("Vernier: Export table"));
    text = latex ? withLatexProvenance(text, provenance) : withCsvProvenance(text, provenance);
    if (!writeTextFile(path, text, &error))
        QMessageBox::warning(this, tr("Export table"), error);
    else
        summary_->setText(tr("Wrote %1").arg(path));
}

void MainWindow::exportReportDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export report into folder"));
    if (dir.isEmpty()) return;
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    ReportOptions options;
    options.command = QStringLiteral("Vernier: Export report");
    const QStringList files = exportReport(session_->analysis(), dir, options, &error);
    QApplication::restoreOverrideCursor();
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export report"), error);
    else
        summary_->setText(tr("Wrote %1 files to %2").arg(files.size()).arg(dir));
}

} // namespace vernier::ui
