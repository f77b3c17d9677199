// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/table_model_export.h"

#include <QAbstractItemModel>
#include <QSaveFile>
#include <QStringList>

#include "models/table_export.h"

namespace vernier::ui {

QString csvCell(const QString& s) {
    // "—" marks unknown on screen; CSV leaves unknown empty (as models/table_export.h does).
    if (s == QStringLiteral("—")) return {};
    return QString::fromStdString(vernier::csvField(s.toStdString()));
}

QString latexEscape(const QString& text) {
    return QString::fromStdString(vernier::latexEscape(text.toStdString()));
}

QString modelToCsv(const QAbstractItemModel& model) {
    QStringList lines;
    QStringList header;
    for (int c = 0; c < model.columnCount(); ++c)
        header << csvCell(model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
    lines << header.join(QLatin1Char(','));
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList fields;
        for (int c = 0; c < model.columnCount(); ++c)
            fields << csvCell(model.index(r, c).data().toString());
        lines << fields.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString modelToLatex(const QAbstractItemModel& model, const QString& caption) {
    const int columns = model.columnCount();
    QString spec;
    for (int c = 0; c < columns; ++c) {
        const QVariant align = model.index(0, c).data(Qt::TextAlignmentRole);
        spec += (align.isValid() && (align.toInt() & Qt::AlignRight)) ? QLatin1Char('r') : QLatin1Char('l');
    }
    QString out = QStringLiteral("\\begin{table}[t]\n\\centering\n");
    if (!caption.isEmpty()) out += QStringLiteral("\\caption{%1}\n").arg(latexEscape(caption));
    out += QStringLiteral("\\begin{tabular}{%1}\n\\toprule\n").arg(spec);
    QStringList header;
    for (int c = 0; c < columns; ++c)
        header << latexEscape(model.headerData(c, Qt::Horizontal).toString());
    out += header.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n\\midrule\n");
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList fields;
        for (int c = 0; c < columns; ++c)
            fields << latexEscape(model.index(r, c).data().toString());
        out += fields.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n");
    }
    out += QStringLiteral("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
    return out;
}

bool writeTextFile(const QString& path, const QString& text, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text) || file.write(text.toUtf8()) < 0 ||
        !file.commit()) {
        if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace vernier::ui
