// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/system_variants.h"

#include <set>

namespace vernier {

namespace {

// Kwarg values arrive as compact JSON; a JSON string reads better without its quotes in a label.
std::string unquoted(const std::string& json) {
    if (json.size() >= 2 && json.front() == '"' && json.back() == '"' &&
        json.find_first_of("\"\\", 1) == json.size() - 1)
        return json.substr(1, json.size() - 2);
    return json;
}

} // namespace

RunSettings runSettingsOf(const RunConfig& config) {
    RunSettings s;
    if (!config.agentVersion.empty()) s["agent version"] = config.agentVersion;
    if (!config.modelProvider.empty()) s["provider"] = config.modelProvider;
    for (const auto& [key, value] : config.agentKwargs)
        s[key] = unquoted(value);
    return s;
}

std::vector<std::string> variantLabels(const std::vector<std::pair<SystemId, RunSettings>>& runs) {
    // Distinct settings per (agent, model), and the fields on which they differ.
    std::map<SystemId, std::set<RunSettings>> distinct;
    for (const auto& [system, settings] : runs)
        distinct[system].insert(settings);
    // field -> how a run that does not set it reads: "default", or "unset" when a run sets "default".
    std::map<SystemId, std::map<std::string, std::string>> differing;
    for (const auto& [system, variants] : distinct) {
        if (variants.size() < 2) continue;
        std::set<std::string> fields;
        for (const auto& v : variants)
            for (const auto& [k, _] : v)
                fields.insert(k);
        auto& diff = differing[system];
        for (const auto& f : fields) {
            std::set<std::string> values;
            for (const auto& v : variants) {
                auto it = v.find(f);
                values.insert(it == v.end() ? std::string("\x01") : it->second);
            }
            if (values.size() > 1) diff[f] = values.count("default") ? "unset" : "default";
        }
    }
    std::vector<std::string> labels;
    labels.reserve(runs.size());
    for (const auto& [system, settings] : runs) {
        auto d = differing.find(system);
        if (d == differing.end()) {
            labels.emplace_back();
            continue;
        }
        std::string label;
        for (const auto& [f, unset] : d->second) {
            auto it = settings.find(f);
            if (!label.empty()) label += ", ";
            label += f + "=" + (it == settings.end() ? unset : it->second);
        }
        labels.push_back(std::move(label));
    }
    return labels;
}

} // namespace vernier
