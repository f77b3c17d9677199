// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every answer document of the embedded sample (resources/sample) paired with its task's reference and
// spec: the pairs the scorer benchmarks (bench/bench_score.cpp) and the OBB-estimate tests walk.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace vernier::test {

struct SamplePair {
    std::string reference, candidate, spec;
};

// Sorted by answer path; empty when the sample has no results folder. VERNIER_SOURCE_DIR is the repository.
inline std::vector<SamplePair> sampleScoringPairs() {
    namespace fs = std::filesystem;
    const fs::path root = fs::path(VERNIER_SOURCE_DIR) / "resources/sample";
    std::vector<SamplePair> out;
    if (!fs::exists(root / "results")) return out;
    std::vector<fs::path> answers;
    for (const auto& e : fs::recursive_directory_iterator(root / "results"))
        if (e.is_regular_file() && e.path().extension() == ".FCStd") answers.push_back(e.path());
    std::sort(answers.begin(), answers.end());
    for (const auto& a : answers) {
        // Harbor: <trial = task__xxxx>/artifacts/app/answer*.FCStd; runs: <task>/answer*.FCStd.
        std::string task = a.parent_path().filename().string();
        if (task == "app") task = a.parent_path().parent_path().parent_path().filename().string();
        task = task.substr(0, task.find("__"));
        const std::string stem = a.stem().string();
        const std::string refName = stem == "answer_base"   ? "reference_base.FCStd"
                                    : stem == "answer_edit" ? "reference_edit.FCStd"
                                                            : "reference.FCStd";
        const fs::path tests = root / "pack" / task / "tests";
        if (fs::exists(tests / refName))
            out.push_back({(tests / refName).string(), a.string(), (tests / "spec.json").string()});
    }
    return out;
}

} // namespace vernier::test
