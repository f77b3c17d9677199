// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Per-axis scores of one trial stage: recorded by the verifier, rescored by Vernier's engine, and
// recomputed live by the inspector (TrialScorer, through models/trial_analysis.h); geometry subscores,
// ICP residuals, the gate and its reason; the live combined, or why there is none.
#include <QWidget>

#include "models/trial_analysis.h"

class QTreeWidget;
class QPushButton;
class QLabel;

namespace vernier::ui {

class ScoresPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScoresPanel(QWidget* parent = nullptr);
    // trialReward: the recorded and rescored whole-trial rewards; combination: how the stages combine.
    void showStage(const StageAnalysis& stage, std::optional<double> recordedReward,
                   std::optional<double> rescoredReward, const QString& combination);
    void clear();
    QTreeWidget* tree() const { return tree_; }
    QPushButton* rescoreButton() const { return rescore_; }

signals:
    void rescoreClicked();

private:
    QTreeWidget* tree_;
    QPushButton* rescore_;
    QLabel* combination_;
};

} // namespace vernier::ui
