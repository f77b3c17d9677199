#include "viewers/trial_inspector.h"

#include <BRepBndLib.hxx>
#include <Bnd_Box.hxx>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QOpenGLContext>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "viewers/deviation_legend.h"
#include "viewers/drawing_view.h"
#include "viewers/feature_trees_panel.h"
#include "viewers/occt_view_widget.h"
#include "viewers/parameter_table_model.h"
#include "viewers/scores_panel.h"
#include "viewers/shape_presentation.h"
#include "viewers/trajectory_view.h"

namespace vernier::viewers {

namespace {

QString readText(const FileRef& ref, qsizetype limit = 4 << 20) {
    if (ref.empty()) return {};
    try {
        std::string text = ref.readAll();
        if (static_cast<qsizetype>(text.size()) > limit) text.resize(static_cast<std::size_t>(limit));
        return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    } catch (const std::exception& e) {
        return QObject::tr("(cannot read %1: %2)").arg(QString::fromStdString(ref.display()), e.what());
    }
}

QPlainTextEdit* makeTextView(QWidget* parent) {
    auto* t = new QPlainTextEdit(parent);
    t->setReadOnly(true);
    t->setLineWrapMode(QPlainTextEdit::NoWrap);
    t->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return t;
}

} // namespace

TrialInspector::TrialInspector(QWidget* parent) : QWidget(parent) {
    buildUi();
    connect(&analysisWatcher_, &QFutureWatcher<std::vector<StageAnalysis>>::finished, this,
            &TrialInspector::onAnalysisFinished);
    connect(&deviationWatcher_, &QFutureWatcher<DeviationField>::finished, this, [this] {
        const int s = deviationStage_;
        if (s < 0 || s >= static_cast<int>(deviations_.size())) return;
        deviations_[static_cast<std::size_t>(s)] =
            std::make_shared<const DeviationField>(deviationWatcher_.result());
        deviationStage_ = -1;
        if (s == stage_ && mode_ == InspectorMode::Deviation) {
            colourMap_.setRange(automaticDeviationRange(*deviations_[static_cast<std::size_t>(s)]));
            QSignalBlocker block(rangeBox_);
            rangeBox_->setValue(colourMap_.range());
            updateScene();
        }
        emit deviationReady();
    });
}

std::vector<OcctViewWidget*> TrialInspector::views() const {
    std::vector<OcctViewWidget*> out;
    for (auto* w : {left_, right_, single_})
        if (w) out.push_back(w);
    return out;
}

TrialInspector::~TrialInspector() {
    analysisWatcher_.waitForFinished();
    deviationWatcher_.waitForFinished();
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
        connect(b, &QPushButton::clicked, this, [this, v = v] {
            for (auto* w : views())
                w->setStandardView(v);
        });
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
    connect(fit, &QPushButton::clicked, this, [this] {
        for (auto* w : views())
            w->fitAll();
    });
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
    connect(linkBox_, &QCheckBox::toggled, this, [this](bool on) { link_.setLinked(on); });
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

namespace {

// Whether live OpenGL views can be shown: OCCT needs xcb, and Qt itself crashes when a visible
// QOpenGLWidget sits in a window of a platform without OpenGL (e.g. `offscreen`).
bool liveViewsPossible(QString* why) {
    if (QGuiApplication::platformName() != QStringLiteral("xcb")) {
        *why = QObject::tr("the 3D views need the xcb platform (this is '%1')")
                   .arg(QGuiApplication::platformName());
        return false;
    }
    QOpenGLContext probe;
    if (!probe.create()) {
        *why = QObject::tr("no OpenGL context could be created");
        return false;
    }
    return true;
}

} // namespace

void TrialInspector::buildUi() {
    QString noGl;
    const bool live = liveViewsPossible(&noGl);
    // Without live views no QOpenGLWidget may exist in the window at all (Qt then composes the
    // window through OpenGL and crashes): a message takes each view's place.
    if (live) {
        left_ = new OcctViewWidget(this);
        right_ = new OcctViewWidget(this);
        single_ = new OcctViewWidget(this);
    }
    const auto place = [&](OcctViewWidget* v) -> QWidget* {
        if (v) return v;
        auto* label = new QLabel(tr("3D view unavailable: %1.\nScores and tables still work; "
                                    "`vernier-cli render` draws the pictures offscreen under a display.")
                                     .arg(noGl),
                                 this);
        label->setAlignment(Qt::AlignCenter);
        label->setWordWrap(true);
        return label;
    };
    if (live) {
        link_.setApply(0, [this](const CameraState& s) { left_->setCameraState(s); });
        link_.setApply(1, [this](const CameraState& s) { right_->setCameraState(s); });
        connect(left_, &OcctViewWidget::cameraChanged, this,
                [this](const CameraState& s) { link_.cameraChanged(0, s); });
        connect(right_, &OcctViewWidget::cameraChanged, this,
                [this](const CameraState& s) { link_.cameraChanged(1, s); });
        for (auto* w : views())
            connect(w, &OcctViewWidget::facePicked, this, &TrialInspector::onFacePicked);
    }

    // Each view says what it shows: which document, in whose frame.
    auto captioned = [this](QWidget* view, QLabel*& caption) {
        auto* box = new QWidget(this);
        auto* v = new QVBoxLayout(box);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(2);
        caption = new QLabel(box);
        caption->setTextFormat(Qt::RichText);
        // Two lines, wrapped, the same height in every pane: the two panes of the pair must start at the same
        // height for their linked cameras to match. The tooltip has the whole text.
        caption->setWordWrap(true);
        caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        caption->setFixedHeight(caption->fontMetrics().lineSpacing() * 2 + 2);
        caption->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        v->addWidget(caption);
        v->addWidget(view, 1);
        return box;
    };
    auto* pair = new QSplitter(Qt::Horizontal, this);
    pair->addWidget(captioned(place(left_), captionLeft_));
    pair->addWidget(captioned(place(right_), captionRight_));
    captionLeft_->setObjectName(QStringLiteral("captionLeft"));
    captionRight_->setObjectName(QStringLiteral("captionRight"));
    legend_ = new DeviationLegend(this);
    auto* singlePage = new QWidget(this);
    auto* sh = new QHBoxLayout(singlePage);
    sh->setContentsMargins(0, 0, 0, 0);
    sh->addWidget(captioned(place(single_), captionSingle_), 1);
    captionSingle_->setObjectName(QStringLiteral("captionSingle"));
    sh->addWidget(legend_);
    viewStack_ = new QStackedWidget(this);
    viewStack_->addWidget(pair);
    viewStack_->addWidget(singlePage);

    status_ = new QLabel(this);
    picked_ = new QLabel(tr("Click a face to see its type, area and centroid."), this);
    auto* viewArea = new QWidget(this);
    auto* va = new QVBoxLayout(viewArea);
    va->setContentsMargins(0, 0, 0, 0);
    va->addWidget(viewStack_, 1);
    va->addWidget(picked_);
    va->addWidget(status_);

    panels_ = new QTabWidget(this);
    scores_ = new ScoresPanel(panels_);
    connect(scores_, &ScoresPanel::rescoreClicked, this, [this] { emit rescoreRequested(trialName_); });
    panels_->addTab(scores_, tr("Scores"));

    parameters_ = new ParameterTableModel(this);
    parameterFilter_ = new ParameterStatusFilter(this);
    parameterFilter_->setSourceModel(parameters_);
    auto* paramPage = new QWidget(panels_);
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
    // Hovering a row highlights the candidate faces its measurement came from (when the bank knows them).
    connect(parameterView_, &QTableView::entered, this, [this](const QModelIndex& idx) {
        const auto faces = idx.data(ParameterTableModel::FacesRole).value<QList<int>>();
        const std::vector<int> list(faces.begin(), faces.end());
        for (auto* w : views())
            w->highlightFaces(list);
    });
    pv->addWidget(statusBox_);
    pv->addWidget(parameterView_, 1);
    panels_->addTab(paramPage, tr("Parameters"));

    trees_ = new FeatureTreesPanel(panels_);
    panels_->addTab(trees_, tr("Feature trees"));
    drawing_ = new DrawingView(panels_);
    panels_->addTab(drawing_, tr("Drawing"));
    answerPy_ = makeTextView(panels_);
    panels_->addTab(answerPy_, tr("answer.py"));
    trajectory_ = new TrajectoryView(panels_);
    panels_->addTab(trajectory_, tr("Trajectory"));

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
    layout->addWidget(header_);
    layout->addWidget(buildToolbar());
    layout->addWidget(split, 1);
    setMode(InspectorMode::SideBySide);
}

void TrialInspector::showTrial(const TrialRecord& trial, const TaskInfo& task) {
    ++generation_;
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
    for (auto* w : views())
        w->clear();
    scores_->clear();
    parameters_->setFindings({});
    status_->setText(tr("Loading and scoring %1…").arg(trialName_));
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

    answerPy_->setPlainText(trial.answerPy.empty() ? tr("(no answer.py)") : readText(trial.answerPy));
    if (trial.trajectory.empty())
        trajectory_->showMessage(tr("(no trajectory)"));
    else
        trajectory_->showFile(trial.trajectory,
                              trial.usageSource == "trajectory final_metrics"
                                  ? tr("The trial's cost and tokens were taken from this "
                                       "trajectory's final_metrics (result.json has no usage).")
                                  : QString());
    const int drawingTab = panels_->indexOf(drawing_);
    panels_->setTabVisible(drawingTab, task.workflow == Workflow::ImageToCad);
    if (task.workflow == Workflow::ImageToCad) {
        if (task.drawing.empty())
            drawing_->clearDrawing(tr("The task has no drawing."));
        else {
            try {
                const std::string bytes = task.drawing.readAll();
                drawing_->setDrawing(QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())),
                                     QString::fromStdString(task.drawing.fileName()));
            } catch (const std::exception& e) {
                drawing_->clearDrawing(QString::fromUtf8(e.what()));
            }
        }
    }

    const auto inputs = inputs_;
    analysisWatcher_.setFuture(QtConcurrent::run([inputs] {
        std::vector<StageAnalysis> out;
        for (const auto& in : inputs)
            out.push_back(analyseStage(in));
        return out;
    }));
}

bool TrialInspector::analysing() const {
    return analysisWatcher_.isRunning();
}

void TrialInspector::onAnalysisFinished() {
    stages_ = analysisWatcher_.result();
    status_->setText(stages_.empty() ? tr("No documents to show.") : QString());
    updateCaptions();
    populatePanels();
    updateScene();
    emit analysisReady();
}

const StageAnalysis* TrialInspector::currentAnalysis() const {
    return stage_ >= 0 && stage_ < static_cast<int>(stages_.size())
               ? &stages_[static_cast<std::size_t>(stage_)]
               : nullptr;
}

void TrialInspector::setStage(int index) {
    if (index < 0 || index >= static_cast<int>(inputs_.size())) return;
    stage_ = index;
    if (stageTabs_->currentIndex() != index) stageTabs_->setCurrentIndex(index);
    updateCaptions();
    populatePanels();
    updateScene();
}

void TrialInspector::updateRecords(const TrialRecord& trial) {
    if (QString::fromStdString(trial.trialName) != trialName_) return;
    recordedReward_ = trial.recordedReward;
    rescoredReward_ = trial.rescored ? trial.rescored->reward : std::nullopt;
    const auto rescoredOf = [&](std::size_t i) -> std::optional<StageScores> {
        if (!trial.rescored) return std::nullopt;
        if (inputs_.size() == 2) return i == 0 ? trial.rescored->base : trial.rescored->target;
        return trial.rescored->single;
    };
    for (std::size_t i = 0; i < inputs_.size(); ++i)
        inputs_[i].rescored = rescoredOf(i);
    for (std::size_t i = 0; i < stages_.size() && i < inputs_.size(); ++i)
        stages_[i].input.rescored = inputs_[i].rescored;
    populatePanels();
}

void TrialInspector::populatePanels() {
    const StageAnalysis* a = currentAnalysis();
    if (!a) return;
    scores_->showStage(*a, recordedReward_, rescoredReward_, combination_);
    parameters_->setFindings(a->spec ? a->spec->parameters : std::vector<ParameterFinding>{});
    trees_->setTrees(
        a->referenceTree, a->reference ? QString::fromStdString(a->reference->scoredBody) : QString(),
        a->candidateTree, a->candidate ? QString::fromStdString(a->candidate->scoredBody) : QString());
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
    if (!captionLeft_) return;
    const auto tip = [](QLabel* l) {
        QTextDocument d;
        d.setHtml(l->text());
        l->setToolTip(d.toPlainText());
    };
    const bool haveStage = stage_ >= 0 && stage_ < static_cast<int>(inputs_.size());
    if (!haveStage) {
        for (QLabel* l : {captionLeft_, captionRight_, captionSingle_})
            l->clear();
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
    captionLeft_->setText(swatch(referenceColour()) + tr(" <b>Reference</b> — ") +
                          documentLine(in.reference, a ? a->reference : none) +
                          marked(unmatched.reference, referenceOnlyColour(), tr("the candidate lacks")));
    captionRight_->setText(swatch(candidateColour()) + tr(" <b>Candidate</b> — ") +
                           documentLine(in.candidate, a ? a->candidate : none) +
                           (aligned ? tr(" · ICP-aligned") : QString()) +
                           marked(unmatched.candidate, candidateOnlyColour(), tr("the reference lacks")));
    if (mode_ == InspectorMode::Overlay)
        captionSingle_->setText(swatch(referenceColour()) + tr(" Reference &nbsp; ") +
                                swatch(candidateColour()) +
                                (aligned ? tr(" Candidate, ICP-aligned") : tr(" Candidate, as stored")) +
                                (unmatched.reference.empty() && unmatched.candidate.empty()
                                     ? tr(" &nbsp; (a mixed tone is where both have material)")
                                     : tr(" &nbsp; opaque: ") + swatch(referenceOnlyColour()) +
                                           tr(" reference only ") + swatch(candidateOnlyColour()) +
                                           tr(" candidate only (> %1 mm)").arg(unmatched.tolerance)));
    else
        captionSingle_->setText(tr("<b>Candidate</b>%1: distance to the reference "
                                   "(<span style=\"color:#b2182b\">+ extra</span>, <span "
                                   "style=\"color:#2166ac\">− missing</span> "
                                   "material)")
                                    .arg(aligned ? tr(", ICP-aligned") : QString()));
    for (QLabel* l : {captionLeft_, captionRight_, captionSingle_})
        tip(l);
}

void TrialInspector::setMode(InspectorMode mode) {
    mode_ = mode;
    if (modeBox_->currentIndex() != static_cast<int>(mode)) modeBox_->setCurrentIndex(static_cast<int>(mode));
    viewStack_->setCurrentIndex(mode == InspectorMode::SideBySide ? 0 : 1);
    linkBox_->setEnabled(mode == InspectorMode::SideBySide);
    transparency_->setEnabled(mode == InspectorMode::Overlay);
    rangeBox_->setEnabled(mode == InspectorMode::Deviation);
    legend_->setVisible(mode == InspectorMode::Deviation);
    updateCaptions();
    updateScene();
}

void TrialInspector::startDeviation() {
    const StageAnalysis* a = currentAnalysis();
    if (!a || !a->reference || !a->candidate || deviationWatcher_.isRunning()) return;
    const auto& icp = a->geometry ? a->geometry->icp : std::nullopt;
    deviationStage_ = stage_;
    legend_->setBusy(tr("Computing deviation…"));
    deviationWatcher_.setFuture(computeDeviationAsync(a->reference->shape, a->candidate->shape,
                                                      icp ? icp->R : Eigen::Matrix3d::Identity(),
                                                      icp ? icp->t : Eigen::Vector3d::Zero()));
}

void TrialInspector::updateScene() {
    const StageAnalysis* a = currentAnalysis();
    if (!a) return;
    if (!left_) { // no live views: the legend still shows the deviation figures
        if (mode_ == InspectorMode::Deviation) {
            if (const auto& field = deviations_[static_cast<std::size_t>(stage_)])
                legend_->setField(field, colourMap_);
            else
                startDeviation();
        }
        return;
    }
    const TopoDS_Shape ref = a->reference ? a->reference->shape : TopoDS_Shape();
    const TopoDS_Shape cand = a->candidate ? a->candidate->shape : TopoDS_Shape();
    const auto& icp = a->geometry ? a->geometry->icp : std::nullopt;
    const gp_Trsf trsf = icp ? toTrsf(icp->R, icp->t) : gp_Trsf();
    if (!icp) status_->setText(tr("No ICP transform (ICP did not run): the candidate is shown where it is."));

    const UnmatchedFaces unmatched = currentUnmatched();
    if (mode_ == InspectorMode::SideBySide) {
        Handle(AIS_ColoredShape) r = ref.IsNull() ? nullptr : makeShadedShape(ref, referenceColour());
        Handle(AIS_ColoredShape) c = cand.IsNull() ? nullptr : makeShadedShape(cand, candidateColour());
        markFaces(r, ref, unmatched.reference, referenceOnlyColour());
        markFaces(c, cand, unmatched.candidate, candidateOnlyColour());
        if (!c.IsNull()) c->SetLocalTransformation(trsf);
        left_->setObjects({r}, r);
        right_->setObjects({c}, c);
        link_.cameraChanged(0, left_->cameraState());
    } else if (mode_ == InspectorMode::Overlay) {
        const double t = transparency_->value() / 100.0;
        Handle(AIS_ColoredShape) r = ref.IsNull() ? nullptr : makeShadedShape(ref, referenceColour(), t);
        Handle(AIS_ColoredShape) c = cand.IsNull() ? nullptr : makeShadedShape(cand, candidateColour(), t);
        markFaces(r, ref, unmatched.reference, referenceOnlyColour());
        markFaces(c, cand, unmatched.candidate, candidateOnlyColour());
        if (!c.IsNull()) c->SetLocalTransformation(trsf);
        single_->setObjects({r, c}, c);
    } else {
        const auto& field = deviations_[static_cast<std::size_t>(stage_)];
        if (!field) {
            single_->clear();
            startDeviation();
            return;
        }
        Handle(AIS_InteractiveObject) dev = new DeviationPresentation(field, colourMap_);
        Handle(AIS_Shape) edges = cand.IsNull() ? nullptr : makeEdgeLines(cand, QColor(40, 40, 40));
        if (!edges.IsNull()) edges->SetLocalTransformation(trsf);
        single_->setObjects({dev, edges});
        legend_->setField(field, colourMap_);
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
    for (auto* w : views())
        w->setSection(on, axis, pos);
}

void TrialInspector::onFacePicked(const PickedFace& f) {
    picked_->setText(tr("Face %1: %2, area %3 mm², centroid (%4, %5, %6) mm")
                         .arg(f.index + 1)
                         .arg(QString::fromStdString(f.surfaceType))
                         .arg(f.area, 0, 'f', 3)
                         .arg(f.centroid[0], 0, 'f', 3)
                         .arg(f.centroid[1], 0, 'f', 3)
                         .arg(f.centroid[2], 0, 'f', 3));
}

QImage TrialInspector::exportImage(QSize size, bool transparentBackground) const {
    const StageAnalysis* a = currentAnalysis();
    if (!a || !a->reference || !a->candidate) return {};
    RenderRequest req;
    req.reference = a->reference->shape;
    req.candidate = a->candidate->shape;
    if (a->geometry && a->geometry->icp) {
        req.R = a->geometry->icp->R;
        req.t = a->geometry->icp->t;
    }
    req.mode = mode_;
    req.size = size;
    req.transparentBackground = transparentBackground;
    if (left_) req.camera = (mode_ == InspectorMode::SideBySide ? left_ : single_)->cameraState();
    req.overlayTransparency = transparency_->value() / 100.0;
    req.deviation = deviations_.empty() ? nullptr : deviations_[static_cast<std::size_t>(stage_)];
    req.deviationRange = colourMap_.range();
    const UnmatchedFaces unmatched = currentUnmatched();
    req.unmatchedReference = unmatched.reference;
    req.unmatchedCandidate = unmatched.candidate;
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

} // namespace vernier::viewers
