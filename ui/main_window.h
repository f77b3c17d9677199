// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The main window: navigation between views, the shared filter bar, menus (open, recent, export,
// rescoring), drag and drop of bundles and task packs, progress and mismatch count in the status bar,
// and window state remembered between runs.
#include <QMainWindow>
#include <QPointer>
#include <QStringList>
#include <optional>
#include <vector>

#include "models/trial_id.h"
#include "models/workspace.h"
#include "ui/analysis.h"
#include "worker/rescoring.h"

class QComboBox;
class QLabel;
class QListWidget;
class QMenu;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTimer;

namespace vernier::ui {

class TrialInspector;

class FilterBar;
class Session;
class ViewPage;
class TrialsView;
class CompareView;
class ProblemsDock;
class WorkspaceDock;
class SubmissionDock;

// "fig" + "PDF (*.pdf)" -> "fig.pdf"; a name with an extension is kept as typed.
QString withChosenExtension(const QString& path, const QString& filter);

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Session* session() const { return session_; }
    // Loads bundles against a task pack (background); remembered in the recent list. The session owns
    // both (session()->bundles(), session()->taskPack()).
    void openResults(const QStringList& bundles, const QString& taskPack);
    // Opens bundles the way File → Open does: added to the open ones, or, while the sample is shown,
    // instead of the sample (its systems and its pack leave). Without `taskPack` the open pack is kept
    // (never the sample's); with none, the pack beside the bundle (packBeside) or, when interactive, the
    // user is asked.
    void openBundles(const QStringList& bundles, const QString& taskPack = QString());
    // The embedded sample (docs/contract.md §5), replacing whatever is open. False when none is found.
    bool openSample();
    bool sampleShown() const { return sampleShown_; }
    // A task pack next to a bundle: a sibling folder (or the bundle's parent's sibling "pack"/"tasks")
    // that looksLikeTaskPack. Empty when none.
    static QString packBeside(const QString& bundle);
    // Workspace files (docs/workspace.md): open replaces everything shown; save writes the session's
    // state. False with a one-line reason in `error`.
    bool openWorkspaceFile(const QString& path, QString* error = nullptr);
    bool saveWorkspaceFile(const QString& path, QString* error = nullptr);
    const QString& workspacePath() const { return workspacePath_; }
    // True when the session differs from the workspace file last opened or saved.
    bool workspaceModified() const;
    WorkspaceDock* workspaceDock() const { return workspace_; }
    // Shows a view by key (leaderboard, workflows, failures, cost, heatmap, compare, trials).
    bool showView(const QString& key);
    QString currentViewKey() const;
    QStringList viewKeys() const;
    ViewPage* view(const QString& key); // brought up to date first (flushPage)
    // Brings every page up to date with the current snapshot now (analysisShown follows if any was behind).
    void flushPendingPages();
    // Opens a trial of the current snapshot: selects it in the trials view (details panel) and, when
    // `inspector` is true, opens the 3D trial inspector in its own window. Returns that window (nullptr when
    // not opened, or when the trial is not in the current results).
    QWidget* openTrial(const TrialId& trial, bool inspector);
    void openTrial(const TrialId& trial) { openTrial(trial, interactive_); }
    // The first trial of the current results with this trial name (folder name); nullopt when absent.
    std::optional<TrialId> findTrial(const QString& trialName) const;

    void restoreSettings();
    // Off for --screenshot and tests: problems go to the status bar only, never to a modal dialog.
    void setInteractive(bool on) { interactive_ = on; }
    // Analysis → Rescore all trials: every valid trial of the loaded results, in background workers.
    void rescoreAll();
    // Options for every rescoring started from this window (worker program, cache directory, …).
    void setRescoreOptions(const RescoreOptions& options) { rescoreOptions_ = options; }

    // Heuristic used for drops and "Open…": a folder or zip with <task>/task.toml entries is a task pack.
    static bool looksLikeTaskPack(const QString& path);

signals:
    void analysisShown(); // a new snapshot reached every view

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildMenus();
    void addPage(ViewPage* page);
    void onAnalysisChanged();
    void rememberRecent();
    void rememberRecentWorkspace(const QString& path);
    void rebuildRecentWorkspacesMenu();
    void openWorkspaceDialog();
    void saveWorkspaceAs();
    void updateTitle();
    void syncPolicyControls();
    // Last folder of a kind of file dialog ("bundle", "pack", "workspace", "export"), kept in QSettings.
    QString lastFolder(const QString& kind) const;
    void rememberFolder(const QString& kind, const QString& path);
    void restoreLayouts(); // splitter sizes and table header states, once the tables have columns
    void saveLayouts();
    void rebuildRecentMenu();
    void openBundleDialog(bool zip);
    void openPackDialog(bool zip);
    void exportFigureDialog();
    void exportTableDialog();
    void exportReportDialog();
    void rescore(const std::vector<TrialId>& trials);
    void updateStatus();
    void setUseRescored(bool on); // the toolbar switch and the Analysis menu item, kept in step

    Session* session_;
    FilterBar* filterBar_;
    QListWidget* navigation_;
    QStackedWidget* stack_;
    std::vector<ViewPage*> pages_;
    // A new Analysis reaches the page on screen at once and the others one per event-loop turn after it
    // (docs/architecture.md "Large result sets"): on 10^5 trials a filter change shows its numbers without
    // waiting for six hidden tables and charts. A page is brought up to date before it is shown or asked for.
    void updateNextPendingPage();
    void analysisReachedEveryPage();
    void flushPage(ViewPage* page);
    std::vector<ViewPage*> pendingPages_;
    std::shared_ptr<const Analysis> pendingAnalysis_;
    QTimer* pendingTimer_ = nullptr;
    TrialsView* trialsView_ = nullptr;
    CompareView* compareView_ = nullptr;
    ProblemsDock* problems_ = nullptr;
    WorkspaceDock* workspace_ = nullptr;
    QString workspacePath_;         // the workspace file last opened or saved; empty: none
    Workspace savedWorkspace_;      // its content then (title bar's modified marker)
    bool sampleShown_ = false;      // the embedded sample is what is open
    bool barFilterPending_ = false; // a workspace's filter to show in the filter bar once systems exist
    bool layoutsRestored_ = true;   // false: restoreSettings() waits for the first results (columns)
    QMenu* recentWorkspacesMenu_ = nullptr;
    QList<QAction*> policyActions_;       // Analysis → Attempts, by SelectionPolicy value
    QAction* splitByJobAction_ = nullptr; // Analysis → Split systems by job
    SubmissionDock* submission_ = nullptr;
    struct OpenInspector {
        QPointer<TrialInspector> window;
        TrialId trial; // what it shows, followed across snapshots
    };
    std::vector<OpenInspector> inspectors_; // open inspector windows (closed on quit)
    QAction* useRescoredAction_ = nullptr;
    QComboBox* rewardsSwitch_ = nullptr;
    const void* problemsShownFor_ = nullptr; // the result set the panel was last opened for
    QMenu* recentMenu_ = nullptr;
    QLabel* summary_;
    QLabel* lastRescore_ = nullptr; // the outcome of the last rescore, kept until the next
    QLabel* follow_ = nullptr;      // "following N running trials" (live follow), hidden when none
    QLabel* mismatch_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    bool interactive_ = true;
    RescoreOptions rescoreOptions_;
};

} // namespace vernier::ui
