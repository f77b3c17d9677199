// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The Document.xml reader's text rules: QString's whitespace and number grammar without Qt, and the
// well-formedness checks pugixml leaves out.
#include <cmath>
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "scoring/xml_text.h"

using namespace vernier::xml;

namespace {

// The fault's offset and reason, or (npos, "") when the text is fine.
std::pair<std::size_t, std::string> fault(std::string_view xml) {
    const auto f = firstTextFault(xml);
    return f ? std::make_pair(f->offset, f->what) : std::make_pair(std::string::npos, std::string());
}

} // namespace

TEST(XmlText, NumbersReadAsQStringToDoubleReadThem) {
    EXPECT_EQ(toNumber("10.5"), 10.5);
    EXPECT_EQ(toNumber("1.0000000000000000"), 1.0);
    EXPECT_EQ(toNumber("-2.5e-3"), -0.0025);
    EXPECT_EQ(toNumber(".5"), 0.5);
    EXPECT_EQ(toNumber("5."), 5.0);
    EXPECT_EQ(toNumber("+3"), 3.0);
    EXPECT_EQ(toNumber("00012"), 12.0);
    EXPECT_TRUE(std::signbit(*toNumber("-0")));
    // 0.1 rounds to the nearest double, as every correct parser does.
    EXPECT_EQ(toNumber("0.1000000000000000055511151231257827"), 0.1);
    EXPECT_EQ(toNumber("4.9e-324"), std::numeric_limits<double>::denorm_min());
    EXPECT_EQ(toNumber("0e-400"), 0.0); // zero is not an underflow
}

TEST(XmlText, NumberSpellingsQtAcceptsAndRefuses) {
    EXPECT_EQ(toNumber("inf"), HUGE_VAL);
    EXPECT_EQ(toNumber("+Inf"), HUGE_VAL);
    EXPECT_EQ(toNumber("-INF"), -HUGE_VAL);
    EXPECT_TRUE(std::isnan(*toNumber("NaN")));
    for (const char* refused : {"",
                                "   ",
                                "-nan",
                                "+nan",
                                "infinity",
                                "nan(1)",
                                "0x10",
                                "1,5",
                                "1e",
                                "1e-",
                                "+-1",
                                "--1",
                                "1.5.",
                                "1 2",
                                "e3",
                                ".",
                                "-",
                                "abc",
                                "1d",
                                "\xef\xbb\xbf"
                                "1"})
        EXPECT_EQ(toNumber(refused), std::nullopt) << refused;
    // Overflow and underflow to zero are failures (the reader then uses the attribute's default).
    EXPECT_EQ(toNumber("1e400"), std::nullopt);
    EXPECT_EQ(toNumber("-1e400"), std::nullopt);
    EXPECT_EQ(toNumber("1e-400"), std::nullopt);
    EXPECT_EQ(toNumber("2e-324"), std::nullopt); // below half the smallest denormal
}

TEST(XmlText, SurroundingSpacesAreQCharSpaces) {
    EXPECT_EQ(toNumber(" 1.5 "), 1.5);
    EXPECT_EQ(toNumber("\t2\n\r\v\f"), 2.0);
    EXPECT_EQ(toNumber("\xc2\xa0"
                       "7\xe3\x80\x80"),
              7.0); // U+00A0, U+3000
    EXPECT_EQ(toNumber("\xe2\x80\x8a"
                       "8\xe2\x80\xa8"),
              8.0); // U+200A, U+2028
    EXPECT_EQ(toNumber("\xe2\x80\x8b"
                       "9"),
              std::nullopt); // U+200B is not a space for Qt
    EXPECT_EQ(trimmed("\xc2\x85 a b\xe1\x9a\x80"), "a b");
    EXPECT_EQ(trimmed("\xe2\x81\x9f"), "");
    EXPECT_EQ(trimmed("x\xc2"), "x\xc2"); // a cut-off sequence is not a space
}

TEST(XmlText, RealDocumentTextHasNoFault) {
    EXPECT_EQ(fault("<?xml version='1.0' encoding='utf-8'?>\n<Document a=\"Z\xc3\xab \xe2\x9c\x93 "
                    "\xf0\x9d\x9b\x91\">\t\r\n</Document>"),
              std::make_pair(std::string::npos, std::string()));
    EXPECT_EQ(fault("<D a='&amp;&lt;&gt;&quot;&apos;&#65;&#x41;&#0000066;&#x10FFFF;&#9;'/>").second, "");
    // References mean nothing in comments, CDATA, processing instructions and the DOCTYPE.
    EXPECT_EQ(fault("<!DOCTYPE D [<!ENTITY e '&x;'>]><D><!-- &a; --><![CDATA[&b;]]><?p &c;?></D>").second,
              "");
}

TEST(XmlText, BadBytesAndCharactersAreFoundWhereTheyAre) {
    EXPECT_EQ(fault("<D a='\xff'/>"), std::make_pair(std::size_t{6}, std::string("invalid UTF-8")));
    EXPECT_EQ(fault("<D>\xc3\x28</D>").first, 3u);            // bad continuation byte
    EXPECT_EQ(fault("<D>\xc0\xaf</D>").first, 3u);            // overlong '/'
    EXPECT_EQ(fault("<D>\xed\xa0\x80</D>").first, 3u);        // a surrogate
    EXPECT_EQ(fault("<D>\xf4\x90\x80\x80</D>").first, 3u);    // beyond U+10FFFF
    EXPECT_EQ(fault("<D>abcdefghijklmn\xe2\x82").first, 17u); // cut short at the end
    EXPECT_EQ(fault("<D>abcdefghijklmnopq\x01</D>"),
              std::make_pair(std::size_t{20}, std::string("control character 1 is not allowed")));
    EXPECT_EQ(fault(std::string_view("<D>\0</D>", 8)).first, 3u);
    EXPECT_EQ(fault("<D>\xef\xbf\xbe</D>").second, "character U+FFFE or U+FFFF is not allowed");
    EXPECT_EQ(fault("<D>\x7f\xc2\x80\xef\xb7\x90</D>").second,
              ""); // DEL, C1 controls, non-characters: XML 1.0 chars
}

TEST(XmlText, OnlyPredefinedEntitiesAndXmlCharacterReferences) {
    EXPECT_EQ(fault("<D a='&e;'/>"),
              std::make_pair(std::size_t{6}, std::string("entity 'e' is not declared")));
    EXPECT_EQ(fault("<D>x &nbsp;</D>").second, "entity 'nbsp' is not declared");
    EXPECT_EQ(fault("<D a='a & b'/>").second, "malformed entity reference");
    EXPECT_EQ(fault("<D a='&amp'/>").second, "malformed entity reference");
    for (const char* bad : {"&#0;", "&#x0;", "&#1;", "&#xD800;", "&#xFFFE;", "&#x110000;", "&#X41;", "&#;",
                            "&#x;", "&#-5;", "&#99999999999999999999999;"})
        EXPECT_EQ(fault(std::string("<D a='") + bad + "'/>").second, "invalid character reference") << bad;
    // The first fault wins, whichever kind it is.
    EXPECT_EQ(fault("<D a='&e;\xff'/>").first, 6u);
    EXPECT_EQ(fault("<D a='\xff&e;'/>").first, 6u);
}

TEST(XmlText, Latin1BecomesUtf8) {
    EXPECT_EQ(latin1ToUtf8("a\xe9\xff\x80z"), "a\xc3\xa9\xc3\xbf\xc2\x80z");
}
