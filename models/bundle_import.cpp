// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Reads Harbor job folders and leaderboard submission folders (docs/contract.md §3.2), plain or zipped.
// Every trial is read on its own: a malformed file sets that trial's loadError and nothing else.
#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "models/atif_trajectory.h"
#include "models/bundle_tree.h"
#include "models/incremental_import.h"
#include "models/json_text.h"
#include "models/parallel.h"
#include "models/provenance_json.h"
#include "models/result_set.h"
#include "models/time_parse.h"
#include "models/trial_index.h"
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
    // A file over the limit is refused by its size, before a byte is read: reading first held a file of up to
    // FileRef's 1 GiB cap in memory just to refuse it.
    std::optional<std::string> text = tree.readAtMost(rel, kMaxMetadataBytes);
    if (!text) throw InputError(baseName(rel) + ": file too large");
    std::optional<json> j = parseJsonText(*text);
    if (!j) throw InputError(baseName(rel) + ": not valid JSON");
    return std::move(*j);
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
std::optional<double> readRewardFile(const BundleTree& tree, const std::string& dir,
                                     std::vector<std::pair<std::string, double>>* otherKeys) {
    std::string rj = firstOf(tree, dir, {"verifier/reward.json", "reward.json"});
    if (!rj.empty()) {
        json j = readJson(tree, rj);
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
    std::string rt = firstOf(tree, dir, {"verifier/reward.txt", "reward.txt"});
    if (!rt.empty()) {
        // Sized before it is read: a reward file is a few bytes, and a huge one is not read at all.
        const std::optional<std::string> bytes = tree.readAtMost(rt, 256);
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

ArtifactManifest readManifest(const BundleTree& tree, const std::string& dir, TrialRecord& t,
                              const std::string& stepLabel) {
    ArtifactManifest m;
    const std::string rel = dir + "artifacts/manifest.json";
    if (!tree.has(rel)) return m;
    json j;
    try {
        j = readJson(tree, rel);
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
FileRef findAnswer(const BundleTree& tree, const std::string& dir, const ArtifactManifest& m,
                   const char* name) {
    for (const auto& f : m.fileDestinations)
        if (baseName(f) == name && tree.has(dir + f)) return tree.ref(dir + f);
    for (const auto& d : m.dirDestinations)
        for (const char* sub : {"", "app/"})
            if (tree.has(dir + d + sub + name)) return tree.ref(dir + d + sub + name);
    for (const char* prefix : kAnswerPrefixes)
        if (tree.has(dir + prefix + name)) return tree.ref(dir + prefix + name);
    return FileRef();
}

struct AnswerFiles {
    FileRef answer, base, edit, py;
};

AnswerFiles findAnswers(const BundleTree& tree, const std::string& dir, const ArtifactManifest& m) {
    return {findAnswer(tree, dir, m, "answer.FCStd"), findAnswer(tree, dir, m, "answer_base.FCStd"),
            findAnswer(tree, dir, m, "answer_edit.FCStd"), findAnswer(tree, dir, m, "answer.py")};
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

RecordedDetails readDetailsFile(const BundleTree& tree, const std::string& dir, TrialRecord& t,
                                const std::string& label) {
    std::string details = firstOf(tree, dir, {"verifier/reward_details.json", "reward_details.json"});
    if (details.empty()) return {};
    try {
        json d = readJson(tree, details);
        if (!d.is_object()) throw InputError("reward_details.json: not a JSON object");
        return parseDetails(d);
    } catch (const InputError& e) {
        t.warnings.push_back(label + e.what());
    }
    return {};
}

// Harbor multi-step trial: step_results[] with steps/<name>/ folders (docs/formats.md).
void readSteps(const BundleTree& tree, const std::string& dir, const json& stepResults, TrialRecord& t,
               AnswerFiles& answers) {
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
            auto it = std::lower_bound(tree.files().begin(), tree.files().end(), sdir);
            if (it != tree.files().end() && it->rfind(sdir, 0) == 0) st.dir = sdir;
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
            ArtifactManifest m = readManifest(tree, st.dir, t, label);
            files = findAnswers(tree, st.dir, m);
            RecordedDetails d = readDetailsFile(tree, st.dir, t, label);
            if (d.present) lastDetails = d;
            mapStepToStage(st, files);
            if (d.present && st.stage == "base") baseDetails = d;
            if (d.present && st.stage == "edit") editDetails = d;
            if (t.agentLog.empty()) {
                // The files are sorted: those under the step's agent/ folder are one run (not a whole scan
                // per step, which is quadratic in a large bundle).
                const std::string agentDir = st.dir + "agent/";
                for (auto it = std::lower_bound(tree.files().begin(), tree.files().end(), agentDir);
                     it != tree.files().end() && it->compare(0, agentDir.size(), agentDir) == 0; ++it) {
                    const std::string& f = *it;
                    if (f.size() > 4 && f.compare(f.size() - 4, 4, ".txt") == 0 &&
                        f.find('/', agentDir.size()) == std::string::npos) {
                        t.agentLog = tree.ref(f);
                        break;
                    }
                }
            }
            if (t.trajectory.empty())
                t.trajectory = tree.ref(firstOf(tree, st.dir, {"agent/trajectory.json", "trajectory.json"}));
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

// Reads every field of a trial folder that exists; system/task identity is set by the caller's layout.
void readTrialFolder(const BundleTree& tree, const std::string& dir, TrialRecord& t) {
    auto fail = [&](const std::string& why) {
        if (t.loadError.empty()) t.loadError = why;
    };
    t.trialPath = tree.root() + (dir.empty() ? "" : "/" + dir);

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
    // The trial's config.json (Harbor writes it when the trial starts) gives only what result.json may lack —
    // the task and trial names, and the run's configuration, of which a finished trial's result.json carries
    // a full copy — so it is read only then: a running trial, a damaged result.json, an older or partial one
    // (docs/index.md "Performance").
    json config;
    const bool configNeeded = text(result, "task_name").empty() || text(result, "trial_name").empty() ||
                              !member(result, "config").is_object();
    if (configNeeded && tree.has(dir + "config.json")) {
        try {
            config = readJson(tree, dir + "config.json");
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
        t.recordedReward = readRewardFile(tree, dir, &t.rewardKeys);
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

    t.recordedDetails = readDetailsFile(tree, dir, t, "");
    ArtifactManifest manifest = readManifest(tree, dir, t, "");
    AnswerFiles answers = findAnswers(tree, dir, manifest);
    t.trajectory = tree.ref(firstOf(tree, dir, {"agent/trajectory.json", "trajectory.json"}));
    t.agentLog = tree.ref(firstOf(tree, dir, {"agent.log", "agent/agent.log"}));
    if (t.agentLog.empty()) {
        // Harbor names the agent's log after the agent: agent/claude-code.txt, agent/codex.txt, ...
        std::string named = dir + "agent/" + t.system.agent + ".txt";
        if (!t.system.agent.empty() && tree.has(named)) t.agentLog = tree.ref(named);
    }

    const json& stepResults = member(result, "step_results");
    if (stepResults.is_array() && !stepResults.empty()) {
        readSteps(tree, dir, stepResults, t, answers);
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

std::string lastComponent(const std::string& name) {
    std::string p = name;
    while (!p.empty() && p.back() == '/')
        p.pop_back();
    auto s = p.find_last_of('/');
    return s == std::string::npos ? p : p.substr(s + 1);
}

// A Harbor job folder: its lock.json names the Harbor version; its result.json's stats.evals are Harbor's
// own per-group figures, compared here with what the trials below it say (docs/formats.md, "Job folder").
void checkJob(const BundleTree& tree, const std::string& jobDir, const std::vector<TrialRecord>& trials,
              const std::vector<std::string>& trialDirOf, std::vector<ImportProblem>& problems,
              std::set<std::string>& versions) {
    std::string where = tree.root() + (jobDir.empty() ? "" : "/" + jobDir);
    if (!where.empty() && where.back() == '/') where.pop_back();
    if (tree.has(jobDir + "lock.json")) {
        try {
            json lock = readJson(tree, jobDir + "lock.json");
            std::string v = text(member(lock, "harbor"), "version");
            if (!v.empty()) versions.insert(v);
        } catch (const InputError& e) {
            problems.push_back({where + "/lock.json", e.what(), ""});
        }
    }
    json result;
    try {
        result = readJson(tree, jobDir + "result.json");
    } catch (const InputError& e) {
        problems.push_back({where + "/result.json", e.what(), ""});
        return;
    }
    const json& stats = member(result, "stats");
    const json& evals = member(stats, "evals");
    if (!evals.is_object()) return;
    const bool running = member(result, "finished_at").is_null() ||
                         integer(stats, "n_running_trials").value_or(0) > 0 ||
                         integer(stats, "n_pending_trials").value_or(0) > 0;
    // Harbor's groups: "<agent>__<model name>__<source, or adhoc>"; n_trials counts trials with rewards
    // (every trial before 0.20),
    // n_errors trial-level exceptions, and the mean is over every trial of the group (no reward: 0).
    struct Group {
        int trials = 0, withReward = 0, errors = 0;
        double sum = 0;
    };
    std::map<std::string, Group> mine;
    for (std::size_t i = 0; i < trials.size(); ++i) {
        const TrialRecord& t = trials[i];
        if (trialDirOf[i].empty() || trialDirOf[i].rfind(jobDir, 0) != 0) continue;
        if (!t.loadError.empty()) continue;
        Group& g = mine[t.system.agent + "__" + t.system.model + "__" +
                        (t.run.source.empty() ? "adhoc" : t.run.source)];
        ++g.trials;
        // Harbor's own figures know only rewards it recorded, not ones Vernier computed from steps.
        if (t.recordedReward && !t.rewardComputedFromSteps) {
            ++g.withReward;
            g.sum += *t.recordedReward;
        }
        if (!t.exceptionType.empty() && t.exceptionStep.empty()) ++g.errors;
    }
    const std::string suffix = running ? " (the job was still running when it was written)" : "";
    for (auto it = evals.begin(); it != evals.end(); ++it) {
        const std::string& key = it.key();
        auto m = mine.find(key);
        if (m == mine.end()) {
            problems.push_back({where + "/result.json",
                                "stats.evals names \"" + key + "\", which no trial here belongs to" + suffix,
                                ""});
            continue;
        }
        const Group& g = m->second;
        std::vector<std::string> diffs;
        // Harbor 0.20+ counts trials with rewards; earlier versions (the embedded sample's shape) counted
        // every trial. Either count agrees.
        if (auto n = integer(*it, "n_trials"); n && *n != g.withReward && *n != g.trials)
            diffs.push_back("n_trials " + std::to_string(*n) + " recorded, " + std::to_string(g.withReward) +
                            " found");
        if (auto n = integer(*it, "n_errors"); n && *n != g.errors)
            diffs.push_back("n_errors " + std::to_string(*n) + " recorded, " + std::to_string(g.errors) +
                            " found");
        const json& metrics = member(*it, "metrics");
        if (metrics.is_array() && !metrics.empty()) {
            std::optional<double> mean = number(metrics[0], "mean");
            if (!mean) mean = number(metrics[0], "reward");
            const double computed = g.trials ? g.sum / g.trials : 0.0;
            if (mean && std::abs(*mean - computed) > 1e-6) {
                char buf[96];
                std::snprintf(buf, sizeof buf, "mean reward %.6f recorded, %.6f computed", *mean, computed);
                diffs.push_back(buf);
            }
        }
        if (!diffs.empty()) {
            std::string reason = "stats.evals[\"" + key + "\"]: ";
            for (std::size_t k = 0; k < diffs.size(); ++k)
                reason += (k ? "; " : "") + diffs[k];
            problems.push_back({where + "/result.json", reason + suffix, ""});
        }
    }
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
    t.taskId = lastComponent(t.taskName);
    if (t.system.agent.empty()) t.system.agent = "unknown";
    if (t.system.model.empty()) t.system.model = "unknown";
}

} // namespace

// Declared in models/incremental_import.h: the live follow re-reads single trial folders with exactly the
// reader importBundle uses.
std::vector<TrialRecord> readHarborTrialFolders(const std::string& bundle,
                                                const std::vector<std::string>& dirs) {
    namespace fs = std::filesystem;
    // Only the folders asked for are listed (a live follow of a 100,000-trial job reads one new trial, not
    // the 1.1 million files of the bundle); a folder gone is not a trial any more. When one of them is a
    // symlink or cannot be listed cleanly, the bundle is listed whole, as an import would.
    std::optional<BundleTree> listed;
    std::error_code ec;
    const fs::path canon = fs::canonical(bundle, ec);
    if (!ec && fs::is_directory(canon, ec)) {
        std::vector<std::string> present;
        bool plain = true;
        for (const auto& d : dirs) {
            std::string rel = d;
            while (!rel.empty() && rel.back() == '/')
                rel.pop_back();
            const fs::file_status st = fs::symlink_status(rel.empty() ? canon : canon / rel, ec);
            if (fs::is_symlink(st)) plain = false;
            if (fs::is_directory(st)) present.push_back(d);
        }
        if (plain) listed = BundleTree::fromListing(bundle, canon.string(), {}, present);
    }
    const BundleTree tree = listed ? std::move(*listed) : BundleTree::open(bundle);
    // The bundle changes under a live follow: a tree hash recorded by its import no longer describes it.
    if (!canon.empty()) rememberTreeSha256(canon.string(), {});
    std::vector<TrialRecord> out;
    for (const auto& d : dirs) {
        if (!tree.has(d + "result.json")) continue; // gone again, or not finished: not a trial yet
        TrialRecord t;
        try {
            readHarborTrial(tree, bundle, d, t);
        } catch (const std::exception& e) {
            t.bundle = bundle;
            t.bundleKind = "harbor";
            t.trialPath = tree.root() + (d.empty() ? "" : "/" + d);
            t.trialName = baseName(d.empty() ? bundle : d);
            t.loadError = std::string("cannot read trial: ") + e.what();
        }
        out.push_back(std::move(t));
    }
    return out;
}

void importBundle(const std::string& bundle, std::vector<TrialRecord>& out,
                  std::vector<ImportProblem>& problems, const ImportOptions& options, BundleInfo* info) {
    if (options.useIndex) { // models/trial_index.h: reuses unchanged trial folders
        importBundleIndexed(bundle, out, problems, options, info);
        return;
    }
    importBundleTree(BundleTree::open(bundle), bundle, out, problems, info, {});
}

// Declared in models/trial_index.h.
void importBundleTree(const BundleTree& tree, const std::string& bundle, std::vector<TrialRecord>& out,
                      std::vector<ImportProblem>& problems, BundleInfo* info, const BundleReadHooks& hooks) {
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
    std::vector<std::string> harbor, jobDirs;
    for (const auto& d : resultDirs) {
        auto next = resultDirs.upper_bound(d);
        bool hasDeeper = next != resultDirs.end() && next->rfind(d, 0) == 0;
        (hasDeeper ? jobDirs : harbor).push_back(d);
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
        if (hooks.reuse && hooks.reuse(d, t)) return;
        if (!id) {
            readHarborTrial(tree, bundle, d, t);
            return;
        }
        t.bundle = bundle;
        t.bundleKind = "submission";
        readTrialFolder(tree, d, t);
        t.system = SystemId{(*id)[0], (*id)[1]}; // the layout's path decides the system
        t.taskId = (*id)[2];
        if (t.taskName.empty()) t.taskName = (*id)[2];
        t.trialName = (*id)[0] + "/" + (*id)[1] + "/" + (*id)[2];
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
    runOnThreads(std::min<std::size_t>(kImportThreads, (jobs.size() + 31) / 32), worker);
    std::vector<std::string> trialDirOf(read.size());
    for (std::size_t i = 0; i < read.size(); ++i)
        if (!jobs[i].second) trialDirOf[i] = jobs[i].first;
    std::set<std::string> versions;
    const std::size_t jobProblemsFrom = problems.size() - tree.problems().size();
    for (const auto& jd : jobDirs)
        checkJob(tree, jd, read, trialDirOf, problems, versions);
    if (hooks.problemsBefore)
        hooks.problemsBefore->assign(problems.begin() + static_cast<std::ptrdiff_t>(jobProblemsFrom),
                                     problems.end());
    for (auto& t : read) {
        if (!t.loadError.empty()) problems.push_back({t.trialPath, t.loadError, t.trialName});
        if (!t.stoppedAtStep.empty())
            problems.push_back(
                {t.trialPath, "stopped at step \"" + t.stoppedAtStep + "\": " + t.stopReason, t.trialName});
    }
    // A folder that is neither layout is said so, never accepted silently; a job that has not finished a
    // trial yet (its config.json is there) is not an error, but still worth a line.
    const std::size_t afterFrom = problems.size();
    if (read.empty() && tree.problems().empty()) {
        bool isJob = false;
        for (const auto& f : tree.files())
            if (baseName(f) == "config.json" || baseName(f) == "lock.json") isJob = true;
        problems.push_back(
            {bundle,
             isJob ? "no finished trials yet (a Harbor job folder with no trial result.json)"
                   : "no trials found: not a Harbor job (no trial folder with a result.json) and not a "
                     "leaderboard submission (no runs/<agent>/<model>/<task>/)",
             {}});
    }
    if (info) {
        info->path = bundle;
        info->trials = static_cast<int>(read.size());
        info->jobs = static_cast<int>(jobDirs.size());
        info->harborVersions.assign(versions.begin(), versions.end());
    }
    if (hooks.problemsAfter)
        hooks.problemsAfter->assign(problems.begin() + static_cast<std::ptrdiff_t>(afterFrom),
                                    problems.end());
    if (hooks.trialDirs)
        for (const auto& j : jobs)
            hooks.trialDirs->push_back(j.first);
    // Handed over without a second copy of the records alive at once (10^5 trials are ~180 MB of them).
    if (out.empty()) {
        out = std::move(read);
    } else {
        out.reserve(out.size() + read.size());
        std::move(read.begin(), read.end(), std::back_inserter(out));
    }
}

} // namespace vernier
