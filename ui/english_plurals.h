// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// English plurals for the untranslated GUI: Qt resolves tr("%n trial(s)", nullptr, n) only through a loaded
// translation, so without one the user reads "1 trial(s)" and "3 problem(s)". This translator answers every
// text that carries a count: "(s)" and "(es)" become "" or "s"/"es" by the count; texts without a count are
// left to Qt (untouched).
#include <QTranslator>

namespace vernier::ui {

class EnglishPlurals : public QTranslator {
public:
    using QTranslator::QTranslator;
    QString translate(const char* context, const char* sourceText, const char* disambiguation = nullptr,
                      int n = -1) const override;
    bool isEmpty() const override { return false; }
};

// The text with "(s)"/"(es)" resolved for the count n (n < 0: unchanged).
QString englishPlural(const QString& text, int n);

} // namespace vernier::ui
