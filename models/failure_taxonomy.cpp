// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/failure_taxonomy.h"

#include <algorithm>

#include "models/trial_record.h"

namespace vernier {

const char* zeroCategoryKey(ZeroCategory c) {
    switch (c) {
    case ZeroCategory::None:
        return "none";
    case ZeroCategory::GeometryZero:
        return "geometry_zero";
    case ZeroCategory::GeometryAndSpecZero:
        return "geometry_and_spec_zero";
    case ZeroCategory::SpecZero:
        return "spec_zero";
    case ZeroCategory::FinalException:
        return "final_exception";
    case ZeroCategory::MissingOutput:
        return "missing_output";
    case ZeroCategory::ScorerCrash:
        return "scorer_crash";
    }
    return "none";
}

const char* zeroCategoryTitle(ZeroCategory c) {
    switch (c) {
    case ZeroCategory::None:
        return "Not zero";
    case ZeroCategory::GeometryZero:
        return "Geometry zero";
    case ZeroCategory::GeometryAndSpecZero:
        return "Geometry and spec zero";
    case ZeroCategory::SpecZero:
        return "Spec zero";
    case ZeroCategory::FinalException:
        return "Final exception";
    case ZeroCategory::MissingOutput:
        return "Missing output";
    case ZeroCategory::ScorerCrash:
        return "Scorer crash";
    }
    return "Not zero";
}

std::optional<ZeroCategory> parseZeroCategory(std::string_view key) {
    for (int i = 0; i < kZeroCategoryCount; ++i) {
        auto c = static_cast<ZeroCategory>(i);
        if (key == zeroCategoryKey(c)) return c;
    }
    return std::nullopt;
}

bool isVerifierException(std::string_view type) {
    return type.rfind("Verifier", 0) == 0 || type.rfind("Reward", 0) == 0;
}

std::string gateFromReason(std::string_view reason) {
    static const char* kNames[] = {"body",         "feature_tree", "complexity", "face_count",
                                   "vertex_count", "bbox",         "icp"};
    for (const char* n : kNames)
        if (reason == n) return n;
    auto has = [&](const char* s) { return reason.find(s) != std::string_view::npos; };
    // The body gate's texts first: they mention "parametric feature tree" too.
    if (has("No solid shape found") || has("no PartDesign::Body found") || has("PartDesign::Body objects") ||
        has("tip Shape has"))
        return "body";
    if (has("non-PartDesign") || has("baked geometry")) return "feature_tree";
    if (has("too complex") || has("(> 5000)")) return "complexity";
    if (has("face count differs")) return "face_count";
    if (has("vertex count differs")) return "vertex_count";
    if (has("OBB maximum relative error") || has("bbox gate")) return "bbox";
    if (has("gated") && has("icp")) return "icp";
    return {};
}

namespace {

struct Axes {
    std::optional<double> g, s; // the minimum over stages
    std::string gate;           // gate of the first stage whose geometry is 0
};

void addStage(Axes& a, const StageScores& st) {
    auto lower = [](std::optional<double>& acc, std::optional<double> v) {
        if (v && (!acc || *v < *acc)) acc = v;
    };
    lower(a.g, st.geometry);
    lower(a.s, st.spec);
    if (st.geometry && *st.geometry == 0.0 && a.gate.empty())
        a.gate = st.gate.empty() ? gateFromReason(st.geometryReason) : st.gate;
}

Axes axesOf(const StageScores& single, const Boxed<StageScores>& base, const Boxed<StageScores>& target) {
    Axes a;
    // For create_and_edit an axis counts as zero when it is zero in either stage (docs/contract.md §1).
    if (base || target) {
        if (base) addStage(a, *base);
        if (target) addStage(a, *target);
    } else {
        addStage(a, single);
    }
    return a;
}

} // namespace

namespace {

std::string exceptionText(const TrialRecord& t) {
    std::string s = t.exceptionType + (t.exceptionMessage.empty() ? "" : ": " + t.exceptionMessage);
    if (!t.exceptionStep.empty()) s = "step \"" + t.exceptionStep + "\": " + s;
    return s;
}

// The recorded verifier said the answer document was not there ("file not found: /app/answer.FCStd").
std::string recordedMissingFile(const RecordedDetails& d) {
    auto says = [](const StageScores& s) -> std::string {
        for (const std::string* r : {&s.specReason, &s.geometryReason})
            if (r->find("file not found") != std::string::npos ||
                r->find("candidate missing") != std::string::npos)
                return *r;
        return {};
    };
    for (const auto* st : {d.base ? &*d.base : nullptr, d.target ? &*d.target : nullptr, &d.single})
        if (st)
            if (auto r = says(*st); !r.empty()) return r;
    return {};
}

ZeroClassification byAxes(const Axes& a, bool detailsKnown) {
    ZeroClassification z;
    const bool gZero = a.g && *a.g == 0.0;
    const bool sZero = a.s && *a.s == 0.0;
    if (gZero && sZero) {
        z.category = ZeroCategory::GeometryAndSpecZero;
        z.gate = a.gate;
        z.reason = "geometry 0 and spec 0";
    } else if (gZero) {
        z.category = ZeroCategory::GeometryZero;
        z.gate = a.gate;
        z.reason = "geometry 0";
    } else if (sZero) {
        z.category = ZeroCategory::SpecZero;
        z.reason = "spec consistency 0";
    } else if (a.g && a.s) {
        // Both axes positive yet reward 0 (e.g. a thresholded create-and-edit reward): the weaker
        // axis is the one that failed.
        z.category = *a.g <= *a.s ? ZeroCategory::GeometryZero : ZeroCategory::SpecZero;
        z.reason = "reward 0 with both axes positive (g=" + std::to_string(*a.g) +
                   ", s=" + std::to_string(*a.s) + ")";
    } else {
        // Reward 0 without recorded axes: the verifier scored it, so it is a scoring zero; geometry is
        // the axis the pipeline checks first. The reason says the axes are unknown.
        z.category = ZeroCategory::GeometryZero;
        z.gate = a.gate;
        z.reason =
            detailsKnown ? "reward 0; score axes not recorded" : "reward 0 recorded without reward_details";
    }
    return z;
}

} // namespace

ZeroClassification classifyTrial(const TrialRecord& t, Workflow workflow, bool useRescored) {
    ZeroClassification z;
    const bool rescored = useRescored && t.rescored.has_value();
    if (t.effectiveReward(useRescored) > 0.0) return z;

    // 1. The agent ended with an exception (not a verifier error), at trial level or in a step, and the
    //    reward is 0 or absent.
    if (!t.exceptionType.empty() && !isVerifierException(t.exceptionType)) {
        z.category = ZeroCategory::FinalException;
        z.reason = exceptionText(t);
        return z;
    }
    const auto missing = [&](std::string reason) {
        ZeroClassification m;
        m.category = ZeroCategory::MissingOutput;
        m.reason = std::move(reason);
        return m;
    };
    std::string filesMissing = workflow == Workflow::CreateAndEdit
                                   ? "answer_base.FCStd / answer_edit.FCStd missing"
                                   : "answer.FCStd missing";
    // The artifact manifest may say why (a failed copy of /app/answer.FCStd, ...).
    for (const auto& a : t.artifactProblems)
        if (a.find(".FCStd:") != std::string::npos) filesMissing += " (artifact " + a + ")";

    if (rescored) {
        // A rescored result is made from the files, so their presence is its evidence.
        if (!t.hasAnswer(workflow)) return missing(filesMissing);
        if (t.rescored->scorerCrash) {
            z.category = ZeroCategory::ScorerCrash;
            z.reason = "rescoring: " + t.rescored->error;
            return z;
        }
        return byAxes(axesOf(t.rescored->single, t.rescored->base, t.rescored->target), true);
    }

    // The recorded verdict decides (docs/contract.md §1; docs/formats.md, "Rewards and verifier errors");
    // files are the fallback only where nothing was recorded: a bundle shared without its answer files keeps
    // its recorded categories.
    // 2. The verifier recorded that the answer document was not there.
    if (std::string r = recordedMissingFile(t.recordedDetails); !r.empty()) return missing("recorded: " + r);
    // 3. The verifier recorded an error (trial level or in a step). "No reward file" says nothing about
    //    the answer itself: with no details and no answer file, the answer's absence is the likelier
    //    cause (design precedence: missing output before scorer crash).
    if (!t.exceptionType.empty()) {
        const bool noOutput =
            t.exceptionType == "RewardFileNotFoundError" || t.exceptionType == "RewardFileEmptyError";
        if (noOutput && !t.recordedDetails.present && !t.hasAnswer(workflow))
            return missing(filesMissing + "; " + exceptionText(t));
        z.category = ZeroCategory::ScorerCrash;
        z.reason = exceptionText(t);
        return z;
    }
    // 4. No reward recorded: with nothing else recorded either, files decide.
    if (!t.recordedReward) {
        if (!t.recordedDetails.present && !t.hasAnswer(workflow))
            return missing(filesMissing + "; no reward recorded");
        z.category = ZeroCategory::ScorerCrash;
        z.reason = "no reward recorded";
        return z;
    }
    // 5. A reward of 0 with no details and no answer file: nothing says the answer was scored.
    if (!t.recordedDetails.present && !t.hasAnswer(workflow))
        return missing(filesMissing + "; reward 0 recorded without reward_details");
    // 6. The recorded score axes.
    return byAxes(axesOf(t.recordedDetails.single, t.recordedDetails.base, t.recordedDetails.target),
                  t.recordedDetails.present);
}

} // namespace vernier
