// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Qt side of the shared analysis: the filter, the statistics snapshot and analyse() itself are the
// models' (models/filter.h, models/analysis.h), so the GUI and `vernier-cli` compute the same numbers. The
// text for widgets (points, money and minutes as the paper prints them, and titles) is the figures library's
// (figures/text_format.h), which `vernier-cli export` shares without linking the ui.
#include "figures/text_format.h"
