// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/trials_view.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "figures/trial_table_model.h"
#include "ui/trial_details.h"

namespace vernier::ui {

TrialsView::TrialsView(QWidget* parent) : ViewPage(parent) {
    setObjectName(QStringLiteral("trialsView"));
    model_ = new TrialTableModel(this);
    proxy_ = new TrialFilterProxy(this);
    proxy_->setSourceModel(model_);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("trialsTable"));
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(TrialTableModel::Task, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);

    search_ = new QLineEdit(this);
    search_->setObjectName(QStringLiteral("trialSearch"));
    search_->setPlaceholderText(tr("Search task, system, trial or reason…"));
    search_->setClearButtonEnabled(true);
    connect(search_, &QLineEdit::textChanged, this, [this](const QString& text) {
        proxy_->setSearchText(text.trimmed());
        count_->setText(tr("%1 of %2 trials").arg(proxy_->rowCount()).arg(model_->rowCount()));
    });
    count_ = new QLabel(this);
    count_->setObjectName(QStringLiteral("trialCount"));
    mismatches_ = new QLabel(this);
    mismatches_->setObjectName(QStringLiteral("trialMismatches"));
    rescoreSelection_ = new QPushButton(tr("Rescore selection"), this);
    rescoreSelection_->setObjectName(QStringLiteral("rescoreSelection"));
    rescoreAll_ = new QPushButton(tr("Rescore all shown"), this);
    rescoreAll_->setObjectName(QStringLiteral("rescoreAll"));
    connect(rescoreSelection_, &QPushButton::clicked, this, [this] {
        const auto s = selectedTrials();
        if (!s.empty()) emit rescoreRequested(s);
    });
    connect(rescoreAll_, &QPushButton::clicked, this, [this] {
        const auto s = visibleTrials();
        if (!s.empty()) emit rescoreRequested(s);
    });

    details_ = new TrialDetails(this);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { showCurrent(); });
    // Enter and double-click open the trial; the row's context menu (ui/table_actions.h).
    installTableActions(table_, [](const QModelIndex& i) -> std::optional<TrialId> {
        return i.siblingAtColumn(0).data(TrialTableModel::TrialIdRole).value<TrialId>();
    });

    auto* top = new QHBoxLayout;
    top->addWidget(search_, 2);
    top->addWidget(count_);
    top->addStretch(1);
    top->addWidget(mismatches_);
    top->addWidget(rescoreSelection_);
    top->addWidget(rescoreAll_);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(table_);
    split->addWidget(details_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(split, 1);
}

void TrialsView::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    // The trial in the details panel stays there when it is still listed (found by TrialId: rows change
    // with every import); otherwise the first row is shown, so the panel is never empty while there are
    // trials.
    const TrialId keep = currentTrial();
    analysis_ = analysis;
    model_->setStyles(analysis->styles);
    details_->setStyles(analysis->styles);
    model_->setResultSet(analysis->set, analysis->trialOrder);
    table_->setColumnHidden(TrialTableModel::Attempt, !model_->hasAttempts());
    proxy_->setTrialFilter(analysis->filter);
    if (model_->rowCount() > 0 && model_->columnCount() != fittedColumns_) {
        table_->resizeColumnsToContents();
        fittedColumns_ = model_->columnCount();
    }
    count_->setText(tr("%1 of %2 trials").arg(proxy_->rowCount()).arg(model_->rowCount()));
    details_->clearTrial();
    if (proxy_->rowCount() == 0) return;
    int row = 0;
    if (!keep.empty() && analysis->set)
        if (const auto i = analysis->set->indexOf(keep)) {
            const QModelIndex index = proxy_->mapFromSource(model_->index(static_cast<int>(*i), 0));
            if (index.isValid()) row = index.row();
        }
    table_->selectRow(row);
    showCurrent();
}

void TrialsView::showCurrent() {
    const QModelIndex current = table_->selectionModel()->currentIndex();
    if (!current.isValid() || !analysis_ || !analysis_->set) {
        details_->clearTrial();
        return;
    }
    details_->showTrial(*analysis_->set, current.data(TrialTableModel::TrialIndexRole).toInt());
}

TrialId TrialsView::currentTrial() const {
    const QModelIndex current = table_->selectionModel()->currentIndex();
    return current.isValid() ? current.data(TrialTableModel::TrialIdRole).value<TrialId>() : TrialId();
}

std::vector<TrialId> TrialsView::selectedTrials() const {
    std::vector<TrialId> out;
    for (const QModelIndex& i : table_->selectionModel()->selectedRows())
        out.push_back(i.data(TrialTableModel::TrialIdRole).value<TrialId>());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<TrialId> TrialsView::visibleTrials() const {
    std::vector<TrialId> out;
    for (int r = 0; r < proxy_->rowCount(); ++r)
        out.push_back(proxy_->index(r, 0).data(TrialTableModel::TrialIdRole).value<TrialId>());
    std::sort(out.begin(), out.end());
    return out;
}

bool TrialsView::focusTrial(const TrialId& trial) {
    if (!analysis_ || !analysis_->set) return false;
    const auto trialIndex = analysis_->set->indexOf(trial);
    if (!trialIndex) return false;
    const int row = static_cast<int>(*trialIndex); // the model's rows are the set's trials
    QModelIndex source = model_->index(row, 0);
    QModelIndex index = proxy_->mapFromSource(source);
    if (!index.isValid() && !search_->text().isEmpty()) {
        search_->clear();
        index = proxy_->mapFromSource(source);
    }
    if (index.isValid()) {
        table_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                             QItemSelectionModel::Rows);
        table_->scrollTo(index);
    }
    details_->showTrial(*analysis_->set, row); // even when the filter hides the row
    return true;
}

void TrialsView::setMismatchCount(int mismatches) {
    mismatches_->setText(tr("Rescore mismatches: %1").arg(mismatches));
}

QList<ExportableTable> TrialsView::tables() {
    return {{QStringLiteral("trials"), proxy_}};
}

} // namespace vernier::ui
