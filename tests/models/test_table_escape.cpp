// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The shared CSV/LaTeX escaping that every table export (CLI and GUI) goes through.
#include <gtest/gtest.h>

#include "models/table_export.h"

using vernier::csvField;
using vernier::latexEscape;

TEST(TableEscape, CsvQuotesOnlyWhenNeeded) {
    EXPECT_EQ(csvField("codex"), "codex");
    EXPECT_EQ(csvField("a,b"), "\"a,b\"");
    EXPECT_EQ(csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
}

TEST(TableEscape, LatexSpecialsAndTypography) {
    EXPECT_EQ(latexEscape("gpt_6 & 50% $1 #2"), "gpt\\_6 \\& 50\\% \\$1 \\#2");
    EXPECT_EQ(latexEscape("a~b^c\\d"), "a\\textasciitilde{}b\\textasciicircum{}c\\textbackslash{}d");
    EXPECT_EQ(latexEscape("—"), "---");
    EXPECT_EQ(latexEscape("1–2"), "1--2");
    EXPECT_EQ(latexEscape("Δ (pts) ≤ −1"), "$\\Delta$ (pts) $\\le$ $-$1");
}

TEST(TableEscape, CsvCellsNeverRunAsFormulas) {
    // OWASP: text starting with = + - @ TAB CR gets a leading apostrophe; numbers stay numbers.
    EXPECT_EQ(csvField("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
    EXPECT_EQ(csvField("+cmd"), "'+cmd");
    EXPECT_EQ(csvField("-cmd"), "'-cmd");
    EXPECT_EQ(csvField("@SUM(A1)"), "'@SUM(A1)");
    EXPECT_EQ(csvField("\tx"), "'\tx");
    EXPECT_EQ(csvField("-0.25"), "-0.25");
    EXPECT_EQ(csvField("1e-3"), "1e-3");
    // A bare carriage return is quoted (RFC 4180).
    EXPECT_EQ(csvField("a\rb"), "\"a\rb\"");
}
