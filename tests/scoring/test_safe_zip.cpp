// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// SafeZip on real FCStd files and on hostile archives built here (bombs, 100k entries, traversal,
// truncation, encryption).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#include <QBuffer>
#include <QThread>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "scoring/errors.h"
#include "scoring/safe_zip.h"
#include "support/zip_writer.h"
#include <quazip/quazip.h>

using namespace vernier;
using namespace vernier::test;
using ::testing::HasSubstr;

namespace {

std::string fixture(const std::string& name) {
    return std::string(VERNIER_TEST_DATA_DIR) + "/fcstd/" + name;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Sets the general-purpose flag bits `mask` on entry `index` of an archive made by buildZip, in its local
// header and its central-directory record (the test writer has no flag field). Walks the records by their
// sizes, so payload bytes that look like a signature do not matter.
std::string withFlags(std::string zip, std::size_t index, unsigned mask) {
    auto u16 = [&](std::size_t at) {
        return static_cast<std::size_t>(static_cast<unsigned char>(zip[at])) |
               static_cast<std::size_t>(static_cast<unsigned char>(zip[at + 1])) << 8;
    };
    auto u32 = [&](std::size_t at) { return u16(at) | u16(at + 2) << 16; };
    auto orFlags = [&](std::size_t at) {
        zip[at] = static_cast<char>(static_cast<unsigned char>(zip[at]) | (mask & 0xff));
        zip[at + 1] = static_cast<char>(static_cast<unsigned char>(zip[at + 1]) | (mask >> 8 & 0xff));
    };
    std::size_t local = 0;
    for (std::size_t i = 0; i < index; ++i) // header, name, extra field, data
        local += 30 + u16(local + 26) + u16(local + 28) + u32(local + 18);
    if (u32(local) != 0x04034b50) throw std::logic_error("no local header " + std::to_string(index));
    orFlags(local + 6);
    const std::size_t end = zip.rfind(std::string("PK\x05\x06", 4)); // end of central directory
    std::size_t central = u32(end + 16);
    for (std::size_t i = 0; i < index; ++i) // record, name, extra field, comment
        central += 46 + u16(central + 28) + u16(central + 30) + u16(central + 32);
    if (u32(central) != 0x02014b50) throw std::logic_error("no directory record " + std::to_string(index));
    orFlags(central + 8);
    return zip;
}

// Bit 0: the entry is encrypted.
std::string markEncrypted(std::string zip, std::size_t index) {
    return withFlags(std::move(zip), index, 1u);
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

} // namespace

TEST(SafeZip, ReadsARealFreeCadDocumentFromFileAndBytes) {
    const SafeZip z = SafeZip::openFile(fixture("plate_hole.FCStd"));
    EXPECT_EQ(z.comment(), "FreeCAD Document");
    ASSERT_TRUE(z.contains("Document.xml"));
    EXPECT_EQ(z.entries().front().name, "Document.xml");
    const std::string xml = z.read("Document.xml");
    EXPECT_EQ(xml.size(), z.entries().front().uncompressedSize);
    EXPECT_THAT(xml, HasSubstr("<Document SchemaVersion=\"4\" ProgramVersion=\"0.20R\""));

    const SafeZip b = SafeZip::openBytes(slurp(fixture("plate_hole.FCStd")));
    ASSERT_EQ(b.entries().size(), z.entries().size());
    for (const auto& e : z.entries())
        EXPECT_EQ(b.read(e.name), z.read(e.name)) << e.name;
}

TEST(SafeZip, RoundTripsStoredAndDeflatedEntriesOfTheTestWriter) {
    const std::string text(5000, 'x');
    const SafeZip z =
        SafeZip::openBytes(buildZip({storedItem("a.txt", "hello"), deflatedItem("dir/b.txt", text)}));
    EXPECT_EQ(z.read("a.txt"), "hello");
    EXPECT_EQ(z.read("dir/b.txt"), text);
    EXPECT_THAT(inputError([&] { z.read("nope"); }), HasSubstr("no entry 'nope'"));
}

TEST(SafeZip, RejectsWhatIsNotAZip) {
    EXPECT_THAT(inputError([] { SafeZip::openBytes("this is plain text, not an archive"); }),
                HasSubstr("not a zip"));
    EXPECT_THAT(inputError([] { SafeZip::openBytes(""); }), HasSubstr("not a zip"));
    EXPECT_THAT(inputError([] { SafeZip::openFile("/nonexistent/x.FCStd"); }), HasSubstr("no such file"));
}

TEST(SafeZip, RejectsATruncatedArchive) {
    const std::string whole = slurp(fixture("plate_hole.FCStd"));
    EXPECT_THAT(inputError([&] { SafeZip::openBytes(whole.substr(0, whole.size() / 2)); }),
                HasSubstr("not a zip"));
}

TEST(SafeZip, RejectsACorruptEntryOnRead) {
    ZipItem bad = storedItem("Document.xml", "<Document/>");
    bad.crc ^= 0xdeadbeef;
    const SafeZip z = SafeZip::openBytes(buildZip({bad, deflatedItem("good.txt", std::string(3000, 'g'))}));
    EXPECT_THAT(inputError([&] { z.read("Document.xml"); }), HasSubstr("corrupt"));
    // The archive kept open between reads recovers: the next entry reads whole, and the bad one fails again.
    EXPECT_EQ(z.read("good.txt"), std::string(3000, 'g'));
    EXPECT_THAT(inputError([&] { z.read("Document.xml"); }), HasSubstr("corrupt"));
}

// A file is read into memory once and its entries served from there; reads from two threads at once
// (the scorer measures documents in parallel) give the same bytes as reads one after the other.
TEST(SafeZip, ConcurrentReadsOfOneArchive) {
    const SafeZip z = SafeZip::openFile(fixture("flange_polar.FCStd"));
    std::map<std::string, std::string> serial;
    for (const auto& e : z.entries())
        serial[e.name] = z.read(e.name);
    std::map<std::string, std::string> a, b;
    // QThread: reads go through QuaZip, whose Qt thread data a QThread releases when it finishes.
    std::unique_ptr<QThread> t1(QThread::create([&] {
        for (int k = 0; k < 20; ++k)
            for (const auto& e : z.entries())
                a[e.name] = z.read(e.name);
    }));
    std::unique_ptr<QThread> t2(QThread::create([&] {
        for (int k = 0; k < 20; ++k)
            for (auto it = z.entries().rbegin(); it != z.entries().rend(); ++it)
                b[it->name] = z.read(it->name);
    }));
    t1->start();
    t2->start();
    t1->wait();
    t2->wait();
    EXPECT_EQ(a, serial);
    EXPECT_EQ(b, serial);
    EXPECT_GT(serial.size(), 3u);
}

TEST(SafeZip, RejectsAnHonestGigabyteBombFromTheDirectoryAlone) {
    const std::string zip = buildZip({bombItem("bomb.bin", 64, 1ull << 30)});
    EXPECT_LT(zip.size(), 2u << 20);
    EXPECT_THAT(inputError([&] { SafeZip::openBytes(zip); }), HasSubstr("uncompressed (limit 512 MiB)"));
}

TEST(SafeZip, RejectsAHighCompressionRatio) {
    // 64 MiB of zeros declared honestly: under the size limits, but about 1000:1.
    EXPECT_THAT(inputError([] { SafeZip::openBytes(buildZip({bombItem("z.bin", 4, 64ull << 20)})); }),
                HasSubstr("compression ratio above 200:1"));
}

TEST(SafeZip, StopsInflatingABombThatLiesAboutItsSize) {
    // Declares 1000 bytes, inflates to 1 GiB: the directory check passes, inflation must stop early.
    const SafeZip z = SafeZip::openBytes(buildZip({bombItem("liar.bin", 64, 1000)}));
    EXPECT_THAT(inputError([&] { z.read("liar.bin"); }), HasSubstr("liar.bin"));
}

TEST(SafeZip, RejectsTooManyEntriesBeforeReadingThem) {
    std::vector<ZipItem> items;
    items.reserve(100000);
    for (int i = 0; i < 100000; ++i) {
        std::string name = std::to_string(i);
        name += ".f";
        items.push_back(storedItem(name, ""));
    }
    const std::string zip64 = buildZip(items);
    EXPECT_THAT(inputError([&] { SafeZip::openBytes(zip64); }), HasSubstr("100000 entries (limit 20000)"));
    items.resize(25000); // fits the classic 16-bit count
    EXPECT_THAT(inputError([&] { SafeZip::openBytes(buildZip(items)); }),
                HasSubstr("25000 entries (limit 20000)"));
}

TEST(SafeZip, BundleLimitsTakeALargeBundleAndRefuseAboveTheirCount) {
    // A results bundle zip has ~11 entries per trial: kBundleZipLimits opens what the document limits refuse.
    std::vector<ZipItem> items;
    items.reserve(100000);
    for (int i = 0; i < 100000; ++i)
        items.push_back(storedItem("t" + std::to_string(i) + "/result.json", std::to_string(i)));
    std::string zip64 = buildZip(items);
    const SafeZip ok = SafeZip::openBytes(zip64, kBundleZipLimits);
    EXPECT_EQ(ok.entries().size(), 100000u);
    EXPECT_EQ(ok.read("t99999/result.json"), "99999");
    EXPECT_EQ(ok.read("t0/result.json"), "0");
    EXPECT_FALSE(ok.contains("t100000/result.json"));
    // A zip64 end record claiming one entry more than the limit is refused from the count alone, before the
    // directory is read (so the claim costs nothing).
    const std::size_t end64 = zip64.rfind(std::string("PK\x06\x06", 4));
    ASSERT_NE(end64, std::string::npos);
    const std::uint64_t claimed = kBundleZipLimits.maxEntries + 1;
    for (std::size_t field : {end64 + 24, end64 + 32}) // entries on this disk, entries in total
        for (int b = 0; b < 8; ++b)
            zip64[field + b] = static_cast<char>(claimed >> (8 * b) & 0xff);
    EXPECT_THAT(inputError([&] { SafeZip::openBytes(zip64, kBundleZipLimits); }),
                HasSubstr("12000001 entries (limit 12000000)"));
}

TEST(SafeZip, RejectsNamesThatEscapeTheArchive) {
    for (const char* name :
         {"../evil", "/etc/passwd", "a/../../b", "..\\evil", "a\\..\\..\\b", "C:\\x", ".."}) {
        EXPECT_THAT(inputError([&] { SafeZip::openBytes(buildZip({storedItem(name, "x")})); }),
                    HasSubstr("escapes the archive"))
            << name;
    }
    // Dots inside a name are fine.
    const SafeZip ok = SafeZip::openBytes(buildZip({storedItem("a..b/c...d", "x")}));
    EXPECT_EQ(ok.read("a..b/c...d"), "x");
}

TEST(SafeZip, EnforcesTheTotalAndPerEntryLimitsGiven) {
    ZipLimits small;
    small.maxTotalBytes = 1000;
    const std::string zip =
        buildZip({storedItem("a", std::string(600, 'a')), storedItem("b", std::string(600, 'b'))});
    EXPECT_THAT(inputError([&] { SafeZip::openBytes(zip, small); }), HasSubstr("expands to more than"));
    ZipLimits perEntry;
    perEntry.maxEntryBytes = 500;
    EXPECT_THAT(inputError([&] { SafeZip::openBytes(zip, perEntry); }), HasSubstr("zip entry 'a'"));
    EXPECT_NO_THROW(SafeZip::openBytes(zip));
}

TEST(SafeZip, ReadsTheRightEntryOfALargeArchive) {
    std::vector<ZipItem> items;
    for (int i = 0; i < 15000; ++i) {
        std::string name = "dir/";
        name += std::to_string(i);
        items.push_back(i % 2 ? deflatedItem(name, std::string(100 + i % 7, static_cast<char>('a' + i % 26)))
                              : storedItem(name, std::to_string(i * 3)));
    }
    const SafeZip z = SafeZip::openBytes(buildZip(items));
    ASSERT_EQ(z.entries().size(), 15000u);
    for (int i : {0, 1, 7776, 7777, 14998, 14999}) {
        const std::string expected =
            i % 2 ? std::string(100 + i % 7, static_cast<char>('a' + i % 26)) : std::to_string(i * 3);
        EXPECT_EQ(z.read("dir/" + std::to_string(i)), expected) << i;
    }
}

TEST(SafeZip, OpensAFileWhoseNameIsNotUtf8) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("vernier-safezip-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path file = dir / "box\xff\xfe.FCStd";
    fs::copy_file(fixture("box_additive.FCStd"), file, fs::copy_options::overwrite_existing);
    EXPECT_TRUE(SafeZip::openFile(file.string()).contains("Document.xml"));
    fs::remove_all(dir);
    EXPECT_THAT(inputError([&] { SafeZip::openFile(file.string()); }), HasSubstr("no such file"));
}

TEST(SafeZip, RefusesAnEncryptedEntryBeforeInflatingIt) {
    // The encrypted entry lies about its size too: were it inflated, the reason would be the bomb's.
    const std::string zip =
        markEncrypted(buildZip({storedItem("Document.xml", "<Document/>"), bombItem("secret.brp", 4, 1000),
                                deflatedItem("plain.txt", std::string(2000, 'p'))}),
                      1);
    const SafeZip z = SafeZip::openBytes(zip);
    ASSERT_EQ(z.entries().size(), 3u);
    EXPECT_FALSE(z.entries()[0].encrypted);
    EXPECT_TRUE(z.entries()[1].encrypted);
    EXPECT_EQ(inputError([&] { z.read("secret.brp"); }),
              "zip entry 'secret.brp' is encrypted: Vernier does not read encrypted archives");
    // Only that entry is refused: the others read whole, before and after it.
    EXPECT_EQ(z.read("Document.xml"), "<Document/>");
    EXPECT_EQ(z.read("plain.txt"), std::string(2000, 'p'));
    EXPECT_EQ(inputError([&] { z.read("secret.brp"); }),
              "zip entry 'secret.brp' is encrypted: Vernier does not read encrypted archives");

    // The same from a file.
    namespace fs = std::filesystem;
    const fs::path file =
        fs::temp_directory_path() / ("vernier-encrypted-" + std::to_string(::getpid()) + ".zip");
    {
        std::ofstream out(file, std::ios::binary);
        out << markEncrypted(buildZip({storedItem("Document.xml", "<Document/>")}), 0);
    }
    const SafeZip f = SafeZip::openFile(file.string());
    EXPECT_EQ(inputError([&] { f.read("Document.xml"); }),
              "zip entry 'Document.xml' is encrypted: Vernier does not read encrypted archives");
    fs::remove(file);
}

TEST(SafeZip, NamesAreDecodedAsQuaZipDecodesThem) {
    // ASCII, UTF-8 without and with general-purpose bit 11 ("the name is UTF-8"), and bytes that are not
    // UTF-8 without and with the bit: SafeZip reads the directory records itself and must name every entry
    // exactly as QuaZip's own listing does.
    const std::vector<std::string> names = {"plain/result.json", "caf\xc3\xa9/r\xc3\xa9sultat.json",
                                            "bad\xff\xfe.json", "flagged-\xc3\xa9.json",
                                            "flagged-bad\xff.json"};
    std::vector<ZipItem> items;
    for (const auto& n : names)
        items.push_back(storedItem(n, "x"));
    std::string zip = buildZip(items);
    zip = withFlags(std::move(zip), 3, 1u << 11);
    zip = withFlags(std::move(zip), 4, 1u << 11);

    QByteArray data = QByteArray::fromRawData(zip.data(), static_cast<qsizetype>(zip.size()));
    QBuffer buffer(&data);
    QuaZip quazip(&buffer);
    ASSERT_TRUE(quazip.open(QuaZip::mdUnzip));
    std::vector<std::string> expected;
    for (const QuaZipFileInfo64& info : quazip.getFileInfoList64())
        expected.push_back(info.name.toStdString());
    ASSERT_EQ(expected.size(), names.size());
    EXPECT_EQ(expected[0], names[0]);
    EXPECT_EQ(expected[3], names[3]); // flagged UTF-8: its own bytes

    const SafeZip z = SafeZip::openBytes(zip);
    ASSERT_EQ(z.entries().size(), names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        EXPECT_EQ(z.entries()[i].name, expected[i]) << i;
        EXPECT_EQ(z.read(expected[i]), "x") << i;
    }
}

TEST(SafeZip, ReadsALargeArchiveInPlaceAsItReadsItsBytes) {
    // Over kInMemoryFileBytes, so the file is read in place (through a window of pread calls) and not
    // slurped: 20,000 small entries around one stored entry larger than the window and one that straddles
    // many.
    namespace fs = std::filesystem;
    std::vector<ZipItem> items;
    std::string big(SafeZip::kInMemoryFileBytes + 1000, '\0');
    for (std::size_t i = 0; i < big.size(); ++i)
        big[i] = static_cast<char>(i * 7 % 253);
    for (int i = 0; i < 20000; ++i) {
        if (i == 10000) items.push_back(storedItem("big/blob.bin", big));
        const std::string name = "t" + std::to_string(i) + "/result.json";
        items.push_back(i % 3 ? deflatedItem(name, std::string(50 + i % 900, static_cast<char>('a' + i % 26)))
                              : storedItem(name, "{\"n\": " + std::to_string(i) + "}"));
    }
    const std::string bytes = buildZip(items);
    ASSERT_GT(bytes.size(), SafeZip::kInMemoryFileBytes);
    const fs::path file =
        fs::temp_directory_path() / ("vernier-large-" + std::to_string(::getpid()) + ".zip");
    {
        std::ofstream out(file, std::ios::binary);
        out << bytes;
    }
    const SafeZip onDisk = SafeZip::openFile(file.string(), kBundleZipLimits);
    const SafeZip inMemory = SafeZip::openBytes(bytes, kBundleZipLimits);
    ASSERT_EQ(onDisk.entries().size(), 20001u);
    ASSERT_EQ(inMemory.entries().size(), 20001u);
    for (std::size_t i = 0; i < onDisk.entries().size(); ++i) {
        const ZipEntryInfo& a = onDisk.entries()[i];
        const ZipEntryInfo& b = inMemory.entries()[i];
        ASSERT_EQ(a.name, b.name);
        ASSERT_EQ(a.compressedSize, b.compressedSize);
        ASSERT_EQ(a.uncompressedSize, b.uncompressedSize);
        ASSERT_EQ(a.encrypted, b.encrypted);
    }
    EXPECT_EQ(onDisk.read("big/blob.bin"), big);
    for (int i : {0, 1, 2, 9999, 10000, 10001, 19999}) {
        const std::string name = "t" + std::to_string(i) + "/result.json";
        EXPECT_EQ(onDisk.read(name), inMemory.read(name)) << i;
    }
    fs::remove(file);
}

TEST(SafeZip, ReadAtMostRefusesByTheDeclaredSizeBeforeInflating) {
    // The bomb declares 1,000 bytes and inflates to more: refused by its declaration, nothing inflated.
    const SafeZip z = SafeZip::openBytes(
        buildZip({storedItem("a.json", std::string(600, 'a')), bombItem("bomb.json", 4, 1000)}));
    EXPECT_FALSE(z.readAtMost("a.json", 599).has_value());
    EXPECT_EQ(z.readAtMost("a.json", 600), std::string(600, 'a'));
    EXPECT_FALSE(z.readAtMost("bomb.json", 999).has_value());
    EXPECT_THAT(inputError([&] { z.readAtMost("bomb.json", 1000); }),
                HasSubstr("bomb.json")); // inflated, refused
    EXPECT_EQ(inputError([&] { z.readAtMost("missing.json", 10); }), "zip has no entry 'missing.json'");
}

// Extra fields in every record, as Info-ZIP's `zip` writes them by default (extended timestamp 0x5455 and
// Unix owner 0x7875, in the local headers and the central directory): minizip reads them into our buffer
// and then steps back over them with a negative seek, which reaches SafeZip's file functions as a wrapped
// unsigned offset (scoring/safe_zip.cpp ZipStream::seek). Read from disk (in place and in memory) and from
// bytes, every entry as written.
TEST(SafeZip, ReadsTheExtraFieldsInfoZipWrites) {
    char dirTemplate[] = "/tmp/vernier-safezip-XXXXXX";
    ASSERT_NE(::mkdtemp(dirTemplate), nullptr);
    const std::filesystem::path dir(dirTemplate);
    const std::map<std::string, std::string> files = {
        {"a.txt", "first"}, {"sub/b.json", "{\"b\": 2}"}, {"sub/deeper/c.bin", std::string(70000, 'c')}};
    for (const auto& [name, bytes] : files) {
        std::filesystem::create_directories((dir / "in" / name).parent_path());
        std::ofstream(dir / "in" / name, std::ios::binary) << bytes;
    }
    const std::string zipPath = (dir / "infozip.zip").string();
    ASSERT_EQ(std::system(("cd '" + (dir / "in").string() + "' && zip -q -r -D '" + zipPath + "' .").c_str()),
              0)
        << "zip comes from scripts/deps.sh";
    const std::string bytes = slurp(zipPath);
    // The records carry extra fields (else this test would not test them): the first central record's
    // extra-field length is not zero.
    const std::size_t central = bytes.find(std::string("PK\x01\x02", 4));
    ASSERT_NE(central, std::string::npos);
    EXPECT_NE(
        static_cast<unsigned char>(bytes[central + 30]) | static_cast<unsigned char>(bytes[central + 31]), 0);
    for (const SafeZip& z : {SafeZip::openFile(zipPath), SafeZip::openBytes(bytes)}) {
        ASSERT_EQ(z.entries().size(), files.size());
        for (const auto& [name, content] : files)
            EXPECT_EQ(z.read(name), content) << name;
    }
    std::filesystem::remove_all(dir);
}

// What the entry reader itself checks (scoring/safe_zip.cpp reads local headers and inflates with zlib):
// streamed entries (sizes and CRC in a data descriptor after the data), an archive behind a stub (a
// self-extractor: every offset is off by the stub's length), and local headers that are missing, disagree
// with the directory or name a compression method Vernier does not read.
TEST(SafeZip, ReadsStreamedEntriesAndArchivesBehindAStub) {
    char dirTemplate[] = "/tmp/vernier-safezip-XXXXXX";
    ASSERT_NE(::mkdtemp(dirTemplate), nullptr);
    const std::filesystem::path dir(dirTemplate);
    const std::map<std::string, std::string> files = {{"a.txt", "first"},
                                                      {"sub/big.txt", std::string(200000, 'b') + "end"}};
    for (const auto& [name, bytes] : files) {
        std::filesystem::create_directories((dir / "in" / name).parent_path());
        std::ofstream(dir / "in" / name, std::ios::binary) << bytes;
    }
    const std::string streamed = (dir / "streamed.zip").string();
    // `zip -` writes to a pipe, where it cannot seek back: every entry gets a data descriptor (flag bit 3).
    ASSERT_EQ(
        std::system(
            ("cd '" + (dir / "in").string() + "' && zip -q -r -D - . | cat > '" + streamed + "'").c_str()),
        0);
    const std::string bytes = slurp(streamed);
    ASSERT_NE(bytes[6] & 0x08, 0) << "the first entry has a data descriptor";
    const std::string stubbed = std::string(1000, '#') + bytes;
    const std::string stubPath = (dir / "stubbed.zip").string();
    std::ofstream(stubPath, std::ios::binary) << stubbed;
    for (const SafeZip& z : {SafeZip::openFile(streamed), SafeZip::openBytes(bytes),
                             SafeZip::openFile(stubPath), SafeZip::openBytes(stubbed)}) {
        ASSERT_EQ(z.entries().size(), files.size());
        for (const auto& [name, content] : files)
            EXPECT_EQ(z.read(name), content) << name;
    }
    std::filesystem::remove_all(dir);

    // Broken local headers, each entry on its own: the others stay readable.
    const std::string text(5000, 't');
    const std::string good = buildZip({storedItem("a.txt", "hello"), deflatedItem("b.txt", text)});
    const std::size_t second = 30 + 5 + 5; // entry b's local header: after a's header, name and data
    ASSERT_EQ(good.compare(second, 4, "PK\x03\x04", 4), 0);
    std::string noHeader = good;
    noHeader[0] = 'X';
    const SafeZip z1 = SafeZip::openBytes(noHeader);
    EXPECT_THAT(inputError([&] { z1.read("a.txt"); }), HasSubstr("zip entry 'a.txt' cannot be opened"));
    EXPECT_EQ(z1.read("b.txt"), text);
    std::string disagree = good;
    disagree[second + 8] = 0; // stored in the local header, deflated in the directory
    const SafeZip z2 = SafeZip::openBytes(disagree);
    EXPECT_THAT(inputError([&] { z2.read("b.txt"); }), HasSubstr("is corrupt (its two headers disagree)"));
    EXPECT_EQ(z2.read("a.txt"), "hello");
    std::string bzip2 = good;
    bzip2[second + 8] = 12; // method 12 (bzip2) in both headers
    bzip2[bzip2.rfind(std::string("PK\x01\x02", 4)) + 10] = 12;
    const SafeZip z3 = SafeZip::openBytes(bzip2);
    EXPECT_THAT(inputError([&] { z3.read("b.txt"); }),
                HasSubstr("zip entry 'b.txt' uses compression method 12, which Vernier does not read"));
    // The local header's offset in the Zip64 extra field (as archives past 4 GiB have it): the directory
    // record of b says all ones and carries the real offset in an extra field of tag 1.
    std::string zip64 = good;
    const std::size_t end = zip64.rfind(std::string("PK\x05\x06", 4));
    const auto u16 = [&](std::size_t at) {
        return static_cast<std::size_t>(static_cast<unsigned char>(zip64[at])) |
               static_cast<std::size_t>(static_cast<unsigned char>(zip64[at + 1])) << 8;
    };
    const auto put = [&](std::size_t at, std::uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i)
            zip64[at + static_cast<std::size_t>(i)] = static_cast<char>(v >> (8 * i) & 0xff);
    };
    std::size_t record = zip64.find(std::string("PK\x01\x02", 4));
    record += 46 + u16(record + 28) + u16(record + 30) + u16(record + 32); // entry b's record
    ASSERT_EQ(zip64.compare(record, 4, "PK\x01\x02", 4), 0);
    std::string field(12, '\0');
    field[0] = 1; // tag 1, 8 bytes: the offset
    field[2] = 8;
    for (int i = 0; i < 8; ++i)
        field[4 + static_cast<std::size_t>(i)] = static_cast<char>(second >> (8 * i) & 0xff);
    const std::size_t extraEnd = record + 46 + u16(record + 28) + u16(record + 30);
    zip64.insert(extraEnd, field);
    put(record + 30, u16(record + 30) + field.size(), 2);
    put(record + 42, 0xFFFFFFFFu, 4);
    put(end + field.size() + 12,
        static_cast<std::uint64_t>(end - zip64.find(std::string("PK\x01\x02", 4))) + field.size(),
        4); // the directory's size in the end record, which moved by the field
    const SafeZip z5 = SafeZip::openBytes(zip64);
    EXPECT_EQ(z5.read("b.txt"), text);
    EXPECT_EQ(z5.read("a.txt"), "hello");
    // A directory that declares more than the data inflates to: truncated.
    ZipItem shortItem = deflatedItem("c.txt", text);
    shortItem.uncompressedSize += 10;
    const SafeZip z4 = SafeZip::openBytes(buildZip({shortItem}));
    EXPECT_THAT(inputError([&] { z4.read("c.txt"); }), HasSubstr("zip entry 'c.txt' is truncated"));
}

// An archive with no entries (what `zipfile.ZipFile(path, "w").close()` writes: the end record alone) lists
// as empty, like an empty folder; minizip, SafeZip's reader before 2026-12-07, called it corrupt.
TEST(SafeZip, AnEmptyArchiveListsNoEntries) {
    const std::string empty = std::string("PK\x05\x06", 4) + std::string(18, '\0');
    const SafeZip z = SafeZip::openBytes(empty);
    EXPECT_TRUE(z.entries().empty());
    EXPECT_EQ(z.comment(), "");
    EXPECT_THAT(inputError([&] { z.read("a"); }), HasSubstr("no entry 'a'"));
    // One byte short of the end record is not a zip.
    EXPECT_THAT(inputError([&] { SafeZip::openBytes(empty.substr(0, 21)); }), HasSubstr("not a zip"));
    // Nor is an archive whose end record is cut, even when an entry's data holds bytes that read as an end
    // record (fuzz_safe_zip found that the earlier signature was taken: an empty listing of a cut archive).
    const std::string decoy = std::string("PK\x05\x06", 4) + std::string(18, '\0');
    const std::string archive = buildZip({storedItem("decoy.bin", decoy), storedItem("b.txt", "bee")});
    ASSERT_EQ(SafeZip::openBytes(archive).entries().size(), 2u);
    EXPECT_THAT(inputError([&] { SafeZip::openBytes(archive.substr(0, archive.size() - 1)); }),
                HasSubstr("not a zip"));
}
