// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/provenance_json.h"

#include <fcntl.h>
#include <unistd.h>

#include <QtGlobal>
#include <Standard_Version.hxx>
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <future>
#include <map>
#include <mutex>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <set>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include "models/bundle_tree.h"
#include "models/cache_location.h"
#include "models/regular_file.h"
#include "models/report_json.h"
#include "vernier_version.h"
#if __has_include("vernier_git_commit.h")
#include "vernier_git_commit.h" // written at build time by cmake/git_commit.cmake
#endif
#ifndef VERNIER_GIT_COMMIT
#define VERNIER_GIT_COMMIT "unknown"
#endif

namespace vernier {

using nlohmann::json;
namespace fs = std::filesystem;

const GeneratorFacts& generatorFacts() {
    static const GeneratorFacts facts{VERNIER_VERSION, VERNIER_GIT_COMMIT, kGeneratorScorer,
                                      OCC_VERSION_COMPLETE, qVersion()};
    return facts;
}

json generatorJson() {
    const GeneratorFacts& f = generatorFacts();
    return {{"name", "vernier"},  {"version", f.version},          {"git_commit", f.gitCommit},
            {"scorer", f.scorer}, {"occt_version", f.occtVersion}, {"qt_version", f.qtVersion}};
}

namespace {

std::mutex& rememberedMutex() {
    static std::mutex m;
    return m;
}
std::map<std::string, std::string>& remembered() {
    static std::map<std::string, std::string> m;
    return m;
}
// Folders whose hash is on its way (expectTreeSha256), and the wait for one to be settled.
std::set<std::string>& pending() {
    static std::set<std::string> p;
    return p;
}
std::condition_variable& settled() {
    static std::condition_variable c;
    return c;
}

} // namespace

void rememberTreeSha256(const std::string& canonicalFolder, const std::string& sha) {
    {
        const std::lock_guard<std::mutex> lock(rememberedMutex());
        if (sha.empty())
            remembered().erase(canonicalFolder);
        else
            remembered()[canonicalFolder] = sha;
        if (pending().erase(canonicalFolder) == 0) return;
    }
    settled().notify_all();
}

void expectTreeSha256(const std::string& canonicalFolder) {
    const std::lock_guard<std::mutex> lock(rememberedMutex());
    remembered().erase(canonicalFolder);
    pending().insert(canonicalFolder);
}

namespace {

std::string hexOf(const unsigned char* md, unsigned int mdLen) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < mdLen; ++i) {
        hex += kHex[md[i] >> 4];
        hex += kHex[md[i] & 15];
    }
    return hex;
}

// "path\tsize\tmtime\n" into `line` (its capacity reused).
void treeLine(std::string& line, std::string_view path, std::uint64_t size, std::int64_t mtime) {
    line.assign(path);
    line += '\t';
    char num[24];
    auto r = std::to_chars(num, num + sizeof num, size);
    line.append(num, r.ptr);
    line += '\t';
    r = std::to_chars(num, num + sizeof num, mtime);
    line.append(num, r.ptr);
    line += '\n';
}

// SHA-256, with OpenSSL told to leave its state alone at exit. Its own exit handler would free the
// per-thread state keys while threads that hashed still run (the GUI's background pool is joined by a static
// destructor registered after OpenSSL's handler, a prefetch is detached): their state would then leak when
// they end, or a hash still running would use freed state. Each thread's state is freed when it ends.
const EVP_MD* sha256() {
    static const bool initialised = OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr) == 1;
    return initialised ? EVP_sha256() : nullptr;
}

struct DigestCtx {
    const EVP_MD* md = sha256(); // first: OpenSSL initialised before anything else of it runs
    EVP_MD_CTX* ctx = md ? EVP_MD_CTX_new() : nullptr;
    ~DigestCtx() { EVP_MD_CTX_free(ctx); }
};

} // namespace

std::string treeSha256Of(std::size_t count, const TreeFileAt& file) {
    // OpenSSL's SHA-256 uses the CPU's SHA instructions (~10x QCryptographicHash on a million-file listing
    // of ~100 MB). The lines go to it in 64 KiB pieces: no buffer of the whole listing, whose fresh pages
    // cost more than the hash on a virtual machine.
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdLen = 0;
    {
        DigestCtx d;
        if (!d.ctx || EVP_DigestInit_ex(d.ctx, d.md, nullptr) != 1)
            throw std::runtime_error("SHA-256 failed");
        std::string chunk, line, previous;
        chunk.reserve(1 << 16);
        bool sorted = true;
        for (std::size_t i = 0; i < count && sorted; ++i) {
            std::string_view path;
            std::uint64_t size = 0;
            std::int64_t mtime = 0;
            file(i, path, size, mtime);
            treeLine(line, path, size, mtime);
            if (i > 0 && line < previous) {
                sorted = false;
                break;
            }
            if (chunk.size() + line.size() > chunk.capacity()) {
                if (EVP_DigestUpdate(d.ctx, chunk.data(), chunk.size()) != 1)
                    throw std::runtime_error("SHA-256 failed");
                chunk.clear();
            }
            chunk += line;
            std::swap(line, previous);
        }
        if (sorted) {
            if (EVP_DigestUpdate(d.ctx, chunk.data(), chunk.size()) != 1 ||
                EVP_DigestFinal_ex(d.ctx, md, &mdLen) != 1)
                throw std::runtime_error("SHA-256 failed");
            return hexOf(md, mdLen);
        }
    }
    // Not sorted: every line, sorted (a large listing in two halves at once), then one digest.
    std::vector<std::string> lines(count);
    for (std::size_t i = 0; i < count; ++i) {
        std::string_view path;
        std::uint64_t size = 0;
        std::int64_t mtime = 0;
        file(i, path, size, mtime);
        treeLine(lines[i], path, size, mtime);
    }
    const auto mid = lines.begin() + static_cast<std::ptrdiff_t>(lines.size() / 2);
    if (lines.size() >= (1u << 16)) {
        std::thread half([&] { std::sort(lines.begin(), mid); });
        std::sort(mid, lines.end());
        half.join();
        std::inplace_merge(lines.begin(), mid, lines.end());
    } else {
        std::sort(lines.begin(), lines.end());
    }
    std::size_t total = 0;
    for (const std::string& l : lines)
        total += l.size();
    std::string all;
    all.reserve(total);
    for (const std::string& l : lines)
        all += l;
    if (EVP_Digest(all.data(), all.size(), md, &mdLen, sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed");
    return hexOf(md, mdLen);
}

std::string treeSha256Of(std::vector<TreeFile> files) {
    return treeSha256Of(files.size(),
                        [&](std::size_t i, std::string_view& path, std::uint64_t& size, std::int64_t& mtime) {
                            path = files[i].path;
                            size = files[i].size;
                            mtime = files[i].mtime;
                        });
}

std::int64_t fileClockNsOf(std::int64_t systemNs) {
    static const std::int64_t shift = [] {
        const auto zero = std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::nanoseconds(0));
        return std::chrono::duration_cast<std::chrono::nanoseconds>(
                   std::chrono::file_clock::from_sys(zero).time_since_epoch())
            .count();
    }();
    return systemNs + shift;
}

std::string treeSha256(const std::string& folder) {
    {
        std::error_code ec;
        const fs::path canon = fs::canonical(folder, ec);
        std::unique_lock<std::mutex> lock(rememberedMutex());
        if (!ec) {
            settled().wait(lock, [&] { return pending().count(canon.string()) == 0; });
            if (auto it = remembered().find(canon.string()); it != remembered().end()) return it->second;
        }
    }
    // The listing the trial index takes (16 threads, one stat per file): 10^6 files in ~3 s where the walk
    // below took ~7 s. A folder with a symlink or a listing problem gets the walk, which follows or skips it.
    std::vector<ListedStat> listed;
    if (BundleTree::openFolderWithStats(folder, listed)) {
        std::vector<const ListedStat*> regular;
        regular.reserve(listed.size());
        for (const ListedStat& s : listed)
            if (!s.dir) regular.push_back(&s);
        return treeSha256Of(regular.size(), [&](std::size_t i, std::string_view& path, std::uint64_t& size,
                                                std::int64_t& mtime) {
            path = regular[i]->rel;
            size = static_cast<std::uint64_t>(regular[i]->size);
            mtime = fileClockNsOf(regular[i]->mtimeNs);
        });
    }
    std::vector<TreeFile> files;
    std::error_code ec;
    const fs::path root(folder);
    for (fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        std::error_code e2;
        if (!it->is_regular_file(e2)) continue;
        const auto size = it->file_size(e2);
        if (e2) continue;
        const auto mtime = it->last_write_time(e2);
        if (e2) continue;
        const auto ns =
            std::chrono::duration_cast<std::chrono::nanoseconds>(mtime.time_since_epoch()).count();
        files.push_back({it->path().lexically_relative(root).generic_string(), size, ns});
    }
    return treeSha256Of(std::move(files));
}

namespace {

// One remembered hash: <memoDir>/<device>-<inode>, the line "vernier-file-sha256 1 SIZE MTIME_NS CTIME_NS
// SHA".
constexpr std::string_view kMemoTag = "vernier-file-sha256 1 ";

std::string memoPath(const std::string& memoDir, const FileStamp& s) {
    return memoDir + "/" + std::to_string(s.device) + "-" + std::to_string(s.inode);
}

std::string memoLine(const FileStamp& s, const std::string& sha) {
    return std::string(kMemoTag) + std::to_string(s.size) + " " + std::to_string(s.mtimeNs) + " " +
           std::to_string(s.ctimeNs) + " " + sha + "\n";
}

// The remembered hash of the file with stamp `s`, or empty. Anything but the exact line for this stamp
// (another file that had the inode, a torn or foreign file) is not a hash.
std::string rememberedSha(const std::string& memoDir, const FileStamp& s) {
    const OpenedFile f = openRegularFile(memoPath(memoDir, s));
    if (f.error != 0 || f.size > 256) return {};
    char buf[257];
    std::size_t got = 0;
    for (;;) {
        const ssize_t n = ::read(f.fd.get(), buf + got, sizeof buf - 1 - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
    }
    const std::string_view line(buf, got);
    const std::string prefix = memoLine(s, "");
    const std::string_view stem(prefix.data(), prefix.size() - 1); // without the newline
    if (line.size() != stem.size() + 64 + 1 || line.substr(0, stem.size()) != stem || line.back() != '\n')
        return {};
    const std::string_view sha = line.substr(stem.size(), 64);
    if (!std::all_of(sha.begin(), sha.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }))
        return {};
    return std::string(sha);
}

// Written to a temporary name and renamed: a reader sees the whole line or nothing. Failures are ignored
// (the memo only saves time).
void rememberSha(const std::string& memoDir, const FileStamp& s, const std::string& sha) {
    std::error_code ec;
    fs::create_directories(memoDir, ec);
    const std::string path = memoPath(memoDir, s);
    const std::string temp = path + ".tmp-" + std::to_string(::getpid()) + "-" +
                             std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()));
    {
        const UniqueFd fd(::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644));
        if (fd.get() < 0) return;
        const std::string line = memoLine(s, sha);
        if (::write(fd.get(), line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
            ::unlink(temp.c_str());
            return;
        }
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) ::unlink(temp.c_str());
}

std::int64_t realtimeNs() {
    timespec t{};
    clock_gettime(CLOCK_REALTIME, &t);
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

// SHA-256 (hex) of the bytes read from `fd` to its end; empty on a read error.
std::string hashToEnd(int fd) {
    DigestCtx d;
    if (!d.ctx || EVP_DigestInit_ex(d.ctx, d.md, nullptr) != 1) return {};
    std::vector<unsigned char> chunk(1 << 20);
    for (;;) {
        const ssize_t n = ::read(fd, chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return {};
        if (n == 0) break;
        if (EVP_DigestUpdate(d.ctx, chunk.data(), static_cast<std::size_t>(n)) != 1) return {};
    }
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdLen = 0;
    if (EVP_DigestFinal_ex(d.ctx, md, &mdLen) != 1) return {};
    return hexOf(md, mdLen);
}

// Hashes started ahead by prefetchFileSha256, by the stamp the file had when they started. The hash counts
// only when the file's stamp was the same after reading; otherwise `sha` is empty.
struct Prefetch {
    FileStamp stamp;
    std::shared_future<std::string> sha;
};
std::mutex& prefetchMutex() {
    static std::mutex m;
    return m;
}
// Never destroyed: a hash still running when the process exits is simply dropped with it, and the thread
// touches nothing else (the memo is written by fileSha256 on the caller's thread).
std::vector<Prefetch>& prefetches() {
    static auto* p = new std::vector<Prefetch>;
    return *p;
}

std::optional<std::shared_future<std::string>> prefetched(const FileStamp& stamp) {
    const std::lock_guard<std::mutex> lock(prefetchMutex());
    for (const Prefetch& p : prefetches())
        if (p.stamp == stamp) return p.sha;
    return std::nullopt;
}

} // namespace

std::string fileSha256(const std::string& file) {
    return fileSha256(file, userCacheDirectory() + "/sha256", kRememberedHashBytes, 2.0);
}

void prefetchFileSha256(const std::string& file) {
    OpenedFile opened = openRegularFile(file);
    if (opened.error != 0 || opened.size < kRememberedHashBytes || prefetched(opened.stamp)) return;
    if (!rememberedSha(userCacheDirectory() + "/sha256", opened.stamp).empty()) return;
    std::promise<std::string> promise;
    {
        const std::lock_guard<std::mutex> lock(prefetchMutex());
        prefetches().push_back({opened.stamp, promise.get_future().share()});
    }
    std::thread([opened = std::move(opened), promise = std::move(promise)]() mutable {
        std::string sha = hashToEnd(opened.fd.get());
        const std::optional<FileStamp> after = fileStampOf(opened.fd.get());
        promise.set_value(after && *after == opened.stamp ? std::move(sha) : std::string());
    }).detach();
}

std::string fileSha256(const std::string& file, const std::string& memoDir, std::uint64_t minBytes,
                       double settleSeconds) {
    // OpenSSL, as the tree hash: a 10^5-trial bundle zip is ~1.7 GB, and QCryptographicHash spent ~16 % of
    // the CPU of opening one (docs/index.md "Performance").
    const OpenedFile opened = openRegularFile(file);
    if (opened.error != 0) return {};
    const bool memo = !memoDir.empty() && opened.size >= minBytes;
    if (memo)
        if (std::string sha = rememberedSha(memoDir, opened.stamp); !sha.empty()) return sha;
    const int fd = opened.fd.get();
    // Started ahead for this very file (same stamp) and unchanged while it was read: take it.
    std::string sha;
    if (const auto ahead = prefetched(opened.stamp)) sha = ahead->get();
    if (sha.empty()) sha = hashToEnd(fd);
    if (sha.empty()) return {};
    // Remembered only for bytes that stood still: the same stamp after reading as before, and a last change
    // long enough ago that a later one must show in the stamp.
    if (memo) {
        const std::optional<FileStamp> after = fileStampOf(fd);
        const bool same = after && *after == opened.stamp;
        const std::int64_t settledBefore = realtimeNs() - static_cast<std::int64_t>(settleSeconds * 1e9);
        if (same && std::max(opened.stamp.ctimeNs, opened.stamp.mtimeNs) <= settledBefore)
            rememberSha(memoDir, opened.stamp, sha);
    }
    return sha;
}

json inputJson(const std::string& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) return {{"path", path}, {"tree_sha256", treeSha256(path)}};
    const std::string sha = fs::exists(path, ec) ? fileSha256(path) : std::string();
    if (sha.empty()) return {{"path", path}, {"missing", true}};
    return {{"path", path}, {"sha256", sha}};
}

json inputsJson(const std::vector<std::string>& paths) {
    json out = json::array();
    for (const std::string& p : paths)
        out.push_back(inputJson(p));
    return out;
}

json inputsJson(const ResultSet& set) {
    std::vector<std::string> paths = set.bundles;
    if (!set.taskPackPath.empty()) paths.push_back(set.taskPackPath);
    return inputsJson(paths);
}

json policyJson(const ResultSet& set, const Filter& filter) {
    return {{"attempts", selectionPolicyName(set.policy())},
            {"rewards", set.usesRescored() ? "rescored" : "recorded"},
            {"filters", filterJson(filter)}};
}

std::string generatedAt() {
    std::time_t when = std::time(nullptr);
    if (const char* env = std::getenv("SOURCE_DATE_EPOCH"); env && *env) {
        char* end = nullptr;
        const long long v = std::strtoll(env, &end, 10);
        if (*end == '\0' && v >= 0) when = static_cast<std::time_t>(v);
    }
    std::tm utc{};
    gmtime_r(&when, &utc);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return buf;
}

json provenanceBlock(int schemaVersion, const json& inputs, const json& policy) {
    json b = {{"schema_version", schemaVersion}, {"generator", generatorJson()}, {"inputs", inputs}};
    if (!policy.is_null()) b["policy"] = policy;
    b["generated_at"] = generatedAt();
    return b;
}

json withProvenance(json document, const json& block) {
    for (const auto& [key, value] : block.items())
        if (!document.contains(key)) document[key] = value;
    return document;
}

std::optional<json> provenanceOf(const json& document) {
    if (!document.is_object() || !document.contains("generator") || !document["generator"].is_object())
        return std::nullopt;
    json b = json::object();
    // "policy" only as the block's object: validate-submission has its own "policy" (a name).
    for (const char* key : {"schema_version", "generator", "inputs", "policy", "generated_at", "command"})
        if (document.contains(key) && (std::string_view(key) != "policy" || document[key].is_object()))
            b[key] = document[key];
    return b;
}

std::string provenanceComment(const json& block, CommentStyle style) {
    std::string text = block.dump(-1, ' ', false, json::error_handler_t::replace);
    switch (style) {
    case CommentStyle::Csv:
        return "# " + std::string(kProvenanceMarker) + text + "\n";
    case CommentStyle::Latex:
        return "% " + std::string(kProvenanceMarker) + text + "\n";
    case CommentStyle::Markdown: {
        // "--" may not appear inside an HTML comment; in JSON strings "-\u002d" reads back the same.
        for (std::size_t at = text.find("--"); at != std::string::npos; at = text.find("--", at))
            text.replace(at + 1, 1, "\\u002d");
        return "<!-- " + std::string(kProvenanceMarker) + text + " -->\n";
    }
    }
    return {};
}

std::string withProvenanceComment(const std::string& text, const json& block, CommentStyle style) {
    return provenanceComment(block, style) + text;
}

namespace {

std::string xmlDecode(std::string s) {
    static const std::pair<const char*, const char*> kEntities[] = {
        {"&quot;", "\""}, {"&apos;", "'"}, {"&#39;", "'"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}};
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        bool replaced = false;
        if (s[i] == '&')
            for (const auto& [from, to] : kEntities)
                if (s.compare(i, std::strlen(from), from) == 0) {
                    out += to;
                    i += std::strlen(from);
                    replaced = true;
                    break;
                }
        if (!replaced) out += s[i++];
    }
    return out;
}

} // namespace

std::optional<json> findProvenance(std::string_view text) {
    for (std::size_t at = text.find(kProvenanceMarker); at != std::string_view::npos;
         at = text.find(kProvenanceMarker, at + 1)) {
        const std::size_t start = at + kProvenanceMarker.size();
        if (start >= text.size() || text[start] != '{') continue;
        // The JSON ends at the line end, before an HTML comment's end or, in XML (where its quotes are
        // entities and no '<' is literal), at the next element.
        std::size_t end = text.find_first_of("\r\n", start);
        if (end == std::string_view::npos) end = text.size();
        std::string body(text.substr(start, end - start));
        if (body.find("&quot;") != std::string::npos) {
            body.resize(std::min(body.size(), body.find('<')));
            body = xmlDecode(body);
        } else if (const auto close = body.rfind(" -->"); close != std::string::npos) {
            body.resize(close);
        }
        try {
            json j = json::parse(body);
            if (j.is_object() && j.contains("generator")) return j;
        } catch (const json::exception&) {
        }
    }
    return std::nullopt;
}

} // namespace vernier
