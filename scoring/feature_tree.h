// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A Body's feature tree as data: its Group in order, Tip marked, sketches under the features using them.
#include <string>
#include <vector>

#include "scoring/fcstd_document.h"

namespace vernier {

struct FeatureNode {
    std::string name;
    std::string type;
    std::string label;
    bool isTip = false;
    bool touched = false;
    bool invalid = false;
    std::string error;
    std::vector<FeatureNode> children; // sketches (Profile) of this feature
};

// The members of `bodyName`'s Group (or the legacy Model) in order. A sketch used as some member's
// Profile appears as that member's child instead of on its own. Empty if the Body does not exist.
std::vector<FeatureNode> featureTree(const FcDocument& doc, const std::string& bodyName);

// The Group members of the Body, flat and in order (name, type); what `inspect` prints.
std::vector<std::pair<std::string, std::string>> bodyGroup(const FcDocument& doc,
                                                           const std::string& bodyName);

} // namespace vernier
