// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "cli/draw_program.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "cli/command.h"

namespace vernier::cli {

int runInDrawingProgram(const char* command, const std::vector<std::string>& args) {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::filesystem::path program =
        ec ? std::filesystem::path() : self.parent_path() / "vernier-cli-draw";
    if (program.empty() || !std::filesystem::is_regular_file(program, ec) ||
        ::access(program.c_str(), X_OK) != 0) {
        std::fprintf(stderr,
                     "vernier-cli %s: drawing needs vernier-cli-draw beside vernier-cli; this one was built "
                     "without the GUI libraries (VERNIER_BUILD_GUI=OFF) or the program is missing\n",
                     command);
        return kExitBadInput;
    }
    std::vector<std::string> words{program.string(), command};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    argv.reserve(words.size() + 1);
    for (auto& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    std::fflush(stdout);
    std::fflush(stderr);
    ::execv(program.c_str(), argv.data());
    std::fprintf(stderr, "vernier-cli %s: cannot start %s: %s\n", command, program.c_str(),
                 std::strerror(errno));
    return kExitInternal;
}

} // namespace vernier::cli
