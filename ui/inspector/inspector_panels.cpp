// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/inspector_panels.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "ui/inspector/drawing_view.h"
#include "ui/inspector/feature_trees_panel.h"
#include "ui/inspector/instruction_browser.h"
#include "ui/inspector/parameter_table_model.h"
#include "ui/inspector/scores_panel.h"
#include "ui/inspector/trajectory_view.h"

namespace vernier::ui {

namespace {

QString readText(const FileRef& ref, qsizetype limit = 4 << 20) {
    if (ref.empty()) return {};
    try {
        // Only the first `limit` bytes are read from disk (an agent's answer.py can be anything).
        const std::string text = ref.readPrefix(static_cast<std::uint64_t>(limit));
        QString shown = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
        const std::uint64_t size = ref.size();
        if (size > static_cast<std::uint64_t>(limit))
            shown += QObject::tr("\n\n[… cut: the first %1 MiB of %2 MiB are shown]")
                         .arg(limit >> 20)
                         .arg(static_cast<double>(size) / (1 << 20), 0, 'f', 1);
        return shown;
    } catch (const std::exception& e) {
        return QObject::tr("(cannot read %1: %2)").arg(QString::fromStdString(ref.display()), e.what());
    }
}

} // namespace

InspectorPanels::InspectorPanels(QWidget* parent) : QTabWidget(parent) {
    scores_ = new ScoresPanel(this);
    connect(scores_, &ScoresPanel::rescoreClicked, this, &InspectorPanels::rescoreClicked);
    addTab(scores_, tr("Scores"));

    parameters_ = new ParameterTableModel(this);
    parameterFilter_ = new ParameterStatusFilter(this);
    parameterFilter_->setSourceModel(parameters_);
    auto* paramPage = new QWidget(this);
    auto* pv = new QVBoxLayout(paramPage);
    statusBox_ = new QComboBox(paramPage);
    statusBox_->addItem(tr("All statuses"), QString());
    statusBox_->addItem(tr("Consistent"), QStringLiteral("consistent"));
    statusBox_->addItem(tr("Inconsistent"), QStringLiteral("inconsistent"));
    statusBox_->addItem(tr("Not found"), QStringLiteral("not_found"));
    connect(statusBox_, &QComboBox::currentIndexChanged, this,
            [this] { parameterFilter_->setStatus(statusBox_->currentData().toString()); });
    parameterView_ = new QTableView(paramPage);
    parameterView_->setModel(parameterFilter_);
    parameterView_->setSortingEnabled(true);
    parameterView_->setMouseTracking(true);
    parameterView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    parameterView_->horizontalHeader()->setStretchLastSection(true);
    // Hovering a row names the candidate faces its measurement came from (when the bank knows them).
    connect(parameterView_, &QTableView::entered, this, [this](const QModelIndex& idx) {
        const auto faces = idx.data(ParameterTableModel::FacesRole).value<QList<int>>();
        emit parameterFacesHovered(std::vector<int>(faces.begin(), faces.end()));
    });
    pv->addWidget(statusBox_);
    pv->addWidget(parameterView_, 1);
    addTab(paramPage, tr("Parameters"));

    trees_ = new FeatureTreesPanel(this);
    addTab(trees_, tr("Feature trees"));
    drawing_ = new DrawingView(this);
    addTab(drawing_, tr("Drawing"));
    answerPy_ = new QPlainTextEdit(this);
    answerPy_->setReadOnly(true);
    answerPy_->setLineWrapMode(QPlainTextEdit::NoWrap);
    answerPy_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    addTab(answerPy_, tr("answer.py"));
    trajectory_ = new TrajectoryView(this);
    addTab(trajectory_, tr("Trajectory"));
    instruction_ = new InstructionBrowser(this); // never reads a file an instruction names (its header)
    instruction_->setObjectName(QStringLiteral("instruction"));
    addTab(instruction_, tr("Instruction"));
}

QString InspectorPanels::instructionMarkdown(const TaskInfo& task) {
    // The pack loader read instruction.md from the task's folder (models/task_pack.h TaskInfo::instruction).
    if (task.instruction.empty())
        return tr("*The task pack has no `instruction.md` for %1.*").arg(QString::fromStdString(task.id));
    if (task.instruction.size() <= kInstructionLimit) return QString::fromStdString(task.instruction);
    // Cut at a character boundary: never in the middle of a UTF-8 sequence.
    std::size_t cut = kInstructionLimit;
    while (cut > 0 && (static_cast<unsigned char>(task.instruction[cut]) & 0xC0) == 0x80)
        --cut;
    return tr("*instruction.md is %1 bytes; the first 1 MiB is shown.*\n\n")
               .arg(static_cast<qulonglong>(task.instruction.size())) +
           QString::fromUtf8(task.instruction.data(), static_cast<qsizetype>(cut));
}

void InspectorPanels::showTrialFiles(const TrialRecord& trial, const TaskInfo& task) {
    instruction_->setMarkdown(instructionMarkdown(task));
    answerPy_->setPlainText(trial.answerPy.empty() ? tr("(no answer.py)") : readText(trial.answerPy));
    if (trial.trajectory.empty())
        trajectory_->showMessage(tr("(no trajectory)"));
    else
        trajectory_->showFile(trial.trajectory,
                              trial.usageSource == "trajectory final_metrics"
                                  ? tr("The trial's cost and tokens were taken from this "
                                       "trajectory's final_metrics (result.json has no usage).")
                                  : QString());
    setTabVisible(indexOf(drawing_), task.workflow == Workflow::ImageToCad);
    if (task.workflow != Workflow::ImageToCad) return;
    if (task.drawing.empty()) {
        drawing_->clearDrawing(tr("The task has no drawing."));
        return;
    }
    try {
        const std::string bytes = task.drawing.readAll();
        drawing_->setDrawing(QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())),
                             QString::fromStdString(task.drawing.fileName()));
    } catch (const std::exception& e) {
        drawing_->clearDrawing(QString::fromUtf8(e.what()));
    }
}

void InspectorPanels::showStage(const StageAnalysis& a, std::optional<double> recordedReward,
                                std::optional<double> rescoredReward, const QString& combination) {
    scores_->showStage(a, recordedReward, rescoredReward, combination);
    parameters_->setFindings(a.spec ? a.spec->parameters : std::vector<ParameterFinding>{});
    // Columns as wide as their header and values (headers never clipped or broken); the last one stretches.
    parameterView_->resizeColumnsToContents();
    trees_->setTrees(
        a.referenceTree, a.reference ? QString::fromStdString(a.reference->scoredBody) : QString(),
        a.candidateTree, a.candidate ? QString::fromStdString(a.candidate->scoredBody) : QString());
}

void InspectorPanels::clearStage() {
    scores_->clear();
    parameters_->setFindings({});
}

} // namespace vernier::ui
