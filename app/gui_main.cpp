// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// vernier: the desktop application. Everything happens in vernier_ui.
#include <QStringList>

#include "ui/application.h"
#include "ui/single_document_window.h"

int main(int argc, char** argv) {
    // One FreeCAD document (`vernier part.FCStd`, a file manager's "Open with"): the single-document
    // inspector.
    QStringList arguments;
    for (int i = 1; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (vernier::ui::isSingleDocumentCommandLine(arguments))
        return vernier::ui::runSingleDocument(argc, argv);
    return vernier::ui::runApplication(argc, argv);
}
