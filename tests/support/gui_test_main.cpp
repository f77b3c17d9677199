// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// main() for GUI test executables: a QApplication on the xcb platform (OCCT needs Xlib), then GoogleTest.
#include <QApplication>
#include <QSurfaceFormat>
#include <gtest/gtest.h>

#if defined(__SANITIZE_ADDRESS__)
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <string>
#include <vector>

namespace {
// Keeps Mesa's DRI driver mapped until the process ends. Mesa unloads it when the GL display closes, before
// LeakSanitizer looks; the one-time allocations of its initialisation, still referenced from the driver's own
// globals, then lose their last reference and show as a leak from "<unknown module>" that no suppression can
// name. Mapped, they stay reachable and are not reported (tests/sanitizers/lsan.supp needs no Mesa entry).
void pinDriDrivers() {
    std::vector<std::string> names;
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* out) -> int {
            if (info->dlpi_name && std::strstr(info->dlpi_name, "/dri/"))
                static_cast<std::vector<std::string>*>(out)->push_back(info->dlpi_name);
            return 0;
        },
        &names);
    for (const std::string& name : names)
        dlopen(name.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}
} // namespace
#endif

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "xcb");
    QApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    QApplication app(argc, argv);
#if defined(__SANITIZE_ADDRESS__)
    pinDriDrivers(); // the shared GL context of AA_ShareOpenGLContexts has loaded the driver by now
#endif
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
