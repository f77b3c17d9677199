// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// A census of a text BREP without building the shape (docs/scoring.md §15 "Gates from the text").
//
// The text is read as OCCT 7.6's BRepTools::Read reads it (whitespace-separated tokens, two getline calls
// after a face's surface), but only the subset a polyhedral part is written in, and every token of it is
// checked: whatever OCCT would read differently, or fail on, makes the census decline. Locations are
// built with OCCT's own TopLoc_Location (the same datums, products and powers as its reader), so faces
// and solids are told apart exactly as TopExp::MapShapes tells them apart, and the volume is summed with
// the same operations, in the same order, as polyhedralVolume on the parsed shape.
#include "scoring/brep_census.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <ElCLib.hxx>
#include <Standard_Failure.hxx>
#include <TopAbs.hxx>
#include <TopAbs_ShapeEnum.hxx>
#include <TopLoc_IndexedMapOfLocation.hxx>
#include <TopLoc_Location.hxx>
#include <gp.hxx>
#include <gp_Ax1.hxx>
#include <gp_Ax3.hxx>
#include <gp_Dir.hxx>
#include <gp_Pnt.hxx>
#include <gp_Trsf.hxx>

namespace vernier {

namespace {

struct Declined {}; // thrown inside the reader, answered as "no census"

void need(bool ok) {
    if (!ok) throw Declined{};
}

// The characters `std::istream >>` skips, as a table: the scan spends most of its time here.
constexpr std::array<bool, 256> kSpace = [] {
    std::array<bool, 256> t{};
    for (const unsigned char c : {' ', '\t', '\n', '\r', '\v', '\f'})
        t[c] = true;
    return t;
}();

bool isSpace(char c) {
    return kSpace[static_cast<unsigned char>(c)];
}

// Whitespace-separated tokens, as `std::istream >>` splits them.
class Tokens {
public:
    explicit Tokens(std::string_view s) : s_(s) {}
    std::string_view next() {
        while (p_ < s_.size() && isSpace(s_[p_]))
            ++p_;
        const std::size_t b = p_;
        while (p_ < s_.size() && !isSpace(s_[p_]))
            ++p_;
        return s_.substr(b, p_ - b);
    }
    void word(std::string_view w) { need(next() == w); }
    // A decimal number as OCCT's GetReal reads it (the token through strtod, correctly rounded as
    // from_chars is); hexadecimal, infinities, NaN and signs strtod would take differently are declined.
    double real() {
        const std::string_view t = next();
        need(!t.empty() && t.size() <= 64 && t[0] != '+');
        double v = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v, std::chars_format::general);
        need(ec == std::errc() && end == t.data() + t.size() && std::isfinite(v));
        return v;
    }
    // A number whose value nothing here needs (tolerances, vertex points, parameters): checked to be a
    // decimal strtod reads whole into a finite double, not converted.
    void skipReal() {
        const std::string_view t = next();
        need(!t.empty() && t.size() <= 64);
        const auto digit = [&t](std::size_t i) { return i < t.size() && t[i] >= '0' && t[i] <= '9'; };
        std::size_t i = t[0] == '-' ? 1 : 0, digits = 0;
        for (; digit(i); ++i)
            ++digits;
        if (i < t.size() && t[i] == '.')
            for (++i; digit(i); ++i)
                ++digits;
        need(digits > 0);
        if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
            ++i;
            if (i < t.size() && (t[i] == '-' || t[i] == '+')) ++i;
            int exponent = 0, n = 0;
            for (; digit(i); ++i, ++n)
                exponent = exponent * 10 + (t[i] - '0');
            need(n >= 1 && n <= 3 && exponent <= 200); // 64 digits and e200 stay finite
        }
        need(i == t.size());
    }
    int integer() {
        const std::string_view t = next();
        return parseInt(t);
    }
    static int parseInt(std::string_view t) {
        need(!t.empty() && t.size() <= 10 && t[0] != '+');
        int v = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        need(ec == std::errc() && end == t.data() + t.size());
        return v;
    }
    int count() {
        const int n = integer();
        need(n >= 0);
        return n;
    }
    // What `getline(buf, 256)` consumes, which must be blank: the rest of this line, then the next line.
    void blankRestAndBlankLine() {
        for (int line = 0; line < 2; ++line) {
            std::size_t n = 0;
            while (p_ < s_.size() && s_[p_] != '\n') {
                need(isSpace(s_[p_]) && ++n < 255);
                ++p_;
            }
            need(p_ < s_.size()); // getline at the end of the text fails, and OCCT's stream throws
            ++p_;
        }
    }
    // Empty lines, then exactly this line (BRepTools::Read skips lines until a version line). At most 64 of
    // them: readBrep looks for the version in the first 256 bytes.
    void line(std::string_view l) {
        while (p_ < s_.size() && s_[p_] == '\n')
            ++p_;
        need(p_ <= 64 && s_.substr(p_, l.size()) == l && s_.substr(p_ + l.size(), 1) == "\n");
        p_ += l.size() + 1;
    }
    std::size_t left() const { return s_.size() - p_; }
    bool onlySpaceLeft() const {
        for (std::size_t i = p_; i < s_.size(); ++i)
            if (!isSpace(s_[i])) return false;
        return true;
    }

private:
    std::string_view s_;
    std::size_t p_ = 0;
};

// gp_Dir::SetCoord, which OCCT's readers use: normalises, and refuses a vector shorter than
// gp::Resolution() (declined here whether or not the installed build raises).
gp_Dir direction(double x, double y, double z) {
    need(std::sqrt(x * x + y * y + z * z) > gp::Resolution());
    gp_Dir d;
    d.SetCoord(x, y, z);
    return d;
}

// TopAbs_ShapeEnum order: COMPOUND 0 ... VERTEX 7.
TopAbs_ShapeEnum kindOf(std::string_view t) {
    if (t == "Ve") return TopAbs_VERTEX;
    if (t == "Ed") return TopAbs_EDGE;
    if (t == "Wi") return TopAbs_WIRE;
    if (t == "Fa") return TopAbs_FACE;
    if (t == "Sh") return TopAbs_SHELL;
    if (t == "So") return TopAbs_SOLID;
    if (t == "CS") return TopAbs_COMPSOLID;
    if (t == "Co") return TopAbs_COMPOUND;
    throw Declined{};
}

// The parent–child kinds a well-formed part uses (TopoDS_Builder::Add accepts a few more, declined here).
bool holds(TopAbs_ShapeEnum parent, TopAbs_ShapeEnum child) {
    switch (parent) {
    case TopAbs_COMPOUND:
        return true;
    case TopAbs_COMPSOLID:
        return child == TopAbs_SOLID;
    case TopAbs_SOLID:
        return child == TopAbs_SHELL;
    case TopAbs_SHELL:
        return child == TopAbs_FACE;
    case TopAbs_FACE:
        return child == TopAbs_WIRE;
    case TopAbs_WIRE:
        return child == TopAbs_EDGE;
    case TopAbs_EDGE:
        return child == TopAbs_VERTEX;
    default:
        return false;
    }
}

struct Ref {
    int record = 0;   // 0-based index of the referenced record
    int location = 0; // index into the location table, 0 = identity
    TopAbs_Orientation orientation = TopAbs_FORWARD;
};

struct Record {
    TopAbs_ShapeEnum kind = TopAbs_SHAPE;
    std::uint32_t firstRef = 0, refs = 0;
    // A face: its surface's location (every surface read is a plane, so which one does not matter). An edge:
    // degenerated or not, its 3D curve (0: none), that curve's location and range.
    int surfaceLocation = 0;
    bool degenerated = false;
    int curve = 0, curveLocation = 0;
    double first = 0, last = 0;
};

class Reader {
public:
    explicit Reader(std::string_view text) : in_(text) {}

    BrepCensus read() {
        header();
        locations();
        curves2d();
        curves();
        in_.word("Polygon3D");
        need(in_.count() == 0);
        in_.word("PolygonOnTriangulations");
        need(in_.count() == 0);
        surfaces();
        in_.word("Triangulations");
        need(in_.count() == 0);
        shapes();
        root_ = ref(static_cast<int>(records_.size()));
        // OCCT stops after the root; readBrep still looks at every byte (an overlong token fails it).
        need(in_.onlySpaceLeft());
        return census();
    }

private:
    // Blank lines, then the V1 version line (readBrep and BRepTools::Read accept others; declined here).
    void header() { in_.line("CASCADE Topology V1, (c) Matra-Datavision"); }

    // TopTools_LocationSet::Read: "1" and a 3x4 matrix makes a new datum; "2" and pairs (index, power)
    // ending in 0 makes the product L = L(index)^power * L; only locations other than identity enter the
    // indexed map (so an equal one takes no new index), exactly as OCCT's reader numbers them.
    void locations() {
        in_.word("Locations");
        const int n = in_.count();
        for (int i = 0; i < n; ++i) {
            const int type = in_.integer();
            TopLoc_Location l;
            if (type == 1) {
                double v[12];
                for (double& x : v)
                    x = in_.real();
                try {
                    gp_Trsf t;
                    t.SetValues(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]);
                    l = TopLoc_Location(t);
                } catch (const Standard_Failure&) {
                    throw Declined{};
                }
            } else {
                need(type == 2);
                for (int index = in_.integer(); index != 0; index = in_.integer()) {
                    need(index >= 1 && index <= map_.Extent());
                    const int power = in_.integer();
                    need(power >= -1000 && power <= 1000); // readBrep refuses more (brep_reader.cpp)
                    l = map_.FindKey(index).Powered(power) * l;
                }
            }
            if (!l.IsIdentity()) map_.Add(l);
        }
        // Whether TopoDS_Shape::Location accepts each as a sub-shape's location (no scaling, no mirror).
        valid_.assign(static_cast<std::size_t>(map_.Extent()) + 1, true);
        for (int i = 1; i <= map_.Extent(); ++i) {
            const gp_Trsf& t = map_.FindKey(i).Transformation();
            valid_[static_cast<std::size_t>(i)] =
                !(std::abs(std::abs(t.ScaleFactor()) - 1.) > TopLoc_Location::ScalePrec() || t.IsNegative());
        }
    }
    int locationIndex() {
        const int l = in_.integer();
        need(l >= 0 && l <= map_.Extent());
        return l;
    }

    // 2D curves: lines only ("1 x y dx dy").
    void curves2d() {
        in_.word("Curve2ds");
        n2d_ = in_.count();
        for (int i = 0; i < n2d_; ++i) {
            need(in_.integer() == 1);
            in_.skipReal();
            in_.skipReal();
            const double dx = in_.real(), dy = in_.real();
            need(std::sqrt(dx * dx + dy * dy) > gp::Resolution());
        }
    }

    // 3D curves: lines only ("1 x y z dx dy dz"), kept as OCCT builds them (gp_Dir normalised).
    void curves() {
        in_.word("Curves");
        const int n = in_.count();
        // The count is not trusted: no more than the rest of the text can hold.
        lines_.reserve(std::min<std::size_t>(static_cast<std::size_t>(n), in_.left() / 8));
        for (int i = 0; i < n; ++i) {
            need(in_.integer() == 1);
            const double x = in_.real(), y = in_.real(), z = in_.real();
            const double dx = in_.real(), dy = in_.real(), dz = in_.real();
            lines_.emplace_back(gp_Pnt(x, y, z), direction(dx, dy, dz));
        }
    }

    // Surfaces: planes only ("1" and an axis placement: point, normal, x and y directions).
    void surfaces() {
        in_.word("Surfaces");
        surfaces_ = in_.count();
        for (int i = 0; i < surfaces_; ++i) {
            need(in_.integer() == 1);
            for (int k = 0; k < 3; ++k) // the point: any finite one will do
                in_.skipReal();
            double v[9];
            for (double& x : v)
                x = in_.real();
            try {
                const gp_Dir a = direction(v[0], v[1], v[2]), ax = direction(v[3], v[4], v[5]);
                direction(v[6], v[7], v[8]);
                const gp_Ax3 placement(gp_Pnt(0, 0, 0), a, ax); // throws when a and ax are parallel
                (void)placement;
            } catch (const Standard_Failure&) {
                throw Declined{};
            }
        }
    }

    int surfaceIndex() {
        const int s = in_.integer();
        need(s >= 1 && s <= surfaces_);
        return s;
    }

    void vertex() {
        for (int k = 0; k < 4; ++k) // tolerance and point
            in_.skipReal();
        for (;;) {
            in_.skipReal(); // parameter
            const int type = in_.integer();
            if (type == 0) return;
            if (type == 1) {
                const int c = in_.integer();
                need(c >= 1 && c <= static_cast<int>(lines_.size()));
            } else if (type == 2) {
                const int pc = in_.integer();
                need(pc >= 1 && pc <= n2d_);
                surfaceIndex();
            } else {
                need(type == 3);
                in_.skipReal();
                surfaceIndex();
            }
            locationIndex();
        }
    }

    void edge(Record& r) {
        in_.skipReal(); // tolerance
        in_.integer();
        in_.integer();
        r.degenerated = in_.integer() == 1;
        for (;;) {
            const int type = in_.integer();
            if (type == 0) return;
            if (type == 1) { // the 3D curve; a second one would replace the first: declined
                need(r.curve == 0);
                r.curve = in_.integer();
                need(r.curve >= 1 && r.curve <= static_cast<int>(lines_.size()));
                r.curveLocation = locationIndex();
                r.first = in_.real();
                r.last = in_.real();
            } else if (type == 2) { // a curve on a surface (closed surfaces, type 3, are declined)
                const int pc = in_.integer();
                need(pc >= 1 && pc <= n2d_);
                surfaceIndex();
                locationIndex();
                in_.skipReal();
                in_.skipReal();
            } else { // regularity between two surfaces
                need(type == 4);
                const std::string_view c = in_.next();
                need(c == "C0" || c == "C1" || c == "C2" || c == "C3" || c == "CN" || c == "G1" || c == "G2");
                surfaceIndex();
                locationIndex();
                surfaceIndex();
                locationIndex();
            }
        }
    }

    void face(Record& r) {
        const int natural = in_.integer();
        need(natural == 0 || natural == 1);
        in_.skipReal(); // tolerance
        surfaceIndex();
        r.surfaceLocation = locationIndex();
        in_.blankRestAndBlankLine(); // no stored triangulation ("2 n") on the line after
    }

    // "+N l" (or -, i, e): record N counted from the end of the table, placed at location l. `before`:
    // how many records are read so far (a reference must name one of them).
    Ref ref(int before) { return ref(in_.next(), before); }
    Ref ref(std::string_view t, int before) {
        need(t.size() >= 2);
        Ref r;
        switch (t[0]) {
        case '+':
            r.orientation = TopAbs_FORWARD;
            break;
        case '-':
            r.orientation = TopAbs_REVERSED;
            break;
        case 'i':
            r.orientation = TopAbs_INTERNAL;
            break;
        case 'e':
            r.orientation = TopAbs_EXTERNAL;
            break;
        default:
            throw Declined{};
        }
        const int n = Tokens::parseInt(t.substr(1));
        need(n >= 1 && n <= total_);
        r.record = total_ - n; // OCCT: myShapes(nbShapes - n + 1), 1-based
        need(r.record < before);
        r.location = locationIndex();
        need(valid_[static_cast<std::size_t>(r.location)]);
        return r;
    }

    void shapes() {
        in_.word("TShapes");
        total_ = in_.count();
        need(total_ >= 1);
        records_.reserve(static_cast<std::size_t>(std::min(total_, 1 << 20)));
        for (int i = 0; i < total_; ++i) {
            Record r;
            r.kind = kindOf(in_.next());
            if (r.kind == TopAbs_VERTEX)
                vertex();
            else if (r.kind == TopAbs_EDGE)
                edge(r);
            else if (r.kind == TopAbs_FACE)
                face(r);
            const std::string_view flags = in_.next();
            need(flags.size() == 7 && flags.find_first_not_of("01") == std::string_view::npos);
            r.firstRef = static_cast<std::uint32_t>(refs_.size());
            for (;;) {
                const std::string_view t = in_.next();
                if (t == "*") break;
                const Ref c = ref(t, i);
                need(holds(r.kind, records_[static_cast<std::size_t>(c.record)].kind));
                refs_.push_back(c);
            }
            r.refs = static_cast<std::uint32_t>(refs_.size()) - r.firstRef;
            records_.push_back(r);
        }
    }

    // Locations met while walking the shape, each kept once per equality class (TopLoc_Location::IsEqual,
    // what MapShapes tells faces apart by) and named by a number, so occurrences carry a number and a product
    // is computed once: place * table entry, memoised. Place 0 is the identity.
    struct Place {
        TopLoc_Location location;
        bool identity = true, negative = false;
    };
    int placeOf(const TopLoc_Location& l) const {
        const int hash = l.HashCode(std::numeric_limits<int>::max());
        const auto range = placesByHash_.equal_range(hash);
        for (auto it = range.first; it != range.second; ++it)
            if (places_[static_cast<std::size_t>(it->second)].location.IsEqual(l)) return it->second;
        need(places_.size() < 4096); // a real part has a few dozen
        const gp_Trsf& t = l.Transformation();
        places_.push_back({l, l.IsIdentity(), t.IsNegative()});
        const int id = static_cast<int>(places_.size()) - 1;
        placesByHash_.emplace(hash, id);
        return id;
    }
    // The place of `place` * (location `tableIndex` of the table), as TopoDS_Iterator and BRep_Tool compose.
    int product(int place, int tableIndex) const {
        if (tableIndex == 0) return place;
        const std::uint64_t key =
            (static_cast<std::uint64_t>(place) << 32) | static_cast<std::uint32_t>(tableIndex);
        if (const auto it = products_.find(key); it != products_.end()) return it->second;
        const int id = placeOf(places_[static_cast<std::size_t>(place)].location * map_.FindKey(tableIndex));
        products_.emplace(key, id);
        return id;
    }

    // An occurrence: a record placed at a location with an orientation, as TopoDS_Iterator composes them.
    struct Occurrence {
        int record;
        int place;
        TopAbs_Orientation orientation;
    };
    Occurrence child(const Occurrence& parent, const Ref& c) const {
        return {c.record, product(parent.place, c.location),
                TopAbs::Compose(parent.orientation, c.orientation)};
    }

    // TopExp_Explorer(shape, kind): depth first, children in order, not descending into a shape of a kind
    // that cannot hold `kind`. A real part nests a few levels and visits each reference a few times; deeper
    // nesting or a shared sub-shape met exponentially often is declined (OCCT's explorer then walks it).
    template <class Visit>
    void explore(const Occurrence& o, TopAbs_ShapeEnum kind, Visit&& visit, int depth = 0) const {
        need(depth < 64 && ++visits_ < 16 * refs_.size() + 4096);
        const Record& r = records_[static_cast<std::size_t>(o.record)];
        if (r.kind == kind) {
            visit(o);
            return;
        }
        if (r.kind > kind) return;
        for (std::uint32_t i = 0; i < r.refs; ++i)
            explore(child(o, refs_[r.firstRef + i]), kind, visit, depth + 1);
    }

    // TopExp::MapShapes(shape, kind).Extent(): occurrences told apart by record and location.
    int distinct(const Occurrence& top, TopAbs_ShapeEnum kind) const {
        std::unordered_set<std::uint64_t> seen;
        explore(top, kind, [&seen](const Occurrence& o) {
            seen.insert((static_cast<std::uint64_t>(o.record) << 32) | static_cast<std::uint32_t>(o.place));
        });
        return static_cast<int>(seen.size());
    }

    // polyhedralVolume (shape_integrals.cpp) on the occurrences, operation for operation.
    std::optional<double> volume(const Occurrence& top) const {
        std::optional<gp_XYZ> origin;
        double sixfold = 0;
        bool anyFace = false;
        bool declined = false;
        explore(top, TopAbs_FACE, [&](const Occurrence& f) {
            if (declined) return;
            if (f.orientation != TopAbs_FORWARD && f.orientation != TopAbs_REVERSED) return;
            const Record& fr = records_[static_cast<std::size_t>(f.record)];
            if (places_[static_cast<std::size_t>(product(f.place, fr.surfaceLocation))].negative) {
                declined = true;
                return;
            }
            anyFace = true;
            gp_XYZ twiceArea(0, 0, 0), onFace(0, 0, 0);
            bool first = true;
            explore(f, TopAbs_EDGE, [&](const Occurrence& e) {
                if (declined) return;
                const Record& er = records_[static_cast<std::size_t>(e.record)];
                if (er.degenerated) return;
                if ((e.orientation != TopAbs_FORWARD && e.orientation != TopAbs_REVERSED) || er.curve == 0) {
                    declined = true;
                    return;
                }
                const Place& curvePlace =
                    places_[static_cast<std::size_t>(product(e.place, er.curveLocation))];
                if (curvePlace.negative) {
                    declined = true;
                    return;
                }
                const gp_Ax1& line = lines_[static_cast<std::size_t>(er.curve - 1)];
                gp_Pnt p = ElCLib::LineValue(er.first, line), q = ElCLib::LineValue(er.last, line);
                if (!curvePlace.identity) {
                    p.Transform(curvePlace.location.Transformation());
                    q.Transform(curvePlace.location.Transformation());
                }
                if (!origin) origin = p.XYZ();
                gp_XYZ from = p.XYZ() - *origin, to = q.XYZ() - *origin;
                if (e.orientation == TopAbs_REVERSED) std::swap(from, to);
                twiceArea += from.Crossed(to);
                if (first) onFace = from;
                first = false;
            });
            if (!declined) sixfold += onFace.Dot(twiceArea);
        });
        if (declined || !anyFace) return std::nullopt;
        return sixfold / 6.0;
    }

    BrepCensus census() const {
        places_.push_back({}); // place 0: the identity
        const Occurrence top{root_.record, product(0, root_.location), root_.orientation};
        BrepCensus c;
        c.faces = distinct(top, TopAbs_FACE);
        c.solids = distinct(top, TopAbs_SOLID);
        try {
            c.polyhedralVolume = volume(top);
        } catch (const Standard_Failure&) {
            c.polyhedralVolume.reset();
        }
        return c;
    }

    Tokens in_;
    TopLoc_IndexedMapOfLocation map_;
    std::vector<bool> valid_;
    int n2d_ = 0, surfaces_ = 0, total_ = 0;
    mutable std::size_t visits_ = 0;
    mutable std::vector<Place> places_;
    mutable std::unordered_multimap<int, int> placesByHash_;
    mutable std::unordered_map<std::uint64_t, int> products_;
    std::vector<gp_Ax1> lines_;
    std::vector<Record> records_;
    std::vector<Ref> refs_;
    Ref root_;
};

} // namespace

std::optional<BrepCensus> brepCensus(std::string_view text) {
    try {
        return Reader(text).read();
    } catch (const Declined&) {
        return std::nullopt;
    } catch (const Standard_Failure&) {
        return std::nullopt;
    } catch (const std::bad_alloc&) {
        return std::nullopt;
    }
}

} // namespace vernier
