// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/support_fixture.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QTimer>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "models/result_set.h"
#include "ui/main_window.h"
#include "ui/session.h"

namespace vernier::testing {

namespace {

using nlohmann::json;

void write(const QString& path, const std::string& text) {
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
    f.write(text.data(), static_cast<qint64>(text.size()));
}

struct Stage {
    double g, s;
};

struct Trial {
    const char* task;
    const char* workflow;
    const char* agent;
    const char* model;
    double reward;
    Stage single{1, 1};           // creation / image_to_cad
    Stage base{1, 1}, edit{1, 1}; // create_and_edit
    const char* gate = "";
    bool answer = true;
    const char* exception = "";
};

// Expected (hand-checked):
//   alpha/m1: 1.0 0.5 | 0.8 0 (spec zero) | 1.0 0.7 -> overall 4.0/6 = 66.67 pts, cost 6 USD (1 each),
//             10 min per trial; cost per point 6 / 66.67 = 0.09.
//   gamma/m3: 0.9 0.3 | 0 (final exception) 0 (geometry & spec zero) | 0.8 0.6 -> 2.6/6 = 43.33 pts,
//             cost 12 USD, 30 min.
//   beta/m2:  0.6 0 (geometry zero, gate bbox) | 0.4 0 (missing output) | 0.5 0.2 -> 1.7/6 = 28.33 pts,
//             no cost recorded (unknown), 20 min.
//   Task e2 is zero for all three systems; c2 and e1 for one each. 5 zero trials in all.
//   alpha vs gamma: Δ = 1.4/6 = +23.33 pts, higher 5, similar 1, lower 0.
const Trial kTrials[] = {
    {"c1", "creation", "alpha", "m1", 1.0},
    {"c2", "creation", "alpha", "m1", 0.5, {0.5, 0.5}},
    {"e1", "create_and_edit", "alpha", "m1", 0.8, {}, {0.8, 0.8}, {0.8, 0.8}},
    {"e2", "create_and_edit", "alpha", "m1", 0.0, {}, {0.6, 0.0}, {0.7, 0.5}},
    {"i1", "image_to_cad", "alpha", "m1", 1.0},
    {"i2", "image_to_cad", "alpha", "m1", 0.7, {0.7, 0.7}},
    {"c1", "creation", "beta", "m2", 0.6, {0.6, 0.6}},
    {"c2", "creation", "beta", "m2", 0.0, {0.0, 0.9}, {}, {}, "bbox"},
    {"e1", "create_and_edit", "beta", "m2", 0.4, {}, {0.4, 0.4}, {0.4, 0.4}},
    {"e2", "create_and_edit", "beta", "m2", 0.0, {}, {}, {}, "", false},
    {"i1", "image_to_cad", "beta", "m2", 0.5, {0.5, 0.5}},
    {"i2", "image_to_cad", "beta", "m2", 0.2, {0.2, 0.2}},
    {"c1", "creation", "gamma", "m3", 0.9, {0.9, 0.9}},
    {"c2", "creation", "gamma", "m3", 0.3, {0.3, 0.3}},
    {"e1", "create_and_edit", "gamma", "m3", 0.0, {}, {}, {}, "", false, "RuntimeError"},
    {"e2", "create_and_edit", "gamma", "m3", 0.0, {}, {0.0, 0.0}, {0.3, 0.3}},
    {"i1", "image_to_cad", "gamma", "m3", 0.8, {0.8, 0.8}},
    {"i2", "image_to_cad", "gamma", "m3", 0.6, {0.6, 0.6}},
};

json stage(const Stage& s, const char* gate) {
    json j = {{"geometry_similarity", s.g}, {"cad_spec_consistency", s.s}};
    const double c = (s.g > 0 && s.s > 0) ? 2 * s.g * s.s / (s.g + s.s) : 0.0;
    j["combined"] = c;
    if (*gate) {
        j["gate"] = gate;
        j["reasons"] = {{"geometry_similarity", std::string("gate: ") + gate + " extent error too large"}};
    }
    return j;
}

} // namespace

UiFixture writeUiFixture() {
    UiFixture f;
    f.dir = std::make_unique<QTemporaryDir>();
    EXPECT_TRUE(f.dir->isValid());
    f.pack = f.dir->filePath(QStringLiteral("pack"));
    f.bundle = f.dir->filePath(QStringLiteral("job"));
    const char* categories[] = {"bracket", "plate"};
    int i = 0;
    for (const char* task : {"c1", "c2", "e1", "e2", "i1", "i2"}) {
        const char* wf = task[0] == 'c' ? "creation" : task[0] == 'e' ? "create_and_edit" : "image_to_cad";
        const QString dir = f.pack + QLatin1Char('/') + QLatin1String(task);
        write(dir + QStringLiteral("/task.toml"),
              std::string("[metadata]\nworkflow = \"") + wf + "\"\ncategory = \"" + categories[i % 2] +
                  "\"\ndifficulty = \"" + (i % 2 ? "hard" : "easy") + "\"\n");
        write(dir + QStringLiteral("/instruction.md"), std::string("Model part ") + task + ".\n");
        write(dir + QStringLiteral("/tests/spec.json"), R"({"name": "part", "key_parameters": {}})");
        ++i;
    }
    write(f.bundle + QStringLiteral("/config.json"), R"({"job_name": "ui-fixture"})");
    write(f.bundle + QStringLiteral("/result.json"), R"({"id": "job"})");
    int minute = 0;
    for (const Trial& t : kTrials) {
        const std::string name = std::string(t.task) + "__" + t.agent;
        const QString dir = f.bundle + QLatin1Char('/') + QString::fromStdString(name);
        const int duration = t.agent[0] == 'a' ? 10 : t.agent[0] == 'b' ? 20 : 30;
        char start[32], finish[32];
        std::snprintf(start, sizeof start, "2026-09-24T%02d:%02d:00Z", 8 + minute / 60, minute % 60);
        std::snprintf(finish, sizeof finish, "2026-09-24T%02d:%02d:00Z", 8 + (minute + duration) / 60,
                      (minute + duration) % 60);
        minute += 1;
        json result = {
            {"task_name", std::string("gnucleus-ai/") + t.task},
            {"trial_name", name},
            {"agent_info", {{"name", t.agent}, {"version", "1"}, {"model_info", {{"name", t.model}}}}},
            {"started_at", start},
            {"finished_at", finish},
            {"verifier_result", {{"rewards", {{"reward", t.reward}}}}}};
        json agentResult = {{"n_input_tokens", 1000}, {"n_output_tokens", 100}};
        if (t.agent[0] == 'a') agentResult["cost_usd"] = 1.0;
        if (t.agent[0] == 'g') agentResult["cost_usd"] = 2.0;
        result["agent_result"] = agentResult;
        if (*t.exception)
            result["exception_info"] = {{"exception_type", t.exception},
                                        {"exception_message", "agent crashed"}};
        write(dir + QStringLiteral("/result.json"), result.dump(2));
        write(dir + QStringLiteral("/config.json"),
              json{{"task", {{"path", std::string("tasks/") + t.task}}}}.dump());
        write(dir + QStringLiteral("/verifier/reward.json"), json{{"reward", t.reward}}.dump());
        const bool edit = std::string(t.workflow) == "create_and_edit";
        if (t.answer) {
            json details = edit ? json{{"score", t.reward},
                                       {"base", stage(t.base, t.gate)},
                                       {"target", stage(t.edit, "")}}
                                : stage(t.single, t.gate);
            write(dir + QStringLiteral("/verifier/reward_details.json"), details.dump(2));
            if (edit) {
                write(dir + QStringLiteral("/artifacts/app/answer_base.FCStd"), "not read by the UI tests");
                write(dir + QStringLiteral("/artifacts/app/answer_edit.FCStd"), "not read by the UI tests");
            } else {
                write(dir + QStringLiteral("/artifacts/app/answer.FCStd"), "not read by the UI tests");
            }
        }
    }
    // One malformed trial: listed with its reason, excluded from statistics.
    write(f.bundle + QStringLiteral("/c1__broken/result.json"), "{ not json");
    write(f.bundle + QStringLiteral("/c1__broken/verifier/reward.json"), R"({"reward": 1.0})");
    return f;
}

std::shared_ptr<const ui::Analysis> fixtureAnalysis(const UiFixture& fixture, const ui::Filter& filter) {
    auto set = std::make_shared<ResultSet>(
        importResults({fixture.bundle.toStdString()}, fixture.pack.toStdString()));
    return std::make_shared<ui::Analysis>(ui::analyse(set, filter));
}

SamplePaths samplePaths() {
    const QString root = QStringLiteral(VERNIER_SOURCE_DIR "/resources/sample");
    SamplePaths p;
    if (QFileInfo::exists(root + QStringLiteral("/results")) &&
        QFileInfo::exists(root + QStringLiteral("/pack"))) {
        p.results = root + QStringLiteral("/results");
        p.pack = root + QStringLiteral("/pack");
    }
    return p;
}

bool waitForAnalysis(ui::MainWindow& w, int timeoutMs) {
    // A snapshot that arrived earlier and is still reaching the hidden pages is not the one waited for.
    w.flushPendingPages();
    QEventLoop loop;
    bool done = false;
    QObject::connect(&w, &ui::MainWindow::analysisShown, &loop, [&] {
        done = true;
        loop.quit();
    });
    QObject::connect(w.session(), &ui::Session::loadFailed, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return done;
}

} // namespace vernier::testing
