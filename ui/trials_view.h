#pragma once
// Trials page: every trial in a filterable, sortable table, a details panel for the current trial, and
// the rescoring actions (selection / all).
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

    std::vector<int> selectedTrials() const;
    std::vector<int> visibleTrials() const;
    // Selects the trial's row (clearing the search if it hides it) and shows its details.
    void focusTrial(int trialIndex);
    void setMismatchCount(int mismatches);
    TrialFilterProxy* proxy() const { return proxy_; }

signals:
    void rescoreRequested(const std::vector<int>& trials);

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
};

} // namespace vernier::ui
