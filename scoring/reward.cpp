// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/reward.h"

#include <algorithm>

#include "scoring/errors.h"

namespace vernier {

CombineMethod parseCombineMethod(const std::string& name) {
    if (name == "harmonic") return CombineMethod::Harmonic;
    if (name == "min") return CombineMethod::Min;
    throw InputError("unknown combine method '" + name + "' (expected harmonic or min)");
}

const char* combineMethodName(CombineMethod m) {
    return m == CombineMethod::Min ? "min" : "harmonic";
}

double combineScores(double g, double s, CombineMethod method) {
    if (!(g > 0) || !(s > 0)) return 0.0;
    if (method == CombineMethod::Min) return std::min(g, s);
    return 2.0 * g * s / (g + s);
}

StageScore scoreStage(double geometry, std::optional<double> spec, CombineMethod method) {
    StageScore st;
    st.geometry = geometry;
    st.spec = spec;
    st.combined = spec ? combineScores(geometry, *spec, method) : geometry;
    return st;
}

CreateAndEditScore combineStages(const StageScore& base, const StageScore& edit, CombineMethod method) {
    return {base, edit, combineScores(base.combined, edit.combined, method)};
}

} // namespace vernier
