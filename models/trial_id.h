// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The stable identity of a trial: the bundle it was imported from (the folder or .zip as given) and the
// trial's folder inside that bundle. Unlike an index into ResultSet::trials it survives re-imports,
// added or closed bundles, filter changes and re-sorting, so results computed for one snapshot (rescoring)
// land on the same trial of any later one, or nowhere.
#include <compare>
#include <cstddef>
#include <functional>
#include <string>

#include <QMetaType>

namespace vernier {

struct TrialId {
    std::string bundle; // TrialRecord::bundle
    std::string path;   // the trial folder inside the bundle, e.g. "job-1/freecad-7c43__MXSiaGW"

    bool empty() const { return bundle.empty() && path.empty(); }
    // "<bundle file name>:<folder inside it>", for messages and tool tips.
    std::string display() const {
        const auto slash = bundle.find_last_of('/');
        const std::string name = slash == std::string::npos ? bundle : bundle.substr(slash + 1);
        return name + ":" + path;
    }
    // Bundle and folder, joined by a newline (which neither contains): a map key and a QVariant payload.
    std::string key() const { return bundle + '\n' + path; }
    static TrialId fromKey(const std::string& key) {
        const auto nl = key.find('\n');
        if (nl == std::string::npos) return {};
        return {key.substr(0, nl), key.substr(nl + 1)};
    }
    auto operator<=>(const TrialId&) const = default;
    bool operator==(const TrialId&) const = default;
};

// The folder of a trial inside its bundle, from the recorded display path ("<bundle>/<folder>/").
inline TrialId makeTrialId(const std::string& bundle, const std::string& trialPath) {
    std::string path = trialPath;
    if (path == bundle || path == bundle + "/") return {bundle, std::string()};
    if (!bundle.empty() && path.size() > bundle.size() && path.compare(0, bundle.size(), bundle) == 0 &&
        path[bundle.size()] == '/')
        path = path.substr(bundle.size() + 1);
    while (!path.empty() && path.back() == '/')
        path.pop_back();
    return {bundle, path};
}

} // namespace vernier

template <> struct std::hash<vernier::TrialId> {
    std::size_t operator()(const vernier::TrialId& id) const noexcept {
        const std::size_t a = std::hash<std::string>{}(id.bundle);
        const std::size_t b = std::hash<std::string>{}(id.path);
        return a ^ (b + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2));
    }
};

// Signals and item-model roles carry it (ui/); QtCore only.
Q_DECLARE_METATYPE(vernier::TrialId)
