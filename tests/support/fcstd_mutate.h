// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Builds damaged or variant FCStd archives from a real fixture: every entry copied (stored), with some
// replaced, renamed or dropped — for hostile-input and format-variant tests.
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "scoring/safe_zip.h"
#include "support/zip_writer.h"

namespace vernier::test {

inline std::string fixturePath(const std::string& name) {
    return std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/" + name;
}

inline std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline std::string fixtureEntry(const std::string& fixture, const std::string& entry) {
    return SafeZip::openFile(fixturePath(fixture)).read(entry);
}

// edit(name, bytes) returns the new (name, bytes) of an entry, or nullopt to drop it.
using EntryEdit =
    std::function<std::optional<std::pair<std::string, std::string>>(const std::string&, std::string)>;

inline std::string mutateFixture(const std::string& fixture, const EntryEdit& edit,
                                 const std::vector<ZipItem>& extra = {}) {
    const SafeZip z = SafeZip::openFile(fixturePath(fixture));
    std::vector<ZipItem> items;
    for (const auto& e : z.entries())
        if (auto changed = edit(e.name, z.read(e.name)))
            items.push_back(deflatedItem(changed->first, changed->second));
    for (const auto& x : extra)
        items.push_back(x);
    return buildZip(items, "FreeCAD Document");
}

inline std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
        s.replace(pos, from.size(), to);
    return s;
}

inline void writeFile(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

} // namespace vernier::test
