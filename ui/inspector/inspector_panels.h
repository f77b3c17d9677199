// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The trial inspector's tabs beside the 3D views: scores, the spec parameter table (filtered by status),
// the feature trees, the drawing (image_to_cad), answer.py and the trajectory. Shows what it is given;
// loading and scoring happen elsewhere (analysis_task.h).
#include <optional>
#include <vector>

#include <QTabWidget>

#include "models/trial_analysis.h"
#include "models/trial_record.h"

class QComboBox;
class QPlainTextEdit;
class QTextBrowser;
class QTableView;

namespace vernier::ui {

class DrawingView;
class FeatureTreesPanel;
class ParameterStatusFilter;
class ParameterTableModel;
class ScoresPanel;
class TrajectoryView;

class InspectorPanels : public QTabWidget {
    Q_OBJECT
public:
    explicit InspectorPanels(QWidget* parent = nullptr);

    // The trial's own files: answer.py, the trajectory and (image_to_cad) the task's drawing.
    void showTrialFiles(const TrialRecord& trial, const TaskInfo& task);
    // One analysed stage: scores, parameters, feature trees.
    void showStage(const StageAnalysis& stage, std::optional<double> recordedReward,
                   std::optional<double> rescoredReward, const QString& combination);
    void clearStage();

    ScoresPanel* scores() const { return scores_; }
    ParameterTableModel* parameterModel() const { return parameters_; }
    ParameterStatusFilter* parameterFilter() const { return parameterFilter_; }
    FeatureTreesPanel* featureTrees() const { return trees_; }
    TrajectoryView* trajectory() const { return trajectory_; }
    QTextBrowser* instruction() const { return instruction_; }

    // At most this much of instruction.md is rendered (1 MiB); a longer file is cut and the tab says so.
    static constexpr std::size_t kInstructionLimit = std::size_t{1} << 20;
    // The Markdown the Instruction tab renders for a task: its instruction.md (capped, with a note when
    // cut), or a one-line note when the task has none.
    static QString instructionMarkdown(const TaskInfo& task);

signals:
    void rescoreClicked();
    // The candidate faces (0-based) the hovered parameter was measured on; empty when unknown.
    void parameterFacesHovered(const std::vector<int>& faces);

private:
    ScoresPanel* scores_ = nullptr;
    ParameterTableModel* parameters_ = nullptr;
    ParameterStatusFilter* parameterFilter_ = nullptr;
    QTableView* parameterView_ = nullptr;
    QComboBox* statusBox_ = nullptr;
    FeatureTreesPanel* trees_ = nullptr;
    DrawingView* drawing_ = nullptr;
    QPlainTextEdit* answerPy_ = nullptr;
    TrajectoryView* trajectory_ = nullptr;
    QTextBrowser* instruction_ = nullptr;
};

} // namespace vernier::ui
