// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/heatmap_widget.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "figures/palette.h"
#include "models/failure_taxonomy.h"

namespace vernier::ui {

namespace {
constexpr double kMargin = 4.0;
constexpr double kSwatch = 7.0; // side of the system colour square before a row label

// Column label: the task id without the shared "freecad-" prefix, shortened to 6 characters.
QString shortTaskId(const std::string& id) {
    QString s = QString::fromUtf8(id);
    if (s.startsWith(QLatin1String("freecad-"))) s = s.mid(8);
    return s.left(6);
}

// Cells whose 0 is not a score of the answer get a glyph: the pipeline failed before scoring.
QString nonScoreGlyph(ZeroCategory c) {
    switch (c) {
    case ZeroCategory::ScorerCrash:
        return QStringLiteral("×");
    case ZeroCategory::MissingOutput:
        return QStringLiteral("∅");
    case ZeroCategory::FinalException:
        return QStringLiteral("!");
    default:
        return {};
    }
}

int difficultyRank(const std::string& d) {
    if (d == "easy") return 0;
    if (d == "medium") return 1;
    if (d == "hard") return 2;
    return 3; // unknown last
}
} // namespace

HeatmapWidget::HeatmapWidget(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("heatmap"));
    setMouseTracking(false);
    setMinimumSize(400, 200);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void HeatmapWidget::setAnalysis(std::shared_ptr<const Analysis> analysis) {
    analysis_ = std::move(analysis);
    rows_.clear();
    if (analysis_)
        for (const auto& r : analysis_->rows)
            rows_.push_back(r.system);
    rebuildColumns();
    update();
}

void HeatmapWidget::setTaskOrder(TaskOrder order) {
    order_ = order;
    rebuildColumns();
    update();
}

void HeatmapWidget::rebuildColumns() {
    columns_.clear();
    if (!analysis_ || !analysis_->set) return;
    const ResultSet& set = *analysis_->set;
    auto mean = [&](int task) {
        double sum = 0;
        int n = 0;
        for (int s : rows_)
            if (const auto r = set.selectedReward(s, task)) {
                sum += *r;
                ++n;
            }
        return n ? sum / n : 0.0;
    };
    for (Workflow w : kWorkflows) {
        std::vector<int> group;
        for (int t : analysis_->tasks)
            if (set.tasks[static_cast<std::size_t>(t)].workflow == w) group.push_back(t);
        if (order_ == TaskOrder::MeanReward) {
            // Hardest first: lowest mean reward over the shown systems.
            std::vector<std::pair<double, int>> keyed;
            for (int t : group)
                keyed.push_back({mean(t), t});
            std::stable_sort(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first < b.first; });
            for (std::size_t i = 0; i < group.size(); ++i)
                group[i] = keyed[i].second;
        } else if (order_ == TaskOrder::PackDifficulty) {
            std::stable_sort(group.begin(), group.end(), [&](int a, int b) {
                return difficultyRank(set.tasks[static_cast<std::size_t>(a)].difficulty) >
                       difficultyRank(set.tasks[static_cast<std::size_t>(b)].difficulty);
            });
        }
        columns_.insert(columns_.end(), group.begin(), group.end());
    }
}

int HeatmapWidget::trialAt(int row, int column) const {
    if (!analysis_ || !analysis_->set || row < 0 || column < 0 || row >= static_cast<int>(rows_.size()) ||
        column >= static_cast<int>(columns_.size()))
        return -1;
    return analysis_->set->selectedTrial(rows_[static_cast<std::size_t>(row)],
                                         columns_[static_cast<std::size_t>(column)]);
}

QString HeatmapWidget::columnLabel(int column) const {
    if (!analysis_ || !analysis_->set || column < 0 || column >= static_cast<int>(columns_.size())) return {};
    return shortTaskId(
        analysis_->set->tasks[static_cast<std::size_t>(columns_[static_cast<std::size_t>(column)])].id);
}

QString HeatmapWidget::cellGlyph(int row, int column) const {
    const int trial = trialAt(row, column);
    return trial < 0 ? QString()
                     : nonScoreGlyph(analysis_->set->trials[static_cast<std::size_t>(trial)].zero.category);
}

HeatmapWidget::Geometry HeatmapWidget::layoutFor(const QSizeF& size) const {
    const QFontMetricsF tick(palette::font(palette::kTickPt));
    const QFontMetricsF title(palette::font(palette::kTitlePt, true));
    double labelW = 0;
    if (analysis_)
        for (const auto& r : analysis_->rows)
            labelW = std::max(labelW, tick.horizontalAdvance(qs(analysis_->displayName(r.system))));
    labelW += kSwatch + 4; // the system's colour swatch before its name
    double columnLabelH = 0;
    for (int c = 0; c < static_cast<int>(columns_.size()); ++c)
        columnLabelH = std::max(columnLabelH, tick.horizontalAdvance(columnLabel(c)));
    Geometry g;
    g.left = kMargin + labelW + 6;
    g.columnLabelH = columnLabelH + 4;
    g.top = kMargin + title.height() + 4 + tick.height() + 6 + g.columnLabelH;
    const double bottom = tick.height() * 4 + 14;
    const int nc = std::max<int>(1, static_cast<int>(columns_.size()));
    const int nr = std::max<int>(1, static_cast<int>(rows_.size()));
    g.cellW = std::max(1.0, (size.width() - g.left - kMargin) / nc);
    g.cellH = std::max(1.0, (size.height() - g.top - bottom) / nr);
    return g;
}

QPoint HeatmapWidget::cellAt(const QPoint& pos) const {
    const Geometry g = layoutFor(QSizeF(size()));
    const int c = static_cast<int>(std::floor((pos.x() - g.left) / g.cellW));
    const int r = static_cast<int>(std::floor((pos.y() - g.top) / g.cellH));
    if (pos.x() < g.left || pos.y() < g.top || c >= static_cast<int>(columns_.size()) ||
        r >= static_cast<int>(rows_.size()))
        return {-1, -1};
    return {c, r};
}

std::vector<double> HeatmapWidget::cellAttempts(int row, int column) const {
    std::vector<double> out;
    if (!analysis_ || !analysis_->set || row < 0 || column < 0 || row >= static_cast<int>(rows_.size()) ||
        column >= static_cast<int>(columns_.size()))
        return out;
    const ResultSet& set = *analysis_->set;
    for (int t :
         set.trialsOf(rows_[static_cast<std::size_t>(row)], columns_[static_cast<std::size_t>(column)]))
        out.push_back(set.trials[static_cast<std::size_t>(t)].effectiveReward(set.preferRescored()));
    return out;
}

QString HeatmapWidget::cellToolTip(int row, int column) const {
    if (!analysis_ || !analysis_->set || row < 0 || column < 0 || row >= static_cast<int>(rows_.size()) ||
        column >= static_cast<int>(columns_.size()))
        return {};
    const ResultSet& set = *analysis_->set;
    const int s = rows_[static_cast<std::size_t>(row)];
    const int t = columns_[static_cast<std::size_t>(column)];
    const auto r = set.selectedReward(s, t);
    const int trial = set.selectedTrial(s, t);
    const ZeroCategory zero =
        trial >= 0 ? set.trials[static_cast<std::size_t>(trial)].zero.category : ZeroCategory::None;
    QString text = tr("%1\n%2\nreward %3 points")
                       .arg(qs(set.tasks[static_cast<std::size_t>(t)].id), qs(analysis_->displayName(s)),
                            r ? QString::number(*r * 100.0, 'f', 2) : tr("— (no trial)"));
    if (zero != ZeroCategory::None)
        text += QStringLiteral(" (%1)").arg(QString::fromUtf8(zeroCategoryTitle(zero)));
    const std::vector<double> attempts = cellAttempts(row, column);
    if (attempts.size() > 1) {
        const auto [lo, hi] = std::minmax_element(attempts.begin(), attempts.end());
        text += tr("\nattempts: n=%1, %2–%3").arg(attempts.size()).arg(*lo, 0, 'f', 2).arg(*hi, 0, 'f', 2);
    }
    return text;
}

void HeatmapWidget::paintFigure(QPainter& p, const QSizeF& size) const {
    paintWithStyle(p, size, palette::paperStyle());
}

void HeatmapWidget::paintWithStyle(QPainter& p, const QSizeF& size, const ChartStyle& style) const {
    p.save();
    p.fillRect(QRectF(QPointF(0, 0), size), style.background);
    const QFont tickFont = palette::font(palette::kTickPt);
    const QFont titleFont = palette::font(palette::kTitlePt, true);
    const QFontMetricsF tick(tickFont);
    const QFontMetricsF titleMetrics(titleFont);
    p.setPen(style.ink);
    p.setFont(titleFont);
    p.drawText(QRectF(0, kMargin, size.width(), titleMetrics.height()), Qt::AlignHCenter,
               tr("Reward per task (rows: systems, columns: tasks by workflow)"));
    if (!analysis_ || !analysis_->set || rows_.empty() || columns_.empty()) {
        p.setFont(tickFont);
        p.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter, tr("No trials for this filter"));
        p.restore();
        return;
    }
    const ResultSet& set = *analysis_->set;
    const Geometry g = layoutFor(size);
    p.setFont(tickFont);

    // Workflow group labels and separators.
    double x = g.left;
    for (Workflow w : kWorkflows) {
        const int n = static_cast<int>(std::count_if(columns_.begin(), columns_.end(), [&](int t) {
            return set.tasks[static_cast<std::size_t>(t)].workflow == w;
        }));
        if (n == 0) continue;
        const QRectF band(x, g.top - g.columnLabelH - tick.height() - 5, n * g.cellW, tick.height());
        p.fillRect(QRectF(band.left(), band.bottom(), band.width(), 2),
                   palette::workflowColor(QString::fromUtf8(workflowKey(w))));
        p.setPen(style.ink);
        p.drawText(band, Qt::AlignCenter,
                   tick.elidedText(tr("%1 (%2)").arg(QString::fromUtf8(workflowTitle(w))).arg(n),
                                   Qt::ElideRight, band.width()));
        x += n * g.cellW;
    }

    // Task labels, rotated, under the workflow bands; thinned out when columns are narrower than a line.
    p.setPen(style.ink);
    const int labelStep = std::max(1, static_cast<int>(std::ceil(tick.height() / g.cellW)));
    for (std::size_t c = 0; c < columns_.size(); c += static_cast<std::size_t>(labelStep)) {
        const QString label = columnLabel(static_cast<int>(c));
        p.save();
        p.translate(g.left + (c + 0.5) * g.cellW + tick.ascent() / 2 - tick.descent() / 2, g.top - 4);
        p.rotate(-90);
        p.drawText(QPointF(0, 0), label);
        p.restore();
    }

    // Cells; the reward is written in when a cell has room for "0.00".
    QFont glyphFont = tickFont;
    glyphFont.setBold(true);
    const bool showValues =
        g.cellW >= tick.horizontalAdvance(QStringLiteral("0.00")) + 6 && g.cellH >= tick.height() + 2;
    p.setPen(Qt::NoPen);
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        for (std::size_t c = 0; c < columns_.size(); ++c) {
            const QRectF cell(g.left + c * g.cellW, g.top + r * g.cellH, g.cellW, g.cellH);
            const auto reward = set.selectedReward(rows_[r], columns_[c]);
            QColor color = reward ? palette::sequential(*reward) : palette::unknown();
            const int trial = set.selectedTrial(rows_[r], columns_[c]);
            if (trial >= 0 && analysis_->filter.status != TrialStatus::All &&
                !analysis_->filter.matches(set, trial))
                color.setAlphaF(0.18); // outside the status filter: faded
            p.fillRect(cell.adjusted(0, 0, -std::min(0.5, g.cellW * 0.1), -std::min(0.5, g.cellH * 0.1)),
                       color);
            if (trial < 0) continue;
            const QString glyph = cellGlyph(static_cast<int>(r), static_cast<int>(c));
            const QString text = !glyph.isEmpty()         ? glyph
                                 : (reward && showValues) ? QString::number(*reward * 100.0, 'f', 0)
                                                          : QString();
            if (text.isEmpty()) continue;
            p.setPen(color.alphaF() < 0.5 ? style.ink : palette::textOn(color));
            p.setFont(glyph.isEmpty() ? tickFont : glyphFont);
            p.drawText(cell, Qt::AlignCenter, text);
            p.setPen(Qt::NoPen);
        }
    }
    // Several attempts in a cell: a corner mark (top right), and when the cell is tall enough a bar along
    // its bottom from the lowest to the highest attempt's reward (0 at the left edge, 100 at the right).
    bool anyAttempts = false;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        for (std::size_t c = 0; c < columns_.size(); ++c) {
            const std::vector<double> attempts = cellAttempts(static_cast<int>(r), static_cast<int>(c));
            if (attempts.size() < 2) continue;
            anyAttempts = true;
            const QRectF cell(g.left + c * g.cellW, g.top + r * g.cellH, g.cellW, g.cellH);
            const auto reward = set.selectedReward(rows_[r], columns_[c]);
            const QColor mark = palette::textOn(reward ? palette::sequential(*reward) : palette::unknown());
            const double side = std::clamp(std::min(g.cellW, g.cellH) * 0.14, 3.0, 10.0);
            QPolygonF corner;
            corner << QPointF(cell.right() - side - 0.5, cell.top())
                   << QPointF(cell.right() - 0.5, cell.top())
                   << QPointF(cell.right() - 0.5, cell.top() + side);
            p.setBrush(mark);
            p.drawPolygon(corner);
            p.setBrush(Qt::NoBrush);
            if (g.cellH >= 8 && g.cellW >= 8) {
                // A faint track over the whole width (0 to 100) and the attempts' range on it, with end caps.
                const auto [lo, hi] = std::minmax_element(attempts.begin(), attempts.end());
                const double inset = std::max(1.5, g.cellW * 0.08);
                const double span = g.cellW - 2 * inset;
                const double thick = std::clamp(g.cellH * 0.04, 1.6, 3.5);
                const double y = cell.bottom() - thick - std::clamp(g.cellH * 0.08, 1.5, 8.0);
                const double x0 = cell.left() + inset + span * std::clamp(*lo, 0.0, 1.0);
                const double x1 = cell.left() + inset + span * std::clamp(*hi, 0.0, 1.0);
                QColor track = mark;
                track.setAlphaF(0.3f);
                p.fillRect(QRectF(cell.left() + inset, y + thick * 0.25, span, thick * 0.5), track);
                p.fillRect(QRectF(x0, y, std::max(1.0, x1 - x0), thick), mark);
                const double cap = thick * 2.2;
                p.fillRect(QRectF(x0 - 0.5, y + thick / 2 - cap / 2, 1.0, cap), mark);
                p.fillRect(QRectF(x1 - 0.5, y + thick / 2 - cap / 2, 1.0, cap), mark);
            }
        }
    }
    p.setFont(tickFont);
    // Workflow separators.
    p.setPen(QPen(style.background, 2));
    x = g.left;
    for (std::size_t c = 1; c < columns_.size(); ++c) {
        const bool boundary = set.tasks[static_cast<std::size_t>(columns_[c])].workflow !=
                              set.tasks[static_cast<std::size_t>(columns_[c - 1])].workflow;
        if (boundary)
            p.drawLine(QPointF(g.left + c * g.cellW, g.top),
                       QPointF(g.left + c * g.cellW, g.top + rows_.size() * g.cellH));
    }
    // System labels (the alias when the workspace gives one), each after its colour (by identity, the same
    // as in every chart).
    p.setPen(style.ink);
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const QRectF label(kMargin, g.top + r * g.cellH, g.left - kMargin - 6, g.cellH);
        const QString name = qs(analysis_->displayName(rows_[r]));
        p.drawText(label, Qt::AlignRight | Qt::AlignVCenter, name);
        const double textW = tick.horizontalAdvance(name);
        const double side = std::min(kSwatch, g.cellH - 2);
        if (side >= 3) {
            const QRectF swatch(label.right() - textW - 4 - side, label.center().y() - side / 2, side, side);
            p.fillRect(swatch, palette::systemBrush(*analysis_, rows_[r]));
            p.setPen(QPen(style.ink, 0.5));
            p.drawRect(swatch);
            p.setPen(style.ink);
        }
    }
    // Colour scale.
    const double legendTop = g.top + rows_.size() * g.cellH + 8;
    const double legendW = std::min(240.0, size.width() * 0.4);
    const QRectF bar(g.left, legendTop, legendW, tick.height() * 0.9);
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (int i = 0; i <= 10; ++i)
        gradient.setColorAt(i / 10.0, palette::sequential(i / 10.0));
    p.fillRect(bar, gradient);
    p.drawText(QRectF(bar.left() - 40, bar.bottom() + 1, 80, tick.height()), Qt::AlignHCenter,
               QStringLiteral("0"));
    p.drawText(QRectF(bar.center().x() - 40, bar.bottom() + 1, 80, tick.height()), Qt::AlignHCenter,
               QStringLiteral("50"));
    p.drawText(QRectF(bar.right() - 40, bar.bottom() + 1, 80, tick.height()), Qt::AlignHCenter,
               QStringLiteral("100"));
    p.drawText(QRectF(bar.right() + 12, bar.top() - 2, 400, tick.height() * 1.2),
               Qt::AlignLeft | Qt::AlignVCenter, tr("Reward, points (grey: no trial)"));
    // Two lines when one does not fit (the layout keeps room for both below the colour scale).
    p.drawText(
        QRectF(kMargin, bar.bottom() + tick.height() + 2, size.width() - 2 * kMargin, tick.height() * 2.2),
        Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
        tr("Reward 0 that is not a score: × scorer crash, ∅ missing output, ! final exception. "
           "Columns: task id without \"freecad-\".") +
            (anyAttempts ? tr(" Corner mark: several attempts; bottom bar: their lowest to highest reward.")
                         : QString()));
    p.restore();
}

void HeatmapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    paintWithStyle(p, QSizeF(size()), palette::screenStyle());
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent* event) {
    const QPoint cell = cellAt(event->position().toPoint());
    const int trial = trialAt(cell.y(), cell.x());
    if (trial >= 0) emit trialActivated(trial);
}

bool HeatmapWidget::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip && analysis_ && analysis_->set) {
        auto* help = static_cast<QHelpEvent*>(e);
        const QPoint cell = cellAt(help->pos());
        if (cell.x() >= 0) {
            const QString text = cellToolTip(cell.y(), cell.x());
            QToolTip::showText(help->globalPos(), text, this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(e);
}

} // namespace vernier::ui
