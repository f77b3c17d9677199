// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// VERNIER_UI_TRACE=1 prints where the GUI's time goes to stderr: each page's time to take a new snapshot
// (ui/main_window.cpp) and the phases of opening results (ui/session.cpp), for docs/index.md "Performance".
#include <QByteArray>
#include <QElapsedTimer>
#include <cstdio>

namespace vernier::ui {

inline bool uiTrace() {
    static const bool on = [] {
        const QByteArray v = qgetenv("VERNIER_UI_TRACE");
        return !v.isEmpty() && v != "0";
    }();
    return on;
}

// Under VERNIER_UI_TRACE, mark("phase") prints "ui: <what>: <phase> N ms" — the time since the previous mark.
class UiPhases {
public:
    explicit UiPhases(const char* what) : what_(what) {
        if (uiTrace()) clock_.start();
    }
    void mark(const char* phase) {
        if (!clock_.isValid()) return;
        std::fprintf(stderr, "ui: %s: %s %.1f ms\n", what_, phase,
                     static_cast<double>(clock_.nsecsElapsed()) / 1e6);
        clock_.restart();
    }

private:
    const char* what_;
    QElapsedTimer clock_;
};

} // namespace vernier::ui
