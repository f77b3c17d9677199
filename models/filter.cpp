// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/filter.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "models/result_set.h"
#include "scoring/errors.h"

namespace vernier {

const char* trialStatusKey(TrialStatus s) {
    switch (s) {
    case TrialStatus::All:
        return "all";
    case TrialStatus::Perfect:
        return "perfect";
    case TrialStatus::Partial:
        return "partial";
    case TrialStatus::Zero:
        return "zero";
    case TrialStatus::Error:
        return "error";
    case TrialStatus::Mismatch:
        return "mismatch";
    }
    return "all";
}

const char* trialStatusText(TrialStatus s) {
    switch (s) {
    case TrialStatus::All:
        return "All statuses";
    case TrialStatus::Perfect:
        return "Perfect (1.0)";
    case TrialStatus::Partial:
        return "Partial (0–1)";
    case TrialStatus::Zero:
        return "Zero";
    case TrialStatus::Error:
        return "Load error / scorer crash";
    case TrialStatus::Mismatch:
        return "Rescore mismatch";
    }
    return "";
}

TrialStatus statusOf(const TrialRecord& trial, bool preferRescored) {
    if (!trial.loadError.empty() || trial.zero.category == ZeroCategory::ScorerCrash)
        return TrialStatus::Error;
    const double r = trial.effectiveReward(preferRescored);
    if (r >= 1.0) return TrialStatus::Perfect;
    if (r <= 0.0) return TrialStatus::Zero;
    return TrialStatus::Partial;
}

bool Filter::empty() const {
    return systems.empty() && hiddenSystems.empty() && workflows.empty() && categories.empty() &&
           tasks.empty() && bundles.empty() && status == TrialStatus::All;
}

bool Filter::matchesTask(const TaskInfo& task) const {
    if (!workflows.empty() && !workflows.count(task.workflow)) return false;
    if (!categories.empty() && !categories.count(task.category)) return false;
    if (!tasks.empty() && !tasks.count(task.id)) return false;
    return true;
}

bool Filter::matchesSystem(const SystemId& system) const {
    const std::string label = system.label();
    if (hiddenSystems.count(label)) return false;
    return systems.empty() || systems.count(label) > 0;
}

bool Filter::matchesBundle(const std::string& bundle) const {
    return bundles.empty() || bundles.count(bundle) > 0;
}

bool Filter::matches(const ResultSet& set, const TrialRecord& t) const {
    if (!matchesSystem(t.system) || !matchesBundle(t.bundle)) return false;
    if (restrictsTasks()) {
        if (t.taskIndex < 0 || t.taskIndex >= static_cast<int>(set.tasks.size())) return false;
        if (!matchesTask(set.tasks[static_cast<std::size_t>(t.taskIndex)])) return false;
    }
    switch (status) {
    case TrialStatus::All:
        return true;
    case TrialStatus::Mismatch: {
        const auto d = t.rescoreDelta();
        return d && std::abs(*d) > 1e-4;
    }
    case TrialStatus::Error:
        return !t.loadError.empty() || t.zero.category == ZeroCategory::ScorerCrash;
    default:
        return t.loadError.empty() && statusOf(t, set.preferRescored()) == status;
    }
}

bool Filter::matches(const ResultSet& set, int trialIndex) const {
    if (trialIndex < 0 || trialIndex >= static_cast<int>(set.trials.size())) return false;
    return matches(set, set.trials[static_cast<std::size_t>(trialIndex)]);
}

namespace {

std::string normalised(std::string_view text) {
    std::string out;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '-' || c == ' ')
            out += '_';
        else
            out += static_cast<char>(std::tolower(u));
    }
    return out;
}

// "a, b, c" — at most `shown` names, then "… (N in all)".
std::string listOf(const std::vector<std::string>& names, std::size_t shown = 12) {
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < shown; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > shown) out += ", … (" + std::to_string(names.size()) + " in all)";
    return out.empty() ? "none" : out;
}

// Printable form of a user's value inside a one-line message.
std::string quoteValue(std::string_view v) {
    std::string out = "\"";
    for (char c : v.substr(0, 120))
        out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    if (v.size() > 120) out += "…";
    return out + "\"";
}

void checkIn(const std::string& option, const std::string& value, const std::vector<std::string>& valid) {
    if (std::find(valid.begin(), valid.end(), value) == valid.end())
        throw InputError(option + ": unknown value " + quoteValue(value) + " (valid: " + listOf(valid) + ")");
}

} // namespace

Workflow parseWorkflowName(std::string_view text) {
    const std::string key = normalised(text);
    // The titles normalise to "creation", "create_&_edit", "image_to_cad".
    for (Workflow w : kWorkflows)
        if (key == workflowKey(w) || key == normalised(workflowTitle(w))) return w;
    throw InputError("unknown workflow " + quoteValue(text) +
                     " (valid: creation, create_and_edit, image_to_cad)");
}

TrialStatus parseTrialStatus(std::string_view text) {
    const std::string key = normalised(text);
    for (int s = 0; s < kTrialStatusCount; ++s)
        if (key == trialStatusKey(static_cast<TrialStatus>(s))) return static_cast<TrialStatus>(s);
    throw InputError("unknown trial status " + quoteValue(text) +
                     " (valid: all, perfect, partial, zero, error, mismatch)");
}

Filter parseFilter(const FilterValues& values, const ResultSet& set) {
    Filter f;
    std::vector<std::string> systems;
    for (const auto& s : set.systems)
        systems.push_back(s.label());
    for (const auto& s : values.systems) {
        checkIn("--system", s, systems);
        f.systems.insert(s);
    }
    for (const auto& w : values.workflows) {
        try {
            f.workflows.insert(parseWorkflowName(w));
        } catch (const InputError& e) {
            throw InputError(std::string("--workflow: ") + e.what());
        }
    }
    std::vector<std::string> categories, tasks;
    for (const auto& t : set.tasks) {
        tasks.push_back(t.id);
        if (!t.category.empty()) categories.push_back(t.category);
    }
    std::sort(categories.begin(), categories.end());
    categories.erase(std::unique(categories.begin(), categories.end()), categories.end());
    for (const auto& c : values.categories) {
        checkIn("--category", c, categories);
        f.categories.insert(c);
    }
    for (const auto& t : values.tasks) {
        checkIn("--task", t, tasks);
        f.tasks.insert(t);
    }
    for (const auto& b : values.bundles) {
        checkIn("--bundle", b, set.bundles);
        f.bundles.insert(b);
    }
    return f;
}

} // namespace vernier
