// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Reads one Harbor trial folder (docs/formats.md "Trial folder"): result.json, the reward files, the
// verifier's details, the artifact manifest and where the answers are, the steps of a multi-step trial. A
// malformed file sets that trial's loadError or a warning and nothing else. The bundle's layouts are
// models/bundle_import.cpp.
#include "models/harbor_trial.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "models/atif_trajectory.h"
#include "models/json_text.h"
#include "models/time_parse.h"
#include "scoring/errors.h"

using nlohmann::json;

namespace vernier::harbor {

std::string baseName(const std::string& path) {
    std::string p = path;
    while (!p.empty() && p.back() == '/')
        p.pop_back();
    auto s = p.find_last_of('/');
    return s == std::string::npos ? p : p.substr(s + 1);
}

namespace {

// A JSON file of a tree or of one of its folders, without the members `skips` names; throws
// InputError("<file>: <why>") when unreadable.
template <class Files>
json readJsonOf(const Files& files, const std::string& rel, const JsonSkips* skips = nullptr) {
    // A file over the limit is refused by its size, before a byte is read: reading first held a file of up to
    // FileRef's 1 GiB cap in memory just to refuse it.
    std::optional<std::string> text = files.readAtMost(rel, kMaxMetadataBytes);
    if (!text) throw InputError(baseName(rel) + ": file too large");
    std::optional<json> j = skips ? parseJsonText(*text, *skips) : parseJsonText(*text);
    if (!j) throw InputError(baseName(rel) + ": not valid JSON");
    return std::move(*j);
}

} // namespace

json readJson(const BundleTree& tree, const std::string& rel) {
    return readJsonOf(tree, rel);
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

std::optional<double> number(const json& o, const char* key) {
    if (!o.is_object()) return std::nullopt;
    auto it = o.find(key);
    if (it == o.end() || !it->is_number()) return std::nullopt;
    double v = it->get<double>();
    if (!std::isfinite(v)) return std::nullopt;
    return v;
}

// A number as a 64-bit integer, converted as nlohmann's get<int64_t> converts it where that is defined: an
// unsigned above INT64_MAX, or a float outside the int64 range (a token count of 4e36 in a hostile
// result.json, found by fuzz_trial_files), gives nothing instead of undefined behaviour.
std::optional<std::int64_t> integer(const json& o, const char* key) {
    if (!o.is_object()) return std::nullopt;
    auto it = o.find(key);
    if (it == o.end() || !it->is_number()) return std::nullopt;
    if (it->is_number_unsigned()) {
        const auto u = it->get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
        return static_cast<std::int64_t>(u);
    }
    if (it->is_number_integer()) return it->get<std::int64_t>();
    const double v = it->get<double>();
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) return std::nullopt; // NaN too
    return static_cast<std::int64_t>(v);
}

namespace {

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
std::string firstOf(const BundleTree::Folder& folder, const std::string& dir,
                    std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (folder.has(dir + n)) return dir + n;
    return {};
}

// Reward file → number; throws InputError with the reason when present but unusable.
// verifier_result.rewards as (key, number) pairs in recorded order; a bare number is {"reward": n}.
std::vector<std::pair<std::string, double>> rewardPairs(const json& rewards) {
    std::vector<std::pair<std::string, double>> out;
    if (rewards.is_number()) {
        double v = rewards.get<double>();
        if (std::isfinite(v)) out.emplace_back("reward", v);
    } else if (rewards.is_object()) {
        for (auto it = rewards.begin(); it != rewards.end(); ++it)
            if (it->is_number() && std::isfinite(it->get<double>()))
                out.emplace_back(it.key(), it->get<double>());
    }
    return out;
}

// Other numeric keys of reward.json go to `otherKeys`.
std::optional<double> readRewardFile(const BundleTree::Folder& folder, const std::string& dir,
                                     std::vector<std::pair<std::string, double>>* otherKeys) {
    std::string rj = firstOf(folder, dir, {"verifier/reward.json", "reward.json"});
    if (!rj.empty()) {
        json j = readJsonOf(folder, rj);
        if (j.is_object() && otherKeys)
            for (const auto& [k, v] : rewardPairs(j))
                if (k != "reward") otherKeys->emplace_back(k, v);
        const json& r = j.is_object() ? member(j, "reward") : j;
        if (r.is_null() && j.is_object()) throw InputError(baseName(rj) + ": no \"reward\" key");
        if (!r.is_number()) throw InputError(baseName(rj) + ": \"reward\" is not a number");
        double v = r.get<double>();
        if (!std::isfinite(v)) throw InputError(baseName(rj) + ": \"reward\" is not finite");
        return v;
    }
    std::string rt = firstOf(folder, dir, {"verifier/reward.txt", "reward.txt"});
    if (!rt.empty()) {
        // Sized before it is read: a reward file is a few bytes, and a huge one is not read at all.
        const std::optional<std::string> bytes = folder.readAtMost(rt, 256);
        if (!bytes) throw InputError("reward.txt: not a single number");
        const std::string& t = *bytes;
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

// agent_result (Harbor's AgentContext): every field may be null; an all-null object is unknown usage.
bool readUsage(const json& ar, std::optional<double>& cost, TokenCounts& tokens) {
    cost = number(ar, "cost_usd");
    if (cost && *cost < 0) cost.reset();
    tokens.input = integer(ar, "n_input_tokens");
    tokens.cache = integer(ar, "n_cache_tokens");
    tokens.output = integer(ar, "n_output_tokens");
    return cost || tokens.input || tokens.cache || tokens.output;
}

void readException(const json& ex, std::string& type, std::string& message) {
    if (!ex.is_object()) return;
    type = text(ex, "exception_type");
    message = firstLine(text(ex, "exception_message"));
    if (type.empty() && !message.empty()) type = "Exception";
}

// Places an answer file can be in a (step) folder, in order (docs/formats.md, "Where the answers are"):
// the folder itself, the task-artifact copy of /app, the agent's /logs/artifacts convention folder (since
// Harbor 0.20 under artifacts/logs/artifacts/), and the older artifacts/<file>.
constexpr const char* kAnswerPrefixes[] = {"artifacts/app/",
                                           "artifacts/logs/artifacts/app/",
                                           "artifacts/logs/artifacts/",
                                           "artifacts/",
                                           "app/",
                                           "logs/artifacts/",
                                           ""};

// The artifact manifest of a (step) folder: destinations of entries collected, and problems for the rest.
struct ArtifactManifest {
    std::vector<std::string> fileDestinations; // relative to the folder, status ok, type file
    std::vector<std::string> dirDestinations;  // relative to the folder with a trailing '/', status ok
};

ArtifactManifest readManifest(const BundleTree::Folder& folder, const std::string& dir, TrialRecord& t,
                              const std::string& stepLabel) {
    ArtifactManifest m;
    const std::string rel = dir + "artifacts/manifest.json";
    if (!folder.has(rel)) return m;
    json j;
    try {
        j = readJsonOf(folder, rel);
    } catch (const InputError& e) {
        t.warnings.push_back(stepLabel + e.what());
        return m;
    }
    if (!j.is_array()) {
        t.warnings.push_back(stepLabel + "artifacts/manifest.json: not a list");
        return m;
    }
    for (const auto& e : j) {
        std::string dest = text(e, "destination");
        std::string status = text(e, "status");
        std::string source = text(e, "source");
        while (!dest.empty() && dest.back() == '/')
            dest.pop_back();
        if (dest.find("..") != std::string::npos || (!dest.empty() && dest.front() == '/')) continue;
        if (status != "ok") {
            t.artifactProblems.push_back(stepLabel + (source.empty() ? dest : source) + ": " +
                                         (status.empty() ? "no status" : status));
            continue;
        }
        if (dest.empty()) continue;
        // Destinations are relative to the trial (or step) folder; "artifacts/..." or bare names.
        std::string d = dest.rfind("artifacts/", 0) == 0 ? dest : "artifacts/" + dest;
        if (text(e, "type") == "directory")
            m.dirDestinations.push_back(d + "/");
        else
            m.fileDestinations.push_back(d);
    }
    return m;
}

// The first place under `dir` holding `name`: manifest destinations first (they say where Harbor put the
// file), then the known folders.
FileRef findAnswer(const BundleTree::Folder& folder, const std::string& dir, const ArtifactManifest& m,
                   const char* name) {
    for (const auto& f : m.fileDestinations)
        if (baseName(f) == name)
            if (FileRef r = folder.ref(dir + f); !r.empty()) return r;
    for (const auto& d : m.dirDestinations)
        for (const char* sub : {"", "app/"})
            if (FileRef r = folder.ref(dir + d + sub + name); !r.empty()) return r;
    for (const char* prefix : kAnswerPrefixes)
        if (FileRef r = folder.ref(dir + prefix + name); !r.empty()) return r;
    return FileRef();
}

struct AnswerFiles {
    FileRef answer, base, edit, py;
};

AnswerFiles findAnswers(const BundleTree::Folder& folder, const std::string& dir, const ArtifactManifest& m) {
    return {findAnswer(folder, dir, m, "answer.FCStd"), findAnswer(folder, dir, m, "answer_base.FCStd"),
            findAnswer(folder, dir, m, "answer_edit.FCStd"), findAnswer(folder, dir, m, "answer.py")};
}

std::string lowerCase(std::string s) {
    for (auto& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Which create-and-edit stage a step produced, when its name or its files say so; never guessed.
void mapStepToStage(StepRecord& st, const AnswerFiles& files) {
    const std::string n = lowerCase(st.name);
    if (n == "base" || n == "create" || n == "base_stage") {
        st.stage = "base";
        st.stageBasis = "step name";
    } else if (n == "edit" || n == "target" || n == "edit_stage") {
        st.stage = "edit";
        st.stageBasis = "step name";
    } else if (!files.base.empty() && files.edit.empty()) {
        st.stage = "base";
        st.stageBasis = "answer_base.FCStd in the step's folder";
    } else if (!files.edit.empty() && files.base.empty()) {
        st.stage = "edit";
        st.stageBasis = "answer_edit.FCStd in the step's folder";
    }
}

RecordedDetails readDetailsFile(const BundleTree::Folder& folder, const std::string& dir, TrialRecord& t,
                                const std::string& label) {
    std::string details = firstOf(folder, dir, {"verifier/reward_details.json", "reward_details.json"});
    if (details.empty()) return {};
    try {
        json d = readJsonOf(folder, details);
        if (!d.is_object()) throw InputError("reward_details.json: not a JSON object");
        return parseDetails(d);
    } catch (const InputError& e) {
        t.warnings.push_back(label + e.what());
    }
    return {};
}

// Harbor multi-step trial: step_results[] with steps/<name>/ folders (docs/formats.md).
void readSteps(const BundleTree::Folder& folder, const std::string& dir, const json& stepResults,
               TrialRecord& t, AnswerFiles& answers) {
    std::optional<double> cost;
    TokenCounts tokens;
    int costKnown = 0, withUsage = 0;
    RecordedDetails lastDetails, baseDetails, editDetails;
    for (const auto& sr : stepResults) {
        if (!sr.is_object()) continue;
        StepRecord st;
        st.name = text(sr, "step_name");
        if (st.name.empty()) st.name = "step " + std::to_string(t.steps.size() + 1);
        const std::string sdir = dir + "steps/" + st.name + "/";
        const bool safeName = st.name.find('/') == std::string::npos && st.name != ".." && st.name != ".";
        if (safeName) {
            auto it = std::lower_bound(folder.begin(), folder.end(), sdir);
            if (it != folder.end() && it->rfind(sdir, 0) == 0) st.dir = sdir;
        }
        if (readUsage(member(sr, "agent_result"), st.costUsd, st.tokens)) ++withUsage;
        auto add = [](std::optional<std::int64_t>& acc, std::optional<std::int64_t> v) {
            if (v) acc = acc.value_or(0) + *v;
        };
        if (st.costUsd) {
            cost = cost.value_or(0.0) + *st.costUsd;
            ++costKnown;
        }
        add(tokens.input, st.tokens.input);
        add(tokens.cache, st.tokens.cache);
        add(tokens.output, st.tokens.output);
        const json& ae = member(sr, "agent_execution");
        st.agentStartedAt = parseIsoTime(text(ae, "started_at"));
        st.agentFinishedAt = parseIsoTime(text(ae, "finished_at"));
        const json& ve = member(sr, "verifier");
        st.verifierStartedAt = parseIsoTime(text(ve, "started_at"));
        st.verifierFinishedAt = parseIsoTime(text(ve, "finished_at"));
        const json& vr = member(sr, "verifier_result");
        st.hasVerifierResult = vr.is_object();
        st.rewards = rewardPairs(member(vr, "rewards"));
        readException(member(sr, "exception_info"), st.exceptionType, st.exceptionMessage);

        AnswerFiles files;
        if (!st.dir.empty()) {
            const std::string label = "step " + st.name + ": ";
            ArtifactManifest m = readManifest(folder, st.dir, t, label);
            files = findAnswers(folder, st.dir, m);
            RecordedDetails d = readDetailsFile(folder, st.dir, t, label);
            if (d.present) lastDetails = d;
            mapStepToStage(st, files);
            if (d.present && st.stage == "base") baseDetails = d;
            if (d.present && st.stage == "edit") editDetails = d;
            if (t.agentLog.empty()) {
                // The files are sorted: those under the step's agent/ folder are one run (not a whole scan
                // per step, which is quadratic in a large bundle).
                const std::string agentDir = st.dir + "agent/";
                for (auto it = std::lower_bound(folder.begin(), folder.end(), agentDir);
                     it != folder.end() && it->compare(0, agentDir.size(), agentDir) == 0; ++it) {
                    const std::string& f = *it;
                    if (f.size() > 4 && f.compare(f.size() - 4, 4, ".txt") == 0 &&
                        f.find('/', agentDir.size()) == std::string::npos) {
                        t.agentLog = folder.ref(f);
                        break;
                    }
                }
            }
            if (t.trajectory.empty())
                t.trajectory =
                    folder.ref(firstOf(folder, st.dir, {"agent/trajectory.json", "trajectory.json"}));
        } else {
            mapStepToStage(st, files);
        }
        // A stage's own answer comes from its step; other steps' copies fill what is still missing.
        if (st.stage == "base" && !files.base.empty()) answers.base = files.base;
        if (st.stage == "edit" && !files.edit.empty()) answers.edit = files.edit;
        if (answers.base.empty()) answers.base = files.base;
        if (answers.edit.empty()) answers.edit = files.edit;
        if (!files.answer.empty()) answers.answer = files.answer; // the last step's wins
        if (!files.py.empty()) answers.py = files.py;

        if (!st.exceptionType.empty() && !st.hasVerifierResult && t.stoppedAtStep.empty()) {
            t.stoppedAtStep = st.name;
            t.stopReason = st.exceptionType + (st.exceptionMessage.empty() ? "" : ": " + st.exceptionMessage);
        }
        t.steps.push_back(std::move(st));
    }
    if (withUsage > 0) {
        t.costUsd = cost;
        t.tokens = tokens;
        t.usageSource = "steps";
        if (costKnown > 0 && costKnown < static_cast<int>(t.steps.size()))
            t.warnings.push_back("cost known for " + std::to_string(costKnown) + " of " +
                                 std::to_string(t.steps.size()) + " steps; the total is a lower bound");
    }
    // Details: a two-stage file from the last step that has one; else the stages' own files.
    if (lastDetails.present && (lastDetails.base || lastDetails.target)) {
        t.recordedDetails = lastDetails;
    } else if (baseDetails.present || editDetails.present) {
        t.recordedDetails.present = true;
        if (baseDetails.present) t.recordedDetails.base = baseDetails.single;
        if (editDetails.present) t.recordedDetails.target = editDetails.single;
        t.recordedDetails.single = editDetails.present ? editDetails.single : baseDetails.single;
    } else if (lastDetails.present) {
        t.recordedDetails = lastDetails;
    }
    // The exception that explains the trial: the stopping step's, else the first failing step's.
    if (t.exceptionType.empty()) {
        for (const auto& st : t.steps) {
            if (st.exceptionType.empty()) continue;
            if (!t.stoppedAtStep.empty() && st.name != t.stoppedAtStep) continue;
            t.exceptionType = st.exceptionType;
            t.exceptionMessage = st.exceptionMessage;
            t.exceptionStep = st.name;
            break;
        }
    }
}

// The members of a trial's result.json that readTrialFiles never reads (Harbor's TrialResult: identifiers,
// the task's and environment's configuration, setup timings), left out as it is parsed: ~40 % of a finished
// trial's file, most of its small members (docs/index.md "Performance"). A member read one day must leave
// this list; a member not named here is always parsed.
const JsonSkips kResultConfigSkips{
    {"task", "trial_name", "trials_dir", "timeout_multiplier", "environment", "verifier", "artifacts"}, {}};
const JsonSkips kResultSkips{
    {"id", "trial_uri", "task_id", "task_checksum", "environment_setup", "agent_setup", "verifier"},
    {{"config", &kResultConfigSkips}}};

// Every field of the trial folder `dir`, whose files `folder` holds.
void readTrialFiles(const BundleTree::Folder& folder, const std::string& dir, TrialRecord& t) {
    auto fail = [&](const std::string& why) {
        if (t.loadError.empty()) t.loadError = why;
    };
    t.trialPath = folder.root() + (dir.empty() ? "" : "/" + dir);

    json result;
    t.resultJson = folder.ref(dir + "result.json");
    if (!t.resultJson.empty()) {
        try {
            result = readJsonOf(folder, dir + "result.json", &kResultSkips);
            if (!result.is_object()) throw InputError("result.json: not a JSON object");
        } catch (const InputError& e) {
            fail(e.what());
            result = json();
        }
    }
    // The trial's config.json (Harbor writes it when the trial starts) gives only what result.json may lack —
    // the task and trial names, and the run's configuration, of which a finished trial's result.json carries
    // a full copy — so it is read only then: a running trial, a damaged result.json, an older or partial one
    // (docs/index.md "Performance").
    json config;
    const bool configNeeded = text(result, "task_name").empty() || text(result, "trial_name").empty() ||
                              !member(result, "config").is_object();
    if (configNeeded && folder.has(dir + "config.json")) {
        try {
            config = readJsonOf(folder, dir + "config.json");
        } catch (const InputError& e) {
            t.warnings.push_back(e.what());
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
    // The run's configuration: result.json's full config dump, else the trial's config.json.
    const json& runConfig = member(result, "config").is_object() ? member(result, "config") : config;
    const json& agentConfig = member(runConfig, "agent");
    if (t.system.agent.empty()) t.system.agent = text(agentConfig, "name");
    if (t.system.model.empty()) {
        // A model given as "provider/model" is named by its last part, as Harbor's model_info does.
        std::string m = text(agentConfig, "model_name");
        t.system.model = m.substr(m.find('/') == std::string::npos ? 0 : m.find('/') + 1);
    }
    t.run.agentVersion = text(agentInfo, "version");
    t.run.modelProvider = text(member(agentInfo, "model_info"), "provider");
    t.run.modelName = text(agentConfig, "model_name");
    t.run.jobId = text(runConfig, "job_id");
    t.run.source = text(result, "source");
    if (const json& kw = member(agentConfig, "kwargs"); kw.is_object())
        for (auto it = kw.begin(); it != kw.end(); ++it) // nlohmann's objects iterate sorted by key
            t.run.agentKwargs.emplace_back(it.key(),
                                           it->dump(-1, ' ', false, json::error_handler_t::replace));

    if (result.is_object()) {
        readTimes(result, t);
        if (readUsage(member(result, "agent_result"), t.costUsd, t.tokens)) t.usageSource = "result.json";
        readException(member(result, "exception_info"), t.exceptionType, t.exceptionMessage);
    }

    try {
        t.recordedReward = readRewardFile(folder, dir, &t.rewardKeys);
    } catch (const InputError& e) {
        fail(e.what());
    }
    const json& verifierResult = member(result, "verifier_result");
    if (!t.recordedReward) {
        for (const auto& [k, v] : rewardPairs(member(verifierResult, "rewards"))) {
            if (k == "reward")
                t.recordedReward = v;
            else
                t.rewardKeys.emplace_back(k, v);
        }
    }

    t.recordedDetails = readDetailsFile(folder, dir, t, "");
    ArtifactManifest manifest = readManifest(folder, dir, t, "");
    AnswerFiles answers = findAnswers(folder, dir, manifest);
    t.trajectory = folder.ref(firstOf(folder, dir, {"agent/trajectory.json", "trajectory.json"}));
    t.agentLog = folder.ref(firstOf(folder, dir, {"agent.log", "agent/agent.log"}));
    if (t.agentLog.empty()) {
        // Harbor names the agent's log after the agent: agent/claude-code.txt, agent/codex.txt, ...
        std::string named = dir + "agent/" + t.system.agent + ".txt";
        if (!t.system.agent.empty()) t.agentLog = folder.ref(named);
    }

    const json& stepResults = member(result, "step_results");
    if (stepResults.is_array() && !stepResults.empty()) {
        readSteps(folder, dir, stepResults, t, answers);
        // Harbor writes the trial-level reward from the steps; when it is absent, compute it the same way
        // (Harbor's default strategy until the task pack says otherwise, see ResultSet import).
        if (!t.recordedReward && !verifierResult.is_object()) {
            t.rewardComputedFromSteps = true;
            t.applyStepRewardStrategy("mean", "Harbor's default (the task pack does not say)");
        } else {
            t.rewardStrategyBasis = "recorded trial reward";
        }
    }
    // No usage in result.json (nor in its steps): the ATIF trajectory's final_metrics, when it has them.
    if (t.usageSource.empty() && !t.trajectory.empty()) {
        if (auto u = usageFromFinalMetrics(t.trajectory)) {
            t.costUsd = u->costUsd;
            t.tokens.input = u->promptTokens;
            t.tokens.cache = u->cachedTokens;
            t.tokens.output = u->completionTokens;
            t.usageSource = "trajectory final_metrics";
        }
    }
    t.answer = answers.answer;
    t.answerBase = answers.base;
    t.answerEdit = answers.edit;
    t.answerPy = answers.py;
}

} // namespace

// Reads every field of a trial folder that exists; system/task identity is set by the caller's layout.
void readTrialFolder(const BundleTree& tree, const std::string& dir, TrialRecord& t) {
    readTrialFiles(tree.folder(dir), dir, t);
}

// One Harbor trial folder `dir` of the bundle (relative, ending in '/'; empty for a bundle that is the
// trial folder itself): every recorded field, and the identity Harbor's folder name gives when the files
// do not.
void readHarborTrial(const BundleTree& tree, const std::string& bundle, const std::string& d,
                     TrialRecord& t) {
    t.bundle = bundle;
    t.bundleKind = "harbor";
    readTrialFolder(tree, d, t);
    std::string folder = baseName(d.empty() ? bundle : d);
    if (t.trialName.empty()) t.trialName = folder;
    if (t.taskName.empty()) {
        // Harbor names trial folders "<task>__<suffix>".
        auto sep = folder.find("__");
        t.taskName = sep == std::string::npos ? folder : folder.substr(0, sep);
        if (t.loadError.empty() && t.resultJson.empty())
            t.warnings.push_back("task name taken from folder name");
    }
    t.taskId = baseName(t.taskName);
    if (t.system.agent.empty()) t.system.agent = "unknown";
    if (t.system.model.empty()) t.system.model = "unknown";
}

} // namespace vernier::harbor
