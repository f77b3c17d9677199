// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/pairwise_view.h"

#include <QApplication>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>

#include "figures/pairwise_model.h"
#include "figures/palette.h"

namespace vernier::ui {

namespace {

// Draws a matrix cell on three short lines (Δ, interval, p) so that many columns fit; the model's display
// text, which the table exports write, stays on one line.
class MatrixCellDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        QStyledItemDelegate::initStyleOption(option, index);
        const QVariant screen = index.data(PairwiseMatrixModel::ScreenTextRole);
        if (screen.isValid()) option->text = screen.toString();
        // Row names are numbered like the columns, whose names may be elided to a few letters.
        if (index.column() == 0)
            option->text = QStringLiteral("%1. %2").arg(index.row() + 1).arg(option->text);
    }
};

// The matrix table: the width its cells need made public (for fitting the columns), and a call back when
// its width changes (window resized, splitter moved).
class MatrixTable : public QTableView {
public:
    using QTableView::QTableView;
    using QTableView::sizeHintForColumn;
    std::function<void()> resized;

protected:
    void resizeEvent(QResizeEvent* event) override {
        QTableView::resizeEvent(event);
        if (resized) resized();
    }
};

// Column headers numbered and elided in the middle ("2. claude-c…opus-5.5"): the start and the end of a
// system name are what tell systems apart. The style only clips header text, so the header elides before it
// paints; the model's header, which the exports write, keeps the whole name.
class ElidingHeader : public QHeaderView {
public:
    using QHeaderView::QHeaderView;

protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override {
        if (!rect.isValid()) return;
        QStyleOptionHeader opt;
        initStyleOption(&opt);
        initStyleOptionForIndex(&opt, logicalIndex);
        opt.rect = rect;
        const int margin = 2 * style()->pixelMetric(QStyle::PM_HeaderMargin, &opt, this) + 4;
        // Matrix columns are numbered like the rows: "2. claude-c…opus-5.5" stays identifiable when elided.
        const QString number = logicalIndex > 0 ? QStringLiteral("%1. ").arg(logicalIndex) : QString();
        const int room = std::max(0, rect.width() - margin - opt.fontMetrics.horizontalAdvance(number));
        opt.text = number + opt.fontMetrics.elidedText(opt.text, Qt::ElideMiddle, room);
        painter->save();
        style()->drawControl(QStyle::CE_Header, &opt, painter, this);
        painter->restore();
    }
};

constexpr int kMaxLabelWidth = 180; // px; longer system names are elided in the middle (tooltip: full)
constexpr int kMaxListWidth = 270;  // px, the system list; at most a fifth of the page

} // namespace

PairwiseView::PairwiseView(QWidget* parent) : ViewPage(parent) {
    setObjectName(QStringLiteral("pairwiseView"));
    systems_ = new QListWidget(this);
    systems_->setObjectName(QStringLiteral("pairwiseSystems"));
    systems_->setTextElideMode(Qt::ElideMiddle);
    systems_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* all = new QPushButton(tr("All"), this);
    auto* none = new QPushButton(tr("None"), this);
    connect(all, &QPushButton::clicked, this, [this] {
        std::vector<int> every;
        for (int i = 0; i < systems_->count(); ++i)
            every.push_back(systems_->item(i)->data(Qt::UserRole).toInt());
        setChosenSystems(every);
    });
    connect(none, &QPushButton::clicked, this, [this] { setChosenSystems({}); });
    connect(systems_, &QListWidget::itemChanged, this, [this] {
        if (updating_) return;
        userChose_ = true;
        chosen_.clear();
        for (int i = 0; i < systems_->count(); ++i)
            if (systems_->item(i)->checkState() == Qt::Checked)
                chosen_.insert(systems_->item(i)->data(Qt::ToolTipRole).toString().toStdString());
        refresh();
    });

    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("pairwiseSummary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    model_ = new PairwiseMatrixModel(this);
    auto* matrixTable = new MatrixTable(this);
    matrixTable->resized = [this] { fitColumns(); };
    table_ = matrixTable;
    table_->setHorizontalHeader(new ElidingHeader(Qt::Horizontal, table_));
    table_->setObjectName(QStringLiteral("pairwiseTable"));
    table_->setModel(model_);
    table_->setItemDelegate(new MatrixCellDelegate(table_));
    table_->verticalHeader()->hide();
    table_->setTextElideMode(Qt::ElideMiddle);
    table_->setWordWrap(false);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    connect(table_, &QTableView::doubleClicked, this, [this](const QModelIndex& i) {
        const int a = i.data(PairwiseMatrixModel::SystemARole).toInt();
        const QVariant b = i.data(PairwiseMatrixModel::SystemBRole);
        if (i.column() == 0 || !b.isValid() || b.toInt() < 0 || a == b.toInt()) return;
        emit compareRequested(a, b.toInt());
    });

    auto* left = new QWidget(this);
    auto* ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->addWidget(new QLabel(tr("Systems to compare:"), left));
    ll->addWidget(systems_, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(all);
    buttons->addWidget(none);
    ll->addLayout(buttons);
    left->setMaximumWidth(kMaxListWidth);

    auto* right = new QWidget(this);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->addWidget(summary_);
    rl->addWidget(table_, 1);

    split_ = new QSplitter(Qt::Horizontal, this);
    auto* split = split_;
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({180, 1000});
    connect(split, &QSplitter::splitterMoved, this, [this] { splitterMoved_ = true; });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split, 1);
}

void PairwiseView::setAnalysis(const std::shared_ptr<const Analysis>& analysis) {
    analysis_ = analysis;
    updating_ = true;
    systems_->clear();
    if (analysis_ && analysis_->set)
        for (std::size_t i = 0; i < analysis_->rows.size(); ++i) {
            const SystemRow& row = analysis_->rows[i];
            const std::string label = row.summary.system.label();
            auto* item = new QListWidgetItem(qs(analysis_->displayName(row.system)), systems_);
            item->setData(Qt::UserRole, row.system);
            item->setData(Qt::DecorationRole, palette::systemColor(*analysis_, row.system));
            item->setToolTip(qs(label));
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            const bool on = userChose_ ? chosen_.count(label) > 0 : static_cast<int>(i) < kDefaultSystems;
            item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        }
    updating_ = false;
    if (!splitterMoved_) {
        // The list as wide as its names (up to a cap), the matrix gets the rest.
        const int total = split_->width() > 0 ? split_->width() : 1200;
        const int list = std::min(
            {systems_->sizeHintForColumn(0) + 2 * systems_->frameWidth() + 8, kMaxListWidth, total / 5});
        split_->setSizes({list, std::max(1, total - list - split_->handleWidth())});
    }
    refresh();
}

void PairwiseView::setChosenSystems(const std::vector<int>& systems) {
    updating_ = true;
    userChose_ = true;
    chosen_.clear();
    for (int i = 0; i < systems_->count(); ++i) {
        QListWidgetItem* item = systems_->item(i);
        const bool on =
            std::find(systems.begin(), systems.end(), item->data(Qt::UserRole).toInt()) != systems.end();
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        if (on) chosen_.insert(item->toolTip().toStdString());
    }
    updating_ = false;
    refresh();
}

void PairwiseView::refresh() {
    std::vector<int> chosen;
    for (int i = 0; i < systems_->count(); ++i)
        if (systems_->item(i)->checkState() == Qt::Checked)
            chosen.push_back(systems_->item(i)->data(Qt::UserRole).toInt());
    // 10,000 bootstrap and 10,000 sign-flip resamples per pair: many systems take a moment.
    const bool slow = chosen.size() > static_cast<std::size_t>(kDefaultSystems);
    if (slow) QApplication::setOverrideCursor(Qt::WaitCursor);
    model_->setSystems(analysis_, chosen);
    if (slow) QApplication::restoreOverrideCursor();
    fitColumns();
    if (!analysis_ || !analysis_->set) {
        summary_->setText(tr("Open results to compare systems."));
        return;
    }
    if (chosen.size() < 2) {
        summary_->setText(tr("Tick at least two systems to compare."));
        return;
    }
    const int pairs = static_cast<int>(model_->matrix().cells.size());
    summary_->setText(
        tr("Each cell: <b>row A − column B</b> in points over the filtered tasks both have, with the paired "
           "bootstrap 95% interval, and the p-value Holm-adjusted over the %1 pairs. "
           "<span style='color:%2'>Green</span>: A higher; <span style='color:%3'>red</span>: A lower; "
           "<b>bold</b>: significant after Holm (p&nbsp;&lt;&nbsp;0.05), %4 of %1 pairs. Double-click a cell "
           "to "
           "compare the two systems.")
            .arg(pairs)
            .arg(pairwiseHigherColour().name(), pairwiseLowerColour().name())
            .arg(model_->significantPairs()));
}

void PairwiseView::fitColumns() {
    // Matrix columns are at least as wide as their numbers (never clipped). Width left over in the view
    // goes first to the row names, then to the column headers, up to what their text needs; names that
    // still do not fit are elided in the middle, with the full name in the tooltip.
    auto* table = static_cast<MatrixTable*>(table_);
    table->resizeRowsToContents();
    const int columns = model_->columnCount();
    if (columns == 0) return;
    const int pad = 12;
    const QFontMetrics header(table->horizontalHeader()->font());
    std::vector<int> width(static_cast<std::size_t>(columns)), want(static_cast<std::size_t>(columns));
    for (int c = 0; c < columns; ++c) {
        const int content = table->sizeHintForColumn(c) + pad;
        const int title = header.horizontalAdvance(QStringLiteral("%1. %2").arg(c).arg(
                              model_->headerData(c, Qt::Horizontal).toString())) +
                          2 * pad;
        width[static_cast<std::size_t>(c)] = c == 0 ? std::min(content, kMaxLabelWidth) : content;
        want[static_cast<std::size_t>(c)] = std::max(content, title);
    }
    int spare = table->viewport()->width();
    for (int w : width)
        spare -= w;
    const auto grow = [&](int c, int by) {
        const int add = std::max(
            0, std::min({by, spare, want[static_cast<std::size_t>(c)] - width[static_cast<std::size_t>(c)]}));
        width[static_cast<std::size_t>(c)] += add;
        spare -= add;
    };
    grow(0, spare);
    // Evenly over the matrix columns, a few rounds so that columns needing less leave the rest to others.
    for (int round = 0; round < 4 && spare > 0 && columns > 1; ++round) {
        const int share = std::max(1, spare / (columns - 1));
        for (int c = 1; c < columns; ++c)
            grow(c, share);
    }
    for (int c = 0; c < columns; ++c)
        table->setColumnWidth(c, width[static_cast<std::size_t>(c)]);
}

QList<ExportableTable> PairwiseView::tables() {
    return {{QStringLiteral("pairwise_matrix"), model_}};
}

} // namespace vernier::ui
