// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/system_style.h"

#include <algorithm>
#include <cctype>

namespace vernier {

std::string SystemStyles::displayName(const SystemId& system) const {
    return displayName(system.label());
}

std::string SystemStyles::displayName(const std::string& label) const {
    auto it = byLabel.find(label);
    return it == byLabel.end() || it->second.alias.empty() ? label : it->second.alias;
}

bool SystemStyles::hidden(const std::string& label) const {
    auto it = byLabel.find(label);
    return it != byLabel.end() && it->second.hidden;
}

std::set<std::string> SystemStyles::hiddenLabels() const {
    std::set<std::string> out;
    for (const auto& [label, style] : byLabel)
        if (style.hidden) out.insert(label);
    return out;
}

std::string SystemStyles::userColour(const std::string& label) const {
    auto it = byLabel.find(label);
    return it == byLabel.end() ? std::string() : it->second.colour;
}

int SystemStyles::identitySlot(const std::string& label, const std::vector<std::string>& allLabels) {
    std::vector<std::string> sorted = allLabels;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    auto it = std::lower_bound(sorted.begin(), sorted.end(), label);
    return static_cast<int>(it - sorted.begin());
}

namespace {
template <typename F> void edit(std::map<std::string, SystemStyle>& map, const std::string& label, F f) {
    SystemStyle& s = map[label];
    f(s);
    if (s.empty()) map.erase(label);
}
} // namespace

void SystemStyles::setAlias(const std::string& label, const std::string& alias) {
    edit(byLabel, label, [&](SystemStyle& s) { s.alias = alias == label ? std::string() : alias; });
}

void SystemStyles::setColour(const std::string& label, const std::string& colour) {
    edit(byLabel, label, [&](SystemStyle& s) { s.colour = colour; });
}

void SystemStyles::setHidden(const std::string& label, bool hidden) {
    edit(byLabel, label, [&](SystemStyle& s) { s.hidden = hidden; });
}

bool isHexColour(const std::string& text) {
    if (text.size() != 7 || text[0] != '#') return false;
    return std::all_of(text.begin() + 1, text.end(),
                       [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

} // namespace vernier
