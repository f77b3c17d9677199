// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One Harbor trial folder as the bundle importer (models/bundle_import.cpp) reads it
// (models/harbor_trial.cpp), and the small JSON helpers both use.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "models/bundle_tree.h"
#include "models/trial_record.h"

namespace vernier::harbor {

// The last component of a relative path, trailing slashes ignored ("a/b/" -> "b").
std::string baseName(const std::string& path);
// Parses a JSON file of the tree; throws InputError("<file>: <why>") when unreadable or over the metadata
// limit.
nlohmann::json readJson(const BundleTree& tree, const std::string& rel);
// A string member, "" when absent or of another type; member(): the member or null (any `o`).
std::string text(const nlohmann::json& o, const char* key);
const nlohmann::json& member(const nlohmann::json& o, const char* key);
// A finite number member; integer(): one as a 64-bit integer where nlohmann's conversion is defined.
std::optional<double> number(const nlohmann::json& o, const char* key);
std::optional<std::int64_t> integer(const nlohmann::json& o, const char* key);

// Every field of a trial folder that exists (result.json, config.json where needed, reward files, details,
// manifest, answers, steps); the caller sets the identity a layout's path gives.
void readTrialFolder(const BundleTree& tree, const std::string& dir, TrialRecord& t);

// One Harbor trial folder `dir` of the bundle (relative, ending in '/'; empty for a bundle that is the trial
// folder itself): every recorded field, and the identity Harbor's folder name gives when the files do not.
void readHarborTrial(const BundleTree& tree, const std::string& bundle, const std::string& dir,
                     TrialRecord& t);

} // namespace vernier::harbor
