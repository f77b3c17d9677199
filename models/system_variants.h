// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// System identity (docs/formats.md "System identity"): a system is (agent, model, variant). The variant is
// whatever differs between runs of one agent and model in their trial configs — agent version, agent
// kwargs (reasoning effort, temperature, prompt template, …), model provider. Runs with equal settings are
// one system, however many jobs they came from; runs that differ are separate systems, labelled by the
// fields that differ (e.g. "temperature=0.2"). Qt-free.
#include <map>
#include <string>
#include <vector>

#include "models/trial_record.h"

namespace vernier {

// The settings of one run that can make it a different system, by field name ("agent version",
// "provider", and every agent kwarg under its own name). Job id, dataset and times are not settings.
using RunSettings = std::map<std::string, std::string>;
RunSettings runSettingsOf(const RunConfig& config);

// For each run (same order as given), the variant label within its (agent, model): empty when every run of
// that agent and model has the same settings; otherwise the differing fields of this run as
// "field=value" joined by ", " in field order, a field the run does not set reading "field=default" (or
// "field=unset" when another run sets it to the text "default").
// Equal settings always give equal labels; different settings always give different labels.
std::vector<std::string> variantLabels(const std::vector<std::pair<SystemId, RunSettings>>& runs);

} // namespace vernier
