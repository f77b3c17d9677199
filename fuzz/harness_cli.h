// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// fuzz_cli_args: vernier-cli's argument handling on any argument vector. The input is split at NUL bytes into
// the arguments after the program name; app/cli/main.cpp's main() (compiled into the target as
// vernier_cli_main, fuzz/CMakeLists.txt) runs on them: the command lookup and its "did you mean", `help`,
// --help, the option checks before CLI11 and CLI11's own parse. Then, instead of the command's work, a
// parse-only stub reads the arguments the way the commands do (Args, the output format, the integer
// options) and renders them as a report table in that format — no file is read or written, no process is
// started. `version` and `completion`, which touch nothing, run for real. Whatever the vector, main() must
// come back with 0 (ok) or 2 (bad input, one line on stderr): 1 (an internal error: an exception other than
// InputError escaped the argument handling) or anything else aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/results_common.h"
#include "models/table_export.h"
#include "scoring/errors.h"

int vernier_cli_main(int argc, char** argv); // app/cli/main.cpp's main(), renamed for the target

namespace vernier::fuzz {

namespace clidetail {

inline const cli::Command*& current() {
    static const cli::Command* c = nullptr;
    return c;
}

// What a command does with its arguments before any work, on the command now dispatched.
inline int parseOnly(const std::vector<std::string>& raw) {
    const cli::Command* c = current();
    const cli::Args a(raw);
    std::vector<std::string> withValue;
    cli::TextTable table;
    if (c)
        for (const auto& o : c->options) {
            if (o.value) {
                withValue.emplace_back(o.name);
                for (const std::string& v : a.options(o.name))
                    table.header.push_back(std::string(o.name) + "=" + v);
                (void)a.option(o.name, "fallback");
            } else if (a.flag(o.name)) {
                table.header.emplace_back(o.name);
            }
        }
    for (const char* flag : {"--jobs", "--timeout", "--dpi", "--shards", "--index", "--threads"}) {
        const std::string v = a.option(flag);
        if (!v.empty()) (void)cli::parseIntOption(flag, v, 1, 86400);
    }
    const cli::Format format = cli::reportFormat(a, cli::Format::Table);
    // renderTable's rows are as wide as its header (as every command builds them).
    for (std::vector<std::string> row : {a.positionals(withValue), withValue}) {
        row.resize(table.header.size());
        table.rows.push_back(row);
    }
    if (format != cli::Format::Json)
        (void)cli::renderTable(table, format, table.header.empty() ? "" : raw[0]);
    (void)cli::parseCsv(cli::renderTable(table, cli::Format::Csv));
    return cli::kExitOk;
}

// stdout and stderr of the commands go nowhere (sanitizer reports write to fd 2 directly and still show).
inline void silence() {
    static bool done = false;
    if (done) return;
    done = true;
    std::FILE* null = std::fopen("/dev/null", "w");
    if (!null) return;
    stdout = null;
    stderr = null;
    static std::streambuf* const nothing = nullptr;
    std::cout.rdbuf(nothing);
    std::cerr.rdbuf(nothing);
    std::cout.setstate(std::ios::badbit);
    std::cerr.setstate(std::ios::badbit);
    // Every command but the two that touch nothing becomes the parse-only stub (the harness owns the
    // registry: nothing else runs in this process).
    for (auto& c : const_cast<std::vector<cli::Command>&>(cli::commands()))
        if (std::strcmp(c.name, "version") != 0 && std::strcmp(c.name, "completion") != 0) c.run = parseOnly;
}

} // namespace clidetail

inline void cliArgs(const std::uint8_t* data, std::size_t size) {
    clidetail::silence();
    std::vector<std::string> args = {"vernier-cli"};
    std::string cur;
    for (std::size_t i = 0; i < size && args.size() < 64; ++i) {
        if (data[i] == 0) {
            args.push_back(cur);
            cur.clear();
        } else {
            cur += static_cast<char>(data[i]);
        }
    }
    if (size > 0 && args.size() < 64) args.push_back(cur);
    clidetail::current() = nullptr;
    if (args.size() > 1)
        for (const auto& c : cli::commands())
            if (args[1] == c.name) clidetail::current() = &c;
    std::vector<char*> argv;
    for (auto& s : args)
        argv.push_back(s.data());
    argv.push_back(nullptr);
    setCsvRaw(false);
    const int rc = vernier_cli_main(static_cast<int>(args.size()), argv.data());
    if (rc != cli::kExitOk && rc != cli::kExitBadInput) {
        std::fprintf(::fdopen(2, "w"), "vernier-cli exited %d on this argument vector\n", rc);
        std::abort();
    }
}

} // namespace vernier::fuzz
