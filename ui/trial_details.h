#pragma once
// Text panel describing one trial: reward, per-axis scores per stage, gate, zero category and reason,
// recorded vs rescored, cost, duration, files. Shown beside the trials table and used until (or when
// not) the 3D trial inspector is available.
#include <QTextBrowser>

#include "models/result_set.h"

namespace vernier::ui {

class TrialDetails : public QTextBrowser {
    Q_OBJECT
public:
    explicit TrialDetails(QWidget* parent = nullptr);
    void showTrial(const ResultSet& set, int trialIndex);
    void clearTrial();
};

// The HTML of the panel (exposed for tests and the inspector window title).
QString trialDetailsHtml(const ResultSet& set, int trialIndex);

} // namespace vernier::ui
