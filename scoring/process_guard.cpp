// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "scoring/process_guard.h"

#include <sys/resource.h>

#include <OSD.hxx>

#if defined(__SANITIZE_ADDRESS__)
#define VERNIER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VERNIER_ASAN 1
#endif
#endif
#ifndef VERNIER_ASAN
#define VERNIER_ASAN 0
#endif

namespace vernier {

bool builtWithAddressSanitizer() {
    return VERNIER_ASAN != 0;
}

void installOcctGuards(std::optional<std::size_t> addressSpaceCapBytes) {
    if (addressSpaceCapBytes && !builtWithAddressSanitizer()) {
        const auto cap = static_cast<rlim_t>(*addressSpaceCapBytes);
        rlimit limit{};
        if (getrlimit(RLIMIT_AS, &limit) == 0 && (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > cap)) {
            limit.rlim_cur = cap;
            setrlimit(RLIMIT_AS, &limit);
        }
    }
    OSD::SetSignal(OSD_SignalMode_Set, /*theToCatchFpe=*/Standard_False);
}

} // namespace vernier
