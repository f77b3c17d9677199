// Fuzzes SafeZip: any bytes as an archive, then every entry inflated (bundle zips, task-pack zips, FCStd).
#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    vernier::fuzz::safeZip(data, size);
    return 0;
}
