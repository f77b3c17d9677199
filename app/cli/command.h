#pragma once
// The subcommand registry of vernier-cli: each command lives in its own file and registers itself.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace vernier::cli {

// Exit codes of docs/contract.md §5.
constexpr int kExitOk = 0;
constexpr int kExitInternal = 1;
constexpr int kExitBadInput = 2;
// validate-submission: the input was read and the rules found problems (docs/formats.md).
constexpr int kExitFindings = 3;

struct Command {
    const char* name;
    const char* usage;                                // one line: arguments and options
    int (*run)(const std::vector<std::string>& args); // args after the command name
};

// Registers a command at static-initialisation time; use VERNIER_CLI_COMMAND.
bool registerCommand(const Command& command);
const std::vector<Command>& commands();

// JSON for stdout: indented, and bytes that are not UTF-8 (file names are bytes on Linux) replaced by
// U+FFFD instead of failing the whole command.
inline std::string jsonText(const nlohmann::json& j) {
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Small argument helpers shared by the commands.
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
