// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// FileRef::readAtMost and readAll on plain files: the size limit decided from the opened file before a byte
// is read, and a one-line reason for what cannot be read (a missing file, a folder, a FIFO) — never a hang.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <QTemporaryDir>
#include <filesystem>
#include <fstream>
#include <string>

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
