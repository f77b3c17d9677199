// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The trial files' JSON parser (models/json_text.h): the values and types nlohmann's parser gives, the texts
// it refuses, on hand-picked edge cases and on every JSON file of the sample bundle and the Harbor fixtures.
#include <clocale>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fuzz/harness.h"
#include "models/json_text.h"

namespace {

using nlohmann::json;
using vernier::parseJsonText;

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Parses `text` with both parsers and expects the same answer; returns the fast parser's.
std::optional<json> bothAgree(const std::string& text) {
    const std::optional<json> fast = parseJsonText(text);
    const json reference = json::parse(text, nullptr, false);
    EXPECT_EQ(fast.has_value(), !reference.is_discarded()) << "text: " << text;
    if (fast && !reference.is_discarded()) {
        EXPECT_TRUE(vernier::fuzz::identicalJson(*fast, reference))
            << "text: " << text << "\nfast: " << fast->dump() << "\nnlohmann: " << reference.dump();
    }
    return fast;
}

TEST(JsonText, NumbersKeepNlohmannsTypes) {
    EXPECT_EQ(bothAgree("0")->type(), json::value_t::number_unsigned);
    EXPECT_EQ(bothAgree("-0")->type(), json::value_t::number_integer);
    EXPECT_EQ(bothAgree("-0.0")->type(), json::value_t::number_float);
    EXPECT_TRUE(std::signbit(bothAgree("-0.0")->get<double>()));
    EXPECT_EQ(bothAgree("18446744073709551615")->get<std::uint64_t>(), 18446744073709551615u);
    // One past the unsigned range, or below the signed one: a double, as strtoull/strtoll fail.
    EXPECT_EQ(bothAgree("18446744073709551616")->type(), json::value_t::number_float);
    EXPECT_EQ(bothAgree("18446744073709551616")->get<double>(), 18446744073709551616.0);
    EXPECT_EQ(bothAgree("-9223372036854775808")->get<std::int64_t>(), INT64_MIN);
    EXPECT_EQ(bothAgree("-9223372036854775809")->type(), json::value_t::number_float);
    EXPECT_EQ(bothAgree("0.1")->get<double>(), 0.1);
    EXPECT_EQ(bothAgree("1E2")->get<double>(), 100.0);
    EXPECT_EQ(bothAgree("1e-400")->get<double>(), 0.0); // underflow is 0, not refused
    EXPECT_EQ(bothAgree("2.2250738585072011e-308")->get<double>(), 2.2250738585072011e-308);
    EXPECT_EQ(bothAgree("[0.30000000000000004]")->at(0).get<double>(), 0.30000000000000004);
    for (const char* bad : {"1e400", "-1e400", "01", "-01", "1.", ".5", "+1", "-", "1e", "1e+", "0x10",
                            "1.e3", "Infinity", "NaN", "--1", "1 2"})
        EXPECT_FALSE(bothAgree(bad)) << bad;
}

TEST(JsonText, NumbersIgnoreTheProcessLocale) {
    const std::string before = std::setlocale(LC_NUMERIC, nullptr);
    // A locale with a decimal comma, when the machine has one (nlohmann copes by swapping the point in).
    const bool comma = std::setlocale(LC_NUMERIC, "de_DE.UTF-8") || std::setlocale(LC_NUMERIC, "fr_FR.UTF-8");
    EXPECT_EQ(parseJsonText("1.5")->get<double>(), 1.5);
    EXPECT_EQ(parseJsonText("[2.25e1]")->at(0).get<double>(), 22.5);
    std::setlocale(LC_NUMERIC, before.c_str());
    if (!comma) GTEST_LOG_(INFO) << "no decimal-comma locale installed; checked in the C locale only";
}

TEST(JsonText, StringsEscapesAndUtf8) {
    EXPECT_EQ(bothAgree(R"("a\"b\\c\/d\b\f\n\r\t")")->get<std::string>(), "a\"b\\c/d\b\f\n\r\t");
    EXPECT_EQ(bothAgree(R"("\u00e9\u20AC\ud83d\ude00")")->get<std::string>(),
              "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
    EXPECT_EQ(bothAgree(R"("\u0000")")->get<std::string>(), std::string(1, '\0'));
    EXPECT_EQ(bothAgree("\"caf\xC3\xA9 \xF4\x8F\xBF\xBF\"")->get<std::string>(),
              "caf\xC3\xA9 \xF4\x8F\xBF\xBF");
    EXPECT_EQ(bothAgree("\"\x7F\"")->get<std::string>(), "\x7F");
    for (const char* bad :
         {R"("\ud83d")",       // high surrogate alone
          R"("\ud83d\u0041")", // followed by no low one
          R"("\ude00")",       // low surrogate alone
          R"("\u12")", R"("\uZZZZ")", R"("\x41")", R"("\')",
          "\"a\tb\"",             // a raw control character
          "\"\xC0\xAF\"",         // overlong
          "\"\xE0\x80\xAF\"",     // overlong, 3 bytes
          "\"\xED\xA0\x80\"",     // an encoded surrogate
          "\"\xF4\x90\x80\x80\"", // past U+10FFFF
          "\"\xF5\x80\x80\x80\"", "\"\xFF\"", "\"\x80\"", "\"\xC3\"", "\"\xE2\x82\"", "\"abc"})
        EXPECT_FALSE(bothAgree(bad)) << bad;
}

TEST(JsonText, StructureAndWhitespace) {
    const auto v =
        bothAgree(" \t\r\n{ \"a\" : [ 1 , true , false , null , { } , [ ] ] , \"b\":{\"c\":\"d\"} } \n");
    ASSERT_TRUE(v);
    EXPECT_EQ((*v)["a"].size(), 6u);
    EXPECT_EQ((*v)["b"]["c"], "d");
    EXPECT_EQ(bothAgree(R"({"k":1,"k":2,"j":3,"k":[4]})")->dump(), R"({"j":3,"k":[4]})"); // the last one wins
    EXPECT_EQ(bothAgree("\xEF\xBB\xBF{}")->dump(), "{}");                                 // a byte order mark
    for (const char* bad : {"",       " ",       "\xEF\xBB\xBF", "\xEF\xBB", "\xEF{}",    " \xEF\xBB\xBF{}",
                            "[1,]",   "[,1]",    "{\"a\":1,}",   "{,}",      "{\"a\" 1}", "{\"a\":}",
                            "{1:2}",  "{'a':1}", "[1 2]",        "[1]]",     "[[1]",      "{}}",
                            "tru",    "nul",     "True",         "[1]x",     "// c\n1",   "/* c */1",
                            "[\x0c]", "\v1"})
        EXPECT_FALSE(bothAgree(bad)) << bad;
    // A NUL byte where a token may start ends the text for nlohmann, and so here: what follows is ignored.
    EXPECT_EQ(bothAgree(std::string("[1] \0 x", 6))->dump(), "[1]");
    EXPECT_EQ(bothAgree(std::string("7\0", 2))->dump(), "7");
    for (const std::string& bad : {std::string("\0", 1), std::string("[1,\0]", 5), std::string("\"a\0\"", 4),
                                   std::string("tr\0ue", 5)})
        EXPECT_FALSE(bothAgree(bad));
}

// Every kind of byte that ends a run of plain bytes in a string, after runs of every length, gives
// nlohmann's answer.
TEST(JsonText, StringsAreReadAlikeWhereverTheirSpecialBytesFall) {
    const std::vector<std::string> specials = {"\\n",
                                               "\\\"",
                                               "\\u00e9",
                                               "\\ud83d\\ude00",
                                               "\xC3\xA9",
                                               "\xE2\x82\xAC",
                                               "\xF0\x9F\x98\x80",
                                               "\x7F",
                                               "\x01",
                                               "\x1F",
                                               "\xC0\xAF",
                                               "\xED\xA0\x80",
                                               "\xF5\x80\x80\x80",
                                               "\xFF",
                                               "\\x",
                                               std::string("\0", 1),
                                               "\"",
                                               " ",
                                               "~",
                                               "!"};
    int accepted = 0, refused = 0;
    for (std::size_t before = 0; before < 20; ++before)
        for (const std::string& special : specials)
            for (std::size_t after : {0, 3, 8, 13}) {
                const std::string text =
                    "[\"" + std::string(before, 'a') + special + std::string(after, 'b') + "\"]";
                const auto v = bothAgree(text);
                ++(v ? accepted : refused);
                if (v && special.size() == 1 && special[0] >= 0x20 && special[0] != '"') {
                    EXPECT_EQ(v->at(0).get<std::string>(),
                              std::string(before, 'a') + special + std::string(after, 'b'));
                }
            }
    EXPECT_GT(accepted, 500);
    EXPECT_GT(refused, 500);
}

TEST(JsonText, DeepNestingNeedsNoRecursion) {
    const int depth = 200000;
    const std::string text = std::string(depth, '[') + std::string(depth, ']');
    const auto v = parseJsonText(text);
    ASSERT_TRUE(v);
    EXPECT_TRUE(v->is_array());
    EXPECT_FALSE(parseJsonText(std::string(depth, '[') + std::string(depth - 1, ']')));
    EXPECT_FALSE(parseJsonText(std::string(depth, '{')));
}

TEST(JsonText, EveryJsonFileOfTheSampleAndTheFixturesParsesAsNlohmannParsesIt) {
    int files = 0;
    for (const char* root : {VERNIER_SOURCE_DIR "/resources/sample/results", VERNIER_TEST_DATA_DIR "/harbor",
                             VERNIER_TEST_DATA_DIR "/hostile", VERNIER_TEST_DATA_DIR "/workspace"}) {
        for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
            if (!e.is_regular_file() || e.path().extension() != ".json") continue;
            ++files;
            const std::string text = slurp(e.path());
            SCOPED_TRACE(e.path().string());
            bothAgree(text);
            // Every cut of a short file: what a half-written file looks like.
            if (text.size() < 4096)
                for (std::size_t n = 0; n < text.size(); n += 7)
                    bothAgree(text.substr(0, n));
        }
    }
    EXPECT_GT(files, 300);
}

// Left-out members: validated as kept ones are (the same texts refused), absent from the value, their rule
// applied only inside the named member's object, by key at that level.
TEST(JsonText, SkippedMembersAreCheckedAndLeftOut) {
    static const vernier::JsonSkips inner{{"env"}, {}};
    static const vernier::JsonSkips skips{{"id", "big"}, {{"config", &inner}}};
    const auto parse = [](const std::string& text) { return vernier::parseJsonText(text, skips); };
    EXPECT_EQ(parse(R"({"id":"x","keep":1,"config":{"env":{"a":[1,2,{"b":null}]},"agent":"c"}})")->dump(),
              R"({"config":{"agent":"c"},"keep":1})");
    // The rule is by level: "env" at the top and "id" inside config are kept, arrays of objects take none.
    EXPECT_EQ(parse(R"({"env":1,"config":{"id":2},"list":[{"id":3}]})")->dump(),
              R"({"config":{"id":2},"env":1,"list":[{"id":3}]})");
    // A config that is not an object, repeated keys (the last one wins, skipped or not), empty containers.
    EXPECT_EQ(parse(R"({"config":[{"env":1}],"big":{},"id":[]})")->dump(), R"({"config":[{"env":1}]})");
    EXPECT_EQ(parse(R"({"config":{"env":1},"config":{"env":2,"k":3}})")->dump(), R"({"config":{"k":3}})");
    EXPECT_EQ(parse(R"({"id":1,"id":2})")->dump(), "{}");
    EXPECT_EQ(parse(R"([{"id":1}])")->dump(), R"([{"id":1}])"); // the root's rule is for a root object
    // Escapes and UTF-8 inside skipped strings and keys; numbers of every kind.
    EXPECT_EQ(parse("{\"big\":{\"k\\u00e9\":\"\\ud83d\\ude00 \xC3\xA9\",\"n\":[-0.5e-3,18446744073709551616,"
                    "true,false,null]},\"k\":0}")
                  ->dump(),
              R"({"k":0})");
    // What a kept value may not hold, a skipped one may not either.
    for (const std::string& bad : std::vector<std::string>{R"({"id":1e400})",
                                                           R"({"id":01})",
                                                           R"({"id":"\x"})",
                                                           R"({"id":"\ud800"})",
                                                           "{\"id\":\"\xC0\xAF\"}",
                                                           "{\"id\":\"a\x01\"}",
                                                           R"({"id":[1,]})",
                                                           R"({"id":{"a" 1}})",
                                                           R"({"id":{"a":1,}})",
                                                           R"({"id":{1:2}})",
                                                           R"({"id":[1 2]})",
                                                           R"({"id":tru})",
                                                           R"({"id":})",
                                                           R"({"id":[}]})",
                                                           R"({"id":{]})",
                                                           R"({"id":[[1]})",
                                                           R"({"id":[1]]})",
                                                           R"({"id":{"a":1})",
                                                           R"({"id":)",
                                                           R"({"id")",
                                                           std::string("{\"id\":\0}", 8),
                                                           R"({"config":{"env":[}})"}) {
        EXPECT_FALSE(parse(bad)) << bad;
        EXPECT_FALSE(bothAgree(bad)) << bad;
    }
}

// The committed corpus of fuzz_json_text (inputs the fuzzer kept for reaching new code) through its harness:
// nlohmann's answer, and with members skipped the full value without them (the harness aborts otherwise).
TEST(JsonText, TheFuzzCorpusParsesAsNlohmannParsesItWithAndWithoutSkips) {
    int inputs = 0;
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(VERNIER_SOURCE_DIR) /
                                                             "fuzz/corpus/fuzz_json_text")) {
        const std::string bytes = slurp(e.path());
        vernier::fuzz::jsonText(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
        ++inputs;
    }
    EXPECT_GT(inputs, 500);
}

// Every JSON file of the sample and the fixtures, read as a trial's result.json is: the full value without
// the members left out, and refused when the full parse refuses.
TEST(JsonText, ResultFilesWithMembersLeftOutAreTheFullValueWithoutThem) {
    static const vernier::JsonSkips config{{"task", "environment", "verifier"}, {}};
    static const vernier::JsonSkips skips{{"id", "trial_uri", "agent_setup"}, {{"config", &config}}};
    int files = 0, skipped = 0;
    for (const char* root : {VERNIER_SOURCE_DIR "/resources/sample/results", VERNIER_TEST_DATA_DIR "/harbor",
                             VERNIER_TEST_DATA_DIR "/hostile"}) {
        for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
            if (!e.is_regular_file() || e.path().extension() != ".json") continue;
            ++files;
            const std::string text = slurp(e.path());
            SCOPED_TRACE(e.path().string());
            std::optional<json> expected = parseJsonText(text);
            if (expected && expected->is_object()) {
                for (const char* m : {"id", "trial_uri", "agent_setup"})
                    skipped += static_cast<int>(expected->erase(m));
                if (auto c = expected->find("config"); c != expected->end() && c->is_object())
                    for (const char* m : {"task", "environment", "verifier"})
                        skipped += static_cast<int>(c->erase(m));
            }
            const std::optional<json> got = vernier::parseJsonText(text, skips);
            ASSERT_EQ(got.has_value(), expected.has_value());
            if (got) {
                EXPECT_TRUE(vernier::fuzz::identicalJson(*got, *expected));
            }
        }
    }
    EXPECT_GT(files, 300);
    EXPECT_GT(skipped, 200); // the real result.json files have these members
}

} // namespace
