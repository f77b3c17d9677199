#include "cli/results_common.h"

#include <cstdio>
#include <cstdlib>

#include "models/rescoring.h"
#include "scoring/errors.h"

namespace vernier::cli {

const std::vector<std::string>& resultsOptionsWithValue() {
    static const std::vector<std::string> v = {"--tasks", "--policy",  "--jobs",    "--timeout",   "--a",
                                               "--b",     "--similar", "--caption", "--resamples", "--seed"};
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
    std::vector<int> trials;
    for (std::size_t i = 0; i < set.trials.size(); ++i)
        if (set.trials[i].loadError.empty() && set.trials[i].taskIndex >= 0)
            trials.push_back(static_cast<int>(i));
    RescoreEngine engine(o);
    std::string caches;
    for (const auto& [bundle, dir] : cacheDirectories(set, args))
        caches += (caches.empty() ? "" : ", ") + dir;
    std::fprintf(stderr, "rescoring %zu trials with %d worker(s), cache %s\n", trials.size(), o.workers,
                 o.useCache ? caches.c_str() : "off");
    auto results = engine.run(set, trials, [&](const RescoreProgress& p) {
        const TrialRecord& t = set.trials[static_cast<std::size_t>(p.lastTrial)];
        std::fprintf(stderr, "[%d/%d] %s %s\n", p.done, p.total, t.system.label().c_str(),
                     t.trialName.c_str());
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
