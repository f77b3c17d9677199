// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/trajectory_view.h"

#include <QApplication>
#include <QFont>
#include <QFontDatabase>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPalette>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <nlohmann/json.hpp>

namespace vernier::ui {

namespace {

QString q(const std::string& s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString esc(const std::string& s) {
    return q(s).toHtmlEscaped();
}

QString fullCount(std::int64_t n) {
    return QLocale(QLocale::English).toString(static_cast<qlonglong>(n));
}

QString shortCount(std::int64_t n) {
    if (n < 1000) return QString::number(n);
    if (n < 1'000'000) return QString::number(static_cast<double>(n) / 1e3, 'f', n < 10'000 ? 2 : 1) + u'k';
    return QString::number(static_cast<double>(n) / 1e6, 'f', n < 10'000'000 ? 2 : 1) + u'M';
}

// "1 step", "3 steps" (the English plural; the application ships no translations).
QString countOf(std::uint64_t n, const QString& one, const QString& many) {
    return QString::number(n) + u' ' + (n == 1 ? one : many);
}

QString money(double usd) {
    return QStringLiteral("$") + QString::number(usd, 'f', usd != 0 && usd < 0.01 ? 6 : 4);
}

// "prompt 900,000 (cached 750,000) · completion 20,000 · $1.2500"; unknown figures are left out.
QString usageText(const AtifUsage& u) {
    QStringList parts;
    if (u.promptTokens) {
        QString p = QObject::tr("prompt %1").arg(fullCount(*u.promptTokens));
        if (u.cachedTokens) p += QObject::tr(" (cached %1)").arg(fullCount(*u.cachedTokens));
        parts << p;
    } else if (u.cachedTokens) {
        parts << QObject::tr("cached %1").arg(fullCount(*u.cachedTokens));
    }
    if (u.completionTokens) parts << QObject::tr("completion %1").arg(fullCount(*u.completionTokens));
    if (u.costUsd) parts << money(*u.costUsd);
    return parts.isEmpty() ? QObject::tr("no usage recorded") : parts.join(QStringLiteral(" · "));
}

QString shortUsage(const AtifUsage& u) {
    if (!u.promptTokens && !u.completionTokens) return {};
    const auto part = [](const std::optional<std::int64_t>& v) {
        return v ? shortCount(*v) : QStringLiteral("?");
    };
    return part(u.promptTokens) + QStringLiteral(" / ") + part(u.completionTokens);
}

QString usageTip(const AtifUsage& u) {
    return u.any() ? usageText(u) : QString();
}

// "2026-10-03T12:06:12.402266Z" -> "12:06:12".
QString shortTime(const std::string& ts) {
    const QString t = q(ts);
    const auto at = t.indexOf(u'T');
    if (at >= 0) return t.mid(at + 1, 8);
    return t.left(19);
}

// Large texts are cut for display (the step itself was read whole, within the reader's limits).
constexpr qsizetype kBlockLimit = 256 * 1024;

QString pre(const std::string& text) {
    QString t = q(text);
    QString note;
    if (t.size() > kBlockLimit) {
        note = QObject::tr("<p><i>(cut: showing %1 of %2 characters)</i></p>").arg(kBlockLimit).arg(t.size());
        t.truncate(kBlockLimit);
    }
    return QStringLiteral("<pre style=\"white-space: pre-wrap\">") + t.toHtmlEscaped() +
           QStringLiteral("</pre>") + note;
}

QString agentLine(const AtifIndex& x) {
    QStringList parts;
    QString who = x.agent.name.empty() ? QObject::tr("unknown agent") : esc(x.agent.name);
    if (!x.agent.version.empty()) who += u' ' + esc(x.agent.version);
    parts << QStringLiteral("<b>") + who + QStringLiteral("</b>");
    if (!x.agent.modelName.empty()) parts << QObject::tr("model %1").arg(esc(x.agent.modelName));
    if (!x.schemaVersion.empty()) parts << esc(x.schemaVersion);
    QString steps = countOf(x.steps.size(), QObject::tr("step"), QObject::tr("steps"));
    if (const auto all = x.totalStepCount(); all > x.steps.size())
        steps += QObject::tr(" (+%1 in %2)")
                     .arg(all - x.steps.size())
                     .arg(countOf(x.subagents.size(), QObject::tr("subagent"), QObject::tr("subagents")));
    parts << steps;
    parts << countOf(static_cast<std::uint64_t>(x.toolCallCount), QObject::tr("tool call"),
                     QObject::tr("tool calls"));
    return parts.join(QStringLiteral(" · "));
}

// The totals of one trajectory node: final_metrics, the step sums when they differ, or the sums alone.
QStringList totalsLines(const AtifIndex& x) {
    QStringList lines;
    const bool hasSubs = !x.subagents.empty();
    if (x.finalMetrics && x.finalMetrics->usage.any()) {
        lines << QObject::tr("Totals (final_metrics): %1").arg(usageText(x.effectiveTotals()));
        if (x.totalsDisagree()) {
            QString sums = QObject::tr("Sum of the steps: %1").arg(usageText(x.stepSums));
            if (hasSubs) sums += QObject::tr("; with subagents: %1").arg(usageText(x.computedTotals()));
            lines << QStringLiteral("<span style=\"color:#b35900\">&#9888; ") + sums +
                         QObject::tr(" (differs from final_metrics)") + QStringLiteral("</span>");
        }
    } else {
        lines << (hasSubs ? QObject::tr("Totals (sum of the steps and subagents; no final_metrics): %1")
                          : QObject::tr("Totals (sum of the steps; no final_metrics): %1"))
                     .arg(usageText(x.computedTotals()));
    }
    return lines;
}

QStringList noteLines(const AtifIndex& x) {
    QStringList lines;
    if (!x.continuedTrajectoryRef.empty())
        lines << QObject::tr("&#8594; Continues in another trajectory: <code>%1</code>")
                     .arg(esc(x.continuedTrajectoryRef));
    if (!x.warnings.empty()) {
        QStringList w;
        for (std::size_t i = 0; i < x.warnings.size() && i < 3; ++i)
            w << esc(x.warnings[i]);
        if (x.warnings.size() > 3) w << QObject::tr("%1 more").arg(x.warnings.size() - 3);
        lines << QStringLiteral("<span style=\"color:#b35900\">&#9888; ") + w.join(QStringLiteral("; ")) +
                     QStringLiteral("</span>");
    }
    return lines;
}

// Details of a trajectory node (the file's trajectory when nothing is selected, or a subagent).
QString trajectoryHtml(const AtifIndex& x) {
    QString h;
    h += QStringLiteral("<p>") + agentLine(x) + QStringLiteral("</p>");
    QStringList ids;
    if (!x.trajectoryId.empty()) ids << QObject::tr("trajectory %1").arg(esc(x.trajectoryId));
    if (!x.sessionId.empty()) ids << QObject::tr("session %1").arg(esc(x.sessionId));
    if (!ids.isEmpty()) h += QStringLiteral("<p>") + ids.join(QStringLiteral(" · ")) + QStringLiteral("</p>");
    h += QStringLiteral("<p>") + (totalsLines(x) + noteLines(x)).join(QStringLiteral("<br>")) +
         QStringLiteral("</p>");
    if (x.finalMetrics && x.finalMetrics->totalSteps)
        h += QObject::tr("<p>final_metrics.total_steps: %1</p>").arg(*x.finalMetrics->totalSteps);
    if (!x.notes.empty()) h += QObject::tr("<p><b>Notes</b></p>") + pre(x.notes);
    if (x.finalMetrics && !x.finalMetrics->extraJson.empty())
        h += QObject::tr("<p><b>final_metrics.extra</b></p>") + pre(x.finalMetrics->extraJson);
    if (!x.extraJson.empty()) h += QObject::tr("<p><b>Extra</b></p>") + pre(x.extraJson);
    if (x.agent.toolDefinitionCount > 0)
        h += QObject::tr("<p><b>Tool definitions</b> (%1)</p>").arg(x.agent.toolDefinitionCount) +
             pre(x.agent.toolDefinitionsJson);
    return h;
}

QString stepHtml(const AtifStep& s) {
    QString h;
    QStringList title;
    title << (s.stepId ? QObject::tr("Step %1").arg(*s.stepId) : QObject::tr("Step #%1").arg(s.index + 1));
    if (!s.source.empty()) title << esc(s.source);
    if (!s.timestamp.empty()) title << esc(s.timestamp);
    h += QStringLiteral("<h3>") + title.join(QStringLiteral(" · ")) + QStringLiteral("</h3>");
    if (!s.error.empty())
        return h + QStringLiteral("<p style=\"color:#c00000\">") +
               QObject::tr("Cannot read this step: %1").arg(esc(s.error)) + QStringLiteral("</p>");
    QStringList facts;
    if (!s.modelName.empty()) facts << QObject::tr("model %1").arg(esc(s.modelName));
    if (!s.reasoningEffort.empty()) facts << QObject::tr("reasoning effort %1").arg(esc(s.reasoningEffort));
    if (s.llmCallCount)
        facts << countOf(static_cast<std::uint64_t>(*s.llmCallCount), QObject::tr("LLM call"),
                         QObject::tr("LLM calls"));
    if (s.isCopiedContext.value_or(false)) facts << QObject::tr("copied context");
    if (s.metrics.any()) facts << usageText(s.metrics);
    if (!facts.isEmpty())
        h += QStringLiteral("<p>") + facts.join(QStringLiteral(" · ")) + QStringLiteral("</p>");
    if (!s.problems.empty()) {
        QStringList p;
        for (const auto& x : s.problems)
            p << esc(x);
        h += QStringLiteral("<p style=\"color:#b35900\">&#9888; ") + p.join(QStringLiteral("<br>")) +
             QStringLiteral("</p>");
    }
    if (s.message && !s.message->empty()) h += QObject::tr("<p><b>Message</b></p>") + pre(*s.message);
    if (s.reasoning && !s.reasoning->empty()) h += QObject::tr("<p><b>Reasoning</b></p>") + pre(*s.reasoning);
    for (const auto& c : s.toolCalls) {
        h += QObject::tr("<p><b>Tool call</b> %1")
                 .arg(esc(c.functionName.empty() ? "(unnamed)" : c.functionName));
        if (!c.toolCallId.empty())
            h += QStringLiteral(" <small>(") + esc(c.toolCallId) + QStringLiteral(")</small>");
        h += QStringLiteral("</p>") + pre(c.arguments);
        if (!c.extraJson.empty()) h += QObject::tr("<p><i>extra</i></p>") + pre(c.extraJson);
    }
    for (const auto& o : s.observations) {
        h += QObject::tr("<p><b>Observation</b>");
        if (!o.sourceCallId.empty()) h += QObject::tr(" for %1").arg(esc(o.sourceCallId));
        for (const auto& r : o.subagentRefs) {
            QString what = esc(!r.trajectoryId.empty() ? r.trajectoryId : r.trajectoryPath);
            if (!r.trajectoryPath.empty() && !r.trajectoryId.empty())
                what += QStringLiteral(" (") + esc(r.trajectoryPath) + u')';
            h += QObject::tr(" &#8594; subagent trajectory %1").arg(what);
        }
        h += QStringLiteral("</p>") +
             (o.content ? pre(*o.content) : QObject::tr("<p><i>(no content)</i></p>"));
    }
    if (!s.metricsExtraJson.empty())
        h += QObject::tr("<p><b>Other metrics</b></p>") + pre(s.metricsExtraJson);
    if (!s.extraJson.empty()) h += QObject::tr("<p><b>Extra</b></p>") + pre(s.extraJson);
    return h;
}

} // namespace

// ---- model ----------------------------------------------------------------------------------------

// The columns of one fetched step, computed once when its page is fetched.
struct TrajectoryStepModel::Row {
    QString id, source, time, timestamp, preview, tokens, tokensTip, cost;
    bool error = false;
    bool copied = false;
};

// One trajectory in the tree (the file's or a subagent's): its fetched step rows, then its subagents.
struct TrajectoryStepModel::Node {
    const AtifIndex* traj = nullptr;
    Node* parent = nullptr;
    int indexInParent = 0; // which subagent of the parent
    std::vector<Row> rows; // fetched steps
    std::vector<std::unique_ptr<Node>> kids;
    bool exhausted = false; // the reader gave fewer steps than indexed (should not happen)

    void build() {
        kids.clear();
        for (std::size_t i = 0; i < traj->subagents.size(); ++i) {
            auto k = std::make_unique<Node>();
            k->traj = &traj->subagents[i];
            k->parent = this;
            k->indexInParent = static_cast<int>(i);
            k->build();
            kids.push_back(std::move(k));
        }
    }
    std::size_t fetched() const { return rows.size(); }
    int rowCount() const { return static_cast<int>(rows.size() + kids.size()); }
    bool canFetch() const { return !exhausted && rows.size() < traj->steps.size(); }
};

TrajectoryStepModel::TrajectoryStepModel(QObject* parent) : QAbstractItemModel(parent) {}

TrajectoryStepModel::~TrajectoryStepModel() = default;

void TrajectoryStepModel::setTrajectory(const AtifTrajectory& trajectory) {
    beginResetModel();
    root_.reset();
    trajectory_ = trajectory;
    if (trajectory_.ok()) {
        root_ = std::make_unique<Node>();
        root_->traj = &trajectory_.index();
        root_->build();
    }
    endResetModel();
}

TrajectoryStepModel::Node* TrajectoryStepModel::nodeOf(const QModelIndex& index) const {
    if (!index.isValid()) return root_.get();
    auto* p = static_cast<Node*>(index.internalPointer());
    const auto row = static_cast<std::size_t>(index.row());
    if (row < p->fetched()) return nullptr;
    return p->kids[row - p->fetched()].get();
}

const AtifIndex* TrajectoryStepModel::trajectoryAt(const QModelIndex& index) const {
    if (!index.isValid() || !root_) return nullptr;
    if (Node* n = nodeOf(index)) return n->traj;
    return static_cast<Node*>(index.internalPointer())->traj;
}

std::optional<std::size_t> TrajectoryStepModel::stepAt(const QModelIndex& index) const {
    if (!index.isValid() || !root_) return std::nullopt;
    auto* p = static_cast<Node*>(index.internalPointer());
    const auto row = static_cast<std::size_t>(index.row());
    if (row < p->fetched()) return row;
    return std::nullopt;
}

bool TrajectoryStepModel::isSubagent(const QModelIndex& index) const {
    return index.isValid() && root_ && !stepAt(index);
}

std::size_t TrajectoryStepModel::fetchedSteps(const QModelIndex& parent) const {
    if (!root_) return 0;
    const Node* n = nodeOf(parent);
    return n ? n->fetched() : 0;
}

QModelIndex TrajectoryStepModel::index(int row, int column, const QModelIndex& parent) const {
    if (!root_ || row < 0 || column < 0 || column >= ColumnCount || parent.column() > 0) return {};
    Node* n = nodeOf(parent);
    if (!n || row >= n->rowCount()) return {};
    return createIndex(row, column, n);
}

QModelIndex TrajectoryStepModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || !root_) return {};
    auto* p = static_cast<Node*>(child.internalPointer());
    if (p == root_.get() || !p->parent) return {};
    return createIndex(static_cast<int>(p->parent->fetched()) + p->indexInParent, 0, p->parent);
}

int TrajectoryStepModel::rowCount(const QModelIndex& parent) const {
    if (!root_ || parent.column() > 0) return 0;
    const Node* n = nodeOf(parent);
    return n ? n->rowCount() : 0;
}

int TrajectoryStepModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

bool TrajectoryStepModel::hasChildren(const QModelIndex& parent) const {
    if (!root_ || parent.column() > 0) return false;
    const Node* n = nodeOf(parent);
    return n && (!n->traj->steps.empty() || !n->kids.empty());
}

bool TrajectoryStepModel::canFetchMore(const QModelIndex& parent) const {
    if (!root_ || parent.column() > 0) return false;
    const Node* n = nodeOf(parent);
    return n && n->canFetch();
}

void TrajectoryStepModel::fetchMore(const QModelIndex& parent) {
    if (!root_ || parent.column() > 0) return;
    Node* n = nodeOf(parent);
    if (!n || !n->canFetch()) return;
    const std::size_t first = n->fetched();
    const auto steps = trajectory_.loadSteps(*n->traj, first, kPageSize);
    if (steps.empty()) {
        n->exhausted = true;
        return;
    }
    beginInsertRows(parent, static_cast<int>(first), static_cast<int>(first + steps.size() - 1));
    for (const AtifStep& s : steps) {
        Row r;
        r.id = s.stepId ? QString::number(*s.stepId) : QStringLiteral("#%1").arg(s.index + 1);
        r.source = q(s.source);
        r.time = shortTime(s.timestamp);
        r.timestamp = q(s.timestamp);
        r.preview = q(s.preview());
        r.tokens = shortUsage(s.metrics);
        r.tokensTip = usageTip(s.metrics);
        if (s.metrics.costUsd) r.cost = money(*s.metrics.costUsd);
        r.error = !s.error.empty();
        r.copied = s.isCopiedContext.value_or(false);
        n->rows.push_back(std::move(r));
    }
    endInsertRows();
}

QVariant TrajectoryStepModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !root_) return {};
    auto* p = static_cast<Node*>(index.internalPointer());
    const auto row = static_cast<std::size_t>(index.row());
    if (row < p->fetched()) {
        const Row& r = p->rows[row];
        switch (role) {
        case KindRole:
            return QStringLiteral("step");
        case Qt::DisplayRole:
            switch (index.column()) {
            case StepColumn:
                return r.id;
            case SourceColumn:
                return r.source;
            case TimeColumn:
                return r.time;
            case PreviewColumn:
                return r.preview;
            case TokensColumn:
                return r.tokens;
            case CostColumn:
                return r.cost;
            }
            return {};
        case Qt::ToolTipRole:
            if (index.column() == TimeColumn) return r.timestamp;
            if (index.column() == TokensColumn || index.column() == CostColumn) return r.tokensTip;
            if (index.column() == PreviewColumn) return r.preview;
            if (r.copied) return tr("Copied context (is_copied_context)");
            return {};
        case Qt::ForegroundRole:
            if (r.error) return QColor(0xc0, 0, 0);
            if (r.copied) return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
            return {};
        case Qt::TextAlignmentRole:
            if (index.column() == TokensColumn || index.column() == CostColumn ||
                index.column() == StepColumn)
                return QVariant(Qt::AlignRight | Qt::AlignVCenter);
            return {};
        }
        return {};
    }
    const Node* n = p->kids[row - p->fetched()].get();
    const AtifIndex& x = *n->traj;
    const AtifUsage totals = x.effectiveTotals();
    switch (role) {
    case KindRole:
        return QStringLiteral("subagent");
    case Qt::DisplayRole:
        switch (index.column()) {
        case StepColumn:
            return tr("subagent");
        case SourceColumn:
            return q(x.agent.name);
        case PreviewColumn: {
            QStringList parts;
            if (!x.trajectoryId.empty()) parts << q(x.trajectoryId);
            if (!x.agent.modelName.empty()) parts << q(x.agent.modelName);
            parts << countOf(x.steps.size(), tr("step"), tr("steps"));
            if (!x.subagents.empty()) parts << countOf(x.subagents.size(), tr("subagent"), tr("subagents"));
            return parts.join(QStringLiteral(" · "));
        }
        case TokensColumn:
            return shortUsage(totals);
        case CostColumn:
            return totals.costUsd ? money(*totals.costUsd) : QString();
        }
        return {};
    case Qt::ToolTipRole:
        return (totalsLines(x) + noteLines(x)).join(QStringLiteral("<br>"));
    case Qt::FontRole: {
        QFont f;
        f.setBold(true);
        return f;
    }
    case Qt::TextAlignmentRole:
        if (index.column() == TokensColumn || index.column() == CostColumn || index.column() == StepColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    return {};
}

QVariant TrajectoryStepModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case StepColumn:
            return tr("Step");
        case SourceColumn:
            return tr("Source");
        case TimeColumn:
            return tr("Time");
        case PreviewColumn:
            return tr("Message / action");
        case TokensColumn:
            return tr("Tokens");
        case CostColumn:
            return tr("Cost");
        }
    }
    if (role == Qt::ToolTipRole && section == TokensColumn)
        return tr("Prompt (incl. cached) / completion tokens");
    return {};
}

// ---- view -----------------------------------------------------------------------------------------

// The result of an index pass, handed from the worker thread to the view.
struct TrajectoryView::Loaded {
    int generation = 0; // which showFile()/setTrajectory() call it answers
    AtifTrajectory trajectory;
    QString text; // the fallback when it is not ATIF
    QString note; // why the fallback is shown
};

namespace {

// The text fallback: the reason, then up to kTextLimit bytes (pretty-printed when that is the whole file
// and it is JSON).
void fallback(const AtifTrajectory& t, QString& text, QString& note) {
    const std::uint64_t limit = TrajectoryView::kTextLimit;
    const std::uint64_t size = t.sizeBytes();
    std::string head = t.readHead(limit);
    note = q(t.error());
    if (size > limit) {
        note += QObject::tr(" · shown as text, cut to the first %1 MiB of %2 MiB")
                    .arg(limit >> 20)
                    .arg(static_cast<double>(size) / (1 << 20), 0, 'f', 1);
    } else if (!head.empty()) {
        note += QObject::tr(" · shown as text");
        const nlohmann::json j = nlohmann::json::parse(head, nullptr, false);
        if (!j.is_discarded()) head = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    text = q(head);
}

} // namespace

TrajectoryView::TrajectoryView(QWidget* parent) : QWidget(parent) {
    header_ = new QLabel(this);
    header_->setObjectName(QStringLiteral("trajectoryHeader"));
    header_->setTextFormat(Qt::RichText);
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    model_ = new TrajectoryStepModel(this);
    tree_ = new QTreeView(this);
    tree_->setObjectName(QStringLiteral("trajectorySteps"));
    tree_->setModel(model_);
    tree_->setUniformRowHeights(true);
    tree_->setAlternatingRowColors(true);
    tree_->setSelectionBehavior(QAbstractItemView::SelectRows);
    tree_->setSelectionMode(QAbstractItemView::SingleSelection);
    tree_->setRootIsDecorated(true);
    tree_->setAllColumnsShowFocus(true);
    auto* h = tree_->header();
    h->setStretchLastSection(false);
    const QFontMetrics fm(tree_->font());
    const auto width = [&](const QString& sample) { return fm.horizontalAdvance(sample) + 24; };
    h->resizeSection(TrajectoryStepModel::StepColumn, width(QStringLiteral("subagent 0")));
    h->resizeSection(TrajectoryStepModel::SourceColumn, width(QStringLiteral("claude-code")));
    h->resizeSection(TrajectoryStepModel::TimeColumn, width(QStringLiteral("00:00:00")));
    h->resizeSection(TrajectoryStepModel::TokensColumn, width(QStringLiteral("999.9k / 99.9k")));
    h->resizeSection(TrajectoryStepModel::CostColumn, width(QStringLiteral("$0.000000")));
    h->setSectionResizeMode(TrajectoryStepModel::PreviewColumn, QHeaderView::Stretch);

    details_ = new QTextBrowser(this);
    details_->setObjectName(QStringLiteral("trajectoryDetails"));
    details_->setOpenLinks(false);
    details_->document()->setDefaultStyleSheet(
        QStringLiteral("pre { font-family: '%1'; } h3 { margin: 0; }")
            .arg(QFontDatabase::systemFont(QFontDatabase::FixedFont).family()));

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(tree_);
    split->addWidget(details_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    text_ = new QPlainTextEdit(this);
    text_->setReadOnly(true);
    text_->setLineWrapMode(QPlainTextEdit::NoWrap);
    text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    stack_ = new QStackedWidget(this);
    stack_->addWidget(split);
    stack_->addWidget(text_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(header_);
    layout->addWidget(stack_, 1);

    connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { showDetails(current); });
    connect(&watcher_, &QFutureWatcher<std::shared_ptr<Loaded>>::finished, this, [this] {
        if (watcher_.isCanceled() || watcher_.future().resultCount() == 0) return;
        if (const auto result = watcher_.result()) apply(*result);
    });
    showMessage(tr("(no trajectory)"));
}

TrajectoryView::~TrajectoryView() {
    cancelLoad();
    watcher_.waitForFinished();
}

void TrajectoryView::cancelLoad() {
    if (cancel_) cancel_->store(true);
    cancel_.reset();
}

bool TrajectoryView::loading() const {
    return pending_;
}

void TrajectoryView::showMessage(const QString& text) {
    cancelLoad();
    ++generation_;
    pending_ = false;
    model_->setTrajectory(AtifTrajectory());
    header_->clear();
    header_->setVisible(false);
    text_->setPlainText(text);
    stack_->setCurrentWidget(text_);
}

void TrajectoryView::showFile(const FileRef& file, const QString& usageNote) {
    if (file.empty()) {
        showMessage(tr("(no trajectory)"));
        return;
    }
    showMessage(tr("Reading %1…").arg(q(file.display())));
    usageNote_ = usageNote;
    const int generation = generation_;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    cancel_ = cancel;
    pending_ = true;
    // The previous pass (if any) was cancelled; wait for it so only one runs at a time.
    watcher_.waitForFinished();
    watcher_.setFuture(QtConcurrent::run([file, cancel, generation]() -> std::shared_ptr<Loaded> {
        auto out = std::make_shared<Loaded>();
        out->generation = generation;
        AtifLimits limits;
        limits.cancel = cancel.get();
        out->trajectory = AtifTrajectory::open(file, limits);
        if (cancel->load()) return nullptr; // superseded by another file
        if (!out->trajectory.ok()) fallback(out->trajectory, out->text, out->note);
        return out;
    }));
}

void TrajectoryView::setTrajectory(const AtifTrajectory& trajectory, const QString& usageNote) {
    cancelLoad();
    watcher_.waitForFinished();
    usageNote_ = usageNote;
    Loaded l;
    l.generation = ++generation_;
    l.trajectory = trajectory;
    if (!trajectory.ok()) fallback(trajectory, l.text, l.note);
    apply(l);
}

void TrajectoryView::apply(const Loaded& result) {
    if (result.generation != generation_) return; // a superseded file
    pending_ = false;
    const AtifTrajectory& t = result.trajectory;
    if (!t.ok()) {
        model_->setTrajectory(AtifTrajectory());
        header_->setText(QStringLiteral("<span style=\"color:#b35900\">&#9888; ") +
                         result.note.toHtmlEscaped() + QStringLiteral("</span>"));
        header_->setVisible(true);
        text_->setPlainText(result.text);
        stack_->setCurrentWidget(text_);
        emit loaded();
        return;
    }
    const AtifIndex& x = t.index();
    QStringList lines;
    lines << agentLine(x);
    lines << totalsLines(x);
    if (!usageNote_.isEmpty())
        lines << QStringLiteral("<i>") + usageNote_.toHtmlEscaped() + QStringLiteral("</i>");
    lines << noteLines(x);
    header_->setText(lines.join(QStringLiteral("<br>")));
    header_->setVisible(true);
    model_->setTrajectory(t);
    // No page is fetched here: QTreeView fetches the first one itself when it lays out the new rows, then
    // one more whenever the end of the list scrolls into view.
    overview_ = trajectoryHtml(x) + tr("<p><i>Select a step to see its message, reasoning, tool calls and "
                                       "observations.</i></p>");
    details_->setHtml(overview_);
    stack_->setCurrentIndex(0);
    emit loaded();
}

void TrajectoryView::showDetails(const QModelIndex& index) {
    if (!index.isValid()) {
        details_->setHtml(overview_);
        return;
    }
    if (model_->isSubagent(index)) {
        if (const AtifIndex* x = model_->trajectoryAt(index))
            details_->setHtml(tr("<h3>Subagent trajectory</h3>") + trajectoryHtml(*x));
        return;
    }
    const AtifIndex* x = model_->trajectoryAt(index);
    const auto step = model_->stepAt(index);
    if (!x || !step) return;
    details_->setHtml(stepHtml(model_->trajectory().loadStep(*x, *step)));
}

QString TrajectoryView::headerText() const {
    QTextDocument d;
    d.setHtml(header_->text());
    return d.toPlainText();
}

QString TrajectoryView::detailsText() const {
    return details_->toPlainText();
}

bool TrajectoryView::showingText() const {
    return stack_->currentWidget() == text_;
}

QString TrajectoryView::text() const {
    return text_->toPlainText();
}

} // namespace vernier::ui
