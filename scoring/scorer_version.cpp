// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/scorer_version.h"

#include <Standard_Version.hxx>

namespace vernier {

std::string scorerIdentity() {
    return "vernier-native-v2 r" + std::to_string(kNativeScorerRevision) + ", OCCT " + OCC_VERSION_COMPLETE;
}

} // namespace vernier
