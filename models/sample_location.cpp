// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/sample_location.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "vernier_version.h"

namespace vernier {

namespace fs = std::filesystem;

static bool isSample(const fs::path& dir) {
    std::error_code ec;
    return fs::is_directory(dir / "results", ec) && fs::is_directory(dir / "pack", ec);
}

SampleLocation findSample(const std::string& executablePath) {
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("VERNIER_SAMPLE_DIR")) candidates.emplace_back(env);
    if (!executablePath.empty()) {
        std::error_code ec;
        fs::path exe = fs::weakly_canonical(fs::path(executablePath), ec);
        candidates.push_back(exe.parent_path().parent_path() / "share" / "vernier" / "sample");
    }
    candidates.push_back(fs::path(VERNIER_SOURCE_DIR) / "resources" / "sample");
    for (const auto& c : candidates)
        if (isSample(c)) return {(c / "results").string(), (c / "pack").string()};
    return {};
}

} // namespace vernier
