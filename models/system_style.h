// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How systems are shown (docs/workspace.md "Systems"): a display name (alias), a colour, hidden or not.
// Colours are assigned by identity, never by rank: a system keeps its colour when scores change, and it is
// the same in every view and every export. Plain std types; the colour itself is a palette slot or a
// "#rrggbb" text, turned into a QColor by the figures library (figures/palette.h).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "models/trial_record.h"

namespace vernier {

struct SystemStyle {
    std::string alias;  // shown instead of the label when not empty
    std::string colour; // "#rrggbb" chosen by the user; empty: the identity colour
    bool hidden = false;
    bool operator==(const SystemStyle&) const = default;
    bool empty() const { return alias.empty() && colour.empty() && !hidden; }
};

class SystemStyles {
public:
    // By system label ("agent/model" or "agent/model · variant").
    std::map<std::string, SystemStyle> byLabel;

    bool operator==(const SystemStyles&) const = default;

    // The alias, or the label.
    std::string displayName(const SystemId& system) const;
    std::string displayName(const std::string& label) const;
    bool hidden(const std::string& label) const;
    std::set<std::string> hiddenLabels() const;
    // The user's colour ("#rrggbb"), or empty.
    std::string userColour(const std::string& label) const;
    // The palette slot of a system among `allLabels` (every system of the set, in any order): its position
    // in the sorted list of labels. Depends only on which systems exist, never on their scores.
    static int identitySlot(const std::string& label, const std::vector<std::string>& allLabels);

    void setAlias(const std::string& label, const std::string& alias);
    void setColour(const std::string& label, const std::string& colour);
    void setHidden(const std::string& label, bool hidden);
};

// True for "#rrggbb" (hex digits, either case).
bool isHexColour(const std::string& text);

} // namespace vernier
