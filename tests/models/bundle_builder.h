// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Hand-made task packs and result bundles for the models tests: files written into a temporary folder,
// and zips of them (stored entries, written by a tiny writer so the tests depend on no zip tool).
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vernier::test {

// A fresh temporary folder, removed on destruction.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return path_; }
    std::string operator/(const std::string& rel) const { return path_ + "/" + rel; }

private:
    std::string path_;
};

void writeFile(const std::string& path, const std::string& content);
std::string readFile(const std::string& path);

// Zips every file under `folder` (paths relative to it, prefixed by `prefix`) into `zipPath`.
void zipFolder(const std::string& folder, const std::string& zipPath, const std::string& prefix = "");
// Writes a zip with the given entries (name -> bytes).
void writeZip(const std::string& zipPath, const std::map<std::string, std::string>& entries);

// A Harbor TrialResult (result.json) with the given fields; unset optionals are left out.
struct TrialSpec {
    std::string taskName = "gnucleus-ai/task-a";
    std::string trialName = "task-a__abc";
    std::string agent = "claude-code";
    std::string model = "opus";
    std::optional<double> cost;
    std::optional<std::string> startedAt = "2026-09-20T10:00:00Z";
    std::optional<std::string> finishedAt = "2026-09-20T10:30:00Z";
    std::optional<double> rewardInResult; // verifier_result.rewards.reward
    std::string exceptionType;            // empty: no exception_info
    std::string exceptionMessage;
};
std::string trialResultJson(const TrialSpec& spec);

// Writes a Harbor trial folder <job>/<trialName>/ with result.json, config.json, optional
// verifier/reward.json (`rewardJson` verbatim), reward_details.json and answer files.
void writeHarborTrial(const std::string& job, const TrialSpec& spec, const std::string& rewardJson,
                      const std::string& detailsJson, const std::vector<std::string>& answers);

// Writes a task folder: task.toml (when `toml` non-empty), instruction.md, tests/ references, spec.json.
void writeTask(const std::string& pack, const std::string& id, const std::string& toml,
               const std::vector<std::string>& files);

} // namespace vernier::test
