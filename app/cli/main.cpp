// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// vernier-cli: headless front end. Parses with CLI11 against the options each command registers
// (app/cli/*_command.cpp, app/cli/command.h) and dispatches; the contract is docs/cli.md.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <exception>
#include <iostream>
#include <list>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <QtGlobal>
#include <Standard_Version.hxx>

#include "cli/command.h"
#include "cli/results_common.h"
#include "models/table_export.h"
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

namespace {

using vernier::cli::Command;
using vernier::cli::OptionSpec;

// A command line the parser refuses: exit 2 with this one-line reason.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Optimal string alignment distance: edits, with a swap of two neighbours counted as one (--jsno → --json).
// Three rows of the table (the swap looks two rows back), not a row per character of `a`: an argument can be
// long.
std::size_t editDistance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> twoBack(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = std::min(cur[j], twoBack[j - 2] + 1);
        }
        std::swap(twoBack, prev); // twoBack: row i - 1
        std::swap(prev, cur);     // prev: row i; cur: free
    }
    return prev[b.size()];
}

// The closest of `names` to `word`, when it is close enough to be a likely misspelling; else "".
std::string closest(const std::string& word, const std::vector<std::string>& names) {
    // How close a name must be to be suggested: a third of the shorter of the two, at least 2.
    const auto allowed = [&](const std::string& n) {
        return std::max<std::size_t>(2, std::min(word.size(), n.size()) / 3);
    };
    // The distance is at least the difference of the lengths: when that is past every name's bound (a long
    // argument), no name can be suggested and no distance is computed.
    const auto lengthGap = [&](const std::string& n) {
        return word.size() > n.size() ? word.size() - n.size() : n.size() - word.size();
    };
    if (std::none_of(names.begin(), names.end(),
                     [&](const std::string& n) { return lengthGap(n) <= allowed(n); }))
        return std::string();
    std::string best;
    std::size_t bestDistance = std::string::npos;
    for (const auto& n : names) {
        const std::size_t d = editDistance(word, n);
        if (d < bestDistance) bestDistance = d, best = n;
    }
    return bestDistance <= allowed(best) ? best : std::string();
}

std::string didYouMean(const std::string& word, const std::vector<std::string>& names) {
    const std::string c = closest(word, names);
    return c.empty() ? std::string() : "; did you mean " + c + "?";
}

const OptionSpec* findOption(const Command& c, const std::string& name) {
    for (const auto& o : c.options)
        if (name == o.name) return &o;
    return nullptr;
}

bool isNumber(const std::string& s) {
    return s.size() > 1 && s[0] == '-' && (std::isdigit(static_cast<unsigned char>(s[1])) || s[1] == '.');
}

// Every option known and every value present, checked before CLI11 so that the reason names the option and
// its likely spelling (docs/cli.md, "Conventions").
void checkArguments(const Command& c, const std::vector<std::string>& args) {
    std::vector<std::string> names;
    for (const auto& o : c.options)
        if (!o.hidden) names.emplace_back(o.name);
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") break; // everything after is positional
        if (a.size() < 2 || a[0] != '-' || isNumber(a)) continue;
        const std::string name = a.substr(0, a.find('='));
        const OptionSpec* o = findOption(c, name);
        if (!o) throw UsageError("unknown option " + name + didYouMean(name, names));
        const bool inlineValue = name.size() < a.size();
        if (!o->value) {
            if (inlineValue) throw UsageError(name + " takes no value");
            continue;
        }
        if (inlineValue) continue;
        if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0)
            throw UsageError(name + " needs a value (" + o->value + ")");
        ++i;
    }
}

std::string positionalName(const char* text) {
    std::string s(text);
    std::string name;
    for (char ch : s) {
        if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_')) break;
        name += ch;
    }
    return name.empty() ? std::string("ARGS") : name;
}

// What CLI11 stores the parsed values in: the commands read their arguments themselves (Args), so these only
// have to outlive the parse.
using Storage = std::list<std::vector<std::string>>;

void addCommand(CLI::App& app, const Command& c, Storage& storage) {
    CLI::App* sub = app.add_subcommand(c.name, c.summary);
    sub->allow_extras(c.rawArgs);
    if (c.hidden) sub->group("");
    sub->footer(std::string("usage: vernier-cli ") + c.name + " " + c.usage +
                "\nExit codes: 0 ok, 1 internal error, 2 bad input, 3 findings. See docs/cli.md or "
                "man vernier-cli.");
    for (const auto& o : c.options) {
        CLI::Option* opt = nullptr;
        if (o.value) {
            opt = sub->add_option(std::string(o.name), storage.emplace_back(), o.help);
            opt->type_name(o.value);
            opt->allow_extra_args(false); // one value per occurrence: `--system A BUNDLE` keeps BUNDLE
            opt->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        } else {
            opt = sub->add_flag(std::string(o.name));
            opt->description(o.help);
            opt->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        }
        if (o.hidden) opt->group("");
    }
    if (c.positionals) {
        const std::string text = c.positionals;
        const auto colon = text.find(": ");
        CLI::Option* p = sub->add_option(positionalName(c.positionals), storage.emplace_back(),
                                         colon == std::string::npos ? text : text.substr(colon + 2));
        p->type_name("");
    }
}

void buildApp(CLI::App& app, Storage& storage) {
    app.name("vernier-cli");
    app.description("Vernier's headless front end: score FreeCAD documents, report on Parametric CAD Bench "
                    "v3 result bundles. `vernier-cli COMMAND --help` lists a command's options.");
    app.require_subcommand(0, 1);
    app.add_flag(std::string("--version"))->description("print Vernier, OpenCASCADE and Qt versions");
    app.footer("Exit codes: 0 ok, 1 internal error, 2 bad input, 3 completed with findings. See docs/cli.md "
               "or man vernier-cli.");
    for (const auto& c : vernier::cli::commands())
        addCommand(app, c, storage);
}

const Command* findCommand(const std::string& name) {
    for (const auto& c : vernier::cli::commands())
        if (name == c.name) return &c;
    return nullptr;
}

int printHelp(const std::string& command, std::FILE* to) {
    CLI::App app;
    Storage storage;
    buildApp(app, storage);
    const std::string text = command.empty() ? app.help() : app.get_subcommand(command)->help("vernier-cli");
    std::fputs(text.c_str(), to);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    using namespace vernier::cli;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        printHelp({}, stderr);
        return kExitBadInput;
    }
    if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        if (args[0] == "help" && args.size() > 1) {
            const Command* c = findCommand(args[1]);
            if (!c) {
                std::fprintf(stderr, "vernier-cli: unknown command '%s' (try --help)\n", args[1].c_str());
                return kExitBadInput;
            }
            return printHelp(c->name, stdout);
        }
        return printHelp({}, stdout);
    }
    if (args[0] == "--version") {
        std::printf("vernier-cli %s (OpenCASCADE %s, Qt %s)\n", VERNIER_VERSION, OCC_VERSION_COMPLETE,
                    qVersion());
        return 0;
    }
    const Command* c = findCommand(args[0]);
    if (!c) {
        std::vector<std::string> names;
        for (const auto& k : commands())
            if (!k.hidden) names.emplace_back(k.name);
        std::fprintf(stderr, "vernier-cli: unknown %s '%s'%s (try --help)\n",
                     args[0].rfind('-', 0) == 0 ? "option" : "command", args[0].c_str(),
                     didYouMean(args[0], names).c_str());
        return kExitBadInput;
    }
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (!c->rawArgs) {
        if (std::find_if(rest.begin(), rest.end(),
                         [](const std::string& a) { return a == "--help" || a == "-h"; }) != rest.end())
            return printHelp(c->name, stdout);
        try {
            checkArguments(*c, rest);
            CLI::App app;
            Storage storage;
            buildApp(app, storage);
            std::vector<std::string> all(args.rbegin(), args.rend()); // CLI11 takes them reversed
            app.parse(all);
        } catch (const UsageError& e) {
            std::fprintf(stderr, "vernier-cli %s: %s\n", c->name, e.what());
            return kExitBadInput;
        } catch (const CLI::ParseError& e) {
            std::string what = e.what();
            std::replace(what.begin(), what.end(), '\n', ' ');
            std::fprintf(stderr, "vernier-cli %s: %s\n", c->name, what.c_str());
            return kExitBadInput;
        }
    }
    // --csv-raw (docs/cli.md): every CSV this run writes keeps its cells as they are (models/table_export.h).
    for (const std::string& a : rest) {
        if (a == "--") break;
        if (a == "--csv-raw" && !c->rawArgs) vernier::setCsvRaw(true);
    }
    // Index writes a command started beside its work finish before the process exits, however it ends.
    struct IndexWritesDone {
        ~IndexWritesDone() { waitForIndexWrites(); }
    } indexWritesDone;
    try {
        return c->run(rest);
    } catch (const vernier::InputError& e) {
        std::fprintf(stderr, "vernier-cli %s: %s\n", c->name, e.what());
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "vernier-cli %s: internal error: %s\n", c->name, e.what());
        return kExitInternal;
    }
}
