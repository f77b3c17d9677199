// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The subcommand registry of vernier-cli: each command lives in its own file and registers itself with the
// options it accepts. Those definitions are the single source of the parser (CLI11, app/cli/main.cpp), of
// `COMMAND --help`, of the bash completion (`vernier-cli completion bash`) and of the checks in
// tests/cli/test_cli_parsing.cpp (docs/cli.md).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace vernier::cli {

// Exit codes of docs/contract.md §5.
constexpr int kExitOk = 0;
constexpr int kExitInternal = 1;
constexpr int kExitBadInput = 2;
// validate-submission, rescore --strict: the command completed and found problems (docs/cli.md).
constexpr int kExitFindings = 3;

// One option of a command: `--name VALUE` (value non-null) or a flag `--name`.
struct OptionSpec {
    const char* name;         // "--tasks"
    const char* value;        // "PACK"; nullptr for a flag
    const char* help;         // one line for --help
    bool repeatable = false;  // given once per value (--system A --system B)
    bool hidden = false;      // accepted, not listed (refused v1 flags)
    const char* choices = ""; // "a|b|c" for completion; empty for free values
};

struct Command {
    const char* name;
    const char* usage;                                // one line: arguments and options
    int (*run)(const std::vector<std::string>& args); // args after the command name, as given
    const char* summary = "";                         // one line for the command list
    std::vector<OptionSpec> options = {};
    const char* positionals = nullptr; // "BUNDLE..." for --help; nullptr: the command takes none
    bool hidden = false;               // internal: not listed, not completed (rescore-worker)
    bool rawArgs = false;              // internal: arguments are not checked (rescore-worker)
};

// Registers a command at static-initialisation time; use VERNIER_CLI_COMMAND.
bool registerCommand(const Command& command);
const std::vector<Command>& commands();

// Option groups shared by several commands (their definitions: app/cli/results_common.cpp).
std::vector<OptionSpec> resultsOptionSpecs(); // --tasks --policy --rescore --jobs --timeout --no-cache
std::vector<OptionSpec> filterOptionSpecs();  // --system --workflow --category --task
std::vector<OptionSpec> rescoreOptionSpecs(); // --jobs --timeout --no-cache
std::vector<OptionSpec> formatOptionSpecs();  // --format --json --csv --latex --markdown --out
std::vector<OptionSpec> join(std::vector<std::vector<OptionSpec>> groups);

// JSON for stdout: indented, and bytes that are not UTF-8 (file names are bytes on Linux) replaced by
// U+FFFD instead of failing the whole command.
inline std::string jsonText(const nlohmann::json& j) {
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Small argument helpers shared by the commands. The arguments were checked against the command's
// OptionSpecs before the command runs (app/cli/main.cpp): every option is known and has its value.
class Args {
public:
    explicit Args(const std::vector<std::string>& args) : args_(args) {}
    bool flag(const std::string& name) const;                                            // --json
    std::string option(const std::string& name, const std::string& fallback = "") const; // --out X
    std::vector<std::string> options(const std::string& name) const; // repeated --x A --x B
    std::vector<std::string> positionals(const std::vector<std::string>& optionsWithValue) const;

private:
    const std::vector<std::string>& args_;
};

} // namespace vernier::cli

#define VERNIER_CLI_COMMAND(ident, ...)                                                                      \
    static const bool ident##_registered =                                                                   \
        ::vernier::cli::registerCommand(::vernier::cli::Command{__VA_ARGS__})
