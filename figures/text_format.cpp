// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/text_format.h"

namespace vernier::ui {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString trialStatusTitle(TrialStatus s) {
    return QString::fromUtf8(vernier::trialStatusText(s));
}

QString formatPoints(double fraction) {
    return QString::number(fraction * 100.0, 'f', 2);
}

QString formatPoints(const std::optional<double>& fraction) {
    return fraction ? formatPoints(*fraction) : QStringLiteral("—");
}

QString formatUsd(const std::optional<double>& usd) {
    return usd ? QStringLiteral("$%1").arg(*usd, 0, 'f', 2) : QStringLiteral("—");
}

QString formatMinutes(const std::optional<double>& minutes) {
    return minutes ? QString::number(*minutes, 'f', 2) : QStringLiteral("—");
}

QString rewardsTitle(const Analysis& a, const QString& title) {
    if (!a.set || !a.set->usesRescored()) return title;
    return title + QStringLiteral(" — ") + qs(rewardsLabel(*a.set));
}

} // namespace vernier::ui
