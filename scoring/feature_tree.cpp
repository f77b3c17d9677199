// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Feature tree from the Body's Group / Tip and each feature's Profile link.
#include "scoring/feature_tree.h"

#include <algorithm>
#include <map>

namespace vernier {

namespace {

std::vector<std::string> groupOf(const FcObject& body) {
    for (const char* prop : {"Group", "Model"})
        if (const FcProperty* p = body.property(prop)) return p->links;
    return {};
}

FeatureNode nodeOf(const FcObject& o, const std::string& tip) {
    FeatureNode n;
    n.name = o.name;
    n.type = o.type;
    n.label = o.label;
    n.isTip = o.name == tip;
    n.touched = o.touched;
    n.invalid = o.invalid;
    n.error = o.error;
    return n;
}

} // namespace

std::vector<FeatureNode> featureTree(const FcDocument& doc, const std::string& bodyName) {
    const FcObject* body = doc.find(bodyName);
    if (!body) return {};
    const FcProperty* tipProp = body->property("Tip");
    const std::string tip = (tipProp && !tipProp->links.empty()) ? tipProp->links.front() : "";
    const auto group = groupOf(*body);

    // Which member owns each sketch: the first member whose Profile is that sketch.
    std::map<std::string, std::string> ownerOf;
    for (const auto& name : group) {
        const FcObject* o = doc.find(name);
        if (!o) continue;
        if (const FcProperty* profile = o->property("Profile"))
            for (const auto& target : profile->links)
                if (std::find(group.begin(), group.end(), target) != group.end())
                    ownerOf.emplace(target, name);
    }

    std::vector<FeatureNode> out;
    for (const auto& name : group) {
        if (ownerOf.count(name)) continue;
        const FcObject* o = doc.find(name);
        if (!o) continue;
        FeatureNode node = nodeOf(*o, tip);
        for (const auto& [sketch, owner] : ownerOf)
            if (owner == name)
                if (const FcObject* s = doc.find(sketch)) node.children.push_back(nodeOf(*s, tip));
        out.push_back(std::move(node));
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> bodyGroup(const FcDocument& doc,
                                                           const std::string& bodyName) {
    std::vector<std::pair<std::string, std::string>> out;
    const FcObject* body = doc.find(bodyName);
    if (!body) return out;
    for (const auto& name : groupOf(*body))
        if (const FcObject* o = doc.find(name)) out.emplace_back(o->name, o->type);
    return out;
}

} // namespace vernier
