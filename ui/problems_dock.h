// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Problems panel: every bundle-, pack- and trial-level problem found while importing (unreadable
// files, unmatched tasks, refused zip entries, job statistics that disagree, stopped multi-step trials),
// each with its reason and the trial it concerns; activating a row opens that trial.
#include <QDockWidget>
#include <memory>

class QTreeWidget;
class QTreeWidgetItem;

namespace vernier {
class ResultSet;
}

namespace vernier::ui {

class ProblemsDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ProblemsDock(QWidget* parent = nullptr);
    // Lists the problems of `set` (none when null); the title counts them.
    void setResultSet(std::shared_ptr<const ResultSet> set);
    int problemCount() const;
    QTreeWidget* list() const { return list_; }

signals:
    void trialActivated(int trialIndex); // index into ResultSet::trials

private:
    void activate(QTreeWidgetItem* item);

    QTreeWidget* list_ = nullptr;
    std::shared_ptr<const ResultSet> set_;
};

} // namespace vernier::ui
