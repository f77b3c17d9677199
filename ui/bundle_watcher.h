// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Watches the open bundles that are folders while a Harbor job may still be writing them (docs/formats.md,
// "Live follow"): a QFileSystemWatcher on the job folders and the running trial folders, plus a poll every
// 2 s for file systems where change notifications do not arrive (network mounts), both debounced. Each scan
// runs off the GUI thread and is compared with the previous one there: trial folders whose result.json
// appeared, changed (modification time or size) or went away are reported; zipped bundles are never watched.
// The poll slows down on large bundles (a scan of 10^5 trial folders takes seconds) so that polling uses at
// most a twentieth of one core, and while no trial is running or waiting to be read again.
#include <QFileSystemWatcher>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <vector>

#include "models/follow_state.h"

namespace vernier::ui {

class BundleWatcher : public QObject {
    Q_OBJECT
public:
    // What one scan sees (models/follow_state.h).
    using TrialState = FollowTrialState;
    using FolderState = FollowFolderState;

    explicit BundleWatcher(QObject* parent = nullptr);
    ~BundleWatcher() override;

    // A walk of a bundle folder (any thread): scanFollowState.
    static FolderState scan(const QString& bundle) { return scanFollowState(bundle); }
    static bool isFolder(const QString& bundle) { return isFollowableFolder(bundle); }

    // Starts watching these bundles from the given states (as their import read them, so no change in
    // between is lost: ImportOptions::followStates); replaces whatever was watched.
    void watch(const QHash<QString, FolderState>& baselines);
    void stop();
    bool watching() const { return !states_.isEmpty(); }
    // Trial folders of the watched bundles that have no result.json yet.
    int runningTrials() const { return running_; }
    // The next scan reports this trial folder again if it still has a result.json (it could not be read).
    void retryLater(const QString& bundle, const QString& dir);
    // The poll interval while trials are running or waiting (default 2 s); the interval in use follows it
    // (pollInterval()).
    void setPollInterval(int ms);
    int pollInterval() const;

signals:
    // Trial folders (relative, ending in '/') of `bundle` to read again, and ones that are gone.
    void trialsChanged(const QString& bundle, const QStringList& changed, const QStringList& removed);
    void runningTrialsChanged(int running);

private:
    // One bundle's scan compared with the state it started from (on the scanning thread).
    struct Scanned {
        QString bundle;
        FolderState now;
        QStringList changed, removed; // sorted; `changed` without the folders to retry
        int running = 0;
    };
    static Scanned compared(const QString& bundle, const FolderState& before, FolderState now);
    // Frees a state on a pool thread.
    static void retire(FolderState&& state);
    void requestScan();
    void startScan();
    void scanned(std::vector<Scanned>& scans, quint64 generation);
    void updateWatchedPaths();
    void applyPollInterval();

    QFileSystemWatcher* fs_;
    QTimer* poll_;
    QTimer* debounce_;
    QHash<QString, FolderState> states_;
    QHash<QString, QSet<QString>> retry_; // bundle -> trial folders to report again
    quint64 generation_ = 0;              // watch()/stop() make scans in flight stale
    bool scanning_ = false;
    bool scanAgain_ = false;
    int running_ = 0;
    int basePollMs_;
    qint64 lastScanMs_ = 0;
};

} // namespace vernier::ui
