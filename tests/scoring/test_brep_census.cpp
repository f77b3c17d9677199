// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// brepCensus (scoring/brep_census.h) against OCCT's reader: whenever it answers, readBrep reads the same text
// and the parsed shape has exactly its face and solid counts and polyhedral volume — on every stored shape
// of the fixtures, the hostile corpus, the sample and the benchmark data, on every truncation of a real
// shape and on targeted corruptions. Hand-checked values for a box and the gated prism. The gates give the
// same outcome reading censuses as parsing (docs/scoring.md §15 "Gates from the text").
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <TopExp.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <gtest/gtest.h>

#include "scoring/brep_census.h"
#include "scoring/brep_reader.h"
#include "scoring/errors.h"
#include "scoring/fcstd_document.h"
#include "scoring/measure_document.h"
#include "scoring/safe_zip.h"
#include "scoring/shape_integrals.h"
#include "scoring/structural_gates.h"

using namespace vernier;
namespace fs = std::filesystem;

namespace {

int countOf(const TopoDS_Shape& s, TopAbs_ShapeEnum kind) {
    TopTools_IndexedMapOfShape map;
    TopExp::MapShapes(s, kind, map);
    return map.Extent();
}

struct Tally {
    int answered = 0, declined = 0, polyhedral = 0;
};

// The census of `text` is nothing, or exactly what the parsed shape gives.
void expectCensusIsTheParse(const std::string& text, const std::string& what, Tally& tally) {
    const std::optional<BrepCensus> census = brepCensus(text);
    if (!census) {
        ++tally.declined;
        return;
    }
    ++tally.answered;
    TopoDS_Shape shape;
    try {
        shape = readBrep(text, what);
    } catch (const std::exception& e) {
        ADD_FAILURE() << what << ": a census of a text OCCT does not read: " << e.what();
        return;
    }
    EXPECT_EQ(census->faces, countOf(shape, TopAbs_FACE)) << what;
    EXPECT_EQ(census->solids, countOf(shape, TopAbs_SOLID)) << what;
    const std::optional<double> volume = polyhedralVolume(shape);
    ASSERT_EQ(census->polyhedralVolume.has_value(), volume.has_value()) << what;
    if (volume) {
        ++tally.polyhedral;
        EXPECT_EQ(*census->polyhedralVolume, *volume) << what; // the same bits
    }
}

// Every text shape entry of every .FCStd under `root`.
void censusEveryDocument(const fs::path& root, Tally& tally) {
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (e.path().extension() != ".FCStd") continue;
        std::optional<SafeZip> zip;
        try {
            zip.emplace(SafeZip::openFile(e.path().string()));
        } catch (const std::exception&) {
            continue; // hostile documents that are not zips
        }
        for (const ZipEntryInfo& entry : zip->entries()) {
            std::string text;
            try {
                text = zip->read(entry.name);
            } catch (const std::exception&) {
                continue;
            }
            if (sniffBrep(text) != BrepFormat::Text) continue;
            expectCensusIsTheParse(text, e.path().filename().string() + ":" + entry.name, tally);
        }
    }
}

std::string entryOf(const std::string& document, const std::string& entry) {
    return SafeZip::openFile(document).read(entry);
}

std::string fixture(const std::string& name) {
    return std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/" + name;
}

const std::string kPrism = std::string(VERNIER_SOURCE_DIR) + "/bench/data/prism_5004.FCStd";

// The stored text of a document object's shape.
std::string shapeTextOf(const std::string& document, const std::string& object) {
    const FcDocument doc = FcDocument::load(document, {}, ShapeLoading::OnDemand);
    const FcProperty* p = doc.find(object)->property("Shape");
    return entryOf(document, p->shapeEntry);
}

// A candidate measured for the reward (MeasureOptions::shapeWhenGated = false) and for the views: the same
// gate, named `gate`, with the same reason and scored Body; for the reward its shape is never parsed. The
// reason.
std::string expectGatedFromTheText(const std::string& document, const std::string& gate) {
    MeasureOptions forReward;
    forReward.shapeWhenGated = false;
    const MeasuredDocument counted = measureDocument(FcDocument::load(document, {}, ShapeLoading::OnDemand),
                                                     DocumentRole::Candidate, forReward);
    const MeasuredDocument parsed =
        measureDocument(FcDocument::load(document, {}, ShapeLoading::OnDemand), DocumentRole::Candidate);
    EXPECT_TRUE(counted.gate && parsed.gate) << document;
    if (!counted.gate || !parsed.gate) return {};
    EXPECT_EQ(counted.gate->gate, gate);
    EXPECT_EQ(counted.gate->reason, parsed.gate->reason);
    EXPECT_EQ(counted.scoredBody, "Body");
    EXPECT_TRUE(counted.shape.IsNull());
    EXPECT_FALSE(parsed.shape.IsNull());
    return counted.gate->reason;
}

} // namespace

TEST(BrepCensus, EveryStoredShapeIsCountedAsOcctParsesItOrDeclined) {
    Tally tally;
    censusEveryDocument(VERNIER_TEST_DATA_DIR, tally);
    censusEveryDocument(fs::path(VERNIER_SOURCE_DIR) / "resources" / "sample", tally);
    censusEveryDocument(fs::path(VERNIER_SOURCE_DIR) / "bench" / "data", tally);
    std::printf("census: %d answered (%d polyhedral), %d declined\n", tally.answered, tally.polyhedral,
                tally.declined);
    // When written: 142 answered (all polyhedral: boxes, brackets, polygon pads, the prism; sketches and
    // datum planes answered with no volume) and 1,311 declined (curves and surfaces other than lines and
    // planes).
    EXPECT_GE(tally.answered, 100);
    EXPECT_GE(tally.polyhedral, 60);
    EXPECT_GE(tally.declined, 250);
}

// The committed corpus of fuzz_brep (fuzz/corpus/fuzz_brep: real shapes and the mutations that reached new
// code in OCCT's reader) and the hostile shapes: the census declines, or is the parse. OCCT is given only the
// texts the census answers for (some of the others crash it: tests/data/hostile/fuzz-crash).
TEST(BrepCensus, TheFuzzCorpusIsDeclinedOrTheParse) {
    Tally tally;
    for (const fs::path& root : {fs::path(VERNIER_SOURCE_DIR) / "fuzz" / "corpus" / "fuzz_brep",
                                 fs::path(VERNIER_TEST_DATA_DIR) / "hostile"})
        for (const auto& e : fs::recursive_directory_iterator(root)) {
            if (!e.is_regular_file() || e.file_size() > (16u << 20)) continue;
            std::ifstream in(e.path(), std::ios::binary);
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            if (!brepCensus(text)) {
                ++tally.declined;
                continue;
            }
            expectCensusIsTheParse(text, e.path().filename().string(), tally);
        }
    std::printf("fuzz corpus and hostile files: %d answered, %d declined\n", tally.answered, tally.declined);
    EXPECT_GE(tally.answered + tally.declined, 150);
}

// A 10 x 5 x 3 mm box made by FreeCAD (tests/data/fcstd/make_fixtures.py): six faces, one solid, 150 mm^3.
TEST(BrepCensus, BoxHandChecked) {
    const std::string text = shapeTextOf(fixture("box_additive.FCStd"), "Body");
    const auto census = brepCensus(text);
    ASSERT_TRUE(census);
    EXPECT_EQ(census->faces, 6);
    EXPECT_EQ(census->solids, 1);
    ASSERT_TRUE(census->polyhedralVolume);
    EXPECT_NEAR(*census->polyhedralVolume, 150.0, 1e-12);
}

// The gated benchmark candidate: a Pad of a regular 5,004-gon, R = 20 mm, 5 mm high: 5,006 faces, one solid,
// (n / 2) R^2 sin(2 pi / n) h = 6283.1837 mm^3 — for its Body and its Tip, each stored in ~5-6 MB of text.
TEST(BrepCensus, GatedPrismHandChecked) {
    const double n = 5004, r = 20, h = 5;
    const double expected = n / 2 * r * r * std::sin(2 * M_PI / n) * h;
    for (const char* object : {"Body", "Pad"}) {
        const auto census = brepCensus(shapeTextOf(kPrism, object));
        ASSERT_TRUE(census) << object;
        EXPECT_EQ(census->faces, 5006) << object;
        EXPECT_EQ(census->solids, 1) << object;
        ASSERT_TRUE(census->polyhedralVolume) << object;
        EXPECT_NEAR(*census->polyhedralVolume, expected, 1e-9 * expected) << object;
    }
}

TEST(BrepCensus, CurvedShapesAreDeclined) {
    EXPECT_FALSE(brepCensus(shapeTextOf(fixture("cylinder.FCStd"), "Body")));
    EXPECT_FALSE(brepCensus(shapeTextOf(fixture("l_bracket_fillet.FCStd"), "Body")));
    EXPECT_FALSE(brepCensus(""));
    EXPECT_FALSE(brepCensus("not a shape"));
}

// Every prefix of a real shape's text (every 7th length) is declined, or counted as OCCT parses it.
TEST(BrepCensus, TruncatedTextIsDeclinedOrTheParse) {
    const std::string text = shapeTextOf(fixture("box_additive.FCStd"), "Body");
    Tally tally;
    for (std::size_t cut = 0; cut < text.size(); cut += 7)
        expectCensusIsTheParse(text.substr(0, cut), "cut at " + std::to_string(cut), tally);
    EXPECT_GE(tally.declined, static_cast<int>(text.size() / 7) - 2); // only the whole text (and its last
                                                                      // blank bytes) can be answered
}

// Corruptions of a real shape's text, each of which OCCT reads differently or not at all.
TEST(BrepCensus, CorruptionsAreDeclined) {
    const std::string text = shapeTextOf(fixture("box_additive.FCStd"), "Body");
    ASSERT_TRUE(brepCensus(text));
    const auto replaced = [&text](const std::string& from, const std::string& to) {
        std::string t = text;
        const auto at = t.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        if (at != std::string::npos) t.replace(at, from.size(), to);
        return t;
    };
    const auto tshapes = text.find("TShapes ");
    ASSERT_NE(tshapes, std::string::npos);
    const std::vector<std::pair<std::string, std::string>> corruptions = {
        {"CASCADE Topology V1", "CASCADE Topology V2"}, // another version (UV points on pcurves)
        {"Curves ", "Curvez "},                         // a section header OCCT skips with a message
        {"Polygon3D 0", "Polygon3D 1"},                 // a stored polygon (and a missing one)
        {"Triangulations 0", "Triangulations 1"},       // a stored mesh
        {"TShapes ", "TShapes 9"},                      // a count of records beyond the text
        {"\nFa\n", "\nFb\n"},                           // an unknown kind of shape
        {"\nVe\n", "\nFa\n"},                           // a face where a vertex was: the edges cannot hold it
        {"*\nSo", "+1 0 *\nSo"},                        // a record naming a later record
        {" *\nSo", " 0.5 *\nSo"},                       // junk among the references
    };
    for (const auto& [from, to] : corruptions) {
        const std::string t = replaced(from, to);
        Tally tally;
        expectCensusIsTheParse(t, from + " -> " + to, tally);
        EXPECT_EQ(tally.answered, 0) << from << " -> " << to;
    }
    // A number OCCT's strtod reads and from_chars would not, or reads differently.
    for (const char* number : {"+1", "0x1p3", "inf", "nan", "1e999"}) {
        std::string t = text;
        const auto at = t.find("0.000000100000000", tshapes);
        ASSERT_NE(at, std::string::npos);
        t.replace(at, 17, number);
        EXPECT_FALSE(brepCensus(t)) << number;
    }
    // Blank lines before the version: readBrep looks for it in the first 256 bytes.
    EXPECT_TRUE(brepCensus(std::string(60, '\n') + text));
    EXPECT_FALSE(brepCensus(std::string(300, '\n') + text));
    Tally leading;
    expectCensusIsTheParse(std::string(300, '\n') + text, "300 blank lines first", leading);
    // Trailing text: OCCT stops after the root, but readBrep refuses an overlong token anywhere.
    EXPECT_FALSE(brepCensus(text + std::string(300, 'x')));
    EXPECT_TRUE(brepCensus(text + "\n\n"));
}

// A census read first keeps the stored bytes: the shape parsed afterwards is the same, from the same bytes.
TEST(BrepCensus, ShapeAfterTheCensusIsTheSameShape) {
    const FcDocument doc = FcDocument::load(fixture("box_additive.FCStd"), {}, ShapeLoading::OnDemand);
    const FcObject& body = *doc.find("Body");
    const auto& census = body.census();
    ASSERT_TRUE(census);
    EXPECT_EQ(countOf(body.shape(), TopAbs_FACE), census->faces);
    EXPECT_EQ(polyhedralVolume(body.shape()), census->polyhedralVolume);
    // Once the shape is parsed there is no census to take: the shape answers.
    const FcDocument eager = FcDocument::load(fixture("box_additive.FCStd"));
    EXPECT_FALSE(eager.find("Body")->census());
}

// The gates read censuses or parse: the same outcome on every document, in both roles, at the usual limit and
// at a limit of 3 faces (which sends most candidates through the complexity gate's path).
TEST(BrepCensus, GatesFromCensusesAreTheGatesFromShapes) {
    std::vector<fs::path> documents;
    for (const fs::path& root :
         {fs::path(VERNIER_TEST_DATA_DIR) / "fcstd", fs::path(VERNIER_SOURCE_DIR) / "resources" / "sample",
          fs::path(VERNIER_SOURCE_DIR) / "bench" / "data"})
        for (const auto& e : fs::recursive_directory_iterator(root))
            if (e.path().extension() == ".FCStd") documents.push_back(e.path());
    ASSERT_GE(documents.size(), 40u);
    int compared = 0;
    for (const fs::path& file : documents)
        for (const DocumentRole role : {DocumentRole::Candidate, DocumentRole::Reference})
            for (const int limit : {kMaxCandidateFaces, 3}) {
                const auto check = [&](CensusUse use) {
                    const FcDocument doc = FcDocument::load(file.string(), {}, ShapeLoading::OnDemand);
                    return checkStructure(doc, role, limit, use);
                };
                std::optional<StructuralCheck> parsed, counted;
                try {
                    parsed = check(CensusUse::Never);
                } catch (const InputError&) {
                    EXPECT_THROW(check(CensusUse::Always), InputError) << file;
                    continue;
                }
                counted = check(CensusUse::Always);
                const std::string what = file.filename().string() +
                                         (role == DocumentRole::Candidate ? " c" : " r") +
                                         std::to_string(limit);
                EXPECT_EQ(parsed->scoredBody, counted->scoredBody) << what;
                ASSERT_EQ(parsed->gate.has_value(), counted->gate.has_value()) << what;
                if (parsed->gate) {
                    EXPECT_EQ(parsed->gate->gate, counted->gate->gate) << what;
                    EXPECT_EQ(parsed->gate->reason, counted->gate->reason) << what;
                }
                ++compared;
            }
    EXPECT_GE(compared, 150);
}

// For the reward (MeasureOptions::shapeWhenGated = false) the prism is gated from its census, unparsed, with
// the complexity gate's reason; for the views it is parsed and gets the same gate.
TEST(BrepCensus, GatedPrismForTheRewardIsNotParsed) {
    EXPECT_EQ(expectGatedFromTheText(kPrism, "complexity"),
              "candidate has 5006 faces (> 5000); gated geometry to 0.0 — geometry too complex to be a valid "
              "candidate");
}

// The other usual bad answer, made by FreeCAD (bench/make_mesh_candidate.py): a 5,100-triangle sphere mesh
// made a solid and set as a Body's BaseFeature. Its census is its parse (5,100 faces, one solid, the same
// volume), and for the reward it is gated from the text — by the feature-tree gate, which comes before the
// complexity gate — with the reason the parsed path gives, its shape never parsed.
TEST(BrepCensus, MeshCandidateIsGatedFromItsText) {
    const std::string mesh = std::string(VERNIER_SOURCE_DIR) + "/bench/data/mesh_sphere.FCStd";
    const std::string text = shapeTextOf(mesh, "Body");
    const auto census = brepCensus(text);
    ASSERT_TRUE(census);
    EXPECT_EQ(census->faces, 5100);
    EXPECT_EQ(census->solids, 1);
    ASSERT_TRUE(census->polyhedralVolume);
    // Inscribed in the sphere of radius 20: a little under (4/3) pi 20^3 = 33,510.3 mm^3.
    EXPECT_GT(*census->polyhedralVolume, 0.99 * 33510.32);
    EXPECT_LT(*census->polyhedralVolume, 33510.32);
    expectGatedFromTheText(mesh, "feature_tree");
}
