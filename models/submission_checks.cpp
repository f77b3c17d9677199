// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The manifest checks of cad-bench-submission v2 (docs/formats.md): the v2 manifest schema, validated with
// jsonschema's messages, then the manifest against the benchmark policy in use.
#include "models/submission.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "models/submission_internal.h"

namespace vernier {

using namespace submission_detail;

namespace {

using nlohmann::json;

// ---------------------------------------------------------------- the v2 manifest schema

// submissions/_schema/manifest-v2.schema.json of gNucleus-AI/cad-bench-submission (descriptions dropped).
// Its benchmark constants — bench.dataset, bench.dataset_content_hash and declared.total_trials = 100 — are
// checked against the policy in use instead (rules `dataset`, `total_trials`), so that a smaller test
// policy validates; with the published policy the outcome is the same.
const char* const kManifestSchema = R"json({
  "type": "object", "additionalProperties": false,
  "required": ["schema_version", "submission", "contributor", "bench", "agent", "model", "results", "declared"],
  "properties": {
    "schema_version": {"type": "integer", "const": 2},
    "submission": {"type": "object", "additionalProperties": false, "required": ["version", "submitted_at"],
      "properties": {"version": {"type": "integer", "minimum": 1},
                     "submitted_at": {"type": "string", "format": "date"}}},
    "contributor": {"type": "object", "additionalProperties": false, "required": ["handle"],
      "properties": {"handle": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]{0,38}$"},
                     "org": {"type": "string"}, "email": {"type": "string", "format": "email"}}},
    "bench": {"type": "object", "additionalProperties": false,
      "required": ["dataset", "tag", "dataset_content_hash"],
      "properties": {"dataset": {"type": "string"}, "tag": {"type": "string", "const": "v2"},
                     "dataset_content_hash": {"type": "string"}}},
    "agent": {"type": "object", "additionalProperties": false,
      "required": ["name", "display_name", "display_url", "version", "reasoning_effort", "auth_mode"],
      "properties": {"name": {"type": "string", "pattern": "^[a-z0-9][a-z0-9._-]{0,62}$"},
                     "display_name": {"type": "string", "minLength": 1},
                     "display_url": {"type": "string", "format": "uri"},
                     "version": {"type": "string"}, "import_path": {"type": "string"},
                     "reasoning_effort": {"type": "string", "minLength": 1},
                     "auth_mode": {"type": "string", "enum": ["api-key", "subscription"]}}},
    "model": {"type": "object", "additionalProperties": false, "required": ["id", "display_name", "display_url"],
      "properties": {"id": {"type": "string"}, "display_name": {"type": "string", "minLength": 1},
                     "display_url": {"type": "string", "format": "uri"}, "endpoint": {"type": "string"}}},
    "results": {"type": "object", "additionalProperties": false, "required": ["source_jobs", "source_filter"],
      "properties": {
        "source_jobs": {"type": "array", "minItems": 1, "maxItems": 1, "uniqueItems": true,
          "items": {"type": "string", "format": "uri",
            "pattern": "^https://hub\\.harborframework\\.com/jobs/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/?$"}},
        "source_filter": {"type": "object", "additionalProperties": false,
          "required": ["agent", "agent_version", "model", "reasoning_effort"],
          "properties": {"agent": {"type": "string"}, "agent_version": {"type": "string"},
                         "model": {"type": "string"}, "reasoning_effort": {"type": "string"}}},
        "hf_archive": {"type": "object", "additionalProperties": false,
          "required": ["repo", "commit_oid", "runs_prefix"],
          "properties": {"repo": {"type": "string", "pattern": "^[A-Za-z0-9_-]+/[A-Za-z0-9._-]+$"},
                         "commit_oid": {"type": "string", "pattern": "^[0-9a-f]{40}$"},
                         "runs_prefix": {"type": "string", "pattern": "^runs/[A-Za-z0-9._-]+/[A-Za-z0-9._-]+/$"}}}}},
    "declared": {"type": "object", "additionalProperties": false,
      "required": ["mean_reward", "trials_per_task", "total_trials", "n_errors"],
      "properties": {"mean_reward": {"type": "number", "minimum": 0, "maximum": 1},
                     "trials_per_task": {"type": "integer", "const": 1},
                     "total_trials": {"type": "integer"},
                     "n_errors": {"type": "integer", "minimum": 0},
                     "cost_usd": {"type": "number", "minimum": 0}}},
    "notes": {"type": "string"}
  }
})json";

bool lowerOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || isDigit(c);
}
bool alnum(char c) {
    return lowerOrDigit(c) || (c >= 'A' && c <= 'Z');
}

// Python's `$` also matches before one final newline.
std::string dropFinalNewline(const std::string& s) {
    return !s.empty() && s.back() == '\n' ? s.substr(0, s.size() - 1) : s;
}

bool slug(const std::string& raw, std::size_t maxTail, bool (*tailChar)(char)) {
    const std::string s = dropFinalNewline(raw);
    if (s.empty() || !lowerOrDigit(s[0]) || s.size() - 1 > maxTail) return false;
    return std::all_of(s.begin() + 1, s.end(), tailChar);
}

bool pathPart(char c) {
    return alnum(c) || c == '.' || c == '_' || c == '-';
}

// The schema's `pattern`s, by their text (hand-written: no regex engine on untrusted text).
bool matchesPattern(const std::string& pattern, const std::string& raw) {
    const std::string s = dropFinalNewline(raw);
    if (pattern == "^[a-z0-9][a-z0-9-]{0,38}$")
        return slug(raw, 38, [](char c) { return lowerOrDigit(c) || c == '-'; });
    if (pattern == "^[a-z0-9][a-z0-9._-]{0,62}$")
        return slug(raw, 62, [](char c) { return lowerOrDigit(c) || c == '-' || c == '.' || c == '_'; });
    if (pattern.rfind("^https://hub", 0) == 0) return !hubJobId(s).empty();
    if (pattern == "^[A-Za-z0-9_-]+/[A-Za-z0-9._-]+$") {
        const auto slash = s.find('/');
        if (slash == std::string::npos || slash == 0 || slash + 1 == s.size()) return false;
        return std::all_of(s.begin(), s.begin() + slash,
                           [](char c) { return alnum(c) || c == '_' || c == '-'; }) &&
               std::all_of(s.begin() + slash + 1, s.end(), pathPart);
    }
    if (pattern == "^[0-9a-f]{40}$")
        return s.size() == 40 &&
               std::all_of(s.begin(), s.end(), [](char c) { return isDigit(c) || (c >= 'a' && c <= 'f'); });
    if (pattern == "^runs/[A-Za-z0-9._-]+/[A-Za-z0-9._-]+/$") {
        if (s.rfind("runs/", 0) != 0 || s.size() < 9 || s.back() != '/') return false;
        const std::string mid = s.substr(5, s.size() - 6);
        const auto slash = mid.find('/');
        if (slash == std::string::npos || slash == 0 || slash + 1 == mid.size()) return false;
        return std::all_of(mid.begin(), mid.begin() + slash, pathPart) &&
               std::all_of(mid.begin() + slash + 1, mid.end(), pathPart);
    }
    return true;
}

bool validDate(const std::string& s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    for (int i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (!isDigit(s[static_cast<std::size_t>(i)])) return false;
    const int y = std::stoi(s.substr(0, 4)), m = std::stoi(s.substr(5, 2)), d = std::stoi(s.substr(8, 2));
    if (y < 1 || m < 1 || m > 12 || d < 1) return false;
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= days[m - 1] + (m == 2 && leap ? 1 : 0);
}

// An absolute URI (RFC 3986): scheme ":" then only URI characters, percent escapes well-formed.
bool validUri(const std::string& s) {
    const auto colon = s.find(':');
    if (colon == std::string::npos || colon == 0 || !std::isalpha(static_cast<unsigned char>(s[0])))
        return false;
    for (std::size_t i = 1; i < colon; ++i)
        if (!(alnum(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')) return false;
    static const std::string allowed = "-._~!$&'()*+,;=:@/?#[]";
    int hashes = 0;
    for (std::size_t i = colon + 1; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '%') {
            if (i + 2 >= s.size() || !isHex(s[i + 1]) || !isHex(s[i + 2])) return false;
            i += 2;
        } else if (c == '#') {
            if (++hashes > 1) return false;
        } else if (!alnum(c) && allowed.find(c) == std::string::npos) {
            return false;
        }
    }
    return true;
}

bool matchesFormat(const std::string& format, const std::string& s) {
    if (format == "date") return validDate(s);
    if (format == "email") return s.find('@') != std::string::npos;
    if (format == "uri") return validUri(s);
    return true;
}

// One schema violation.
struct SchemaError {
    std::vector<std::string> path; // for ordering, as the maintainers sort theirs
    std::string text;              // "$.a.b: message"
};

// The subset of JSON Schema (draft 2020-12) the v2 manifest schema uses, with jsonschema's messages.
class SchemaValidator {
public:
    SchemaValidator(const std::set<std::string>& timestamps, std::vector<SchemaError>& out)
        : timestamps_(timestamps), out_(out) {}

    void validate(const json& schema, const json& v, std::vector<std::string>& path) {
        const std::string where = render(path);
        const bool timestamp = v.is_string() && timestamps_.count(where) != 0;
        auto fail = [&](const std::string& msg) { out_.push_back({path, where + ": " + msg}); };
        const std::string shown = timestamp ? v.get<std::string>() + " (an unquoted YAML date)" : repr(v);

        if (schema.contains("type")) {
            const std::string type = schema["type"];
            if (!isType(v, type, timestamp))
                fail(shown + " is not of type '" + type + "'");
            else if (v.is_number_float() && !std::isfinite(v.get<double>()))
                fail(shown + " is not a finite number");
        }
        if (schema.contains("const") && (timestamp || !equal(v, schema["const"])))
            fail(repr(schema["const"]) + " was expected");
        if (schema.contains("enum")) {
            bool any = false;
            for (const auto& e : schema["enum"])
                any = any || (!timestamp && equal(v, e));
            if (!any) fail(shown + " is not one of " + pyList(schema["enum"]));
        }
        if (v.is_object()) validateObject(schema, v, path, fail);
        if (v.is_string() && !timestamp) {
            const std::string& s = v.get_ref<const std::string&>();
            if (schema.contains("minLength") && s.size() < schema["minLength"].get<std::size_t>())
                fail(shown + " should be non-empty");
            if (schema.contains("pattern") && !matchesPattern(schema["pattern"], s))
                fail(shown + " does not match " + repr(schema["pattern"]));
            if (schema.contains("format") && !matchesFormat(schema["format"], s))
                fail(shown + " is not a " + repr(schema["format"]));
        }
        if (v.is_number() && std::isfinite(v.get<double>())) {
            if (schema.contains("minimum") && v.get<double>() < schema["minimum"].get<double>())
                fail(shown + " is less than the minimum of " + repr(schema["minimum"]));
            if (schema.contains("maximum") && v.get<double>() > schema["maximum"].get<double>())
                fail(shown + " is greater than the maximum of " + repr(schema["maximum"]));
        }
        if (v.is_array()) validateArray(schema, v, path, fail, shown);
    }

private:
    const std::set<std::string>& timestamps_;
    std::vector<SchemaError>& out_;

    static std::string render(const std::vector<std::string>& path) {
        std::string out = "$";
        for (const auto& p : path)
            out += (!p.empty() && p[0] == '[') ? p : "." + p;
        return out;
    }

    static bool isType(const json& v, const std::string& type, bool timestamp) {
        if (type == "string") return v.is_string() && !timestamp;
        if (type == "object") return v.is_object();
        if (type == "array") return v.is_array();
        if (type == "number") return v.is_number();
        if (type == "integer") {
            if (v.is_number_integer()) return true;
            if (!v.is_number_float()) return false;
            const double d = v.get<double>();
            return std::isfinite(d) && std::floor(d) == d;
        }
        return true;
    }

    static bool equal(const json& a, const json& b) {
        if (a.is_boolean() != b.is_boolean()) return false;
        return a == b;
    }

    static std::string pyList(const json& arr) {
        std::string out = "[";
        for (std::size_t i = 0; i < arr.size(); ++i)
            out += (i ? ", " : "") + repr(arr[i]);
        return out + "]";
    }

    template <class Fail>
    void validateObject(const json& schema, const json& v, std::vector<std::string>& path, Fail& fail) {
        const json props = schema.value("properties", json::object());
        if (schema.contains("additionalProperties") && !schema["additionalProperties"].get<bool>()) {
            std::vector<std::string> extra;
            for (auto it = v.begin(); it != v.end(); ++it)
                if (!props.contains(it.key())) extra.push_back(repr(json(it.key())));
            std::sort(extra.begin(), extra.end());
            if (!extra.empty()) {
                std::string list;
                for (std::size_t i = 0; i < extra.size() && i < 10; ++i)
                    list += (i ? ", " : "") + extra[i];
                if (extra.size() > 10) list += ", ...";
                fail("Additional properties are not allowed (" + list +
                     (extra.size() == 1 ? " was" : " were") + " unexpected)");
            }
        }
        for (const auto& r : schema.value("required", json::array()))
            if (!v.contains(r.get<std::string>())) fail(repr(r) + " is a required property");
        for (auto it = props.begin(); it != props.end(); ++it) {
            if (!v.contains(it.key())) continue;
            path.push_back(it.key());
            validate(it.value(), v[it.key()], path);
            path.pop_back();
        }
    }

    template <class Fail>
    void validateArray(const json& schema, const json& v, std::vector<std::string>& path, Fail& fail,
                       const std::string& shown) {
        if (schema.contains("minItems") && v.size() < schema["minItems"].get<std::size_t>())
            fail(shown + " should be non-empty");
        if (schema.contains("maxItems") && v.size() > schema["maxItems"].get<std::size_t>())
            fail(shown + " is too long");
        if (schema.value("uniqueItems", false)) {
            for (std::size_t i = 0; i < v.size(); ++i)
                for (std::size_t j = i + 1; j < v.size() && j < 1000; ++j)
                    if (equal(v[i], v[j])) {
                        fail(shown + " has non-unique elements");
                        i = j = v.size();
                    }
        }
        if (schema.contains("items")) {
            for (std::size_t i = 0; i < v.size(); ++i) {
                path.push_back("[" + std::to_string(i) + "]");
                validate(schema["items"], v[i], path);
                path.pop_back();
            }
        }
    }
};

} // namespace

// ---------------------------------------------------------------- manifest checks

std::vector<SubmissionFinding> checkSubmissionManifest(const SubmissionManifest& manifest,
                                                       const SubmissionPolicy& policy) {
    std::vector<SubmissionFinding> out;
    auto add = [&](const std::string& rule, const std::string& reason) {
        out.push_back({"", rule, oneLine(reason)});
    };

    static const json schema = json::parse(kManifestSchema);
    const std::set<std::string> timestamps(manifest.yamlTimestamps.begin(), manifest.yamlTimestamps.end());
    std::vector<SchemaError> errors;
    SchemaValidator validator(timestamps, errors);
    std::vector<std::string> path;
    validator.validate(schema, manifest.doc, path);
    std::stable_sort(errors.begin(), errors.end(),
                     [](const SchemaError& a, const SchemaError& b) { return a.path < b.path; });
    for (const auto& e : errors)
        add("schema", e.text);

    const json& m = manifest.doc;
    const json& bench = get(m, "bench");
    const json& declared = get(m, "declared");
    if (!bench.is_object() || !declared.is_object()) return out;
    const json& tag = get(bench, "tag");
    if (!tag.is_string() || tag.get<std::string>() != policy.tag) {
        if (tag.is_string())
            add("dataset", "$.bench.tag: no benchmark policy for " + repr(tag) +
                               " (the policy in use is for " + repr(json(policy.tag)) + ")");
        return out;
    }
    if (get(bench, "dataset") != json(policy.dataset))
        add("dataset", "$.bench.dataset: expected " + repr(json(policy.dataset)) + " for " + policy.tag +
                           ", got " + repr(get(bench, "dataset")));
    if (get(bench, "dataset_content_hash") != json(policy.datasetContentHash))
        add("dataset", "$.bench.dataset_content_hash: expected the frozen " + policy.tag + " digest " +
                           repr(json(policy.datasetContentHash)) + ", got " +
                           repr(get(bench, "dataset_content_hash")));

    const json& agent = get(m, "agent");
    const json& model = get(m, "model");
    const json& filter = get(get(m, "results"), "source_filter");
    if (agent.is_object() && model.is_object() && filter.is_object()) {
        const std::pair<const char*, json> expected[] = {
            {"agent", get(agent, "name")},
            {"agent_version", get(agent, "version")},
            {"model", get(model, "id")},
            {"reasoning_effort", get(agent, "reasoning_effort")}};
        for (const auto& [field, want] : expected) {
            const json& actual = get(filter, field);
            if (actual != want)
                add("source_filter", std::string("$.results.source_filter.") + field + ": expected " +
                                         repr(want) + " to match manifest metadata, got " + repr(actual));
        }
    }

    const json& perTask = get(declared, "trials_per_task");
    const json& total = get(declared, "total_trials");
    if (perTask.is_number_integer() && total.is_number_integer()) {
        const long long expectedTotal = perTask.get<long long>() * policy.taskCount;
        if (total.get<long long>() != expectedTotal)
            add("total_trials", "$.declared.total_trials: expected " +
                                    std::to_string(perTask.get<long long>()) + " x " +
                                    std::to_string(policy.taskCount) + " = " + std::to_string(expectedTotal) +
                                    ", got " + std::to_string(total.get<long long>()));
    }
    const json& nErrors = get(declared, "n_errors");
    if (nErrors.is_number_integer() && total.is_number_integer() &&
        nErrors.get<long long>() > total.get<long long>())
        add("n_errors_bound", "$.declared.n_errors: cannot exceed total_trials (" +
                                  std::to_string(total.get<long long>()) + "), got " +
                                  std::to_string(nErrors.get<long long>()));
    return out;
}

} // namespace vernier
