// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/trial_inspector.h"

#include <BRepBndLib.hxx>
#include <Bnd_Box.hxx>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QShortcut>
#include <QSlider>
#include <QSplitter>
#include <QTabBar>
#include <QVBoxLayout>

#include "ui/inspector/analysis_task.h"
#include "ui/inspector/inspector_panels.h"
#include "ui/inspector/inspector_views.h"
#include "viewers/shape_presentation.h"

namespace vernier::ui {

using viewers::candidateColour;
using viewers::candidateOnlyColour;
using viewers::DeviationField;
using viewers::InspectorMode;
using viewers::referenceColour;
using viewers::referenceOnlyColour;
using viewers::RenderRequest;
using viewers::SceneRequest;
using viewers::StandardView;

TrialInspector::TrialInspector(QWidget* parent) : QWidget(parent) {
    task_ = new AnalysisTask(this);
    connect(task_, &AnalysisTask::finished, this, &TrialInspector::onAnalysisFinished);
    connect(task_, &AnalysisTask::deviationFinished, this, &TrialInspector::onDeviationFinished);

    views_ = new InspectorViews(this);
    panels_ = new InspectorPanels(this);
    connect(panels_, &InspectorPanels::rescoreClicked, this, [this] { emit rescoreRequested(trialName_); });
    connect(panels_, &InspectorPanels::parameterFacesHovered, views_, &InspectorViews::highlightFaces);

    status_ = new QLabel(this);
    auto* viewArea = new QWidget(this);
    auto* va = new QVBoxLayout(viewArea);
    va->setContentsMargins(0, 0, 0, 0);
    va->addWidget(views_, 1);
    va->addWidget(status_);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(viewArea);
    split->addWidget(panels_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    header_ = new QLabel(this);
    header_->setObjectName(QStringLiteral("trialHeader"));
    header_->setTextFormat(Qt::RichText);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildHeaderRow());
    layout->addWidget(buildToolbar());
    layout->addWidget(split, 1);
    setMode(InspectorMode::SideBySide);
}

// The AnalysisTask child cancels its jobs and lets them finish on their own: nothing here waits.
TrialInspector::~TrialInspector() = default;

ParameterTableModel* TrialInspector::parameterModel() const {
    return panels_->parameterModel();
}
ParameterStatusFilter* TrialInspector::parameterFilter() const {
    return panels_->parameterFilter();
}
ScoresPanel* TrialInspector::scoresPanel() const {
    return panels_->scores();
}
FeatureTreesPanel* TrialInspector::featureTrees() const {
    return panels_->featureTrees();
}
TrajectoryView* TrialInspector::trajectoryView() const {
    return panels_->trajectory();
}
QTabWidget* TrialInspector::panels() const {
    return panels_;
}
viewers::CameraLink& TrialInspector::cameraLink() {
    return views_->cameraLink();
}

QWidget* TrialInspector::buildToolbar() {
    auto* bar = new QWidget(this);
    auto* h = new QHBoxLayout(bar);
    h->setContentsMargins(0, 0, 0, 0);
    stageTabs_ = new QTabBar(bar);
    stageTabs_->setVisible(false);
    h->addWidget(stageTabs_);
    modeBox_ = new QComboBox(bar);
    modeBox_->addItems({tr("Side by side"), tr("Overlay (ICP-aligned)"), tr("Deviation")});
    h->addWidget(modeBox_);
    linkBox_ = new QCheckBox(tr("Link cameras"), bar);
    linkBox_->setChecked(true);
    h->addWidget(linkBox_);
    for (auto [name, v] :
         {std::pair{tr("Iso"), StandardView::Iso}, std::pair{tr("Front"), StandardView::Front},
          std::pair{tr("Top"), StandardView::Top}, std::pair{tr("Right"), StandardView::Right}}) {
        auto* b = new QPushButton(name, bar);
        // As wide as the word: the style's minimum button width would push the toolbar past 1400 px.
        b->setMaximumWidth(b->fontMetrics().horizontalAdvance(name) + 24);
        connect(b, &QPushButton::clicked, this, [this, v = v] { views_->setStandardView(v); });
        h->addWidget(b);
    }
    markBox_ = new QCheckBox(tr("Unmatched"), bar);
    markBox_->setChecked(true);
    markBox_->setToolTip(tr("Paint the faces whose centre has no counterpart on the other part within %1 mm "
                            "after ICP alignment (the per-face residuals behind the ICP score)")
                             .arg(kUnmatchedFaceToleranceMm));
    h->addWidget(markBox_);
    auto* fit = new QPushButton(tr("Fit all"), bar);
    fit->setMaximumWidth(fit->fontMetrics().horizontalAdvance(fit->text()) + 24);
    connect(fit, &QPushButton::clicked, views_, &InspectorViews::fitAll);
    h->addWidget(fit);
    sectionBox_ = new QCheckBox(tr("Section"), bar);
    sectionAxis_ = new QComboBox(bar);
    sectionAxis_->addItems({QStringLiteral("X"), QStringLiteral("Y"), QStringLiteral("Z")});
    sectionPos_ = new QSlider(Qt::Horizontal, bar);
    sectionPos_->setRange(0, 1000);
    sectionPos_->setValue(500);
    sectionPos_->setMaximumWidth(120);
    sectionPos_->setMinimumWidth(
        60); // a crowded toolbar (create_and_edit's stage tabs) must not squeeze it away
    h->addWidget(sectionBox_);
    h->addWidget(sectionAxis_);
    h->addWidget(sectionPos_);
    h->addWidget(new QLabel(tr("Transparency"), bar));
    transparency_ = new QSlider(Qt::Horizontal, bar);
    transparency_->setRange(0, 90);
    transparency_->setValue(45);
    transparency_->setMaximumWidth(100);
    transparency_->setMinimumWidth(60);
    h->addWidget(transparency_);
    h->addWidget(new QLabel(tr("± mm"), bar));
    rangeBox_ = new QDoubleSpinBox(bar);
    rangeBox_->setDecimals(4);
    rangeBox_->setToolTip(tr("Deviation colour range: ± this many millimetres span the colour bar"));
    rangeBox_->setRange(0.0001, 1000);
    rangeBox_->setValue(colourMap_.range());
    h->addWidget(rangeBox_);
    auto* exportButton = new QPushButton(tr("Export image…"), bar);
    connect(exportButton, &QPushButton::clicked, this, &TrialInspector::exportImageInteractively);
    h->addWidget(exportButton);
    h->addStretch(1);

    connect(stageTabs_, &QTabBar::currentChanged, this, &TrialInspector::setStage);
    connect(modeBox_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setMode(static_cast<InspectorMode>(i)); });
    connect(linkBox_, &QCheckBox::toggled, this, [this](bool on) { views_->cameraLink().setLinked(on); });
    connect(markBox_, &QCheckBox::toggled, this, [this] {
        updateCaptions();
        updateScene();
    });
    connect(sectionBox_, &QCheckBox::toggled, this, &TrialInspector::updateSection);
    connect(sectionAxis_, &QComboBox::currentIndexChanged, this, &TrialInspector::updateSection);
    connect(sectionPos_, &QSlider::valueChanged, this, &TrialInspector::updateSection);
    connect(transparency_, &QSlider::valueChanged, this, [this] {
        if (mode_ == InspectorMode::Overlay) updateScene();
    });
    connect(rangeBox_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        colourMap_.setRange(v);
        if (mode_ == InspectorMode::Deviation) updateScene();
    });
    return bar;
}

QWidget* TrialInspector::buildHeaderRow() {
    auto* row = new QWidget(this);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(header_, 1);
    referenceBox_ = new QCheckBox(tr("Reference"), row);
    referenceBox_->setObjectName(QStringLiteral("showReference"));
    referenceBox_->setToolTip(tr("Show the task's reference as a third view beside the two candidates "
                                 "(side by side; its camera follows the pair)"));
    referenceBox_->setVisible(false);
    connect(referenceBox_, &QCheckBox::toggled, this, &TrialInspector::setReferenceVisible);
    h->addWidget(referenceBox_);
    previous_ = new QPushButton(tr("◀ Previous"), row);
    previous_->setObjectName(QStringLiteral("previousTrial"));
    previous_->setToolTip(tr("Previous trial of the list this inspector was opened from (Alt+Left, PgUp)"));
    next_ = new QPushButton(tr("Next ▶"), row);
    next_->setObjectName(QStringLiteral("nextTrial"));
    next_->setToolTip(tr("Next trial of the list this inspector was opened from (Alt+Right, PgDn)"));
    position_ = new QLabel(row);
    position_->setObjectName(QStringLiteral("walkPosition"));
    position_->setToolTip(tr("Position of this trial in the list (sorted and filtered as it was shown)"));
    for (QPushButton* b : {previous_, next_})
        b->setMaximumWidth(b->fontMetrics().horizontalAdvance(b->text()) + 24);
    h->addWidget(previous_);
    h->addWidget(position_);
    h->addWidget(next_);
    connect(previous_, &QPushButton::clicked, this, [this] { walk(-1); });
    connect(next_, &QPushButton::clicked, this, [this] { walk(+1); });
    for (auto [key, step] :
         {std::pair{QKeySequence(Qt::ALT | Qt::Key_Left), -1}, std::pair{QKeySequence(Qt::Key_PageUp), -1},
          std::pair{QKeySequence(Qt::ALT | Qt::Key_Right), +1},
          std::pair{QKeySequence(Qt::Key_PageDown), +1}})
        connect(new QShortcut(key, this), &QShortcut::activated, this, [this, step = step] { walk(step); });
    updateWalkControls();
    return row;
}

void TrialInspector::setWalk(std::vector<TrialId> order, TrialResolver resolve) {
    walkOrder_ = std::move(order);
    resolve_ = std::move(resolve);
    updateWalkControls();
}

void TrialInspector::setWalkOrder(std::vector<TrialId> order) {
    walkOrder_ = std::move(order);
    updateWalkControls();
}

int TrialInspector::walkPosition() const {
    const auto it = std::find(walkOrder_.begin(), walkOrder_.end(), trialId_);
    return it == walkOrder_.end() ? -1 : static_cast<int>(it - walkOrder_.begin());
}

bool TrialInspector::canWalk(int step) const {
    const int at = walkPosition();
    if (candidates_ || at < 0 || !resolve_ || step == 0) return false;
    for (int i = at + step; i >= 0 && i < static_cast<int>(walkOrder_.size()); i += step)
        if (resolve_(walkOrder_[static_cast<std::size_t>(i)])) return true;
    return false;
}

bool TrialInspector::walk(int step) {
    const int at = walkPosition();
    if (candidates_ || at < 0 || !resolve_ || step == 0) return false;
    for (int i = at + step; i >= 0 && i < static_cast<int>(walkOrder_.size()); i += step) {
        const TrialId& id = walkOrder_[static_cast<std::size_t>(i)];
        if (auto found = resolve_(id)) {
            showTrial(found->first, found->second);
            emit walked(id);
            return true;
        }
    }
    return false;
}

QString TrialInspector::walkText() const {
    const int at = walkPosition();
    return at < 0 ? QString() : tr("%1 of %2").arg(at + 1).arg(walkOrder_.size());
}

void TrialInspector::updateWalkControls() {
    if (!previous_) return;
    const bool walking = !candidates_ && walkPosition() >= 0;
    for (QWidget* w :
         {static_cast<QWidget*>(previous_), static_cast<QWidget*>(next_), static_cast<QWidget*>(position_)})
        w->setVisible(walking);
    previous_->setEnabled(canWalk(-1));
    next_->setEnabled(canWalk(+1));
    position_->setText(walkText());
    referenceBox_->setVisible(candidates_);
}

void TrialInspector::showTrial(const TrialRecord& trial, const TaskInfo& task) {
    candidates_ = false;
    trialIdB_ = {};
    referenceStages_.clear();
    views_->setThirdVisible(false);
    views_->setThirdShape({}, {});
    header_->setToolTip({});
    startTrial(trial, task);
    const auto reward = [](const std::optional<double>& r) {
        return r ? QString::number(*r, 'f', 4) : QStringLiteral("—");
    };
    QString what = QString::fromUtf8(workflowTitle(task.workflow)).toHtmlEscaped();
    if (!task.category.empty())
        what += QStringLiteral(", ") + QString::fromStdString(task.category).toHtmlEscaped();
    header_->setText(tr("<b>%1</b> (%2) · %3 · trial %4 · recorded reward %5")
                         .arg(QString::fromStdString(task.id).toHtmlEscaped(), what,
                              QString::fromStdString(trial.system.label()).toHtmlEscaped(),
                              trialName_.toHtmlEscaped(), reward(recordedReward_)));
    updateCaptions();
    updateWalkControls();
    panels_->showTrialFiles(trial, task);
    task_->start(inputs_);
}

void TrialInspector::showCandidates(const TrialRecord& a, const TrialRecord& b, const TaskInfo& task) {
    candidates_ = true;
    trialIdB_ = b.id();
    labelA_ = QString::fromStdString(a.system.label());
    labelB_ = QString::fromStdString(b.system.label());
    referenceStages_.clear();
    startTrial(a, task);
    // B is measured against A: A's document takes the reference's place (no spec: the pair has none);
    // the task's reference is scored against A alongside, for the third view.
    const std::vector<StageInput> ofA = inputs_;
    const std::vector<StageInput> ofB = stagesOf(b, task);
    std::vector<StageInput> jobs;
    for (std::size_t i = 0; i < ofA.size(); ++i) {
        StageInput pair;
        pair.title = ofA[i].title;
        pair.reference = ofA[i].candidate;
        pair.candidate = i < ofB.size() ? ofB[i].candidate : FileRef();
        pair.role = ofA[i].role;
        inputs_[i] = pair;
        jobs.push_back(pair);
    }
    for (const StageInput& in : ofA)
        jobs.push_back(in);
    combination_ = tr("Candidate B scored against candidate A as its reference: geometry similarity only "
                      "(the spec describes the task, not candidate A).");
    const auto reward = [](const std::optional<double>& r) {
        return r ? QString::number(*r, 'f', 4) : QStringLiteral("—");
    };
    header_->setText(tr("<b>%1</b> (%2) · candidate A: %3 (reward %4) · candidate B: %5 (reward %6)")
                         .arg(QString::fromStdString(task.id).toHtmlEscaped(),
                              QString::fromUtf8(workflowTitle(task.workflow)).toHtmlEscaped(),
                              labelA_.toHtmlEscaped(), reward(a.recordedReward), labelB_.toHtmlEscaped(),
                              reward(b.recordedReward)));
    header_->setToolTip(
        tr("Candidate A: %1\nCandidate B: %2")
            .arg(QString::fromStdString(a.id().display()), QString::fromStdString(b.id().display())));
    views_->setThirdShape({}, tr("<b>Reference</b> — loading…"));
    views_->setThirdVisible(referenceBox_->isChecked());
    updateCaptions();
    updateWalkControls();
    panels_->showTrialFiles(a, task);
    task_->start(jobs);
}

void TrialInspector::setReferenceVisible(bool visible) {
    if (referenceBox_->isChecked() != visible) referenceBox_->setChecked(visible); // calls back once
    views_->setThirdVisible(candidates_ && visible);
}

bool TrialInspector::referenceVisible() const {
    return candidates_ && views_->thirdVisible();
}

const StageAnalysis* TrialInspector::currentReferenceAnalysis() const {
    return candidates_ && stage_ >= 0 && stage_ < static_cast<int>(referenceStages_.size())
               ? &referenceStages_[static_cast<std::size_t>(stage_)]
               : nullptr;
}

void TrialInspector::startTrial(const TrialRecord& trial, const TaskInfo& task) {
    trialId_ = trial.id();
    trialName_ = QString::fromStdString(trial.trialName);
    recordedReward_ = trial.recordedReward;
    rescoredReward_ = trial.rescored ? trial.rescored->reward : std::nullopt;
    inputs_ = stagesOf(trial, task);
    stages_.clear();
    deviations_.assign(inputs_.size(), nullptr);
    unmatched_.assign(inputs_.size(), std::nullopt);
    stage_ = 0;
    combination_ = task.workflow == Workflow::CreateAndEdit
                       ? tr("Stages combine as: base and edit each scored (geometry ⊕ spec), then combined; "
                            "the trial reward is the recorded stage combination.")
                       : tr("Combined = harmonic mean of geometry similarity and spec consistency.");
    {
        QSignalBlocker block(stageTabs_);
        while (stageTabs_->count() > 0)
            stageTabs_->removeTab(0);
        for (const auto& in : inputs_)
            stageTabs_->addTab(QString::fromStdString(in.title));
        stageTabs_->setVisible(inputs_.size() > 1);
    }
    views_->clear();
    panels_->clearStage();
    status_->setText(tr("Loading and scoring %1…").arg(trialName_));
}

bool TrialInspector::analysing() const {
    return task_->analysing();
}

void TrialInspector::onAnalysisFinished(const std::vector<StageAnalysis>& stages) {
    stages_ = stages;
    if (candidates_) {
        // [0, n): B against A; [n, 2n): the reference against A (for the third view).
        const std::size_t n = inputs_.size();
        referenceStages_.assign(stages_.begin() + static_cast<std::ptrdiff_t>(std::min(n, stages_.size())),
                                stages_.end());
        stages_.resize(std::min(n, stages_.size()));
    }
    status_->setText(stages_.empty() ? tr("No documents to show.") : QString());
    showCurrentStage();
    emit analysisReady();
}

void TrialInspector::onDeviationFinished(int s, std::shared_ptr<const DeviationField> field) {
    if (s < 0 || s >= static_cast<int>(deviations_.size()) || !field) return;
    deviations_[static_cast<std::size_t>(s)] = std::move(field);
    if (s == stage_ && mode_ == InspectorMode::Deviation) {
        colourMap_.setRange(viewers::automaticDeviationRange(*deviations_[static_cast<std::size_t>(s)]));
        QSignalBlocker block(rangeBox_);
        rangeBox_->setValue(colourMap_.range());
        updateScene();
    }
    emit deviationReady();
}

const StageAnalysis* TrialInspector::currentAnalysis() const {
    return stage_ >= 0 && stage_ < static_cast<int>(stages_.size())
               ? &stages_[static_cast<std::size_t>(stage_)]
               : nullptr;
}

std::shared_ptr<const DeviationField> TrialInspector::currentDeviation() const {
    return stage_ >= 0 && stage_ < static_cast<int>(deviations_.size())
               ? deviations_[static_cast<std::size_t>(stage_)]
               : nullptr;
}

void TrialInspector::setStage(int index) {
    if (index < 0 || index >= static_cast<int>(inputs_.size())) return;
    stage_ = index;
    if (stageTabs_->currentIndex() != index) stageTabs_->setCurrentIndex(index);
    showCurrentStage();
}

void TrialInspector::showCurrentStage() {
    updateCaptions();
    // Candidate vs candidate: no recorded reward belongs to "B against A".
    if (const StageAnalysis* a = currentAnalysis())
        panels_->showStage(*a, candidates_ ? std::nullopt : recordedReward_,
                           candidates_ ? std::nullopt : rescoredReward_, combination_);
    updateScene();
}

void TrialInspector::updateRecords(const TrialRecord& trial) {
    // Candidate vs candidate shows no recorded stage scores (A is B's reference there).
    if (candidates_ || QString::fromStdString(trial.trialName) != trialName_) return;
    recordedReward_ = trial.recordedReward;
    rescoredReward_ = trial.rescored ? trial.rescored->reward : std::nullopt;
    const auto rescoredOf = [&](std::size_t i) -> std::optional<StageScores> {
        if (!trial.rescored) return std::nullopt;
        if (inputs_.size() == 2) return (i == 0 ? trial.rescored->base : trial.rescored->target).optional();
        return trial.rescored->single;
    };
    for (std::size_t i = 0; i < inputs_.size(); ++i)
        inputs_[i].rescored = rescoredOf(i);
    for (std::size_t i = 0; i < stages_.size() && i < inputs_.size(); ++i)
        stages_[i].input.rescored = inputs_[i].rescored;
    if (const StageAnalysis* a = currentAnalysis())
        panels_->showStage(*a, recordedReward_, rescoredReward_, combination_);
}

namespace {

QString swatch(const QColor& c) {
    return QStringLiteral("<span style=\"color:%1\">&#9632;</span>").arg(c.name());
}

// "answer.FCStd · 12 faces, 4812.5 mm³" (the counts once the document is measured).
QString documentLine(const FileRef& file, const std::optional<MeasuredDocument>& doc) {
    QString line =
        QString::fromStdString(file.empty() ? std::string("(none)") : file.fileName()).toHtmlEscaped();
    if (doc && doc->features)
        line += QObject::tr(" · %1 faces, %2 mm³")
                    .arg(doc->features->nFaces)
                    .arg(doc->features->volume, 0, 'f', 1);
    else if (doc && doc->gate)
        line += QObject::tr(" · gated: %1").arg(QString::fromStdString(doc->gate->gate).toHtmlEscaped());
    return line;
}

} // namespace

UnmatchedFaces TrialInspector::currentUnmatched() const {
    const StageAnalysis* a = currentAnalysis();
    if (!markBox_ || !markBox_->isChecked() || !a || !a->reference || !a->candidate || !a->geometry ||
        stage_ >= static_cast<int>(unmatched_.size()))
        return {};
    auto& cached = unmatched_[static_cast<std::size_t>(stage_)];
    if (!cached) cached = unmatchedFaces(*a->reference, *a->candidate, a->geometry->icp);
    return *cached;
}

void TrialInspector::updateCaptions() {
    if (!views_) return;
    const bool haveStage = stage_ >= 0 && stage_ < static_cast<int>(inputs_.size());
    if (!haveStage) {
        views_->setCaptions({}, {}, {});
        return;
    }
    const StageInput& in = inputs_[static_cast<std::size_t>(stage_)];
    const StageAnalysis* a = currentAnalysis();
    const bool aligned = a && a->geometry && a->geometry->icp;
    const std::optional<MeasuredDocument> none;
    const UnmatchedFaces unmatched = currentUnmatched();
    const auto marked = [&](const std::vector<int>& faces, const QColor& c, const QString& what) {
        return faces.empty() ? QString()
                             : QStringLiteral(" · ") + swatch(c) +
                                   (faces.size() == 1 ? tr(" 1 face %1").arg(what)
                                                      : tr(" %1 faces %2").arg(faces.size()).arg(what));
    };
    const QString refName =
        candidates_ ? tr("Candidate A (%1)").arg(labelA_.toHtmlEscaped()) : tr("Reference");
    const QString candName =
        candidates_ ? tr("Candidate B (%1)").arg(labelB_.toHtmlEscaped()) : tr("Candidate");
    const QString left = (swatch(referenceColour()) + QStringLiteral(" <b>%1</b> — ").arg(refName) +
                          documentLine(in.reference, a ? a->reference : none) +
                          marked(unmatched.reference, referenceOnlyColour(),
                                 candidates_ ? tr("B lacks") : tr("the candidate lacks")));
    const QString right =
        (swatch(candidateColour()) + QStringLiteral(" <b>%1</b> — ").arg(candName) +
         documentLine(in.candidate, a ? a->candidate : none) +
         (aligned ? (candidates_ ? tr(" · ICP-aligned onto A") : tr(" · ICP-aligned")) : QString()) +
         marked(unmatched.candidate, candidateOnlyColour(),
                candidates_ ? tr("A lacks") : tr("the reference lacks")));
    QString single;
    if (candidates_ && mode_ == InspectorMode::Overlay)
        single = swatch(referenceColour()) + tr(" Candidate A &nbsp; ") + swatch(candidateColour()) +
                 (aligned ? tr(" Candidate B, ICP-aligned onto A") : tr(" Candidate B, as stored")) +
                 tr(" &nbsp; (a mixed tone is where both have material)");
    else if (candidates_)
        single = tr("<b>Candidate B</b>%1: distance to candidate A "
                    "(<span style=\"color:#b2182b\">+ material A lacks</span>, <span "
                    "style=\"color:#2166ac\">− material A has</span>)")
                     .arg(aligned ? tr(", ICP-aligned") : QString());
    else if (mode_ == InspectorMode::Overlay)
        single = (swatch(referenceColour()) + tr(" Reference &nbsp; ") + swatch(candidateColour()) +
                  (aligned ? tr(" Candidate, ICP-aligned") : tr(" Candidate, as stored")) +
                  (unmatched.reference.empty() && unmatched.candidate.empty()
                       ? tr(" &nbsp; (a mixed tone is where both have material)")
                       : tr(" &nbsp; opaque: ") + swatch(referenceOnlyColour()) + tr(" reference only ") +
                             swatch(candidateOnlyColour()) +
                             tr(" candidate only (> %1 mm)").arg(unmatched.tolerance)));
    else
        single = (tr("<b>Candidate</b>%1: distance to the reference "
                     "(<span style=\"color:#b2182b\">+ extra</span>, <span "
                     "style=\"color:#2166ac\">− missing</span> "
                     "material)")
                      .arg(aligned ? tr(", ICP-aligned") : QString()));
    views_->setCaptions(left, right, single);
}

void TrialInspector::setMode(InspectorMode mode) {
    mode_ = mode;
    if (modeBox_->currentIndex() != static_cast<int>(mode)) modeBox_->setCurrentIndex(static_cast<int>(mode));
    views_->setMode(mode);
    linkBox_->setEnabled(mode == InspectorMode::SideBySide);
    transparency_->setEnabled(mode == InspectorMode::Overlay);
    rangeBox_->setEnabled(mode == InspectorMode::Deviation);
    updateCaptions();
    updateScene();
}

SceneRequest TrialInspector::sceneRequest() const {
    SceneRequest req;
    const StageAnalysis* a = currentAnalysis();
    if (!a) return req;
    req.mode = mode_;
    if (a->reference) req.reference = a->reference->shape;
    if (a->candidate) req.candidate = a->candidate->shape;
    if (a->geometry && a->geometry->icp) {
        req.R = a->geometry->icp->R;
        req.t = a->geometry->icp->t;
    }
    req.overlayTransparency = transparency_->value() / 100.0;
    const UnmatchedFaces unmatched = currentUnmatched();
    req.unmatchedReference = unmatched.reference;
    req.unmatchedCandidate = unmatched.candidate;
    if (stage_ >= 0 && stage_ < static_cast<int>(deviations_.size()))
        req.deviation = deviations_[static_cast<std::size_t>(stage_)];
    req.colourMap = colourMap_;
    return req;
}

void TrialInspector::updateScene() {
    const StageAnalysis* a = currentAnalysis();
    if (!a) return;
    if (!a->geometry || !a->geometry->icp)
        status_->setText(tr("No ICP transform (ICP did not run): the candidate is shown where it is."));
    const SceneRequest req = sceneRequest();
    if (mode_ == InspectorMode::Deviation && !req.deviation && a->reference && a->candidate) {
        views_->setLegendBusy(tr("Computing deviation…"));
        task_->startDeviation(stage_, req.reference, req.candidate, req.R, req.t);
    }
    views_->showScene(req);
    if (candidates_) {
        const StageAnalysis* r = currentReferenceAnalysis();
        if (r && r->reference)
            views_->setThirdShape(r->reference->shape,
                                  QStringLiteral("<span style=\"color:%1\">&#9632;</span>")
                                          .arg(viewers::thirdViewColour().name()) +
                                      tr(" <b>Reference</b> — ") +
                                      documentLine(r->input.reference, r->reference));
        else if (r)
            views_->setThirdShape(
                {}, tr("<b>Reference</b> — not loaded: %1")
                        .arg(QString::fromStdString(r->problems.empty() ? std::string("no document")
                                                                        : r->problems.front())
                                 .toHtmlEscaped()));
    }
    updateSection();
}

void TrialInspector::updateSection() {
    const StageAnalysis* a = currentAnalysis();
    const bool on = sectionBox_->isChecked() && a && a->reference;
    double pos = 0;
    const int axis = sectionAxis_->currentIndex();
    if (on) {
        Bnd_Box box;
        BRepBndLib::Add(a->reference->shape, box, false);
        if (!box.IsVoid()) {
            double lo[3], hi[3];
            box.Get(lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]);
            pos = lo[axis] + (hi[axis] - lo[axis]) * sectionPos_->value() / 1000.0;
        }
    }
    views_->setSection(on, axis, pos);
}

QImage TrialInspector::exportImage(QSize size, bool transparentBackground) const {
    const StageAnalysis* a = currentAnalysis();
    if (!a || !a->reference || !a->candidate) return {};
    const SceneRequest scene = sceneRequest();
    RenderRequest req;
    req.reference = scene.reference;
    req.candidate = scene.candidate;
    req.R = scene.R;
    req.t = scene.t;
    req.mode = scene.mode;
    req.size = size;
    req.transparentBackground = transparentBackground;
    req.camera = views_->camera();
    req.overlayTransparency = scene.overlayTransparency;
    req.deviation = scene.deviation;
    req.deviationRange = colourMap_.range();
    req.unmatchedReference = scene.unmatchedReference;
    req.unmatchedCandidate = scene.unmatchedCandidate;
    return renderInspectorImage(req);
}

void TrialInspector::exportImageInteractively() {
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Export image"), trialName_ + QStringLiteral(".png"), tr("PNG images (*.png)"));
    if (file.isEmpty()) return;
    try {
        const QSize size = mode_ == InspectorMode::SideBySide ? QSize(2400, 1200) : QSize(1800, 1350);
        const QImage img = exportImage(size, false);
        if (img.isNull() || !img.save(file, "PNG"))
            throw std::runtime_error("nothing to export or cannot write the file");
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Export image"), QString::fromUtf8(e.what()));
    }
}

} // namespace vernier::ui
