// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Instruction tab (ui/inspector/inspector_panels.cpp): a task's instruction.md rendered as Markdown by a
// QTextBrowser whose document never loads a resource. A task pack is untrusted input (a folder or a zip), and
// Qt resolves an image or style sheet a document names against the local file system: QTextBrowser reads any
// path, and QTextDocument itself falls back to reading relative names from the working directory. An
// instruction.md holding `![x](/dev/zero)` read /dev/zero until memory ran out and froze the GUI (found while
// writing fuzz_instruction_markdown, README "Fuzzing"); `![x](/home/...)` showed local files. Images in an
// instruction are drawn as a grey 16-pixel mark instead (no task pack uses any). Header-only so that the fuzz
// target (fuzz/fuzz_instruction_markdown.cpp) renders through exactly this class without linking the ui
// library.
#include <QColor>
#include <QDesktopServices>
#include <QImage>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>
#include <QVariant>

namespace vernier::ui {

// A document that answers every resource (image, style sheet, ...) without reading anything. An image gets a
// small grey "missing" mark: answering nothing is not enough, because Qt's text layout then loads the image
// from its name itself (QImage::load of the path) and lays out the real picture.
class NoResourceDocument : public QTextDocument {
public:
    using QTextDocument::QTextDocument;

protected:
    QVariant loadResource(int type, const QUrl&) override {
        if (type != QTextDocument::ImageResource) return {};
        QImage missing(16, 16, QImage::Format_RGB32);
        missing.fill(QColor(0xc8, 0xc8, 0xc8));
        return missing;
    }
};

class InstructionBrowser : public QTextBrowser {
public:
    explicit InstructionBrowser(QWidget* parent = nullptr) : QTextBrowser(parent) {
        setDocument(new NoResourceDocument(this));
        // A clicked link never replaces the instruction (openLinks off, which also turns off Qt's own
        // opening of external links); http(s) links open in the desktop's browser, nothing else does.
        setOpenLinks(false);
        connect(this, &QTextBrowser::anchorClicked, this, [](const QUrl& url) {
            if (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"))
                QDesktopServices::openUrl(url);
        });
    }

protected:
    // Nothing is ever loaded into the browser (a file link, were it followed).
    QVariant loadResource(int, const QUrl&) override { return {}; }
};

} // namespace vernier::ui
