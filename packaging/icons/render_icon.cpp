// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Build-time tool: renders the SVG application icon to one square PNG, so the installed PNG sizes are always
// drawn from the committed SVG (no binary icons to drift, and no extra package: Qt Svg is already required).
#include <QCoreApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: vernier_render_icon IN.svg SIZE OUT.png\n");
        return 2;
    }
    const int size = std::atoi(argv[2]);
    if (size < 8 || size > 4096) {
        std::fprintf(stderr, "vernier_render_icon: size must be 8..4096, got '%s'\n", argv[2]);
        return 2;
    }
    QCoreApplication app(argc, argv);
    QSvgRenderer svg(QString::fromLocal8Bit(argv[1]));
    if (!svg.isValid()) {
        std::fprintf(stderr, "vernier_render_icon: cannot read SVG '%s'\n", argv[1]);
        return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        svg.render(&painter, QRectF(0, 0, size, size));
    }
    if (!image.save(QString::fromLocal8Bit(argv[3]), "PNG")) {
        std::fprintf(stderr, "vernier_render_icon: cannot write '%s'\n", argv[3]);
        return 1;
    }
    return 0;
}
