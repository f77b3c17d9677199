// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// ShapeLoading::OnDemand (fcstd_document.h): the scorer parses only the stored shapes it reads. A corrupt
// shape nobody reads is ignored (as FreeCAD ignores a shape it cannot restore); a corrupt shape the scorer
// reads fails with the same one-line reason an eager load gives; shapes parse once, from any thread.
#include <filesystem>
#include <map>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "scoring/errors.h"
#include "scoring/fcstd_document.h"
#include "scoring/geometry_scorer.h"
#include "scoring/measure_document.h"
#include "support/fcstd_mutate.h"

using namespace vernier;
using namespace vernier::test;
using ::testing::HasSubstr;

namespace {

const std::string kCorrupt = "CASCADE Topology V1, (c) Matra-Datavision\nLocations 1\n9 9 9 not a location\n";

// The fixture with the stored shape of each named object replaced by a corrupt BREP.
std::string withCorruptShapes(const std::string& file, const std::vector<std::string>& objects) {
    const FcDocument xml = FcDocument::parseXml(fixtureEntry(file, "Document.xml"), file);
    std::map<std::string, bool> corrupt;
    for (const auto& name : objects) {
        const FcObject* o = xml.find(name);
        EXPECT_NE(o, nullptr) << name;
        if (o && o->property("Shape")) corrupt[o->property("Shape")->shapeEntry] = true;
    }
    EXPECT_EQ(corrupt.size(), objects.size());
    return mutateFixture(file, [&](const std::string& name, std::string bytes) {
        return std::optional(std::make_pair(name, corrupt.count(name) ? kCorrupt : std::move(bytes)));
    });
}

std::string inputError(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

MeasuredDocument measureBytes(const std::string& bytes, ShapeLoading loading) {
    MeasureOptions o;
    o.exactObb = false;
    return measureDocument(FcDocument::loadBytes(bytes, "plate.FCStd", {}, loading), DocumentRole::Candidate,
                           o);
}

} // namespace

TEST(ShapeLoading, UnreadCorruptShapesAreIgnoredOnDemandAndFailAnEagerLoad) {
    // plate_hole: Body (tip Pocket), Pad, Pocket, Sketch, Sketch001. The scorer reads Body and Pocket.
    const std::string bytes = withCorruptShapes("plate_hole.FCStd", {"Pad", "Sketch", "Sketch001"});
    EXPECT_THAT(inputError([&] { FcDocument::loadBytes(bytes, "plate.FCStd"); }),
                HasSubstr("of object 'Sketch': corrupt BREP")); // the first in document order
    const MeasuredDocument lazy = measureBytes(bytes, ShapeLoading::OnDemand);
    const MeasuredDocument whole = measureDocument(FcDocument::load(fixturePath("plate_hole.FCStd")),
                                                   DocumentRole::Candidate, {false, 5000});
    ASSERT_TRUE(lazy.features);
    EXPECT_FALSE(lazy.gate);
    EXPECT_EQ(lazy.features->volume, whole.features->volume);
    EXPECT_EQ(lazy.features->area, whole.features->area);
    EXPECT_EQ(scoreGeometry(whole, lazy).score, 1.0);
    // Reading a corrupt one later gives the eager load's reason.
    EXPECT_THAT(inputError([&] { lazy.document.find("Sketch")->shape(); }),
                HasSubstr("of object 'Sketch': corrupt BREP"));
}

TEST(ShapeLoading, ACorruptShapeTheScorerReadsFailsWithTheSameReason) {
    for (const char* object : {"Body", "Pocket"}) {
        const std::string bytes = withCorruptShapes("plate_hole.FCStd", {object});
        const std::string eager = inputError([&] { FcDocument::loadBytes(bytes, "plate.FCStd"); });
        const std::string lazy = inputError([&] { measureBytes(bytes, ShapeLoading::OnDemand); });
        EXPECT_THAT(eager, HasSubstr(std::string("of object '") + object + "': corrupt BREP")) << object;
        EXPECT_EQ(lazy, eager) << object;
    }
}

TEST(ShapeLoading, EveryFixtureMeasuresTheSameEitherWay) {
    int measured = 0;
    for (const auto& e : std::filesystem::directory_iterator(std::string(VERNIER_TEST_DATA_DIR) + "/fcstd")) {
        if (e.path().extension() != ".FCStd") continue;
        const std::string path = e.path().string();
        for (DocumentRole role : {DocumentRole::Reference, DocumentRole::Candidate}) {
            MeasureOptions o;
            o.exactObb = false;
            const MeasuredDocument a = measureDocument(FcDocument::load(path), role, o);
            const MeasuredDocument b =
                measureDocument(FcDocument::load(path, {}, ShapeLoading::OnDemand), role, o);
            EXPECT_EQ(a.scoredBody, b.scoredBody) << path;
            EXPECT_EQ(bool(a.gate), bool(b.gate)) << path;
            if (a.gate && b.gate) {
                EXPECT_EQ(a.gate->reason, b.gate->reason) << path;
            }
            ASSERT_EQ(bool(a.features), bool(b.features)) << path;
            if (a.features) {
                EXPECT_EQ(a.features->volume, b.features->volume) << path;
                EXPECT_EQ(a.features->obbSorted, b.features->obbSorted) << path;
                ++measured;
            }
        }
    }
    EXPECT_GT(measured, 30);
}

TEST(ShapeLoading, ConcurrentFirstReadsParseOnce) {
    const FcDocument d = FcDocument::load(fixturePath("flange_polar.FCStd"), {}, ShapeLoading::OnDemand);
    const FcObject* body = d.find("Body");
    ASSERT_NE(body, nullptr);
    const TopoDS_Shape* seen[4] = {};
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
        threads.emplace_back([&, i] { seen[i] = &body->shape(); });
    for (auto& t : threads)
        t.join();
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(seen[i], seen[0]);
        EXPECT_FALSE(seen[i]->IsNull());
    }
    // Copies of the document share the parsed shape.
    const FcDocument copy = d;
    EXPECT_TRUE(copy.find("Body")->shape().IsSame(body->shape()));
}
