#pragma once
// Per-axis scores of one trial stage: recorded by the verifier, rescored by Vernier's engine, and
// recomputed live by the inspector; geometry subscores, ICP residuals, the gate and its reason.
#include <QWidget>

#include "viewers/trial_analysis.h"

class QTreeWidget;
class QPushButton;
class QLabel;

namespace vernier::viewers {

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

} // namespace vernier::viewers
