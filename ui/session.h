// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The open analysis, and the single owner of its state: which bundles and task pack are loaded, the
// selection policy, the reward preference (recorded or rescored), the rescored results of this session,
// the shared filter, and the current ResultSet and Analysis snapshot. The main window and the views read
// these from here and keep no copies. Import, statistics and rescoring run off the GUI thread; views only
// ever see complete immutable snapshots, delivered through analysisChanged().
//
// Trials are named by TrialId (bundle + trial folder), never by their index in a snapshot: rescored results
// are kept by TrialId and merged into whatever snapshot is current when they arrive, so importing another
// bundle, changing the filter or closing a bundle during a rescore neither loses nor misplaces a result.
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "models/trial_id.h"
#include "models/workspace.h"
#include "ui/analysis.h"
#include "worker/rescoring.h"

namespace vernier::ui {

class BundleWatcher;

class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);
    ~Session() override;

    // Sets the bundles and the task pack. With both, imports in the background and emits analysisChanged()
    // or loadFailed(); with no bundle, closes the results (the task pack is kept); with bundles but no task
    // pack, remembers the bundles and shows nothing until a pack is given.
    void open(const QStringList& bundles, const QString& taskPack);
    void load(const QStringList& bundles, const QString& taskPack) { open(bundles, taskPack); }
    // Adds one bundle to the open ones (no effect when it is open already) / closes one.
    void addBundle(const QString& bundle);
    void closeBundle(const QString& bundle);
    // Closes every bundle: the views show nothing. The task pack, the policies and the rescored results of
    // this session are kept (by trial, for bundles opened again).
    void clear();
    // Every listed bundle, enabled or not, in the order opened.
    const QStringList& bundles() const { return bundles_; }
    // The bundles imported (listed and not disabled).
    QStringList enabledBundles() const;
    const QString& taskPack() const { return taskPack_; }

    void setFilter(const Filter& filter);
    const Filter& filter() const { return filter_; }
    // Which trial stands for a system on a task; kept across loads.
    void setSelectionPolicy(SelectionPolicy policy);
    SelectionPolicy selectionPolicy() const { return policy_; }
    // Recorded rewards are the record and the default; this switch is kept across loads.
    void setPreferRescored(bool on);
    bool preferRescored() const { return preferRescored_; }

    // ---- Workspace (docs/workspace.md). ----
    // Bundles can be disabled without closing them (views update; the bundle stays listed and keeps its
    // rescored results). Enabled bundles are those imported.
    void setBundleEnabled(const QString& bundle, bool enabled);
    bool bundleEnabled(const QString& bundle) const;
    // Reads one bundle again from disk (its trials are replaced; rescored results are kept by TrialId).
    void reloadBundle(const QString& bundle);
    // Aliases, user colours and hidden systems. Changing them updates the snapshot's styles (and the
    // filter's hidden systems) and emits analysisChanged(); the numbers are not recomputed unless hidden
    // systems changed.
    void setStyles(const SystemStyles& styles);
    const SystemStyles& styles() const { return styles_; }
    // The whole state as a workspace (paths absolute), and the reverse: opens the workspace's bundles and
    // pack, and takes its filter, policies and styles.
    Workspace workspace() const;
    void applyWorkspace(const Workspace& workspace);
    // Worker processes of a GUI rescore (default: the number of cores).
    void setRescoreWorkers(int workers);
    // Every Harbor job of an agent and model its own system (ResultSet::setSplitByJob); kept across loads.
    void setSplitByJob(bool on);
    bool splitByJob() const { return splitByJob_; }
    int rescoreWorkers() const { return rescoreWorkers_; }

    // Current snapshot; never null (empty before the first load).
    std::shared_ptr<const Analysis> analysis() const { return analysis_; }
    // The newest result set (session state applied), possibly newer than analysis()->set while statistics
    // are being recomputed; null when nothing is loaded.
    std::shared_ptr<const ResultSet> resultSet() const { return set_; }
    bool busy() const { return pendingWork_ > 0; }

    // Rescores the given trials of the current result set in worker processes; progress is reported
    // through rescoreProgress(). Each result is stored by trial as it arrives and merged into the current
    // snapshot when the run ends.
    void rescore(const std::vector<TrialId>& trials, const RescoreOptions& options = {});
    void cancelRescore();
    bool rescoring() const { return engine_ != nullptr; }
    // The rescored result of a trial in this session (whether or not its bundle is open).
    std::optional<RescoredResult> rescoredResult(const TrialId& trial) const;
    const std::unordered_map<TrialId, RescoredResult>& rescoredResults() const { return rescored_; }
    // Trials whose recorded and rescored rewards both exist and differ by more than 1e-4.
    int mismatchCount() const { return mismatches_; }
    // Trials rescored where the verifier recorded no reward (or the reverse).
    int scoredWithoutRecordCount() const { return scoredWithoutRecord_; }

    // Live follow of running Harbor jobs (docs/formats.md, "Live follow"); on by default. Open bundles that
    // are folders are watched: trial folders that appear, finish or change are read again and merged into
    // the current snapshot by TrialId (the filter stays; views keep their selection by TrialId). A trial
    // that cannot be read yet (result.json being written) is retried for 30 s before it is reported.
    // Turning it on again re-imports, so nothing written meanwhile is missed.
    void setFollow(bool on);
    bool follow() const { return follow_; }
    // Trial folders of the followed bundles that have no result.json yet (0 when not following).
    int runningTrials() const;
    // Trials being retried because they could not be read yet (not reported as import problems).
    int waitingTrials() const { return static_cast<int>(unreadableSince_.size()); }
    BundleWatcher* bundleWatcher() const { return watcher_; }

signals:
    // The number of running trials of the followed bundles changed (0: nothing to follow).
    void followStatusChanged(int running);
    void busyChanged(bool busy, const QString& what);
    void loadFailed(const QString& reason);
    void analysisChanged();
    void rescoreProgress(int done, int total, int crashed);
    // One trial's result arrived (already stored; the snapshot is updated when the run ends).
    void trialRescored(const vernier::TrialId& trial);
    void rescoreFinished(int rescored, int mismatches, bool cancelled, const QString& error);

private:
    void startImport();
    // A copy of the current result set with `change` applied becomes the current one (nothing when none).
    void changeSet(const std::function<void(ResultSet&)>& change);
    // Makes `set` the current result set and recomputes the statistics for it.
    void setResultSet(std::shared_ptr<const ResultSet> set);
    void recompute();
    // Applies every rescored result of this session to the trials of `set` (matched by TrialId, never by
    // row), the selection policy and the reward preference.
    void applySessionState(ResultSet& set) const;
    void setBusy(int delta, const QString& what);
    void countMismatches(const ResultSet& set);
    // Live follow: queues changed trial folders, and reads and merges them one batch at a time.
    void onTrialsChanged(const QString& bundle, const QStringList& changed, const QStringList& removed);
    void startIncremental();
    void resetFollow();
    // `filter` with the hidden systems of the styles.
    Filter withHidden(Filter filter) const;

    QStringList bundles_;
    QSet<QString> disabledBundles_;
    SystemStyles styles_;
    int rescoreWorkers_ = 1; // the number of cores unless set
    QString taskPack_;
    Filter filter_;
    SelectionPolicy policy_ = SelectionPolicy::LatestFinished;
    bool preferRescored_ = false;
    bool splitByJob_ = false;
    std::shared_ptr<const ResultSet> set_;
    std::shared_ptr<const Analysis> analysis_;
    int pendingWork_ = 0;
    quint64 loadGeneration_ = 0;    // newest import wins; older ones are dropped
    quint64 computeGeneration_ = 0; // newest statistics win
    std::shared_ptr<RescoreEngine> engine_;

    // Rescored results by trial identity: merged into whatever snapshot is current when a rescore ends,
    // and into every later import (a closed bundle's results come back when it is opened again).
    std::unordered_map<TrialId, RescoredResult> rescored_;
    quint64 rescoredVersion_ = 0;
    int mismatches_ = 0;
    int scoredWithoutRecord_ = 0;

    // Live follow.
    BundleWatcher* watcher_;
    bool follow_ = true;
    struct PendingFolders {
        QSet<QString> changed, removed; // trial folders, relative to the bundle, ending in '/'
    };
    QHash<QString, PendingFolders> pendingFollow_; // by bundle
    bool incrementalRunning_ = false;
    QHash<QString, qint64>
        unreadableSince_; // "<bundle>\n<trial folder>" -> first failed read (ms since epoch)
};

} // namespace vernier::ui
