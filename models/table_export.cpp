// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/table_export.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string_view>
#include <utility>

namespace vernier {

namespace {

std::string fmt(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string opt(const std::optional<double>& v, double scale, int decimals, const std::string& unknown) {
    return v ? fmt(*v * scale, decimals) : unknown;
}

} // namespace

namespace {

bool isNumber(const std::string& s) {
    if (s.empty()) return false;
    char* end = nullptr;
    std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && s.find_first_of(" \t\r\n") == std::string::npos;
}

} // namespace

namespace {
bool gCsvRaw = false;
} // namespace

void setCsvRaw(bool raw) {
    gCsvRaw = raw;
}

bool csvRaw() {
    return gCsvRaw;
}

std::string csvField(const std::string& raw) {
    std::string s = raw;
    // A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
    // apostrophe (OWASP CSV-injection guidance); numbers stay numbers.
    if (!gCsvRaw && !s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos &&
        !isNumber(s))
        s.insert(s.begin(), '\'');
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::string trialsCsv(const ResultSet& set, const std::vector<int>& trials) {
    std::ostringstream o;
    // The shortest text that reads back as the same double: exactly what was recorded.
    const auto num = [](const std::optional<double>& v) {
        if (!v) return std::string();
        char buf[32];
        auto r = std::to_chars(buf, buf + sizeof buf, *v);
        return std::string(buf, r.ptr);
    };
    const auto stage = [&](const Boxed<StageScores>& st, bool geometry) -> std::optional<double> {
        if (!st) return std::nullopt;
        return geometry ? st->geometry : st->spec;
    };
    o << "trial_name,bundle,task_id,workflow,agent,model,reward_used,reward_recorded,reward_rescored,"
         "geometry_similarity,cad_spec_consistency,base_geometry_similarity,base_cad_spec_consistency,"
         "edit_geometry_similarity,edit_cad_spec_consistency,zero_category,gate,exception_type,cost_usd,"
         "input_tokens,cached_tokens,output_tokens,duration_min,load_error\n";
    for (int i : trials) {
        if (i < 0 || i >= static_cast<int>(set.trials.size())) continue;
        const TrialRecord& t = set.trials[static_cast<std::size_t>(i)];
        const bool valid = t.loadError.empty() && t.taskIndex >= 0;
        const RecordedDetails& d = t.recordedDetails;
        const bool useRescored = set.preferRescored() && t.rescored.has_value();
        const StageScores& single = useRescored ? t.rescored->single : d.single;
        const Boxed<StageScores>& base = useRescored ? t.rescored->base : d.base;
        const Boxed<StageScores>& edit = useRescored ? t.rescored->target : d.target;
        const auto tokens = [](const std::optional<std::int64_t>& v) {
            return v ? std::to_string(*v) : std::string();
        };
        const auto dur = t.durationSeconds();
        o << csvField(t.trialName) << ',' << csvField(t.bundle) << ',' << csvField(t.taskId) << ','
          << (t.taskIndex >= 0 ? workflowKey(set.tasks[static_cast<std::size_t>(t.taskIndex)].workflow) : "")
          << ',' << csvField(t.system.agent) << ',' << csvField(t.system.modelAndVariant()) << ','
          << (valid ? num(t.effectiveReward(set.preferRescored())) : std::string()) << ','
          << num(t.recordedReward) << ',' << (t.rescored ? num(t.rescored->reward) : std::string()) << ','
          << num(single.geometry) << ',' << num(single.spec) << ',' << num(stage(base, true)) << ','
          << num(stage(base, false)) << ',' << num(stage(edit, true)) << ',' << num(stage(edit, false)) << ','
          << (t.zero.category == ZeroCategory::None ? "" : zeroCategoryKey(t.zero.category)) << ','
          << csvField(t.zero.gate) << ',' << csvField(t.exceptionType) << ',' << num(t.costUsd) << ','
          << tokens(t.tokens.input) << ',' << tokens(t.tokens.cache) << ',' << tokens(t.tokens.output) << ','
          << (dur ? num(*dur / 60.0) : std::string()) << ',' << csvField(t.loadError) << '\n';
    }
    return o.str();
}

std::string latexEscape(const std::string& s) {
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
    // Typographic characters the tables use, as UTF-8: unknown, ranges, differences, signs, the variant dot.
    static const std::pair<const char*, const char*> kUnicode[] = {
        {"\xE2\x80\x94", "---"}, {"\xE2\x80\x93", "--"},     {"\xCE\x94", "$\\Delta$"},
        {"\xE2\x88\x92", "$-$"}, {"\xE2\x89\xA4", "$\\le$"}, {"\xC2\xB7", "$\\cdot$"}};
    for (const auto& [from, to] : kUnicode)
        for (std::size_t at = out.find(from); at != std::string::npos;
             at = out.find(from, at + std::strlen(to)))
            out.replace(at, std::strlen(from), to);
    return out;
}

std::string leaderboardCsv(const std::vector<SystemSummary>& rows) {
    std::ostringstream o;
    o << "rank,agent,model,n_trials,overall,ci95_lo,ci95_hi,creation,create_and_edit,image_to_cad,"
         "perfect_rate,zero_rate,cost_usd,cost_per_point,mean_duration_min,overall_method\n";
    int rank = 1;
    for (const auto& r : rows) {
        o << rank++ << ',' << csvField(r.system.agent) << ',' << csvField(r.system.modelAndVariant()) << ','
          << r.nTrials << ',' << fmt(r.overall * 100, 2) << ',' << fmt(r.ci95.lo * 100, 2) << ','
          << fmt(r.ci95.hi * 100, 2);
        for (const auto& w : r.perWorkflow)
            o << ',' << opt(w, 100, 2, "");
        o << ',' << fmt(r.perfectRate * 100, 2) << ',' << fmt(r.zeroRate * 100, 2) << ','
          << opt(r.costUsd, 1, 2, "") << ',' << opt(r.costPerPoint, 1, 2, "") << ','
          << opt(r.meanDurationMin, 1, 2, "") << ',' << overallMethodText(r.overallMethod) << '\n';
    }
    return o.str();
}

std::string leaderboardLatex(const std::vector<SystemSummary>& rows, const std::string& caption) {
    std::ostringstream o;
    const std::string dash = "---";
    o << "% Requires \\usepackage{booktabs}. Scores and intervals in points (0--100), rates in percent.\n"
      << "\\begin{table}[t]\n\\centering\n\\small\n";
    if (!caption.empty()) o << "\\caption{" << latexEscape(caption) << "}\n";
    o << "\\begin{tabular}{rllrrcrrrrrrrr}\n\\toprule\n"
      << "\\# & Agent & Model & Trials & Overall & 95\\% CI & Creation & Create \\& edit & Image to CAD & "
         "Perfect (\\%) & Zero (\\%) & Cost (USD) & \\$/point & Duration (min) \\\\\n\\midrule\n";
    int rank = 1;
    for (const auto& r : rows) {
        o << rank++ << " & " << latexEscape(r.system.agent) << " & "
          << latexEscape(r.system.modelAndVariant()) << " & " << r.nTrials << " & " << fmt(r.overall * 100, 2)
          << " & [" << fmt(r.ci95.lo * 100, 2) << ", " << fmt(r.ci95.hi * 100, 2) << "]";
        for (const auto& w : r.perWorkflow)
            o << " & " << opt(w, 100, 2, dash);
        o << " & " << fmt(r.perfectRate * 100, 2) << " & " << fmt(r.zeroRate * 100, 2) << " & "
          << opt(r.costUsd, 1, 2, dash) << " & " << opt(r.costPerPoint, 1, 2, dash) << " & "
          << opt(r.meanDurationMin, 1, 2, dash) << " \\\\\n";
    }
    o << "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return o.str();
}

namespace {

// The summaries and per-workflow intervals of an analysis' rows, in leaderboard order.
std::vector<SystemSummary> summariesOf(const Analysis& a) {
    std::vector<SystemSummary> out;
    for (const auto& r : a.rows)
        out.push_back(r.summary);
    return out;
}

std::string ciText(const std::optional<Interval>& ci, bool hi) {
    return ci ? fmt((hi ? ci->hi : ci->lo) * 100, 2) : std::string();
}

} // namespace

std::string leaderboardCsv(const Analysis& a) {
    // The summary table, each line extended by the six interval columns.
    const std::string base = leaderboardCsv(summariesOf(a));
    std::istringstream in(base);
    std::ostringstream o;
    std::string line;
    std::getline(in, line);
    o << line;
    for (Workflow w : kWorkflows)
        o << ',' << workflowKey(w) << "_ci95_lo," << workflowKey(w) << "_ci95_hi";
    o << '\n';
    for (const auto& r : a.rows) {
        if (!std::getline(in, line)) break;
        o << line;
        for (const auto& ci : r.workflowCi95)
            o << ',' << ciText(ci, false) << ',' << ciText(ci, true);
        o << '\n';
    }
    return o.str();
}

std::string leaderboardLatex(const Analysis& a, const std::string& caption) {
    std::ostringstream o;
    const std::string dash = "---";
    const auto ci = [&](const std::optional<Interval>& c) {
        return c ? "[" + fmt(c->lo * 100, 2) + ", " + fmt(c->hi * 100, 2) + "]" : dash;
    };
    o << "% Requires \\usepackage{booktabs}. Scores and intervals in points (0--100), rates in percent.\n"
      << "\\begin{table}[t]\n\\centering\n\\small\n";
    if (!caption.empty()) o << "\\caption{" << latexEscape(caption) << "}\n";
    o << "\\begin{tabular}{rllrrcrcrcrcrrrrr}\n\\toprule\n"
      << "\\# & Agent & Model & Trials & Overall & 95\\% CI & Creation & 95\\% CI & Create \\& edit & 95\\% "
         "CI & "
         "Image to CAD & 95\\% CI & Perfect (\\%) & Zero (\\%) & Cost (USD) & \\$/point & Duration (min) "
         "\\\\\n\\midrule\n";
    int rank = 1;
    for (const auto& row : a.rows) {
        const SystemSummary& r = row.summary;
        o << rank++ << " & " << latexEscape(r.system.agent) << " & "
          << latexEscape(r.system.modelAndVariant()) << " & " << r.nTrials << " & " << fmt(r.overall * 100, 2)
          << " & " << ci(r.ci95);
        for (std::size_t w = 0; w < r.perWorkflow.size() && w < row.workflowCi95.size(); ++w)
            o << " & " << opt(r.perWorkflow[w], 100, 2, dash) << " & " << ci(row.workflowCi95[w]);
        o << " & " << fmt(r.perfectRate * 100, 2) << " & " << fmt(r.zeroRate * 100, 2) << " & "
          << opt(r.costUsd, 1, 2, dash) << " & " << opt(r.costPerPoint, 1, 2, dash) << " & "
          << opt(r.meanDurationMin, 1, 2, dash) << " \\\\\n";
    }
    o << "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return o.str();
}

HeatmapTable heatmapTable(const Analysis& a) {
    HeatmapTable t;
    if (!a.set) return t;
    const ResultSet& set = *a.set;
    std::vector<int> columns;
    for (Workflow w : kWorkflows)
        for (int task : a.tasks)
            if (set.tasks[static_cast<std::size_t>(task)].workflow == w) {
                columns.push_back(task);
                t.tasks.push_back(set.tasks[static_cast<std::size_t>(task)].id);
                t.workflows.push_back(workflowKey(w));
            }
    for (const auto& row : a.rows) {
        t.systems.push_back(a.displayName(row.system));
        t.systemIndices.push_back(row.system);
        std::vector<std::optional<double>> cells;
        for (int task : columns) {
            const auto r = set.selectedReward(row.system, task);
            cells.push_back(r ? std::optional<double>(*r * 100) : std::nullopt);
        }
        t.points.push_back(std::move(cells));
    }
    return t;
}

std::vector<std::vector<std::string>> heatmapCells(const HeatmapTable& t) {
    std::vector<std::vector<std::string>> out;
    std::vector<std::string> header{"system"};
    header.insert(header.end(), t.tasks.begin(), t.tasks.end());
    out.push_back(std::move(header));
    for (std::size_t s = 0; s < t.systems.size(); ++s) {
        std::vector<std::string> row{t.systems[s]};
        for (const auto& p : t.points[s])
            row.push_back(p ? fmt(*p, 2) : std::string());
        out.push_back(std::move(row));
    }
    return out;
}

std::string tableCsv(const std::vector<std::vector<std::string>>& rows) {
    std::ostringstream o;
    for (const auto& r : rows) {
        for (std::size_t i = 0; i < r.size(); ++i)
            o << (i ? "," : "") << csvField(r[i]);
        o << '\n';
    }
    return o.str();
}

std::string tableLatex(const std::vector<std::vector<std::string>>& rows, const std::string& caption) {
    std::ostringstream o;
    const std::size_t width = rows.empty() ? 0 : rows.front().size();
    o << "% Requires \\usepackage{booktabs}.\n\\begin{table}[t]\n\\centering\n\\small\n";
    if (!caption.empty()) o << "\\caption{" << latexEscape(caption) << "}\n";
    o << "\\begin{tabular}{l" << std::string(width > 0 ? width - 1 : 0, 'r') << "}\n\\toprule\n";
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (std::size_t i = 0; i < rows[r].size(); ++i)
            o << (i ? " & " : "") << (rows[r][i].empty() ? std::string("---") : latexEscape(rows[r][i]));
        o << " \\\\\n";
        if (r == 0) o << "\\midrule\n";
    }
    o << "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return o.str();
}

std::string tableMarkdown(const std::vector<std::vector<std::string>>& rows) {
    std::ostringstream o;
    const auto cell = [](const std::string& s) {
        std::string out;
        for (char c : s)
            out += c == '|'                   ? std::string("\\|")
                   : (c == '\n' || c == '\r') ? std::string(" ")
                                              : std::string(1, c);
        return out;
    };
    for (std::size_t r = 0; r < rows.size(); ++r) {
        o << "|";
        for (const auto& c : rows[r])
            o << " " << cell(c) << " |";
        o << '\n';
        if (r == 0) {
            o << "|";
            for (std::size_t i = 0; i < rows[r].size(); ++i)
                o << "---|";
            o << '\n';
        }
    }
    return o.str();
}

std::string zeroCategoriesCsv(const std::vector<SystemSummary>& rows, const std::vector<ZeroCounts>& counts) {
    std::ostringstream o;
    o << "agent,model";
    for (ZeroCategory c : kZeroCategories)
        o << ',' << zeroCategoryKey(c);
    o << '\n';
    for (std::size_t i = 0; i < rows.size() && i < counts.size(); ++i) {
        o << csvField(rows[i].system.agent) << ',' << csvField(rows[i].system.modelAndVariant());
        for (ZeroCategory c : kZeroCategories) {
            auto it = counts[i].counts.find(c);
            o << ',' << (it == counts[i].counts.end() ? 0 : it->second);
        }
        o << '\n';
    }
    return o.str();
}

} // namespace vernier
