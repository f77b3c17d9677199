#pragma once
// The GUI application: argument parsing, main window, --screenshot mode.

namespace vernier::ui {

int runApplication(int argc, char** argv);

} // namespace vernier::ui
