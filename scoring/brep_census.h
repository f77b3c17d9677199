// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the gates need to know about a stored shape — how many faces and solids, its volume when it is
// polyhedral — read from the BREP text without building the shape (docs/scoring.md §15 "Gates from the
// text"). Exact or nothing: a census is given only when OCCT's reader would read the same text without
// an error, and then its numbers are the ones the parsed shape gives, to the bit.
#include <optional>
#include <string_view>

namespace vernier {

struct BrepCensus {
    int faces = 0;  // TopExp::MapShapes(shape, TopAbs_FACE): distinct faces (TShape and location)
    int solids = 0; // the same for solids
    // polyhedralVolume(shape) (shape_integrals.h): the same bits, nothing when that declines.
    std::optional<double> polyhedralVolume;
};

// The census of a text BREP (readBrep's input), or nothing when the text is outside what this reader
// follows exactly: another version line, curves other than lines, surfaces other than planes, stored
// meshes or polygons, curve representations on closed surfaces, locations that scale or mirror a
// sub-shape, a sub-shape of a kind its parent cannot hold, anything malformed. Nothing means "parse it".
std::optional<BrepCensus> brepCensus(std::string_view text);

} // namespace vernier
