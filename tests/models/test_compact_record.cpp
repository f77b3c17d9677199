// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The parts of a trial record that keep 10^5 of them small and quick to sort: Boxed<T> (an optional on the
// heap, with value semantics) and SystemId::labelLess (the label order without building labels).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "models/boxed.h"
#include "models/trial_record.h"

using vernier::Boxed;
using vernier::RescoredResult;
using vernier::StageScores;
using vernier::SystemId;
using vernier::TrialRecord;

TEST(Boxed, BehavesLikeAnOptionalWithValueSemantics) {
    Boxed<StageScores> a;
    EXPECT_FALSE(a.has_value());
    EXPECT_FALSE(static_cast<bool>(a));
    EXPECT_THROW(a.value(), std::bad_optional_access);
    EXPECT_EQ(a.value_or(StageScores{0.25, {}, {}, "", "", ""}).geometry, 0.25);

    a = StageScores{0.5, 0.75, {}, "g", "s", "body"};
    ASSERT_TRUE(a.has_value());
    EXPECT_EQ(a->geometry, 0.5);
    EXPECT_EQ((*a).gate, "body");

    Boxed<StageScores> copy = a; // a copy is a second value, not a second name for the first
    copy->geometry = 0.125;
    EXPECT_EQ(a->geometry, 0.5);
    EXPECT_EQ(copy->geometry, 0.125);

    Boxed<StageScores> moved = std::move(copy);
    EXPECT_EQ(moved->geometry, 0.125);

    a = std::nullopt;
    EXPECT_FALSE(a.has_value());
    std::optional<StageScores> none;
    a = none;
    EXPECT_FALSE(a.has_value());
    a = std::optional<StageScores>(StageScores{1.0, {}, {}, "", "", ""});
    EXPECT_EQ(a.optional()->geometry, 1.0);
    a.reset();
    EXPECT_EQ(a.optional(), std::nullopt);
    a.emplace().spec = 0.5;
    EXPECT_EQ(a->spec, 0.5);
}

// The record copies its boxed parts: a copied trial's rescored result is its own.
TEST(Boxed, ATrialRecordCopiesItsRescoredResult) {
    TrialRecord t;
    EXPECT_FALSE(t.rescored.has_value());
    RescoredResult r;
    r.reward = 0.75;
    r.base = StageScores{0.5, {}, {}, "", "", ""};
    t.rescored = r;
    TrialRecord u = t;
    u.rescored->reward = 0.25;
    u.rescored->base->geometry = 0.125;
    EXPECT_EQ(*t.rescored->reward, 0.75);
    EXPECT_EQ(*t.rescored->base->geometry, 0.5);
    // The point of the box: a record without these parts carries a pointer for each, not the values.
    EXPECT_LT(sizeof(TrialRecord), 2000u);
}

TEST(SystemIdLabelLess, OrdersAsTheLabelsDo) {
    std::vector<SystemId> ids = {
        {"codex", "gpt-6", ""},
        {"codex", "gpt-6", "temperature=0.2"},
        {"codex", "gpt-6", "reasoning_effort=high"},
        {"claude-code", "opus", ""},
        {"claude-code", "opus-4", ""},
        {"claude", "code/opus", ""}, // "claude/code/opus": '/' sorts before '-'
        {"a", "b/c", ""},
        {"a/b", "c", ""}, // the same label as the one above: neither is less
        {"", "", ""},
        {"z", "", "v"},
        {"codex", "gpt-6\xc3\xa9", ""}, // bytes above 0x7f compare as unsigned, as std::string does
        {"codex", "gpt-6 ", ""},
    };
    for (const auto& a : ids)
        for (const auto& b : ids)
            EXPECT_EQ(SystemId::labelLess(a, b), a.label() < b.label()) << a.label() << " vs " << b.label();
    std::vector<SystemId> byLabel = ids, byLess = ids;
    std::stable_sort(byLabel.begin(), byLabel.end(),
                     [](const SystemId& a, const SystemId& b) { return a.label() < b.label(); });
    std::stable_sort(byLess.begin(), byLess.end(), SystemId::labelLess);
    EXPECT_EQ(byLabel, byLess);
}
