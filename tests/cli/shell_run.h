// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Runs a shell command line for the CLI tests: its standard output and exit code.
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace vernier::test {

struct CliRun {
    int exitCode = -1;
    std::string out;
    std::string err; // filled by callers that capture standard error
};

inline CliRun runShell(const std::string& command) {
    CliRun r;
    FILE* p = popen(command.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        r.out.append(buf, n);
    const int status = pclose(p);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

} // namespace vernier::test
