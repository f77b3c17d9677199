// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Text panel describing one trial: reward, per-axis scores per stage, gate, zero category and reason,
// recorded vs rescored, cost, duration, files. Shown beside the trials table and used until (or when
// not) the 3D trial inspector is available.
#include <QTextBrowser>

#include "models/result_set.h"
#include "models/system_style.h"

namespace vernier::ui {

class TrialDetails : public QTextBrowser {
    Q_OBJECT
public:
    explicit TrialDetails(QWidget* parent = nullptr);
    void showTrial(const ResultSet& set, int trialIndex);
    void clearTrial();
    // Aliases of the workspace (docs/figures.md "System colours"): the system is shown by its alias.
    void setStyles(const SystemStyles& styles) { styles_ = styles; }

private:
    SystemStyles styles_;
};

// The HTML of the panel (exposed for tests and the inspector window title); with `styles`, a system with an
// alias is shown by it, its label after it.
QString trialDetailsHtml(const ResultSet& set, int trialIndex, const SystemStyles* styles = nullptr);

} // namespace vernier::ui
