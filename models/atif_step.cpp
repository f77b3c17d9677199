// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// ATIF steps (docs/formats.md): one step object parsed on demand from its byte range, and its one-line
// preview for lists.
#include "models/atif_internal.h"

namespace vernier {

using namespace atif_detail;

namespace {

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

} // namespace

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

} // namespace vernier
