// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A tiny zip writer for tests that need hostile archives a normal writer refuses to make: lying sizes,
// traversal names, 100k entries (zip64 end record), bombs built from repeated deflate blocks.
#include <cstdint>
#include <string>
#include <vector>

#include <zlib.h>

namespace vernier::test {

struct ZipItem {
    std::string name;
    std::string payload; // bytes as stored in the archive (raw deflate when deflated)
    bool deflated = false;
    std::uint64_t uncompressedSize = 0; // declared size (may lie)
    std::uint32_t crc = 0;
};

inline ZipItem storedItem(const std::string& name, const std::string& data) {
    ZipItem it;
    it.name = name;
    it.payload = data;
    it.uncompressedSize = data.size();
    it.crc = static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(data.data()), data.size()));
    return it;
}

// Raw deflate of `data` ending with a full flush (byte-aligned, not final) or the final block.
inline std::string rawDeflate(const std::string& data, bool final) {
    z_stream s{};
    deflateInit2(&s, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&s, data.size()) + 64, '\0');
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    s.avail_in = static_cast<uInt>(data.size());
    s.next_out = reinterpret_cast<Bytef*>(out.data());
    s.avail_out = static_cast<uInt>(out.size());
    deflate(&s, final ? Z_FINISH : Z_FULL_FLUSH);
    out.resize(out.size() - s.avail_out);
    deflateEnd(&s);
    return out;
}

inline ZipItem deflatedItem(const std::string& name, const std::string& data) {
    ZipItem it = storedItem(name, data);
    it.payload = rawDeflate(data, true);
    it.deflated = true;
    return it;
}

// An entry inflating to `repeats` x 16 MiB of zeros from a small payload; declares `declaredSize`.
inline ZipItem bombItem(const std::string& name, int repeats, std::uint64_t declaredSize) {
    const std::string block = rawDeflate(std::string(16u << 20, '\0'), false);
    ZipItem it;
    it.name = name;
    for (int i = 0; i < repeats; ++i)
        it.payload += block;
    it.payload += rawDeflate("", true);
    it.deflated = true;
    it.uncompressedSize = declaredSize;
    return it;
}

namespace detail {
inline void put16(std::string& s, std::uint32_t v) {
    s += static_cast<char>(v & 0xff);
    s += static_cast<char>((v >> 8) & 0xff);
}
inline void put32(std::string& s, std::uint32_t v) {
    put16(s, v & 0xffff);
    put16(s, v >> 16);
}
inline void put64(std::string& s, std::uint64_t v) {
    put32(s, static_cast<std::uint32_t>(v));
    put32(s, static_cast<std::uint32_t>(v >> 32));
}
} // namespace detail

// The whole archive as bytes. Sizes above 4 GiB are not supported (not needed by the tests).
inline std::string buildZip(const std::vector<ZipItem>& items, const std::string& comment = {}) {
    using namespace detail;
    std::string out, central;
    for (const auto& it : items) {
        const std::uint32_t offset = static_cast<std::uint32_t>(out.size());
        const std::uint16_t method = it.deflated ? 8 : 0;
        put32(out, 0x04034b50);
        put16(out, 20), put16(out, 0), put16(out, method), put16(out, 0), put16(out, 0x21);
        put32(out, it.crc), put32(out, static_cast<std::uint32_t>(it.payload.size()));
        put32(out, static_cast<std::uint32_t>(it.uncompressedSize));
        put16(out, static_cast<std::uint32_t>(it.name.size())), put16(out, 0);
        out += it.name;
        out += it.payload;
        put32(central, 0x02014b50);
        put16(central, 20), put16(central, 20), put16(central, 0), put16(central, method);
        put16(central, 0), put16(central, 0x21);
        put32(central, it.crc), put32(central, static_cast<std::uint32_t>(it.payload.size()));
        put32(central, static_cast<std::uint32_t>(it.uncompressedSize));
        put16(central, static_cast<std::uint32_t>(it.name.size())), put16(central, 0), put16(central, 0);
        put16(central, 0), put16(central, 0), put32(central, 0), put32(central, offset);
        central += it.name;
    }
    const std::uint64_t cdOffset = out.size();
    out += central;
    const std::uint64_t n = items.size();
    if (n > 0xfffe) { // zip64 end of central directory record + locator
        const std::uint64_t z64 = out.size();
        put32(out, 0x06064b50), put64(out, 44), put16(out, 45), put16(out, 45), put32(out, 0), put32(out, 0);
        put64(out, n), put64(out, n), put64(out, central.size()), put64(out, cdOffset);
        put32(out, 0x07064b50), put32(out, 0), put64(out, z64), put32(out, 1);
    }
    put32(out, 0x06054b50), put16(out, 0), put16(out, 0);
    put16(out, n > 0xfffe ? 0xffff : static_cast<std::uint32_t>(n));
    put16(out, n > 0xfffe ? 0xffff : static_cast<std::uint32_t>(n));
    put32(out, static_cast<std::uint32_t>(central.size()));
    put32(out, n > 0xfffe ? 0xffffffffu : static_cast<std::uint32_t>(cdOffset));
    put16(out, static_cast<std::uint32_t>(comment.size()));
    out += comment;
    return out;
}

} // namespace vernier::test
