// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "bundle_builder.h"

#include <QDir>
#include <QTemporaryDir>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace vernier::test {

TempDir::TempDir() {
    QTemporaryDir d(QDir::tempPath() + "/vernier-models-XXXXXX");
    d.setAutoRemove(false);
    if (!d.isValid()) throw std::runtime_error("cannot create a temporary folder");
    path_ = d.path().toStdString();
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
}

void writeFile(const std::string& path, const std::string& content) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream out(path, std::ios::binary);
    out << content;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

namespace {

std::uint32_t crc32(const std::string& data) {
    std::uint32_t c = 0xffffffffu;
    for (unsigned char b : data) {
        c ^= b;
        for (int k = 0; k < 8; ++k)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return ~c;
}

void put16(std::string& o, std::uint16_t v) {
    o += static_cast<char>(v & 0xff);
    o += static_cast<char>(v >> 8);
}
void put32(std::string& o, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        o += static_cast<char>((v >> (8 * i)) & 0xff);
}

} // namespace

void writeZip(const std::string& zipPath, const std::map<std::string, std::string>& entries) {
    std::string out, central;
    for (const auto& [name, data] : entries) {
        const std::uint32_t offset = static_cast<std::uint32_t>(out.size());
        const std::uint32_t crc = crc32(data);
        const auto size = static_cast<std::uint32_t>(data.size());
        put32(out, 0x04034b50);
        put16(out, 20);
        put16(out, 0);
        put16(out, 0);
        put16(out, 0);
        put16(out, 0x21);
        put32(out, crc);
        put32(out, size);
        put32(out, size);
        put16(out, static_cast<std::uint16_t>(name.size()));
        put16(out, 0);
        out += name;
        out += data;
        put32(central, 0x02014b50);
        put16(central, 20);
        put16(central, 20);
        put16(central, 0);
        put16(central, 0);
        put16(central, 0);
        put16(central, 0x21);
        put32(central, crc);
        put32(central, size);
        put32(central, size);
        put16(central, static_cast<std::uint16_t>(name.size()));
        put16(central, 0);
        put16(central, 0);
        put16(central, 0);
        put16(central, 0);
        put32(central, 0);
        put32(central, offset);
        central += name;
    }
    const auto cdOffset = static_cast<std::uint32_t>(out.size());
    out += central;
    put32(out, 0x06054b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, static_cast<std::uint16_t>(entries.size()));
    put16(out, static_cast<std::uint16_t>(entries.size()));
    put32(out, static_cast<std::uint32_t>(central.size()));
    put32(out, cdOffset);
    put16(out, 0);
    writeFile(zipPath, out);
}

void zipFolder(const std::string& folder, const std::string& zipPath, const std::string& prefix) {
    std::map<std::string, std::string> entries;
    for (const auto& e : fs::recursive_directory_iterator(folder))
        if (e.is_regular_file())
            entries[prefix + fs::relative(e.path(), folder).generic_string()] = readFile(e.path().string());
    writeZip(zipPath, entries);
}

std::string trialResultJson(const TrialSpec& s) {
    nlohmann::json j;
    j["task_name"] = s.taskName;
    j["trial_name"] = s.trialName;
    j["agent_info"] = {
        {"name", s.agent}, {"version", "1.0"}, {"model_info", {{"name", s.model}, {"provider", "p"}}}};
    j["agent_result"] = {{"n_input_tokens", 1000}, {"n_cache_tokens", 10}, {"n_output_tokens", 200}};
    if (s.cost)
        j["agent_result"]["cost_usd"] = *s.cost;
    else
        j["agent_result"]["cost_usd"] = nullptr;
    if (s.rewardInResult) j["verifier_result"] = {{"rewards", {{"reward", *s.rewardInResult}}}};
    if (!s.exceptionType.empty())
        j["exception_info"] = {{"exception_type", s.exceptionType},
                               {"exception_message", s.exceptionMessage}};
    else
        j["exception_info"] = nullptr;
    if (s.startedAt) j["started_at"] = *s.startedAt;
    if (s.finishedAt) j["finished_at"] = *s.finishedAt;
    j["some_future_field"] = {{"ignored", true}};
    return j.dump(2);
}

void writeHarborTrial(const std::string& job, const TrialSpec& spec, const std::string& rewardJson,
                      const std::string& detailsJson, const std::vector<std::string>& answers) {
    const std::string dir = job + "/" + spec.trialName;
    writeFile(dir + "/result.json", trialResultJson(spec));
    nlohmann::json cfg = {{"task", {{"path", "tasks/" + spec.taskName}}}, {"agent", {{"name", spec.agent}}}};
    writeFile(dir + "/config.json", cfg.dump());
    if (!rewardJson.empty()) writeFile(dir + "/verifier/reward.json", rewardJson);
    if (!detailsJson.empty()) writeFile(dir + "/verifier/reward_details.json", detailsJson);
    for (const auto& a : answers)
        writeFile(dir + "/artifacts/app/" + a, "PK-not-really-a-document");
}

void writeTask(const std::string& pack, const std::string& id, const std::string& toml,
               const std::vector<std::string>& files) {
    const std::string dir = pack + "/" + id;
    if (!toml.empty()) writeFile(dir + "/task.toml", toml);
    writeFile(dir + "/instruction.md", "Model the part " + id + ".\n");
    for (const auto& f : files)
        writeFile(dir + "/" + f, f == "tests/spec.json" ? "{\"name\":\"x\"}" : "bytes of " + f);
}

} // namespace vernier::test
