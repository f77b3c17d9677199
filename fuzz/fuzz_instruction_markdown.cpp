// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Fuzzes the Instruction tab of the trial inspector: a task's instruction.md, cut to the first 1 MiB at a
// character boundary as InspectorPanels::instructionMarkdown does, given to the inspector's own browser
// (ui/inspector/instruction_browser.h) with setMarkdown — Qt's Markdown importer over md4c — and laid out
// at the tab's width. Headless (QT_QPA_PLATFORM=offscreen unless set). fuzz/CMakeLists.txt compiles md4c
// into the target with coverage when its source is there (scripts/fuzz.sh), so the fuzzer sees the parser.
#include <cstddef>
#include <cstdint>

#include <QApplication>
#include <QTextDocument>

#include "fuzz/instruction_input.h"
#include "ui/inspector/instruction_browser.h"

namespace {

vernier::ui::InstructionBrowser* browser = nullptr;

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    vernier::fuzz::headlessUnlessSet();
    static int argc = 1;
    static char name[] = "fuzz_instruction_markdown";
    static char* argv[] = {name, nullptr};
    static QApplication app(argc, argv);
    browser = new vernier::ui::InstructionBrowser;
    browser->resize(900, 700);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    browser->setMarkdown(vernier::fuzz::instructionInput(data, size));
    QTextDocument* doc = browser->document();
    doc->setTextWidth(
        880); // the whole layout at the tab's width, as showing it does (images' sizes included)
    (void)doc->size();
    (void)doc->toPlainText();
    return 0;
}
