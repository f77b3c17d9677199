// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Joint combination of geometry and spec scores (docs/scoring.md §5.3) and the create_and_edit
// two-stage reward (docs/contract.md §1: harmonic within each stage, then harmonic across the stages).
#include <optional>
#include <string>

namespace vernier {

enum class CombineMethod { Harmonic, Min };

// "harmonic" | "min"; anything else throws InputError (the original raises ValueError).
CombineMethod parseCombineMethod(const std::string& name);
const char* combineMethodName(CombineMethod m);

// 2gs/(g+s) or min(g,s); 0 if either input is <= 0.
double combineScores(double g, double s, CombineMethod method = CombineMethod::Harmonic);

// One stage of a create_and_edit task: its two axes and their combination.
struct StageScore {
    double geometry = 0;
    std::optional<double> spec; // absent when no spec was scored
    double combined = 0;        // combineScores(g, s), or g alone without a spec
};

// Both stages and the reward across them.
struct CreateAndEditScore {
    StageScore base;
    StageScore edit;
    double combined = 0; // combineScores(base.combined, edit.combined)
};

StageScore scoreStage(double geometry, std::optional<double> spec,
                      CombineMethod method = CombineMethod::Harmonic);
CreateAndEditScore combineStages(const StageScore& base, const StageScore& edit,
                                 CombineMethod method = CombineMethod::Harmonic);

} // namespace vernier
