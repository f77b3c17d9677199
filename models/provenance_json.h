// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The provenance block every output of vernier-cli carries (docs/cli.md "Provenance"): which Vernier, scorer,
// OCCT and Qt produced it, from which inputs, under which policy, when. One definition for the JSON outputs,
// the comment headers of CSV, LaTeX and Markdown, and the metadata of SVG, PDF and PNG figures
// (figures/provenance.h builds on it), and the reader behind `vernier-cli provenance FILE`.
//
// The block: {"schema_version": N, "generator": {"name": "vernier", "version", "git_commit", "scorer",
// "occt_version", "qt_version"}, "inputs": [{"path", "sha256"} | {"path", "tree_sha256"}], "policy":
// {"attempts", "rewards": "recorded"|"rescored", "filters": {...}} (absent where no result set is read),
// "generated_at": "YYYY-MM-DDThh:mm:ssZ"}.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/filter.h"
#include "models/result_set.h"

namespace vernier {

// The benchmark scorer whose semantics the embedded scorer follows, as the generator block names it.
constexpr const char* kGeneratorScorer = "freecad-validator v2 (0.6.0 semantics)";

// The facts of this build: version, git commit (at build time; "unknown" outside a git checkout), scorer,
// OCCT and Qt versions.
struct GeneratorFacts {
    std::string version;
    std::string gitCommit;
    std::string scorer;
    std::string occtVersion;
    std::string qtVersion;
};
const GeneratorFacts& generatorFacts();
nlohmann::json generatorJson();

// A folder's fingerprint without reading any file: SHA-256 over its sorted relative file list with each
// file's size and modification time (nanoseconds), one "path\tsize\tmtime\n" line per regular file.
// Equal for an unchanged folder, different once a file is added, removed, resized or touched.
// When an import in this process validated the folder through its trial index (docs/index.md
// "Validation"), the value recorded there is returned without statting the folder again: the index's
// signals cover every file's size and modification time and every directory's, so it is the value a walk
// gives for the folder as imported (docs/cli.md "Provenance").
std::string treeSha256(const std::string& folder);
// One regular file of a tree: path relative to the folder ('/'-separated), size, and modification time as
// std::filesystem::last_write_time counts it (nanoseconds of std::filesystem::file_time_type).
struct TreeFile {
    std::string path;
    std::uint64_t size = 0;
    std::int64_t mtime = 0;
};
// A modification time in system-clock nanoseconds (stat's) as TreeFile::mtime counts it: the file clock is
// the system clock shifted by a constant.
std::int64_t fileClockNsOf(std::int64_t systemNs);
// treeSha256 of a listing (any order).
std::string treeSha256Of(std::vector<TreeFile> files);
// The same hash over a listing of `count` files, file i given by file(i, path, size, mtime), without a
// string per file (the trial index hashes a million files at once): the lines are hashed as they come while
// they come sorted (the usual case, nothing kept but the previous line), and collected and sorted in a
// second pass over the files otherwise.
using TreeFileAt = std::function<void(std::size_t, std::string_view&, std::uint64_t&, std::int64_t&)>;
std::string treeSha256Of(std::size_t count, const TreeFileAt& file);
// The trial index (models/trial_index.cpp) records the tree hash of a folder it validated, by canonical
// path; empty forgets it (then treeSha256 walks the folder).
// A pending hash (expectTreeSha256) is settled by either.
void rememberTreeSha256(const std::string& canonicalFolder, const std::string& sha);
// The folder's tree hash is on its way (a deferred index write hashes its signals, docs/index.md "Deferred
// write"): treeSha256 waits for rememberTreeSha256 instead of walking the folder. Whoever calls this settles
// it, with the hash or with an empty one (then the waiters walk).
void expectTreeSha256(const std::string& canonicalFolder);
// SHA-256 of a file's bytes (hex); empty when it cannot be read. The hash of a file of at least
// kRememberedHashBytes is remembered in the user cache with the file's stamp (device, inode, size,
// modification and status-change times), and taken from there for the same unchanged file instead of reading
// it again: a 10^5-trial bundle zip is 1.7 GB, ~1 s to hash for every output (docs/cli.md "Provenance").
std::string fileSha256(const std::string& file);
inline constexpr std::uint64_t kRememberedHashBytes = 32ull << 20;
// Starts hashing `file` on a thread of its own when it is that large and its hash is not remembered, so that
// a later fileSha256 of the same unchanged file waits for that hash instead of reading the file again. The
// CLI starts it before importing a zip: the hash then runs beside the zip's single-threaded directory read.
void prefetchFileSha256(const std::string& file);
// The same with the memo's folder and rules given: `memoDir` empty remembers nothing; files under `minBytes`
// are not remembered; nor is a file changed less than `settleSeconds` before it was hashed (a change within
// the file system's timestamp granularity could leave its stamp as it was).
std::string fileSha256(const std::string& file, const std::string& memoDir, std::uint64_t minBytes,
                       double settleSeconds);
// {"path", "tree_sha256"} for a folder, {"path", "sha256"} for a file; {"path", "missing": true} when the
// path does not exist. `path` is kept as given.
nlohmann::json inputJson(const std::string& path);
nlohmann::json inputsJson(const std::vector<std::string>& paths);
// The inputs of a result set: each bundle, then the task pack.
nlohmann::json inputsJson(const ResultSet& set);

// {"attempts": "latest"|"mean"|"best"|"first", "rewards": "recorded"|"rescored", "filters": filterJson}.
nlohmann::json policyJson(const ResultSet& set, const Filter& filter);

// Now in UTC, or SOURCE_DATE_EPOCH (seconds since 1970) when that is set: reproducible outputs.
std::string generatedAt();

// The whole block; `policy` null leaves the key out.
nlohmann::json provenanceBlock(int schemaVersion, const nlohmann::json& inputs,
                               const nlohmann::json& policy = nullptr);
// Adds the block's keys to a JSON output (an object); the output's own keys are kept.
nlohmann::json withProvenance(nlohmann::json document, const nlohmann::json& block);
// The block's keys of a document, when it has a "generator" object; nullopt otherwise.
std::optional<nlohmann::json> provenanceOf(const nlohmann::json& document);

// Text exports carry the block as one comment line "vernier-provenance: {compact JSON}".
constexpr std::string_view kProvenanceMarker = "vernier-provenance: ";
enum class CommentStyle { Csv, Latex, Markdown };
// The comment line for a style: "# …", "% …" or "<!-- … -->" (with "--" in the JSON written "-\u002d" so
// the HTML comment cannot end early), newline-terminated.
std::string provenanceComment(const nlohmann::json& block, CommentStyle style);
// `text` with the comment line in front.
std::string withProvenanceComment(const std::string& text, const nlohmann::json& block, CommentStyle style);
// The block of the first marker line in a text (CSV, LaTeX, Markdown, SVG, an XMP packet...): the JSON
// after the marker, XML entities decoded when the text is XML. nullopt when there is none or it is not JSON.
std::optional<nlohmann::json> findProvenance(std::string_view text);

} // namespace vernier
