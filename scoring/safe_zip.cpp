// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// SafeZip: the central directory is checked (entry count first, then names, sizes and ratios) before any
// entry is inflated, and inflation stops as soon as the produced bytes exceed a limit, so a zip bomb that
// lies about its sizes costs at most one limit's worth of work. The directory and the entries are read by
// Vernier itself, with pread (or from memory) and zlib's raw inflate, the CRC checked (docs/index.md "Reading
// a zip's entries"); it replaced minizip, which read a record's fields a few bytes per call through file
// functions and was most of the time to list a bundle zip. QuaZip only lends its default codecs for names
// that are not UTF-8 (and stays the reference the zip fuzz target compares with).
#include "scoring/safe_zip.h"

#include <QByteArray>
#include <QString>
#include <QTextCodec>
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <memory>
#include <new>
#include <optional>
#include <quazip/quazip.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>
#include <zlib.h>

#include "scoring/errors.h"

namespace vernier {

namespace {

constexpr std::uint64_t kRatioFloorBytes = 1ull << 20; // small entries compress arbitrarily well

std::string mib(std::uint64_t bytes) {
    return std::to_string(bytes >> 20) + " MiB";
}

// A name that could escape a target directory when extracted (or that names no file at all).
bool isTraversal(const std::string& raw) {
    if (raw.empty()) return true;
    if (raw.find('\0') != std::string::npos) return true;
    std::string name = raw;
    for (char& c : name)
        if (c == '\\') c = '/'; // Windows separators count as separators
    if (name[0] == '/') return true;
    if (name.size() >= 2 && name[1] == ':') return true; // drive letter
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find('/', start);
        if (end == std::string::npos) end = name.size();
        if (name.compare(start, end - start, "..") == 0 && end - start == 2) return true;
        start = end + 1;
    }
    return false;
}

// WinZip AES (https://www.winzip.com/en/support/aes-encryption/): extra field 0x9901, compression method 99.
constexpr std::uint16_t kAesExtraId = 0x9901;
constexpr std::uint16_t kAesMethod = 99;
constexpr std::uint32_t kUtf8NameFlag = 1u << 11; // general-purpose bit 11: the name is UTF-8

// Whether an extra-field block (a sequence of id, size, data records) holds a WinZip AES record. A
// truncated trailing record ends the walk: the flag is what matters, not the block's health.
bool hasAesExtra(const unsigned char* p, std::size_t n) {
    for (std::size_t at = 0; at + 4 <= n;) {
        const std::uint16_t id = static_cast<std::uint16_t>(p[at] | p[at + 1] << 8);
        const std::size_t size = static_cast<std::size_t>(p[at + 2] | p[at + 3] << 8);
        if (id == kAesExtraId) return true;
        at += 4 + size;
    }
    return false;
}

// An entry is encrypted when its central-directory record says so in any of the ways writers use:
// general-purpose flag bit 0 (traditional PKWARE and, per the AES specification, AES too), the AES extra
// field, or the AES compression method (a writer that forgot bit 0 still gets refused).
bool isEncrypted(std::uint16_t flags, std::uint16_t method, const unsigned char* extra,
                 std::size_t extraSize) {
    return (flags & 1u) != 0 || method == kAesMethod || hasAesExtra(extra, extraSize);
}

std::uint16_t le16(const unsigned char* p) {
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
std::uint32_t le32(const unsigned char* p) {
    return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
           (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}
std::uint64_t le64(const unsigned char* p) {
    return static_cast<std::uint64_t>(le32(p)) | (static_cast<std::uint64_t>(le32(p + 4)) << 32);
}

constexpr std::uint32_t kCentralRecord = 0x02014b50, kLocalHeader = 0x04034b50;
constexpr std::size_t kCentralRecordBytes = 46, kLocalHeaderBytes = 30;

constexpr std::uint32_t kEndRecord = 0x06054b50, kZip64EndRecord = 0x06064b50, kZip64Locator = 0x07064b50;
constexpr std::size_t kEndRecordBytes = 22, kZip64EndRecordBytes = 56, kZip64LocatorBytes = 20;
constexpr std::uint32_t kAllOnes = 0xFFFFFFFFu;

} // namespace

namespace detail {

// The archive's bytes: a file read with pread, or memory.
struct ZipSource {
    int fd = -1;
    const char* data = nullptr;
    std::uint64_t size = 0;
    const std::string* path = nullptr; // for messages

    // Up to `n` bytes at `offset` (fewer at the end of the file).
    std::size_t read(std::uint64_t offset, char* out, std::size_t n) const {
        if (data) {
            if (offset >= size) return 0;
            const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(n, size - offset));
            std::memcpy(out, data + offset, k);
            return k;
        }
        std::size_t done = 0;
        while (done < n) {
            const ssize_t k = ::pread(fd, out + done, n - done, static_cast<off_t>(offset + done));
            if (k < 0 && errno == EINTR) continue;
            if (k < 0)
                throw InputError("cannot read " + (path ? *path : std::string("zip")) + ": " +
                                 std::strerror(errno));
            if (k == 0) break; // the end of the file
            done += static_cast<std::size_t>(k);
        }
        return done;
    }
};

} // namespace detail

namespace {

using Source = detail::ZipSource;

// Reads records in file order through a 1 MiB buffer (from memory: in place).
class Cursor {
public:
    explicit Cursor(const Source& source) : source_(source) {}
    // `n` bytes at `offset`, or nullptr when the file ends first. Valid until the next call.
    const unsigned char* at(std::uint64_t offset, std::size_t n) {
        if (source_.data)
            return offset <= source_.size && n <= source_.size - offset
                       ? reinterpret_cast<const unsigned char*>(source_.data + offset)
                       : nullptr;
        if (offset < start_ || offset - start_ > length_ || n > length_ - (offset - start_)) {
            buffer_.resize(std::max(buffer_.size(), std::max<std::size_t>(n, kBuffer)));
            length_ = source_.read(offset, buffer_.data(), buffer_.size());
            start_ = offset;
            if (n > length_) return nullptr;
        }
        return reinterpret_cast<const unsigned char*>(buffer_.data() + (offset - start_));
    }

private:
    static constexpr std::size_t kBuffer = 1 << 20;
    const Source& source_;
    std::vector<char> buffer_;
    std::uint64_t start_ = 0;
    std::size_t length_ = 0;
};

// Where the central directory is (absolute offset), how many records it declares, the archive comment, and
// what stands before the archive in the file (a self-extractor's stub), which every offset in it omits.
struct DirectoryEnd {
    std::uint64_t records = 0, count = 0, before = 0;
    std::string comment;
};

// The highest position within the last 64 KiB + 22 bytes of the file where the end record's signature
// starts, or nullopt. The last one wins even when the record does not fit after it (a cut file): that is a
// refusal, not a reason to take an earlier signature, which may be bytes of an entry's data.
std::optional<std::uint64_t> findEndRecord(const Source& source) {
    const std::uint64_t span = std::min<std::uint64_t>(source.size, 0xFFFF + kEndRecordBytes);
    std::vector<char> tail(static_cast<std::size_t>(span));
    if (span < 4 || source.read(source.size - span, tail.data(), tail.size()) != tail.size())
        return std::nullopt;
    const auto* t = reinterpret_cast<const unsigned char*>(tail.data());
    for (std::size_t i = tail.size() - 3; i-- > 0;)
        if (le32(t + i) == kEndRecord) return source.size - span + i;
    return std::nullopt;
}

// The end of central directory record (docs/index.md "Reading a zip's entries"): the Zip64 one when its
// locator sits before the classic record and checks out, else the classic one; one disk only.
DirectoryEnd directoryEnd(const Source& source) {
    const InputError notZip("not a zip archive (unreadable central directory)");
    const auto end = findEndRecord(source);
    unsigned char e[kEndRecordBytes];
    if (!end || source.read(*end, reinterpret_cast<char*>(e), sizeof e) != sizeof e) throw notZip;
    std::uint64_t central = *end, count = 0, size = 0, offset = 0;
    bool zip64 = false;
    unsigned char l[kZip64LocatorBytes], z[kZip64EndRecordBytes];
    if (*end >= kZip64LocatorBytes &&
        source.read(*end - kZip64LocatorBytes, reinterpret_cast<char*>(l), sizeof l) == sizeof l &&
        le32(l) == kZip64Locator && le32(l + 4) == 0 && le32(l + 16) == 1 &&
        source.read(le64(l + 8), reinterpret_cast<char*>(z), sizeof z) == sizeof z &&
        le32(z) == kZip64EndRecord) {
        zip64 = true;
        central = le64(l + 8);
        if (le32(z + 16) != 0 || le32(z + 20) != 0 || le64(z + 24) != le64(z + 32)) throw notZip;
        count = le64(z + 32);
        size = le64(z + 40);
        offset = le64(z + 48);
    } else {
        if (le16(e + 4) != 0 || le16(e + 6) != 0 || le16(e + 8) != le16(e + 10)) throw notZip;
        count = le16(e + 10);
        size = le32(e + 12);
        offset = le32(e + 16);
    }
    if (offset > UINT64_MAX - size || central < offset + size) throw notZip;
    DirectoryEnd d;
    d.before = central - (offset + size);
    d.records = offset + d.before;
    d.count = count;
    // The comment follows the classic record (a Zip64 archive's is not read, as minizip does not).
    if (!zip64) {
        std::string comment(le16(e + 20), '\0');
        if (source.read(*end + kEndRecordBytes, comment.data(), comment.size()) == comment.size())
            d.comment = std::move(comment);
    }
    return d;
}

// A 64-bit size or offset from the Zip64 extra field (tag 1) of a record whose 32-bit fields are all ones:
// the field holds, in this order and each only when its 32-bit field is all ones, the uncompressed size, the
// compressed size and the local header's offset. `which` is 0, 1 or 2; `raw` the record's three 32-bit
// values.
std::uint64_t zip64Value(const std::uint32_t raw[3], int which, const unsigned char* extra,
                         std::size_t extraSize) {
    if (raw[which] != kAllOnes) return raw[which];
    for (std::size_t at = 0; at + 4 <= extraSize;) {
        const std::uint16_t tag = le16(extra + at), size = le16(extra + at + 2);
        const std::size_t body = at + 4;
        if (body + size > extraSize) break;
        if (tag == 0x0001) {
            std::size_t skip = 0;
            for (int i = 0; i < which; ++i)
                if (raw[i] == kAllOnes) skip += 8;
            if (skip + 8 <= size) return le64(extra + body + skip);
            break;
        }
        at = body + size;
    }
    return raw[which]; // all ones: an offset that finds no local header, a size the limits refuse
}

// zlib's raw inflate (the data of a zip entry has no zlib header), one per thread, reset for each entry.
z_stream& rawInflater() {
    struct Inflater {
        z_stream z{};
        bool ready = false;
        ~Inflater() {
            if (ready) inflateEnd(&z);
        }
    };
    thread_local Inflater i;
    if (!i.ready) {
        if (inflateInit2(&i.z, -MAX_WBITS) != Z_OK) throw std::bad_alloc();
        i.ready = true;
    } else {
        inflateReset(&i.z);
    }
    return i.z;
}

} // namespace

struct SafeZip::Reader {
    int fd = -1;            // on disk: the archive as listed, open until the last copy of the SafeZip goes
    std::uint64_t size = 0; // its size when opened
    Reader() = default;
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;
    ~Reader() {
        if (fd >= 0) ::close(fd);
    }
};

// Lists the archive: every record of the central directory, checked against the limits.
static void readDirectory(const Source& source, const ZipLimits& limits, std::vector<ZipEntryInfo>& entries,
                          std::string& comment, std::vector<SafeZip::EntryData>& data) {
    const DirectoryEnd end = directoryEnd(source);
    if (end.count > limits.maxEntries)
        throw InputError("zip has " + std::to_string(end.count) + " entries (limit " +
                         std::to_string(limits.maxEntries) + ")");
    // Names and the comment are decoded with the codecs a QuaZip has by default (the locale's, unless an
    // application set another), as QuaZip's own listing decoded them.
    const QuaZip codecs;
    if (!end.comment.empty())
        comment = codecs.getCommentCodec()
                      ->toUnicode(QByteArray(end.comment.data(), static_cast<qsizetype>(end.comment.size())))
                      .toStdString();
    // Room for the records the file can hold (46 bytes each at least), not for what a lying count says.
    const auto room = static_cast<std::size_t>(std::min(end.count, source.size / kCentralRecordBytes));
    entries.reserve(room);
    data.reserve(room);
    Cursor cursor(source);
    std::uint64_t total = 0, at = end.records;
    const InputError corrupt("zip central directory is corrupt");
    for (std::uint64_t i = 0; i < end.count; ++i) {
        const unsigned char* r = cursor.at(at, kCentralRecordBytes);
        if (!r || le32(r) != kCentralRecord) throw corrupt;
        const std::uint16_t flags = le16(r + 8), method = le16(r + 10);
        const std::uint32_t crc = le32(r + 16);
        const std::uint32_t raw[3] = {le32(r + 24), le32(r + 20), le32(r + 42)};
        const std::size_t nameSize = le16(r + 28), extraSize = le16(r + 30), commentSize = le16(r + 32);
        const unsigned char* p = cursor.at(at + kCentralRecordBytes, nameSize + extraSize);
        if (!p) throw corrupt;
        const char* name = reinterpret_cast<const char*>(p);
        const unsigned char* extra = p + nameSize;
        ZipEntryInfo e;
        if (std::all_of(name, name + nameSize, [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
            e.name.assign(name, nameSize);
        } else {
            const QByteArray bytes(name, static_cast<qsizetype>(nameSize));
            e.name = ((flags & kUtf8NameFlag) ? QString::fromUtf8(bytes)
                                              : codecs.getFileNameCodec()->toUnicode(bytes))
                         .toStdString();
        }
        e.uncompressedSize = zip64Value(raw, 0, extra, extraSize);
        e.compressedSize = zip64Value(raw, 1, extra, extraSize);
        e.isDirectory = !e.name.empty() && (e.name.back() == '/' || e.name.back() == '\\');
        e.encrypted = isEncrypted(flags, method, extra, extraSize);
        if (isTraversal(e.name)) throw InputError("zip entry name '" + e.name + "' escapes the archive");
        if (e.uncompressedSize > limits.maxEntryBytes)
            throw InputError("zip entry '" + e.name + "' is " + mib(e.uncompressedSize) +
                             " uncompressed (limit " + mib(limits.maxEntryBytes) + ")");
        if (e.uncompressedSize > kRatioFloorBytes &&
            static_cast<double>(e.uncompressedSize) >
                limits.maxCompressionRatio *
                    static_cast<double>(std::max<std::uint64_t>(e.compressedSize, 1)))
            throw InputError("zip entry '" + e.name + "' has compression ratio above " +
                             std::to_string(static_cast<int>(limits.maxCompressionRatio)) + ":1 (zip bomb?)");
        total += e.uncompressedSize;
        if (total > limits.maxTotalBytes)
            throw InputError("zip expands to more than " + mib(limits.maxTotalBytes) + " (limit)");
        const std::uint64_t local = zip64Value(raw, 2, extra, extraSize);
        SafeZip::EntryData d;
        d.localHeader = local > UINT64_MAX - end.before ? UINT64_MAX : local + end.before;
        d.crc = crc;
        d.method = method;
        data.push_back(d);
        entries.push_back(std::move(e));
        at += kCentralRecordBytes + nameSize + extraSize + commentSize;
    }
}

namespace {

// The whole file, or nullopt when it is larger than `cap` (then it is read in place).
std::optional<std::string> slurp(const std::string& path, std::uint64_t cap) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw InputError("cannot open " + path + ": " + std::strerror(errno));
    std::string out;
    char chunk[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            ::close(fd);
            throw InputError("cannot read " + path + ": " + std::strerror(err));
        }
        if (n == 0) break;
        if (out.size() + static_cast<std::uint64_t>(n) > cap) {
            ::close(fd);
            return std::nullopt;
        }
        out.append(chunk, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
}

} // namespace

SafeZip SafeZip::openFile(const std::string& path, const ZipLimits& limits) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) throw InputError("no such file: " + path);
    if (!std::filesystem::is_regular_file(status)) throw InputError("not a regular file: " + path);
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size <= kInMemoryFileBytes)
        if (auto bytes = slurp(path, kInMemoryFileBytes)) return openBytes(std::move(*bytes), limits);
    SafeZip z;
    z.path_ = path;
    z.reader_ = std::make_shared<Reader>();
    z.limits_ = limits;
    // Linux file names are bytes: open by descriptor so a name that is not UTF-8 still works. The
    // descriptor stays open for the entries' reads (the file as listed, even if replaced meanwhile).
    z.reader_->fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (z.reader_->fd < 0) throw InputError("cannot open " + path + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(z.reader_->fd, &st) != 0)
        throw InputError("cannot read " + path + ": " + std::strerror(errno));
    z.reader_->size = static_cast<std::uint64_t>(st.st_size);
    readDirectory(z.source(), limits, z.entries_, z.comment_, z.data_);
    z.sortNames();
    return z;
}

SafeZip SafeZip::openBytes(std::string bytes, const ZipLimits& limits) {
    SafeZip z;
    z.bytes_ = std::make_shared<const std::string>(std::move(bytes));
    z.reader_ = std::make_shared<Reader>();
    z.limits_ = limits;
    readDirectory(z.source(), limits, z.entries_, z.comment_, z.data_);
    z.sortNames();
    return z;
}

void SafeZip::sortNames() {
    byName_.resize(entries_.size());
    for (std::size_t i = 0; i < byName_.size(); ++i)
        byName_[i] = static_cast<std::uint32_t>(i);
    const auto less = [this](std::uint32_t a, std::uint32_t b) {
        return entries_[a].name < entries_[b].name;
    };
    // Writers usually store entries in name order: then there is nothing to sort.
    if (!std::is_sorted(byName_.begin(), byName_.end(), less))
        std::stable_sort(byName_.begin(), byName_.end(), less);
}

const ZipEntryInfo* SafeZip::find(const std::string& name, std::size_t* at) const {
    // The first entry of that name, as a directory scan would find (equal names keep archive order).
    const auto it =
        std::lower_bound(byName_.begin(), byName_.end(), name,
                         [this](std::uint32_t i, const std::string& n) { return entries_[i].name < n; });
    if (it == byName_.end() || entries_[*it].name != name) return nullptr;
    if (at) *at = *it;
    return &entries_[*it];
}

bool SafeZip::contains(const std::string& name) const {
    return find(name) != nullptr;
}

std::string SafeZip::read(const std::string& name) const {
    return *readAtMost(name, UINT64_MAX);
}

std::optional<std::string> SafeZip::readAtMost(const std::string& name, std::uint64_t maxBytes) const {
    std::size_t at = 0;
    const ZipEntryInfo* info = find(name, &at);
    if (!info) throw InputError("zip has no entry '" + name + "'");
    // Refused by its declared size; inflation never produces more than that (inflateEntry).
    if (info->uncompressedSize > maxBytes) return std::nullopt;
    // Without a password the ciphertext would inflate to garbage and fail with a misleading "corrupt".
    if (info->encrypted)
        throw InputError("zip entry '" + name + "' is encrypted: Vernier does not read encrypted archives");
    return inflateEntry(*info, data_[at]);
}

detail::ZipSource SafeZip::source() const {
    Source src;
    if (bytes_) {
        src.data = bytes_->data();
        src.size = bytes_->size();
    } else {
        src.fd = reader_->fd;
        src.size = reader_->size;
        src.path = &path_;
    }
    return src;
}

std::string SafeZip::inflateEntry(const ZipEntryInfo& info, const EntryData& d) const {
    const std::string& name = info.name;
    const Source src = source();
    unsigned char header[kLocalHeaderBytes];
    if (d.localHeader > UINT64_MAX - kLocalHeaderBytes ||
        src.read(d.localHeader, reinterpret_cast<char*>(header), sizeof header) != sizeof header ||
        le32(header) != kLocalHeader)
        throw InputError("zip entry '" + name + "' cannot be opened");
    if (le16(header + 8) != d.method)
        throw InputError("zip entry '" + name + "' is corrupt (its two headers disagree)");
    if (d.method != 0 && d.method != Z_DEFLATED)
        throw InputError("zip entry '" + name + "' uses compression method " + std::to_string(d.method) +
                         ", which Vernier does not read");
    std::uint64_t at = d.localHeader + kLocalHeaderBytes + le16(header + 26) + le16(header + 28);
    std::uint64_t remaining = info.compressedSize;

    // The declared size was checked against the limits; never produce more than it (a lying header would
    // otherwise let a bomb through), and never more than the per-entry limit. One byte of room past it tells
    // an entry that inflates beyond it.
    const std::uint64_t cap = std::min<std::uint64_t>(info.uncompressedSize, limits_.maxEntryBytes);
    std::string out(static_cast<std::size_t>(cap) + 1, '\0');
    std::size_t produced = 0;
    if (d.method == 0) {
        // Stored: the data as it is.
        produced =
            src.read(at, out.data(), static_cast<std::size_t>(std::min<std::uint64_t>(remaining, cap + 1)));
    } else {
        z_stream& z = rawInflater();
        z.next_in = nullptr; // the previous entry may have left input behind (a data descriptor)
        z.avail_in = 0;
        z.next_out = reinterpret_cast<Bytef*>(out.data());
        z.avail_out = static_cast<uInt>(std::min<std::uint64_t>(out.size(), UINT_MAX));
        std::uint64_t outLeft = out.size() - z.avail_out; // beyond what one call can take (entries > 4 GiB)
        char chunk[1 << 16];
        for (;;) {
            if (z.avail_in == 0 && remaining > 0) {
                const std::size_t k = src.read(
                    at, chunk, static_cast<std::size_t>(std::min<std::uint64_t>(remaining, sizeof chunk)));
                remaining = k == 0 ? 0 : remaining - k; // a file shorter than its directory says: truncated
                at += k;
                z.next_in = reinterpret_cast<Bytef*>(chunk);
                z.avail_in = static_cast<uInt>(k);
            }
            if (z.avail_out == 0 && outLeft > 0) {
                z.avail_out = static_cast<uInt>(std::min<std::uint64_t>(outLeft, UINT_MAX));
                outLeft -= z.avail_out;
            }
            const int rc = inflate(&z, Z_NO_FLUSH);
            if (rc == Z_STREAM_END) break;
            if (rc == Z_BUF_ERROR && z.avail_in == 0 && remaining == 0) break; // no more data: truncated
            if (rc != Z_OK && rc != Z_BUF_ERROR)
                throw InputError("zip entry '" + name + "' is corrupt (inflate failed)");
            if (z.avail_out == 0 && outLeft == 0) break; // past the declared size
        }
        produced = static_cast<std::size_t>(reinterpret_cast<char*>(z.next_out) - out.data());
    }
    if (produced > cap)
        throw InputError("zip entry '" + name + "' inflates beyond its declared size (zip bomb?)");
    if (produced != info.uncompressedSize) throw InputError("zip entry '" + name + "' is truncated");
    out.resize(produced);
    if (crc32_z(0, reinterpret_cast<const Bytef*>(out.data()), out.size()) != d.crc)
        throw InputError("zip entry '" + name + "' is corrupt (CRC mismatch)");
    return out;
}

} // namespace vernier
