// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// BREP parsing with OCCT. Binary BREP follows FreeCAD's TopoShape::importBinary recipe: a shape set,
// then three int32 (shape index, location index, orientation) naming the root shape.
#include "scoring/brep_reader.h"

#include <charconv>
#include <cstdint>
#include <mutex>
#include <new>
#include <sstream>
#include <stdexcept>

#include <BRepTools.hxx>
#include <BRep_Builder.hxx>
#include <BinTools.hxx>
#include <BinTools_ShapeSet.hxx>
#include <GeomTools.hxx>
#include <GeomTools_UndefinedTypeHandler.hxx>
#include <Standard_Failure.hxx>
#include <TopAbs_Orientation.hxx>

#include "scoring/errors.h"

namespace vernier {

namespace {

std::size_t firstNonSpace(const std::string& b) {
    std::size_t i = 0;
    while (i < b.size() && i < 4096 && (b[i] == '\n' || b[i] == '\r' || b[i] == ' ' || b[i] == '\t'))
        ++i;
    return i;
}

TopoDS_Shape readBinary(const std::string& bytes) {
    std::istringstream in(bytes, std::ios::in | std::ios::binary);
    in.exceptions(std::ios::failbit | std::ios::badbit); // see readText
    BinTools_ShapeSet set;
    set.Read(in);
    if (!in.good()) throw Standard_Failure("truncated shape set");
    Standard_Integer shapeId = 0, locId = 0, orient = 0;
    BinTools::GetInteger(in, shapeId);
    BinTools::GetInteger(in, locId);
    BinTools::GetInteger(in, orient);
    if (in.fail()) throw Standard_Failure("missing root shape index");
    if (shapeId <= 0 || shapeId > set.NbShapes()) throw Standard_Failure("root shape index out of range");
    if (locId < 0 || locId > set.Locations().NbLocations())
        throw Standard_Failure("location index out of range");
    if (orient < TopAbs_FORWARD || orient > TopAbs_EXTERNAL) throw Standard_Failure("bad orientation");
    TopoDS_Shape shape = set.Shape(shapeId);
    shape.Location(set.Locations().Location(locId));
    shape.Orientation(static_cast<TopAbs_Orientation>(orient));
    return shape;
}

// A text BREP names each curve and surface by a type number. OCCT hands an unknown one to this handler, whose
// default prints to std::cout and leaves the geometry null; and a derived curve or surface (offset, trimmed,
// extrusion, revolution) built on such a null basis dereferences it: a crash found by fuzz_brep
// (docs/testing.md "Fuzzing"). OCCT catches its own Standard_Failure around each read and carries on with
// the null, so this throws a standard exception instead, which leaves the whole read.
class RejectUnknownGeometry : public GeomTools_UndefinedTypeHandler {
public:
    Standard_IStream& ReadCurve(const Standard_Integer type, Standard_IStream&,
                                Handle(Geom_Curve) &) const override {
        throw std::runtime_error("unknown curve type " + std::to_string(type));
    }
    Standard_IStream& ReadCurve2d(const Standard_Integer type, Standard_IStream&,
                                  Handle(Geom2d_Curve) &) const override {
        throw std::runtime_error("unknown 2D curve type " + std::to_string(type));
    }
    Standard_IStream& ReadSurface(const Standard_Integer type, Standard_IStream&,
                                  Handle(Geom_Surface) &) const override {
        throw std::runtime_error("unknown surface type " + std::to_string(type));
    }
};

TopoDS_Shape readText(const std::string& bytes) {
    static std::once_flag installed;
    std::call_once(installed, [] { GeomTools::SetUndefinedTypeHandler(new RejectUnknownGeometry()); });
    std::istringstream in(bytes);
    // A corrupt count (say 10^8 poles) would make OCCT loop on an exhausted stream for minutes; a read
    // past the end throws instead, so damaged input fails in the time it takes to read it once.
    in.exceptions(std::ios::failbit | std::ios::badbit);
    TopoDS_Shape shape;
    BRep_Builder builder;
    BRepTools::Read(shape, in, builder);
    if (shape.IsNull()) throw Standard_Failure("no shape in BREP text");
    return shape;
}

// OCCT prints to std::cout and gives up on an unknown version line; check it first so bad input
// gets a clean reason and nothing reaches stdout.
bool knownVersion(const std::string& bytes, BrepFormat format) {
    static const char* text[] = {"CASCADE Topology V1, (c) Matra-Datavision",
                                 "CASCADE Topology V2, (c) Matra-Datavision",
                                 "CASCADE Topology V3, (c) Open Cascade"};
    static const char* binary[] = {"Open CASCADE Topology V1 (c)", "Open CASCADE Topology V2 (c)",
                                   "Open CASCADE Topology V3 (c)",
                                   "Open CASCADE Topology V4, (c) Open Cascade"};
    std::istringstream in(bytes.substr(0, 512));
    std::string line;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (format == BrepFormat::Binary) {
            if (line.empty()) continue;
            for (const char* v : binary)
                if (line == v) return true;
            return false;
        }
        for (const char* v : text)
            if (line == v) return true;
    }
    return false;
}

// OCCT reads keywords with `IS >> char[255]`; a longer token would overrun its buffer. Text BREP
// tokens are numbers and keywords, so a long one only appears in hostile input.
bool hasOverlongToken(const std::string& bytes) {
    std::size_t run = 0;
    for (const char c : bytes) {
        run = (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f') ? 0 : run + 1;
        if (run > 200) return true;
    }
    return false;
}

// The largest power of a composite location readBrep lets OCCT compute. TopLoc_Location::Powered raises a
// location of several items to the power p by p nested calls, so a hostile "2  4 -18888888" in the location
// table overflowed the stack (found by fuzz_brep, 2026-12-08: `vernier-cli inspect` died of SIGSEGV). Writers
// use powers of one; a thousand nested calls are harmless.
constexpr long kMaxLocationPower = 1000;

// The first power past kMaxLocationPower in the location table, or 0. Only what is certainly a composite
// location's power counts; anything the table does not hold as expected is left to OCCT to refuse.
long absurdLocationPower(const std::string& bytes, BrepFormat format) {
    const std::size_t at = bytes.find("\nLocations ");
    if (at == std::string::npos || at > 4096) return 0;
    std::size_t p = at + 11;
    const auto isSpace = [](char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f';
    };
    const auto textInt = [&](long& v) { // as `std::istream >> int` reads it: white space, then [+-]digits
        while (p < bytes.size() && isSpace(bytes[p]))
            ++p;
        if (p + 1 < bytes.size() && bytes[p] == '+' && bytes[p + 1] >= '0' && bytes[p + 1] <= '9') ++p;
        const char* b = bytes.data() + p;
        const auto [end, ec] = std::from_chars(b, bytes.data() + bytes.size(), v);
        if (ec != std::errc() || end == b) return false;
        p = static_cast<std::size_t>(end - bytes.data());
        return true;
    };
    const auto binaryInt = [&](long& v) { // BinTools::GetInteger: four bytes, little-endian
        if (p + 4 > bytes.size()) return false;
        std::int32_t x = 0;
        for (int k = 3; k >= 0; --k)
            x = static_cast<std::int32_t>((static_cast<std::uint32_t>(x) << 8) |
                                          static_cast<unsigned char>(bytes[p + static_cast<std::size_t>(k)]));
        p += 4;
        v = x;
        return true;
    };
    long n = 0;
    if (!textInt(n) || n < 0) return 0;
    const bool binary = format == BrepFormat::Binary;
    if (binary) ++p; // the end of line after the count
    for (long i = 0; i < n && p < bytes.size(); ++i) {
        long type = 0;
        if (binary) {
            type = static_cast<unsigned char>(bytes[p++]);
        } else if (!textInt(type)) {
            return 0;
        }
        if (type == 1) { // a matrix: 12 numbers
            if (binary) {
                p += 12 * 8;
            } else {
                for (int k = 0; k < 12; ++k) {
                    while (p < bytes.size() && isSpace(bytes[p]))
                        ++p;
                    while (p < bytes.size() && !isSpace(bytes[p]))
                        ++p;
                }
            }
            continue;
        }
        if (type != 2) { // OCCT's text reader goes on to the next entry; its binary reader refuses
            if (binary) return 0;
            continue;
        }
        for (;;) {
            long index = 0, power = 0;
            if (!(binary ? binaryInt(index) : textInt(index)) || index == 0) break;
            if (!(binary ? binaryInt(power) : textInt(power))) return 0;
            if (power > kMaxLocationPower || power < -kMaxLocationPower) return power;
        }
    }
    return 0;
}

} // namespace

BrepFormat sniffBrep(const std::string& bytes) {
    if (bytes.empty()) return BrepFormat::Empty;
    const std::size_t i = firstNonSpace(bytes);
    if (bytes.compare(i, 21, "Open CASCADE Topology") == 0) return BrepFormat::Binary;
    // Text BREP, possibly after a "DBRep_DrawableShape" line.
    const std::size_t head = std::min<std::size_t>(bytes.size(), 256);
    if (std::string_view(bytes.data(), head).find("CASCADE Topology V") != std::string_view::npos)
        return BrepFormat::Text;
    if (i == bytes.size()) return BrepFormat::Empty;
    return BrepFormat::Unknown;
}

// OCCT's messages span several lines; reasons are one line.
std::string oneLine(const char* message) {
    std::string out;
    for (const char* p = message ? message : "OCCT error"; *p; ++p) {
        const bool space = *p == '\n' || *p == '\r' || *p == '\t' || *p == ' ';
        if (space) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += *p;
        }
    }
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out.empty() ? "OCCT error" : out;
}

TopoDS_Shape readBrep(const std::string& bytes, const std::string& what) {
    const BrepFormat format = sniffBrep(bytes);
    if (format == BrepFormat::Empty) return {};
    if (format == BrepFormat::Unknown) throw InputError(what + ": not a BREP shape (unknown content)");
    if (!knownVersion(bytes, format)) throw InputError(what + ": corrupt BREP (unsupported version line)");
    if (format == BrepFormat::Text && hasOverlongToken(bytes))
        throw InputError(what + ": corrupt BREP (overlong token)");
    if (const long power = absurdLocationPower(bytes, format))
        throw InputError(what + ": corrupt BREP (a location raised to the power " + std::to_string(power) +
                         ")");
    try {
        // One OCCT read at a time in the process: two text reads at once corrupt each other's numbers (seen
        // on OCCT 7.6.3: vertex coordinates off by 1e-15 to 1e26 in most of 30 concurrent reads of a 3.8 MB
        // shape; docs/scoring.md §15 "One read at a time"). Binary reads share the lock, being OCCT's too.
        static std::mutex oneRead;
        const std::lock_guard<std::mutex> lock(oneRead);
        return format == BrepFormat::Binary ? readBinary(bytes) : readText(bytes);
    } catch (const Standard_Failure& e) {
        throw InputError(what + ": corrupt BREP (" + oneLine(e.GetMessageString()) + ")");
    } catch (const std::ios_base::failure&) {
        throw InputError(what + ": corrupt BREP (truncated or inconsistent data)");
    } catch (const std::bad_alloc&) {
        throw InputError(what + ": corrupt BREP (absurd sizes)");
    } catch (const std::exception& e) {
        throw InputError(what + ": corrupt BREP (" + oneLine(e.what()) + ")");
    }
}

} // namespace vernier
