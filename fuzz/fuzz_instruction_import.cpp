// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes the parsing half of the Instruction tab: a task's instruction.md, cut to the first 1 MiB at a
// character boundary as InspectorPanels::instructionMarkdown does, imported by Qt's Markdown importer (md4c)
// into the inspector's own NoResourceDocument (ui/inspector/instruction_browser.h), and the document it built
// walked block by block, fragment by fragment, table cell by table cell. No layout: fuzz_instruction_markdown
// lays every input out at the tab's width as showing it does, which costs ~10 ms an input (Qt's text layout
// and HarfBuzz shaping under ASan), so it cannot run the parser the 10^7 times the others get; this one can
// (docs/testing.md "Fuzzing"). Headless (QT_QPA_PLATFORM=offscreen unless set). fuzz/CMakeLists.txt compiles
// md4c into the target with coverage when its source is there (scripts/fuzz.sh), as for the layout target.
#include <cstddef>
#include <cstdint>

#include <QGuiApplication>
#include <QTextBlock>
#include <QTextFrame>
#include <QTextList>
#include <QTextTable>

#include "fuzz/instruction_input.h"
#include "ui/inspector/instruction_browser.h"

namespace {

// One document for every input, as the tab keeps one (setMarkdown clears it first).
vernier::ui::NoResourceDocument* document = nullptr;

// Everything the importer built, read back: a damaged structure (a fragment past its block, a cell outside
// its table) is what ASan would catch here.
std::size_t walk(QTextFrame* frame) {
    std::size_t seen = 0;
    for (auto it = frame->begin(); !it.atEnd(); ++it) {
        if (QTextFrame* child = it.currentFrame()) {
            if (auto* table = qobject_cast<QTextTable*>(child))
                for (int r = 0; r < table->rows(); ++r)
                    for (int c = 0; c < table->columns(); ++c)
                        seen += static_cast<std::size_t>(table->cellAt(r, c).columnSpan());
            seen += walk(child);
            continue;
        }
        const QTextBlock block = it.currentBlock();
        if (QTextList* list = block.textList()) seen += static_cast<std::size_t>(list->itemNumber(block) + 1);
        seen += static_cast<std::size_t>(block.blockFormat().headingLevel());
        for (auto f = block.begin(); !f.atEnd(); ++f) {
            const QTextFragment fragment = f.fragment();
            if (!fragment.isValid()) continue;
            seen += static_cast<std::size_t>(fragment.text().size());
            const QTextCharFormat format = fragment.charFormat();
            if (format.isImageFormat())
                seen += static_cast<std::size_t>(format.toImageFormat().name().size());
            if (format.isAnchor()) seen += static_cast<std::size_t>(format.anchorHref().size());
        }
    }
    return seen;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    vernier::fuzz::headlessUnlessSet();
    static int argc = 1;
    static char name[] = "fuzz_instruction_import";
    static char* argv[] = {name, nullptr};
    static QGuiApplication app(argc, argv);
    document = new vernier::ui::NoResourceDocument;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    document->setMarkdown(vernier::fuzz::instructionInput(data, size));
    volatile std::size_t seen = walk(document->rootFrame());
    (void)seen;
    (void)document->toPlainText();
    return 0;
}
