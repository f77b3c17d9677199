// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The two tables of a comparison of systems A and B on the filtered tasks: Δ and higher / similar / lower
// counts per workflow (and "All"), and every paired task with its Δ. The compare page shows them and the
// report export (figures/report_export.h) writes them, from this one function.
#include <optional>
#include <utility>

#include "figures/text_format.h"
#include "models/statistics.h"

class QStandardItemModel;

namespace vernier::ui {

inline constexpr int kCompareTrialARole = Qt::UserRole + 1; // tasks table, column 0: A's trial index
inline constexpr int kCompareSortRole = Qt::UserRole + 2;   // numeric sort value
inline constexpr int kCompareDeltaColumn = 4;               // tasks table: |Δ| sorts this column

// "+1.50" / "-0.25": a reward fraction difference in points with its sign.
QString signedPoints(double fraction);

// Empties both models and gives them their header labels.
void resetCompareTables(QStandardItemModel* workflows, QStandardItemModel* tasks);

// Fills the models (after resetCompareTables) for systems `a` and `b` (indices into ResultSet::systems) on
// `analysis.tasks`; a task counts as similar when |Δ| ≤ `similarFraction`. Returns the comparison, or
// nullopt (tables left empty) when a and b are not two different systems or share no task.
std::optional<PairedComparison> fillCompareTables(const Analysis& analysis, int a, int b,
                                                  double similarFraction, QStandardItemModel* workflows,
                                                  QStandardItemModel* tasks);

// The pair the compare page opens with: the two best systems of the leaderboard (the only one twice when
// there is one; {-1, -1} when none).
std::pair<int, int> defaultComparePair(const Analysis& analysis);

} // namespace vernier::ui
