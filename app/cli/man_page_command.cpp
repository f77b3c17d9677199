// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// `vernier-cli man-page TEMPLATE` (internal, run by the build): the vernier-cli(1) man page. The prose is
// packaging/man/vernier-cli.1; its COMMANDS section is written here from the option definitions the parser
// uses (app/cli/command.h), so the page lists exactly the options `COMMAND --help` lists (docs/cli.md).
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "cli/command.h"
#include "scoring/errors.h"

namespace {

using namespace vernier::cli;

// Text as roff: hyphens as \-, backslashes as \e, no line starting with a control character.
std::string roff(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '-')
            out += "\\-";
        else if (c == '\\')
            out += "\\e";
        else
            out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
    return out;
}

std::string commandsSection() {
    std::ostringstream o;
    o << ".SH COMMANDS\n";
    for (const Command& c : commands()) {
        if (c.hidden) continue;
        o << ".TP\n.B " << roff(c.name) << "\n" << roff(c.usage) << "\n.br\n" << roff(c.summary) << ".\n";
        if (c.options.empty()) continue;
        o << ".RS\n";
        for (const OptionSpec& opt : c.options) {
            if (opt.hidden) continue;
            o << ".TP\n";
            if (opt.value)
                o << ".BI \"" << roff(opt.name) << " \" \"" << roff(opt.value) << "\"\n";
            else
                o << ".B " << roff(opt.name) << "\n";
            o << roff(opt.help) << "\n";
        }
        o << ".RE\n";
    }
    return o.str();
}

int runManPage(const std::vector<std::string>& argv) {
    const Args a(argv);
    const auto files = a.positionals({});
    if (files.size() != 1) throw vernier::InputError("usage: vernier-cli man-page TEMPLATE.1");
    std::ifstream in(files[0]);
    if (!in) throw vernier::InputError("cannot read " + files[0]);
    const std::string marker = ".\\\" vernier-cli:COMMANDS";
    bool replaced = false;
    for (std::string line; std::getline(in, line);) {
        if (line == marker) {
            std::cout << commandsSection();
            replaced = true;
        } else {
            std::cout << line << "\n";
        }
    }
    if (!replaced) throw vernier::InputError(files[0] + ": no '" + marker + "' line to replace");
    return kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(man_page, "man-page", "TEMPLATE.1", runManPage,
                    "(internal) print the man page, its COMMANDS section written from the option definitions",
                    {}, "TEMPLATE: packaging/man/vernier-cli.1", /*hidden=*/true);
