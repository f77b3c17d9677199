// vernier: the desktop application. Everything happens in vernier_ui.
#include "ui/application.h"

int main(int argc, char** argv) {
    return vernier::ui::runApplication(argc, argv);
}
