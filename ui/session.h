#pragma once
// The open analysis: which bundles and task pack are loaded, the shared filter, and the current
// Analysis snapshot. Import, statistics and rescoring run off the GUI thread; views only ever see
// complete immutable snapshots, delivered through analysisChanged().
#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <map>
#include <memory>
#include <vector>

#include "models/rescoring.h"
#include "ui/analysis.h"

namespace vernier::ui {

class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);
    ~Session() override;

    // Imports the bundles against the pack in the background; emits analysisChanged() or loadFailed().
    void load(const QStringList& bundles, const QString& taskPack);
    // Closes every bundle: the views show nothing (rescored results of this session are kept, by trial,
    // for bundles opened again).
    void clear();
    const QStringList& bundles() const { return bundles_; }
    const QString& taskPack() const { return taskPack_; }

    void setFilter(const TrialFilter& filter);
    const TrialFilter& filter() const { return filter_; }
    void setSelectionPolicy(SelectionPolicy policy);
    // Recorded rewards are the record and the default; this switch is kept across loads.
    void setPreferRescored(bool on);
    bool preferRescored() const { return preferRescored_; }

    // Current snapshot; never null (empty before the first load).
    std::shared_ptr<const Analysis> analysis() const { return analysis_; }
    bool busy() const { return pendingWork_ > 0; }

    // Rescores the given trials (indices into the set) in worker processes; progress is reported
    // through rescoreProgress() and the result replaces the snapshot.
    void rescore(const std::vector<int>& trials, const RescoreOptions& options = {});
    void cancelRescore();
    bool rescoring() const { return engine_ != nullptr; }
    // Trials whose recorded and rescored rewards both exist and differ by more than 1e-4.
    int mismatchCount() const { return mismatches_; }
    // Trials rescored where the verifier recorded no reward (or the reverse).
    int scoredWithoutRecordCount() const { return scoredWithoutRecord_; }

signals:
    void busyChanged(bool busy, const QString& what);
    void loadFailed(const QString& reason);
    void analysisChanged();
    void rescoreProgress(int done, int total, int crashed);
    void rescoreFinished(int rescored, int mismatches, bool cancelled, const QString& error);

private:
    void recompute(std::shared_ptr<const ResultSet> set);
    // Applies every rescored result of this session to the trials of `set` (matched by bundle and trial
    // folder, never by row) and the reward preference.
    void applySessionState(ResultSet& set) const;
    void setBusy(int delta, const QString& what);

    QStringList bundles_;
    QString taskPack_;
    TrialFilter filter_;
    std::shared_ptr<const Analysis> analysis_;
    int pendingWork_ = 0;
    quint64 generation_ = 0; // newest recompute wins; older results are dropped
    std::shared_ptr<RescoreEngine> engine_;
    void countMismatches(const ResultSet& set);

    bool preferRescored_ = false;
    // Rescored results by trial identity (bundle + trial folder): merged into whatever snapshot is current
    // when a rescore ends, and into every later import.
    std::map<std::string, RescoredResult> rescoredById_;
    quint64 rescoredVersion_ = 0;
    int mismatches_ = 0;
    int scoredWithoutRecord_ = 0;
};

} // namespace vernier::ui
