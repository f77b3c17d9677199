#pragma once
// A page of the main window (leaderboard, workflows, …): receives every new Analysis snapshot and
// says which figures and tables it can export.
#include <QList>
#include <QString>
#include <QWidget>
#include <memory>

#include "figures/figure_export.h"
#include "models/trial_id.h"
#include "ui/analysis.h"

class QAbstractItemModel;

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

signals:
    void trialActivated(const vernier::TrialId& trial); // open the trial (inspector / details)
    void compareRequested(int systemA, int systemB);
};

} // namespace vernier::ui
