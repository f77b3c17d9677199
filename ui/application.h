// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The GUI application: argument parsing, main window, --screenshot mode (docs/contract.md §5).
#include <QSize>
#include <QString>
#include <QStringList>

namespace vernier::ui {

int runApplication(int argc, char** argv);

// Parsed command line of `vernier`.
struct GuiArguments {
    QStringList bundles;
    QString taskPack;
    QString workspace;     // --workspace FILE, or a FILE.vernier.json argument
    QString screenshot;    // --screenshot FILE.png
    QString view;          // --view leaderboard|workflows|failures|cost|heatmap|compare|trials|trial:<name>
    QSize size{1400, 900}; // --size WxH: the window size for the screenshot
    QString error;         // non-empty: bad arguments (one line)
};
GuiArguments parseGuiArguments(const QStringList& arguments); // arguments without argv[0]

class MainWindow;
// Loads, waits for the analysis (at most timeoutMs), shows the view and saves a grab of the window.
// Returns 0 on success, 2 on bad input (unknown view / trial, load failure), 1 on write failure.
int renderScreenshot(MainWindow& window, const GuiArguments& args, int timeoutMs = 300000);

} // namespace vernier::ui
