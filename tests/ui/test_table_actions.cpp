// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The shared row actions (ui/table_actions.h): Enter and double-click name the row's trial, "Copy row as CSV"
// puts safe CSV (models/table_export.h csvField) of the shown columns on the clipboard, the context menu has
// the trial entries only on rows that name a trial, and the trials view of the main window opens a trial on
// Enter with its rows as the inspector's walking order.
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QMenu>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>

#include "figures/trial_table_model.h"
#include "support_fixture.h"
#include "ui/main_window.h"
#include "ui/table_actions.h"
#include "ui/trials_view.h"

using namespace vernier;
using namespace vernier::ui;

namespace {

constexpr int kTrialRole = Qt::UserRole + 7;

// Three rows: two name trials, the last a system only. Cells with a comma, a quote, a formula and "—".
struct Table {
    QStandardItemModel model;
    QTableView view;
    TableActions* actions = nullptr;

    Table() {
        model.setHorizontalHeaderLabels(
            {QStringLiteral("Trial"), QStringLiteral("Note"), QStringLiteral("Reward")});
        const auto row = [&](const QString& name, const QString& note, const QString& reward,
                             const TrialId& id) {
            auto* first = new QStandardItem(name);
            if (!id.empty()) first->setData(QVariant::fromValue(id), kTrialRole);
            model.appendRow({first, new QStandardItem(note), new QStandardItem(reward)});
        };
        row(QStringLiteral("t1"), QStringLiteral("=HYPERLINK(\"x\")"), QStringLiteral("0.5"),
            {"/b", "job/t1"});
        row(QStringLiteral("t2"), QStringLiteral("a, \"b\""), QStringLiteral("—"), {"/b", "job/t2"});
        row(QStringLiteral("system only"), QStringLiteral("-3"), QStringLiteral("@x"), {});
        view.setModel(&model);
        view.setSelectionBehavior(QAbstractItemView::SelectRows);
        actions = TableActions::install(&view, [](const QModelIndex& i) -> std::optional<TrialId> {
            const QVariant v = i.siblingAtColumn(0).data(kTrialRole);
            if (!v.isValid()) return std::nullopt;
            return v.value<TrialId>();
        });
    }
};

QStringList actionNames(QMenu* menu) {
    QStringList names;
    for (QAction* a : menu->actions())
        if (!a->isSeparator()) names << a->objectName();
    return names;
}

} // namespace

TEST(UiTableActions, CopyRowAsCsvPutsSafeCsvOnTheClipboard) {
    Table t;
    t.view.selectionModel()->clearSelection();
    // Row 1: a quote and a comma are quoted, "—" (unknown) is empty.
    t.actions->copyRowsCsv(t.model.index(1, 1));
    EXPECT_EQ(QApplication::clipboard()->text(), QStringLiteral("Trial,Note,Reward\nt2,\"a, \"\"b\"\"\",\n"));
    // Row 0: a formula gets a leading apostrophe (then quoted for its quotes); the number stays a number.
    t.actions->copyRowsCsv(t.model.index(0, 2));
    EXPECT_EQ(QApplication::clipboard()->text(),
              QStringLiteral("Trial,Note,Reward\nt1,\"'=HYPERLINK(\"\"x\"\")\",0.5\n"));
    // Row 2: "-3" is a number, "@x" a formula.
    t.actions->copyRowsCsv(t.model.index(2, 0));
    EXPECT_EQ(QApplication::clipboard()->text(), QStringLiteral("Trial,Note,Reward\nsystem only,-3,'@x\n"));
    // A hidden column is left out, as on screen.
    t.view.setColumnHidden(1, true);
    t.actions->copyRowsCsv(t.model.index(0, 0));
    EXPECT_EQ(QApplication::clipboard()->text(), QStringLiteral("Trial,Reward\nt1,0.5\n"));
    // Copy: the cell as shown.
    t.actions->copyCell(t.model.index(1, 1));
    EXPECT_EQ(QApplication::clipboard()->text(), QStringLiteral("a, \"b\""));
}

TEST(UiTableActions, CopyRowAsCsvTakesEverySelectedRowWhenTheClickedOneIsSelected) {
    Table t;
    t.view.selectRow(0);
    t.view.selectionModel()->select(t.model.index(2, 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    t.actions->copyRowsCsv(t.model.index(2, 1));
    EXPECT_EQ(QApplication::clipboard()->text(),
              QStringLiteral("Trial,Note,Reward\nt1,\"'=HYPERLINK(\"\"x\"\")\",0.5\nsystem only,-3,'@x\n"));
}

TEST(UiTableActions, EnterAndDoubleClickEmitTrialActivated) {
    Table t;
    t.view.show();
    QSignalSpy spy(t.actions, &TableActions::trialActivated);
    t.view.setCurrentIndex(t.model.index(1, 2));
    QTest::keyClick(&t.view, Qt::Key_Return);
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).value<TrialId>(), (TrialId{"/b", "job/t2"}));
    QTest::keyClick(&t.view, Qt::Key_Enter); // the keypad's Enter too
    ASSERT_EQ(spy.count(), 2);
    // A row naming no trial: Enter does nothing.
    t.view.setCurrentIndex(t.model.index(2, 0));
    QTest::keyClick(&t.view, Qt::Key_Return);
    EXPECT_EQ(spy.count(), 2);
    emit t.view.doubleClicked(t.model.index(0, 1));
    ASSERT_EQ(spy.count(), 3);
    EXPECT_EQ(spy.at(2).at(0).value<TrialId>(), (TrialId{"/b", "job/t1"}));
    // The rows' trials in displayed order: sorting descending by name reverses them.
    t.view.sortByColumn(0, Qt::DescendingOrder);
    t.view.setSortingEnabled(true);
    t.model.setSortRole(Qt::DisplayRole);
    t.model.sort(0, Qt::DescendingOrder);
    const std::vector<TrialId> order = t.actions->trialOrder();
    ASSERT_EQ(order.size(), 2u);
    EXPECT_EQ(order[0].path, "job/t2");
    EXPECT_EQ(order[1].path, "job/t1");
}

TEST(UiTableActions, MenuHasTrialEntriesOnlyOnTrialRows) {
    Table t;
    std::unique_ptr<QMenu> trialMenu(t.actions->buildMenu(t.model.index(0, 0), nullptr));
    EXPECT_EQ(actionNames(trialMenu.get()),
              (QStringList{"copyCell", "copyRowCsv", "openTrialFolder", "openInInspector", "rescoreTrial"}));
    // "/b" is no folder: nothing to open.
    EXPECT_FALSE(trialMenu->findChild<QAction*>(QStringLiteral("openTrialFolder"))->isEnabled());
    QSignalSpy rescore(t.actions, &TableActions::rescoreRequested);
    QSignalSpy open(t.actions, &TableActions::trialActivated);
    trialMenu->findChild<QAction*>(QStringLiteral("rescoreTrial"))->trigger();
    trialMenu->findChild<QAction*>(QStringLiteral("openInInspector"))->trigger();
    ASSERT_EQ(rescore.count(), 1);
    EXPECT_EQ(rescore.at(0).at(0).value<std::vector<TrialId>>(), (std::vector<TrialId>{{"/b", "job/t1"}}));
    ASSERT_EQ(open.count(), 1);

    std::unique_ptr<QMenu> systemMenu(t.actions->buildMenu(t.model.index(2, 1), nullptr));
    EXPECT_EQ(actionNames(systemMenu.get()), (QStringList{"copyCell", "copyRowCsv"}));
}

TEST(UiTableActions, TrialFolderIsTheBundleFolderPlusTheTrialPath) {
    const auto fixture = vernier::testing::writeUiFixture();
    const QString bundle = fixture.bundle;
    QDir job(bundle);
    const QStringList trials = job.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    ASSERT_FALSE(trials.isEmpty());
    const TrialId id{bundle.toStdString(), trials.front().toStdString()};
    EXPECT_EQ(trialFolder(id), QDir::cleanPath(job.filePath(trials.front())));
    EXPECT_TRUE(trialFolder({bundle.toStdString(), "no-such-trial"}).isEmpty());
    EXPECT_TRUE(trialFolder({(bundle + QStringLiteral(".zip")).toStdString(), "x"}).isEmpty());
}

// The trials view of the main window: Enter on a row opens that trial (the details panel follows; the
// inspector itself is not opened in a non-interactive window).
TEST(UiTableActions, EnterInTheTrialsViewOpensTheTrial) {
    const auto fixture = vernier::testing::writeUiFixture();
    MainWindow window;
    window.setInteractive(false);
    window.openResults({fixture.bundle}, fixture.pack);
    ASSERT_TRUE(vernier::testing::waitForAnalysis(window));
    window.showView(QStringLiteral("trials"));
    auto* view = qobject_cast<TrialsView*>(window.view(QStringLiteral("trials")));
    ASSERT_NE(view, nullptr);
    auto* table = view->findChild<QTableView*>(QStringLiteral("trialsTable"));
    ASSERT_NE(table, nullptr);
    ASSERT_GE(table->model()->rowCount(), 3);
    QSignalSpy spy(view, &ViewPage::trialActivated);
    const QModelIndex third = table->model()->index(2, 1);
    table->setCurrentIndex(third);
    QTest::keyClick(table, Qt::Key_Return);
    ASSERT_EQ(spy.count(), 1);
    const TrialId expected = third.siblingAtColumn(0).data(TrialTableModel::TrialIdRole).value<TrialId>();
    EXPECT_EQ(spy.at(0).at(0).value<TrialId>(), expected);
    EXPECT_EQ(view->currentTrial(), expected);
    // The table's rows in displayed order are what the inspector walks; the main window took them over.
    auto* actions = table->findChild<TableActions*>();
    ASSERT_NE(actions, nullptr);
    const std::vector<TrialId> order = actions->trialOrder();
    ASSERT_EQ(static_cast<int>(order.size()), table->model()->rowCount());
    EXPECT_EQ(order[2], expected);
    EXPECT_TRUE(view->takeActivationOrder().empty());
}
