// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Text of figures and tables: points, money and minutes as the paper prints them, and titles that say when
// rewards were rescored. The numbers themselves are the models' (models/analysis.h, models/filter.h), so the
// GUI and `vernier-cli` print the same values; the ui library re-exports these through ui/analysis.h.
#include <QString>
#include <optional>
#include <string>

#include "models/analysis.h"
#include "models/filter.h"

namespace vernier::ui {

// The models' names, for code that spells them ui::…
using vernier::analyse;
using vernier::Analysis;
using vernier::Filter;
using vernier::kTrialStatusCount;
using vernier::statusOf;
using vernier::SystemRow;
using vernier::TrialStatus;

// "Perfect (1.0)", … as a QString.
QString trialStatusTitle(TrialStatus s);

// Points and percent as the paper prints them.
QString formatPoints(double fraction);                       // "61.03"
QString formatPoints(const std::optional<double>& fraction); // "—" when unknown
QString formatUsd(const std::optional<double>& usd);         // "$317.81" / "—"
QString formatMinutes(const std::optional<double>& minutes); // "14.42" / "—"
QString qs(const std::string& s);
// A chart or table title, with "— rescored by Vernier X (OCCT Y)" when the numbers use rescored rewards.
QString rewardsTitle(const Analysis& a, const QString& title);

} // namespace vernier::ui
