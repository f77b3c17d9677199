// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/drawing_view.h"

#include <cmath>

#include <QGraphicsPixmapItem>
#include <QGraphicsSvgItem>
#include <QGraphicsTextItem>
#include <QImage>
#include <QSvgRenderer>
#include <QWheelEvent>

namespace vernier::ui {

DrawingView::DrawingView(QWidget* parent) : QGraphicsView(parent) {
    setScene(new QGraphicsScene(this));
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setRenderHints(QPainter::Antialiasing | QPainter::SmoothPixmapTransform);
    setBackgroundBrush(QColor(0xF4, 0xF4, 0xF4));
}

void DrawingView::showMessage(const QString& message) {
    scene()->clear();
    resetTransform();
    if (!message.isEmpty()) scene()->addText(message);
}

void DrawingView::clearDrawing(const QString& message) {
    showMessage(message);
}

bool DrawingView::setDrawing(const QByteArray& bytes, const QString& fileName) {
    scene()->clear();
    resetTransform();
    const bool svg = fileName.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive) ||
                     bytes.trimmed().startsWith("<?xml") || bytes.trimmed().startsWith("<svg");
    if (svg) {
        auto* renderer = new QSvgRenderer(bytes, this);
        if (!renderer->isValid()) {
            delete renderer;
            showMessage(tr("%1: not a readable SVG drawing").arg(fileName));
            return false;
        }
        auto* item = new QGraphicsSvgItem();
        item->setSharedRenderer(renderer);
        scene()->addItem(item);
    } else {
        QImage image;
        if (!image.loadFromData(bytes)) {
            showMessage(tr("%1: not a readable image (PDF drawings are not shown)").arg(fileName));
            return false;
        }
        scene()->addPixmap(QPixmap::fromImage(image))->setTransformationMode(Qt::SmoothTransformation);
    }
    scene()->setSceneRect(scene()->itemsBoundingRect());
    fitToView();
    return true;
}

void DrawingView::fitToView() {
    if (!scene()->items().isEmpty()) fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
}

double DrawingView::zoomFactor() const {
    return transform().m11();
}

void DrawingView::wheelEvent(QWheelEvent* event) {
    const double factor = std::pow(1.0015, event->angleDelta().y());
    const double next = zoomFactor() * factor;
    if (next < 0.01 || next > 100) return;
    scale(factor, factor);
}

} // namespace vernier::ui
