// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Trials page: every trial in a filterable, sortable table, a details panel for the current trial, and
// the rescoring actions (selection / all).
#include <vector>

#include "models/trial_id.h"
#include "ui/view_page.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace vernier::ui {

class TrialDetails;
class TrialFilterProxy;
class TrialTableModel;

class TrialsView : public ViewPage {
    Q_OBJECT
public:
    explicit TrialsView(QWidget* parent = nullptr);
    QString key() const override { return QStringLiteral("trials"); }
    QString title() const override { return tr("Trials"); }
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis) override;
    QList<ExportableTable> tables() override;

    std::vector<TrialId> selectedTrials() const;
    std::vector<TrialId> visibleTrials() const;
    // The trial in the details panel (empty when none).
    TrialId currentTrial() const;
    // Selects the trial's row (clearing the search if it hides it) and shows its details. False when the
    // trial is not in the shown snapshot.
    bool focusTrial(const TrialId& trial);
    void setMismatchCount(int mismatches);
    TrialFilterProxy* proxy() const { return proxy_; }

signals:
    void rescoreRequested(const std::vector<vernier::TrialId>& trials);

private:
    void showCurrent();
    std::shared_ptr<const Analysis> analysis_;
    TrialTableModel* model_;
    TrialFilterProxy* proxy_;
    QTableView* table_;
    QLineEdit* search_;
    QLabel* count_;
    QLabel* mismatches_;
    QPushButton* rescoreSelection_;
    QPushButton* rescoreAll_;
    TrialDetails* details_;
    // The column count the widths were last fitted to contents for (-1: never). Widths are fitted when the
    // first trials arrive and when a column appears, not for every snapshot: that kept overriding the
    // user's (and the last session's) widths, and took 40–70 ms a snapshot on 10^5 trials.
    int fittedColumns_ = -1;
};

} // namespace vernier::ui
