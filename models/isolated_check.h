// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reads an untrusted document once in a separate process (`vernier-cli inspect`) before the GUI loads it
// in its own process: a document that crashes OCCT, hangs it or makes it allocate without bound takes
// down only that short-lived process (docs/contract.md §6), and the inspector shows the reason instead.
#include <optional>
#include <string>

#include "models/file_ref.h"

namespace vernier {

struct IsolatedCheck {
    bool checked = false;               // false: no checker program could be started (nothing was isolated)
    std::optional<std::string> problem; // one line: why the document must not be loaded in-process
};

// `program` empty: vernier-cli beside the running executable (as RescoreEngine finds its workers).
IsolatedCheck checkDocumentIsolated(const FileRef& document, int timeoutMs = 60000,
                                    const std::string& program = {});

} // namespace vernier
