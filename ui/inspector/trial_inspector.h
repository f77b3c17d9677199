// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The trial inspector window: a header naming the trial, a toolbar, the 3D views (inspector_views.h) and
// the panels (inspector_panels.h). It holds the trial's state (stages, current stage and mode, deviation
// fields) and wires the parts together; loading, scoring and deviation run in an AnalysisTask whose
// results arrive as signals. Closing or destroying the window never waits for that work. The main window
// opens one per trial.
//
// Walking (docs/inspector.md): the inspector knows the ordered list of trials it was opened from and steps
// through it (Previous/Next, Alt+Left/Alt+Right, PgUp/PgDn), stopping at both ends. Candidate vs candidate:
// showCandidates() puts two systems' trials of one task side by side, candidate A in the reference's role
// (colour, ICP target, deviation base) and the task's reference as a third view shown on demand.
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <QWidget>

#include "models/trial_analysis.h"
#include "models/trial_id.h"
#include "models/trial_record.h"
#include "viewers/camera_link.h"
#include "viewers/colour_map.h"
#include "viewers/offscreen_renderer.h"

class QComboBox;
class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QTabBar;
class QTabWidget;

namespace vernier::ui {

class AnalysisTask;
class FeatureTreesPanel;
class InspectorPanels;
class InspectorViews;
class ParameterStatusFilter;
class ParameterTableModel;
class ScoresPanel;
class TrajectoryView;

class TrialInspector : public QWidget {
    Q_OBJECT
public:
    explicit TrialInspector(QWidget* parent = nullptr);
    ~TrialInspector() override; // cancels and detaches the background work, never waits for it

    // Loads and scores the trial's documents off the GUI thread; analysisReady() follows.
    void showTrial(const TrialRecord& trial, const TaskInfo& task);
    // The same trial with new recorded/rescored results (a rescore anywhere): the score panels update,
    // the geometry and the camera stay.
    void updateRecords(const TrialRecord& trial);
    const QString& trialName() const { return trialName_; }
    // The trial shown (candidate vs candidate: candidate A).
    const TrialId& trialId() const { return trialId_; }

    // Walking. The resolver gives a trial's record and task from the current results (nullopt: the trial is
    // gone or cannot be inspected, and walking skips it).
    using TrialResolver = std::function<std::optional<std::pair<TrialRecord, TaskInfo>>(const TrialId&)>;
    void setWalk(std::vector<TrialId> order, TrialResolver resolve);
    void setWalkOrder(std::vector<TrialId> order); // keeps the resolver
    const std::vector<TrialId>& walkOrder() const { return walkOrder_; }
    // Index of the shown trial in the order, -1 when it is not in it.
    int walkPosition() const;
    // Shows the next (+1) or previous (-1) trial of the order that resolves. False at an end: walking stops
    // there (no wrap-around), and the button of that direction is disabled.
    bool walk(int step);
    bool canWalk(int step) const;
    QString walkText() const; // "3 of 41", empty when the trial is not in the order

    // Candidate vs candidate: one task's trials of two systems. B is measured against A (overlay, ICP,
    // deviation); the task's reference is loaded for the third view.
    void showCandidates(const TrialRecord& a, const TrialRecord& b, const TaskInfo& task);
    bool comparingCandidates() const { return candidates_; }
    const TrialId& candidateB() const { return trialIdB_; }
    void setReferenceVisible(bool visible);
    bool referenceVisible() const;
    // Candidate vs candidate: the current stage's reference analysis (reference vs candidate A).
    const StageAnalysis* currentReferenceAnalysis() const;
    std::optional<double> rescoredReward() const { return rescoredReward_; }

    void setMode(viewers::InspectorMode mode);
    viewers::InspectorMode mode() const { return mode_; }
    int stageCount() const { return static_cast<int>(stages_.size()); }
    void setStage(int index);
    int stage() const { return stage_; }
    const StageAnalysis* currentAnalysis() const;
    // The current stage's deviation field once computed (deviation mode), else null.
    std::shared_ptr<const viewers::DeviationField> currentDeviation() const;
    bool analysing() const;

    // The current picture through the shared offscreen path (what "Export image" saves).
    QImage exportImage(QSize size, bool transparentBackground) const;

    // Parts, for the main window and tests.
    ParameterTableModel* parameterModel() const;
    ParameterStatusFilter* parameterFilter() const;
    ScoresPanel* scoresPanel() const;
    FeatureTreesPanel* featureTrees() const;
    TrajectoryView* trajectoryView() const;
    QTabWidget* panels() const;
    InspectorViews* views() const { return views_; }
    viewers::CameraLink& cameraLink();

signals:
    void rescoreRequested(const QString& trialName);
    void walked(const vernier::TrialId& trial); // walking showed another trial
    void analysisReady();
    void deviationReady();

private:
    QWidget* buildToolbar();
    QWidget* buildHeaderRow();
    void updateWalkControls();
    void startTrial(const TrialRecord& trial, const TaskInfo& task); // the common part of both shows
    void onAnalysisFinished(const std::vector<StageAnalysis>& stages);
    void onDeviationFinished(int stage, std::shared_ptr<const viewers::DeviationField> field);
    void showCurrentStage(); // captions, panels and scene of the current stage
    void updateCaptions();
    void updateScene();
    void updateSection();
    void exportImageInteractively();
    // The current stage's unmatched faces when marking is on (empty otherwise).
    UnmatchedFaces currentUnmatched() const;
    viewers::SceneRequest sceneRequest() const;

    // Trial state.
    TrialId trialId_;
    QString trialName_;
    QString combination_;
    std::optional<double> recordedReward_, rescoredReward_;
    std::vector<StageInput> inputs_;
    std::vector<StageAnalysis> stages_;
    std::vector<std::shared_ptr<const viewers::DeviationField>> deviations_;
    // Per stage, computed on first use (an O(faces²) search; captions and scene both ask).
    mutable std::vector<std::optional<UnmatchedFaces>> unmatched_;
    int stage_ = 0;
    viewers::InspectorMode mode_ = viewers::InspectorMode::SideBySide;
    viewers::DivergingColourMap colourMap_;
    AnalysisTask* task_ = nullptr;

    // Walking.
    std::vector<TrialId> walkOrder_;
    TrialResolver resolve_;

    // Candidate vs candidate: stages_ hold B against A; referenceStages_ the reference against A.
    bool candidates_ = false;
    TrialId trialIdB_;
    QString labelA_, labelB_;
    std::vector<StageAnalysis> referenceStages_;

    // Parts.
    QLabel* header_ = nullptr; // task, workflow, system, trial, recorded reward
    QPushButton* previous_ = nullptr;
    QPushButton* next_ = nullptr;
    QLabel* position_ = nullptr;        // "3 of 41"
    QCheckBox* referenceBox_ = nullptr; // candidate vs candidate: show the reference as a third view
    QLabel* status_ = nullptr;
    InspectorViews* views_ = nullptr;
    InspectorPanels* panels_ = nullptr;
    QTabBar* stageTabs_ = nullptr;
    QComboBox* modeBox_ = nullptr;
    QCheckBox* linkBox_ = nullptr;
    QCheckBox* sectionBox_ = nullptr;
    QCheckBox* markBox_ = nullptr; // paint faces without a counterpart (per-face ICP residual > 0.1 mm)
    QComboBox* sectionAxis_ = nullptr;
    QSlider* sectionPos_ = nullptr;
    QSlider* transparency_ = nullptr;
    QDoubleSpinBox* rangeBox_ = nullptr;
};

} // namespace vernier::ui
