// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The pairwise matrix (docs/statistics.md "Pairwise matrix") on an Analysis snapshot: the per-task rewards
// the matrix compares are the analysis' own — its filtered tasks, and the selected reward of every
// (system, task) under its selection policy and reward source — so every cell equals the two-system
// comparison Analysis::compare() gives for the same pair. Qt-free.
#include <vector>

#include "models/analysis.h"
#include "models/pairwise.h"

namespace vernier {

// One entry per system in `systems` (indices into analysis.set->systems, in the order given): its label()
// and the selected reward of every filtered task it has one on. Indices out of range give an entry with an
// empty label and no rewards (it then shares no task with any other system).
std::vector<SystemTaskRewards> systemTaskRewards(const Analysis& analysis, const std::vector<int>& systems);

// pairwiseMatrix() of those systems, with the analysis' bootstrap options (the ones Analysis::compare uses).
PairwiseMatrix pairwiseMatrix(const Analysis& analysis, const std::vector<int>& systems,
                              double similarThreshold = 0.01, const RandomisationOptions& randomisation = {});

} // namespace vernier
