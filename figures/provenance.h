// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What produced an exported figure or table: Vernier's version, the command (or GUI action), the filter,
// the bundles, where the rewards come from (recorded or rescored) and the date. Every export writes it:
// SVG <desc>, PDF creator and XMP metadata (dc:description, pdf:Keywords), PNG text chunks, a leading
// "# " line in CSV and "% " lines in LaTeX. Besides these human lines every file carries the machine-readable
// block of models/provenance_json.h (generator, inputs, policy, date) on one "vernier-provenance: {…}" line
// or element, which `vernier-cli provenance FILE` reads back: a comment line in CSV, LaTeX and Markdown, an
// element of SVG <metadata> and of the PDF's XMP packet, a "Vernier-Provenance" PNG text chunk.
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "figures/text_format.h"

namespace vernier::ui {

struct Provenance {
    QString producer; // "Vernier 0.1.0"
    QString command;  // "vernier-cli export … " or the GUI action, e.g. "Vernier GUI: Export report"
    QString filter;   // "none (40 of 40 tasks, 13 of 13 systems)", "workflow=creation (12 of 40 tasks, …)"
    QStringList bundles;
    QString rewards; // models' rewardsLabel(): "recorded rewards" / "rescored by Vernier X (OCCT Y)"
    QString date;    // ISO 8601, UTC
    // The block of models/provenance_json.h, plus "command" when there is one.
    nlohmann::json block;

    bool isEmpty() const { return producer.isEmpty(); }
    // "Produced by: Vernier 0.1.0", "Command: …", "Filter: …", "Bundles: a, b", "Rewards: …", "Date: …"
    // (empty fields left out).
    QStringList lines() const;
    QString text() const { return lines().join(QLatin1Char('\n')); }
    QString oneLine() const { return lines().join(QStringLiteral("; ")); }
    // "vernier-provenance: {compact JSON}" (empty without a block): the value of the SVG/XMP element and of
    // the PNG chunk.
    QString markerLine() const;
};

// The SVG/XMP element and PNG chunk names holding markerLine().
inline constexpr const char* kSvgProvenanceNamespace = "https://vernier.invalid/ns/provenance/1";
inline constexpr const char* kPngProvenanceKey = "Vernier-Provenance";
// `svg` with a <metadata> element holding markerLine() right after the opening <svg …> tag.
QByteArray withSvgMetadata(const QByteArray& svg, const Provenance& p);

// The export date: now, or SOURCE_DATE_EPOCH (seconds since 1970, UTC) when that is set, so exports can be
// reproduced byte for byte.
QString provenanceDate();

// "none", or "system=a/m1,b/m2 workflow=creation category=… task=… bundle=… status=zero".
QString describeFilter(const Filter& filter);

// "vernier-cli export a 'b c' --out d": the words after `program`, quoted when they hold a space or quote.
QString commandLine(const QString& program, const std::vector<std::string>& args);

// Producer and date only (an export that has no analysis behind it).
Provenance basicProvenance(const QString& command);
// Everything, from the analysis the figure or table shows.
Provenance makeProvenance(const Analysis& analysis, const QString& command);

// `csv` with one leading "# …" line; readers skip it with comment='#' (pandas) or by dropping line 1.
QString withCsvProvenance(const QString& csv, const Provenance& p);
// `latex` with leading "% …" lines.
QString withLatexProvenance(const QString& latex, const Provenance& p);
// `markdown` with leading "<!-- … -->" lines.
QString withMarkdownProvenance(const QString& markdown, const Provenance& p);

} // namespace vernier::ui
