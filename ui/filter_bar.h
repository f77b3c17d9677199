#pragma once
// The filter row shared by every view: workflow, task category, system, trial status.
#include <QWidget>
#include <memory>

#include "ui/analysis.h"

class QComboBox;

namespace vernier::ui {

class FilterBar : public QWidget {
    Q_OBJECT
public:
    explicit FilterBar(QWidget* parent = nullptr);
    // Refreshes the category and system choices, keeping the current selection when still present.
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis);
    Filter filter() const;
    void setFilter(const Filter& filter);

signals:
    void filterChanged(const vernier::Filter& filter);

private:
    void emitChanged();
    QComboBox* workflow_;
    QComboBox* category_;
    QComboBox* system_;
    QComboBox* status_;
    bool updating_ = false;
};

} // namespace vernier::ui
