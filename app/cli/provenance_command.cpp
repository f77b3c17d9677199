// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli provenance FILE [--format json|table]`: reads back the provenance block
// (models/provenance_json.h) from any output or export: a JSON output, CSV / LaTeX / Markdown (the header
// comment), SVG (<metadata>), PDF (the XMP packet of its document catalogue) and PNG (the
// "Vernier-Provenance" text chunk). Exit 2 with one line when the file has none. docs/cli.md "provenance".
#include <QByteArray>
#include <QtEndian>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "models/provenance_json.h"
#include "scoring/errors.h"

namespace {

using nlohmann::json;
using namespace vernier;

constexpr std::size_t kMaxBytes = 512u * 1024 * 1024;

// zlib data of unknown length: qUncompress wants the expected size first and grows its buffer when the
// guess is too small.
std::string inflate(std::string_view deflated) {
    QByteArray in(4, '\0');
    qToBigEndian<quint32>(static_cast<quint32>(std::min<std::size_t>(deflated.size() * 4 + 64, 1u << 26)),
                          in.data());
    in.append(deflated.data(), static_cast<qsizetype>(deflated.size()));
    const QByteArray out = qUncompress(in);
    return out.toStdString();
}

// PNG text chunks (tEXt, zTXt, iTXt) whose keyword is "Vernier-Provenance".
std::optional<json> fromPng(const std::string& bytes) {
    std::size_t at = 8; // the signature
    while (at + 12 <= bytes.size()) {
        const auto* p = reinterpret_cast<const uchar*>(bytes.data() + at);
        const quint32 length = qFromBigEndian<quint32>(p);
        const std::string type = bytes.substr(at + 4, 4);
        if (length > bytes.size() - at - 12) break;
        const std::string_view data(bytes.data() + at + 8, length);
        at += 12 + length;
        const std::size_t nul = data.find('\0');
        if (nul == std::string_view::npos || data.substr(0, nul) != "Vernier-Provenance") continue;
        std::string text;
        if (type == "tEXt") {
            text = std::string(data.substr(nul + 1));
        } else if (type == "zTXt" && nul + 2 <= data.size()) {
            text = inflate(data.substr(nul + 2));
        } else if (type == "iTXt" && nul + 3 <= data.size()) {
            const bool compressed = data[nul + 1] != 0;
            std::size_t rest = nul + 3;
            for (int field = 0; field < 2 && rest <= data.size();
                 ++field) { // language tag, translated keyword
                const std::size_t end = data.find('\0', rest);
                if (end == std::string_view::npos) return std::nullopt;
                rest = end + 1;
            }
            text = compressed ? inflate(data.substr(rest)) : std::string(data.substr(rest));
        }
        if (auto block = findProvenance(text)) return block;
    }
    return std::nullopt;
}

// The XMP packet is stored as it is by Qt's PDF writer; other writers may deflate it, so FlateDecode streams
// are inflated and searched as well.
std::optional<json> fromPdf(const std::string& bytes) {
    if (auto block = findProvenance(bytes)) return block;
    for (std::size_t at = bytes.find("stream"); at != std::string::npos; at = bytes.find("stream", at + 6)) {
        if (at >= 3 && bytes.compare(at - 3, 3, "end") == 0) continue;
        const std::size_t dict = bytes.rfind("<<", at);
        if (dict == std::string::npos ||
            bytes.substr(dict, at - dict).find("/FlateDecode") == std::string::npos)
            continue;
        std::size_t start = at + 6;
        if (start < bytes.size() && bytes[start] == '\r') ++start;
        if (start < bytes.size() && bytes[start] == '\n') ++start;
        const std::size_t end = bytes.find("endstream", start);
        if (end == std::string::npos) break;
        if (auto block = findProvenance(inflate(std::string_view(bytes).substr(start, end - start))))
            return block;
    }
    return std::nullopt;
}

std::string kindOf(const std::string& path, const std::string& bytes) {
    if (bytes.rfind("\x89PNG\r\n\x1a\n", 0) == 0) return "png";
    if (bytes.rfind("%PDF-", 0) == 0) return "pdf";
    const std::size_t first = bytes.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && bytes[first] == '{') return "json";
    if (bytes.find("<svg") != std::string::npos) return "svg";
    const auto dot = path.rfind('.');
    const std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
    if (ext == "tex") return "latex";
    if (ext == "md") return "markdown";
    if (ext == "csv") return "csv";
    if (bytes.rfind("% ", 0) == 0) return "latex";
    if (bytes.rfind("<!--", 0) == 0) return "markdown";
    return "text";
}

std::string text(const json& v) {
    return v.is_string() ? v.get<std::string>() : v.is_null() ? std::string("-") : v.dump();
}

void printTable(const json& b) {
    const json& g = b.value("generator", json::object());
    std::printf("source:        %s (%s)\n", b["source"]["path"].get<std::string>().c_str(),
                b["source"]["kind"].get<std::string>().c_str());
    std::printf("schema:        %s\n", text(b.value("schema_version", json())).c_str());
    std::printf("generator:     %s %s (commit %s)\n", text(g.value("name", json())).c_str(),
                text(g.value("version", json())).c_str(), text(g.value("git_commit", json())).c_str());
    std::printf("scorer:        %s\n", text(g.value("scorer", json())).c_str());
    std::printf("OCCT, Qt:      %s, %s\n", text(g.value("occt_version", json())).c_str(),
                text(g.value("qt_version", json())).c_str());
    if (b.contains("command")) std::printf("command:       %s\n", text(b["command"]).c_str());
    if (b.contains("policy")) {
        const json& p = b["policy"];
        std::printf("attempts:      %s\nrewards:       %s\nfilters:       %s\n",
                    text(p.value("attempts", json())).c_str(), text(p.value("rewards", json())).c_str(),
                    p.value("filters", json::object()).dump().c_str());
    }
    for (const json& in : b.value("inputs", json::array())) {
        const bool tree = in.contains("tree_sha256");
        std::printf("input:         %s %s %s\n", text(in.value("path", json())).c_str(),
                    tree ? "tree_sha256" : "sha256",
                    text(in.value(tree ? "tree_sha256" : "sha256", json())).c_str());
    }
    std::printf("generated at:  %s\n", text(b.value("generated_at", json())).c_str());
}

int runProvenance(const std::vector<std::string>& raw) {
    const cli::Args a(raw);
    const auto files = a.positionals({"--format"});
    if (files.size() != 1) throw InputError("provenance needs exactly one FILE");
    const std::string format = a.flag("--json") ? "json" : a.option("--format", "json");
    if (format != "json" && format != "table")
        throw InputError("--format must be json or table, got '" + format + "'");
    const std::string& path = files.front();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot read " + path);
    std::string bytes;
    bytes.assign(std::istreambuf_iterator<char>(in), {});
    if (bytes.size() > kMaxBytes) throw InputError(path + " is larger than 512 MiB");
    const std::string kind = kindOf(path, bytes);
    std::optional<json> block;
    if (kind == "png") {
        block = fromPng(bytes);
    } else if (kind == "pdf") {
        block = fromPdf(bytes);
    } else if (kind == "json") {
        try {
            block = provenanceOf(json::parse(bytes));
        } catch (const json::exception&) {
            throw InputError(path + " is not valid JSON");
        }
    } else {
        block = findProvenance(bytes);
    }
    if (!block) throw InputError(path + " (" + kind + ") carries no Vernier provenance block");
    (*block)["source"] = {{"path", path}, {"kind", kind}};
    if (format == "table")
        printTable(*block);
    else
        std::printf("%s\n", cli::jsonText(*block).c_str());
    return cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(provenance, "provenance", "FILE [--format json|table]", runProvenance,
                    "read back what produced an output: JSON, CSV, LaTeX, Markdown, SVG, PDF or PNG",
                    {{"--format", "json|table", "output format (default json)", false, false, "json table"},
                     {"--json", nullptr, "same as --format json"}},
                    "FILE: an output or export of Vernier");
