// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The two commands that draw (`render`, `export` of figures) run in `vernier-cli-draw`, the same command line
// linked with the figure, chart and OpenGL libraries. `vernier-cli` itself does not link them, so every other
// command starts without loading them (docs/cli.md "Two programs"). A drawing command given to `vernier-cli`
// replaces the process by the program beside it, with the same arguments.
#include <string>
#include <vector>

namespace vernier::cli {

// Replaces this process by `vernier-cli-draw COMMAND ARGS...` from the folder of the running executable.
// Returns only when that program is not there (or cannot be started), after printing one line that says so;
// the result is the exit code to return.
int runInDrawingProgram(const char* command, const std::vector<std::string>& args);

} // namespace vernier::cli
