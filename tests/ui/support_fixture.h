// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A small hand-made results bundle + task pack for the UI tests, written into a temporary folder:
// 6 tasks (2 per workflow), 3 systems with hand-checked rewards, one zero of each kind, and one
// malformed trial. Numbers to expect are listed in support_fixture.cpp.
#include <QString>
#include <QTemporaryDir>
#include <memory>

#include "ui/analysis.h"

namespace vernier::ui {
class MainWindow;
}

namespace vernier::testing {

struct UiFixture {
    std::unique_ptr<QTemporaryDir> dir;
    QString pack;   // <dir>/pack
    QString bundle; // <dir>/job (a Harbor job folder)
};

// Writes the fixture; asserts (via gtest) that writing worked.
UiFixture writeUiFixture();
// Imports it and computes the analysis with `filter`.
std::shared_ptr<const ui::Analysis> fixtureAnalysis(const UiFixture& fixture, const ui::Filter& filter = {});

// The embedded sample (resources/sample), when it is complete; empty strings otherwise.
struct SamplePaths {
    QString results;
    QString pack;
};
SamplePaths samplePaths();

// Runs the event loop until `window` shows an analysis (true), its session fails to load, or the
// timeout passes (false).
bool waitForAnalysis(ui::MainWindow& window, int timeoutMs = 120000);

} // namespace vernier::testing
