// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The row actions every table that names a trial or a system shares (docs/inspector.md "Tables"):
//   - Enter opens the current row's trial, as a double-click does (both emit trialActivated);
//   - a context menu: Copy (the cell), Copy row as CSV (safe CSV, models/table_export.h csvField, header
//     line first), Open trial folder, Open in inspector, Rescore this trial. Rows naming no trial (a system)
//     get the two copies only; views add their own entries (e.g. "Compare with …") through a menu hook.
// Installed on any QAbstractItemView with a callback that names the trial of an index.
#include <functional>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>

#include "models/trial_id.h"

class QAbstractItemView;
class QMenu;
class QModelIndex;
class QWidget;

namespace vernier::ui {

class TableActions : public QObject {
    Q_OBJECT
public:
    // The trial a row names (nullopt: the row names a system or nothing).
    using TrialOf = std::function<std::optional<TrialId>(const QModelIndex&)>;
    // Adds view-specific entries to the menu of `index` (after the shared ones).
    using MenuHook = std::function<void(QMenu& menu, const QModelIndex& index)>;

    // Installs on `view` (the TableActions is its child): Enter, double-click and the context menu.
    static TableActions* install(QAbstractItemView* view, TrialOf trialOf);

    void setMenuHook(MenuHook hook) { hook_ = std::move(hook); }
    QAbstractItemView* view() const { return view_; }
    std::optional<TrialId> trialAt(const QModelIndex& index) const;
    // The trials of the rows as displayed (sorted, filtered), top to bottom, each once.
    std::vector<TrialId> trialOrder() const;

    // The context menu of `index`, parented to `parent` (tests inspect it without exec()).
    QMenu* buildMenu(const QModelIndex& index, QWidget* parent);
    // The cell's text and the CSV of its row (the selected rows when `index` is one of them), header first.
    static QString cellText(const QModelIndex& index);
    QString rowsCsv(const QModelIndex& index) const;
    void copyCell(const QModelIndex& index) const;
    void copyRowsCsv(const QModelIndex& index) const;

signals:
    void trialActivated(const vernier::TrialId& trial); // Enter, double-click, "Open in inspector"
    void rescoreRequested(const std::vector<vernier::TrialId>& trials);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    TableActions(QAbstractItemView* view, TrialOf trialOf);
    void activate(const QModelIndex& index);

    QAbstractItemView* view_;
    TrialOf trialOf_;
    MenuHook hook_;
};

// The trial entries of a menu (Open trial folder, Open in inspector, Rescore this trial), also for widgets
// that are not item views (the heatmap); `context` owns the connections.
void addTrialMenuActions(QMenu& menu, const TrialId& trial, QObject* context,
                         std::function<void(const TrialId&)> open,
                         std::function<void(const std::vector<TrialId>&)> rescore);

// A trial's folder on disk (bundle folder + trial folder); empty when the bundle is a .zip or the folder is
// not there.
QString trialFolder(const TrialId& trial);

} // namespace vernier::ui
