// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/analysis_task.h"

#include <BRepBuilderAPI_Copy.hxx>
#include <QtConcurrent/QtConcurrentRun>

#include "viewers/shape_presentation.h"

namespace vernier::ui {

namespace {

std::atomic<int> g_activeJobs{0};
AnalysisTask::StageAnalyser g_analyser; // GUI thread only; empty = analyseStage

// Counts a job from its creation on the GUI thread to the end of its run on the pool.
struct JobCount {
    JobCount() { ++g_activeJobs; }
    JobCount(const JobCount&) = delete;
    JobCount& operator=(const JobCount&) = delete;
    ~JobCount() { --g_activeJobs; }
};

} // namespace

AnalysisTask::AnalysisTask(QObject* parent) : QObject(parent) {}

AnalysisTask::~AnalysisTask() {
    detach();
}

int AnalysisTask::activeJobs() {
    return g_activeJobs.load();
}

void AnalysisTask::setStageAnalyser(StageAnalyser analyser) {
    g_analyser = std::move(analyser);
}

void AnalysisTask::detach() {
    if (cancelled_) cancelled_->store(true);
    cancelled_.reset();
    // Deleting a watcher neither waits for nor cancels its future: the job finishes on the pool and its
    // result goes with the last QFuture copy.
    delete analysis_;
    analysis_ = nullptr;
    delete deviation_;
    deviation_ = nullptr;
    deviationStage_ = -1;
}

void AnalysisTask::cancel() {
    detach();
}

void AnalysisTask::start(std::vector<StageInput> inputs) {
    detach();
    cancelled_ = std::make_shared<std::atomic<bool>>(false);
    auto count = std::make_shared<JobCount>();
    const Flag cancelled = cancelled_;
    const StageAnalyser analyse = g_analyser ? g_analyser : StageAnalyser(&analyseStage);
    analysis_ = new QFutureWatcher<std::vector<StageAnalysis>>(this);
    auto* watcher = analysis_;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        if (watcher != analysis_) return; // an older job
        const std::vector<StageAnalysis> stages = watcher->result();
        analysis_ = nullptr;
        watcher->deleteLater();
        emit finished(stages);
    });
    analysis_->setFuture(QtConcurrent::run([inputs = std::move(inputs), cancelled, count, analyse] {
        std::vector<StageAnalysis> out;
        for (const auto& in : inputs) {
            if (cancelled->load()) break;
            StageAnalysis a = analyse(in);
            // The views mesh what they show when they display it, on the GUI thread, where a part with
            // thousands of faces took seconds: meshed here instead, before the shapes are shared, as the
            // views will want them (viewers::tessellateForDisplay).
            for (const auto* doc : {&a.reference, &a.candidate})
                if (*doc && !cancelled->load()) viewers::tessellateForDisplay((*doc)->shape);
            out.push_back(std::move(a));
        }
        return out;
    }));
}

void AnalysisTask::startDeviation(int stage, const TopoDS_Shape& reference, const TopoDS_Shape& candidate,
                                  const Eigen::Matrix3d& R, const Eigen::Vector3d& t) {
    if (deviation_ && deviationStage_ == stage) return; // already on it
    delete deviation_;
    deviationStage_ = stage;
    // Deep copies on this thread: meshing writes triangulations into the shape the display is reading.
    const TopoDS_Shape ref =
        reference.IsNull() ? reference : BRepBuilderAPI_Copy(reference, true, false).Shape();
    const TopoDS_Shape cand =
        candidate.IsNull() ? candidate : BRepBuilderAPI_Copy(candidate, true, false).Shape();
    auto count = std::make_shared<JobCount>();
    deviation_ = new QFutureWatcher<std::shared_ptr<const viewers::DeviationField>>(this);
    auto* watcher = deviation_;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        if (watcher != deviation_) return;
        const auto field = watcher->result();
        const int s = deviationStage_;
        deviation_ = nullptr;
        deviationStage_ = -1;
        watcher->deleteLater();
        emit deviationFinished(s, field);
    });
    deviation_->setFuture(QtConcurrent::run([ref, cand, R, t,
                                             count]() -> std::shared_ptr<const viewers::DeviationField> {
        return std::make_shared<const viewers::DeviationField>(viewers::computeDeviation(ref, cand, R, t));
    }));
}

} // namespace vernier::ui
