// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reads the shapes FreeCAD stores in an FCStd: text BREP, binary BREP, empty (null) shapes.
#include <string>

#include <TopoDS_Shape.hxx>

namespace vernier {

enum class BrepFormat { Empty, Text, Binary, Unknown };

// Decides the format from the bytes (never from the entry name): "Open CASCADE Topology" is binary,
// "CASCADE Topology V" text (possibly after a DBRep_DrawableShape line), zero bytes is a null shape.
BrepFormat sniffBrep(const std::string& bytes);

// Parses one stored shape; a null shape for Empty input. Throws InputError("<what>: ...") when the
// bytes are not a readable BREP, so a corrupt shape file is a bad-input answer, never a crash.
TopoDS_Shape readBrep(const std::string& bytes, const std::string& what);

} // namespace vernier
