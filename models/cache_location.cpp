// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/cache_location.h"

#include <QDir>
#include <QStandardPaths>
#include <QString>
#include <cstdlib>

namespace vernier {

std::string userCacheDirectory() {
    if (const char* env = std::getenv("VERNIER_CACHE_DIR"); env && *env) return env;
    QString base = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (base.isEmpty()) base = QDir::homePath() + "/.cache/vernier";
    if (!base.contains("vernier", Qt::CaseInsensitive)) base += "/vernier";
    return base.toStdString();
}

} // namespace vernier
