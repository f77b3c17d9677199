// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one zip reader of the project: FCStd documents, bundle zips and task-pack zips all come through it.
// Inputs are untrusted (docs/contract.md §6): entry count, sizes and compression ratio are checked before
// anything is inflated, names are checked for traversal, encrypted entries are refused, and inflation stops
// at the limits.
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace vernier {

struct ZipLimits {
    std::size_t maxEntries = 20000;              // real FCStd: < 200; bundles: a few thousand
    std::uint64_t maxEntryBytes = 512ull << 20;  // one uncompressed entry
    std::uint64_t maxTotalBytes = 2048ull << 20; // whole archive, uncompressed
    double maxCompressionRatio = 200.0;          // per entry, when larger than 1 MiB uncompressed
};

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
    // Inflates one entry, enforcing the limits on the bytes actually produced. An encrypted entry is refused
    // before anything is read ("zip entry 'x' is encrypted: Vernier does not read encrypted archives"); the
    // archive's other entries stay readable.
    std::string read(const std::string& name) const;
    const std::string& comment() const { return comment_; }

    // Files up to this size are read into memory once and served from there (one read, no re-opening);
    // larger ones (bundle archives) are read in place.
    static constexpr std::uint64_t kInMemoryFileBytes = 64ull << 20;

private:
    struct Reader;
    std::string path_; // file path, or empty when reading from bytes_
    std::shared_ptr<const std::string> bytes_;
    // In-memory archives stay open between reads (guarded by the reader's mutex).
    std::shared_ptr<Reader> reader_;
    ZipLimits limits_;
    std::vector<ZipEntryInfo> entries_;
    std::string comment_;
    // Per entry: its central-directory position (so a read seeks instead of scanning), and name -> index.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> positions_;
    std::unordered_map<std::string, std::size_t> index_;
    const ZipEntryInfo* find(const std::string& name, std::size_t* at = nullptr) const;
};

} // namespace vernier
