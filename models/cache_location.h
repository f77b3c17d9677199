// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The user's cache: where Vernier keeps what it can always compute again (trial indexes of bundles that
// cannot hold their own, the rescore cache, remembered file hashes). docs/index.md "Where the index lives".
#include <string>

namespace vernier {

// $VERNIER_CACHE_DIR when it is set and not empty; else Qt's cache location for the application
// (~/.cache/vernier on Linux), with "/vernier" appended when that path does not name Vernier (a process with
// no application name set). Not created here.
std::string userCacheDirectory();

} // namespace vernier
