// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The Instruction tab never reads a file an instruction.md names (ui/inspector/instruction_browser.h): an
// image of a local path is drawn as missing, `![x](/dev/zero)` renders at once instead of reading until
// memory runs out, and every committed finding of fuzz_instruction_markdown and fuzz_instruction_import
// (tests/data/hostile/fuzz-regressions/<target>/) renders through the inspector's own path.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <QImage>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocument>
#include <gtest/gtest.h>

#include "models/task_pack.h"
#include "ui/inspector/inspector_panels.h"

using namespace vernier;
using namespace vernier::ui;

namespace {

// The Instruction tab laid out at 880 px for `markdown`, as showing it does; returns the document's height.
double renderedHeight(QTextBrowser* browser, const std::string& markdown) {
    TaskInfo task;
    task.id = "freecad-0000000000";
    task.instruction = markdown;
    browser->setMarkdown(InspectorPanels::instructionMarkdown(task));
    browser->document()->setTextWidth(880);
    return browser->document()->size().height();
}

} // namespace

TEST(InstructionBrowser, ALocalImageIsNeverRead) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("tall.png"));
    QImage image(40, 600, QImage::Format_RGB32);
    image.fill(Qt::red);
    ASSERT_TRUE(image.save(png));
    const std::string markdown = "Text.\n\n![tall](" + png.toStdString() + ")\n";

    // A plain QTextBrowser reads the file and lays out the 600 px image: what the inspector must not do.
    QTextBrowser plain;
    EXPECT_GT(renderedHeight(&plain, markdown), 600.0);

    InspectorPanels panels;
    EXPECT_LT(renderedHeight(panels.instruction(), markdown), 200.0); // text and a missing-image mark only
    EXPECT_TRUE(panels.instruction()->toPlainText().contains(QStringLiteral("Text.")));
}

TEST(InstructionBrowser, EveryCommittedFuzzFindingRenders) {
    InspectorPanels panels;
    const auto root = std::filesystem::path(VERNIER_TEST_DATA_DIR) / "hostile/fuzz-regressions";
    int replayed = 0;
    // The layout target's findings and the parsing target's (fuzz_instruction_import, which has none yet):
    // both through the whole path, parsing and layout.
    for (const char* target : {"fuzz_instruction_markdown", "fuzz_instruction_import"}) {
        if (!std::filesystem::is_directory(root / target)) continue;
        for (const auto& f : std::filesystem::directory_iterator(root / target)) {
            SCOPED_TRACE(f.path().string());
            std::ifstream in(f.path(), std::ios::binary);
            std::stringstream ss;
            ss << in.rdbuf();
            EXPECT_GE(renderedHeight(panels.instruction(), ss.str()), 0.0);
            ++replayed;
        }
    }
    EXPECT_GE(replayed, 1); // image-reads-dev-zero-manual at least
}
