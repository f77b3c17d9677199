// Reads Harbor job folders and leaderboard submission folders (design.md §3.2), plain or zipped.
// Every trial is read on its own: a malformed file sets that trial's loadError and nothing else.
#include <QThread>
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "models/bundle_tree.h"
#include "models/result_set.h"
#include "models/time_parse.h"
#include "scoring/errors.h"

using nlohmann::json;

namespace vernier {

namespace {

// Readers of small files; I/O-bound, so more than the core count helps a cold start.
constexpr std::size_t kImportThreads = 8;

std::string dirOf(const std::string& rel) {
    auto s = rel.find_last_of('/');
    return s == std::string::npos ? std::string() : rel.substr(0, s + 1);
}

std::string baseName(const std::string& path) {
    std::string p = path;
    while (!p.empty() && p.back() == '/')
        p.pop_back();
    auto s = p.find_last_of('/');
    return s == std::string::npos ? p : p.substr(s + 1);
}

std::vector<std::string> split(const std::string& rel) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < rel.size()) {
        auto end = rel.find('/', start);
        if (end == std::string::npos) end = rel.size();
        out.push_back(rel.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

// Parses a JSON file of the tree; throws InputError("<file>: <why>") when unreadable.
json readJson(const BundleTree& tree, const std::string& rel) {
    FileRef ref = tree.ref(rel);
    std::string text = ref.readAll();
    if (text.size() > kMaxMetadataBytes) throw InputError(baseName(rel) + ": file too large");
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) throw InputError(baseName(rel) + ": not valid JSON");
    return j;
}

std::optional<double> number(const json& o, const char* key) {
    if (!o.is_object()) return std::nullopt;
    auto it = o.find(key);
    if (it == o.end() || !it->is_number()) return std::nullopt;
    double v = it->get<double>();
    if (!std::isfinite(v)) return std::nullopt;
    return v;
}

std::optional<std::int64_t> integer(const json& o, const char* key) {
    if (!o.is_object()) return std::nullopt;
    auto it = o.find(key);
    if (it == o.end() || !it->is_number()) return std::nullopt;
    return it->get<std::int64_t>();
}

std::string text(const json& o, const char* key) {
    if (!o.is_object()) return {};
    auto it = o.find(key);
    if (it == o.end() || !it->is_string()) return {};
    return it->get<std::string>();
}

const json& member(const json& o, const char* key) {
    static const json kNull;
    if (!o.is_object()) return kNull;
    auto it = o.find(key);
    return it == o.end() ? kNull : *it;
}

std::string firstLine(std::string s, std::size_t max = 300) {
    auto nl = s.find('\n');
    if (nl != std::string::npos) s.resize(nl);
    if (s.size() > max) s = s.substr(0, max) + "…";
    return s;
}

std::string reasonText(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_array()) {
        std::string out;
        for (const auto& e : v)
            if (e.is_string()) out += (out.empty() ? "" : "; ") + e.get<std::string>();
        return out;
    }
    return {};
}

StageScores parseStage(const json& o) {
    StageScores s;
    s.geometry = number(o, "geometry_similarity");
    s.spec = number(o, "cad_spec_consistency");
    s.combined = number(o, "combined");
    if (!s.combined) s.combined = number(o, "score");
    s.geometryReason = text(o, "geometry_similarity_reason");
    s.specReason = text(o, "cad_spec_consistency_reason");
    if (s.specReason.empty()) s.specReason = text(o, "spec_consistency_reason");
    const json& reasons = member(o, "reasons");
    if (reasons.is_object()) {
        if (s.geometryReason.empty()) s.geometryReason = reasonText(member(reasons, "geometry_similarity"));
        if (s.geometryReason.empty()) s.geometryReason = reasonText(member(reasons, "geometry"));
        if (s.specReason.empty()) s.specReason = reasonText(member(reasons, "cad_spec_consistency"));
        if (s.specReason.empty()) s.specReason = reasonText(member(reasons, "spec"));
    } else if (!reasons.is_null() && s.geometryReason.empty()) {
        s.geometryReason = reasonText(reasons);
    }
    s.gate = text(o, "gate");
    if (s.gate.empty()) s.gate = text(member(o, "details"), "gate");
    if (s.gate.empty() && s.geometry && *s.geometry == 0.0) s.gate = gateFromReason(s.geometryReason);
    return s;
}

RecordedDetails parseDetails(const json& j) {
    RecordedDetails d;
    d.present = true;
    d.single = parseStage(j);
    if (member(j, "base").is_object()) d.base = parseStage(member(j, "base"));
    const json& target = member(j, "target").is_object() ? member(j, "target") : member(j, "edit");
    if (target.is_object()) d.target = parseStage(target);
    return d;
}

// The first of `names` (relative to the trial folder) that the tree has; empty when none.
std::string firstOf(const BundleTree& tree, const std::string& dir,
                    std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (tree.has(dir + n)) return dir + n;
    return {};
}

// Reward file → number; throws InputError with the reason when present but unusable.
std::optional<double> readRewardFile(const BundleTree& tree, const std::string& dir) {
    std::string rj = firstOf(tree, dir, {"verifier/reward.json", "reward.json"});
    if (!rj.empty()) {
        json j = readJson(tree, rj);
        const json& r = j.is_object() ? member(j, "reward") : j;
        if (r.is_null() && j.is_object()) throw InputError(baseName(rj) + ": no \"reward\" key");
        if (!r.is_number()) throw InputError(baseName(rj) + ": \"reward\" is not a number");
        double v = r.get<double>();
        if (!std::isfinite(v)) throw InputError(baseName(rj) + ": \"reward\" is not finite");
        return v;
    }
    std::string rt = firstOf(tree, dir, {"verifier/reward.txt", "reward.txt"});
    if (!rt.empty()) {
        std::string t = tree.read(rt);
        if (t.size() > 256) throw InputError("reward.txt: not a single number");
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(t, &used);
        } catch (const std::exception&) {
            throw InputError("reward.txt: not a number");
        }
        if (t.find_first_not_of(" \t\r\n", used) != std::string::npos || !std::isfinite(v))
            throw InputError("reward.txt: not a single number");
        return v;
    }
    return std::nullopt;
}

void readTimes(const json& r, TrialRecord& t) {
    t.startedAt = parseIsoTime(text(r, "started_at"));
    t.finishedAt = parseIsoTime(text(r, "finished_at"));
    const json& ae = member(r, "agent_execution");
    t.agentStartedAt = parseIsoTime(text(ae, "started_at"));
    t.agentFinishedAt = parseIsoTime(text(ae, "finished_at"));
}

// Reads every field of a trial folder that exists; system/task identity is set by the caller's layout.
void readTrialFolder(const BundleTree& tree, const std::string& dir, TrialRecord& t) {
    auto fail = [&](const std::string& why) {
        if (t.loadError.empty()) t.loadError = why;
    };
    t.trialPath = tree.root() + (dir.empty() ? "" : "/" + dir);

    json config;
    if (tree.has(dir + "config.json")) {
        try {
            config = readJson(tree, dir + "config.json");
        } catch (const InputError& e) {
            t.warnings.push_back(e.what());
        }
    }
    json result;
    t.resultJson = tree.ref(dir + "result.json");
    if (!t.resultJson.empty()) {
        try {
            result = readJson(tree, dir + "result.json");
            if (!result.is_object()) throw InputError("result.json: not a JSON object");
        } catch (const InputError& e) {
            fail(e.what());
            result = json();
        }
    }

    // Identity from the recorded data (the caller may override from the path).
    t.taskName = text(result, "task_name");
    if (t.taskName.empty()) t.taskName = text(member(config, "task"), "name");
    if (t.taskName.empty()) t.taskName = text(member(config, "task"), "path");
    t.trialName = text(result, "trial_name");
    if (t.trialName.empty()) t.trialName = text(config, "trial_name");
    const json& agentInfo = member(result, "agent_info");
    t.system.agent = text(agentInfo, "name");
    t.system.model = text(member(agentInfo, "model_info"), "name");
    if (t.system.agent.empty()) t.system.agent = text(member(config, "agent"), "name");
    if (t.system.model.empty()) t.system.model = text(member(config, "agent"), "model_name");

    if (result.is_object()) {
        readTimes(result, t);
        const json& ar = member(result, "agent_result");
        t.costUsd = number(ar, "cost_usd");
        if (t.costUsd && *t.costUsd < 0) t.costUsd.reset();
        t.tokens.input = integer(ar, "n_input_tokens");
        t.tokens.cache = integer(ar, "n_cache_tokens");
        t.tokens.output = integer(ar, "n_output_tokens");
        const json& ex = member(result, "exception_info");
        if (ex.is_object()) {
            t.exceptionType = text(ex, "exception_type");
            t.exceptionMessage = firstLine(text(ex, "exception_message"));
            if (t.exceptionType.empty() && !t.exceptionMessage.empty()) t.exceptionType = "Exception";
        }
    }

    try {
        t.recordedReward = readRewardFile(tree, dir);
    } catch (const InputError& e) {
        fail(e.what());
    }
    if (!t.recordedReward) {
        const json& rewards = member(member(result, "verifier_result"), "rewards");
        if (rewards.is_number())
            t.recordedReward = rewards.get<double>();
        else
            t.recordedReward = number(rewards, "reward");
    }

    std::string details = firstOf(tree, dir, {"verifier/reward_details.json", "reward_details.json"});
    if (!details.empty()) {
        try {
            json d = readJson(tree, details);
            if (!d.is_object()) throw InputError("reward_details.json: not a JSON object");
            t.recordedDetails = parseDetails(d);
        } catch (const InputError& e) {
            t.warnings.push_back(e.what());
        }
    }

    auto answer = [&](const char* name) {
        for (const char* prefix : {"artifacts/app/", "artifacts/", "app/", ""}) {
            std::string rel = dir + prefix + name;
            if (tree.has(rel)) return tree.ref(rel);
        }
        return FileRef();
    };
    t.answer = answer("answer.FCStd");
    t.answerBase = answer("answer_base.FCStd");
    t.answerEdit = answer("answer_edit.FCStd");
    t.answerPy = answer("answer.py");
    t.trajectory = tree.ref(firstOf(tree, dir, {"agent/trajectory.json", "trajectory.json"}));
    t.agentLog = tree.ref(firstOf(tree, dir, {"agent.log", "agent/agent.log"}));
}

std::string lastComponent(const std::string& name) {
    std::string p = name;
    while (!p.empty() && p.back() == '/')
        p.pop_back();
    auto s = p.find_last_of('/');
    return s == std::string::npos ? p : p.substr(s + 1);
}

} // namespace

void importBundle(const std::string& bundle, std::vector<TrialRecord>& out,
                  std::vector<ImportProblem>& problems, const ImportOptions&) {
    BundleTree tree = BundleTree::open(bundle);
    for (const auto& p : tree.problems())
        problems.push_back(p);

    // Leaderboard submission layout: .../runs/<agent>/<model>/<task_id>/<file>. A bundle given as the
    // runs/ folder itself (or a zip of its contents) counts as being under "runs".
    const bool rootIsRuns = baseName(bundle) == "runs";
    std::map<std::string, std::array<std::string, 3>> submissions; // trial dir -> agent, model, task
    std::set<std::string> resultDirs;
    for (const auto& f : tree.files()) {
        std::vector<std::string> parts = split(f);
        if (rootIsRuns) parts.insert(parts.begin(), "runs");
        bool isSubmission = false;
        for (std::size_t k = 0; k + 4 < parts.size(); ++k) {
            if (parts[k] != "runs") continue;
            std::string dir;
            for (std::size_t i = rootIsRuns ? 1 : 0; i <= k + 3; ++i)
                dir += parts[i] + "/";
            submissions.emplace(dir, std::array<std::string, 3>{parts[k + 1], parts[k + 2], parts[k + 3]});
            isSubmission = true;
            break;
        }
        if (!isSubmission && baseName(f) == "result.json") resultDirs.insert(dirOf(f));
    }

    // Harbor trial folders: folders with a result.json and no deeper folder with one (the job folder's
    // own result.json has trial folders below it).
    std::vector<std::string> harbor;
    for (const auto& d : resultDirs) {
        auto next = resultDirs.upper_bound(d);
        bool hasDeeper = next != resultDirs.end() && next->rfind(d, 0) == 0;
        if (!hasDeeper) harbor.push_back(d);
    }

    // Trials are read in parallel: a cold import waits mostly on small-file reads, which overlap well.
    // Each trial is written to its own slot, so the order (and so every result) is the same as sequential.
    std::vector<std::pair<std::string, const std::array<std::string, 3>*>> jobs;
    for (const auto& d : harbor)
        jobs.emplace_back(d, nullptr);
    for (const auto& [d, id] : submissions)
        jobs.emplace_back(d, &id);
    std::vector<TrialRecord> read(jobs.size());
    auto readOne = [&](std::size_t i) {
        const auto& [d, id] = jobs[i];
        TrialRecord& t = read[i];
        t.bundle = bundle;
        t.bundleKind = id ? "submission" : "harbor";
        readTrialFolder(tree, d, t);
        if (id) {
            t.system = SystemId{(*id)[0], (*id)[1]}; // the layout's path decides the system
            t.taskId = (*id)[2];
            if (t.taskName.empty()) t.taskName = (*id)[2];
            t.trialName = (*id)[0] + "/" + (*id)[1] + "/" + (*id)[2];
            return;
        }
        std::string folder = baseName(d.empty() ? bundle : d);
        if (t.trialName.empty()) t.trialName = folder;
        if (t.taskName.empty()) {
            // Harbor names trial folders "<task>__<suffix>".
            auto sep = folder.find("__");
            t.taskName = sep == std::string::npos ? folder : folder.substr(0, sep);
            if (t.loadError.empty() && t.resultJson.empty())
                t.warnings.push_back("task name taken from folder name");
        }
        t.taskId = lastComponent(t.taskName);
        if (t.system.agent.empty()) t.system.agent = "unknown";
        if (t.system.model.empty()) t.system.model = "unknown";
    };
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i = next.fetch_add(1); i < jobs.size(); i = next.fetch_add(1)) {
            try {
                readOne(i);
            } catch (const std::exception& e) {
                read[i].loadError = std::string("cannot read trial: ") + e.what();
            }
        }
    };
    const std::size_t nThreads = std::min<std::size_t>(kImportThreads, (jobs.size() + 31) / 32);
    // QThread, not std::thread: zipped bundles are read through QuaZip, and a QThread releases its Qt thread
    // data when it finishes instead of at process exit.
    std::vector<std::unique_ptr<QThread>> threads;
    for (std::size_t k = 1; k < nThreads; ++k) {
        threads.emplace_back(QThread::create(worker));
        threads.back()->start();
    }
    worker();
    for (auto& th : threads)
        th->wait();
    for (auto& t : read) {
        if (!t.loadError.empty()) problems.push_back({t.trialPath, t.loadError});
        out.push_back(std::move(t));
    }
}

} // namespace vernier
