#include "models/table_export.h"

#include <cstdio>
#include <cstring>
#include <sstream>
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

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
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
    // Typographic characters the tables use, as UTF-8: unknown, ranges, differences, signs.
    static const std::pair<const char*, const char*> kUnicode[] = {{"\xE2\x80\x94", "---"},
                                                                   {"\xE2\x80\x93", "--"},
                                                                   {"\xCE\x94", "$\\Delta$"},
                                                                   {"\xE2\x88\x92", "$-$"},
                                                                   {"\xE2\x89\xA4", "$\\le$"}};
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
        o << rank++ << ',' << csvField(r.system.agent) << ',' << csvField(r.system.model) << ',' << r.nTrials
          << ',' << fmt(r.overall * 100, 2) << ',' << fmt(r.ci95.lo * 100, 2) << ','
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
        o << rank++ << " & " << latexEscape(r.system.agent) << " & " << latexEscape(r.system.model) << " & "
          << r.nTrials << " & " << fmt(r.overall * 100, 2) << " & [" << fmt(r.ci95.lo * 100, 2) << ", "
          << fmt(r.ci95.hi * 100, 2) << "]";
        for (const auto& w : r.perWorkflow)
            o << " & " << opt(w, 100, 2, dash);
        o << " & " << fmt(r.perfectRate * 100, 2) << " & " << fmt(r.zeroRate * 100, 2) << " & "
          << opt(r.costUsd, 1, 2, dash) << " & " << opt(r.costPerPoint, 1, 2, dash) << " & "
          << opt(r.meanDurationMin, 1, 2, dash) << " \\\\\n";
    }
    o << "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return o.str();
}

std::string zeroCategoriesCsv(const std::vector<SystemSummary>& rows, const std::vector<ZeroCounts>& counts) {
    std::ostringstream o;
    o << "agent,model";
    for (ZeroCategory c : kZeroCategories)
        o << ',' << zeroCategoryKey(c);
    o << '\n';
    for (std::size_t i = 0; i < rows.size() && i < counts.size(); ++i) {
        o << csvField(rows[i].system.agent) << ',' << csvField(rows[i].system.model);
        for (ZeroCategory c : kZeroCategories) {
            auto it = counts[i].counts.find(c);
            o << ',' << (it == counts[i].counts.end() ? 0 : it->second);
        }
        o << '\n';
    }
    return o.str();
}

} // namespace vernier
