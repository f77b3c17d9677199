// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli inspect` end to end: the JSON of docs/contract.md §5 on real fixtures, and exit 2 with a
// one-line reason on every kind of bad input (hostile archives are made here).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/fcstd_mutate.h"
#include "support/zip_writer.h"

using namespace vernier::test;
using nlohmann::json;
using ::testing::HasSubstr;

namespace {

namespace fs = std::filesystem;

struct CliRun {
    int exitCode = -1;
    std::string out, err;
};

fs::path scratch() {
    static const fs::path dir = [] {
        fs::path d = fs::temp_directory_path() / ("vernier-inspect-test-" + std::to_string(::getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

// Removes the scratch directory when the test program ends.
class ScratchCleanup : public ::testing::Environment {
public:
    void TearDown() override { fs::remove_all(scratch()); }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

CliRun inspect(const std::vector<std::string>& args) {
    std::string cmd = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli inspect";
    for (const auto& a : args)
        cmd += " '" + a + "'";
    const fs::path out = scratch() / "stdout.txt", err = scratch() / "stderr.txt";
    cmd += " >'" + out.string() + "' 2>'" + err.string() + "'";
    const int status = std::system(cmd.c_str());
    CliRun r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readFile(out.string());
    r.err = readFile(err.string());
    return r;
}

json inspectJson(const std::string& fixture) {
    const CliRun r = inspect({fixturePath(fixture), "--json"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return json::parse(r.out);
}

std::string hostileFile(const std::string& name, const std::string& bytes) {
    const fs::path p = scratch() / name;
    writeFile(p.string(), bytes);
    return p.string();
}

std::vector<std::string> keysOf(const json& j) {
    std::vector<std::string> k;
    for (const auto& [key, _] : j.items())
        k.push_back(key);
    return k;
}

} // namespace

TEST(InspectCli, JsonHasExactlyTheContractKeys) {
    const json j = inspectJson("box_additive.FCStd");
    // The contract's keys and the provenance block (docs/cli.md "Provenance block").
    EXPECT_THAT(keysOf(j), ::testing::UnorderedElementsAre("file", "bodies", "scored_body", "feature_tree",
                                                           "features", "gate", "schema_version", "generator",
                                                           "inputs", "generated_at"));
    EXPECT_THAT(keysOf(j["features"]),
                ::testing::UnorderedElementsAre("volume", "area", "surface_area_by_type", "obb_sorted",
                                                "principal_moments_normalized", "n_faces", "n_vertices",
                                                "solid_count"));
    EXPECT_THAT(keysOf(j["bodies"][0]), ::testing::UnorderedElementsAre("name", "type", "non_empty"));
    EXPECT_EQ(j["bodies"][0]["type"], "PartDesign::Body");
    EXPECT_EQ(j["scored_body"], "Body");
    EXPECT_TRUE(j["gate"].is_null());
    EXPECT_NEAR(j["features"]["volume"].get<double>(), 150.0, 1e-9);
    EXPECT_NEAR(j["features"]["area"].get<double>(), 190.0, 1e-9);
    EXPECT_NEAR(j["features"]["surface_area_by_type"]["Plane"].get<double>(), 190.0, 1e-9);
    EXPECT_EQ(j["features"]["n_faces"], 6);
    EXPECT_EQ(j["features"]["n_vertices"], 8);
    EXPECT_EQ(j["features"]["solid_count"], 1);
    const std::vector<double> obb = j["features"]["obb_sorted"];
    ASSERT_EQ(obb.size(), 3u);
    EXPECT_NEAR(obb[0], 3, 1e-6);
    EXPECT_NEAR(obb[2], 10, 1e-6);
}

TEST(InspectCli, FeatureTreeIsTheScoredBodysGroup) {
    const json j = inspectJson("plate_hole.FCStd");
    ASSERT_EQ(j["feature_tree"].size(), 4u);
    EXPECT_EQ(j["feature_tree"][0], json({{"name", "Sketch"}, {"type", "Sketcher::SketchObject"}}));
    EXPECT_EQ(j["feature_tree"][3], json({{"name", "Pocket"}, {"type", "PartDesign::Pocket"}}));
    EXPECT_NEAR(j["features"]["surface_area_by_type"]["Cylinder"].get<double>(), 3 * M_PI * 5, 1e-9);
}

TEST(InspectCli, GatedDocumentsHaveNullFeaturesAndTheReason) {
    const json baked = inspectJson("baked_feature.FCStd");
    EXPECT_TRUE(baked["features"].is_null());
    EXPECT_EQ(baked["gate"]["gate"], "feature_tree");
    EXPECT_THAT(baked["gate"]["reason"].get<std::string>(),
                HasSubstr("in candidate model 'baked_feature.FCStd'"));
    const json part = inspectJson("part_box.FCStd");
    EXPECT_TRUE(part["scored_body"].is_null());
    EXPECT_TRUE(part["bodies"].empty());
    EXPECT_THAT(part["gate"]["reason"].get<std::string>(), HasSubstr("no PartDesign::Body found"));
    const json two = inspectJson("two_bodies.FCStd");
    EXPECT_EQ(two["bodies"].size(), 2u);
    EXPECT_EQ(two["gate"]["gate"], "body");
}

TEST(InspectCli, HumanReadableOutput) {
    const CliRun r = inspect({fixturePath("plate_hole.FCStd")});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_THAT(r.out, HasSubstr("body Body  <- scored"));
    EXPECT_THAT(r.out, HasSubstr("Pocket [PartDesign::Pocket]  (tip)"));
    EXPECT_THAT(r.out, HasSubstr("faces 7"));
}

// Three bytes changed in a real binary BREP (found by fuzzing) make a 2D B-spline claim ~10^8 poles:
// unguarded, OCCT allocated and zeroed 16 GiB for 40 s before failing.
TEST(InspectCli, AbsurdCountInABinaryBrepFailsPromptly) {
    const std::string entry = "PartShape2.bin";
    std::string original = fixtureEntry("box_binary_brep.FCStd", entry);
    ASSERT_GT(original.size(), 3262u);
    ASSERT_EQ(original[481], 1) << "fixture changed: find a new mutation";
    const std::string file = hostileFile(
        "absurd.FCStd", mutateFixture("box_binary_brep.FCStd", [&](const std::string& n, std::string b) {
            if (n == entry) {
                b[292] = static_cast<char>(0306);
                b[481] = 7;
                b[3262] = static_cast<char>(0333);
            }
            return std::make_optional(std::make_pair(n, b));
        }));
    const CliRun r = inspect({file, "--json"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_THAT(r.err, HasSubstr("shape file 'PartShape2.bin' of object 'Box': corrupt BREP"));
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// Two digits changed in a real text BREP (found by fuzzing) leave a trimmed surface without its basis:
// OCCT dereferences the null handle. The answer must still be exit 2, not a crash.
TEST(InspectCli, NullGeometryInATextBrepIsBadInputNotACrash) {
#if defined(__SANITIZE_ADDRESS__)
    // OCCT turns this access violation into an exception thrown from its signal handler; the objects it
    // was building are never freed, which LeakSanitizer reports at exit. Tested in the normal build.
    GTEST_SKIP() << "OCCT's signal-to-exception path leaks by design under LeakSanitizer";
#endif
    const std::string entry = "PartShape.brp";
    const std::string original = fixtureEntry("flange_polar.FCStd", entry);
    ASSERT_GT(original.size(), 22313u);
    ASSERT_EQ(original[16754], '0') << "fixture changed: find a new mutation";
    ASSERT_EQ(original[22313], '0') << "fixture changed: find a new mutation";
    const std::string file = hostileFile(
        "nullsurface.FCStd", mutateFixture("flange_polar.FCStd", [&](const std::string& n, std::string b) {
            if (n == entry) {
                b[16754] = '\n';
                b[22313] = '5';
            }
            return std::make_optional(std::make_pair(n, b));
        }));
    const CliRun r = inspect({file, "--json"});
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_THAT(r.err, HasSubstr("corrupt BREP"));
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(InspectCli, BadInputExitsTwoWithAOneLineReason) {
    const std::string bodyEntry = "PartShape.brp";
    std::string deep = "<Document>";
    for (int i = 0; i < 200; ++i)
        deep += "<x>";
    std::vector<ZipItem> many;
    for (int i = 0; i < 100000; ++i)
        many.push_back(storedItem(std::to_string(i), ""));
    const std::vector<std::pair<std::string, std::string>> cases = {
        {hostileFile("text.FCStd", "just text"), "not a zip"},
        {hostileFile("nodoc.FCStd", buildZip({storedItem("a.txt", "x")})), "no Document.xml"},
        {hostileFile("badxml.FCStd",
                     buildZip({storedItem("Document.xml", "<Document><Objects></Document>")})),
         "Document.xml is malformed"},
        {hostileFile("deep.FCStd", buildZip({storedItem("Document.xml", deep)})), "nests deeper"},
        {hostileFile("noshape.FCStd",
                     mutateFixture("box_additive.FCStd",
                                   [&](const std::string& n, std::string b) {
                                       if (n == bodyEntry)
                                           return std::optional<std::pair<std::string, std::string>>();
                                       return std::make_optional(std::make_pair(n, b));
                                   })),
         "is missing from the archive"},
        {hostileFile("badshape.FCStd", mutateFixture("box_additive.FCStd",
                                                     [&](const std::string& n, std::string b) {
                                                         if (n == bodyEntry)
                                                             b = "CASCADE Topology V1, (c) garbage";
                                                         return std::make_optional(std::make_pair(n, b));
                                                     })),
         "corrupt BREP"},
        {hostileFile("traversal.FCStd", mutateFixture("box_additive.FCStd",
                                                      [](const std::string& n, std::string b) {
                                                          return std::make_optional(std::make_pair(n, b));
                                                      },
                                                      {storedItem("../../etc/evil", "x")})),
         "escapes the archive"},
        {hostileFile("many.FCStd", buildZip(many)), "100000 entries (limit 20000)"},
        {hostileFile("bomb.FCStd", buildZip({bombItem("Document.xml", 64, 1ull << 30)})), "limit 512 MiB"},
        {hostileFile("ratio.FCStd", buildZip({bombItem("Document.xml", 4, 64ull << 20)})),
         "compression ratio"},
        {hostileFile("liar.FCStd", buildZip({bombItem("Document.xml", 64, 5000)})), "Document.xml"},
        {(scratch() / "does-not-exist.FCStd").string(), "no such file"},
    };
    for (const auto& [file, reason] : cases) {
        const CliRun r = inspect({file, "--json"});
        EXPECT_EQ(r.exitCode, 2) << file << "\n" << r.err;
        EXPECT_THAT(r.err, HasSubstr(reason)) << file;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_TRUE(r.out.empty()) << file;
    }
    EXPECT_EQ(inspect({}).exitCode, 2);
}
