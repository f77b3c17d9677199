// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Process-wide set-up OCCT's OpenGL driver needs inside Qt; call before constructing QApplication.

namespace vernier {

// Linux: forces the xcb platform (OCCT talks to Xlib), shares OpenGL contexts, sets the default
// surface format. Harmless when no 3D view is ever shown.
void prepareOcctPlatform();

} // namespace vernier
