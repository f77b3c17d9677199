// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/table_actions.h"

#include <algorithm>
#include <set>

#include <QAbstractItemView>
#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QMenu>
#include <QStringList>
#include <QTableView>
#include <QUrl>

#include "figures/table_model_export.h"
#include "models/table_export.h"

namespace vernier::ui {

QString trialFolder(const TrialId& trial) {
    if (trial.bundle.empty()) return {};
    const QFileInfo bundle(QString::fromStdString(trial.bundle));
    if (!bundle.isDir()) return {}; // a .zip: nothing to open
    const QString folder = QDir(bundle.absoluteFilePath()).filePath(QString::fromStdString(trial.path));
    return QFileInfo(folder).isDir() ? QDir::cleanPath(folder) : QString();
}

void addTrialMenuActions(QMenu& menu, const TrialId& trial, QObject* context,
                         std::function<void(const TrialId&)> open,
                         std::function<void(const std::vector<TrialId>&)> rescore) {
    const QString folder = trialFolder(trial);
    QAction* openFolder = menu.addAction(QObject::tr("Open trial folder"), context, [folder] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(folder));
    });
    openFolder->setObjectName(QStringLiteral("openTrialFolder"));
    openFolder->setEnabled(!folder.isEmpty());
    if (folder.isEmpty())
        openFolder->setToolTip(QObject::tr("The trial is inside a .zip bundle or its folder is gone"));
    QAction* inspect =
        menu.addAction(QObject::tr("Open in inspector"), context, [open, trial] { open(trial); });
    inspect->setObjectName(QStringLiteral("openInInspector"));
    QAction* again =
        menu.addAction(QObject::tr("Rescore this trial"), context, [rescore, trial] { rescore({trial}); });
    again->setObjectName(QStringLiteral("rescoreTrial"));
}

TableActions::TableActions(QAbstractItemView* view, TrialOf trialOf)
    : QObject(view), view_(view), trialOf_(std::move(trialOf)) {}

TableActions* TableActions::install(QAbstractItemView* view, TrialOf trialOf) {
    auto* actions = new TableActions(view, std::move(trialOf));
    view->installEventFilter(actions);
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QAbstractItemView::doubleClicked, actions, &TableActions::activate);
    connect(view, &QWidget::customContextMenuRequested, actions, [actions](const QPoint& pos) {
        const QModelIndex index = actions->view_->indexAt(pos);
        if (!index.isValid()) return;
        QMenu* menu = actions->buildMenu(index, actions->view_);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(actions->view_->viewport()->mapToGlobal(pos));
    });
    return actions;
}

std::optional<TrialId> TableActions::trialAt(const QModelIndex& index) const {
    if (!index.isValid() || !trialOf_) return std::nullopt;
    auto trial = trialOf_(index);
    if (trial && trial->empty()) return std::nullopt;
    return trial;
}

std::vector<TrialId> TableActions::trialOrder() const {
    std::vector<TrialId> out;
    const QAbstractItemModel* model = view_->model();
    if (!model) return out;
    std::set<TrialId> seen;
    for (int r = 0; r < model->rowCount(); ++r)
        if (const auto t = trialAt(model->index(r, 0)); t && seen.insert(*t).second) out.push_back(*t);
    return out;
}

void TableActions::activate(const QModelIndex& index) {
    if (const auto t = trialAt(index)) emit trialActivated(*t);
}

bool TableActions::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_ && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        // An open cell editor gets its keys itself; the view sees Enter only when browsing.
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            const QModelIndex current = view_->currentIndex();
            if (trialAt(current)) {
                activate(current);
                return true;
            }
        }
    }
    return QObject::eventFilter(watched, event);
}

QString TableActions::cellText(const QModelIndex& index) {
    return index.data(Qt::DisplayRole).toString();
}

QString TableActions::rowsCsv(const QModelIndex& index) const {
    const QAbstractItemModel* model = index.model();
    if (!model) return {};
    const auto* table = qobject_cast<const QTableView*>(view_);
    // The columns as shown: visual order, hidden ones left out.
    std::vector<int> columns;
    for (int v = 0; v < model->columnCount(); ++v) {
        const int c = table ? table->horizontalHeader()->logicalIndex(v) : v;
        if (c >= 0 && (!table || !table->isColumnHidden(c))) columns.push_back(c);
    }
    // The clicked row, or every selected row when the clicked one is among them (in displayed order).
    std::vector<int> rows{index.row()};
    if (QItemSelectionModel* sel = view_->selectionModel(); sel && sel->isRowSelected(index.row(), {})) {
        rows.clear();
        for (int r = 0; r < model->rowCount(); ++r)
            if (sel->isRowSelected(r, {})) rows.push_back(r);
    }
    QStringList lines;
    QStringList header;
    for (int c : columns)
        header << csvCell(model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
    lines << header.join(QLatin1Char(','));
    for (int r : rows) {
        QStringList fields;
        for (int c : columns)
            fields << csvCell(model->index(r, c, index.parent()).data(Qt::DisplayRole).toString());
        lines << fields.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void TableActions::copyCell(const QModelIndex& index) const {
    QApplication::clipboard()->setText(cellText(index));
}

void TableActions::copyRowsCsv(const QModelIndex& index) const {
    QApplication::clipboard()->setText(rowsCsv(index));
}

QMenu* TableActions::buildMenu(const QModelIndex& index, QWidget* parent) {
    auto* menu = new QMenu(parent);
    const QPersistentModelIndex at(index);
    QAction* copy = menu->addAction(tr("Copy"), this, [this, at] { copyCell(at); });
    copy->setObjectName(QStringLiteral("copyCell"));
    QAction* csv = menu->addAction(tr("Copy row as CSV"), this, [this, at] { copyRowsCsv(at); });
    csv->setObjectName(QStringLiteral("copyRowCsv"));
    if (const auto trial = trialAt(index)) {
        menu->addSeparator();
        addTrialMenuActions(
            *menu, *trial, this, [this](const TrialId& t) { emit trialActivated(t); },
            [this](const std::vector<TrialId>& t) { emit rescoreRequested(t); });
    }
    if (hook_) hook_(*menu, index);
    menu->setToolTipsVisible(true);
    return menu;
}

} // namespace vernier::ui
