// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/figure_export.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>
#include <cmath>

#include "figures/charts.h"
#include "figures/palette.h"

namespace vernier::ui {

namespace {

// Logical units per inch of the layout: fonts in points are converted at this resolution, so drawing
// the same layout on every device keeps their printed size.
constexpr double kLogicalDpi = 96.0;

// Draws the widget's content into `target` (logical units) on an already opened painter.
class FigureRenderer {
public:
    FigureRenderer(QWidget* widget, QSizeF logicalSize) : widget_(widget), size_(logicalSize) {}

    void paint(QPainter& painter) {
        const QRectF target(QPointF(0, 0), size_);
        if (auto* chartView = qobject_cast<QChartView*>(widget_); chartView && chartView->chart()) {
            QChart* chart = chartView->chart();
            // Every export is on paper, whatever the screen shows (a dark desktop palette restyles the
            // chart on screen only; docs/figures.md "Screen and paper").
            const ChartStyle onScreen = chartStyleOf(chart);
            const ChartStyle paper = palette::paperStyle();
            if (!(onScreen == paper)) applyChartStyle(chart, paper);
            const QRectF oldGeometry = chart->geometry();
            chart->setGeometry(target);
            chart->layout()->activate();
            chart->scene()->render(&painter, target, target, Qt::IgnoreAspectRatio);
            chart->setGeometry(oldGeometry);
            if (!(onScreen == paper)) applyChartStyle(chart, onScreen);
            return;
        }
        if (const auto* figure = dynamic_cast<const PaintableFigure*>(widget_)) {
            figure->paintFigure(painter, size_);
            return;
        }
        if (auto* view = qobject_cast<QGraphicsView*>(widget_); view && view->scene()) {
            const QRectF source = view->scene()->itemsBoundingRect();
            view->scene()->render(&painter, target, source, Qt::KeepAspectRatio);
            return;
        }
        const QSize current = widget_->size().isEmpty() ? widget_->sizeHint() : widget_->size();
        if (current.isEmpty()) return;
        const double scale = std::min(size_.width() / current.width(), size_.height() / current.height());
        painter.save();
        painter.scale(scale, scale);
        widget_->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
        painter.restore();
    }

private:
    QWidget* widget_;
    QSizeF size_;
};

void setError(QString* error, const QString& message) {
    if (error) *error = message;
}

QString xmlEscape(const QString& s) {
    return s.toHtmlEscaped();
}

// XMP packet for the PDF: the title, the provenance as dc:description (the document's subject) and as
// pdf:Keywords, Vernier as xmp:CreatorTool. pdfinfo -meta prints it.
QByteArray pdfXmp(const QString& title, const Provenance& p) {
    QStringList keywords;
    for (const QString& k : {p.producer, p.rewards, p.filter, p.bundles.join(QStringLiteral(", "))})
        if (!k.isEmpty()) keywords << k;
    const QString xmp =
        QStringLiteral(
            "<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
            "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
            "xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">\n"
            "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">%1</rdf:li></rdf:Alt></dc:title>\n"
            "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">%2</rdf:li></rdf:Alt>"
            "</dc:description>\n"
            "<pdf:Keywords>%3</pdf:Keywords>\n"
            "<xmp:CreatorTool>%4</xmp:CreatorTool>\n"
            "<xmp:CreateDate>%5</xmp:CreateDate>\n"
            "<vernier:provenance xmlns:vernier=\"%6\">%7</vernier:provenance>\n"
            "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>")
            .arg(xmlEscape(title), xmlEscape(p.oneLine()), xmlEscape(keywords.join(QStringLiteral("; "))),
                 xmlEscape(p.producer), xmlEscape(p.date), QLatin1String(kSvgProvenanceNamespace),
                 xmlEscape(p.markerLine()));
    return xmp.toUtf8();
}

} // namespace

bool figureFormatFromPath(const QString& path, FigureFormat* format) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("svg"))
        *format = FigureFormat::Svg;
    else if (suffix == QLatin1String("pdf"))
        *format = FigureFormat::Pdf;
    else if (suffix == QLatin1String("png"))
        *format = FigureFormat::Png;
    else
        return false;
    return true;
}

bool exportFigure(QWidget* widget, const QString& path, FigureFormat format, const FigureOptions& options,
                  QString* error) {
    if (!widget) {
        setError(error, QStringLiteral("nothing to export"));
        return false;
    }
    if (!(options.widthInches > 0.5 && options.widthInches <= 40 && options.heightInches > 0.5 &&
          options.heightInches <= 40)) {
        setError(error, QStringLiteral("figure size must be between 0.5 and 40 inches"));
        return false;
    }
    if (format == FigureFormat::Png && (options.dpi < 36 || options.dpi > 1200)) {
        setError(error, QStringLiteral("PNG resolution must be between 36 and 1200 dpi"));
        return false;
    }
    const QSizeF logical(options.widthInches * kLogicalDpi, options.heightInches * kLogicalDpi);
    FigureRenderer renderer(widget, logical);
    const Provenance provenance = options.provenance.isEmpty() ? basicProvenance({}) : options.provenance;

    switch (format) {
    case FigureFormat::Svg: {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(logical.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), logical));
        svg.setResolution(static_cast<int>(kLogicalDpi));
        svg.setTitle(options.title);
        svg.setDescription(provenance.text());
        QPainter painter;
        if (!painter.begin(&svg)) {
            setError(error, QStringLiteral("cannot write %1").arg(path));
            return false;
        }
        renderer.paint(painter);
        painter.end();
        // The machine-readable block in <metadata> (figures/provenance.h); QSvgGenerator has no API for it.
        QFile file(path);
        if (file.open(QIODevice::ReadOnly)) {
            const QByteArray withMetadata = withSvgMetadata(file.readAll(), provenance);
            file.close();
            QSaveFile out(path);
            if (!out.open(QIODevice::WriteOnly) || out.write(withMetadata) < 0 || !out.commit()) {
                setError(error, QStringLiteral("cannot write %1").arg(path));
                return false;
            }
        }
        break;
    }
    case FigureFormat::Pdf: {
        QPdfWriter pdf(path);
        pdf.setPageSize(QPageSize(QSizeF(options.widthInches, options.heightInches), QPageSize::Inch,
                                  QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(static_cast<int>(kLogicalDpi));
        pdf.setTitle(options.title);
        pdf.setCreator(provenance.command.isEmpty()
                           ? provenance.producer
                           : QStringLiteral("%1 (%2)").arg(provenance.producer, provenance.command));
        pdf.setDocumentXmpMetadata(pdfXmp(options.title, provenance));
        QPainter painter;
        if (!painter.begin(&pdf)) {
            setError(error, QStringLiteral("cannot write %1").arg(path));
            return false;
        }
        renderer.paint(painter);
        painter.end();
        break;
    }
    case FigureFormat::Png: {
        const double scale = options.dpi / kLogicalDpi;
        QImage image(QSize(static_cast<int>(std::lround(logical.width() * scale)),
                           static_cast<int>(std::lround(logical.height() * scale))),
                     QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::TextAntialiasing);
            painter.scale(scale, scale);
            renderer.paint(painter);
        }
        // Metadata only, set after painting so fonts were sized at the logical resolution.
        const int dotsPerMeter = static_cast<int>(std::lround(options.dpi / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        if (!options.title.isEmpty()) image.setText(QStringLiteral("Title"), options.title);
        // PNG's registered keywords (tEXt/iTXt chunks), then Vernier's own.
        image.setText(QStringLiteral("Software"), provenance.producer);
        image.setText(QStringLiteral("Description"), provenance.text());
        image.setText(QStringLiteral("Creation Time"), provenance.date);
        if (!provenance.command.isEmpty()) image.setText(QStringLiteral("Source"), provenance.command);
        if (!provenance.rewards.isEmpty())
            image.setText(QStringLiteral("Vernier-Rewards"), provenance.rewards);
        if (!provenance.filter.isEmpty()) image.setText(QStringLiteral("Vernier-Filter"), provenance.filter);
        if (!provenance.bundles.isEmpty())
            image.setText(QStringLiteral("Vernier-Bundles"), provenance.bundles.join(QStringLiteral(", ")));
        if (!provenance.block.is_null())
            image.setText(QLatin1String(kPngProvenanceKey), provenance.markerLine());
        if (!image.save(path, "PNG")) {
            setError(error, QStringLiteral("cannot write %1").arg(path));
            return false;
        }
        break;
    }
    }
    if (!QFileInfo::exists(path)) {
        setError(error, QStringLiteral("cannot write %1").arg(path));
        return false;
    }
    return true;
}

QStringList exportFigureAllFormats(QWidget* widget, const QString& basePath, const FigureOptions& options,
                                   QString* error) {
    QStringList written;
    const std::pair<FigureFormat, const char*> formats[] = {
        {FigureFormat::Svg, ".svg"}, {FigureFormat::Pdf, ".pdf"}, {FigureFormat::Png, ".png"}};
    for (const auto& [format, suffix] : formats) {
        const QString path = basePath + QLatin1String(suffix);
        if (!exportFigure(widget, path, format, options, error)) return {};
        written << path;
    }
    return written;
}

} // namespace vernier::ui
