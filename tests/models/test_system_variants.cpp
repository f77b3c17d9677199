// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// System identity: runs of one agent and model are one system when their settings agree and separate
// systems, labelled by what differs, when they do not (docs/formats.md "System identity").
#include <gtest/gtest.h>

#include "models/system_variants.h"

using namespace vernier;

namespace {

RunConfig config(std::string version, std::vector<std::pair<std::string, std::string>> kwargs,
                 std::string job = "job-1") {
    RunConfig c;
    c.agentVersion = std::move(version);
    c.modelProvider = "anthropic";
    c.jobId = std::move(job);
    c.agentKwargs = std::move(kwargs);
    return c;
}

const SystemId kClaude{"claude-code", "claude-opus-5.5"};
const SystemId kCodex{"codex", "gpt-6-astra"};

} // namespace

TEST(SystemVariants, EqualSettingsInTwoJobsAreOneSystem) {
    const auto labels = variantLabels({{kClaude, runSettingsOf(config("2.1.0", {}, "job-1"))},
                                       {kClaude, runSettingsOf(config("2.1.0", {}, "job-2"))}});
    EXPECT_EQ(labels, (std::vector<std::string>{"", ""}));
}

TEST(SystemVariants, OneDifferingFieldNamesTheVariant) {
    const auto labels =
        variantLabels({{kClaude, runSettingsOf(config("2.1.0", {{"temperature", "0.2"}}))},
                       {kClaude, runSettingsOf(config("2.1.0", {{"temperature", "1.0"}}))},
                       {kClaude, runSettingsOf(config("2.1.0", {{"temperature", "0.2"}}, "job-3"))},
                       {kCodex, runSettingsOf(config("0.98.0", {{"reasoning_effort", "\"high\""}}))}});
    ASSERT_EQ(labels.size(), 4u);
    EXPECT_EQ(labels[0], "temperature=0.2");
    EXPECT_EQ(labels[1], "temperature=1.0");
    EXPECT_EQ(labels[2], "temperature=0.2"); // same settings, other job: same system
    EXPECT_EQ(labels[3], "");                // codex has one variant
}

TEST(SystemVariants, MissingFieldReadsDefaultAndSeveralFieldsAreListed) {
    const auto labels =
        variantLabels({{kClaude, runSettingsOf(config("2.1.0", {{"prompt_template", "\"short\""}}))},
                       {kClaude, runSettingsOf(config("2.2.0", {}))}});
    EXPECT_EQ(labels[0], "agent version=2.1.0, prompt_template=short");
    EXPECT_EQ(labels[1], "agent version=2.2.0, prompt_template=default");
    EXPECT_NE(labels[0], labels[1]);
}

TEST(SystemVariants, JsonValuesThatAreNotPlainStringsStayAsWritten) {
    RunSettings s = runSettingsOf(config("1", {{"tools", "[\"bash\",\"python\"]"}, {"name", "\"a\\\"b\""}}));
    EXPECT_EQ(s["tools"], "[\"bash\",\"python\"]");
    EXPECT_EQ(s["name"], "\"a\\\"b\""); // an escaped quote inside: kept as JSON, never mangled
    EXPECT_EQ(s["agent version"], "1");
    EXPECT_EQ(s.count("job"), 0u); // the job is not a setting
}
