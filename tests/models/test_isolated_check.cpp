// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The isolated pre-read of untrusted documents: good documents pass, bad ones come back as one-line
// problems, and a reader that crashes or hangs is contained in its own process.
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <gtest/gtest.h>

#include "models/isolated_check.h"
#include "support/fcstd_mutate.h"

namespace fs = std::filesystem;
using namespace vernier;

namespace {

const std::string kCli = std::string(VERNIER_BINARY_DIR) + "/bin/vernier-cli";
const std::string kData = VERNIER_TEST_DATA_DIR;

struct Script {
    fs::path path;
    explicit Script(const std::string& body) {
        path = fs::temp_directory_path() / ("vernier-check-" + std::to_string(::getpid()) + "-" +
                                            std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".sh");
        std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
        fs::permissions(path, fs::perms::owner_all);
    }
    ~Script() { fs::remove(path); }
};

} // namespace

TEST(IsolatedCheck, RealDocumentPasses) {
    const IsolatedCheck c =
        checkDocumentIsolated(FileRef::onDisk(kData + "/fcstd/plate_hole.FCStd"), 60000, kCli);
    EXPECT_TRUE(c.checked);
    EXPECT_FALSE(c.problem) << *c.problem;
}

TEST(IsolatedCheck, BrokenDocumentsGiveTheReadersReason) {
    for (const char* name :
         {"malformed_xml.FCStd", "not_a_zip.FCStd", "corrupt_shape.FCStd", "zip_bomb.FCStd"}) {
        const IsolatedCheck c =
            checkDocumentIsolated(FileRef::onDisk(kData + "/hostile/fcstd/" + name), 60000, kCli);
        EXPECT_TRUE(c.checked) << name;
        ASSERT_TRUE(c.problem) << name;
        EXPECT_EQ(c.problem->find('\n'), std::string::npos) << name;
        EXPECT_EQ(c.problem->find("vernier-cli"), std::string::npos) << *c.problem;
    }
}

TEST(IsolatedCheck, CrashingReaderIsContained) {
    Script crash("kill -SEGV $$");
    const IsolatedCheck c = checkDocumentIsolated(FileRef::onDisk(kData + "/fcstd/box_additive.FCStd"), 60000,
                                                  crash.path.string());
    EXPECT_TRUE(c.checked);
    ASSERT_TRUE(c.problem);
    EXPECT_NE(c.problem->find("crashed"), std::string::npos) << *c.problem;
}

TEST(IsolatedCheck, HangingReaderIsStoppedAtTheTimeout) {
    Script hang("exec sleep 30");
    const IsolatedCheck c =
        checkDocumentIsolated(FileRef::onDisk(kData + "/fcstd/box_additive.FCStd"), 300, hang.path.string());
    EXPECT_TRUE(c.checked);
    ASSERT_TRUE(c.problem);
    EXPECT_NE(c.problem->find("did not finish"), std::string::npos) << *c.problem;
}

TEST(IsolatedCheck, NoCheckerMeansNotChecked) {
    const IsolatedCheck c = checkDocumentIsolated(FileRef::onDisk(kData + "/fcstd/box_additive.FCStd"), 60000,
                                                  "/nonexistent/vernier-cli");
    EXPECT_FALSE(c.checked);
    EXPECT_FALSE(c.problem);
}

// fuzz_brep findings that make OCCT loop while reading a binary BREP (tests/data/hostile/fuzz-hang/): the
// real checker process is stopped at the timeout and the document reported, never loaded in the GUI's
// process.
TEST(IsolatedCheck, HangingBrepIsStoppedAtTheTimeout) {
    int seen = 0;
    for (const auto& e : fs::directory_iterator(fs::path(kData) / "hostile" / "fuzz-hang")) {
        if (e.path().extension() == ".md") continue;
        const std::string shape = test::readFile(e.path().string());
        const fs::path doc = fs::temp_directory_path() / ("vernier-hang-" + std::to_string(::getpid()) + "-" +
                                                          e.path().filename().string() + ".FCStd");
        std::ofstream(doc, std::ios::binary)
            << test::mutateFixture("box_additive.FCStd", [&](const std::string& n, std::string b) {
                   return std::make_optional(std::make_pair(n, n == "PartShape.brp" ? shape : b));
               });
        const IsolatedCheck c = checkDocumentIsolated(FileRef::onDisk(doc.string()), 3000, kCli);
        fs::remove(doc);
        EXPECT_TRUE(c.checked) << e.path();
        ASSERT_TRUE(c.problem) << e.path();
        EXPECT_NE(c.problem->find("did not finish"), std::string::npos) << *c.problem;
        ++seen;
    }
    EXPECT_EQ(seen, 4);
}
