#include "ui/filter_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace vernier::ui {

namespace {

QComboBox* makeCombo(const QString& objectName, QWidget* parent) {
    auto* combo = new QComboBox(parent);
    combo->setObjectName(objectName);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return combo;
}

void selectData(QComboBox* combo, const QVariant& data) {
    const int i = combo->findData(data);
    combo->setCurrentIndex(i >= 0 ? i : 0);
}

} // namespace

FilterBar::FilterBar(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("filterBar"));
    workflow_ = makeCombo(QStringLiteral("workflowFilter"), this);
    category_ = makeCombo(QStringLiteral("categoryFilter"), this);
    system_ = makeCombo(QStringLiteral("systemFilter"), this);
    status_ = makeCombo(QStringLiteral("statusFilter"), this);
    workflow_->addItem(tr("All workflows"), -1);
    for (Workflow w : kWorkflows)
        workflow_->addItem(QString::fromUtf8(workflowTitle(w)), static_cast<int>(w));
    category_->addItem(tr("All categories"), QString());
    system_->addItem(tr("All systems"), QString());
    for (int s = 0; s < kTrialStatusCount; ++s)
        status_->addItem(trialStatusTitle(static_cast<TrialStatus>(s)), s);
    status_->setToolTip(tr("Applies to trial lists, the heatmap and failure drill-downs; aggregates use all "
                           "selected trials of the filtered tasks"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(new QLabel(tr("Filter:"), this));
    for (QComboBox* c : {workflow_, category_, system_, status_}) {
        layout->addWidget(c);
        connect(c, &QComboBox::currentIndexChanged, this, &FilterBar::emitChanged);
    }
    layout->addStretch(1);
}

void FilterBar::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    if (!analysis) return;
    updating_ = true;
    const QString category = category_->currentData().toString();
    const QString system = system_->currentData().toString();
    category_->clear();
    category_->addItem(tr("All categories"), QString());
    for (const QString& c : analysis->categories)
        category_->addItem(c, c);
    selectData(category_, category);
    system_->clear();
    system_->addItem(tr("All systems"), QString());
    if (analysis->set)
        for (const auto& s : analysis->set->systems)
            system_->addItem(qs(s.label()), qs(s.label()));
    selectData(system_, system);
    updating_ = false;
}

TrialFilter FilterBar::filter() const {
    TrialFilter f;
    const int w = workflow_->currentData().toInt();
    if (w >= 0) f.workflow = static_cast<Workflow>(w);
    f.category = category_->currentData().toString();
    f.system = system_->currentData().toString();
    f.status = static_cast<TrialStatus>(status_->currentData().toInt());
    return f;
}

void FilterBar::setFilter(const TrialFilter& f) {
    updating_ = true;
    selectData(workflow_, f.workflow ? static_cast<int>(*f.workflow) : -1);
    selectData(category_, f.category);
    selectData(system_, f.system);
    selectData(status_, static_cast<int>(f.status));
    updating_ = false;
    emitChanged();
}

void FilterBar::emitChanged() {
    if (!updating_) emit filterChanged(filter());
}

} // namespace vernier::ui
