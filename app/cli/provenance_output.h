// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The provenance block (models/provenance_json.h) on a command's output: the block's keys added to a JSON
// document, or one header comment line in front of CSV ("# "), LaTeX ("% ") and Markdown ("<!-- -->").
// Aligned tables for the terminal stay as they are. docs/cli.md "Provenance".
#include <string>

#include <nlohmann/json.hpp>

#include "cli/results_common.h"
#include "models/provenance_json.h"

namespace vernier::cli {

inline std::string stampedText(const std::string& text, Format format, const nlohmann::json& block) {
    switch (format) {
    case Format::Csv:
        return withProvenanceComment(text, block, CommentStyle::Csv);
    case Format::Latex:
        return withProvenanceComment(text, block, CommentStyle::Latex);
    case Format::Markdown:
        return withProvenanceComment(text, block, CommentStyle::Markdown);
    case Format::Table:
    case Format::Json:
        break;
    }
    return text;
}

// A JSON output with the block's keys, as printed text.
inline std::string stampedJson(const nlohmann::json& document, const nlohmann::json& block) {
    return jsonText(withProvenance(document, block)) + "\n";
}

} // namespace vernier::cli
