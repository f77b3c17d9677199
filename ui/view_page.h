// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A page of the main window (leaderboard, workflows, …): receives every new Analysis snapshot and
// says which figures and tables it can export.
#include <QList>
#include <QString>
#include <QWidget>
#include <memory>
#include <utility>
#include <vector>

#include "figures/figure_export.h"
#include "models/trial_id.h"
#include "ui/analysis.h"
#include "ui/table_actions.h"

class QAbstractItemModel;
class QAbstractItemView;

namespace vernier::ui {

struct ExportableFigure {
    QString name;    // file base name, e.g. "workflows"
    QWidget* widget; // chart view or painted widget
    FigureOptions defaults;
};

struct ExportableTable {
    QString name;
    QAbstractItemModel* model;
};

class ViewPage : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;
    virtual QString key() const = 0;   // "leaderboard", as in --view
    virtual QString title() const = 0; // navigation text
    virtual void setAnalysis(const std::shared_ptr<const Analysis>& analysis) = 0;
    virtual QList<ExportableFigure> figures() { return {}; }
    virtual QList<ExportableTable> tables() { return {}; }
    // Whether the page lists trials that the status filter selects. Aggregate pages (leaderboard, workflow
    // and cost charts, compare) use every selected trial of the filtered tasks, and the filter bar says so.
    virtual bool usesStatusFilter() const { return true; }

    // The trials, in displayed order, of the table the last trialActivated came from, handed over once
    // (the inspector walks them, docs/inspector.md); empty when the activation came from no table.
    std::vector<TrialId> takeActivationOrder() { return std::exchange(activationOrder_, {}); }

signals:
    void trialActivated(const vernier::TrialId& trial); // open the trial (inspector / details)
    void compareRequested(int systemA, int systemB);
    // Rescore these trials (a row's context menu); the main window's rescore path.
    void trialsRescoreRequested(const std::vector<vernier::TrialId>& trials);
    // Candidate vs candidate: one task's trials of two systems side by side in the inspector.
    void candidatesCompareRequested(const vernier::TrialId& a, const vernier::TrialId& b);

protected:
    // Installs the shared row actions (ui/table_actions.h) on a table of this page: its activations
    // (Enter, double-click, "Open in inspector") become trialActivated with the table's row order, its
    // rescore requests trialsRescoreRequested.
    TableActions* installTableActions(QAbstractItemView* view, TableActions::TrialOf trialOf);

private:
    std::vector<TrialId> activationOrder_;
};

} // namespace vernier::ui
