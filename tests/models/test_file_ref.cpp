// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// FileRef::readAtMost and readAll on plain files: the size limit decided from the opened file before a byte
// is read, and a one-line reason for what cannot be read (a missing file, a folder, a FIFO) — never a hang.
// LazyZip: a zip entry's archive opened by the first read, refused when it changed since its stamp was taken.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <QTemporaryDir>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "bundle_builder.h"
#include "models/file_ref.h"
#include "scoring/errors.h"

namespace fs = std::filesystem;
using vernier::FileRef;
using vernier::InputError;

namespace {

std::string write(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
}

std::string reasonOf(const FileRef& ref) {
    try {
        ref.readAtMost(100);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(read)";
}

} // namespace

TEST(FileRef, ReadsWholeFileUpToTheLimit) {
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    const std::string text = "{\"reward\": 0.75}\n"; // 17 bytes
    const FileRef ref = FileRef::onDisk(write(root / "reward.json", text));
    EXPECT_EQ(ref.readAtMost(17), text);
    EXPECT_EQ(ref.readAtMost(1000), text);
    EXPECT_FALSE(ref.readAtMost(16).has_value());
    EXPECT_EQ(ref.readAll(), text);
    EXPECT_EQ(FileRef::onDisk(write(root / "empty", "")).readAtMost(0), std::string());
}

TEST(FileRef, BinaryBytesSurviveUnchanged) {
    QTemporaryDir dir;
    std::string bytes(70000, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<char>(i * 31 % 251);
    const FileRef ref = FileRef::onDisk(write(fs::path(dir.path().toStdString()) / "doc.bin", bytes));
    EXPECT_EQ(ref.readAll(), bytes);
}

TEST(FileRef, UnreadableThingsGiveOneLineReasons) {
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    EXPECT_EQ(reasonOf(FileRef::onDisk((root / "gone.json").string())),
              "cannot read " + (root / "gone.json").string() + ": No such file or directory");
    fs::create_directories(root / "folder.json");
    EXPECT_EQ(reasonOf(FileRef::onDisk((root / "folder.json").string())),
              "cannot read " + (root / "folder.json").string() + ": Is a directory");
    // A FIFO with no writer: opening it must not wait for one.
    ASSERT_EQ(::mkfifo((root / "pipe.json").c_str(), 0600), 0);
    EXPECT_EQ(reasonOf(FileRef::onDisk((root / "pipe.json").string())),
              "cannot read " + (root / "pipe.json").string() + ": Operation not supported");
    EXPECT_EQ(reasonOf(FileRef()), "no file");
}

// A zip opened on the first read of one of its entries (models/file_ref.h LazyZip; docs/index.md "Reopening a
// zip"): nothing is read before, everything after comes from the archive as it was validated, and an archive
// changed in between is refused with a one-line reason instead of being read as the one validated.
TEST(LazyZip, OpensOnFirstReadAndOnlyTheArchiveItWasGiven) {
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    const std::string zip = (root / "bundle.zip").string();
    vernier::test::writeZip(zip, {{"job/a.json", "{\"a\": 1}"}, {"job/b.txt", "bee"}});
    const auto stamp = vernier::fileStampOf(zip);
    ASSERT_TRUE(stamp);

    auto lazy = std::make_shared<const vernier::LazyZip>(zip, vernier::kBundleZipLimits, *stamp);
    const FileRef a = FileRef::inZip(lazy, zip, "job/a.json");
    const FileRef b = FileRef::inZip(lazy, zip, "job/b.txt");
    EXPECT_FALSE(lazy->opened());
    EXPECT_EQ(a.display(), zip + "!job/a.json");
    EXPECT_EQ(a.archive(), lazy.get());
    EXPECT_EQ(a.readAll(), "{\"a\": 1}");
    EXPECT_TRUE(lazy->opened());
    EXPECT_EQ(b.size(), 3u);
    EXPECT_EQ(b.readPrefix(2), "be");
    EXPECT_EQ(lazy->get().entries().size(), 2u);
    EXPECT_EQ(reasonOf(FileRef::inZip(lazy, zip, "job/none")), "zip has no entry 'job/none'");

    // Rewritten after its stamp was taken: the first read refuses it, and so does every later one.
    auto stale = std::make_shared<const vernier::LazyZip>(zip, vernier::kBundleZipLimits, *stamp);
    vernier::test::writeZip(zip, {{"job/a.json", "{\"a\": 2}"}});
    fs::last_write_time(zip, fs::last_write_time(zip) + std::chrono::seconds(5));
    const std::string changed = zip + ": changed since it was opened; open it again";
    EXPECT_EQ(reasonOf(FileRef::inZip(stale, zip, "job/a.json")), changed);
    EXPECT_EQ(reasonOf(FileRef::inZip(stale, zip, "job/b.txt")), changed);
    EXPECT_TRUE(stale->opened());

    // Gone, or not a zip with the stamp it has now: the path and the reason.
    const auto now = vernier::fileStampOf(zip);
    ASSERT_TRUE(now);
    write(root / "not-a-zip", "plain text");
    const auto plainStamp = vernier::fileStampOf((root / "not-a-zip").string());
    ASSERT_TRUE(plainStamp);
    const std::string plain = (root / "not-a-zip").string();
    EXPECT_EQ(reasonOf(FileRef::inZip(
                  std::make_shared<const vernier::LazyZip>(plain, vernier::kBundleZipLimits, *plainStamp),
                  plain, "x")),
              plain + ": not a zip archive (unreadable central directory)");
    fs::remove(zip);
    EXPECT_EQ(reasonOf(FileRef::inZip(
                  std::make_shared<const vernier::LazyZip>(zip, vernier::kBundleZipLimits, *now), zip,
                  "job/a.json")),
              zip + ": cannot be read any more");
}
