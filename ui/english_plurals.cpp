// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/english_plurals.h"

namespace vernier::ui {

QString englishPlural(const QString& text, int n) {
    if (n < 0) return text;
    QString out = text;
    const bool one = n == 1;
    out.replace(QStringLiteral("(es)"), one ? QString() : QStringLiteral("es"));
    out.replace(QStringLiteral("(s)"), one ? QString() : QStringLiteral("s"));
    return out;
}

QString EnglishPlurals::translate(const char*, const char* sourceText, const char*, int n) const {
    // An empty answer makes Qt fall back to the source text (and substitute %n itself).
    if (n < 0 || !sourceText) return {};
    const QString text = QString::fromUtf8(sourceText);
    if (!text.contains(QStringLiteral("(s)")) && !text.contains(QStringLiteral("(es)"))) return {};
    return englishPlural(text, n);
}

} // namespace vernier::ui
