// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/problems_dock.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QTreeWidget>

#include <string>
#include <unordered_map>

#include "models/result_set.h"

namespace vernier::ui {

namespace {
constexpr int kTrialIndexRole = Qt::UserRole + 1;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}
} // namespace

ProblemsDock::ProblemsDock(QWidget* parent) : QDockWidget(tr("Problems"), parent) {
    setObjectName(QStringLiteral("problemsDock"));
    list_ = new QTreeWidget(this);
    list_->setObjectName(QStringLiteral("problemsList"));
    list_->setColumnCount(3);
    list_->setHeaderLabels({tr("Trial"), tr("Reason"), tr("Where")});
    list_->setRootIsDecorated(false);
    list_->setUniformRowHeights(true);
    list_->setAlternatingRowColors(true);
    list_->setSortingEnabled(true);
    list_->sortByColumn(-1, Qt::AscendingOrder); // import order until the user sorts
    list_->header()->setStretchLastSection(true);
    list_->setColumnWidth(0, 260);
    list_->setColumnWidth(1, 520);
    list_->setToolTip(tr("Double-click or press Enter on a row to open its trial."));
    setWidget(list_);
    connect(list_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item, int) { activate(item); });
}

void ProblemsDock::setResultSet(std::shared_ptr<const ResultSet> set) {
    if (set == set_ && set_) return; // a filter change: the same problems
    set_ = std::move(set);
    list_->clear();
    if (!set_) {
        setWindowTitle(tr("Problems"));
        return;
    }
    // Each problem's trial, found by its folder path. Only the problems' paths are kept (a handful), so a
    // new snapshot of 10^5 trials costs one lookup per trial, not a table of every path (docs/architecture.md
    // "Large result sets").
    std::unordered_map<std::string, int> byPath;
    for (const auto& p : set_->problems)
        if (!p.trial.empty()) byPath.emplace(p.path, -1);
    if (!byPath.empty())
        for (std::size_t i = 0; i < set_->trials.size(); ++i)
            if (const auto hit = byPath.find(set_->trials[i].trialPath); hit != byPath.end())
                hit->second = static_cast<int>(i);
    QList<QTreeWidgetItem*> items;
    for (const auto& p : set_->problems) {
        auto* item = new QTreeWidgetItem({p.trial.empty() ? tr("—") : qs(p.trial), qs(p.reason), qs(p.path)});
        item->setToolTip(1, qs(p.reason));
        item->setToolTip(2, qs(p.path));
        const int trial = p.trial.empty() ? -1 : byPath.at(p.path);
        item->setData(0, kTrialIndexRole, trial);
        if (trial < 0) item->setToolTip(0, tr("A bundle- or pack-level problem"));
        items << item;
    }
    list_->addTopLevelItems(items);
    setWindowTitle(tr("Problems (%1)").arg(items.size()));
}

int ProblemsDock::problemCount() const {
    return list_->topLevelItemCount();
}

void ProblemsDock::activate(QTreeWidgetItem* item) {
    if (!item) return;
    const int trial = item->data(0, kTrialIndexRole).toInt();
    if (trial >= 0) emit trialActivated(trial);
}

} // namespace vernier::ui
