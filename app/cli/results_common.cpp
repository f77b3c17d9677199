// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "cli/results_common.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "models/parallel.h"
#include "models/provenance_json.h"
#include "models/report_json.h"
#include "models/table_export.h"
#include "scoring/errors.h"
#include "worker/rescoring.h"

namespace vernier::cli {

const std::vector<std::string>& resultsOptionsWithValue() {
    static const std::vector<std::string> v = {"--tasks", "--policy", "--jobs", "--timeout", "--a", "--b",
                                               "--similar", "--caption", "--resamples", "--seed", "--system",
                                               "--workflow", "--category", "--task", "--format", "--out",
                                               // sharded rescoring (app/cli/rescore_distributed.h)
                                               "--shards", "--partition", "--time", "--mem", "--account",
                                               "--sbatch-arg", "--job-dir", "--emit-sbatch",
                                               // workspace and attempts (docs/workspace.md)
                                               "--workspace", "--attempts", "--rewards", "--dpi"};
    return v;
}

std::vector<OptionSpec> join(std::vector<std::vector<OptionSpec>> groups) {
    std::vector<OptionSpec> out;
    for (auto& g : groups)
        out.insert(out.end(), g.begin(), g.end());
    return out;
}

std::vector<OptionSpec> rescoreOptionSpecs() {
    return {
        {"--jobs", "N", "worker processes for rescoring, 1-64 (default 2)"},
        {"--timeout", "S", "seconds per trial when rescoring, 1-86400 (default 300)"},
        {"--no-cache", nullptr, "neither read nor write the rescoring cache"},
    };
}

std::vector<OptionSpec> resultsOptionSpecs() {
    return join(
        {{
             {"--tasks", "PACK", "the task pack (folder or zip); required without --workspace"},
             {"--workspace", "FILE",
              "a Vernier workspace (*.vernier.json): its bundles, pack, filter, policy and aliases; "
              "options given here override it"},
             {"--policy", "latest|mean|best|first",
              "how the attempts of a task fold into its reward (default latest)", false, false,
              "latest mean best first"},
             {"--attempts", "latest|mean|best|first", "same as --policy", false, false,
              "latest mean best first"},
             {"--rescore", nullptr, "rescore every trial first and report on rescored rewards"},
             {"--rewards", "recorded|rescored",
              "recorded rewards, or rescored ones (rescoring first, as --rescore)", false, false,
              "recorded rescored"},
             {"--split-by-job", nullptr, "every Harbor job of an agent and model is a system of its own"},
             {"--no-index", nullptr,
              "read every trial's files; neither read nor write the bundles' trial index (docs/index.md)"},
         },
         rescoreOptionSpecs()});
}

std::vector<OptionSpec> filterOptionSpecs() {
    return {
        {"--system", "AGENT/MODEL", "keep this system (repeatable)", true},
        {"--workflow", "W", "keep the tasks of this workflow (repeatable)", true, false,
         "creation create_and_edit image_to_cad"},
        {"--category", "C", "keep the tasks of this category (repeatable)", true},
        {"--task", "T", "keep this task id (repeatable)", true},
    };
}

std::vector<OptionSpec> formatOptionSpecs() {
    return {
        {"--format", "table|json|csv|latex|markdown", "output format", false, false,
         "table json csv latex markdown"},
        {"--json", nullptr, "same as --format json"},
        {"--csv", nullptr, "same as --format csv"},
        {"--latex", nullptr, "same as --format latex"},
        {"--out", "FILE", "write the report to FILE (atomically) instead of stdout"},
        {"--csv-raw", nullptr, "CSV cells as they are: no ' before = + - @ TAB CR (docs/cli.md)"},
    };
}

std::optional<Workspace> commandWorkspace(const Args& args) {
    if (args.options("--workspace").empty() && !args.flag("--workspace")) return std::nullopt;
    const std::string path = args.option("--workspace");
    if (path.empty()) throw InputError("--workspace needs a value (FILE)");
    return loadWorkspace(path);
}

namespace {

// --policy and --attempts (one name, or both the same), else the workspace's, else latest.
SelectionPolicy attemptsPolicy(const Args& args, const std::optional<Workspace>& ws) {
    std::string chosen, from;
    for (const char* flag : {"--policy", "--attempts"})
        for (const std::string& v : args.options(flag)) {
            if (!chosen.empty() && v != chosen)
                throw InputError(from + " " + chosen + " and " + flag + " " + v + " disagree");
            chosen = v;
            from = flag;
        }
    if (chosen.empty()) return ws ? ws->policy : SelectionPolicy::LatestFinished;
    const auto p = parseSelectionPolicy(chosen);
    if (!p) throw InputError(from + " must be latest, mean, best or first, got '" + chosen + "'");
    return *p;
}

// The index writes loadResults started (waitForIndexWrites).
std::vector<std::unique_ptr<Beside>>& indexWrites() {
    static std::vector<std::unique_ptr<Beside>> writes;
    return writes;
}

} // namespace

void waitForIndexWrites() {
    // Each write reports its own failure on stderr (the index is then rebuilt on the next open).
    indexWrites().clear();
}

ResultSet loadResults(const Args& args) {
    const std::optional<Workspace> ws = commandWorkspace(args);
    std::string tasks = args.option("--tasks");
    if (tasks.empty() && ws) tasks = ws->taskPack;
    if (tasks.empty())
        throw InputError(ws ? "--tasks PACK is required (the workspace names no task pack)"
                            : "--tasks PACK is required");
    std::vector<std::string> bundles = args.positionals(resultsOptionsWithValue());
    if (bundles.empty() && ws) bundles = ws->enabledBundles();
    if (bundles.empty())
        throw InputError(ws ? "no result bundle given (the workspace has no enabled bundle)"
                            : "no result bundle given");
    const SelectionPolicy policy = attemptsPolicy(args, ws); // a bad value is reported before importing
    const std::string rewards = args.option("--rewards");
    if (!rewards.empty() && rewards != "recorded" && rewards != "rescored")
        throw InputError("--rewards must be recorded or rescored, got '" + rewards + "'");
    // Every command that loads results prints the inputs' hashes (the provenance block): a large zip's is
    // started now, beside its import, instead of read after it (docs/cli.md "Provenance block").
    for (const std::string& b : bundles)
        prefetchFileSha256(b);
    ImportOptions options;
    options.splitByJob = args.flag("--split-by-job") || (ws && ws->splitByJob);
    options.useIndex = !args.flag("--no-index");
    // A first open's index is written beside the command's statistics and output, not before them; the
    // files the import does not read are stat'ed while listing, on many threads, as without deferring.
    std::vector<std::function<void()>> writes;
    options.deferredIndexWrites = &writes;
    options.deferredWriteStats = false;
    ResultSet set = importResults(bundles, tasks, options);
    for (auto& w : writes)
        indexWrites().push_back(std::make_unique<Beside>(std::move(w)));
    set.setPolicy(policy);
    return set;
}

bool wantsRescore(const Args& args) {
    if (args.flag("--rescore")) return true;
    const std::string rewards = args.option("--rewards");
    if (rewards == "rescored") return true;
    if (rewards == "recorded") return false;
    const std::optional<Workspace> ws = commandWorkspace(args);
    return ws && ws->preferRescored;
}

SystemStyles reportStyles(const Args& args) {
    const std::optional<Workspace> ws = commandWorkspace(args);
    return ws ? ws->styles : SystemStyles{};
}

Filter reportFilter(const Args& args, const ResultSet& set) {
    static const char* const kOptions[] = {"--system", "--workflow", "--category", "--task"};
    for (const char* o : kOptions) {
        // "--workflow" as the last word, or "--workflow=" with nothing after it, names no value.
        const std::vector<std::string> given = args.options(o);
        const bool emptyValue = std::find(given.begin(), given.end(), std::string()) != given.end();
        if (emptyValue || (args.flag(o) && given.empty()))
            throw InputError(std::string(o) + " needs a value");
    }
    FilterValues v;
    v.systems = args.options("--system");
    v.workflows = args.options("--workflow");
    v.categories = args.options("--category");
    v.tasks = args.options("--task");
    Filter given = parseFilter(v, set);
    const std::optional<Workspace> ws = commandWorkspace(args);
    if (!ws) return given;
    // The workspace's filter, each dimension given on the command line replacing its own.
    Filter f = ws->filter;
    for (const auto& label : ws->styles.hiddenLabels())
        f.hiddenSystems.insert(label);
    if (!v.systems.empty()) {
        f.systems = given.systems;
        for (const auto& label : given.systems) // named on the command line: shown, hidden or not
            f.hiddenSystems.erase(label);
    }
    if (!v.workflows.empty()) f.workflows = given.workflows;
    if (!v.categories.empty()) f.categories = given.categories;
    if (!v.tasks.empty()) f.tasks = given.tasks;
    // Bundles named on the command line replace the workspace's, and with them its bundle filter.
    if (!args.positionals(resultsOptionsWithValue()).empty()) f.bundles.clear();
    return f;
}

int parseIntOption(const std::string& flag, const std::string& text, int lo, int hi) {
    char* end = nullptr;
    long v = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || v < lo || v > hi)
        throw InputError(flag + " must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                         "]");
    return static_cast<int>(v);
}

OptionSpec readTimeoutOptionSpec() {
    return {"--timeout", "S",
            "give up (exit 2) when reading the documents takes longer than S seconds, 1-86400 (default 300)"};
}

std::unique_ptr<ProcessDeadline> readDeadline(const Args& args, const std::string& command,
                                              const std::string& what) {
    const int seconds = parseIntOption("--timeout", args.option("--timeout", "300"), 1, 86400);
    return std::make_unique<ProcessDeadline>(std::chrono::seconds(seconds),
                                             "vernier-cli " + command + ": " + what +
                                                 " did not finish within " + std::to_string(seconds) +
                                                 " s (--timeout)",
                                             kExitBadInput);
}

std::vector<std::pair<std::string, std::string>> cacheDirectories(const ResultSet& set, const Args& args) {
    std::vector<std::pair<std::string, std::string>> out;
    if (args.flag("--no-cache")) return out;
    for (const std::string& b : set.bundles)
        out.emplace_back(b, RescoreCache::directoryFor(b));
    return out;
}

int rescoreAll(ResultSet& set, const Args& args) {
    RescoreOptions o;
    o.workers = parseIntOption("--jobs", args.option("--jobs", "2"), 1, 64);
    o.timeoutSeconds = parseIntOption("--timeout", args.option("--timeout", "300"), 1, 86400);
    o.useCache = !args.flag("--no-cache");
    std::vector<TrialId> trials;
    for (const TrialRecord& t : set.trials)
        if (t.loadError.empty() && t.taskIndex >= 0) trials.push_back(t.id());
    RescoreEngine engine(o);
    std::string caches;
    for (const auto& [bundle, dir] : cacheDirectories(set, args))
        caches += (caches.empty() ? "" : ", ") + dir;
    std::fprintf(stderr, "rescoring %zu trials with %d worker(s), cache %s\n", trials.size(), o.workers,
                 o.useCache ? caches.c_str() : "off");
    auto results = engine.run(set, trials, [&](const RescoreProgress& p) {
        const TrialRecord* t = set.find(p.lastTrial);
        std::fprintf(stderr, "[%d/%d] %s %s\n", p.done, p.total, t ? t->system.label().c_str() : "",
                     t ? t->trialName.c_str() : p.lastTrial.display().c_str());
    });
    applyRescored(set, results);
    int crashed = 0, cached = 0;
    for (const auto& [i, r] : results) {
        if (r.scorerCrash) ++crashed;
        if (r.fromCache) ++cached;
    }
    std::fprintf(stderr, "rescored %zu trials (%d from cache, %d scorer crashes)\n", results.size(), cached,
                 crashed);
    return static_cast<int>(results.size());
}

Format reportFormat(const Args& args, Format fallback) {
    std::vector<std::pair<std::string, Format>> chosen;
    for (const std::string& f : args.options("--format")) {
        static const std::pair<const char*, Format> kNames[] = {{"table", Format::Table},
                                                                {"json", Format::Json},
                                                                {"csv", Format::Csv},
                                                                {"latex", Format::Latex},
                                                                {"markdown", Format::Markdown}};
        bool known = false;
        for (const auto& [name, format] : kNames)
            if (f == name) {
                chosen.emplace_back("--format " + f, format);
                known = true;
            }
        if (!known) throw InputError("--format must be table, json, csv, latex or markdown, got '" + f + "'");
    }
    if (args.flag("--json")) chosen.emplace_back("--json", Format::Json);
    if (args.flag("--csv")) chosen.emplace_back("--csv", Format::Csv);
    if (args.flag("--latex")) chosen.emplace_back("--latex", Format::Latex);
    for (const auto& c : chosen)
        if (c.second != chosen.front().second)
            throw InputError("choose one output format: " + chosen.front().first + " and " + c.first +
                             " disagree (one of --format, --json, --csv, --latex)");
    return chosen.empty() ? fallback : chosen.front().second;
}

namespace {

// RFC 4180 quoting (a bare CR included) and the formula guard of models/table_export.h (off with --csv-raw).
std::string csvCell(const std::string& s) {
    return csvField(s);
}

std::string latexCell(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&':
        case '%':
        case '$':
        case '#':
        case '_':
        case '{':
        case '}':
            out += '\\';
            out += c;
            break;
        case '~':
            out += "\\textasciitilde{}";
            break;
        case '^':
            out += "\\textasciicircum{}";
            break;
        case '\\':
            out += "\\textbackslash{}";
            break;
        default:
            out += c;
        }
    }
    return out.empty() ? "---" : out;
}

std::string markdownCell(const std::string& s) {
    std::string out;
    for (char c : s)
        out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
    return out;
}

// Display width of UTF-8 text: code points, not bytes (the tables hold "Δ" and file names).
std::size_t width(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80) ++n;
    return n;
}

} // namespace

std::string renderTable(const TextTable& t, Format format, const std::string& caption) {
    std::ostringstream o;
    const auto row = [&](const std::vector<std::string>& cells, auto cell, const char* sep, const char* open,
                         const char* close) {
        o << open;
        for (std::size_t i = 0; i < cells.size(); ++i)
            o << (i ? sep : "") << cell(cells[i]);
        o << close << "\n";
    };
    switch (format) {
    case Format::Csv:
        row(t.header, csvCell, ",", "", "");
        for (const auto& r : t.rows)
            row(r, csvCell, ",", "", "");
        break;
    case Format::Markdown: {
        row(t.header, markdownCell, " | ", "| ", " |");
        o << "|";
        for (std::size_t i = 0; i < t.header.size(); ++i)
            o << "---|";
        o << "\n";
        for (const auto& r : t.rows)
            row(r, markdownCell, " | ", "| ", " |");
        break;
    }
    case Format::Latex: {
        o << "% Requires \\usepackage{booktabs}.\n\\begin{table}[t]\n\\centering\n\\small\n";
        if (!caption.empty()) o << "\\caption{" << latexCell(caption) << "}\n";
        o << "\\begin{tabular}{" << std::string(t.header.size(), 'l') << "}\n\\toprule\n";
        row(t.header, latexCell, " & ", "", " \\\\");
        o << "\\midrule\n";
        for (const auto& r : t.rows)
            row(r, latexCell, " & ", "", " \\\\");
        o << "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
        break;
    }
    case Format::Table:
    case Format::Json: { // JSON reports never come here; aligned text is the safe answer
        std::vector<std::size_t> w(t.header.size(), 0);
        const auto measure = [&](const std::vector<std::string>& cells) {
            for (std::size_t i = 0; i < cells.size() && i < w.size(); ++i)
                w[i] = std::max(w[i], width(cells[i]));
        };
        measure(t.header);
        for (const auto& r : t.rows)
            measure(r);
        const auto line = [&](const std::vector<std::string>& cells) {
            std::string s;
            for (std::size_t i = 0; i < cells.size(); ++i) {
                s += cells[i];
                if (i + 1 < cells.size()) s += std::string(w[i] - width(cells[i]) + 2, ' ');
            }
            o << s << "\n";
        };
        if (!caption.empty()) o << caption << "\n";
        line(t.header);
        for (const auto& r : t.rows)
            line(r);
        break;
    }
    }
    return o.str();
}

TextTable parseCsv(const std::string& csv) {
    TextTable t;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false, atLineStart = true, comment = false;
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (atLineStart && c == '#') comment = true;
        atLineStart = false;
        if (comment) {
            if (c == '\n') comment = false, atLineStart = true;
            continue;
        }
        if (quoted) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"')
                cell += '"', ++i;
            else if (c == '"')
                quoted = false;
            else
                cell += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            cells.push_back(cell), cell.clear();
        } else if (c == '\n') {
            cells.push_back(cell), cell.clear();
            rows.push_back(cells), cells.clear();
            atLineStart = true;
        } else if (c != '\r') {
            cell += c;
        }
    }
    if (!cell.empty() || !cells.empty()) cells.push_back(cell), rows.push_back(cells);
    if (!rows.empty()) {
        t.header = rows.front();
        t.rows.assign(rows.begin() + 1, rows.end());
    }
    return t;
}

void writeFileAtomically(const std::string& path, const std::string& bytes) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string name = target.filename().string();
    name.insert(0, 1, '.');
    name.append(".tmp-XXXXXX");
    std::string tmpl = (dir / name).string();
    const int fd = mkstemp(tmpl.data());
    if (fd < 0) throw InputError("cannot write " + path + ": " + std::strerror(errno));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n <= 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            ::unlink(tmpl.c_str());
            throw InputError("cannot write " + path + ": " + why);
        }
        done += static_cast<std::size_t>(n);
    }
    // mkstemp creates 0600; a report is an ordinary file (0666 less the umask).
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmpl.c_str());
        throw InputError("cannot write " + path + ": " + why);
    }
    if (::rename(tmpl.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmpl.c_str());
        throw InputError("cannot write " + path + ": " + why);
    }
}

void emitReport(const Args& args, const std::string& text) {
    const std::string out = args.option("--out");
    if (out.empty()) {
        std::cout << text << std::flush;
        return;
    }
    writeFileAtomically(out, text);
    std::fprintf(stderr, "wrote %s\n", out.c_str());
}

void reportProblems(const ResultSet& set) {
    for (const auto& p : set.problems)
        std::fprintf(stderr, "warning: %s: %s\n", p.path.c_str(), p.reason.c_str());
}

namespace {

std::string percent(const std::optional<double>& v) {
    if (!v) return "";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", *v * 100);
    return buf;
}

bool anyAlias(const Analysis& a) {
    for (const auto& r : a.rows)
        if (a.displayName(r.system) != a.set->systems[static_cast<std::size_t>(r.system)].label())
            return true;
    return false;
}

int mostAttempts(const Analysis& a) {
    int k = 0;
    for (const auto& r : a.rows)
        k = std::max(k, r.maxAttempts);
    return k;
}

} // namespace

namespace {

// The lines of a text, without their line ends.
std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// The pass@1 and pass@k (perfect, percent) cells of a row; k = the most attempts of any shown system.
std::pair<std::string, std::string> passCells(const SystemRow& r, int k) {
    const auto& curve = r.passPerfect;
    return {curve.empty() ? std::string() : percent(curve.front().value),
            static_cast<int>(curve.size()) >= k ? percent(curve[static_cast<std::size_t>(k - 1)].value)
                                                : std::string()};
}

} // namespace

std::string leaderboardCsvText(const Analysis& a) {
    const std::string base = leaderboardCsv(a);
    if (!a.set || !anyAlias(a)) return base;
    std::string out;
    std::size_t row = 0;
    for (const std::string& line : linesOf(base)) {
        const std::size_t comma = line.find(',');
        if (comma == std::string::npos) {
            out += line + "\n";
            continue;
        }
        const std::string cell = row == 0                  ? std::string("system")
                                 : row - 1 < a.rows.size() ? csvField(a.displayName(a.rows[row - 1].system))
                                                           : std::string();
        out += line.substr(0, comma) + "," + cell + line.substr(comma) + "\n";
        ++row;
    }
    return out;
}

std::string leaderboardLatexText(const Analysis& a, const std::string& caption) {
    const std::string base = leaderboardLatex(a, caption);
    if (!a.set) return base;
    const bool alias = anyAlias(a);
    const int k = mostAttempts(a);
    if (!alias && k <= 1) return base;
    std::string out;
    enum { Before, Header, Rows, After } at = Before;
    std::size_t row = 0;
    const auto extend = [&](std::string line, const std::string& first, const std::string& p1,
                            const std::string& pk) {
        const std::string end = " \\\\";
        if (line.size() < end.size() || line.compare(line.size() - end.size(), end.size(), end) != 0)
            return line;
        line.resize(line.size() - end.size());
        if (alias) {
            const std::size_t amp = line.find(" & ");
            if (amp != std::string::npos) line = line.substr(0, amp) + " & " + first + line.substr(amp);
        }
        if (k > 1) line += " & " + p1 + " & " + pk;
        return line + end;
    };
    for (std::string line : linesOf(base)) {
        const std::string tabular = "\\begin{tabular}{";
        if (at == Before && line.rfind(tabular, 0) == 0 && line.back() == '}') {
            std::string spec = line.substr(tabular.size(), line.size() - tabular.size() - 1);
            if (alias) spec.insert(std::min<std::size_t>(1, spec.size()), "l");
            if (k > 1) spec += "rr";
            line = tabular + spec + "}";
        } else if (line == "\\toprule") {
            at = Header;
        } else if (at == Header) {
            line = extend(line, "System", "pass@1 (\\%)", "pass@" + std::to_string(k) + " (\\%)");
            at = Rows;
        } else if (line == "\\midrule") {
        } else if (line == "\\bottomrule") {
            at = After;
        } else if (at == Rows && row < a.rows.size()) {
            const SystemRow& r = a.rows[row++];
            const auto [p1, pk] = passCells(r, k);
            line = extend(line, latexEscape(a.displayName(r.system)), p1.empty() ? "---" : p1,
                          pk.empty() ? "---" : pk);
        }
        out += line + "\n";
    }
    return out;
}

TextTable leaderboardTable(const Analysis& a) {
    TextTable t = parseCsv(leaderboardCsv(a));
    if (!a.set) return t;
    if (anyAlias(a)) {
        t.header.insert(t.header.begin() + 1, "system");
        for (std::size_t i = 0; i < t.rows.size() && i < a.rows.size(); ++i)
            t.rows[i].insert(t.rows[i].begin() + 1, a.displayName(a.rows[i].system));
    }
    const int k = mostAttempts(a);
    if (k > 1) {
        t.header.push_back("pass@1");
        t.header.push_back("pass@" + std::to_string(k));
        for (std::size_t i = 0; i < t.rows.size() && i < a.rows.size(); ++i) {
            const auto [p1, pk] = passCells(a.rows[i], k);
            t.rows[i].push_back(p1);
            t.rows[i].push_back(pk);
        }
    }
    return t;
}

nlohmann::json withAttemptsAndAliases(nlohmann::json leaderboard, const Analysis& a) {
    using nlohmann::json;
    if (!a.set || !leaderboard.contains("systems")) return leaderboard;
    json& rows = leaderboard["systems"];
    const auto curveJson = [](const std::vector<PassAtK>& curve) {
        json out = json::array();
        for (const auto& p : curve)
            out.push_back(
                {{"k", p.k}, {"value", p.value ? json(tidy(*p.value * 100)) : json()}, {"tasks", p.tasks}});
        return out;
    };
    for (std::size_t i = 0; i < rows.size() && i < a.rows.size(); ++i) {
        const SystemRow& r = a.rows[i];
        const std::string label = a.set->systems[static_cast<std::size_t>(r.system)].label();
        const std::string name = a.displayName(r.system);
        rows[i]["alias"] = name != label ? json(name) : json();
        rows[i]["attempts"] = {
            {"max", r.maxAttempts},
            {"pass_at_k", {{"perfect", curveJson(r.passPerfect)}, {"nonzero", curveJson(r.passNonZero)}}}};
    }
    return leaderboard;
}

} // namespace vernier::cli
