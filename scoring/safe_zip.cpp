// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// SafeZip: the central directory is checked (entry count first, then names, sizes and ratios) before any
// entry is inflated, and inflation stops as soon as the produced bytes exceed a limit, so a zip bomb that
// lies about its sizes costs at most one limit's worth of work. The directory is walked and parsed by the
// minizip that QuaZip carries, each record read once into fixed buffers, through file functions of ours
// (ZipStream): pread through a window, or a copy from memory (docs/index.md "Performance": listing a bundle
// zip). An entry is read by Vernier itself: its local header and data with pread (or from memory) and zlib's
// raw inflate, with the CRC checked (docs/index.md "Reading a zip's entries"). QuaZip itself only lends its
// default codecs for names that are not UTF-8.
#include "scoring/safe_zip.h"

#include <QByteArray>
#include <QString>
#include <QTextCodec>
#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <memory>
#include <new>
#include <optional>
#include <quazip/quazip.h>
#include <quazip/unzip.h>
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
bool isEncrypted(const unz_file_info64& info, const unsigned char* extra, std::size_t extraSize) {
    return (info.flag & 1u) != 0 || info.compression_method == kAesMethod || hasAesExtra(extra, extraSize);
}

// The bytes minizip reads, given to it through its own file functions (zlib_filefunc64_def): an archive on
// disk is read with pread through two 16 KiB windows, one in memory by copying. minizip seeks before every
// small read and reads a record's fields a byte at a time; through a QIODevice (QuaZip's way) every one of
// those calls went through Qt's device bookkeeping, ~10 % of listing and reading a bundle zip, and through a
// QFile every seek was an lseek and a dropped buffer (docs/index.md "Performance"). Here a seek moves a
// number and a small read is a memcpy from the window.
class ZipStream {
public:
    // An archive on disk; takes ownership of `fd`.
    explicit ZipStream(int fd) : fd_(fd) {
        struct stat st {};
        if (::fstat(fd_, &st) == 0) size_ = static_cast<std::uint64_t>(st.st_size);
        for (Window& w : windows_)
            w.bytes.resize(kWindow);
    }
    // An archive in memory, which must outlive the stream.
    ZipStream(const char* data, std::size_t size) : data_(data), size_(size) {}
    ~ZipStream() {
        if (fd_ >= 0) ::close(fd_);
    }
    ZipStream(const ZipStream&) = delete;
    ZipStream& operator=(const ZipStream&) = delete;

    // Where minizip's next absolute seek goes: the one that starts reading a central-directory record (it
    // seeks to the record, then reads it). Nullopt when it has not sought since markSeek().
    void markSeek() { firstSeek_.reset(); }
    std::optional<std::uint64_t> firstSeek() const { return firstSeek_; }
    // `n` bytes at `offset`, without moving minizip's position; false when the archive has fewer.
    bool readAt(std::uint64_t offset, char* out, std::size_t n) {
        const std::uint64_t at = at_;
        at_ = offset;
        const bool whole = read(out, n) == n;
        at_ = at;
        return whole;
    }
    // The descriptor, which the stream no longer closes (the archive's reads go on on it).
    int releaseFd() { return std::exchange(fd_, -1); }

    // The functions minizip calls, on this stream (its `file`, which its open function hands back).
    static zlib_filefunc64_def functions() {
        zlib_filefunc64_def f{};
        f.zopen64_file = [](voidpf, voidpf file, int) -> voidpf { return file; };
        f.zread_file = [](voidpf, voidpf stream, void* buf, uLong size) -> uLong {
            return static_cast<uLong>(static_cast<ZipStream*>(stream)->read(static_cast<char*>(buf), size));
        };
        f.zwrite_file = [](voidpf, voidpf, const void*, uLong) -> uLong { return 0; };
        f.ztell64_file = [](voidpf, voidpf stream) -> ZPOS64_T {
            return static_cast<ZipStream*>(stream)->at_;
        };
        f.zseek64_file = [](voidpf, voidpf stream, ZPOS64_T offset, int origin) -> int {
            return static_cast<ZipStream*>(stream)->seek(offset, origin) ? 0 : -1;
        };
        // The stream belongs to its OpenZip, not to minizip.
        f.zclose_file = [](voidpf, voidpf) -> int { return 0; };
        f.zfakeclose_file = f.zclose_file;
        f.zerror_file = [](voidpf, voidpf stream) -> int {
            return static_cast<ZipStream*>(stream)->error_ ? 1 : 0;
        };
        return f;
    }

private:
    static constexpr std::size_t kWindow = 16 * 1024;

    bool seek(std::uint64_t offset, int origin) {
        std::uint64_t base = 0;
        if (origin == ZLIB_FILEFUNC_SEEK_CUR)
            base = at_;
        else if (origin == ZLIB_FILEFUNC_SEEK_END)
            base = size_;
        else if (origin != ZLIB_FILEFUNC_SEEK_SET)
            return false;
        // Modular on purpose: minizip steps back over an extra field it has read by passing the negative
        // step as a wrapped unsigned offset. A position before the start is refused, as a file refuses it;
        // one past the end reads nothing.
        const std::uint64_t next = base + offset;
        if (next > static_cast<std::uint64_t>(INT64_MAX)) return false;
        at_ = next;
        if (origin == ZLIB_FILEFUNC_SEEK_SET && !firstSeek_) firstSeek_ = next;
        return true;
    }

    std::size_t read(char* out, std::size_t want) {
        if (data_) {
            const std::size_t n =
                at_ < size_ ? static_cast<std::size_t>(std::min<std::uint64_t>(want, size_ - at_)) : 0;
            if (n == 0) return 0; // at or past the end: no pointer is formed past the bytes
            std::memcpy(out, data_ + at_, n);
            at_ += n;
            return n;
        }
        std::size_t done = 0;
        while (done < want && at_ < size_) {
            bool hit = false;
            for (std::size_t i = 0; i < windows_.size() && !hit; ++i) {
                const Window& w = windows_[i];
                if (at_ < w.start || at_ >= w.start + w.size) continue;
                const std::size_t n =
                    static_cast<std::size_t>(std::min<std::uint64_t>(want - done, w.start + w.size - at_));
                std::memcpy(out + done, w.bytes.data() + (at_ - w.start), n);
                done += n;
                at_ += n;
                recent_ = i;
                hit = true;
            }
            if (hit) continue;
            // A large read goes straight to the caller's buffer; a small one refills the window used less
            // recently.
            const bool direct = want - done >= kWindow;
            Window& w = windows_[1 - recent_];
            char* into = direct ? out + done : w.bytes.data();
            const std::size_t size = direct ? want - done : kWindow;
            ssize_t n = 0;
            do {
                n = ::pread(fd_, into, size, static_cast<off_t>(at_));
            } while (n < 0 && errno == EINTR);
            if (n < 0) {
                error_ = true;
                break;
            }
            if (n == 0) break; // the file shrank
            if (direct) {
                done += static_cast<std::size_t>(n);
                at_ += static_cast<std::uint64_t>(n);
            } else {
                w.start = at_;
                w.size = static_cast<std::uint64_t>(n);
                recent_ = static_cast<std::size_t>(&w - windows_.data());
            }
        }
        return done;
    }

    int fd_ = -1;
    const char* data_ = nullptr;
    std::uint64_t size_ = 0;
    std::uint64_t at_ = 0;
    // Two windows: reading an entry goes to its central-directory record, then to its local header and
    // data, elsewhere in the file; with one window each entry read both again (docs/index.md "Performance").
    struct Window {
        std::vector<char> bytes;
        std::uint64_t start = 0, size = 0;
    };
    std::array<Window, 2> windows_;
    std::size_t recent_ = 0; // the window read last
    bool error_ = false;
    std::optional<std::uint64_t> firstSeek_;
};

// An archive open in minizip, on its own stream.
struct OpenZip {
    std::unique_ptr<ZipStream> stream;
    unzFile zip = nullptr;
    OpenZip() = default;
    OpenZip(const OpenZip&) = delete;
    OpenZip& operator=(const OpenZip&) = delete;
    ~OpenZip() {
        if (zip) unzClose(zip);
    }
};

std::unique_ptr<OpenZip> openZip(const std::string& path, const std::string& bytes) {
    auto z = std::make_unique<OpenZip>();
    if (path.empty()) {
        z->stream = std::make_unique<ZipStream>(bytes.data(), bytes.size());
    } else {
        // Linux file names are bytes: open by descriptor so a name that is not UTF-8 still works.
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) throw InputError("cannot open " + path + ": " + std::strerror(errno));
        z->stream = std::make_unique<ZipStream>(fd);
    }
    zlib_filefunc64_def functions = ZipStream::functions();
    z->zip = unzOpen2_64(z->stream.get(), &functions);
    if (!z->zip) throw InputError("not a zip archive (unreadable central directory)");
    return z;
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

// The offset of an entry's local header as its central-directory record `r` gives it: 32 bits, or from the
// Zip64 extra field (tag 1) when they are all ones. In that field the 64-bit values come in a fixed order,
// each present only when its 32-bit field is all ones: uncompressed size, compressed size, offset.
std::uint64_t localHeaderOffset(const unsigned char* r, const unsigned char* extra, std::size_t extraSize) {
    const std::uint64_t offset = le32(r + 42);
    if (offset != 0xFFFFFFFFu) return offset;
    for (std::size_t at = 0; at + 4 <= extraSize;) {
        const std::uint16_t tag = le16(extra + at), size = le16(extra + at + 2);
        const std::size_t body = at + 4;
        if (body + size > extraSize) break;
        if (tag == 0x0001) {
            std::size_t skip = 0;
            if (le32(r + 24) == 0xFFFFFFFFu) skip += 8;
            if (le32(r + 20) == 0xFFFFFFFFu) skip += 8;
            if (skip + 8 <= size) return le64(extra + body + skip);
            break;
        }
        at = body + size;
    }
    return offset; // all ones: its local header will not be found ("cannot be opened")
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
    int fd = -1; // on disk: the archive as listed, open until the last copy of the SafeZip goes
    Reader() = default;
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;
    ~Reader() {
        if (fd >= 0) ::close(fd);
    }
};

// Lists the archive; on disk, returns the descriptor it was read through (the entries are read on it).
static int readDirectory(const std::string& path, const std::string& bytes, const ZipLimits& limits,
                         std::vector<ZipEntryInfo>& entries, std::string& comment,
                         std::vector<SafeZip::EntryData>& data) {
    auto z = openZip(path, bytes);
    unzFile zip = z->zip;
    unz_global_info64 global{};
    if (unzGetGlobalInfo64(zip, &global) != UNZ_OK) throw InputError("not a zip archive (bad entry count)");
    if (global.number_entry > limits.maxEntries)
        throw InputError("zip has " + std::to_string(global.number_entry) + " entries (limit " +
                         std::to_string(limits.maxEntries) + ")");
    // Names and the comment are decoded with the codecs a QuaZip has by default (the locale's, unless an
    // application set another), as QuaZip's own listing decoded them.
    const QuaZip codecs;
    {
        // The comment's length is 16 bits: at most 65,535 bytes.
        std::vector<char> text(static_cast<std::size_t>(global.size_comment) + 1);
        const int n = unzGetGlobalComment(zip, text.data(), static_cast<uLong>(text.size()));
        if (n > 0)
            comment = codecs.getCommentCodec()
                          ->toUnicode(QByteArray(text.data(), static_cast<qsizetype>(n)))
                          .toStdString();
    }
    std::uint64_t total = 0;
    // A record's name and extra field are each at most 65,535 bytes (16-bit lengths).
    std::vector<char> name(65536), extra(65536);
    int rc = unzGoToFirstFile(zip);
    while (rc == UNZ_OK) {
        if (entries.size() >= limits.maxEntries)
            throw InputError("zip has more than " + std::to_string(limits.maxEntries) + " entries");
        // One read of the record into fixed buffers.
        unz_file_info64 info{};
        z->stream->markSeek();
        if (unzGetCurrentFileInfo64(zip, &info, name.data(), name.size(), extra.data(), extra.size(), nullptr,
                                    0) != UNZ_OK)
            throw InputError("zip central directory is corrupt");
        // The record minizip read (it seeks to it first), once more in its raw form for the local header's
        // offset, which minizip keeps to itself. Its position less minizip's own for it is what precedes the
        // zip in the file (a self-extractor's stub), which minizip adds to every offset.
        unz64_file_pos pos{};
        if (unzGetFilePos64(zip, &pos) != UNZ_OK) throw InputError("zip central directory is corrupt");
        unsigned char record[kCentralRecordBytes];
        const auto recordAt = z->stream->firstSeek();
        if (!recordAt || *recordAt < pos.pos_in_zip_directory ||
            !z->stream->readAt(*recordAt, reinterpret_cast<char*>(record), sizeof record) ||
            le32(record) != kCentralRecord || le16(record + 28) != info.size_filename)
            throw InputError("zip central directory is corrupt");
        const std::uint64_t before = *recordAt - pos.pos_in_zip_directory;
        const std::uint64_t local =
            localHeaderOffset(record, reinterpret_cast<const unsigned char*>(extra.data()),
                              std::min<std::size_t>(info.size_file_extra, extra.size()));
        const std::size_t nameSize = std::min<std::size_t>(info.size_filename, name.size());
        ZipEntryInfo e;
        const char* raw = name.data();
        const bool ascii =
            std::all_of(raw, raw + nameSize, [](char c) { return static_cast<unsigned char>(c) < 0x80; });
        if (ascii) {
            e.name.assign(raw, nameSize);
        } else {
            const QByteArray bytes(raw, static_cast<qsizetype>(nameSize));
            e.name = ((info.flag & kUtf8NameFlag) ? QString::fromUtf8(bytes)
                                                  : codecs.getFileNameCodec()->toUnicode(bytes))
                         .toStdString();
        }
        e.compressedSize = info.compressed_size;
        e.uncompressedSize = info.uncompressed_size;
        e.isDirectory = !e.name.empty() && (e.name.back() == '/' || e.name.back() == '\\');
        e.encrypted = isEncrypted(info, reinterpret_cast<const unsigned char*>(extra.data()),
                                  std::min<std::size_t>(info.size_file_extra, extra.size()));
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
        SafeZip::EntryData d;
        d.localHeader = local > UINT64_MAX - before ? UINT64_MAX : local + before;
        d.crc = static_cast<std::uint32_t>(info.crc);
        d.method = static_cast<std::uint16_t>(info.compression_method);
        data.push_back(d);
        entries.push_back(std::move(e));
        rc = unzGoToNextFile(zip);
    }
    // Anything but the end of the list is a record that could not be read.
    if (rc != UNZ_END_OF_LIST_OF_FILE) throw InputError("zip central directory is corrupt");
    return z->stream->releaseFd();
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
    z.reader_->fd = readDirectory(path, {}, limits, z.entries_, z.comment_, z.data_);
    z.sortNames();
    return z;
}

SafeZip SafeZip::openBytes(std::string bytes, const ZipLimits& limits) {
    SafeZip z;
    z.bytes_ = std::make_shared<const std::string>(std::move(bytes));
    z.reader_ = std::make_shared<Reader>();
    z.limits_ = limits;
    readDirectory({}, *z.bytes_, limits, z.entries_, z.comment_, z.data_);
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

std::size_t SafeZip::readRaw(std::uint64_t offset, char* out, std::size_t n) const {
    if (bytes_) {
        const std::string& b = *bytes_;
        if (offset >= b.size()) return 0;
        const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(n, b.size() - offset));
        std::memcpy(out, b.data() + offset, k);
        return k;
    }
    std::size_t done = 0;
    while (done < n) {
        const ssize_t k = ::pread(reader_->fd, out + done, n - done, static_cast<off_t>(offset + done));
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) throw InputError("cannot read " + path_ + ": " + std::strerror(errno));
        if (k == 0) break; // the end of the file
        done += static_cast<std::size_t>(k);
    }
    return done;
}

std::string SafeZip::inflateEntry(const ZipEntryInfo& info, const EntryData& d) const {
    const std::string& name = info.name;
    unsigned char header[kLocalHeaderBytes];
    if (d.localHeader > UINT64_MAX - kLocalHeaderBytes ||
        readRaw(d.localHeader, reinterpret_cast<char*>(header), sizeof header) != sizeof header ||
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
            readRaw(at, out.data(), static_cast<std::size_t>(std::min<std::uint64_t>(remaining, cap + 1)));
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
                const std::size_t k = readRaw(
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
