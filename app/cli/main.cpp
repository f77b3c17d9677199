// vernier-cli: headless front end. Dispatches to self-registered commands (app/cli/*_command.cpp).
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <QtGlobal>
#include <Standard_Version.hxx>

#include "cli/command.h"
#include "scoring/errors.h"
#include "vernier_version.h"

namespace vernier::cli {

static std::vector<Command>& registry() {
    static std::vector<Command> r;
    return r;
}

bool registerCommand(const Command& command) {
    registry().push_back(command);
    return true;
}

const std::vector<Command>& commands() {
    return registry();
}

bool Args::flag(const std::string& name) const {
    for (const auto& a : args_)
        if (a == name) return true;
    return false;
}

std::string Args::option(const std::string& name, const std::string& fallback) const {
    for (std::size_t i = 0; i < args_.size(); ++i) {
        if (args_[i] == name && i + 1 < args_.size()) return args_[i + 1];
        if (args_[i].rfind(name + "=", 0) == 0) return args_[i].substr(name.size() + 1);
    }
    return fallback;
}

std::vector<std::string> Args::options(const std::string& name) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < args_.size(); ++i) {
        if (args_[i] == name && i + 1 < args_.size())
            out.push_back(args_[++i]);
        else if (args_[i].rfind(name + "=", 0) == 0)
            out.push_back(args_[i].substr(name.size() + 1));
    }
    return out;
}

std::vector<std::string> Args::positionals(const std::vector<std::string>& optionsWithValue) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < args_.size(); ++i) {
        const std::string& a = args_[i];
        if (a.rfind("--", 0) == 0) {
            bool takesValue = false;
            for (const auto& o : optionsWithValue)
                if (a == o) takesValue = true;
            if (takesValue) ++i;
            continue;
        }
        out.push_back(a);
    }
    return out;
}

} // namespace vernier::cli

static void printUsage(std::FILE* to) {
    std::fprintf(to, "usage: vernier-cli <command> [arguments]\n\ncommands:\n");
    for (const auto& c : vernier::cli::commands())
        std::fprintf(to, "  %-12s %s\n", c.name, c.usage);
    std::fprintf(to, "\n  --version    print Vernier, OpenCASCADE and Qt versions\n");
}

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        printUsage(args.empty() ? stderr : stdout);
        return args.empty() ? vernier::cli::kExitBadInput : vernier::cli::kExitOk;
    }
    if (args[0] == "--version") {
        std::printf("vernier-cli %s (OpenCASCADE %s, Qt %s)\n", VERNIER_VERSION, OCC_VERSION_COMPLETE,
                    qVersion());
        return 0;
    }
    for (const auto& c : vernier::cli::commands()) {
        if (args[0] != c.name) continue;
        std::vector<std::string> rest(args.begin() + 1, args.end());
        try {
            return c.run(rest);
        } catch (const vernier::InputError& e) {
            std::fprintf(stderr, "vernier-cli %s: %s\n", c.name, e.what());
            return vernier::cli::kExitBadInput;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "vernier-cli %s: internal error: %s\n", c.name, e.what());
            return vernier::cli::kExitInternal;
        }
    }
    std::fprintf(stderr, "vernier-cli: unknown command '%s' (try --help)\n", args[0].c_str());
    return vernier::cli::kExitBadInput;
}
