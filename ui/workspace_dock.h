// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Workspace dock (docs/workspace.md, "Workspace in the GUI"): every opened bundle with its trial count
// and its problems (expand a bundle to see each with its reason; activating a problem that names a trial
// opens that trial), a check box to enable or disable it (views update), Remove / Reload / Open folder, the
// task pack; and the systems, each with its colour swatch, display name (alias) and a Hidden check box, to
// rename, recolour, hide or reset. Every change goes to the Session (setBundleEnabled, closeBundle,
// reloadBundle, setStyles); the dock shows what the session has and keeps no state of its own.
#include <QDockWidget>
#include <QHash>
#include <QSet>
#include <QString>

#include "models/trial_id.h"

class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace vernier::ui {

class Session;

class WorkspaceDock : public QDockWidget {
    Q_OBJECT
public:
    // Item data roles of the bundle tree.
    enum Role {
        KindRole = Qt::UserRole + 1, // "bundle", "pack", "problem", "other"
        PathRole,                    // bundle or pack path (bundle rows, their problems: the bundle)
        TrialRole,                   // problem rows: TrialId::key() of the trial it names ("" when none)
    };
    // Columns of the systems tree.
    enum SystemColumn { NameColumn = 0, LabelColumn = 1, HiddenColumn = 2 };
    static constexpr int kLabelRole = Qt::UserRole + 1; // systems tree: the system's label

    explicit WorkspaceDock(Session* session, QWidget* parent = nullptr);

    QTreeWidget* bundleTree() const { return bundles_; }
    QTreeWidget* systemTree() const { return systems_; }
    // The bundle row of a path (nullptr when not listed).
    QTreeWidgetItem* bundleItem(const QString& bundle) const;
    // Problems listed under every bundle and the pack.
    int problemCount() const { return problemCount_; }

    // Style edits (also behind the context menu and double-click); each goes to Session::setStyles.
    void setAlias(const QString& label, const QString& alias);
    void setColour(const QString& label, const QString& colour); // "#rrggbb", or empty: identity colour
    void setHidden(const QString& label, bool hidden);
    void resetStyle(const QString& label);

    // Rebuilds both trees from the session (called on every analysisChanged()).
    void refresh();

signals:
    void trialActivated(const vernier::TrialId& trial);

private:
    void onBundleItemChanged(QTreeWidgetItem* item, int column);
    void onSystemItemChanged(QTreeWidgetItem* item, int column);
    void activateBundleItem(QTreeWidgetItem* item);
    void bundleMenu(const QPoint& pos);
    void systemMenu(const QPoint& pos);
    QString selectedBundle() const;
    void removeBundle(const QString& bundle);
    void openFolder(const QString& path);
    void pickColour(const QString& label);
    void renameDialog(const QString& label);
    void updateButtons();

    Session* session_;
    QTreeWidget* bundles_;
    QTreeWidget* systems_;
    QPushButton* remove_;
    QPushButton* reload_;
    QPushButton* openFolder_;
    bool updating_ = false;
    int problemCount_ = 0;
    QSet<QString> expanded_;         // bundle paths whose problems the user expanded
    QHash<QString, int> lastTrials_; // trial count of each bundle when last enabled
};

} // namespace vernier::ui
