// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "figures/charts.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>

#include "figures/palette.h"

namespace vernier::ui {

namespace {

constexpr double kBarWidth = 0.8;

// Graphics items drawn in the ink colour carry this data key, so applyChartStyle() can recolour them.
constexpr int kInkItemKey = 0x5645; // "VE"
// Bar sets whose border separates stacked segments: the border takes the background colour.
const char* const kSeparatorBorder = "vernierSeparatorBorder";

// A system's name as shown (the workspace alias, or its label).
QString systemName(const Analysis& a, int systemIndex) {
    return qs(a.displayName(systemIndex));
}

void styleAxis(QAbstractAxis* axis, const QString& title) {
    axis->setTitleText(title);
    axis->setTitleFont(palette::font(palette::kAxisTitlePt));
    axis->setLabelsFont(palette::font(palette::kTickPt));
    axis->setLabelsColor(palette::ink());
    axis->setTitleBrush(palette::ink());
    axis->setGridLineColor(palette::grid());
    axis->setLinePenColor(palette::ink());
}

QValueAxis* valueAxis(const QString& title, double lo, double hi, const QString& objectName) {
    auto* axis = new QValueAxis;
    axis->setObjectName(objectName);
    axis->setRange(lo, hi);
    styleAxis(axis, title);
    axis->setLabelFormat(QStringLiteral("%.0f"));
    return axis;
}

// A 0-100 points axis with room right of 100 for the value labels; ticks stay on multiples of 20, so no
// tick or grid line is drawn beyond 100.
constexpr double kScoreAxisMax = 116;
QValueAxis* scoreAxis(const QString& title) {
    auto* axis = valueAxis(title, 0, kScoreAxisMax, QStringLiteral("valueAxis"));
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(20);
    return axis;
}

// "nice" upper bound for an axis covering `v`.
double niceMax(double v) {
    if (!(v > 0)) return 1.0;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * p >= v * 1.05) return m * p;
    return 10.0 * p;
}

// Axis for whole counts: integer ticks at 1, 2, 5, 10, … steps so no label is a rounded fraction.
QValueAxis* countAxis(const QString& title, int maxCount) {
    int step = 1;
    for (int candidate : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
        if (maxCount / candidate <= 8) {
            step = candidate;
            break;
        }
    // At least one free unit beyond the longest bar, for its total.
    const int room = maxCount + std::max(1, maxCount / 8);
    const int top = std::max(step, ((room + step - 1) / step) * step);
    auto* axis = valueAxis(title, 0, top, QStringLiteral("valueAxis"));
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    return axis;
}

// Categories bottom-to-top so that the best system (first row) is drawn at the top.
QStringList systemCategories(const Analysis& a) {
    QStringList out;
    for (auto it = a.rows.rbegin(); it != a.rows.rend(); ++it)
        out << systemName(a, it->system);
    return out;
}

QBarCategoryAxis* categoryAxis(const QStringList& categories, const QString& objectName) {
    auto* axis = new QBarCategoryAxis;
    axis->setObjectName(objectName);
    axis->append(categories);
    styleAxis(axis, QString());
    axis->setGridLineVisible(false);
    return axis;
}

// One whisker (with end caps) as a polyline, hidden from the legend.
void addWhisker(QChart* chart, QAbstractAxis* valueAx, QAbstractAxis* catAx, double lo, double hi, double y,
                double cap) {
    auto* line = new QLineSeries;
    line->setObjectName(QStringLiteral("whisker"));
    line->append(lo, y - cap);
    line->append(lo, y + cap);
    line->append(lo, y);
    line->append(hi, y);
    line->append(hi, y + cap);
    line->append(hi, y - cap);
    QPen pen(palette::ink());
    pen.setWidthF(1.0);
    line->setPen(pen);
    chart->addSeries(line);
    line->attachAxis(valueAx);
    line->attachAxis(catAx);
    for (auto* marker : chart->legend()->markers(line))
        marker->setVisible(false);
}

// A text label anchored at a data point of `series`; it follows the point whenever the plot area
// changes (resize, export at another size). `dx` > 0: left edge at the point + dx; < 0: right edge there.
QGraphicsSimpleTextItem* annotate(QChart* chart, QAbstractSeries* series, QPointF value, const QString& text,
                                  double dx, double dy = 0) {
    auto* item = new QGraphicsSimpleTextItem(text, chart);
    item->setFont(palette::font(palette::kTickPt));
    item->setBrush(palette::ink());
    item->setData(kInkItemKey, true);
    item->setZValue(10);
    auto place = [chart, series, value, item, dx, dy] {
        const QPointF at = chart->mapToPosition(value, series) + QPointF(0, dy);
        const QRectF box = item->boundingRect();
        double x = dx >= 0 ? at.x() + dx : at.x() + dx - box.width();
        // Keep the label inside the plot: flip to the other side of the point at the right edge.
        if (dx >= 0 && x + box.width() > chart->plotArea().right()) x = at.x() - dx - box.width();
        item->setPos(x, at.y() - box.height() / 2);
    };
    QObject::connect(chart, &QChart::plotAreaChanged, chart, place);
    place();
    return item;
}

// Names the systems a plot leaves out (at most three, then "and N more"), in the plot's lower right corner —
// the expensive, low-scoring corner of a cost plot, where no Pareto-relevant point sits — so that a system
// missing from the figure is not mistaken for one filtered out. Nothing when every system is plotted.
template <typename Left>
void noteUnplotted(QChart* chart, const Analysis& a, Left leftOut, const QString& lead) {
    QStringList names;
    for (const auto& row : a.rows)
        if (leftOut(row)) names << systemName(a, row.system);
    if (names.isEmpty()) return;
    const qsizetype shown = std::min<qsizetype>(names.size(), 3);
    QString text = lead + QStringList(names.mid(0, shown)).join(QStringLiteral(", "));
    if (names.size() > shown) text += QStringLiteral(" and %1 more").arg(names.size() - shown);
    auto* item = new QGraphicsSimpleTextItem(text, chart);
    item->setFont(palette::font(palette::kTickPt));
    item->setBrush(palette::ink());
    item->setData(kInkItemKey, true);
    item->setZValue(10);
    auto place = [chart, item] {
        const QRectF plot = chart->plotArea(), box = item->boundingRect();
        item->setPos(std::max(plot.left() + 4, plot.right() - box.width() - 6),
                     plot.bottom() - box.height() - 4);
    };
    QObject::connect(chart, &QChart::plotAreaChanged, chart, place);
    place();
}

// A bar's value as text right of the bar, or right of its whisker (`reach`, the interval's upper end) so the
// interval never crosses the number.
void labelBar(QChart* chart, QAbstractSeries* series, double value, double reach, double y,
              const QString& text) {
    annotate(chart, series, QPointF(std::max(value, reach), y), text, 5);
}

// A count centred in its segment [lo, hi] of a stacked bar, in the colour that reads on `fill`; hidden when
// the segment is too narrow for it at the current size.
void labelSegment(QChart* chart, QAbstractSeries* series, double lo, double hi, double y, const QString& text,
                  const QColor& fill) {
    auto* item = new QGraphicsSimpleTextItem(text, chart);
    item->setFont(palette::font(palette::kTickPt));
    item->setBrush(palette::textOn(fill));
    item->setZValue(10);
    auto place = [chart, series, lo, hi, y, item] {
        const QPointF a = chart->mapToPosition(QPointF(lo, y), series);
        const QPointF b = chart->mapToPosition(QPointF(hi, y), series);
        const QRectF box = item->boundingRect();
        item->setVisible(b.x() - a.x() >= box.width() + 4);
        item->setPos((a.x() + b.x() - box.width()) / 2, a.y() - box.height() / 2);
    };
    QObject::connect(chart, &QChart::plotAreaChanged, chart, place);
    place();
}

QString points1(double v) {
    return QString::number(v, 'f', 1);
}

// Score charts print every bar's value in one column right of the 100 line (inside the axis headroom),
// where no interval reaches: the numbers line up like a table column and never collide with a whisker.
void labelScore(QChart* chart, QAbstractSeries* series, double y, double points) {
    annotate(chart, series, QPointF(100.0, y), points1(points), 6);
}

// Per-segment counts, and each bar's total when it has more than one segment, on a stacked count chart
// (categories bottom-to-top).
void labelStacks(QChart* chart, QHorizontalStackedBarSeries* series) {
    const int categories =
        series->barSets().isEmpty() ? 0 : static_cast<int>(series->barSets().first()->count());
    for (int c = 0; c < categories; ++c) {
        double end = 0;
        int segments = 0;
        for (QBarSet* set : series->barSets()) {
            const double v = set->at(c);
            if (v > 0) {
                labelSegment(chart, series, end, end + v, c, QString::number(v), set->color());
                ++segments;
            }
            end += v;
        }
        if (segments > 1) labelBar(chart, series, end, end, c, QString::number(end));
    }
}

// A chart of one bar series over the systems (category axis on the left) against the value axis `x`.
QChart* systemBarChart(QAbstractBarSeries* series, const QString& name, const QString& title, QValueAxis* x,
                       const QStringList& categories) {
    auto* chart = new QChart;
    chart->setObjectName(name);
    applyPaperStyle(chart, title);
    chart->addSeries(series);
    auto* y = categoryAxis(categories, QStringLiteral("systemAxis"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    return chart;
}

QChart* emptyChart(const QString& title, const QString& why) {
    auto* chart = new QChart;
    applyPaperStyle(chart, title + QStringLiteral(" — ") + why);
    return chart;
}

// One bar per system, each in its system's colour (palette::systemBrush: by identity, never by rank):
// a stacked series of one set per system holding the value in its own category and 0 elsewhere, so each
// category shows exactly one full-width bar. `bottomUp` follows systemCategories(a).
QHorizontalStackedBarSeries* systemColouredBars(const Analysis& a, const std::vector<double>& bottomUp,
                                                const QString& seriesName) {
    auto* series = new QHorizontalStackedBarSeries;
    const int n = static_cast<int>(a.rows.size());
    for (int c = 0; c < n; ++c) {
        const int system = a.rows[static_cast<std::size_t>(n - 1 - c)].system;
        auto* set = new QBarSet(systemName(a, system));
        set->setObjectName(seriesName);
        set->setProperty("systemIndex", system);
        const QBrush brush = palette::systemBrush(a, system);
        set->setBrush(brush);
        set->setBorderColor(brush.color());
        for (int k = 0; k < n; ++k)
            *set << (k == c ? bottomUp[static_cast<std::size_t>(c)] : 0.0);
        series->append(set);
    }
    return series;
}

QChart* horizontalBars(const Analysis& a, const QString& title, const QString& axisTitle,
                       const QString& setName, const std::vector<std::optional<double>>& valuesTopDown,
                       const QString& objectName, const QString& unknownNote,
                       const std::function<QString(double)>& format) {
    if (a.rows.empty()) return emptyChart(rewardsTitle(a, title), QStringLiteral("no systems"));
    std::vector<double> bottomUp;
    double maxValue = 0;
    for (int i = static_cast<int>(a.rows.size()) - 1; i >= 0; --i) {
        const auto& v = valuesTopDown[static_cast<std::size_t>(i)];
        bottomUp.push_back(v ? *v : 0.0);
        if (v) maxValue = std::max(maxValue, *v);
    }
    QStringList categories = systemCategories(a);
    auto* series = systemColouredBars(a, bottomUp, setName);
    series->setObjectName(objectName);
    series->setBarWidth(kBarWidth);
    auto* x = valueAxis(axisTitle, 0, niceMax(maxValue * 1.2), QStringLiteral("valueAxis"));
    x->applyNiceNumbers();
    x->setLabelFormat(QStringLiteral("%.3g"));
    auto* chart =
        systemBarChart(series, objectName + QStringLiteral("Chart"), rewardsTitle(a, title), x, categories);
    chart->legend()->setVisible(false);
    // An unknown value has no bar: say so in the empty bar area instead of changing the system's name.
    for (int c = 0; c < categories.size(); ++c) {
        const auto& v = valuesTopDown[static_cast<std::size_t>(categories.size() - 1 - c)];
        if (v)
            labelBar(chart, series, *v, *v, c, format(*v));
        else
            annotate(chart, series, QPointF(0, c), unknownNote, 6);
    }
    return chart;
}

} // namespace

void applyPaperStyle(QChart* chart, const QString& title) {
    chart->setTheme(QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setBackgroundBrush(Qt::white);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setTitle(title);
    chart->setTitleFont(palette::font(palette::kTitlePt, true));
    chart->setTitleBrush(palette::ink());
    chart->legend()->setFont(palette::font(palette::kLegendPt));
    chart->legend()->setLabelColor(palette::ink());
    chart->legend()->setAlignment(Qt::AlignBottom);
}

namespace {
const char* const kStyleBackground = "vernierStyleBackground";
const char* const kStyleInk = "vernierStyleInk";
const char* const kStyleGrid = "vernierStyleGrid";
const char* const kStyleMuted = "vernierStyleMuted";
const char* const kStyleDark = "vernierStyleDark";
} // namespace

ChartStyle chartStyleOf(const QChart* chart) {
    if (!chart || !chart->property(kStyleInk).isValid()) return palette::paperStyle();
    ChartStyle s;
    s.background = chart->property(kStyleBackground).value<QColor>();
    s.ink = chart->property(kStyleInk).value<QColor>();
    s.grid = chart->property(kStyleGrid).value<QColor>();
    s.muted = chart->property(kStyleMuted).value<QColor>();
    s.dark = chart->property(kStyleDark).toBool();
    return s;
}

void applyChartStyle(QChart* chart, const ChartStyle& style) {
    if (!chart) return;
    const ChartStyle old = chartStyleOf(chart);
    chart->setProperty(kStyleBackground, style.background);
    chart->setProperty(kStyleInk, style.ink);
    chart->setProperty(kStyleGrid, style.grid);
    chart->setProperty(kStyleMuted, style.muted);
    chart->setProperty(kStyleDark, style.dark);
    chart->setBackgroundBrush(style.background);
    chart->setBackgroundPen(QPen(style.background));
    chart->setTitleBrush(style.ink);
    chart->legend()->setLabelColor(style.ink);
    chart->legend()->setBrush(Qt::NoBrush);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(style.ink);
        axis->setTitleBrush(style.ink);
        axis->setGridLineColor(style.grid);
        axis->setLinePenColor(style.ink);
    }
    for (QAbstractSeries* series : chart->series()) {
        if (auto* line = qobject_cast<QLineSeries*>(series); line && !qobject_cast<QScatterSeries*>(series)) {
            QPen pen = line->pen();
            if (line->objectName() == QLatin1String("diagonal"))
                pen.setColor(style.muted);
            else if (pen.color() == old.ink)
                pen.setColor(style.ink);
            line->setPen(pen);
        } else if (auto* scatter = qobject_cast<QScatterSeries*>(series)) {
            if (scatter->borderColor() == old.ink) scatter->setBorderColor(style.ink);
        } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
            for (QBarSet* set : bars->barSets())
                if (set->property(kSeparatorBorder).toBool()) set->setBorderColor(style.background);
        }
    }
    for (QGraphicsItem* item : chart->childItems())
        if (item->data(kInkItemKey).toBool())
            if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item)) text->setBrush(style.ink);
}

double groupedBarCenter(int category, int set, int setCount, double barWidth) {
    const double each = barWidth / setCount;
    return category - barWidth / 2.0 + (set + 0.5) * each;
}

std::vector<int> paretoFrontier(const std::vector<double>& costs, const std::vector<double>& scores) {
    std::vector<int> order(costs.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        if (costs[x] != costs[y]) return costs[x] < costs[y];
        return scores[x] > scores[y];
    });
    std::vector<int> frontier;
    double best = -std::numeric_limits<double>::infinity();
    for (int i : order) {
        if (scores[static_cast<std::size_t>(i)] > best) {
            frontier.push_back(i);
            best = scores[static_cast<std::size_t>(i)];
        }
    }
    return frontier;
}

QChart* buildOverallChart(const Analysis& a) {
    const QString title = rewardsTitle(a, QStringLiteral("Overall score with 95% bootstrap interval"));
    if (a.rows.empty()) return emptyChart(title, QStringLiteral("no systems"));
    std::vector<double> bottomUp;
    for (auto it = a.rows.rbegin(); it != a.rows.rend(); ++it)
        bottomUp.push_back(it->summary.overall * 100.0);
    auto* series = systemColouredBars(a, bottomUp, QStringLiteral("Overall"));
    series->setObjectName(QStringLiteral("overallSeries"));
    series->setBarWidth(0.6);
    auto* x = scoreAxis(QStringLiteral("Overall score (points)"));
    auto* chart = systemBarChart(series, QStringLiteral("overallChart"), title, x, systemCategories(a));
    auto* y = chart->axes(Qt::Vertical).constFirst();
    const int n = static_cast<int>(a.rows.size());
    for (int i = 0; i < n; ++i) {
        const auto& s = a.rows[static_cast<std::size_t>(n - 1 - i)].summary;
        addWhisker(chart, x, y, s.ci95.lo * 100.0, s.ci95.hi * 100.0, i, 0.15);
        labelScore(chart, series, i, s.overall * 100.0);
    }
    chart->legend()->setVisible(false);
    return chart;
}

QChart* buildWorkflowChart(const Analysis& a) {
    const QString title = rewardsTitle(a, QStringLiteral("Mean reward per workflow (95% interval)"));
    if (a.rows.empty()) return emptyChart(title, QStringLiteral("no systems"));
    auto* series = new QHorizontalBarSeries;
    series->setObjectName(QStringLiteral("workflowSeries"));
    series->setBarWidth(kBarWidth);
    // Sets in reverse so that, read top-down inside a group, the order is creation, edit, image.
    std::vector<Workflow> order(kWorkflows.rbegin(), kWorkflows.rend());
    for (Workflow w : order) {
        auto* set = new QBarSet(QString::fromUtf8(workflowTitle(w)));
        set->setObjectName(QString::fromUtf8(workflowKey(w)));
        set->setColor(palette::workflowColor(QString::fromUtf8(workflowKey(w))));
        set->setBorderColor(set->color());
        for (auto it = a.rows.rbegin(); it != a.rows.rend(); ++it)
            *set << it->summary.perWorkflow[static_cast<std::size_t>(w)].value_or(0.0) * 100.0;
        series->append(set);
    }
    // A workflow no system has a value for (filtered out) gets no "no tasks" notes.
    std::array<bool, 3> workflowShown{};
    for (const auto& row : a.rows)
        for (std::size_t w = 0; w < 3; ++w)
            workflowShown[w] = workflowShown[w] || row.summary.perWorkflow[w].has_value();
    auto* x = scoreAxis(QStringLiteral("Mean reward (points)"));
    auto* chart = systemBarChart(series, QStringLiteral("workflowChart"), title, x, systemCategories(a));
    auto* y = chart->axes(Qt::Vertical).constFirst();
    const int n = static_cast<int>(a.rows.size());
    for (int i = 0; i < n; ++i) {
        const auto& row = a.rows[static_cast<std::size_t>(n - 1 - i)];
        for (int j = 0; j < 3; ++j) {
            const auto w = static_cast<std::size_t>(order[static_cast<std::size_t>(j)]);
            const auto& ci = row.workflowCi95[w];
            const double centre = groupedBarCenter(i, j, 3, kBarWidth);
            if (ci) addWhisker(chart, x, y, ci->lo * 100.0, ci->hi * 100.0, centre, kBarWidth / 3 * 0.3);
            if (const auto& v = row.summary.perWorkflow[w])
                labelScore(chart, series, centre, *v * 100.0);
            else if (workflowShown[w])
                annotate(chart, series, QPointF(0, centre), QStringLiteral("no tasks"), 5);
        }
    }
    // Legend in reading order.
    const auto markers = chart->legend()->markers(series);
    chart->legend()->setReverseMarkers(true);
    Q_UNUSED(markers);
    return chart;
}

// A horizontal stacked chart of counts per system (the failure views), systems on the vertical axis.
static QChart* stackedCountChart(QHorizontalStackedBarSeries* series, const QString& name,
                                 const QString& title, const QString& countTitle, int maxTotal,
                                 const Analysis& a) {
    QChart* chart = systemBarChart(series, name, title, countAxis(countTitle, maxTotal), systemCategories(a));
    labelStacks(chart, series);
    return chart;
}

QChart* buildZeroTaxonomyChart(const Analysis& a) {
    const QString title = rewardsTitle(a, QStringLiteral("Zero-reward tasks by failure category"));
    if (a.rows.empty()) return emptyChart(title, QStringLiteral("no systems"));
    auto* series = new QHorizontalStackedBarSeries;
    series->setObjectName(QStringLiteral("zeroSeries"));
    series->setBarWidth(0.7);
    int maxTotal = 0;
    for (const auto& row : a.rows) {
        int total = 0;
        for (ZeroCategory c : kZeroCategories)
            total += row.zeros.counts.count(c) ? row.zeros.counts.at(c) : 0;
        maxTotal = std::max(maxTotal, total);
    }
    for (ZeroCategory c : kZeroCategories) {
        const QString key = QString::fromUtf8(zeroCategoryKey(c));
        auto* set = new QBarSet(QString::fromUtf8(zeroCategoryTitle(c)));
        set->setObjectName(key);
        set->setColor(palette::zeroCategoryColor(key));
        set->setBorderColor(Qt::white);
        set->setProperty(kSeparatorBorder, true);
        for (auto it = a.rows.rbegin(); it != a.rows.rend(); ++it)
            *set << (it->zeros.counts.count(c) ? it->zeros.counts.at(c) : 0);
        series->append(set);
    }
    QChart* chart = stackedCountChart(series, QStringLiteral("zeroChart"), title,
                                      QStringLiteral("Zero-reward tasks (count)"), maxTotal, a);
    // Six long category names: listed down the right side, where a single-column figure has room for them
    // all (a bottom row would elide them).
    chart->legend()->setAlignment(Qt::AlignRight);
    return chart;
}

QChart* buildGateChart(const Analysis& a) {
    const QString title = rewardsTitle(a, QStringLiteral("Geometry zeros by gate"));
    std::map<std::string, int> gateTotals;
    for (const auto& row : a.rows)
        for (const auto& [gate, n] : row.zeros.gates)
            gateTotals[gate] += n;
    if (a.rows.empty() || gateTotals.empty()) return emptyChart(title, QStringLiteral("no geometry zeros"));
    auto* series = new QHorizontalStackedBarSeries;
    series->setObjectName(QStringLiteral("gateSeries"));
    series->setBarWidth(0.7);
    int maxTotal = 0;
    for (const auto& row : a.rows) {
        int total = 0;
        for (const auto& [gate, n] : row.zeros.gates)
            total += n;
        maxTotal = std::max(maxTotal, total);
    }
    for (const auto& [gate, total] : gateTotals) {
        const QString key = qs(gate);
        auto* set =
            new QBarSet(key == QLatin1String("none") ? QStringLiteral("no gate (low similarity)") : key);
        set->setObjectName(key);
        set->setColor(palette::gateColor(key));
        set->setBorderColor(Qt::white);
        set->setProperty(kSeparatorBorder, true);
        for (auto it = a.rows.rbegin(); it != a.rows.rend(); ++it)
            *set << (it->zeros.gates.count(gate) ? it->zeros.gates.at(gate) : 0);
        series->append(set);
    }
    return stackedCountChart(series, QStringLiteral("gateChart"), title,
                             QStringLiteral("Geometry-zero tasks (count)"), maxTotal, a);
}

QChart* buildCostScatterChart(const Analysis& a) {
    const QString title = rewardsTitle(a, QStringLiteral("Score vs API cost (Pareto frontier dashed)"));
    std::vector<double> costs, scores;
    std::vector<const SystemRow*> known;
    for (const auto& row : a.rows) {
        if (!row.summary.costUsd) continue;
        known.push_back(&row);
        costs.push_back(*row.summary.costUsd);
        scores.push_back(row.summary.overall * 100.0);
    }
    if (known.empty()) return emptyChart(title, QStringLiteral("no system reports cost"));
    auto* chart = new QChart;
    chart->setObjectName(QStringLiteral("costChart"));
    applyPaperStyle(chart, title);
    const double maxCost = *std::max_element(costs.begin(), costs.end());
    auto* x =
        valueAxis(QStringLiteral("Total API cost (USD)"), 0, niceMax(maxCost), QStringLiteral("costAxis"));
    x->applyNiceNumbers();
    x->setLabelFormat(QStringLiteral("%.4g"));
    auto* y = valueAxis(QStringLiteral("Overall score (points)"), 0, 100, QStringLiteral("scoreAxis"));
    y->setTickCount(6);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const auto frontier = paretoFrontier(costs, scores);
    auto* line = new QLineSeries;
    line->setName(QStringLiteral("Pareto frontier"));
    line->setObjectName(QStringLiteral("paretoFrontier"));
    for (int i : frontier)
        line->append(costs[static_cast<std::size_t>(i)], scores[static_cast<std::size_t>(i)]);
    QPen pen(palette::ink());
    pen.setStyle(Qt::DashLine);
    pen.setWidthF(1.0);
    line->setPen(pen);
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
    static const QScatterSeries::MarkerShape kShapes[] = {QScatterSeries::MarkerShapeCircle,
                                                          QScatterSeries::MarkerShapeRectangle,
                                                          QScatterSeries::MarkerShapeTriangle};
    for (std::size_t i = 0; i < known.size(); ++i) {
        // Colours by identity (palette::systemColor), the same in every chart and export; the shape changes
        // with each palette cycle so more systems than colours stay apart.
        const int system = known[i]->system;
        const int slot = a.colourSlot(system);
        auto* s = new QScatterSeries;
        s->setName(systemName(a, system));
        s->setObjectName(QStringLiteral("system"));
        s->setProperty("systemIndex", system);
        s->setColor(palette::systemColor(a, system));
        s->setBorderColor(palette::ink());
        s->setMarkerShape(kShapes[(slot / palette::kCategoricalCount) % 3]);
        s->setMarkerSize(9);
        s->append(costs[i], scores[i]);
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        // Name next to the point so the figure reads without matching legend colours. The frontier leaves a
        // point on it towards the upper right (more cost, more score): the names of those points sit just
        // below their marker's middle, where the dashed line does not cross them.
        const bool lineLeavesRight =
            std::find(frontier.begin(), frontier.end(), static_cast<int>(i)) < frontier.end() - 1;
        annotate(chart, s, QPointF(costs[i], scores[i]), s->name(), 8, lineLeavesRight ? 6 : 0);
    }
    noteUnplotted(
        chart, a, [](const SystemRow& row) { return !row.summary.costUsd; },
        QStringLiteral("Not plotted, cost unknown: "));
    chart->legend()->setAlignment(Qt::AlignRight);
    return chart;
}

QChart* buildCostPerPointChart(const Analysis& a) {
    std::vector<std::optional<double>> values;
    for (const auto& row : a.rows)
        values.push_back(row.summary.costPerPoint);
    return horizontalBars(a, QStringLiteral("Cost per score point"),
                          QStringLiteral("Cost per point (USD / point)"), QStringLiteral("Cost per point"),
                          values, QStringLiteral("costPerPoint"), QStringLiteral("cost unknown"),
                          [](double v) { return QStringLiteral("$") + QString::number(v, 'f', 2); });
}

QChart* buildDurationChart(const Analysis& a) {
    std::vector<std::optional<double>> values;
    for (const auto& row : a.rows)
        values.push_back(row.summary.meanDurationMin);
    return horizontalBars(a, QStringLiteral("Mean trial duration"), QStringLiteral("Mean duration (minutes)"),
                          QStringLiteral("Mean duration"), values, QStringLiteral("duration"),
                          QStringLiteral("duration unknown"),
                          [](double v) { return QString::number(v, 'f', 1) + QStringLiteral(" min"); });
}

QChart* buildCompareScatterChart(const Analysis& a, int systemA, int systemB) {
    const QString title = rewardsTitle(a, QStringLiteral("Per-task reward"));
    if (!a.set || systemA < 0 || systemB < 0 || systemA >= static_cast<int>(a.set->systems.size()) ||
        systemB >= static_cast<int>(a.set->systems.size()))
        return emptyChart(title, QStringLiteral("choose two systems"));
    const QString labelA = systemName(a, systemA);
    const QString labelB = systemName(a, systemB);
    auto* chart = new QChart;
    chart->setObjectName(QStringLiteral("compareChart"));
    applyPaperStyle(chart, title);
    auto* x = valueAxis(labelA + QStringLiteral(" (points)"), -4, 104, QStringLiteral("axisA"));
    auto* y = valueAxis(labelB + QStringLiteral(" (points)"), -4, 104, QStringLiteral("axisB"));
    // Padded so markers at 0 and 100 are drawn whole; ticks stay on multiples of 20.
    for (QValueAxis* axis : {x, y}) {
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        axis->setTickInterval(20);
    }
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    auto* diagonal = new QLineSeries;
    diagonal->setName(QStringLiteral("A = B"));
    diagonal->setObjectName(QStringLiteral("diagonal"));
    diagonal->append(0, 0);
    diagonal->append(100, 100);
    QPen pen(palette::paperStyle().muted);
    pen.setStyle(Qt::DashLine);
    diagonal->setPen(pen);
    chart->addSeries(diagonal);
    diagonal->attachAxis(x);
    diagonal->attachAxis(y);
    static const QScatterSeries::MarkerShape kShapes[] = {QScatterSeries::MarkerShapeCircle,
                                                          QScatterSeries::MarkerShapeRectangle,
                                                          QScatterSeries::MarkerShapeTriangle};
    // Tasks on the same point (rewards equal to 0.01 points) are one marker; its count is written beside
    // it ("×3"), so a pile of 0/0 tasks is not mistaken for one task.
    using Point = std::pair<long long, long long>; // rewards in 1/100 points
    std::array<std::map<Point, int>, 3> counts;
    std::array<std::vector<Point>, 3> order;
    std::map<Point, int> workflowsAt; // how many workflows have a marker on the point
    for (int task : a.tasks) {
        const auto w = static_cast<std::size_t>(a.set->tasks[static_cast<std::size_t>(task)].workflow);
        const auto ra = a.set->selectedReward(systemA, task);
        const auto rb = a.set->selectedReward(systemB, task);
        if (!ra || !rb) continue;
        const Point key{std::llround(*ra * 10000.0), std::llround(*rb * 10000.0)};
        if (counts[w][key]++ == 0) {
            order[w].push_back(key);
            ++workflowsAt[key];
        }
    }
    std::map<Point, int> labelled; // counts already written at a point (stacked downwards)
    for (Workflow w : kWorkflows) {
        const auto wi = static_cast<std::size_t>(w);
        auto* s = new QScatterSeries;
        s->setName(QString::fromUtf8(workflowTitle(w)));
        s->setObjectName(QString::fromUtf8(workflowKey(w)));
        s->setColor(palette::workflowColor(QString::fromUtf8(workflowKey(w))));
        s->setBorderColor(palette::ink());
        s->setMarkerShape(kShapes[static_cast<int>(w)]);
        s->setMarkerSize(7);
        for (const Point& key : order[wi])
            s->append(key.first / 100.0, key.second / 100.0);
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        for (const Point& key : order[wi]) {
            const int n = counts[wi].at(key);
            // Several workflows on one point: each count gets its line, prefixed by the workflow's marker.
            const bool shared = workflowsAt.at(key) > 1;
            if (n < 2 && !shared) continue;
            static const QString kMarkerGlyph[] = {QStringLiteral("●"), QStringLiteral("■"),
                                                   QStringLiteral("▲")}; // the series' marker shapes
            const QString text =
                (shared ? kMarkerGlyph[wi] + QLatin1Char(' ') : QString()) + QStringLiteral("×%1").arg(n);
            const int line = labelled[key]++;
            annotate(chart, s, QPointF(key.first / 100.0, key.second / 100.0), text, 6, line * 9.0);
        }
    }
    return chart;
}

} // namespace vernier::ui
