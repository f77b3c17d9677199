// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/workspace_dock.h"

#include <QColorDialog>
#include <QDesktopServices>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "figures/palette.h"
#include "models/result_set.h"
#include "ui/session.h"

namespace vernier::ui {

namespace {

// True when `path` is `root` or lies below it.
bool isUnder(const QString& path, const QString& root) {
    if (root.isEmpty()) return false;
    return path == root || path.startsWith(root + QLatin1Char('/')) ||
           path.startsWith(root + QLatin1Char('!'));
}

QIcon swatch(const QColor& colour) {
    QPixmap pixmap(14, 14);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(0, 0, 0, 120), 1));
    p.setBrush(colour);
    p.drawRoundedRect(QRectF(0.5, 0.5, 13, 13), 2, 2);
    return QIcon(pixmap);
}

} // namespace

WorkspaceDock::WorkspaceDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Workspace"), parent), session_(session) {
    setObjectName(QStringLiteral("workspaceDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(4);

    // Side by side in the bottom area (the default: problem reasons get the window's width), stacked when
    // the user moves the dock to a side.
    auto* splitter = new QSplitter(Qt::Horizontal, body);
    splitter->setObjectName(QStringLiteral("workspaceSplitter"));
    splitter->setChildrenCollapsible(false);

    auto* top = new QWidget(splitter);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(2);
    bundles_ = new QTreeWidget(top);
    bundles_->setObjectName(QStringLiteral("workspaceBundles"));
    bundles_->setColumnCount(3);
    bundles_->setHeaderLabels({tr("Bundle / problem"), tr("Trials"), tr("Problems / reason")});
    bundles_->setUniformRowHeights(true);
    bundles_->setContextMenuPolicy(Qt::CustomContextMenu);
    bundles_->setSelectionMode(QAbstractItemView::SingleSelection);
    bundles_->header()->setStretchLastSection(true);
    bundles_->setColumnWidth(0, 300);
    bundles_->setColumnWidth(1, 70);
    bundles_->setToolTip(tr("Check a bundle to include it. Expand it to see its import problems; "
                            "double-click or press Enter on a problem to open its trial."));
    topLayout->addWidget(bundles_, 1);
    auto* buttons = new QHBoxLayout;
    buttons->setSpacing(4);
    remove_ = new QPushButton(tr("Remove"), top);
    remove_->setObjectName(QStringLiteral("workspaceRemove"));
    reload_ = new QPushButton(tr("Reload"), top);
    reload_->setObjectName(QStringLiteral("workspaceReload"));
    openFolder_ = new QPushButton(tr("Open folder"), top);
    openFolder_->setObjectName(QStringLiteral("workspaceOpenFolder"));
    buttons->addWidget(remove_);
    buttons->addWidget(reload_);
    buttons->addWidget(openFolder_);
    buttons->addStretch(1);
    topLayout->addLayout(buttons);

    auto* bottom = new QWidget(splitter);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->setSpacing(2);
    auto* systemsTitle =
        new QLabel(tr("<b>Systems</b> — double-click to rename; right-click for colour"), bottom);
    bottomLayout->addWidget(systemsTitle);
    systems_ = new QTreeWidget(bottom);
    systems_->setObjectName(QStringLiteral("workspaceSystems"));
    systems_->setColumnCount(3);
    systems_->setHeaderLabels({tr("System"), tr("Label"), tr("Hidden")});
    systems_->setRootIsDecorated(false);
    systems_->setUniformRowHeights(true);
    // Labels that differ only at their end (the agent version of three variants of one agent and model) stay
    // told apart when the column is too narrow for them.
    systems_->setTextElideMode(Qt::ElideMiddle);
    systems_->setContextMenuPolicy(Qt::CustomContextMenu);
    systems_->header()->setStretchLastSection(false);
    systems_->header()->setSectionResizeMode(LabelColumn, QHeaderView::Stretch);
    systems_->setColumnWidth(NameColumn, 250);
    systems_->setColumnWidth(HiddenColumn, 56);
    bottomLayout->addWidget(systems_, 1);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    connect(this, &QDockWidget::dockLocationChanged, splitter, [splitter](Qt::DockWidgetArea area) {
        splitter->setOrientation(area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea
                                     ? Qt::Vertical
                                     : Qt::Horizontal);
    });
    layout->addWidget(splitter, 1);
    setWidget(body);

    connect(bundles_, &QTreeWidget::itemChanged, this, &WorkspaceDock::onBundleItemChanged);
    connect(bundles_, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem* item, int) { activateBundleItem(item); });
    connect(bundles_, &QTreeWidget::itemExpanded, this, [this](QTreeWidgetItem* item) {
        if (!updating_) expanded_.insert(item->data(0, PathRole).toString());
    });
    connect(bundles_, &QTreeWidget::itemCollapsed, this, [this](QTreeWidgetItem* item) {
        if (!updating_) expanded_.remove(item->data(0, PathRole).toString());
    });
    connect(bundles_, &QTreeWidget::customContextMenuRequested, this, &WorkspaceDock::bundleMenu);
    connect(bundles_, &QTreeWidget::itemSelectionChanged, this, &WorkspaceDock::updateButtons);
    connect(systems_, &QTreeWidget::itemChanged, this, &WorkspaceDock::onSystemItemChanged);
    connect(systems_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item, int column) {
        if (column == HiddenColumn) return;
        renameDialog(item->data(0, kLabelRole).toString());
    });
    connect(systems_, &QTreeWidget::customContextMenuRequested, this, &WorkspaceDock::systemMenu);
    connect(remove_, &QPushButton::clicked, this, [this] { removeBundle(selectedBundle()); });
    connect(reload_, &QPushButton::clicked, this, [this] { session_->reloadBundle(selectedBundle()); });
    connect(openFolder_, &QPushButton::clicked, this, [this] { openFolder(selectedBundle()); });
    connect(session_, &Session::analysisChanged, this, &WorkspaceDock::refresh);
    refresh();
}

QTreeWidgetItem* WorkspaceDock::bundleItem(const QString& bundle) const {
    for (int i = 0; i < bundles_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = bundles_->topLevelItem(i);
        if (item->data(0, KindRole).toString() == QLatin1String("bundle") &&
            item->data(0, PathRole).toString() == bundle)
            return item;
    }
    return nullptr;
}

void WorkspaceDock::refresh() {
    updating_ = true;
    const QString selected = selectedBundle();
    const auto analysis = session_->analysis();
    const ResultSet* set = analysis->set.get();
    bundles_->clear();
    problemCount_ = 0;

    // The trials that problems name, by display path, to link each problem to the trial it concerns: only
    // those (a refresh follows every filter change, and 10^5 trials made that a 170 ms hash).
    std::unordered_map<std::string, TrialId> byPath;
    if (set && !set->problems.empty()) {
        std::unordered_set<std::string> named;
        for (const ImportProblem& p : set->problems)
            named.insert(p.path);
        for (const TrialRecord& t : set->trials)
            if (named.count(t.trialPath)) byPath.emplace(t.trialPath, t.id());
    }
    std::vector<bool> placed(set ? set->problems.size() : 0, false);
    auto addProblems = [&](QTreeWidgetItem* parent, const QString& root, const QString& bundle) {
        int n = 0;
        if (!set) return n;
        for (std::size_t i = 0; i < set->problems.size(); ++i) {
            if (placed[i]) continue;
            const ImportProblem& p = set->problems[i];
            const QString path = qs(p.path);
            const auto trial = byPath.find(p.path);
            const bool mine = root.isEmpty() || isUnder(path, root) ||
                              (trial != byPath.end() && qs(trial->second.bundle) == root);
            if (!mine) continue;
            placed[i] = true;
            ++n;
            auto* item = new QTreeWidgetItem(parent);
            item->setText(0, p.trial.empty() ? QFileInfo(path).fileName() : qs(p.trial));
            item->setText(2, qs(p.reason));
            item->setToolTip(0, path);
            item->setToolTip(2, qs(p.reason));
            item->setData(0, KindRole, QStringLiteral("problem"));
            item->setData(0, PathRole, bundle);
            item->setData(0, TrialRole,
                          trial != byPath.end() && !p.trial.empty() ? qs(trial->second.key()) : QString());
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        }
        return n;
    };

    for (const QString& b : session_->bundles()) {
        const bool enabled = session_->bundleEnabled(b);
        auto* item = new QTreeWidgetItem(bundles_);
        item->setText(0, QFileInfo(b).fileName());
        item->setToolTip(0, b);
        item->setData(0, KindRole, QStringLiteral("bundle"));
        item->setData(0, PathRole, b);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(0, enabled ? Qt::Checked : Qt::Unchecked);
        const BundleInfo* info = nullptr;
        if (set)
            for (const BundleInfo& bi : set->bundleInfo)
                if (qs(bi.path) == b) info = &bi;
        if (info) lastTrials_.insert(b, info->trials);
        if (!enabled)
            item->setText(1, lastTrials_.contains(b) ? tr("(%1)").arg(lastTrials_.value(b)) : tr("—"));
        else if (info)
            item->setText(1, QString::number(info->trials));
        else
            item->setText(1, session_->taskPack().isEmpty() ? tr("no pack") : tr("…"));
        item->setToolTip(1, enabled ? tr("Trials read from this bundle")
                                    : tr("Disabled: left out of every view (last trial count in brackets)"));
        const int n = enabled ? addProblems(item, b, b) : 0;
        problemCount_ += n;
        item->setText(2,
                      enabled ? (n ? tr("%n problem(s)", nullptr, n) : tr("no problems")) : tr("disabled"));
        if (!enabled) {
            QFont f = item->font(0);
            f.setItalic(true);
            for (int c = 0; c < 3; ++c) {
                item->setFont(c, f);
                item->setForeground(c, palette().brush(QPalette::Disabled, QPalette::Text));
            }
        }
        if (expanded_.contains(b)) item->setExpanded(true);
        if (b == selected) item->setSelected(true);
    }

    const QString pack = session_->taskPack();
    auto* packItem = new QTreeWidgetItem(bundles_);
    packItem->setData(0, KindRole, QStringLiteral("pack"));
    packItem->setData(0, PathRole, pack);
    packItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    QFont bold = packItem->font(0);
    bold.setBold(true);
    packItem->setFont(0, bold);
    if (pack.isEmpty()) {
        packItem->setText(0, tr("Task pack: none"));
        packItem->setText(2,
                          session_->bundles().isEmpty() ? QString() : tr("open a task pack to match trials"));
    } else {
        packItem->setText(0, tr("Task pack: %1").arg(QFileInfo(pack).fileName()));
        packItem->setToolTip(0, pack);
        if (set) packItem->setText(1, tr("%n task(s)", nullptr, static_cast<int>(set->tasks.size())));
        const int n = addProblems(packItem, pack, pack);
        problemCount_ += n;
        packItem->setText(2, n ? tr("%n problem(s)", nullptr, n) : QString());
        if (expanded_.contains(pack)) packItem->setExpanded(true);
    }
    // Problems that name neither a bundle nor the pack (rare: a path given differently).
    if (set && std::find(placed.begin(), placed.end(), false) != placed.end()) {
        auto* other = new QTreeWidgetItem(bundles_);
        other->setText(0, tr("Other problems"));
        other->setData(0, KindRole, QStringLiteral("other"));
        other->setData(0, PathRole, QStringLiteral("\n(other)"));
        const int n = addProblems(other, QString(), QString());
        problemCount_ += n;
        other->setText(2, tr("%n problem(s)", nullptr, n));
        if (expanded_.contains(QStringLiteral("\n(other)"))) other->setExpanded(true);
    }
    setWindowTitle(problemCount_ ? tr("Workspace (%n problem(s))", nullptr, problemCount_) : tr("Workspace"));

    // Systems: every system of the set, hidden ones included (they leave the views, not this list).
    systems_->clear();
    if (set) {
        const SystemStyles& styles = session_->styles();
        for (std::size_t i = 0; i < set->systems.size(); ++i) {
            const std::string label = set->systems[i].label();
            auto* item = new QTreeWidgetItem(systems_);
            item->setData(0, kLabelRole, qs(label));
            item->setText(NameColumn, qs(styles.displayName(label)));
            item->setIcon(NameColumn, swatch(palette::systemColor(*analysis, static_cast<int>(i))));
            item->setText(LabelColumn, qs(label));
            item->setToolTip(LabelColumn, qs(label));
            item->setToolTip(NameColumn, styles.userColour(label).empty()
                                             ? tr("Identity colour (stable whatever the scores)")
                                             : tr("Colour chosen: %1").arg(qs(styles.userColour(label))));
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
            item->setCheckState(HiddenColumn, styles.hidden(label) ? Qt::Checked : Qt::Unchecked);
            if (styles.hidden(label)) {
                QFont f = item->font(NameColumn);
                f.setItalic(true);
                item->setFont(NameColumn, f);
            }
        }
    }
    updating_ = false;
    updateButtons();
}

void WorkspaceDock::updateButtons() {
    const bool any = !selectedBundle().isEmpty();
    remove_->setEnabled(any);
    reload_->setEnabled(any && session_->bundleEnabled(selectedBundle()));
    openFolder_->setEnabled(any);
}

QString WorkspaceDock::selectedBundle() const {
    const auto items = bundles_->selectedItems();
    if (items.isEmpty()) return {};
    QTreeWidgetItem* item = items.first();
    const QString kind = item->data(0, KindRole).toString();
    if (kind == QLatin1String("bundle") || kind == QLatin1String("problem")) {
        const QString path = item->data(0, PathRole).toString();
        return session_->bundles().contains(path) ? path : QString();
    }
    return {};
}

void WorkspaceDock::onBundleItemChanged(QTreeWidgetItem* item, int column) {
    if (updating_ || column != 0 || item->data(0, KindRole).toString() != QLatin1String("bundle")) return;
    const QString path = item->data(0, PathRole).toString();
    const bool on = item->checkState(0) == Qt::Checked;
    // Queued: the session may answer at once (nothing left to import), and the tree is rebuilt then;
    // never inside this item's own signal.
    QMetaObject::invokeMethod(
        this, [this, path, on] { session_->setBundleEnabled(path, on); }, Qt::QueuedConnection);
}

void WorkspaceDock::activateBundleItem(QTreeWidgetItem* item) {
    if (!item || item->data(0, KindRole).toString() != QLatin1String("problem")) return;
    const QString key = item->data(0, TrialRole).toString();
    if (!key.isEmpty()) emit trialActivated(TrialId::fromKey(key.toStdString()));
}

void WorkspaceDock::removeBundle(const QString& bundle) {
    if (bundle.isEmpty()) return;
    expanded_.remove(bundle);
    lastTrials_.remove(bundle);
    session_->closeBundle(bundle);
    refresh(); // closing the last bundle leaves nothing to import: the list updates now
}

void WorkspaceDock::openFolder(const QString& path) {
    if (path.isEmpty()) return;
    const QFileInfo info(path);
    QDesktopServices::openUrl(QUrl::fromLocalFile(info.isDir() ? path : info.absolutePath()));
}

void WorkspaceDock::bundleMenu(const QPoint& pos) {
    QTreeWidgetItem* item = bundles_->itemAt(pos);
    if (!item) return;
    item->setSelected(true);
    const QString kind = item->data(0, KindRole).toString();
    const QString path = item->data(0, PathRole).toString();
    QMenu menu(this);
    if (kind == QLatin1String("problem")) {
        const QString key = item->data(0, TrialRole).toString();
        QAction* open = menu.addAction(tr("Open trial"), this, [this, item] { activateBundleItem(item); });
        open->setEnabled(!key.isEmpty());
        menu.addSeparator();
    }
    if (kind == QLatin1String("bundle") || kind == QLatin1String("problem")) {
        const bool enabled = session_->bundleEnabled(path);
        menu.addAction(enabled ? tr("Disable") : tr("Enable"), this,
                       [this, path, enabled] { session_->setBundleEnabled(path, !enabled); });
        menu.addAction(tr("Reload"), this, [this, path] { session_->reloadBundle(path); })
            ->setEnabled(enabled);
        menu.addAction(tr("Remove"), this, [this, path] { removeBundle(path); });
    }
    if (!path.isEmpty() && kind != QLatin1String("other"))
        menu.addAction(tr("Open folder"), this, [this, path] { openFolder(path); });
    if (!menu.isEmpty()) menu.exec(bundles_->viewport()->mapToGlobal(pos));
}

void WorkspaceDock::onSystemItemChanged(QTreeWidgetItem* item, int column) {
    if (updating_ || column != HiddenColumn) return;
    const QString label = item->data(0, kLabelRole).toString();
    const bool hidden = item->checkState(HiddenColumn) == Qt::Checked;
    QMetaObject::invokeMethod(
        this, [this, label, hidden] { setHidden(label, hidden); }, Qt::QueuedConnection);
}

void WorkspaceDock::systemMenu(const QPoint& pos) {
    QTreeWidgetItem* item = systems_->itemAt(pos);
    if (!item) return;
    const QString label = item->data(0, kLabelRole).toString();
    const bool hidden = session_->styles().hidden(label.toStdString());
    QMenu menu(this);
    menu.addAction(tr("Rename…"), this, [this, label] { renameDialog(label); });
    menu.addAction(tr("Colour…"), this, [this, label] { pickColour(label); });
    menu.addAction(hidden ? tr("Show") : tr("Hide"), this,
                   [this, label, hidden] { setHidden(label, !hidden); });
    menu.addSeparator();
    menu.addAction(tr("Reset name, colour and visibility"), this, [this, label] { resetStyle(label); });
    menu.exec(systems_->viewport()->mapToGlobal(pos));
}

void WorkspaceDock::renameDialog(const QString& label) {
    if (label.isEmpty()) return;
    bool ok = false;
    const QString current = qs(session_->styles().displayName(label.toStdString()));
    const QString alias = QInputDialog::getText(
        this, tr("Rename system"), tr("Name shown for %1 (empty: the label):").arg(label), QLineEdit::Normal,
        current == label ? QString() : current, &ok);
    if (ok) setAlias(label, alias.trimmed());
}

void WorkspaceDock::pickColour(const QString& label) {
    if (label.isEmpty()) return;
    QColor initial;
    const auto analysis = session_->analysis();
    if (analysis->set)
        for (std::size_t i = 0; i < analysis->set->systems.size(); ++i)
            if (qs(analysis->set->systems[i].label()) == label)
                initial = palette::systemColor(*analysis, static_cast<int>(i));
    const QColor c = QColorDialog::getColor(initial, this, tr("Colour of %1").arg(label));
    if (c.isValid()) setColour(label, c.name(QColor::HexRgb));
}

void WorkspaceDock::setAlias(const QString& label, const QString& alias) {
    SystemStyles styles = session_->styles();
    styles.setAlias(label.toStdString(), alias.toStdString());
    session_->setStyles(styles);
}

void WorkspaceDock::setColour(const QString& label, const QString& colour) {
    SystemStyles styles = session_->styles();
    styles.setColour(label.toStdString(), colour.toStdString());
    session_->setStyles(styles);
}

void WorkspaceDock::setHidden(const QString& label, bool hidden) {
    SystemStyles styles = session_->styles();
    styles.setHidden(label.toStdString(), hidden);
    session_->setStyles(styles);
}

void WorkspaceDock::resetStyle(const QString& label) {
    SystemStyles styles = session_->styles();
    styles.byLabel.erase(label.toStdString());
    session_->setStyles(styles);
}

} // namespace vernier::ui
