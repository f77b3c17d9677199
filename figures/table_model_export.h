// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tables shown in views (any QAbstractItemModel, as displayed: sorted and filtered) to CSV and LaTeX
// (booktabs). The leaderboard itself goes through models/table_export.h so CLI and GUI print the
// same numbers; this covers the other tables (trials, comparisons, hard tasks).
#include <QString>

class QAbstractItemModel;

namespace vernier::ui {

QString modelToCsv(const QAbstractItemModel& model);
// One cell as shown on screen to safe CSV (models/table_export.h csvField): "—" (unknown) becomes empty.
QString csvCell(const QString& shown);
QString modelToLatex(const QAbstractItemModel& model, const QString& caption = {});
// Escapes LaTeX special characters (& % $ # _ { } ~ ^ \).
QString latexEscape(const QString& text);

// Writes text atomically; false with `error` on failure.
bool writeTextFile(const QString& path, const QString& text, QString* error = nullptr);

} // namespace vernier::ui
