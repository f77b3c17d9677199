#pragma once
// The trial inspector window: a header naming the trial, a toolbar, the 3D views (inspector_views.h) and
// the panels (inspector_panels.h). It holds the trial's state (stages, current stage and mode, deviation
// fields) and wires the parts together; loading, scoring and deviation run in an AnalysisTask whose
// results arrive as signals. Closing or destroying the window never waits for that work. The main window
// opens one per trial.
#include <memory>
#include <optional>
#include <vector>

#include <QWidget>

#include "models/trial_analysis.h"
#include "models/trial_record.h"
#include "viewers/camera_link.h"
#include "viewers/colour_map.h"
#include "viewers/offscreen_renderer.h"

class QComboBox;
class QCheckBox;
class QDoubleSpinBox;
class QLabel;
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
    std::optional<double> rescoredReward() const { return rescoredReward_; }

    void setMode(viewers::InspectorMode mode);
    viewers::InspectorMode mode() const { return mode_; }
    int stageCount() const { return static_cast<int>(stages_.size()); }
    void setStage(int index);
    int stage() const { return stage_; }
    const StageAnalysis* currentAnalysis() const;
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
    void analysisReady();
    void deviationReady();

private:
    QWidget* buildToolbar();
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

    // Parts.
    QLabel* header_ = nullptr; // task, workflow, system, trial, recorded reward
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
