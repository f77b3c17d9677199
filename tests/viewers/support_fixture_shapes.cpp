// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "support_fixture_shapes.h"

#include <filesystem>

#include "scoring/fcstd_document.h"
#include "scoring/measure_document.h"

namespace vernier::testing {

std::string fixturePath(const std::string& name) {
    return std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/" + name + ".FCStd";
}

TopoDS_Shape fixtureShape(const std::string& name) {
    MeasureOptions opts;
    opts.exactObb = false;
    return measureDocument(FcDocument::load(fixturePath(name)), DocumentRole::Reference, opts).shape;
}

std::string renderOutputDir() {
    const std::string dir = std::string(VERNIER_BINARY_DIR) + "/test-renders";
    std::filesystem::create_directories(dir);
    return dir;
}

} // namespace vernier::testing
