// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The filter row shared by every view: workflow, task category, system, trial status.
#include <QWidget>
#include <memory>

#include "ui/analysis.h"

#include <set>
#include <string>

class QComboBox;
class QLabel;
class QMenu;
class QPushButton;

namespace vernier::ui {

class FilterBar : public QWidget {
    Q_OBJECT
public:
    explicit FilterBar(QWidget* parent = nullptr);
    // Refreshes the category and system choices, keeping the current selection when still present.
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis);
    // The bar's fields (workflow, category, systems, status) over the fields it does not show (tasks,
    // bundles, hidden systems), which come from the last snapshot's filter.
    Filter filter() const;
    // Shows `filter` (a workspace's, the session's) without emitting filterChanged: the session keeps it
    // whole.
    void setFilter(const Filter& filter);
    // The system choice: a drop-down of check boxes, one per system (shown by its alias) and "All systems".
    // Checked labels; every listed system checked is "all" (Filter::systems empty).
    std::set<std::string> checkedSystems() const;
    void setCheckedSystems(const std::set<std::string>& labels); // empty: all
    // "All systems", the one system's name, or "3 of 13 systems".
    QString systemSummary() const;
    // Says, next to the status choice, when the current page does not apply it (`page` names the page).
    void setStatusApplies(bool applies, const QString& page);

signals:
    void filterChanged(const vernier::Filter& filter);

private:
    void emitChanged();
    QComboBox* workflow_;
    QComboBox* category_;
    QPushButton* system_;
    QMenu* systemMenu_;
    Filter base_; // the snapshot's filter: fields the bar does not edit are kept from it
    void rebuildSystemMenu(const Analysis& analysis, const std::set<std::string>& checked);
    void updateSystemText();
    QComboBox* status_;
    QLabel* statusNote_;
    bool statusApplies_ = true;
    QString page_;
    void updateStatusNote();
    bool updating_ = false;
};

} // namespace vernier::ui
