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
        {"fuzz_json_text", vernier::fuzz::jsonText},
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

// The multi-step cases of fuzz_trial_files: each file of the real two-step trial, as it is, cut in half and
// emptied, goes through the harness, and the template copy is put back after each (the next import of the
// copy reads what the fixture holds).
TEST(FuzzRegressions, TwoStepTrialFilesGoThroughTheTrialHarness) {
    const std::size_t n = sizeof vernier::fuzz::kMultiStepFiles / sizeof vernier::fuzz::kMultiStepFiles[0];
    for (std::size_t i = 0; i < n; ++i) {
        const std::string original =
            slurp(fs::path(vernier::fuzz::multiStepTemplate()) / vernier::fuzz::kMultiStepFiles[i]);
        ASSERT_FALSE(original.empty()) << vernier::fuzz::kMultiStepFiles[i];
        for (const std::string& body : {original, original.substr(0, original.size() / 2), std::string()}) {
            SCOPED_TRACE(std::string(vernier::fuzz::kMultiStepFiles[i]) + ", " + std::to_string(body.size()) +
                         " bytes");
            const std::string input = std::string(1, static_cast<char>(0x80 + i)) + body;
            EXPECT_NO_THROW(
                vernier::fuzz::trialFiles(reinterpret_cast<const std::uint8_t*>(input.data()), input.size()));
        }
    }
    // The one-step manifest case.
    const std::string manifest =
        std::string(1, '\x05') + "[{\"source\": \"/logs/artifacts\", \"status\": \"ok\"}]";
    EXPECT_NO_THROW(
        vernier::fuzz::trialFiles(reinterpret_cast<const std::uint8_t*>(manifest.data()), manifest.size()));
}
