#pragma once
// The filter row shared by every view: workflow, task category, system, trial status.
#include <QWidget>
#include <memory>

#include "ui/analysis.h"

class QComboBox;
class QLabel;

namespace vernier::ui {

class FilterBar : public QWidget {
    Q_OBJECT
public:
    explicit FilterBar(QWidget* parent = nullptr);
    // Refreshes the category and system choices, keeping the current selection when still present.
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis);
    Filter filter() const;
    void setFilter(const Filter& filter);
    // Says, next to the status choice, when the current page does not apply it (`page` names the page).
    void setStatusApplies(bool applies, const QString& page);

signals:
    void filterChanged(const vernier::Filter& filter);

private:
    void emitChanged();
    QComboBox* workflow_;
    QComboBox* category_;
    QComboBox* system_;
    QComboBox* status_;
    QLabel* statusNote_;
    bool statusApplies_ = true;
    QString page_;
    void updateStatusNote();
    bool updating_ = false;
};

} // namespace vernier::ui
