// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/workspace.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "scoring/errors.h"

namespace vernier {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::uintmax_t kMaxWorkspaceBytes = 16u << 20; // docs/workspace.md "Limits"
constexpr int kMaxDepth = 32; // the format nests 3 levels; anything deeper is not ours
constexpr const char* kFormat = "vernier-workspace";

// Control characters escaped: a reason is one line, whatever a label or path in it holds.
std::string oneLine(const std::string& text) {
    std::string out;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += ch;
        }
    }
    return out;
}

[[noreturn]] void fail(const std::string& reason) {
    throw InputError("workspace: " + oneLine(reason));
}

// Bracket depth outside strings, so that a hostile file cannot nest the parser into the ground.
void checkDepth(const std::string& text) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxDepth) fail("nested deeper than " + std::to_string(kMaxDepth) + " levels");
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
}

// A value from the file inside a reason, cut after 80 bytes (at a character boundary) so that a hostile
// label cannot flood the message.
std::string shown(const std::string& text) {
    constexpr std::size_t kMax = 80;
    if (text.size() <= kMax) return text;
    std::size_t n = kMax;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80)
        --n; // text[n] is where the cut falls: not inside a UTF-8 sequence
    return text.substr(0, n) + "…";
}

const char* typeName(const json& v) {
    if (v.is_null()) return "null";
    if (v.is_boolean()) return "a boolean";
    if (v.is_number()) return "a number";
    if (v.is_string()) return "a string";
    if (v.is_array()) return "an array";
    return "an object";
}

[[noreturn]] void wrongType(const std::string& where, const char* expected, const json& v) {
    fail(where + " must be " + expected + ", not " + typeName(v));
}

std::string stringAt(const json& v, const std::string& where) {
    if (!v.is_string()) wrongType(where, "a string", v);
    return v.get<std::string>();
}

bool boolAt(const json& v, const std::string& where) {
    if (!v.is_boolean()) wrongType(where, "true or false", v);
    return v.get<bool>();
}

const json* member(const json& obj, const char* key) {
    auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
}

const json& objectAt(const json& v, const std::string& where) {
    if (!v.is_object()) wrongType(where, "an object", v);
    return v;
}

std::vector<std::string> stringsAt(const json& v, const std::string& where) {
    if (!v.is_array()) wrongType(where, "an array of strings", v);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i)
        out.push_back(stringAt(v[i], where + "[" + std::to_string(i) + "]"));
    return out;
}

// A path of the file, resolved against the workspace's folder (absolute paths are kept).
std::string resolvePath(const std::string& text, const fs::path& base, const std::string& where) {
    if (text.empty()) fail(where + " is empty");
    if (text.find('\0') != std::string::npos) fail(where + " holds a NUL byte");
    fs::path p(text);
    if (p.is_relative()) p = base / p;
    std::string out = p.lexically_normal().generic_string();
    while (out.size() > 1 && out.back() == '/')
        out.pop_back();
    return out;
}

// A path for the file: relative to `base` when both share a folder below the root (`../x` included),
// otherwise as it is.
std::string relativePath(const std::string& path, const fs::path& base) {
    const fs::path p(path);
    if (!p.is_absolute() || !base.is_absolute()) return p.generic_string();
    auto pi = p.begin(), bi = base.begin();
    int shared = 0;
    while (pi != p.end() && bi != base.end() && *pi == *bi) {
        ++pi;
        ++bi;
        ++shared;
    }
    if (shared < 2) return p.generic_string(); // only the root in common: another disk or tree
    const fs::path rel = p.lexically_relative(base);
    if (rel.empty()) return p.generic_string();
    return rel.generic_string();
}

fs::path absoluteBase(const std::string& baseDir) {
    std::error_code ec;
    fs::path base = baseDir.empty() ? fs::current_path(ec) : fs::path(baseDir);
    if (base.is_relative()) base = fs::absolute(base, ec);
    return base.lexically_normal();
}

} // namespace

std::vector<std::string> Workspace::enabledBundles() const {
    std::vector<std::string> out;
    for (const auto& b : bundles)
        if (b.enabled) out.push_back(b.path);
    return out;
}

Workspace parseWorkspace(const std::string& text, const std::string& baseDir) {
    if (text.size() > kMaxWorkspaceBytes) fail("larger than 16 MiB");
    checkDepth(text);
    const json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded()) fail("not JSON");
    if (!doc.is_object()) wrongType("the file", "a JSON object", doc);
    const fs::path base = absoluteBase(baseDir);

    const json* format = member(doc, "format");
    if (!format) fail("no \"format\" (expected \"vernier-workspace\")");
    if (stringAt(*format, "format") != kFormat)
        fail("format is \"" + shown(format->get<std::string>()) + "\", not \"vernier-workspace\"");
    const json* version = member(doc, "format_version");
    if (!version) fail("no \"format_version\"");
    if (!version->is_number_integer() && !version->is_number_unsigned())
        wrongType("format_version", "an integer", *version);
    const auto v = version->get<long long>();
    if (version->is_number_unsigned() && version->get<unsigned long long>() > 1000000ull)
        fail("format_version " + version->dump() + " was written by a newer Vernier (this one reads " +
             std::to_string(kWorkspaceFormatVersion) + ")");
    if (v > kWorkspaceFormatVersion)
        fail("format_version " + std::to_string(v) + " was written by a newer Vernier (this one reads " +
             std::to_string(kWorkspaceFormatVersion) + ")");
    if (v < 1) fail("format_version " + std::to_string(v) + " is not a version (expected 1)");

    Workspace ws;
    if (const json* bundles = member(doc, "bundles")) {
        if (!bundles->is_array()) wrongType("bundles", "an array", *bundles);
        for (std::size_t i = 0; i < bundles->size(); ++i) {
            const std::string where = "bundles[" + std::to_string(i) + "]";
            const json& b = objectAt((*bundles)[i], where);
            const json* path = member(b, "path");
            if (!path) fail(where + " has no \"path\"");
            WorkspaceBundle wb;
            wb.path = resolvePath(stringAt(*path, where + ".path"), base, where + ".path");
            if (const json* enabled = member(b, "enabled")) wb.enabled = boolAt(*enabled, where + ".enabled");
            ws.bundles.push_back(std::move(wb));
        }
    }
    if (const json* pack = member(doc, "task_pack"); pack && !pack->is_null()) {
        const std::string p = stringAt(*pack, "task_pack");
        if (!p.empty()) ws.taskPack = resolvePath(p, base, "task_pack");
    }
    if (const json* systems = member(doc, "systems")) {
        objectAt(*systems, "systems");
        for (const auto& [label, entry] : systems->items()) {
            const std::string where = "systems[\"" + shown(label) + "\"]";
            if (label.empty()) fail("systems has an empty label");
            objectAt(entry, where);
            SystemStyle style;
            if (const json* alias = member(entry, "alias")) style.alias = stringAt(*alias, where + ".alias");
            if (const json* colour = member(entry, "colour")) {
                style.colour = stringAt(*colour, where + ".colour");
                if (!style.colour.empty() && !isHexColour(style.colour))
                    fail(where + ".colour \"" + shown(style.colour) +
                         "\" is not a colour (expected #rrggbb)");
            }
            if (const json* hidden = member(entry, "hidden"))
                style.hidden = boolAt(*hidden, where + ".hidden");
            if (style.alias == label) style.alias.clear();
            if (!style.empty()) ws.styles.byLabel[label] = style;
        }
    }
    if (const json* filter = member(doc, "filter")) {
        objectAt(*filter, "filter");
        auto strings = [&](const char* key) {
            const json* v = member(*filter, key);
            return v ? stringsAt(*v, std::string("filter.") + key) : std::vector<std::string>{};
        };
        for (auto& s : strings("systems"))
            ws.filter.systems.insert(s);
        for (const auto& w : strings("workflows")) {
            try {
                ws.filter.workflows.insert(parseWorkflowName(w));
            } catch (const InputError& e) {
                fail(std::string("filter.workflows: ") + e.what());
            }
        }
        for (auto& c : strings("categories"))
            ws.filter.categories.insert(c);
        for (auto& t : strings("tasks"))
            ws.filter.tasks.insert(t);
        const auto bundles = strings("bundles");
        for (std::size_t i = 0; i < bundles.size(); ++i)
            ws.filter.bundles.insert(
                resolvePath(bundles[i], base, "filter.bundles[" + std::to_string(i) + "]"));
        if (const json* status = member(*filter, "status")) {
            try {
                ws.filter.status = parseTrialStatus(stringAt(*status, "filter.status"));
            } catch (const InputError& e) {
                fail(std::string("filter.status: ") + e.what());
            }
        }
    }
    ws.filter.hiddenSystems = ws.styles.hiddenLabels();
    if (const json* policy = member(doc, "policy")) {
        objectAt(*policy, "policy");
        if (const json* attempts = member(*policy, "attempts")) {
            const std::string name = stringAt(*attempts, "policy.attempts");
            const auto p = parseSelectionPolicy(name);
            if (!p) fail("policy.attempts \"" + shown(name) + "\" is not latest, mean, best or first");
            ws.policy = *p;
        }
        if (const json* rewards = member(*policy, "rewards")) {
            const std::string r = stringAt(*rewards, "policy.rewards");
            if (r != "recorded" && r != "rescored")
                fail("policy.rewards \"" + shown(r) + "\" is not recorded or rescored");
            ws.preferRescored = r == "rescored";
        }
        if (const json* split = member(*policy, "split_by_job"))
            ws.splitByJob = boolAt(*split, "policy.split_by_job");
    }
    return ws;
}

Workspace loadWorkspace(const std::string& given) {
    const std::string path = oneLine(given); // for the reasons
    std::error_code ec;
    const fs::path p = fs::absolute(fs::path(given), ec).lexically_normal();
    if (ec || !fs::exists(p, ec)) throw InputError("workspace " + path + ": no such file");
    if (fs::is_directory(p, ec)) throw InputError("workspace " + path + ": is a folder, not a file");
    const std::uintmax_t size = fs::file_size(p, ec);
    if (ec) throw InputError("workspace " + path + ": cannot read it (" + ec.message() + ")");
    if (size > kMaxWorkspaceBytes) throw InputError("workspace " + path + ": larger than 16 MiB");
    std::ifstream in(p, std::ios::binary);
    if (!in) throw InputError("workspace " + path + ": cannot open it (" + std::strerror(errno) + ")");
    std::string text;
    text.resize(static_cast<std::size_t>(size));
    in.read(text.data(), static_cast<std::streamsize>(size));
    text.resize(static_cast<std::size_t>(in.gcount()));
    try {
        return parseWorkspace(text, p.parent_path().string());
    } catch (const InputError& e) {
        // "workspace: reason" -> "workspace FILE: reason"
        std::string reason = e.what();
        const std::string prefix = "workspace: ";
        if (reason.rfind(prefix, 0) == 0) reason = reason.substr(prefix.size());
        throw InputError("workspace " + path + ": " + reason);
    }
}

std::string workspaceJson(const Workspace& ws, const std::string& baseDir) {
    using ojson = nlohmann::ordered_json;
    const fs::path base = absoluteBase(baseDir);
    ojson bundles = ojson::array();
    for (const auto& b : ws.bundles)
        bundles.push_back({{"path", relativePath(b.path, base)}, {"enabled", b.enabled}});
    ojson systems = ojson::object();
    std::map<std::string, SystemStyle> styles = ws.styles.byLabel;
    for (const auto& label : ws.filter.hiddenSystems) // hidden in the filter only: hidden in the file too
        styles[label].hidden = true;
    for (const auto& [label, s] : styles) {
        if (s.empty()) continue;
        systems[label] = {{"alias", s.alias}, {"colour", s.colour}, {"hidden", s.hidden}};
    }
    ojson workflows = ojson::array();
    for (Workflow w : ws.filter.workflows)
        workflows.push_back(workflowKey(w));
    ojson filterBundles = ojson::array();
    for (const auto& b : ws.filter.bundles)
        filterBundles.push_back(relativePath(b, base));
    ojson doc = ojson::object();
    doc["format"] = kFormat;
    doc["format_version"] = kWorkspaceFormatVersion;
    doc["bundles"] = bundles;
    doc["task_pack"] = ws.taskPack.empty() ? std::string() : relativePath(ws.taskPack, base);
    doc["systems"] = systems;
    doc["filter"] = {{"systems", ws.filter.systems},       {"workflows", workflows},
                     {"categories", ws.filter.categories}, {"tasks", ws.filter.tasks},
                     {"bundles", filterBundles},           {"status", trialStatusKey(ws.filter.status)}};
    doc["policy"] = {{"attempts", selectionPolicyName(ws.policy)},
                     {"rewards", ws.preferRescored ? "rescored" : "recorded"},
                     {"split_by_job", ws.splitByJob}};
    return doc.dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
}

void saveWorkspace(const Workspace& ws, const std::string& path) {
    std::error_code ec;
    const fs::path p = fs::absolute(fs::path(path), ec).lexically_normal();
    if (ec) throw InputError("cannot save workspace " + oneLine(path) + ": " + ec.message());
    const std::string text = workspaceJson(ws, p.parent_path().string());
    std::string tmp = (p.parent_path() / ("." + p.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) throw InputError("cannot save workspace " + oneLine(path) + ": " + std::strerror(errno));
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const std::string reason = std::strerror(errno);
            ::close(fd);
            ::unlink(tmp.c_str());
            throw InputError("cannot save workspace " + oneLine(path) + ": " + reason);
        }
        done += static_cast<std::size_t>(n);
    }
    ::fchmod(fd, 0644);
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    if (!synced || ::rename(tmp.c_str(), p.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(tmp.c_str());
        throw InputError("cannot save workspace " + oneLine(path) + ": " + reason);
    }
}

} // namespace vernier
