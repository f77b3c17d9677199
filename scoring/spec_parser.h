// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// spec.json and its key_parameters, parsed the way the v2 scorer reads them (docs/scoring.md §8.1-§8.2).
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vernier {

// One parsed parameter. Lengths are in mm, angles in rad; other units are kept as written.
struct SpecParameter {
    enum class Kind { Scalar, Vector, Count, String };
    std::string key; // lower-cased identifier, e.g. "overall_length"
    Kind kind = Kind::Scalar;
    double value = 0;               // Scalar: normalized value; Count: the integer
    std::string unit;               // Scalar/Vector: "mm", "rad", "" (unitless) or the unit as written
    std::vector<double> components; // Vector: 2 or 3 normalized components
    std::string text;               // String: the bare identifier, e.g. "right"
    std::string rawText;            // the chunk or structured entry as written (for display)
    std::string valueText;          // the value part as written, e.g. "10 mm", "(−5, 3) mm", "90 deg"
    int order = 0;                  // position of the key's first occurrence in key_parameters
};

// A chunk that named no usable parameter, with the reason (shown in the parameter table).
struct RejectedParameter {
    std::string rawText;
    std::string reason;
};

// The parsed spec. `parameters` holds one entry per (key, kind bucket) in first-occurrence order; a later
// chunk with the same key and bucket replaces the value, as the original's per-kind dicts do.
struct StructuredSpec {
    std::string name;
    std::string description;
    std::vector<SpecParameter> parameters;
    std::vector<RejectedParameter> rejected;

    const SpecParameter* find(const std::string& key, SpecParameter::Kind kind) const;
    std::vector<const SpecParameter*> ofKind(SpecParameter::Kind kind) const; // in order
};

// A spec as loaded for scoring: the parsed parameters plus where it came from (for the reason text).
struct SpecDefinition : StructuredSpec {
    std::string fileName;             // basename used in reasons, e.g. "spec.json"
    std::string path;                 // full path when loaded from disk (param_check.py lookup), else empty
    bool hasGeometryBindings = false; // §8.7 block present (not evaluated: not part of 0.6.0)
};

// Parses spec.json text. Throws InputError (one line) if the text is not a JSON object or
// key_parameters is neither a string nor an object. Missing name/description/key_parameters are empty.
SpecDefinition parseSpecJson(const std::string& jsonText, const std::string& fileName = "spec.json");
// Reads and parses a spec file (size-limited). Throws InputError on unreadable or malformed files.
SpecDefinition loadSpecFile(const std::string& path);

// A create_and_edit spec.json split into its stages (the task wrapper's split, docs/scoring.md §9): the edit
// stage reads name/description/key_parameters; the base stage, only when the file has base_key_parameters,
// name/base_description/base_key_parameters. Throws InputError as parseSpecJson.
struct StageSpecs {
    std::optional<SpecDefinition> base;
    SpecDefinition edit;
};
StageSpecs parseStageSpecs(const std::string& jsonText, const std::string& fileName = "spec.json");
// The same from a file (size-limited); both stages keep its path.
StageSpecs loadStageSpecs(const std::string& path);

// key_parameters as free text (§8.2) or as a structured object (§8.1).
StructuredSpec parseKeyParameters(const std::string& text);
inline StructuredSpec parseKeyParameters(const char* text) {
    return parseKeyParameters(std::string(text));
}
StructuredSpec parseKeyParameters(const nlohmann::ordered_json& keyParameters); // keeps key order

// "10 mm" -> 10, "mm"; "90°" -> π/2, "rad"; "5e-3 mm"; Unicode minus accepted; expressions rejected.
// Exposed for tests and for structured values given as strings.
struct ParsedValue {
    bool ok = false;
    SpecParameter::Kind kind = SpecParameter::Kind::Scalar;
    double value = 0;
    std::vector<double> components;
    std::string unit;
    std::string text;
    std::string reason; // why it was rejected
};
ParsedValue parseValueText(const std::string& valueText);

const char* kindName(SpecParameter::Kind kind); // "scalar" | "vector" | "count" | "string"

} // namespace vernier
