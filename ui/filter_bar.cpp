// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/filter_bar.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QPushButton>
#include <QSignalBlocker>

namespace vernier::ui {

namespace {

QComboBox* makeCombo(const QString& objectName, QWidget* parent) {
    auto* combo = new QComboBox(parent);
    combo->setObjectName(objectName);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return combo;
}

// A menu of check boxes that stays open while the user ticks several of them.
class StayOpenMenu : public QMenu {
public:
    using QMenu::QMenu;

protected:
    void mouseReleaseEvent(QMouseEvent* event) override {
        if (QAction* a = activeAction(); a && a->isEnabled() && a->isCheckable()) {
            a->trigger();
            return;
        }
        QMenu::mouseReleaseEvent(event);
    }
};

const char* const kAllSystems = "vernierAllSystems";

void selectData(QComboBox* combo, const QVariant& data) {
    const int i = combo->findData(data);
    combo->setCurrentIndex(i >= 0 ? i : 0);
}

} // namespace

FilterBar::FilterBar(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("filterBar"));
    workflow_ = makeCombo(QStringLiteral("workflowFilter"), this);
    category_ = makeCombo(QStringLiteral("categoryFilter"), this);
    // A push button with a menu: drawn like the combo boxes beside it (its arrow at the right, clear of the
    // text; a tool button's menu arrow sat on the last letter).
    system_ = new QPushButton(this);
    system_->setObjectName(QStringLiteral("systemFilter"));
    system_->setToolTip(tr("Systems shown: tick any number of them"));
    systemMenu_ = new StayOpenMenu(system_);
    systemMenu_->setObjectName(QStringLiteral("systemFilterMenu"));
    system_->setMenu(systemMenu_);
    status_ = makeCombo(QStringLiteral("statusFilter"), this);
    workflow_->addItem(tr("All workflows"), -1);
    for (Workflow w : kWorkflows)
        workflow_->addItem(QString::fromUtf8(workflowTitle(w)), static_cast<int>(w));
    category_->addItem(tr("All categories"), QString());
    updateSystemText();
    for (int s = 0; s < kTrialStatusCount; ++s)
        status_->addItem(trialStatusTitle(static_cast<TrialStatus>(s)), s);
    status_->setToolTip(tr("Applies to trial lists, the heatmap and failure drill-downs; aggregates use all "
                           "selected trials of the filtered tasks"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(new QLabel(tr("Filter:"), this));
    for (QComboBox* c : {workflow_, category_, status_}) {
        layout->addWidget(c);
        connect(c, &QComboBox::currentIndexChanged, this, &FilterBar::emitChanged);
    }
    layout->insertWidget(layout->indexOf(status_), system_);
    statusNote_ = new QLabel(this);
    statusNote_->setObjectName(QStringLiteral("statusFilterNote"));
    statusNote_->setEnabled(false); // drawn greyed: a remark, not a control
    statusNote_->hide();
    layout->addWidget(statusNote_);
    layout->addStretch(1);
}

void FilterBar::setStatusApplies(bool applies, const QString& page) {
    statusApplies_ = applies;
    page_ = page;
    updateStatusNote();
}

void FilterBar::updateStatusNote() {
    const bool ignored =
        !statusApplies_ && status_->currentData().toInt() != static_cast<int>(TrialStatus::All);
    statusNote_->setVisible(ignored);
    if (!ignored) return;
    statusNote_->setText(tr("status not applied to %1").arg(page_));
    statusNote_->setToolTip(tr("%1 aggregates every selected trial of the filtered tasks; the status filter "
                               "applies to Trials, Heatmap and the Failures lists.")
                                .arg(page_));
}

void FilterBar::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    if (!analysis) return;
    updating_ = true;
    base_ = analysis->filter;
    const QString category = category_->currentData().toString();
    category_->clear();
    category_->addItem(tr("All categories"), QString());
    for (const std::string& c : analysis->categories)
        category_->addItem(qs(c), qs(c));
    selectData(category_, category);
    // The systems the snapshot was computed for (the session owns the filter).
    rebuildSystemMenu(*analysis, analysis->filter.systems);
    updating_ = false;
}

void FilterBar::rebuildSystemMenu(const Analysis& analysis, const std::set<std::string>& checked) {
    systemMenu_->clear();
    QAction* all = systemMenu_->addAction(tr("All systems"));
    all->setObjectName(QLatin1String(kAllSystems));
    all->setCheckable(true);
    systemMenu_->addSeparator();
    if (analysis.set)
        for (std::size_t i = 0; i < analysis.set->systems.size(); ++i) {
            const std::string label = analysis.set->systems[i].label();
            if (analysis.filter.hiddenSystems.count(label) || analysis.styles.hidden(label)) continue;
            QAction* a = systemMenu_->addAction(qs(analysis.displayName(static_cast<int>(i))));
            a->setData(qs(label));
            a->setToolTip(qs(label));
            a->setCheckable(true);
            a->setChecked(checked.empty() || checked.count(label) > 0);
            connect(a, &QAction::toggled, this, [this, a](bool on) {
                if (!on && !updating_) { // the last ticked system stays ticked: none would show nothing
                    bool any = false;
                    for (QAction* other : systemMenu_->actions())
                        any = any || (other->isCheckable() && other->isChecked() &&
                                      other->objectName() != QLatin1String(kAllSystems));
                    if (!any) {
                        const QSignalBlocker block(a);
                        a->setChecked(true);
                        return;
                    }
                }
                updateSystemText();
                emitChanged();
            });
        }
    connect(all, &QAction::triggered, this, [this, all] {
        // "All" selects every system; unticking it when all are ticked changes nothing (an empty choice
        // would show nothing).
        const bool wasUpdating = updating_;
        updating_ = true;
        for (QAction* a : systemMenu_->actions())
            if (a->isCheckable() && a != all) a->setChecked(true);
        updating_ = wasUpdating;
        updateSystemText();
        emitChanged();
    });
    updateSystemText();
}

std::set<std::string> FilterBar::checkedSystems() const {
    std::set<std::string> out;
    int listed = 0;
    for (QAction* a : systemMenu_->actions()) {
        if (!a->isCheckable() || a->objectName() == QLatin1String(kAllSystems)) continue;
        ++listed;
        if (a->isChecked()) out.insert(a->data().toString().toStdString());
    }
    // Every listed system (or none, which would show nothing) is "all".
    if (static_cast<int>(out.size()) == listed) out.clear();
    return out;
}

void FilterBar::setCheckedSystems(const std::set<std::string>& labels) {
    const bool wasUpdating = updating_;
    updating_ = true;
    for (QAction* a : systemMenu_->actions()) {
        if (!a->isCheckable() || a->objectName() == QLatin1String(kAllSystems)) continue;
        a->setChecked(labels.empty() || labels.count(a->data().toString().toStdString()) > 0);
    }
    updating_ = wasUpdating;
    updateSystemText();
    emitChanged();
}

QString FilterBar::systemSummary() const {
    int listed = 0;
    QStringList names;
    for (QAction* a : systemMenu_->actions()) {
        if (!a->isCheckable() || a->objectName() == QLatin1String(kAllSystems)) continue;
        ++listed;
        if (a->isChecked()) names << a->text();
    }
    if (names.size() == listed || names.isEmpty()) return tr("All systems");
    if (names.size() == 1) return names.first();
    return tr("%1 of %2 systems").arg(names.size()).arg(listed);
}

void FilterBar::updateSystemText() {
    system_->setText(systemSummary());
    const bool all = checkedSystems().empty();
    for (QAction* a : systemMenu_->actions())
        if (a->objectName() == QLatin1String(kAllSystems)) {
            const QSignalBlocker block(a);
            a->setChecked(all);
        }
}

Filter FilterBar::filter() const {
    Filter f = base_;
    f.workflows.clear();
    f.categories.clear();
    const int w = workflow_->currentData().toInt();
    if (w >= 0) f.workflows.insert(static_cast<Workflow>(w));
    if (const QString c = category_->currentData().toString(); !c.isEmpty())
        f.categories.insert(c.toStdString());
    f.systems = checkedSystems();
    f.status = static_cast<TrialStatus>(status_->currentData().toInt());
    return f;
}

void FilterBar::setFilter(const Filter& f) {
    // The bar offers one workflow and one category (or all); a filter with several shows the first of them
    // (the session keeps the filter it was given). Systems are a set.
    updating_ = true;
    selectData(workflow_, f.workflows.empty() ? -1 : static_cast<int>(*f.workflows.begin()));
    selectData(category_, f.categories.empty() ? QString() : qs(*f.categories.begin()));
    for (QAction* a : systemMenu_->actions()) {
        if (!a->isCheckable() || a->objectName() == QLatin1String(kAllSystems)) continue;
        a->setChecked(f.systems.empty() || f.systems.count(a->data().toString().toStdString()) > 0);
    }
    updateSystemText();
    base_.tasks = f.tasks;
    base_.bundles = f.bundles;
    base_.hiddenSystems = f.hiddenSystems;
    selectData(status_, static_cast<int>(f.status));
    updating_ = false;
    // The bar follows the session here; it does not hand its narrower view of `f` back (that replaced a
    // workspace's two workflows with the first of them as soon as the bar showed it).
    updateStatusNote();
}

void FilterBar::emitChanged() {
    updateStatusNote();
    if (!updating_) emit filterChanged(filter());
}

} // namespace vernier::ui
