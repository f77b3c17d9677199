#include "ui/application.h"

#include <QApplication>
#include <QLabel>
#include <QMainWindow>

#include "viewers/occt_platform.h"

namespace vernier::ui {

int runApplication(int argc, char** argv) {
    prepareOcctPlatform();
    QApplication app(argc, argv);
    QApplication::setApplicationName("Vernier");
    QMainWindow window;
    window.setWindowTitle("Vernier");
    window.setCentralWidget(new QLabel("Vernier"));
    window.resize(1280, 800);
    window.show();
    return app.exec();
}

} // namespace vernier::ui
