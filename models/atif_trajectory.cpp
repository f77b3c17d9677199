// ATIF trajectories (docs/formats.md): a hand-rolled streaming scanner finds the steps and the root-level
// fields without building a document; nlohmann/json then parses only the small pieces that are asked for.
#include "models/atif_trajectory.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>

#include <nlohmann/json.hpp>

#include "scoring/errors.h"

namespace vernier {

namespace {

using json = nlohmann::json;

constexpr std::int64_t kMaxCount = 1'000'000'000'000'000; // 1e15 tokens: anything above is garbage
constexpr std::size_t kKeyCapture = 64;                   // keys longer than this are never ones we know
constexpr std::uint64_t kReadWindow = 8u << 20;           // steps are read in groups up to this size

// One printable line (for messages that may quote bytes of the input).
std::string oneLine(std::string_view text, std::size_t maxChars = 300) {
    std::string out;
    for (const char ch : text) {
        if (out.size() >= maxChars) {
            out += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(ch);
        out += (c < 0x20 || c >= 0x7f) ? (c == '\n' || c == '\t' || c == '\r' ? ' ' : '?') : ch;
    }
    return out;
}

std::string pretty(const json& j) {
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

std::string compact(const json& j) {
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string mib(std::uint64_t bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return buf;
}

// A token count: a non-negative integral number up to 1e15.
std::optional<std::int64_t> toCount(const json& j) {
    if (j.is_number_unsigned()) {
        const auto v = j.get<std::uint64_t>();
        if (v <= static_cast<std::uint64_t>(kMaxCount)) return static_cast<std::int64_t>(v);
        return std::nullopt;
    }
    if (j.is_number_integer()) {
        const auto v = j.get<std::int64_t>();
        if (v >= 0 && v <= kMaxCount) return v;
        return std::nullopt;
    }
    if (j.is_number_float()) {
        const double v = j.get<double>();
        if (std::isfinite(v) && v >= 0 && v <= static_cast<double>(kMaxCount) && v == std::floor(v))
            return static_cast<std::int64_t>(v);
    }
    return std::nullopt;
}

// An amount of money: a finite, non-negative number.
std::optional<double> toCost(const json& j) {
    if (!j.is_number()) return std::nullopt;
    const double v = j.get<double>();
    if (!std::isfinite(v) || v < 0) return std::nullopt;
    return v;
}

std::optional<std::int64_t> toInteger(const json& j) {
    if (j.is_number_integer() && !j.is_number_unsigned()) return j.get<std::int64_t>();
    if (j.is_number_unsigned() && j.get<std::uint64_t>() <= static_cast<std::uint64_t>(kMaxCount))
        return static_cast<std::int64_t>(j.get<std::uint64_t>());
    if (j.is_number_float()) {
        const double v = j.get<double>();
        if (std::isfinite(v) && std::fabs(v) <= static_cast<double>(kMaxCount) && v == std::floor(v))
            return static_cast<std::int64_t>(v);
    }
    return std::nullopt;
}

void addSaturating(std::optional<std::int64_t>& sum, const std::optional<std::int64_t>& v) {
    if (!v) return;
    std::int64_t out = 0;
    if (!sum)
        sum = *v;
    else if (__builtin_add_overflow(*sum, *v, &out))
        sum = std::numeric_limits<std::int64_t>::max();
    else
        sum = out;
}

// Reads the four usage figures of a metrics / final_metrics object; wrong types go to `problems`.
AtifUsage readUsage(const json& obj, const char* prompt, const char* completion, const char* cached,
                    const char* cost, std::vector<std::string>* problems, const std::string& where) {
    AtifUsage u;
    const auto count = [&](const char* key, std::optional<std::int64_t>& out) {
        const auto it = obj.find(key);
        if (it == obj.end() || it->is_null()) return;
        out = toCount(*it);
        if (!out && problems)
            problems->push_back(where + key + ": not a token count (" + oneLine(compact(*it), 40) + ")");
    };
    count(prompt, u.promptTokens);
    count(completion, u.completionTokens);
    count(cached, u.cachedTokens);
    if (const auto it = obj.find(cost); it != obj.end() && !it->is_null()) {
        u.costUsd = toCost(*it);
        if (!u.costUsd && problems)
            problems->push_back(where + cost + ": not an amount (" + oneLine(compact(*it), 40) + ")");
    }
    return u;
}

// ---- byte sources ---------------------------------------------------------------------------------

// Where a trajectory's bytes come from; read() serves the step ranges.
struct Source {
    virtual ~Source() = default;
    virtual std::uint64_t size() const = 0;
    // Throws InputError.
    virtual std::string read(std::uint64_t offset, std::uint64_t length) const = 0;
};

// Bytes held in memory (fromBytes(), zip entries).
struct MemorySource final : Source {
    std::string bytes;
    explicit MemorySource(std::string b) : bytes(std::move(b)) {}
    std::uint64_t size() const override { return bytes.size(); }
    std::string read(std::uint64_t offset, std::uint64_t length) const override {
        if (offset > bytes.size()) return {};
        return bytes.substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(length));
    }
};

// Closes a C stream (FilePtr).
struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

// A plain file: each read opens it, seeks and reads just the range (so copies may read concurrently).
struct FileSource final : Source {
    std::string path;
    std::uint64_t bytes = 0;
    std::uint64_t size() const override { return bytes; }
    std::string read(std::uint64_t offset, std::uint64_t length) const override {
        FilePtr f(std::fopen(path.c_str(), "rb"));
        if (!f) throw InputError("cannot open " + path + ": " + std::strerror(errno));
        if (::fseeko(f.get(), static_cast<off_t>(offset), SEEK_SET) != 0)
            throw InputError("cannot seek in " + path);
        std::string out(static_cast<std::size_t>(length), '\0');
        const std::size_t n = std::fread(out.data(), 1, out.size(), f.get());
        out.resize(n);
        return out;
    }
};

// Sequential bytes with their absolute offsets: a whole buffer, or a file read in 1 MiB chunks.
class ByteStream {
public:
    explicit ByteStream(std::string_view all, const std::atomic<bool>* cancel)
        : b_(all.data()), p_(all.data()), e_(all.data() + all.size()), cancel_(cancel) {}
    ByteStream(std::FILE* f, const std::atomic<bool>* cancel) : f_(f), buf_(1u << 20), cancel_(cancel) {
        b_ = p_ = e_ = buf_.data();
    }

    bool more() { return p_ != e_ || refill(); }
    int peek() { return more() ? static_cast<unsigned char>(*p_) : -1; }
    void skip() { ++p_; }
    const char* cur() const { return p_; }
    const char* end() const { return e_; }
    void setCur(const char* p) { p_ = p; }
    std::uint64_t offset() const { return base_ + static_cast<std::uint64_t>(p_ - b_); }
    void checkCancel() const {
        if (cancel_ && cancel_->load(std::memory_order_relaxed)) throw InputError("cancelled");
    }

private:
    bool refill() {
        if (!f_) return false;
        checkCancel();
        base_ += static_cast<std::uint64_t>(e_ - b_);
        const std::size_t n = std::fread(buf_.data(), 1, buf_.size(), f_);
        if (n == 0) {
            if (std::ferror(f_)) throw InputError("read error");
            b_ = p_ = e_ = buf_.data();
            return false;
        }
        b_ = p_ = buf_.data();
        e_ = b_ + n;
        return true;
    }

    std::FILE* f_ = nullptr;
    std::vector<char> buf_;
    const char* b_ = nullptr; // start of the current chunk (at offset base_)
    const char* p_ = nullptr;
    const char* e_ = nullptr;
    std::uint64_t base_ = 0;
    const std::atomic<bool>* cancel_ = nullptr;
};

// ---- the index pass -------------------------------------------------------------------------------

enum class Role { Ignore, Trajectory, Steps, Step, StepMetrics, ToolCalls, Subagents };

// A trajectory node while scanning: the root-level fields are remembered as byte ranges and read
// once the pass is over (children are heap nodes so pointers stay valid while siblings are added).
struct ScanNode {
    AtifIndex idx;
    std::vector<std::pair<std::string, AtifSpan>> fields;
    std::vector<std::unique_ptr<ScanNode>> kids;
    bool sawSteps = false;
    bool stepsNotArray = false;
};

bool isRootField(std::string_view k) {
    return k == "schema_version" || k == "session_id" || k == "trajectory_id" || k == "agent" ||
           k == "notes" || k == "final_metrics" || k == "continued_trajectory_ref" || k == "extra";
}

bool isNumber(std::string_view s) {
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9')
            ++i;
        return i > start;
    };
    if (i < s.size() && s[i] == '-') ++i;
    if (i < s.size() && s[i] == '0')
        ++i;
    else if (!digits())
        return false;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits()) return false;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        if (!digits()) return false;
    }
    return i == s.size();
}

// Recursive descent over the bytes with a depth limit: validates the JSON structure (strings, literals,
// brackets, separators; UTF-8 inside strings is left to the per-piece parse) and records positions.
class Scanner {
public:
    Scanner(ByteStream& in, const AtifLimits& limits, bool recordSteps)
        : in_(in), limits_(limits), recordSteps_(recordSteps) {}

    // Returns false when the root is not an object (then nothing after its first byte is read).
    bool scan(ScanNode& root) {
        if (in_.peek() == 0xEF) { // UTF-8 byte order mark
            for (const int want : {0xEF, 0xBB, 0xBF}) {
                if (in_.peek() != want) fail("not JSON");
                in_.skip();
            }
        }
        ws();
        const int c = in_.peek();
        if (c == -1) throw InputError("the file is empty");
        if (c != '{') {
            if (c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' ||
                c == 'n')
                return false;
            fail("not JSON");
        }
        object(Role::Trajectory, &root, 1);
        ws();
        if (in_.peek() != -1) fail("unexpected data after the JSON value");
        return true;
    }

private:
    [[noreturn]] void fail(const std::string& what) {
        if (!in_.more())
            throw InputError("malformed JSON: the file ends early (truncated at byte " +
                             std::to_string(in_.offset()) + ")");
        throw InputError("malformed JSON at byte " + std::to_string(in_.offset()) + ": " + what);
    }

    void ws() {
        for (;;) {
            if (!in_.more()) return;
            const char* p = in_.cur();
            const char* e = in_.end();
            while (p != e && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
                ++p;
            in_.setCur(p);
            if (p != e) return;
        }
    }

    void expect(char c, const char* what) {
        if (in_.peek() != static_cast<unsigned char>(c)) fail(what);
        in_.skip();
    }

    // At '"'. Captures up to kKeyCapture bytes (unescaped) into `capture`; false when it was longer.
    bool string(std::string* capture) {
        in_.skip();
        bool escaped = false, whole = true;
        const auto keep = [&](const char* p, std::size_t n) {
            if (!capture || !whole) return;
            if (capture->size() + n > kKeyCapture) {
                whole = false;
                return;
            }
            capture->append(p, n);
        };
        for (;;) {
            if (!in_.more()) fail("unterminated string");
            const char* p = in_.cur();
            const char* e = in_.end();
            const char* q = p;
            while (q != e && *q != '"' && *q != '\\')
                ++q;
            keep(p, static_cast<std::size_t>(q - p));
            in_.setCur(q);
            if (q == e) continue;
            if (*q == '"') {
                in_.skip();
                break;
            }
            in_.skip(); // the backslash; the escaped byte follows (\uXXXX's digits are plain bytes)
            if (!in_.more()) fail("unterminated string");
            const char pair[2] = {'\\', *in_.cur()};
            keep(pair, 2);
            in_.skip();
            escaped = true;
        }
        if (capture && whole && escaped) {
            const json s = json::parse("\"" + *capture + "\"", nullptr, false);
            if (s.is_string()) *capture = s.get<std::string>();
        }
        return whole;
    }

    void literal(std::string* capture) {
        std::string text;
        for (;;) {
            const int c = in_.peek();
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
                  c == '+' || c == '.'))
                break;
            if (text.size() > 400) fail("invalid literal");
            text += static_cast<char>(c);
            in_.skip();
        }
        if (text.empty()) fail("expected a value");
        if (text != "true" && text != "false" && text != "null" && !isNumber(text)) fail("invalid literal");
        if (capture) *capture = std::move(text);
    }

    AtifSpan value(Role role, ScanNode* node, int depth) {
        const std::uint64_t start = in_.offset();
        switch (in_.peek()) {
        case '{':
            object(role, node, depth + 1);
            break;
        case '[':
            array(role, node, depth + 1);
            break;
        case '"':
            string(nullptr);
            break;
        case -1:
            fail("expected a value");
        default:
            literal(nullptr);
        }
        return {start, in_.offset() - start};
    }

    void checkDepth(int depth) {
        if (depth > limits_.maxJsonDepth)
            throw InputError("JSON nested deeper than " + std::to_string(limits_.maxJsonDepth) +
                             " levels (byte " + std::to_string(in_.offset()) + ")");
    }

    void object(Role role, ScanNode* node, int depth) {
        checkDepth(depth);
        in_.skip();
        ws();
        if (in_.peek() == '}') {
            in_.skip();
            return;
        }
        for (;;) {
            ws();
            if (in_.peek() != '"') fail("expected a key");
            std::string key;
            if (!string(&key)) key.clear();
            ws();
            expect(':', "expected ':'");
            ws();
            member(role, node, key, depth);
            ws();
            const int c = in_.peek();
            if (c == ',') {
                in_.skip();
                continue;
            }
            if (c == '}') {
                in_.skip();
                return;
            }
            fail("expected ',' or '}'");
        }
    }

    void member(Role role, ScanNode* node, const std::string& key, int depth) {
        const int c = in_.peek();
        switch (role) {
        case Role::Trajectory:
            if (key == "steps") {
                if (c != '[') {
                    node->stepsNotArray = true;
                    value(Role::Ignore, node, depth);
                    return;
                }
                if (node->sawSteps) { // a repeated key: the last one counts, as in a JSON parser
                    totalSteps_ -= node->idx.steps.size();
                    node->idx.steps.clear();
                    node->idx.stepSums = {};
                    node->idx.toolCallCount = 0;
                }
                node->sawSteps = true;
                node->stepsNotArray = false;
                value(Role::Steps, node, depth);
            } else if (key == "subagent_trajectories") {
                if (c != '[' && c != 'n')
                    node->idx.warnings.push_back("subagent_trajectories is not an array");
                value(c == '[' ? Role::Subagents : Role::Ignore, node, depth);
            } else if (isRootField(key)) {
                const AtifSpan span = value(Role::Ignore, node, depth);
                node->fields.emplace_back(key, span);
            } else {
                value(Role::Ignore, node, depth);
            }
            return;
        case Role::Step:
            if (key == "metrics" && c == '{')
                value(Role::StepMetrics, node, depth);
            else if (key == "tool_calls" && c == '[')
                value(Role::ToolCalls, node, depth);
            else
                value(Role::Ignore, node, depth);
            return;
        case Role::StepMetrics:
            if ((key == "prompt_tokens" || key == "completion_tokens" || key == "cached_tokens" ||
                 key == "cost_usd") &&
                (c == '-' || (c >= '0' && c <= '9'))) {
                std::string text;
                literal(&text);
                const json v = json::parse(text, nullptr, false);
                if (key == "cost_usd") {
                    if (auto x = toCost(v)) step_.costUsd = step_.costUsd.value_or(0) + *x;
                } else {
                    auto& slot = key == "prompt_tokens"       ? step_.promptTokens
                                 : key == "completion_tokens" ? step_.completionTokens
                                                              : step_.cachedTokens;
                    if (auto x = toCount(v)) slot = *x; // a repeated key: the last one counts
                }
                return;
            }
            value(Role::Ignore, node, depth);
            return;
        default:
            value(Role::Ignore, node, depth);
        }
    }

    void array(Role role, ScanNode* node, int depth) {
        checkDepth(depth);
        in_.skip();
        ws();
        if (in_.peek() == ']') {
            in_.skip();
            return;
        }
        for (std::uint64_t i = 0;; ++i) {
            ws();
            element(role, node, i, depth);
            ws();
            const int c = in_.peek();
            if (c == ',') {
                in_.skip();
                continue;
            }
            if (c == ']') {
                in_.skip();
                return;
            }
            fail("expected ',' or ']'");
        }
    }

    void element(Role role, ScanNode* node, std::uint64_t i, int depth) {
        switch (role) {
        case Role::Steps: {
            if ((i & 1023) == 1023) in_.checkCancel();
            if (recordSteps_ && ++totalSteps_ > limits_.maxSteps)
                throw InputError("more than " + std::to_string(limits_.maxSteps) + " steps");
            step_ = {};
            const AtifSpan span = value(in_.peek() == '{' ? Role::Step : Role::Ignore, node, depth);
            if (recordSteps_) node->idx.steps.push_back(span);
            node->idx.stepSums += step_;
            return;
        }
        case Role::Subagents:
            if (in_.peek() != '{') {
                node->idx.warnings.push_back("subagent_trajectories[" + std::to_string(i) +
                                             "] is not an object");
                value(Role::Ignore, node, depth);
                return;
            }
            if (node->idx.depth + 1 > limits_.maxSubagentDepth)
                throw InputError("subagent trajectories nested deeper than " +
                                 std::to_string(limits_.maxSubagentDepth) + " levels");
            {
                auto kid = std::make_unique<ScanNode>();
                kid->idx.depth = node->idx.depth + 1;
                ScanNode* k = kid.get();
                node->kids.push_back(std::move(kid));
                value(Role::Trajectory, k, depth);
            }
            return;
        case Role::ToolCalls:
            ++node->idx.toolCallCount;
            value(Role::Ignore, node, depth);
            return;
        default:
            value(Role::Ignore, node, depth);
        }
    }

    ByteStream& in_;
    const AtifLimits& limits_;
    bool recordSteps_;
    std::uint64_t totalSteps_ = 0;
    AtifUsage step_; // the metrics of the step being scanned
};

std::string stringOr(const json& obj, const char* key, std::vector<std::string>& warnings,
                     const std::string& where) {
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return {};
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number()) return compact(*it);
    warnings.push_back(where + key + " is not a string");
    return {};
}

// Reads the remembered root-level fields of a node and turns the scan tree into AtifIndex nodes.
AtifIndex finish(ScanNode& node, const Source& src, const AtifLimits& limits, bool rootOnly) {
    AtifIndex idx = std::move(node.idx);
    auto& w = idx.warnings;
    for (const auto& [key, span] : node.fields) {
        if (rootOnly && key != "schema_version" && key != "final_metrics") continue;
        if (span.length > limits.maxFieldBytes) {
            w.push_back(key + " is " + mib(span.length) + "; not read");
            continue;
        }
        json v;
        try {
            v = json::parse(src.read(span.offset, span.length));
        } catch (const std::exception& e) {
            w.push_back(key + ": " + oneLine(e.what(), 160));
            continue;
        }
        if (v.is_null()) continue;
        if (key == "schema_version") {
            if (v.is_string())
                idx.schemaVersion = v.get<std::string>();
            else
                w.push_back("schema_version is not a string");
        } else if (key == "session_id" || key == "trajectory_id") {
            std::string& out = key == "session_id" ? idx.sessionId : idx.trajectoryId;
            if (v.is_string())
                out = v.get<std::string>();
            else if (v.is_number())
                out = compact(v);
            else
                w.push_back(key + " is not a string");
        } else if (key == "agent") {
            if (!v.is_object()) {
                w.push_back("agent is not an object");
                continue;
            }
            idx.agent.name = stringOr(v, "name", w, "agent.");
            idx.agent.version = stringOr(v, "version", w, "agent.");
            idx.agent.modelName = stringOr(v, "model_name", w, "agent.");
            if (const auto t = v.find("tool_definitions"); t != v.end() && !t->is_null()) {
                if (t->is_array())
                    idx.agent.toolDefinitionCount = t->size();
                else
                    w.push_back("agent.tool_definitions is not an array");
                idx.agent.toolDefinitionsJson = pretty(*t);
            }
            if (const auto x = v.find("extra"); x != v.end() && !x->is_null())
                idx.agent.extraJson = pretty(*x);
        } else if (key == "notes") {
            if (v.is_string())
                idx.notes = v.get<std::string>();
            else
                w.push_back("notes is not a string");
        } else if (key == "final_metrics") {
            if (!v.is_object()) {
                w.push_back("final_metrics is not an object");
                continue;
            }
            AtifFinalMetrics fm;
            fm.usage = readUsage(v, "total_prompt_tokens", "total_completion_tokens", "total_cached_tokens",
                                 "total_cost_usd", &w, "final_metrics.");
            if (const auto t = v.find("total_steps"); t != v.end() && !t->is_null()) {
                fm.totalSteps = toCount(*t);
                if (!fm.totalSteps) w.push_back("final_metrics.total_steps is not a count");
            }
            if (const auto x = v.find("extra"); x != v.end() && !x->is_null()) fm.extraJson = pretty(*x);
            idx.finalMetrics = std::move(fm);
        } else if (key == "continued_trajectory_ref") {
            idx.continuedTrajectoryRef = v.is_string() ? v.get<std::string>() : compact(v);
        } else if (key == "extra") {
            idx.extraJson = pretty(v);
        }
    }
    if (node.stepsNotArray)
        w.push_back("steps is not an array");
    else if (!node.sawSteps && idx.depth > 0)
        w.push_back("no steps");
    if (idx.finalMetrics && idx.finalMetrics->totalSteps && node.sawSteps && !rootOnly &&
        *idx.finalMetrics->totalSteps != static_cast<std::int64_t>(idx.steps.size()))
        w.push_back("final_metrics.total_steps is " + std::to_string(*idx.finalMetrics->totalSteps) +
                    " but there are " + std::to_string(idx.steps.size()) + " steps");
    for (auto& kid : node.kids)
        idx.subagents.push_back(finish(*kid, src, limits, rootOnly));
    return idx;
}

// Content: a string, or content parts [{type: text, text} | {type: image, ...}] (ATIF v1.6).
std::optional<std::string> contentText(const json& j, const std::string& what,
                                       std::vector<std::string>& problems) {
    if (j.is_null()) return std::nullopt;
    if (j.is_string()) return j.get<std::string>();
    if (!j.is_array()) {
        problems.push_back(what + ": not a string or content parts");
        return std::nullopt;
    }
    std::string out;
    std::size_t n = 0;
    for (const auto& part : j) {
        std::string piece;
        if (part.is_string()) {
            piece = part.get<std::string>();
        } else if (part.is_object()) {
            const auto type = part.find("type");
            const std::string t = type != part.end() && type->is_string() ? type->get<std::string>() : "";
            const auto text = part.find("text");
            if (t == "text" || (t.empty() && text != part.end())) {
                if (text != part.end() && text->is_string())
                    piece = text->get<std::string>();
                else
                    problems.push_back(what + ": a text part without text");
            } else {
                piece = "[" + (t.empty() ? std::string("part") : t) + "]"; // "[image]"
            }
        } else {
            problems.push_back(what + ": part " + std::to_string(n) + " is not a content part");
            ++n;
            continue;
        }
        if (!out.empty()) out += '\n';
        out += piece;
        ++n;
    }
    return out;
}

// Large arrays (token ids, logprobs) are summarised so the extra metrics stay readable.
json summarise(const json& j, int depth = 0) {
    if (j.is_array() && j.size() > 16) return "[" + std::to_string(j.size()) + " values]";
    if (depth > 8) return j.is_structured() ? json("...") : j;
    if (j.is_object() || j.is_array()) {
        json out = j.is_object() ? json::object() : json::array();
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (j.is_object())
                out[it.key()] = summarise(*it, depth + 1);
            else
                out.push_back(summarise(*it, depth + 1));
        }
        return out;
    }
    return j;
}

std::size_t utf8Length(std::string_view s) {
    std::size_t n = 0;
    for (const char c : s)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
    return n;
}

// The first maxChars code points of s's first non-empty line, with "…" when cut.
std::string firstLine(std::string_view s, std::size_t maxChars) {
    std::size_t start = 0;
    while (start < s.size()) {
        std::size_t end = s.find('\n', start);
        if (end == std::string_view::npos) end = s.size();
        std::string_view line = s.substr(start, end - start);
        while (!line.empty() &&
               (line.front() == ' ' || line.front() == '\t' || line.front() == '\r' || line.front() == '#'))
            line.remove_prefix(1);
        while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t'))
            line.remove_suffix(1);
        if (!line.empty()) {
            std::string out;
            std::size_t chars = 0;
            for (std::size_t i = 0; i < line.size(); ++i) {
                const auto c = static_cast<unsigned char>(line[i]);
                if ((c & 0xC0) != 0x80) {
                    if (chars == maxChars) return out + "\u2026";
                    ++chars;
                }
                out += c == '\t' ? ' ' : line[i];
            }
            const bool more = end < s.size() && utf8Length(s.substr(end)) > 1;
            return more && chars < maxChars ? out + " \u2026" : out;
        }
        start = end + 1;
    }
    return {};
}

// What one index pass produced.
struct Built {
    AtifTrajectory::Status status = AtifTrajectory::Status::Error;
    std::string error;
    AtifIndex index;
};

Built build(const Source& src, ByteStream& in, const AtifLimits& limits, bool rootOnly) {
    Built b;
    ScanNode root;
    try {
        Scanner scanner(in, limits, !rootOnly);
        if (!scanner.scan(root)) {
            b.status = AtifTrajectory::Status::NotAtif;
            b.error = "not ATIF: the JSON root is not an object";
            return b;
        }
        b.index = finish(root, src, limits, rootOnly);
    } catch (const std::exception& e) {
        b.error = oneLine(e.what());
        return b;
    }
    const std::string& v = b.index.schemaVersion;
    if (v.rfind("ATIF-", 0) != 0) {
        b.status = AtifTrajectory::Status::NotAtif;
        b.error = v.empty() ? "not ATIF: no schema_version (a legacy agent log?)"
                            : "not ATIF: schema_version \"" + oneLine(v, 40) + "\"";
        b.index = {};
        return b;
    }
    if (!root.sawSteps || root.stepsNotArray) {
        b.error = root.stepsNotArray ? "steps is not an array" : "no steps array";
        b.index = {};
        return b;
    }
    // v1.0 .. v1.7 are known; a newer minor version is read the same way (unknown fields are ignored).
    int major = 0, minor = 0;
    if (std::sscanf(v.c_str(), "ATIF-v%d.%d", &major, &minor) != 2)
        b.index.warnings.push_back("unrecognised schema_version " + oneLine(v, 40));
    else if (major != 1 || minor > 7)
        b.index.warnings.push_back(oneLine(v, 40) + " is newer than ATIF-v1.7: unknown fields are ignored");
    b.status = AtifTrajectory::Status::Ok;
    return b;
}

} // namespace

// ---- AtifUsage / AtifIndex ------------------------------------------------------------------------

AtifUsage& AtifUsage::operator+=(const AtifUsage& o) {
    addSaturating(promptTokens, o.promptTokens);
    addSaturating(completionTokens, o.completionTokens);
    addSaturating(cachedTokens, o.cachedTokens);
    if (o.costUsd) costUsd = costUsd.value_or(0) + *o.costUsd;
    return *this;
}

bool AtifUsage::agreesWith(const AtifUsage& o) const {
    const auto same = [](const auto& a, const auto& b) { return !a || !b || *a == *b; };
    if (!same(promptTokens, o.promptTokens) || !same(completionTokens, o.completionTokens) ||
        !same(cachedTokens, o.cachedTokens))
        return false;
    if (costUsd && o.costUsd) {
        const double d = std::fabs(*costUsd - *o.costUsd);
        if (d > 1e-6 && d > 1e-9 * std::max(std::fabs(*costUsd), std::fabs(*o.costUsd))) return false;
    }
    return true;
}

AtifUsage AtifIndex::subagentTotals() const {
    AtifUsage u;
    for (const auto& s : subagents)
        u += s.effectiveTotals();
    return u;
}

AtifUsage AtifIndex::computedTotals() const {
    AtifUsage u = stepSums;
    u += subagentTotals();
    return u;
}

AtifUsage AtifIndex::effectiveTotals() const {
    AtifUsage u = computedTotals();
    if (!finalMetrics) return u;
    const AtifUsage& f = finalMetrics->usage;
    if (f.promptTokens) u.promptTokens = f.promptTokens;
    if (f.completionTokens) u.completionTokens = f.completionTokens;
    if (f.cachedTokens) u.cachedTokens = f.cachedTokens;
    if (f.costUsd) u.costUsd = f.costUsd;
    return u;
}

bool AtifIndex::totalsDisagree() const {
    if (!finalMetrics) return false;
    const AtifUsage& f = finalMetrics->usage;
    const AtifUsage all = computedTotals();
    const auto one = [&](auto member) {
        AtifUsage a, own, sum;
        a.*member = f.*member;
        own.*member = stepSums.*member;
        sum.*member = all.*member;
        return a.agreesWith(own) || a.agreesWith(sum);
    };
    return !(one(&AtifUsage::promptTokens) && one(&AtifUsage::completionTokens) &&
             one(&AtifUsage::cachedTokens) && one(&AtifUsage::costUsd));
}

std::uint64_t AtifIndex::totalStepCount() const {
    std::uint64_t n = steps.size();
    for (const auto& s : subagents)
        n += s.totalStepCount();
    return n;
}

// ---- steps ----------------------------------------------------------------------------------------

std::string AtifStep::preview(std::size_t maxChars) const {
    if (!error.empty()) return firstLine("(unreadable) " + error, maxChars);
    if (message) {
        std::string line = firstLine(*message, maxChars);
        if (!line.empty()) return line;
    }
    if (!toolCalls.empty()) {
        std::string out;
        for (const auto& c : toolCalls) {
            if (!out.empty()) out += "; ";
            std::string args = c.arguments;
            if (c.argumentsAreJson) {
                const json j = json::parse(args, nullptr, false);
                if (!j.is_discarded()) args = compact(j);
            }
            out += "\u2192 " + (c.functionName.empty() ? std::string("call") : c.functionName) + "(" + args +
                   ")";
            if (utf8Length(out) > maxChars) break;
        }
        return firstLine(out, maxChars);
    }
    for (const auto& o : observations)
        if (o.content) {
            std::string line = firstLine(*o.content, maxChars > 2 ? maxChars - 2 : maxChars);
            if (!line.empty()) return "\u21d0 " + line;
        }
    if (reasoning) return firstLine(*reasoning, maxChars);
    return {};
}

AtifStep parseAtifStep(std::string_view text, std::size_t index) {
    AtifStep s;
    s.index = index;
    json j;
    try {
        j = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        std::string what = e.what();
        if (const auto close = what.find("] ");
            what.rfind("[json.exception", 0) == 0 && close != std::string::npos)
            what.erase(0, close + 2);
        s.error = "malformed JSON: " + oneLine(what, 200);
        return s;
    }
    if (!j.is_object()) {
        s.error = "the step is not an object";
        return s;
    }
    auto& p = s.problems;
    const auto str = [&](const char* key, std::string& out) {
        const auto it = j.find(key);
        if (it == j.end() || it->is_null()) return;
        if (it->is_string())
            out = it->get<std::string>();
        else if (it->is_number())
            out = compact(*it);
        else
            p.push_back(std::string(key) + ": not a string");
    };
    if (const auto it = j.find("step_id"); it != j.end() && !it->is_null()) {
        s.stepId = toInteger(*it);
        if (!s.stepId) p.push_back("step_id: not an integer");
    }
    str("timestamp", s.timestamp);
    str("source", s.source);
    str("model_name", s.modelName);
    str("reasoning_effort", s.reasoningEffort);
    if (const auto it = j.find("message"); it != j.end()) s.message = contentText(*it, "message", p);
    if (const auto it = j.find("reasoning_content"); it != j.end())
        s.reasoning = contentText(*it, "reasoning_content", p);
    if (const auto it = j.find("tool_calls"); it != j.end() && !it->is_null()) {
        if (!it->is_array())
            p.push_back("tool_calls: not an array");
        else
            for (const auto& c : *it) {
                if (!c.is_object()) {
                    p.push_back("tool_calls: an entry is not an object");
                    continue;
                }
                AtifToolCall call;
                call.toolCallId = stringOr(c, "tool_call_id", p, "tool_calls.");
                call.functionName = stringOr(c, "function_name", p, "tool_calls.");
                if (const auto a = c.find("arguments"); a != c.end() && !a->is_null()) {
                    if (a->is_string()) {
                        const std::string raw = a->get<std::string>();
                        const json parsed = json::parse(raw, nullptr, false);
                        call.argumentsAreJson = !parsed.is_discarded() && parsed.is_structured();
                        call.arguments = call.argumentsAreJson ? pretty(parsed) : raw;
                    } else {
                        call.argumentsAreJson = true;
                        call.arguments = pretty(*a);
                    }
                }
                if (const auto x = c.find("extra"); x != c.end() && !x->is_null())
                    call.extraJson = pretty(*x);
                s.toolCalls.push_back(std::move(call));
            }
    }
    if (const auto it = j.find("observation"); it != j.end() && !it->is_null()) {
        const auto results = it->is_object() ? it->find("results") : it->end();
        if (!it->is_object() || (results != it->end() && !results->is_null() && !results->is_array())) {
            p.push_back("observation: not an object with a results array");
        } else if (results != it->end() && results->is_array()) {
            for (const auto& r : *results) {
                if (!r.is_object()) {
                    p.push_back("observation.results: an entry is not an object");
                    continue;
                }
                AtifObservationResult o;
                o.sourceCallId = stringOr(r, "source_call_id", p, "observation.results.");
                if (const auto c = r.find("content"); c != r.end())
                    o.content = contentText(*c, "observation content", p);
                if (const auto refs = r.find("subagent_trajectory_ref");
                    refs != r.end() && !refs->is_null()) {
                    const auto one = [&](const json& ref) {
                        if (!ref.is_object()) {
                            p.push_back("subagent_trajectory_ref: not an object");
                            return;
                        }
                        AtifSubagentRef sr;
                        sr.trajectoryId = stringOr(ref, "trajectory_id", p, "subagent_trajectory_ref.");
                        sr.sessionId = stringOr(ref, "session_id", p, "subagent_trajectory_ref.");
                        sr.trajectoryPath = stringOr(ref, "trajectory_path", p, "subagent_trajectory_ref.");
                        o.subagentRefs.push_back(std::move(sr));
                    };
                    if (refs->is_array())
                        for (const auto& ref : *refs)
                            one(ref);
                    else
                        one(*refs);
                }
                s.observations.push_back(std::move(o));
            }
        }
    }
    if (const auto it = j.find("metrics"); it != j.end() && !it->is_null()) {
        if (!it->is_object()) {
            p.push_back("metrics: not an object");
        } else {
            s.metrics = readUsage(*it, "prompt_tokens", "completion_tokens", "cached_tokens", "cost_usd", &p,
                                  "metrics.");
            json rest = json::object();
            for (auto m = it->begin(); m != it->end(); ++m)
                if (m.key() != "prompt_tokens" && m.key() != "completion_tokens" &&
                    m.key() != "cached_tokens" && m.key() != "cost_usd" && !m->is_null())
                    rest[m.key()] = summarise(*m);
            if (!rest.empty()) s.metricsExtraJson = pretty(rest);
        }
    }
    if (const auto it = j.find("is_copied_context"); it != j.end() && !it->is_null()) {
        if (it->is_boolean())
            s.isCopiedContext = it->get<bool>();
        else
            p.push_back("is_copied_context: not a boolean");
    }
    if (const auto it = j.find("llm_call_count"); it != j.end() && !it->is_null()) {
        s.llmCallCount = toCount(*it);
        if (!s.llmCallCount) p.push_back("llm_call_count: not a count");
    }
    if (const auto it = j.find("extra"); it != j.end() && !it->is_null()) s.extraJson = pretty(*it);
    return s;
}

// ---- AtifTrajectory -------------------------------------------------------------------------------

// Shared by copies of an AtifTrajectory: never changed after the index pass.
struct AtifTrajectory::Data {
    std::shared_ptr<const Source> source;
    Status status = Status::Error;
    std::string error = "no trajectory";
    AtifIndex index;
    AtifLimits limits;
};

AtifTrajectory::AtifTrajectory() : d_(std::make_shared<Data>()) {}

AtifTrajectory AtifTrajectory::fromBytes(std::string bytes, const AtifLimits& limits) {
    auto d = std::make_shared<Data>();
    d->limits = limits;
    d->limits.cancel = nullptr;
    auto src = std::make_shared<MemorySource>(std::move(bytes));
    ByteStream in(std::string_view(src->bytes), limits.cancel);
    Built b = build(*src, in, limits, false);
    d->status = b.status;
    d->error = std::move(b.error);
    d->index = std::move(b.index);
    d->source = std::move(src);
    AtifTrajectory t;
    t.d_ = std::move(d);
    return t;
}

AtifTrajectory AtifTrajectory::fromFile(const std::string& path, const AtifLimits& limits) {
    auto d = std::make_shared<Data>();
    d->limits = limits;
    d->limits.cancel = nullptr;
    AtifTrajectory t;
    auto src = std::make_shared<FileSource>();
    src->path = path;
    std::error_code ec;
    src->bytes = std::filesystem::file_size(path, ec);
    FilePtr f(ec ? nullptr : std::fopen(path.c_str(), "rb"));
    if (!f) {
        d->error = "cannot open " + oneLine(path) + ": " + (ec ? ec.message() : std::strerror(errno));
        t.d_ = std::move(d);
        return t;
    }
    ByteStream in(f.get(), limits.cancel);
    Built b = build(*src, in, limits, false);
    d->status = b.status;
    d->error = std::move(b.error);
    d->index = std::move(b.index);
    d->source = std::move(src);
    t.d_ = std::move(d);
    return t;
}

AtifTrajectory AtifTrajectory::open(const FileRef& ref, const AtifLimits& limits) {
    if (ref.empty()) return {};
    if (!ref.isInZip()) return fromFile(ref.path(), limits);
    // A zip entry cannot be read in ranges: inflate it once (SafeZip bounds its size) and page from memory.
    try {
        return fromBytes(ref.readAll(), limits);
    } catch (const std::exception& e) {
        auto d = std::make_shared<Data>();
        d->error = oneLine(e.what());
        AtifTrajectory t;
        t.d_ = std::move(d);
        return t;
    }
}

AtifTrajectory::Status AtifTrajectory::status() const {
    return d_->status;
}

const std::string& AtifTrajectory::error() const {
    static const std::string none;
    return d_->status == Status::Ok ? none : d_->error;
}

const AtifIndex& AtifTrajectory::index() const {
    return d_->index;
}

std::uint64_t AtifTrajectory::sizeBytes() const {
    return d_->source ? d_->source->size() : 0;
}

std::size_t AtifTrajectory::stepCount() const {
    return d_->index.steps.size();
}

AtifStep AtifTrajectory::loadStep(std::size_t i) const {
    return loadStep(d_->index, i);
}

std::vector<AtifStep> AtifTrajectory::loadSteps(std::size_t first, std::size_t count) const {
    return loadSteps(d_->index, first, count);
}

AtifStep AtifTrajectory::loadStep(const AtifIndex& trajectory, std::size_t i) const {
    auto steps = loadSteps(trajectory, i, 1);
    if (!steps.empty()) return std::move(steps.front());
    AtifStep s;
    s.index = i;
    s.error = "no step " + std::to_string(i + 1);
    return s;
}

std::vector<AtifStep> AtifTrajectory::loadSteps(const AtifIndex& trajectory, std::size_t first,
                                                std::size_t count) const {
    std::vector<AtifStep> out;
    const auto& spans = trajectory.steps;
    if (!d_->source || first >= spans.size()) return out;
    count = std::min(count, spans.size() - first);
    out.reserve(count);
    const Source& src = *d_->source;
    const std::uint64_t size = src.size();
    const std::uint64_t maxStep = d_->limits.maxStepBytes;
    std::size_t i = first;
    const std::size_t last = first + count;
    while (i < last) {
        const AtifSpan& s = spans[i];
        if (s.offset > size || s.length > size - s.offset) {
            AtifStep bad;
            bad.index = i++;
            bad.error = "the step lies outside the file";
            out.push_back(std::move(bad));
            continue;
        }
        if (s.length > maxStep) {
            AtifStep big;
            big.index = i++;
            big.error = "the step is " + mib(s.length) + ", over the " + mib(maxStep) + " limit; not read";
            out.push_back(std::move(big));
            continue;
        }
        // Read a run of neighbouring steps in one go (at most kReadWindow bytes, or one large step).
        std::size_t j = i + 1;
        while (j < last && spans[j].offset >= s.offset && spans[j].length <= maxStep &&
               spans[j].offset <= size && spans[j].length <= size - spans[j].offset &&
               spans[j].offset + spans[j].length - s.offset <= kReadWindow)
            ++j;
        const std::uint64_t end = spans[j - 1].offset + spans[j - 1].length;
        std::string bytes;
        try {
            bytes = src.read(s.offset, end - s.offset);
        } catch (const std::exception& e) {
            for (; i < j; ++i) {
                AtifStep bad;
                bad.index = i;
                bad.error = oneLine(e.what());
                out.push_back(std::move(bad));
            }
            continue;
        }
        for (; i < j; ++i) {
            const std::uint64_t at = spans[i].offset - s.offset;
            if (at + spans[i].length > bytes.size()) {
                AtifStep bad;
                bad.index = i;
                bad.error = "the file is shorter than when it was indexed";
                out.push_back(std::move(bad));
                continue;
            }
            out.push_back(
                parseAtifStep(std::string_view(bytes).substr(static_cast<std::size_t>(at),
                                                             static_cast<std::size_t>(spans[i].length)),
                              i));
        }
    }
    return out;
}

std::string AtifTrajectory::readHead(std::uint64_t maxBytes) const {
    if (!d_->source) return {};
    try {
        return d_->source->read(0, std::min(maxBytes, d_->source->size()));
    } catch (const std::exception&) {
        return {};
    }
}

// ---- usage ----------------------------------------------------------------------------------------

namespace {

std::optional<UsageFromTrajectory> usageOf(const Built& b) {
    if (b.status != AtifTrajectory::Status::Ok || !b.index.finalMetrics || !b.index.finalMetrics->usage.any())
        return std::nullopt;
    return b.index.finalMetrics->usage;
}

} // namespace

std::optional<UsageFromTrajectory> usageFromFinalMetrics(const FileRef& trajectory) {
    if (trajectory.empty()) return std::nullopt;
    if (trajectory.isInZip()) {
        try {
            return usageFromFinalMetricsBytes(trajectory.readAll());
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    FileSource src;
    src.path = trajectory.path();
    std::error_code ec;
    src.bytes = std::filesystem::file_size(src.path, ec);
    FilePtr f(ec ? nullptr : std::fopen(src.path.c_str(), "rb"));
    if (!f) return std::nullopt;
    ByteStream in(f.get(), nullptr);
    return usageOf(build(src, in, AtifLimits{}, true));
}

std::optional<UsageFromTrajectory> usageFromFinalMetricsBytes(std::string bytes) {
    MemorySource src(std::move(bytes));
    ByteStream in(std::string_view(src.bytes), nullptr);
    return usageOf(build(src, in, AtifLimits{}, true));
}

} // namespace vernier
