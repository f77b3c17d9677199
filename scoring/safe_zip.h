// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one zip reader of the project: FCStd documents, bundle zips and task-pack zips all come through it.
// Inputs are untrusted (docs/contract.md §6): entry count, sizes and compression ratio are checked before
// anything is inflated, names are checked for traversal, encrypted entries are refused, and inflation stops
// at the limits.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vernier {

namespace detail {
struct ZipSource; // scoring/safe_zip.cpp
}

struct ZipLimits {
    std::size_t maxEntries = 20000;              // real FCStd: < 200 (bundle zips: kBundleZipLimits)
    std::uint64_t maxEntryBytes = 512ull << 20;  // one uncompressed entry
    std::uint64_t maxTotalBytes = 2048ull << 20; // whole archive, uncompressed
    double maxCompressionRatio = 200.0;          // per entry, when larger than 1 MiB uncompressed
};

// A results bundle zip (models/bundle_tree.cpp): ~11 entries per trial, so 100,000 trials are ~1.1 million
// entries and ~9 GB uncompressed. The entry limit is models/bundle_tree.h kMaxBundleFiles (1 million trials
// with room to spare); each entry costs ~170 bytes here (its info, ~90 bytes of name, its directory
// position and its place in the name order), ~2 GiB at the limit, and a zip can only get there by holding
// a >= 46-byte central-directory record per entry (over 550 MB), so memory stays proportional to the input.
// A bundle is never extracted whole: every read is still bounded by maxEntryBytes, its declared size and
// the ratio check, so the total only has to exceed what 1 million trials declare (1 TiB). Above either
// limit: the one-line refusal "zip has N entries (limit …)" / "zip expands to more than …".
inline constexpr ZipLimits kBundleZipLimits{12'000'000, 512ull << 20, 1ull << 40, 200.0};

struct ZipEntryInfo {
    std::string name;
    std::uint64_t compressedSize = 0;
    std::uint64_t uncompressedSize = 0;
    bool isDirectory = false;
    // General-purpose flag bit 0, the WinZip AES extra field 0x9901 or compression method 99 in the central
    // directory: read() refuses it (no passwords, ever).
    bool encrypted = false;
};

// Read-only view of a zip archive. Throws InputError with a one-line reason on bad input.
class SafeZip {
public:
    static SafeZip openFile(const std::string& path, const ZipLimits& limits = {});
    static SafeZip openBytes(std::string bytes, const ZipLimits& limits = {});

    const std::vector<ZipEntryInfo>& entries() const { return entries_; }
    bool contains(const std::string& name) const;
    // The entry of that name (its declared sizes), or nullptr; a name lookup, not a scan.
    const ZipEntryInfo* entry(const std::string& name) const { return find(name); }
    // Inflates one entry, enforcing the limits on the bytes actually produced. An encrypted entry is refused
    // before anything is read ("zip entry 'x' is encrypted: Vernier does not read encrypted archives"); the
    // archive's other entries stay readable.
    std::string read(const std::string& name) const;
    // The same, or nullopt without inflating anything when the entry declares more than `maxBytes`.
    std::optional<std::string> readAtMost(const std::string& name, std::uint64_t maxBytes) const;
    const std::string& comment() const { return comment_; }
    // Indexes into entries() in name order (equal names in archive order): a sorted listing without sorting
    // again (a bundle zip has ~1.1 million entries, rarely stored in name order).
    const std::vector<std::uint32_t>& nameOrder() const { return byName_; }

    // Files up to this size are read into memory once and served from there (one read, no re-opening);
    // larger ones (bundle archives) are read in place.
    static constexpr std::uint64_t kInMemoryFileBytes = 64ull << 20;

    // Where an entry's data is and how to check it (from its central-directory record).
    struct EntryData {
        std::uint64_t localHeader = 0; // offset of its local header in the file
        std::uint32_t crc = 0;
        std::uint16_t method = 0; // 0 stored, 8 deflated; others are refused when read
    };

private:
    struct Reader;
    std::string path_; // file path, or empty when reading from bytes_
    std::shared_ptr<const std::string> bytes_;
    // On disk: the descriptor the directory was read through (shared by copies).
    std::shared_ptr<Reader> reader_;
    ZipLimits limits_;
    std::vector<ZipEntryInfo> entries_;
    std::string comment_;
    // Per entry: where its data is, and the entries' indexes ordered by name (equal names in archive order),
    // for lookups: 4 bytes per entry, no name copies.
    std::vector<EntryData> data_;
    std::vector<std::uint32_t> byName_;
    void sortNames();
    const ZipEntryInfo* find(const std::string& name, std::size_t* at = nullptr) const;
    // The archive's bytes (the file's descriptor, or the bytes in memory).
    detail::ZipSource source() const;
    std::string inflateEntry(const ZipEntryInfo& info, const EntryData& d) const;
};

} // namespace vernier
