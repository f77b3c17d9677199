// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The engineering drawing of an image_to_cad task: raster or SVG, zoom with the wheel, pan by dragging.
#include <QGraphicsView>

namespace vernier::ui {

class DrawingView : public QGraphicsView {
    Q_OBJECT
public:
    explicit DrawingView(QWidget* parent = nullptr);
    // Bytes of a PNG/JPEG/SVG file; false (and a message in the view) when it cannot be shown.
    bool setDrawing(const QByteArray& bytes, const QString& fileName);
    void clearDrawing(const QString& message = {});
    void fitToView();
    double zoomFactor() const;

protected:
    void wheelEvent(QWheelEvent* event) override;

private:
    void showMessage(const QString& message);
};

} // namespace vernier::ui
