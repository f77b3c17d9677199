// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The index pass of the ATIF reader (docs/formats.md): a hand-rolled streaming scanner finds the steps and
// the root-level fields without building a document; nlohmann/json then parses only those small pieces.
#include <cstdio>
#include <memory>

#include "models/atif_internal.h"

namespace vernier::atif_detail {

namespace {

constexpr std::size_t kKeyCapture = 64; // keys longer than this are never ones we know

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

} // namespace

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

} // namespace vernier::atif_detail
