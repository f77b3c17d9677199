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
