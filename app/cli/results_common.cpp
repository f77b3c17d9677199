#include "cli/results_common.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "scoring/errors.h"
#include "worker/rescoring.h"

namespace vernier::cli {

const std::vector<std::string>& resultsOptionsWithValue() {
    static const std::vector<std::string> v = {
        "--tasks",   "--policy",    "--jobs", "--timeout", "--a",        "--b",        "--similar",
        "--caption", "--resamples", "--seed", "--system",  "--workflow", "--category", "--task"};
    return v;
}

ResultSet loadResults(const Args& args) {
    const std::string tasks = args.option("--tasks");
    if (tasks.empty()) throw InputError("--tasks PACK is required");
    std::vector<std::string> bundles = args.positionals(resultsOptionsWithValue());
    if (bundles.empty()) throw InputError("no result bundle given");
    ResultSet set = importResults(bundles, tasks);
    const std::string policy = args.option("--policy", "latest");
    if (policy == "mean")
        set.setPolicy(SelectionPolicy::Mean);
    else if (policy != "latest")
        throw InputError("--policy must be latest or mean");
    return set;
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
    return parseFilter(v, set);
}

namespace {

int parseInt(const std::string& flag, const std::string& text, int lo, int hi) {
    char* end = nullptr;
    long v = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || v < lo || v > hi)
        throw InputError(flag + " must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                         "]");
    return static_cast<int>(v);
}

} // namespace

std::vector<std::pair<std::string, std::string>> cacheDirectories(const ResultSet& set, const Args& args) {
    std::vector<std::pair<std::string, std::string>> out;
    if (args.flag("--no-cache")) return out;
    for (const std::string& b : set.bundles)
        out.emplace_back(b, RescoreCache::directoryFor(b));
    return out;
}

int rescoreAll(ResultSet& set, const Args& args) {
    RescoreOptions o;
    o.workers = parseInt("--jobs", args.option("--jobs", "2"), 1, 64);
    o.timeoutSeconds = parseInt("--timeout", args.option("--timeout", "300"), 1, 86400);
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

void reportProblems(const ResultSet& set) {
    for (const auto& p : set.problems)
        std::fprintf(stderr, "warning: %s: %s\n", p.path.c_str(), p.reason.c_str());
}

} // namespace vernier::cli
