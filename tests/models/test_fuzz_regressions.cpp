// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Replays every committed fuzz finding (tests/data/hostile/fuzz-regressions/<target>/) and the whole
// hostile corpus through the same harness functions the libFuzzer targets run (fuzz/harness.h): each must
// come back normally or as InputError — a crash or sanitizer report fails the suite.
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "fuzz/harness.h"

namespace {

namespace fs = std::filesystem;
using Harness = std::function<void(const std::uint8_t*, std::size_t)>;

const std::map<std::string, Harness>& harnesses() {
    static const std::map<std::string, Harness> h = {
        {"fuzz_safe_zip", vernier::fuzz::safeZip},
        {"fuzz_fcstd_document", vernier::fuzz::fcstdDocument},
        {"fuzz_document_xml", vernier::fuzz::documentXml},
        {"fuzz_brep", vernier::fuzz::brep},
        {"fuzz_spec_json", vernier::fuzz::specJson},
        {"fuzz_trial_files", vernier::fuzz::trialFiles},
        {"fuzz_task_toml", vernier::fuzz::taskToml},
        {"fuzz_atif_trajectory", vernier::fuzz::atifTrajectory},
        {"fuzz_submission_manifest", vernier::fuzz::submissionManifest},
        {"fuzz_workspace", vernier::fuzz::workspace},
        {"fuzz_job_files", vernier::fuzz::jobFiles},
    };
    return h;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void feed(const Harness& h, const fs::path& file) {
    SCOPED_TRACE(file.string());
    const std::string b = slurp(file);
    EXPECT_NO_THROW(h(reinterpret_cast<const std::uint8_t*>(b.data()), b.size()));
}

const fs::path kHostile = fs::path(VERNIER_TEST_DATA_DIR) / "hostile";

} // namespace

TEST(FuzzRegressions, EveryCommittedFindingIsHandled) {
    const fs::path root = kHostile / "fuzz-regressions";
    int replayed = 0;
    for (const auto& dir : fs::directory_iterator(root)) {
        if (!dir.is_directory()) continue;
        // Its harness needs Qt Widgets: replayed by tests/ui/test_instruction_browser.cpp.
        if (dir.path().filename() == "fuzz_instruction_markdown") continue;
        const auto h = harnesses().find(dir.path().filename().string());
        ASSERT_NE(h, harnesses().end()) << "no fuzz target named " << dir.path().filename();
        for (const auto& f : fs::directory_iterator(dir.path())) {
            feed(h->second, f.path());
            ++replayed;
        }
    }
    RecordProperty("replayed", replayed);
}

TEST(FuzzRegressions, TheHostileCorpusGoesThroughEveryDocumentHarness) {
    for (const auto& f : fs::directory_iterator(kHostile / "fcstd")) {
        feed(vernier::fuzz::safeZip, f.path());
        feed(vernier::fuzz::fcstdDocument, f.path());
    }
    for (const auto& f : fs::directory_iterator(kHostile / "json"))
        feed(vernier::fuzz::specJson, f.path());
    // The workspace seeds (tests/data/workspace/README.md), valid and refused ones.
    for (const auto& f : fs::directory_iterator(fs::path(VERNIER_TEST_DATA_DIR) / "workspace"))
        feed(vernier::fuzz::workspace, f.path());
}
