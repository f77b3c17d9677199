// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The trial inspector's background work: loading and scoring a trial's documents (models/trial_analysis.h)
// and the deviation field of one stage (viewers/deviation.h), each on Qt's global thread pool. Results
// come back as signals on the GUI thread. Nothing here is ever waited for: a new start, cancel() or the
// destruction of the task sets the job's cancellation flag and drops the watcher, the job stops at its
// next check (between stages) and its result is discarded with its QFuture. A closing inspector
// therefore never blocks on a job.
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include <QFutureWatcher>
#include <QObject>

#include "models/trial_analysis.h"
#include "viewers/deviation.h"

namespace vernier::ui {

class AnalysisTask : public QObject {
    Q_OBJECT
public:
    explicit AnalysisTask(QObject* parent = nullptr);
    ~AnalysisTask() override; // cancels and detaches, never waits

    // Analyses every stage in order; finished() follows unless cancelled or restarted first.
    void start(std::vector<StageInput> inputs);
    // Computes one stage's deviation (the candidate moved by R, t); deviationFinished() follows.
    void startDeviation(int stage, const TopoDS_Shape& reference, const TopoDS_Shape& candidate,
                        const Eigen::Matrix3d& R, const Eigen::Vector3d& t);
    void cancel();

    bool analysing() const { return analysis_ != nullptr; }
    bool computingDeviation() const { return deviation_ != nullptr; }

    // Jobs of any AnalysisTask still running or queued on the pool, detached ones included (for tests and
    // diagnostics: a destroyed inspector's job keeps counting until it has stopped).
    static int activeJobs();

    // What analyses one stage: models/trial_analysis.h analyseStage unless replaced (tests use this to hold a
    // job on the pool). Taken by each start(); an empty function restores analyseStage.
    using StageAnalyser = std::function<StageAnalysis(const StageInput&)>;
    static void setStageAnalyser(StageAnalyser analyser);

signals:
    void finished(const std::vector<vernier::StageAnalysis>& stages);
    void deviationFinished(int stage, std::shared_ptr<const vernier::viewers::DeviationField> field);

private:
    using Flag = std::shared_ptr<std::atomic<bool>>;
    void detach();

    Flag cancelled_;
    QFutureWatcher<std::vector<StageAnalysis>>* analysis_ = nullptr;
    QFutureWatcher<std::shared_ptr<const viewers::DeviationField>>* deviation_ = nullptr;
    int deviationStage_ = -1;
};

} // namespace vernier::ui
