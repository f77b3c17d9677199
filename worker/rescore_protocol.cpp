// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// JSON-lines protocol between RescoreEngine and `vernier-cli rescore-worker`, and the cache's file format.
#include <cmath>
#include <deque>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>

#include "scoring/errors.h"
#include "scoring/safe_zip.h"
#include "worker/rescore_protocol.h"

using nlohmann::json;

namespace vernier {

namespace {

json fileJson(const FileRef& f, const std::string& sha256 = {}) {
    if (f.empty()) return nullptr;
    json j = {{"path", f.path()}};
    if (f.isInZip()) j["zip"] = f.container();
    if (!sha256.empty()) j["sha256"] = sha256;
    return j;
}

std::string hashFromJson(const json& j) {
    if (!j.is_object()) return {};
    auto it = j.find("sha256");
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A worker receives thousands of jobs whose files sit in the same one or two containers (a bundle zip, a task
// pack zip). Reading a container's central directory is the expensive part of opening it (100k trials: ~10^6
// entries), so the last few opened containers are kept and reused while their size and modification time are
// unchanged. Containers are bundles or packs, never documents: they get the bundle limits (docs/index.md).
std::shared_ptr<const SafeZip> openContainer(const std::string& zip) {
    struct Open {
        std::string path;
        std::uintmax_t size = 0;
        std::filesystem::file_time_type mtime;
        std::shared_ptr<const SafeZip> zip;
    };
    static std::mutex mutex;
    static std::deque<Open> recent; // most recent first
    constexpr std::size_t kKept = 4;

    std::error_code ec;
    const auto size = std::filesystem::file_size(zip, ec);
    const auto mtime = ec ? std::filesystem::file_time_type{} : std::filesystem::last_write_time(zip, ec);
    if (!ec) {
        const std::lock_guard<std::mutex> lock(mutex);
        for (auto it = recent.begin(); it != recent.end(); ++it) {
            if (it->path != zip) continue;
            if (it->size == size && it->mtime == mtime) {
                Open hit = *it;
                recent.erase(it);
                recent.push_front(hit);
                return hit.zip;
            }
            recent.erase(it);
            break;
        }
    }
    auto opened = std::make_shared<const SafeZip>(SafeZip::openFile(zip, kBundleZipLimits));
    if (!ec) {
        const std::lock_guard<std::mutex> lock(mutex);
        recent.push_front({zip, size, mtime, opened});
        if (recent.size() > kKept) recent.pop_back();
    }
    return opened;
}

FileRef fileFromJson(const json& j) {
    if (!j.is_object()) return {};
    auto path = j.value("path", std::string());
    if (path.empty()) return {};
    auto zip = j.value("zip", std::string());
    if (zip.empty()) return FileRef::onDisk(path);
    return FileRef::inZip(openContainer(zip), zip, path);
}

json opt(const std::optional<double>& v) {
    return v ? json(*v) : json(nullptr);
}

std::optional<double> num(const json& o, const char* key) {
    auto it = o.find(key);
    if (it == o.end() || !it->is_number()) return std::nullopt;
    double v = it->get<double>();
    if (!std::isfinite(v)) return std::nullopt;
    return v;
}

json stageJson(const StageScores& s) {
    return {{"geometry_similarity", opt(s.geometry)},
            {"cad_spec_consistency", opt(s.spec)},
            {"combined", opt(s.combined)},
            {"gate", s.gate.empty() ? json(nullptr) : json(s.gate)},
            {"geometry_reason", s.geometryReason},
            {"spec_reason", s.specReason}};
}

StageScores stageFromJson(const json& o) {
    StageScores s;
    if (!o.is_object()) return s;
    s.geometry = num(o, "geometry_similarity");
    s.spec = num(o, "cad_spec_consistency");
    s.combined = num(o, "combined");
    if (o.contains("gate") && o["gate"].is_string()) s.gate = o["gate"].get<std::string>();
    s.geometryReason = o.value("geometry_reason", std::string());
    s.specReason = o.value("spec_reason", std::string());
    return s;
}

json parseLine(const std::string& line) {
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) throw InputError("rescore protocol: not a JSON object");
    return j;
}

} // namespace

std::string rescoreJobToJson(const RescoreJob& job, long long id) {
    json j = {{"id", id},
              {"task_id", job.taskId},
              {"workflow", workflowKey(job.workflow)},
              {"reference", fileJson(job.reference, job.referenceHash)},
              {"reference_base", fileJson(job.referenceBase, job.referenceBaseHash)},
              {"reference_edit", fileJson(job.referenceEdit, job.referenceEditHash)},
              {"spec", fileJson(job.spec)},
              {"candidate", fileJson(job.candidate)},
              {"candidate_base", fileJson(job.candidateBase)},
              {"candidate_edit", fileJson(job.candidateEdit)}};
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

RescoreJob rescoreJobFromJson(const std::string& line, long long* id) {
    json j = parseLine(line);
    RescoreJob job;
    if (id) *id = j.value("id", -1LL);
    job.taskId = j.value("task_id", std::string());
    auto wf = parseWorkflow(j.value("workflow", std::string()));
    if (!wf) throw InputError("rescore protocol: unknown workflow");
    job.workflow = *wf;
    job.reference = fileFromJson(j.value("reference", json()));
    job.referenceBase = fileFromJson(j.value("reference_base", json()));
    job.referenceEdit = fileFromJson(j.value("reference_edit", json()));
    job.referenceHash = hashFromJson(j.value("reference", json()));
    job.referenceBaseHash = hashFromJson(j.value("reference_base", json()));
    job.referenceEditHash = hashFromJson(j.value("reference_edit", json()));
    job.spec = fileFromJson(j.value("spec", json()));
    job.candidate = fileFromJson(j.value("candidate", json()));
    job.candidateBase = fileFromJson(j.value("candidate_base", json()));
    job.candidateEdit = fileFromJson(j.value("candidate_edit", json()));
    return job;
}

std::string rescoredResultToJson(const RescoredResult& r, long long id) {
    json j = stageJson(r.single);
    j["id"] = id;
    j["reward"] = opt(r.reward);
    j["base"] = r.base ? stageJson(*r.base) : json(nullptr);
    j["target"] = r.target ? stageJson(*r.target) : json(nullptr);
    j["error"] = r.scorerCrash ? json(r.error) : json(nullptr);
    j["scorer"] = r.scorerIdentity;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

RescoredResult rescoredResultFromJson(const std::string& line, long long* id) {
    json j = parseLine(line);
    if (id) *id = j.value("id", -1LL);
    RescoredResult r;
    r.reward = num(j, "reward");
    r.single = stageFromJson(j);
    if (j.contains("base") && j["base"].is_object()) r.base = stageFromJson(j["base"]);
    if (j.contains("target") && j["target"].is_object()) r.target = stageFromJson(j["target"]);
    if (j.contains("error") && j["error"].is_string()) {
        r.scorerCrash = true;
        r.error = j["error"].get<std::string>();
    }
    if (!r.reward && !r.scorerCrash) {
        r.scorerCrash = true;
        r.error = "worker answered without a reward";
    }
    r.scorerIdentity = j.value("scorer", std::string());
    return r;
}

} // namespace vernier
