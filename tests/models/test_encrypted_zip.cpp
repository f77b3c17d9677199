// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Encrypted zip archives, made here by real tools: Debian's `zip -P` (traditional PKWARE encryption,
// general-purpose flag bit 0) and Python's zipfile writing a WinZip AES extra field (0x9901). Vernier refuses
// every encrypted entry with one line and never asks for a password, whether the archive is an FCStd
// document or a result bundle (docs/contract.md §6).
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bundle_builder.h"
#include "models/result_set.h"
#include "scoring/errors.h"
#include "scoring/fcstd_document.h"
#include "scoring/safe_zip.h"

using namespace vernier;
using namespace vernier::test;
using ::testing::HasSubstr;

namespace {

namespace fs = std::filesystem;

constexpr const char* kReason = "is encrypted: Vernier does not read encrypted archives";
const std::string kPlateHole = std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/plate_hole.FCStd";
const std::string kJob = std::string(VERNIER_TEST_DATA_DIR) + "/harbor/job-0.22";

std::string quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// Runs a shell command; the test fails (never skips) when the tool is missing.
void run(const std::string& command) {
    const int status = std::system(command.c_str());
    ASSERT_EQ(status, 0) << "failed: " << command << " (zip, unzip and python3 come from scripts/deps.sh)";
}

// The InputError message of f(), or "" when it did not throw.
template <class F> std::string inputError(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

// plate_hole.FCStd unpacked into `d`/plain, then zipped again by `zip` into `out`, with `options`
// (e.g. "-P secret"). -X leaves out extra attributes, -D directory entries: the file list is the document's.
void rezipPlateHole(const TempDir& d, const std::string& options, const std::string& out) {
    run("rm -rf " + quoted(d / "plain") + " && mkdir " + quoted(d / "plain") + " && unzip -q " +
        quoted(kPlateHole) + " -d " + quoted(d / "plain"));
    run("cd " + quoted(d / "plain") + " && zip -q -X -D " + options + " " + quoted(out) + " *");
}

TEST(EncryptedZip, AnFcstdEncryptedByZipIsRefusedWithOneLine) {
    TempDir d;
    // Control: the same files zipped without a password load, so the refusal below is the encryption's.
    rezipPlateHole(d, "", d / "plain.FCStd");
    const FcDocument plain = FcDocument::load(d / "plain.FCStd");
    EXPECT_FALSE(plain.objects.empty());

    rezipPlateHole(d, "-P secret", d / "secret.FCStd");
    const SafeZip zip = SafeZip::openFile(d / "secret.FCStd"); // the directory itself is readable
    ASSERT_FALSE(zip.entries().empty());
    for (const auto& e : zip.entries())
        EXPECT_TRUE(e.encrypted) << e.name;
    EXPECT_EQ(inputError([&] { zip.read("Document.xml"); }),
              std::string("zip entry 'Document.xml' ") + kReason);

    const std::string why = inputError([&] { FcDocument::load(d / "secret.FCStd"); });
    EXPECT_THAT(why, HasSubstr(kReason));
    EXPECT_EQ(why.find('\n'), std::string::npos) << why;
    EXPECT_EQ(inputError([&] { FcDocument::loadBytes(readFile(d / "secret.FCStd"), "secret.FCStd"); }), why);
}

TEST(EncryptedZip, AnAesExtraFieldMarksAnEntryEncryptedWithoutFlagBit0) {
    // A writer that records WinZip AES (extra field 0x9901: version 2, "AE", AES-256, method deflate) but
    // leaves general-purpose bit 0 clear: the extra field alone is enough to refuse the entry. The payload is
    // stored plain here, so reading it would "work" if the field were ignored.
    TempDir d;
    const std::string script =
        "import struct, sys, zipfile\n"
        "with zipfile.ZipFile(sys.argv[1], 'w') as z:\n"
        "    z.writestr('plain.txt', 'plain text')\n"
        "    i = zipfile.ZipInfo('Document.xml', (2026, 1, 1, 0, 0, 0))\n"
        "    i.extra = struct.pack('<HHHcccH', 0x9901, 7, 2, b'A', b'E', b'\\x03', 8)\n"
        "    z.writestr(i, '<Document/>')\n";
    writeFile(d / "aes.py", script);
    run("python3 " + quoted(d / "aes.py") + " " + quoted(d / "aes.zip"));
    const SafeZip zip = SafeZip::openFile(d / "aes.zip");
    ASSERT_EQ(zip.entries().size(), 2u);
    EXPECT_FALSE(zip.entries()[0].encrypted);
    EXPECT_TRUE(zip.entries()[1].encrypted);
    EXPECT_EQ(zip.read("plain.txt"), "plain text");
    EXPECT_EQ(inputError([&] { zip.read("Document.xml"); }),
              std::string("zip entry 'Document.xml' ") + kReason);
}

TEST(EncryptedZip, ABundleZipEncryptedByZipListsEveryTrialWithTheReason) {
    TempDir d;
    // Control first: the same job zipped without a password imports its 8 trials cleanly.
    run("cd " + quoted(fs::path(kJob).parent_path().string()) + " && zip -q -r -X " +
        quoted(d / "plain.zip") + " job-0.22");
    std::vector<TrialRecord> plain;
    std::vector<ImportProblem> plainProblems;
    importBundle(d / "plain.zip", plain, plainProblems);
    ASSERT_EQ(plain.size(), 8u);
    for (const auto& t : plain)
        EXPECT_EQ(t.loadError, "") << t.trialPath;

    run("cd " + quoted(fs::path(kJob).parent_path().string()) + " && zip -q -r -X -P secret " +
        quoted(d / "secret.zip") + " job-0.22");
    std::vector<TrialRecord> trials;
    std::vector<ImportProblem> problems;
    importBundle(d / "secret.zip", trials, problems);
    // Nothing is read as if plain: the 8 trial folders are still found (the directory is not encrypted), each
    // with the reason as its load error, and the problem list says it (the job's lock.json and result.json
    // too).
    ASSERT_EQ(trials.size(), 8u);
    for (const auto& t : trials)
        EXPECT_THAT(t.loadError, HasSubstr(kReason)) << t.trialPath;
    ASSERT_FALSE(problems.empty());
    bool said = false;
    for (const auto& p : problems) {
        EXPECT_EQ(p.reason.find('\n'), std::string::npos) << p.reason;
        said |= p.reason.find(kReason) != std::string::npos;
    }
    EXPECT_TRUE(said);
}

} // namespace
