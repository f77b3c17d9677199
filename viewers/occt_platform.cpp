// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "viewers/occt_platform.h"

#include <QApplication>
#include <QSurfaceFormat>

namespace vernier {

void prepareOcctPlatform() {
#if defined(__linux__)
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "xcb");
#endif
    QApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    QSurfaceFormat format;
    format.setDepthBufferSize(24);
    format.setStencilBufferSize(8);
    format.setProfile(QSurfaceFormat::CompatibilityProfile);
    QSurfaceFormat::setDefaultFormat(format);
}

} // namespace vernier
