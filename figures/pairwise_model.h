// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The pairwise matrix of N systems as a table (docs/statistics.md "Pairwise matrix"): row A, column B holds
// Δ = A − B in points with its paired bootstrap 95 % interval and the Holm-adjusted p; column 0 names the
// row's system so that CSV / LaTeX exports (figures/table_model_export.h) keep the row labels. The numbers
// are models/pairwise_analysis.h's on the analysis snapshot, so they follow the filter and reward policy.
#include <QAbstractTableModel>
#include <QColor>
#include <memory>
#include <vector>

#include "figures/text_format.h"
#include "models/pairwise.h"

namespace vernier::ui {

// "+12.3" / "−4.1" (U+2212) / "0.0": a reward-fraction difference in points with one decimal.
QString signedPointsShort(double fraction);
// "p=0.03", "p=0.004", "p<0.001".
QString formatPValue(double p);
// Text colours of a cell whose row system is higher / lower (Okabe–Ito bluish green / vermillion, darkened
// for contrast on white).
QColor pairwiseHigherColour();
QColor pairwiseLowerColour();

class PairwiseMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        SystemARole = Qt::UserRole + 1, // int: the row's system (index into ResultSet::systems)
        SystemBRole,                    // int: the column's system; -1 in column 0
        DeltaRole,                      // double: A − B as a reward fraction; invalid on the diagonal
        PHolmRole,                      // double: Holm-adjusted p
        PRole,                          // double: unadjusted p
        PairedTasksRole,                // int: tasks both systems have
        SignificantRole,                // bool: Holm p < kSignificance
        ScreenTextRole,                 // QString: the cell on three lines (Δ, interval, p)
    };
    static constexpr double kSignificance = 0.05;

    explicit PairwiseMatrixModel(QObject* parent = nullptr);
    // Computes the matrix of `systems` (indices into analysis->set->systems, shown in this order); a task
    // with |Δ| ≤ similarFraction counts as similar.
    void setSystems(std::shared_ptr<const Analysis> analysis, const std::vector<int>& systems,
                    double similarFraction = 0.01);
    const std::vector<int>& systems() const { return systems_; }
    const PairwiseMatrix& matrix() const { return matrix_; }
    // The model index of the cell (row system i, column system j), i and j positions in systems().
    QModelIndex cellIndex(int i, int j) const { return index(i, j + 1); }
    int significantPairs() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // The comparison seen from row i (A) against column j (B); nullopt on the diagonal.
    std::optional<PairwiseCell> oriented(int i, int j) const;
    QString name(int i) const; // the i-th system's display name

    std::shared_ptr<const Analysis> analysis_;
    std::vector<int> systems_;
    PairwiseMatrix matrix_;
};

} // namespace vernier::ui
