// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/pairwise_model.h"

#include <QColor>
#include <QFont>
#include <cmath>

#include "figures/palette.h"
#include "models/pairwise_analysis.h"

namespace vernier::ui {

QString signedPointsShort(double fraction) {
    const double points = std::round(fraction * 1000.0) / 10.0; // one decimal
    if (points == 0.0) return QStringLiteral("0.0");
    const QString magnitude = QString::number(std::abs(points), 'f', 1);
    return (points > 0 ? QStringLiteral("+") : QStringLiteral("\u2212")) + magnitude;
}

QString formatPValue(double p) {
    if (p < 0.001) return QStringLiteral("p<0.001");
    return QStringLiteral("p=%1").arg(p, 0, 'f', p < 0.01 ? 3 : 2);
}

QColor pairwiseHigherColour() {
    return viewers::colours::okabeIto(viewers::colours::OkabeIto::BluishGreen).darker(140);
}

QColor pairwiseLowerColour() {
    return viewers::colours::okabeIto(viewers::colours::OkabeIto::Vermillion).darker(120);
}

PairwiseMatrixModel::PairwiseMatrixModel(QObject* parent) : QAbstractTableModel(parent) {}

void PairwiseMatrixModel::setSystems(std::shared_ptr<const Analysis> analysis,
                                     const std::vector<int>& systems, double similarFraction) {
    beginResetModel();
    analysis_ = std::move(analysis);
    systems_.clear();
    matrix_ = {};
    if (analysis_ && analysis_->set) {
        systems_ = systems;
        matrix_ = pairwiseMatrix(*analysis_, systems_, similarFraction);
    }
    endResetModel();
}

int PairwiseMatrixModel::significantPairs() const {
    int n = 0;
    for (const auto& c : matrix_.cells)
        if (c.comparison.n > 0 && c.pHolm < kSignificance) ++n;
    return n;
}

std::optional<PairwiseCell> PairwiseMatrixModel::oriented(int i, int j) const {
    const PairwiseCell* c = matrix_.cell(i, j);
    if (!c) return std::nullopt;
    PairwiseCell out = *c;
    if (c->a != i) { // stored as (j, i): flip to i − j
        std::swap(out.a, out.b);
        PairedComparison& p = out.comparison;
        p.delta = -p.delta;
        p.ci95 = {-c->comparison.ci95.hi, -c->comparison.ci95.lo};
        std::swap(p.higher, p.lower);
        for (auto& [w, d] : p.perWorkflow) {
            d.delta = -d.delta;
            std::swap(d.higher, d.lower);
        }
    }
    return out;
}

QString PairwiseMatrixModel::name(int i) const {
    // The workspace alias when there is one (the same name as every other view and export).
    if (analysis_ && i >= 0 && i < static_cast<int>(systems_.size()))
        return qs(analysis_->displayName(systems_[static_cast<std::size_t>(i)]));
    return i >= 0 && i < static_cast<int>(matrix_.labels.size())
               ? qs(matrix_.labels[static_cast<std::size_t>(i)])
               : QString();
}

int PairwiseMatrixModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(systems_.size());
}

int PairwiseMatrixModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || systems_.empty() ? 0 : static_cast<int>(systems_.size()) + 1;
}

QVariant PairwiseMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const {
    const int n = static_cast<int>(systems_.size());
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    if (orientation == Qt::Vertical) {
        if (section < 0 || section >= n) return {};
        return name(section);
    }
    if (section == 0)
        return role == Qt::DisplayRole
                   ? tr("A \u2212 B")
                   : tr("Each cell: row system A minus column system B, in points, over the tasks both have");
    if (section < 1 || section > n) return {};
    const QString label = name(section - 1);
    return role == Qt::DisplayRole ? label : tr("B: %1").arg(label);
}

QVariant PairwiseMatrixModel::data(const QModelIndex& index, int role) const {
    const int n = static_cast<int>(systems_.size());
    if (!index.isValid() || index.row() >= n || index.column() > n) return {};
    const int i = index.row();
    const int j = index.column() - 1;
    const QString rowLabel = name(i);
    if (role == SystemARole) return systems_[static_cast<std::size_t>(i)];
    if (role == SystemBRole) return j >= 0 ? systems_[static_cast<std::size_t>(j)] : -1;
    if (j < 0) { // the row's system
        if (role == Qt::DisplayRole || role == ScreenTextRole) return rowLabel;
        if (role == Qt::ToolTipRole) return tr("A: %1").arg(rowLabel);
        return {};
    }
    const auto cell = oriented(i, j);
    if (!cell) {
        if (role == Qt::DisplayRole || role == ScreenTextRole) return QStringLiteral("—");
        if (role == Qt::TextAlignmentRole) return int(Qt::AlignCenter);
        if (role == Qt::ForegroundRole) return palette::unknown();
        return {};
    }
    const PairedComparison& c = cell->comparison;
    const bool significant = c.n > 0 && cell->pHolm < kSignificance;
    const QString deltaText = c.n == 0 ? tr("no shared task")
                                       : QStringLiteral("Δ %1 [%2, %3]")
                                             .arg(signedPointsShort(c.delta), signedPointsShort(c.ci95.lo),
                                                  signedPointsShort(c.ci95.hi));
    switch (role) {
    case Qt::DisplayRole:
        return c.n == 0 ? deltaText : deltaText + QLatin1Char(' ') + formatPValue(cell->pHolm);
    case ScreenTextRole: // three short lines keep the columns narrow: Δ, the interval, p
        if (c.n == 0) return deltaText;
        return QStringLiteral("Δ %1").arg(signedPointsShort(c.delta)) + QChar(QChar::LineSeparator) +
               QStringLiteral("[%1, %2]").arg(signedPointsShort(c.ci95.lo), signedPointsShort(c.ci95.hi)) +
               QChar(QChar::LineSeparator) + formatPValue(cell->pHolm);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case Qt::ForegroundRole:
        if (c.n == 0 || c.delta == 0.0) return palette::unknown();
        return c.delta > 0 ? pairwiseHigherColour() : pairwiseLowerColour();
    case Qt::FontRole:
        if (significant) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole: {
        const QString colLabel = name(j);
        if (c.n == 0) return tr("%1 and %2 share no task under this filter.").arg(rowLabel, colLabel);
        return tr("<b>A</b> %1<br><b>B</b> %2<br>Δ = A − B = %3 points, paired bootstrap 95% interval [%4, "
                  "%5] over %6 tasks<br>A higher on %7, similar on %8, lower on %9<br>p = %10 (sign-flip "
                  "randomisation), Holm-adjusted over %11 pairs: %12%13<br><i>Double-click to compare the "
                  "two.</i>")
            .arg(rowLabel.toHtmlEscaped(), colLabel.toHtmlEscaped(), signedPointsShort(c.delta),
                 signedPointsShort(c.ci95.lo), signedPointsShort(c.ci95.hi))
            .arg(c.n)
            .arg(c.higher)
            .arg(c.similar)
            .arg(c.lower)
            .arg(QString::number(cell->p, 'g', 3))
            .arg(matrix_.cells.size())
            .arg(QString::number(cell->pHolm, 'g', 3),
                 significant ? tr(" (significant at 0.05)") : tr(" (not significant at 0.05)"));
    }
    case DeltaRole:
        return c.delta;
    case PHolmRole:
        return cell->pHolm;
    case PRole:
        return cell->p;
    case PairedTasksRole:
        return c.n;
    case SignificantRole:
        return significant;
    default:
        return {};
    }
}

} // namespace vernier::ui
