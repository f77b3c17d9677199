// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shapes of the real FreeCAD fixtures as the scorer sees them (scored body, world coordinates).
#include <string>

#include <TopoDS_Shape.hxx>

namespace vernier::testing {

// tests/data/fcstd/<name>.FCStd's scored body shape; fails the calling test when it cannot load.
TopoDS_Shape fixtureShape(const std::string& name);
std::string fixturePath(const std::string& name);
// A directory under the build tree for images the tests write (to look at by hand).
std::string renderOutputDir();

} // namespace vernier::testing
