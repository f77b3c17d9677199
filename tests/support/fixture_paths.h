// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where the committed fixtures are: the Harbor jobs of tests/data/harbor (made by its
// make_harbor_fixtures.py) with their task pack, and the sample the app embeds. Tests compiled by
// tests/CMakeLists.txt get both macros.
#include <string>

namespace vernier::test::fixtures {

inline const std::string kHarbor = std::string(VERNIER_TEST_DATA_DIR) + "/harbor";
inline const std::string kHarborPack = kHarbor + "/pack";
inline const std::string kSampleResults = std::string(VERNIER_SOURCE_DIR) + "/resources/sample/results";
inline const std::string kSamplePack = std::string(VERNIER_SOURCE_DIR) + "/resources/sample/pack";

} // namespace vernier::test::fixtures
