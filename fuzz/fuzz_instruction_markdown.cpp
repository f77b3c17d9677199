// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes the Instruction tab of the trial inspector: a task's instruction.md, cut to the first 1 MiB at a
// character boundary as InspectorPanels::instructionMarkdown does, given to the inspector's own browser
// (ui/inspector/instruction_browser.h) with setMarkdown — Qt's Markdown importer over md4c — and laid out
// at the tab's width. Headless (QT_QPA_PLATFORM=offscreen unless set). fuzz/CMakeLists.txt compiles md4c
// into the target with coverage when its source is there (scripts/fuzz.sh), so the fuzzer sees the parser.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <QApplication>
#include <QTextDocument>

#include "ui/inspector/instruction_browser.h"

namespace {

constexpr std::size_t kInstructionLimit = std::size_t{1} << 20; // ui/inspector/inspector_panels.h

vernier::ui::InstructionBrowser* browser = nullptr;

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    static int argc = 1;
    static char name[] = "fuzz_instruction_markdown";
    static char* argv[] = {name, nullptr};
    static QApplication app(argc, argv);
    browser = new vernier::ui::InstructionBrowser;
    browser->resize(900, 700);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    if (text.size() > kInstructionLimit) {
        std::size_t cut = kInstructionLimit;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut;
        text.resize(cut);
    }
    browser->setMarkdown(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
    QTextDocument* doc = browser->document();
    doc->setTextWidth(
        880); // the whole layout at the tab's width, as showing it does (images' sizes included)
    (void)doc->size();
    (void)doc->toPlainText();
    return 0;
}
