// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One function per fuzz target: feeds arbitrary bytes to one parser of untrusted input and accepts only
// InputError as an answer. Shared by the libFuzzer entry points (fuzz_*.cpp) and by the regression test
// that replays committed findings (tests/models/test_fuzz_regressions.cpp), so both run the same code.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include <TopExp.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS_Shape.hxx>

#include <QBuffer>
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <quazip/quazip.h>
#include <quazip/quazipfile.h>

#include "models/atif_trajectory.h"
#include "models/json_text.h"
#include "models/result_set.h"
#include "models/submission.h"
#include "models/task_pack.h"
#include "models/workspace.h"
#include "scoring/brep_census.h"
#include "scoring/brep_reader.h"
#include "scoring/errors.h"
#include "scoring/fcstd_document.h"
#include "scoring/safe_zip.h"
#include "scoring/shape_integrals.h"
#include "scoring/spec_parser.h"

namespace vernier::fuzz {

// Tighter than the defaults so one input cannot take seconds; the checks themselves are the same.
inline ZipLimits fuzzLimits() {
    ZipLimits limits;
    limits.maxEntryBytes = 8u << 20;
    limits.maxTotalBytes = 32u << 20;
    return limits;
}

template <class F> void acceptInputError(F&& f) {
    try {
        f();
    } catch (const InputError&) {
    }
}

// The import without the trial index: the targets are about the bytes of the bundle's files, and writing
// an SQLite index beside the scratch bundle on every input took most of each run (~4x fewer executions).
inline ImportOptions parseOnly() {
    ImportOptions o;
    o.useIndex = false;
    return o;
}

// A private scratch folder (tmpfs when there is one) for the targets whose parsers read paths.
inline std::filesystem::path scratch(const char* what) {
    namespace fs = std::filesystem;
    const fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    fs::path d = base / (std::string("vernier-fuzz-") + what + "-" + std::to_string(::getpid()));
    fs::create_directories(d);
    // Removed when the process ends normally (a crash leaves it for the finding to be looked at).
    struct Cleanup {
        std::vector<fs::path> dirs;
        ~Cleanup() {
            for (const auto& dir : dirs) {
                std::error_code ec;
                fs::remove_all(dir, ec);
            }
        }
    };
    static Cleanup cleanup;
    cleanup.dirs.push_back(d);
    return d;
}

inline void writeBytes(const std::filesystem::path& p, const std::uint8_t* data, std::size_t size) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

inline std::string bytes(const std::uint8_t* data, std::size_t size) {
    return std::string(reinterpret_cast<const char*>(data), size);
}

// The bytes minizip (through QuaZip) reads for the first entry of that name, or nullopt when it cannot
// (no such entry, an error, a CRC mismatch).
inline std::optional<std::string> minizipRead(QuaZip& zip, const std::string& name) {
    if (!zip.setCurrentFile(QString::fromStdString(name))) return std::nullopt;
    QuaZipFile f(&zip);
    if (!f.open(QIODevice::ReadOnly)) return std::nullopt;
    const QByteArray got = f.readAll();
    const bool readWell = f.getZipError() == UNZ_OK;
    f.close();
    if (!readWell || f.getZipError() != UNZ_OK) return std::nullopt;
    return got.toStdString();
}

// Where the two readers look for a Zip64 directory differs by design: SafeZip takes the Zip64 end-record
// locator only where the format puts it, right before the end record it chose (the last signature), while
// minizip takes the last locator signature anywhere in the file's last 64 KiB. An archive whose last locator
// stands elsewhere — bytes of an entry, or an earlier archive's records — is read from two different
// directories, so neither listing nor reads can be compared (fuzz-regressions README).
inline bool zip64LocatorsApart(const std::string& a) {
    const auto lastBefore = [&a](const char* sig, std::size_t window) -> std::optional<std::size_t> {
        const std::size_t from = a.size() > window ? a.size() - window : 0;
        const std::size_t at = a.rfind(std::string_view(sig, 4));
        if (at == std::string::npos || at < from) return std::nullopt;
        return at;
    };
    const auto locator = lastBefore("PK\x06\x07", 0xffff);
    if (!locator) return false;
    const auto end = lastBefore("PK\x05\x06", 0xffff + 22);
    return !end || *locator + 20 != *end;
}

// Any bytes as an archive, then every entry inflated (bundle zips, task-pack zips, FCStd). SafeZip reads the
// entries itself (scoring/safe_zip.cpp); what it reads, minizip — the reader it replaced — must read the same
// when it reads the entry at all (minizip is stricter about local headers; SafeZip checks the CRC either
// way). A difference aborts.
inline void safeZip(const std::uint8_t* data, std::size_t size) {
    acceptInputError([&] {
        const std::string archive = bytes(data, size);
        const SafeZip zip = SafeZip::openBytes(archive, fuzzLimits());
        QByteArray copy(archive.data(), static_cast<qsizetype>(archive.size()));
        QBuffer buffer(&copy);
        QuaZip reference(&buffer);
        const bool referenceOpen = !zip64LocatorsApart(archive) && reference.open(QuaZip::mdUnzip);
        // SafeZip lists the directory itself too: what minizip lists of an archive both accept must be the
        // same names in the same order.
        if (referenceOpen) {
            const QStringList names = reference.getFileNameList();
            bool same = names.size() == static_cast<qsizetype>(zip.entries().size());
            // (QuaZip cuts a name at 256 bytes: longer ones are not compared.)
            for (qsizetype i = 0; same && i < names.size(); ++i) {
                const std::string& name = zip.entries()[static_cast<std::size_t>(i)].name;
                same = name.size() > 200 || names[i].toStdString() == name;
            }
            if (!same && reference.getZipError() == UNZ_OK) {
                std::fprintf(stderr, "SafeZip lists %zu entries, minizip %lld (or other names)\n",
                             zip.entries().size(), static_cast<long long>(names.size()));
                std::abort();
            }
        }
        // A name held by several entries is ambiguous between readers: SafeZip reads the first (as a scan
        // of the directory finds it), QuaZip's name map the last it has seen. Only unique names are compared.
        std::map<std::string, int> uses;
        for (const auto& e : zip.entries())
            ++uses[e.name];
        for (const auto& e : zip.entries()) {
            if (e.isDirectory) continue;
            std::optional<std::string> got;
            acceptInputError([&] { got = zip.read(e.name); });
            if (!got || !referenceOpen || uses[e.name] > 1) continue;
            // A read that ends early is minizip's failure even when QuaZip reports none (a compressed size
            // past the end of the file makes its read of the data fail, and QuaZip returns what it had):
            // only a read of the declared size is compared.
            const std::optional<std::string> expected = minizipRead(reference, e.name);
            if (expected && expected->size() == e.uncompressedSize && *expected != *got) {
                std::fprintf(stderr, "SafeZip read %zu bytes of '%s', minizip %zu different ones\n",
                             got->size(), e.name.c_str(), expected->size());
                std::abort();
            }
        }
    });
}

// A whole candidate document: zip, Document.xml and every stored shape.
inline void fcstdDocument(const std::uint8_t* data, std::size_t size) {
    acceptInputError([&] { (void)FcDocument::loadBytes(bytes(data, size), "fuzz.FCStd", fuzzLimits()); });
}

// Document.xml alone (objects, properties, sketches, links).
inline void documentXml(const std::uint8_t* data, std::size_t size) {
    acceptInputError([&] {
        const FcDocument doc = FcDocument::parseXml(bytes(data, size), "fuzz.FCStd");
        for (const auto& o : doc.objects)
            (void)doc.find(o.name);
    });
}

inline int distinctShapes(const TopoDS_Shape& shape, TopAbs_ShapeEnum kind) {
    TopTools_IndexedMapOfShape map;
    TopExp::MapShapes(shape, kind, map);
    return map.Extent();
}

// A stored shape: text BREP, binary BREP, anything else (readBrep sniffs the bytes). And the census of the
// same bytes (scoring/brep_census.h), differentially: when it answers, readBrep must read the text, and the
// parsed shape must have its face and solid counts and, to the bit, its polyhedral volume.
inline void brep(const std::uint8_t* data, std::size_t size) {
    const std::string text = bytes(data, size);
    const std::optional<BrepCensus> census = brepCensus(text);
    std::optional<TopoDS_Shape> shape;
    acceptInputError([&] { shape = readBrep(text, "fuzz.brp"); });
    if (!census) return;
    if (!shape) {
        std::fprintf(stderr, "brepCensus answered for a text readBrep refuses\n");
        std::abort();
    }
    const std::optional<double> volume = polyhedralVolume(*shape);
    if (census->faces != distinctShapes(*shape, TopAbs_FACE) ||
        census->solids != distinctShapes(*shape, TopAbs_SOLID) ||
        census->polyhedralVolume.has_value() != volume.has_value() ||
        (volume && !(*census->polyhedralVolume == *volume))) {
        std::fprintf(stderr, "brepCensus differs from the parsed shape\n");
        std::abort();
    }
}

// spec.json, and the same bytes as free-text key_parameters.
inline void specJson(const std::uint8_t* data, std::size_t size) {
    const std::string text = bytes(data, size);
    acceptInputError([&] { (void)parseSpecJson(text, "spec.json"); });
    acceptInputError([&] { (void)parseKeyParameters(text); });
}

// True when `a` and `b` are the same JSON value with the same types throughout: integer, unsigned and float
// are told apart (nlohmann's == calls 1 and 1u and 1.0 equal) and doubles are compared bit for bit.
inline bool identicalJson(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.type() != b.type()) return false;
    switch (a.type()) {
    case nlohmann::json::value_t::object: {
        const auto& x = a.get_ref<const nlohmann::json::object_t&>();
        const auto& y = b.get_ref<const nlohmann::json::object_t&>();
        if (x.size() != y.size()) return false;
        for (auto i = x.begin(), j = y.begin(); i != x.end(); ++i, ++j)
            if (i->first != j->first || !identicalJson(i->second, j->second)) return false;
        return true;
    }
    case nlohmann::json::value_t::array: {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!identicalJson(a[i], b[i])) return false;
        return true;
    }
    case nlohmann::json::value_t::number_float: {
        const double x = a.get<double>(), y = b.get<double>();
        return std::memcmp(&x, &y, sizeof x) == 0;
    }
    default:
        return a == b;
    }
}

// The trial files' JSON parser (models/json_text.h) against nlohmann's on the same bytes: both refuse, or
// both give identical values. A difference aborts (a finding), naming what differed.
inline void jsonText(const std::uint8_t* data, std::size_t size) {
    const std::string text = bytes(data, size);
    std::optional<nlohmann::json> fast = parseJsonText(text);
    const nlohmann::json reference = nlohmann::json::parse(text, nullptr, false);
    if (reference.is_discarded() != !fast.has_value() || (fast && !identicalJson(*fast, reference))) {
        std::fprintf(stderr, "parseJsonText differs from nlohmann::json::parse: %s vs %s\n",
                     fast ? fast->dump().c_str() : "refused",
                     reference.is_discarded() ? "refused" : reference.dump().c_str());
        std::abort();
    }
    // With members left out (as a trial's result.json is read): refused alike, else the full value without
    // them, at the top and inside "config".
    static const JsonSkips inner{{"b", "environment"}, {}};
    static const JsonSkips outer{{"a", "id", "verifier"}, {{"config", &inner}, {"c", &inner}}};
    const std::optional<nlohmann::json> skipped = parseJsonText(text, outer);
    // Moved, not copied: nlohmann copies a value recursively, and 20,000 nested arrays overflowed the stack
    // (tests/data/hostile/fuzz-regressions/fuzz_json_text).
    std::optional<nlohmann::json> expected = std::move(fast);
    if (expected && expected->is_object()) {
        for (const std::string_view m : outer.members)
            expected->erase(std::string(m));
        for (const char* o : {"config", "c"})
            if (auto it = expected->find(o); it != expected->end() && it->is_object())
                for (const std::string_view m : inner.members)
                    it->erase(std::string(m));
    }
    if (skipped.has_value() != expected.has_value() || (skipped && !identicalJson(*skipped, *expected))) {
        std::fprintf(stderr, "parseJsonText with skips differs from the full parse without them: %s vs %s\n",
                     skipped ? skipped->dump().c_str() : "refused",
                     expected ? expected->dump().c_str() : "refused");
        std::abort();
    }
}

// The two-step trial the multi-step cases of trialFiles start from: a real Harbor 0.22 create-and-edit trial
// of the fixtures (tests/data/harbor/make_harbor_fixtures.py), both steps verified.
inline const char* multiStepTemplate() {
#ifdef VERNIER_TEST_DATA_DIR
    return VERNIER_TEST_DATA_DIR "/harbor/job-0.22/freecad-856aa02a44__gRp63dn";
#else
    return "";
#endif
}
// Its files that a multi-step case replaces (the first byte, from 0x80 on, picks one).
inline constexpr const char* kMultiStepFiles[] = {
    "result.json",
    "config.json",
    "steps/base/artifacts/manifest.json",
    "steps/edit/artifacts/manifest.json",
    "steps/base/verifier/reward.json",
    "steps/edit/verifier/reward.json",
    "steps/base/verifier/reward_details.json",
    "steps/edit/verifier/reward_details.json",
};

// One Harbor trial folder. The first byte picks which file the rest becomes: below 0x80, a file of a
// one-step trial folder written afresh (0 result.json, 1 verifier/reward.json, 2 verifier/reward.txt,
// 3 verifier/reward_details.json, 4 config.json; byte mod 6 = 5: artifacts/manifest.json); from 0x80 on, one
// of kMultiStepFiles in a copy of a real two-step trial, put back after the import.
inline void trialFiles(const std::uint8_t* data, std::size_t size) {
    namespace fs = std::filesystem;
    static const char* const kFiles[] = {"result.json",         "verifier/reward.json",
                                         "verifier/reward.txt", "verifier/reward_details.json",
                                         "config.json",         "artifacts/manifest.json"};
    if (size < 1) return;
    static const fs::path root = scratch("trial");
    std::vector<TrialRecord> trials;
    std::vector<ImportProblem> problems;
    const auto import = [&](const fs::path& bundle) {
        acceptInputError([&] {
            importBundle(bundle.string(), trials, problems, parseOnly());
            for (const auto& t : trials) {
                (void)t.effectiveReward(false);
                (void)t.effectiveReward(true);
                (void)t.durationSeconds();
            }
        });
    };
    if (data[0] >= 0x80 && *multiStepTemplate()) {
        static const fs::path multi = [] {
            const fs::path bundle = root / "multi";
            fs::remove_all(bundle);
            fs::create_directories(bundle);
            fs::copy(multiStepTemplate(), bundle / fs::path(multiStepTemplate()).filename(),
                     fs::copy_options::recursive);
            return bundle;
        }();
        const std::size_t n = sizeof kMultiStepFiles / sizeof kMultiStepFiles[0];
        const fs::path file =
            multi / fs::path(multiStepTemplate()).filename() / kMultiStepFiles[(data[0] - 0x80) % n];
        const fs::path original = fs::path(multiStepTemplate()) / kMultiStepFiles[(data[0] - 0x80) % n];
        writeBytes(file, data + 1, size - 1);
        import(multi);
        fs::copy_file(original, file, fs::copy_options::overwrite_existing);
        return;
    }
    const fs::path bundle = root / "job";
    fs::remove_all(bundle);
    const fs::path trial = bundle / "freecad-0000000000__fuzz";
    fs::create_directories(trial / "verifier");
    fs::create_directories(trial / "artifacts");
    const std::size_t pick = data[0] % 6 == 5 ? 5 : data[0] % 5;
    const std::string name = kFiles[pick];
    writeBytes(trial / name, data + 1, size - 1);
    if (name != "result.json") // so the folder is still found as a trial
        std::ofstream(trial / "result.json") << "{\"task_name\": \"x/freecad-0000000000\"}";
    import(bundle);
}

// task.toml of a one-task pack.
inline void taskToml(const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path pack = scratch("pack");
    const auto task = pack / "freecad-0000000000";
    std::filesystem::create_directories(task);
    writeBytes(task / "task.toml", data, size);
    acceptInputError([&] { (void)loadTaskPack(pack.string()); });
}

// A cad-bench v2 submission manifest, as YAML and as JSON, then its checks against the published policy.
inline void submissionManifest(const std::uint8_t* data, std::size_t size) {
    const std::string text = bytes(data, size);
    for (const bool isJson : {false, true})
        acceptInputError([&] {
            const SubmissionManifest m = parseSubmissionManifest(text, "fuzz.yaml", isJson);
            (void)checkSubmissionManifest(m, publishedSubmissionPolicy());
        });
}

// An agent trajectory (ATIF): the index pass, then every step of the file and of each subagent, the
// previews and the totals. The reader reports problems in its results and never throws.
inline void atifTrajectory(const std::uint8_t* data, std::size_t size) {
    AtifLimits limits;
    limits.maxSteps = 100000;
    const AtifTrajectory t = AtifTrajectory::fromBytes(bytes(data, size), limits);
    (void)usageFromFinalMetricsBytes(bytes(data, size));
    if (!t.ok()) {
        (void)t.readHead(64);
        return;
    }
    std::vector<const AtifIndex*> todo = {&t.index()};
    while (!todo.empty()) {
        const AtifIndex* x = todo.back();
        todo.pop_back();
        for (const AtifStep& s : t.loadSteps(*x, 0, 1000))
            (void)s.preview();
        (void)x->effectiveTotals();
        (void)x->totalsDisagree();
        for (const AtifIndex& sub : x->subagents)
            todo.push_back(&sub);
    }
}

// A Harbor job folder's own files beside one well-formed trial (system agent/model, no source: Harbor's
// evals group "agent__model__adhoc"). A first byte below 0x80 picks which file the rest becomes (its value
// mod 3: result.json with its stats.evals, checked against the trials; lock.json; config.json); from 0x80 on
// the rest is all three in that order, separated by NUL bytes (an empty part: no such file), as a real job
// folder has them.
inline void jobFiles(const std::uint8_t* data, std::size_t size) {
    namespace fs = std::filesystem;
    static const char* const kFiles[] = {"result.json", "lock.json", "config.json"};
    if (size < 1) return;
    static const fs::path root = scratch("job");
    const fs::path bundle = root / "job";
    fs::remove_all(bundle);
    const fs::path trial = bundle / "freecad-0000000000__fuzz";
    fs::create_directories(trial / "verifier");
    std::ofstream(trial / "result.json")
        << R"({"task_name": "x/freecad-0000000000", "trial_name": "freecad-0000000000__fuzz",)"
        << R"( "agent_info": {"name": "agent", "model_info": {"name": "model"}}})";
    std::ofstream(trial / "verifier" / "reward.txt") << "0.5\n";
    if (data[0] < 0x80) {
        writeBytes(bundle / kFiles[data[0] % 3], data + 1, size - 1);
    } else {
        const std::uint8_t* p = data + 1;
        const std::uint8_t* const end = data + size;
        for (const char* name : kFiles) {
            if (p > end) break;
            const std::uint8_t* nul = p;
            while (nul < end && *nul != 0)
                ++nul;
            if (nul > p) writeBytes(bundle / name, p, static_cast<std::size_t>(nul - p));
            p = nul + 1;
        }
    }
    std::vector<TrialRecord> trials;
    std::vector<ImportProblem> problems;
    BundleInfo info;
    acceptInputError([&] { importBundle(bundle.string(), trials, problems, parseOnly(), &info); });
}

// A workspace file (*.vernier.json): parsed, written back (paths relative to the same folder) and parsed
// again; what was read once must read again.
inline void workspace(const std::uint8_t* data, std::size_t size) {
    Workspace ws;
    try {
        ws = parseWorkspace(bytes(data, size), "/fuzz/study");
    } catch (const InputError&) {
        return;
    }
    (void)ws.enabledBundles();
    const std::string text = workspaceJson(ws, "/fuzz/study");
    try {
        (void)parseWorkspace(text, "/fuzz/study");
    } catch (const InputError& e) { // a file Vernier wrote that it cannot read back: a bug
        std::fprintf(stderr, "workspace written back is refused: %s\n", e.what());
        std::abort();
    }
}

} // namespace vernier::fuzz
