#pragma once
// The 3D trial inspector: reference and candidate side by side with linked cameras, the ICP-aligned
// overlay and the deviation colouring, surrounded by the scores, the parameter table, the feature
// trees, the drawing, answer.py and the trajectory. The main window opens one per trial.
#include <memory>
#include <optional>
#include <vector>

#include <QFutureWatcher>
#include <QWidget>

#include "models/trial_record.h"
#include "viewers/camera_link.h"
#include "viewers/colour_map.h"
#include "viewers/offscreen_renderer.h"
#include "viewers/trial_analysis.h"

class QComboBox;
class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QSlider;
class QStackedWidget;
class QTabBar;
class QTabWidget;
class QTableView;

namespace vernier::viewers {

class DeviationLegend;
class DrawingView;
class FeatureTreesPanel;
class OcctViewWidget;
class ParameterStatusFilter;
class ParameterTableModel;
class ScoresPanel;
class TrajectoryView;
struct PickedFace;

class TrialInspector : public QWidget {
    Q_OBJECT
public:
    explicit TrialInspector(QWidget* parent = nullptr);
    ~TrialInspector() override;

    // Loads and scores the trial's documents off the GUI thread; analysisReady() follows.
    void showTrial(const TrialRecord& trial, const TaskInfo& task);
    // The same trial with new recorded/rescored results (a rescore anywhere): the score panels update,
    // the geometry and the camera stay.
    void updateRecords(const TrialRecord& trial);
    const QString& trialName() const { return trialName_; }
    std::optional<double> rescoredReward() const { return rescoredReward_; }

    void setMode(InspectorMode mode);
    InspectorMode mode() const { return mode_; }
    int stageCount() const { return static_cast<int>(stages_.size()); }
    void setStage(int index);
    int stage() const { return stage_; }
    const StageAnalysis* currentAnalysis() const;
    bool analysing() const;

    // The current picture through the shared offscreen path (what "Export image" saves).
    QImage exportImage(QSize size, bool transparentBackground) const;

    // Panels, for the main window and tests.
    ParameterTableModel* parameterModel() const { return parameters_; }
    ParameterStatusFilter* parameterFilter() const { return parameterFilter_; }
    ScoresPanel* scoresPanel() const { return scores_; }
    FeatureTreesPanel* featureTrees() const { return trees_; }
    TrajectoryView* trajectoryView() const { return trajectory_; }
    QTabWidget* panels() const { return panels_; }
    CameraLink& cameraLink() { return link_; }

signals:
    void rescoreRequested(const QString& trialName);
    void analysisReady();
    void deviationReady();

private:
    void buildUi();
    std::vector<OcctViewWidget*> views() const; // the live views (none without OpenGL)
    QWidget* buildToolbar();
    void onAnalysisFinished();
    void populatePanels();
    void updateScene();
    void startDeviation();
    void onFacePicked(const PickedFace& face);
    void exportImageInteractively();
    void updateSection();

    // Trial data.
    QString trialName_;
    QString combination_;
    std::optional<double> recordedReward_, rescoredReward_;
    std::vector<StageInput> inputs_;
    std::vector<StageAnalysis> stages_;
    std::vector<std::shared_ptr<const DeviationField>> deviations_;
    // Per stage, computed on first use (an O(faces²) search; captions and scene both ask).
    mutable std::vector<std::optional<UnmatchedFaces>> unmatched_;
    int stage_ = 0;
    int generation_ = 0;
    InspectorMode mode_ = InspectorMode::SideBySide;
    DivergingColourMap colourMap_;
    QFutureWatcher<std::vector<StageAnalysis>> analysisWatcher_;
    QFutureWatcher<DeviationField> deviationWatcher_;
    int deviationStage_ = -1;

    // Widgets.
    CameraLink link_;
    QTabBar* stageTabs_ = nullptr;
    QComboBox* modeBox_ = nullptr;
    QCheckBox* linkBox_ = nullptr;
    QCheckBox* sectionBox_ = nullptr;
    QCheckBox* markBox_ = nullptr; // paint faces without a counterpart (per-face ICP residual > 0.1 mm)
    QComboBox* sectionAxis_ = nullptr;
    QSlider* sectionPos_ = nullptr;
    QSlider* transparency_ = nullptr;
    QDoubleSpinBox* rangeBox_ = nullptr;
    QStackedWidget* viewStack_ = nullptr;
    OcctViewWidget* left_ = nullptr;
    OcctViewWidget* right_ = nullptr;
    OcctViewWidget* single_ = nullptr;
    DeviationLegend* legend_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* picked_ = nullptr;
    QLabel* header_ = nullptr;        // task, workflow, system, trial, recorded reward
    QLabel* captionLeft_ = nullptr;   // side by side: what the left view shows
    QLabel* captionRight_ = nullptr;  // … and the right one
    QLabel* captionSingle_ = nullptr; // overlay / deviation: how to read the single view
    void updateCaptions();
    // The current stage's unmatched faces when marking is on (empty otherwise).
    UnmatchedFaces currentUnmatched() const;
    QTabWidget* panels_ = nullptr;
    ScoresPanel* scores_ = nullptr;
    ParameterTableModel* parameters_ = nullptr;
    ParameterStatusFilter* parameterFilter_ = nullptr;
    QTableView* parameterView_ = nullptr;
    QComboBox* statusBox_ = nullptr;
    FeatureTreesPanel* trees_ = nullptr;
    DrawingView* drawing_ = nullptr;
    QPlainTextEdit* answerPy_ = nullptr;
    TrajectoryView* trajectory_ = nullptr;
};

} // namespace vernier::viewers
