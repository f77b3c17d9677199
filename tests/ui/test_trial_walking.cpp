// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Walking in the trial inspector (docs/inspector.md): previous/next follow the order the inspector was
// given, skip trials that cannot be shown, stop at both ends (no wrap-around); Alt+Left/Alt+Right and
// PgUp/PgDn walk; the Instruction tab renders the task's instruction.md (the embedded sample's pack has one
// per task), says so in one line when there is none, and caps a long one at 1 MiB.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <gtest/gtest.h>

#include "models/result_set.h"
#include "ui/inspector/analysis_task.h"
#include "ui/inspector/inspector_panels.h"
#include "ui/inspector/trial_inspector.h"

using namespace vernier;
using namespace vernier::ui;

namespace {

const ResultSet& sample() {
    static const ResultSet set = [] {
        const std::string root = std::string(VERNIER_SOURCE_DIR) + "/resources/sample";
        std::vector<std::string> bundles;
        for (const auto& e : std::filesystem::directory_iterator(root + "/results"))
            if (e.is_directory() && e.path().filename() != "runs") bundles.push_back(e.path().string());
        std::sort(bundles.begin(), bundles.end());
        return importResults(bundles, root + "/pack");
    }();
    return set;
}

// The first `n` trials of the sample that the inspector can show.
std::vector<TrialId> showable(std::size_t n) {
    std::vector<TrialId> out;
    for (const TrialRecord& t : sample().trials)
        if (t.taskIndex >= 0 && t.loadError.empty() && out.size() < n) out.push_back(t.id());
    return out;
}

std::optional<std::pair<TrialRecord, TaskInfo>> resolve(const TrialId& id) {
    const TrialRecord* t = sample().find(id);
    if (!t || t->taskIndex < 0 || !t->loadError.empty()) return std::nullopt;
    return std::pair{*t, sample().tasks[static_cast<std::size_t>(t->taskIndex)]};
}

// Walking is about which trial is shown, not its geometry: the stage analyser returns at once.
class WalkingTest : public ::testing::Test {
protected:
    void SetUp() override {
        AnalysisTask::setStageAnalyser([](const StageInput& in) {
            StageAnalysis a;
            a.input = in;
            return a;
        });
    }
    void TearDown() override { AnalysisTask::setStageAnalyser({}); }

    void show(TrialInspector& inspector, const TrialId& id) {
        const auto found = resolve(id);
        ASSERT_TRUE(found);
        inspector.showTrial(found->first, found->second);
    }
};

QPushButton* button(TrialInspector& inspector, const char* name) {
    return inspector.findChild<QPushButton*>(QString::fromLatin1(name));
}

} // namespace

TEST_F(WalkingTest, NextAndPreviousFollowTheGivenOrderAndStopAtTheEnds) {
    const auto ids = showable(3);
    ASSERT_EQ(ids.size(), 3u);
    // Not the set's order: the inspector follows the order it is given (a sorted table's rows).
    const std::vector<TrialId> order{ids[2], ids[0], ids[1]};
    TrialInspector inspector;
    show(inspector, ids[0]);
    inspector.setWalk(order, resolve);
    EXPECT_EQ(inspector.walkPosition(), 1);
    EXPECT_EQ(inspector.walkText(), QStringLiteral("2 of 3"));
    EXPECT_EQ(inspector.findChild<QLabel*>(QStringLiteral("walkPosition"))->text(), QStringLiteral("2 of 3"));

    QSignalSpy walked(&inspector, &TrialInspector::walked);
    ASSERT_TRUE(inspector.walk(+1));
    EXPECT_EQ(inspector.trialId(), ids[1]);
    EXPECT_EQ(inspector.trialName(), QString::fromStdString(sample().find(ids[1])->trialName));
    EXPECT_EQ(inspector.walkText(), QStringLiteral("3 of 3"));
    ASSERT_EQ(walked.count(), 1);
    EXPECT_EQ(walked.at(0).at(0).value<TrialId>(), ids[1]);
    // The last one: next stops (no wrap-around) and its button is disabled.
    EXPECT_FALSE(inspector.canWalk(+1));
    EXPECT_FALSE(button(inspector, "nextTrial")->isEnabled());
    EXPECT_TRUE(button(inspector, "previousTrial")->isEnabled());
    EXPECT_FALSE(inspector.walk(+1));
    EXPECT_EQ(inspector.trialId(), ids[1]);
    EXPECT_EQ(walked.count(), 1);

    ASSERT_TRUE(inspector.walk(-1));
    EXPECT_EQ(inspector.trialId(), ids[0]);
    button(inspector, "previousTrial")->click();
    EXPECT_EQ(inspector.trialId(), ids[2]);
    EXPECT_EQ(inspector.walkText(), QStringLiteral("1 of 3"));
    EXPECT_FALSE(button(inspector, "previousTrial")->isEnabled());
    EXPECT_FALSE(inspector.walk(-1));
    EXPECT_EQ(walked.count(), 3);
}

TEST_F(WalkingTest, TrialsThatCannotBeShownAreSkipped) {
    const auto ids = showable(2);
    ASSERT_EQ(ids.size(), 2u);
    const TrialId gone{"/no/such/bundle", "job/trial"};
    TrialInspector inspector;
    show(inspector, ids[0]);
    inspector.setWalk({ids[0], gone, ids[1]}, resolve);
    ASSERT_TRUE(inspector.walk(+1));
    EXPECT_EQ(inspector.trialId(), ids[1]);
    EXPECT_EQ(inspector.walkText(), QStringLiteral("3 of 3")); // the gone trial still counts in the list
    ASSERT_TRUE(inspector.walk(-1));
    EXPECT_EQ(inspector.trialId(), ids[0]);
}

TEST_F(WalkingTest, WithoutAnOrderContainingTheTrialThereIsNoWalking) {
    const auto ids = showable(2);
    TrialInspector inspector;
    show(inspector, ids[0]);
    EXPECT_EQ(inspector.walkPosition(), -1);
    EXPECT_FALSE(inspector.walk(+1));
    inspector.setWalk({ids[1]}, resolve);
    EXPECT_TRUE(inspector.walkText().isEmpty());
    EXPECT_FALSE(inspector.walk(+1));
    EXPECT_EQ(inspector.trialId(), ids[0]);
}

TEST_F(WalkingTest, KeyboardShortcutsWalk) {
    const auto ids = showable(3);
    ASSERT_EQ(ids.size(), 3u);
    TrialInspector inspector;
    show(inspector, ids[0]);
    inspector.setWalk(ids, resolve);
    inspector.show();
    inspector.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&inspector));
    QTest::keyClick(&inspector, Qt::Key_Right, Qt::AltModifier);
    EXPECT_EQ(inspector.trialId(), ids[1]);
    QTest::keyClick(&inspector, Qt::Key_PageDown);
    EXPECT_EQ(inspector.trialId(), ids[2]);
    QTest::keyClick(&inspector, Qt::Key_PageDown); // the end: stays
    EXPECT_EQ(inspector.trialId(), ids[2]);
    QTest::keyClick(&inspector, Qt::Key_Left, Qt::AltModifier);
    EXPECT_EQ(inspector.trialId(), ids[1]);
    QTest::keyClick(&inspector, Qt::Key_PageUp);
    EXPECT_EQ(inspector.trialId(), ids[0]);
}

TEST_F(WalkingTest, InstructionTabRendersTheTasksInstructionMarkdown) {
    const auto ids = showable(1);
    ASSERT_EQ(ids.size(), 1u);
    const TrialRecord& trial = *sample().find(ids[0]);
    const TaskInfo& task = sample().tasks[static_cast<std::size_t>(trial.taskIndex)];
    // The heading as the pack's file has it: its first line, "# <title>".
    const std::string path =
        std::string(VERNIER_SOURCE_DIR) + "/resources/sample/pack/" + task.id + "/instruction.md";
    std::ifstream in(path);
    ASSERT_TRUE(in) << path;
    std::string first;
    std::getline(in, first);
    ASSERT_EQ(first.rfind("# ", 0), 0u) << first;
    const QString heading = QString::fromStdString(first.substr(2));

    TrialInspector inspector;
    show(inspector, ids[0]);
    QTabWidget* tabs = inspector.panels();
    int tab = -1;
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->tabText(i) == QStringLiteral("Instruction")) tab = i;
    ASSERT_GE(tab, 0);
    auto* browser = qobject_cast<QTextBrowser*>(tabs->widget(tab));
    ASSERT_NE(browser, nullptr);
    const QTextBlock block = browser->document()->firstBlock();
    EXPECT_EQ(block.text(), heading);
    EXPECT_EQ(block.blockFormat().headingLevel(), 1); // rendered as Markdown, not shown as text
    EXPECT_FALSE(browser->toPlainText().contains(QStringLiteral("# ")));
}

TEST(InstructionMarkdown, MissingFileIsOneLineAndLongFilesAreCapped) {
    TaskInfo task;
    task.id = "freecad-none";
    const QString missing = InspectorPanels::instructionMarkdown(task);
    EXPECT_FALSE(missing.contains(QLatin1Char('\n')));
    EXPECT_TRUE(missing.contains(QStringLiteral("instruction.md")));
    EXPECT_TRUE(missing.contains(QStringLiteral("freecad-none")));

    // 1 MiB + 1000 bytes of "é" (2 bytes each) and ASCII: cut at 1 MiB on a character boundary, with a note.
    task.instruction = "# Long\n\n" + std::string(InspectorPanels::kInstructionLimit, 'a');
    task.instruction.replace(InspectorPanels::kInstructionLimit - 1, 2, "\xC3\xA9"); // é straddles the limit
    task.instruction += std::string(1000, 'b');
    const QString capped = InspectorPanels::instructionMarkdown(task);
    EXPECT_TRUE(capped.startsWith(QStringLiteral("*instruction.md is %1 bytes; the first 1 MiB is shown.*")
                                      .arg(task.instruction.size())));
    EXPECT_FALSE(capped.contains(QStringLiteral("ab"))); // nothing after the cut
    EXPECT_FALSE(capped.contains(QChar(0xFFFD)));        // no broken character at the cut
    EXPECT_TRUE(capped.contains(QStringLiteral("# Long")));

    task.instruction = "# Short\n\nText.";
    EXPECT_EQ(InspectorPanels::instructionMarkdown(task), QStringLiteral("# Short\n\nText."));
}
