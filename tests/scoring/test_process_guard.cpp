// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// installOcctGuards (process_guard.h): the address-space cap lowers the soft limit, never raises it,
// and is left alone without a cap or under AddressSanitizer. This executable is its own process.
#include <sys/resource.h>

#include <gtest/gtest.h>

#include "scoring/process_guard.h"

using namespace vernier;

namespace {

rlim_t softLimit() {
    rlimit l{};
    EXPECT_EQ(getrlimit(RLIMIT_AS, &l), 0);
    return l.rlim_cur;
}

} // namespace

TEST(ProcessGuard, CapLowersButNeverRaisesTheAddressSpaceLimit) {
    const rlim_t before = softLimit();
    constexpr std::size_t k8G = std::size_t(8) << 30, k16G = std::size_t(16) << 30;
    installOcctGuards(std::nullopt);
    EXPECT_EQ(softLimit(), before);
    if (builtWithAddressSanitizer()) {
        installOcctGuards(kDefaultAddressSpaceCap);
        EXPECT_EQ(softLimit(), before); // ASan's shadow memory needs terabytes of address space
        return;
    }
    if (before != RLIM_INFINITY && before <= k16G) GTEST_SKIP() << "soft RLIMIT_AS already " << before;
    installOcctGuards(k16G);
    EXPECT_EQ(softLimit(), rlim_t(k16G));
    installOcctGuards(k8G);
    EXPECT_EQ(softLimit(), rlim_t(k8G));
    installOcctGuards(k16G); // a larger cap later does not undo a smaller one
    EXPECT_EQ(softLimit(), rlim_t(k8G));
    installOcctGuards(kDefaultAddressSpaceCap);
    EXPECT_EQ(softLimit(), rlim_t(kDefaultAddressSpaceCap));
}
