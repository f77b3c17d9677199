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
    const QString category = category_->currentData().toString();
    const QString system = system_->currentData().toString();
    category_->clear();
    category_->addItem(tr("All categories"), QString());
    for (const std::string& c : analysis->categories)
        category_->addItem(qs(c), qs(c));
    selectData(category_, category);
    system_->clear();
    system_->addItem(tr("All systems"), QString());
    if (analysis->set)
        for (const auto& s : analysis->set->systems)
            system_->addItem(qs(s.label()), qs(s.label()));
    selectData(system_, system);
    updating_ = false;
}

Filter FilterBar::filter() const {
    Filter f;
    const int w = workflow_->currentData().toInt();
    if (w >= 0) f.workflows.insert(static_cast<Workflow>(w));
    if (const QString c = category_->currentData().toString(); !c.isEmpty())
        f.categories.insert(c.toStdString());
    if (const QString s = system_->currentData().toString(); !s.isEmpty()) f.systems.insert(s.toStdString());
    f.status = static_cast<TrialStatus>(status_->currentData().toInt());
    return f;
}

void FilterBar::setFilter(const Filter& f) {
    // The bar offers one value per field (or all); a filter with several shows the first of them (the
    // session keeps the filter it was given).
    updating_ = true;
    selectData(workflow_, f.workflows.empty() ? -1 : static_cast<int>(*f.workflows.begin()));
    selectData(category_, f.categories.empty() ? QString() : qs(*f.categories.begin()));
    selectData(system_, f.systems.empty() ? QString() : qs(*f.systems.begin()));
    selectData(status_, static_cast<int>(f.status));
    updating_ = false;
    emitChanged();
}

void FilterBar::emitChanged() {
    updateStatusNote();
    if (!updating_) emit filterChanged(filter());
}

} // namespace vernier::ui
