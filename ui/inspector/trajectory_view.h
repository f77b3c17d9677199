// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The trial inspector's "Trajectory" tab: an ATIF trajectory (models/atif_trajectory.h) as a header with
// the agent and the totals, a lazily paged step list with subagent trajectories as expandable children,
// and the selected step's message, reasoning, tool calls and observations. Anything that is not ATIF is
// shown as read-only text.
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include <QAbstractItemModel>
#include <QFutureWatcher>
#include <QWidget>

#include "models/atif_trajectory.h"

class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QTextBrowser;
class QTreeView;

namespace vernier::ui {

// Rows: the steps of a trajectory (fetched 200 at a time through canFetchMore/fetchMore), then one row
// per subagent trajectory, whose children are its own steps and subagents.
class TrajectoryStepModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        StepColumn,
        SourceColumn,
        TimeColumn,
        PreviewColumn,
        TokensColumn,
        CostColumn,
        ColumnCount
    };
    enum Role { KindRole = Qt::UserRole + 1 }; // "step" | "subagent"
    static constexpr std::size_t kPageSize = 200;

    explicit TrajectoryStepModel(QObject* parent = nullptr);
    ~TrajectoryStepModel() override;

    void setTrajectory(const AtifTrajectory& trajectory); // an ok() trajectory, or an empty one
    const AtifTrajectory& trajectory() const { return trajectory_; }

    // A step row: its trajectory node and index in that node's steps. A subagent row: that subagent.
    const AtifIndex* trajectoryAt(const QModelIndex& index) const;
    std::optional<std::size_t> stepAt(const QModelIndex& index) const;
    bool isSubagent(const QModelIndex& index) const;
    // Steps fetched so far under `parent` (the root when invalid).
    std::size_t fetchedSteps(const QModelIndex& parent = {}) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row; // what a fetched step row shows
    struct Node;
    Node* nodeOf(const QModelIndex& index) const; // the trajectory node a row opens (null for step rows)

    AtifTrajectory trajectory_;
    std::unique_ptr<Node> root_;
};

// The whole tab: header, step list, details; or the text fallback.
class TrajectoryView : public QWidget {
    Q_OBJECT
public:
    explicit TrajectoryView(QWidget* parent = nullptr);
    ~TrajectoryView() override; // cancels and waits for a running index pass

    // Indexes the file off the GUI thread; loaded() follows. usageNote: an extra header line (e.g. that
    // the trial's usage was taken from this trajectory's final_metrics).
    void showFile(const FileRef& file, const QString& usageNote = {});
    // An already indexed trajectory (a non-ATIF or unreadable one falls back to its text).
    void setTrajectory(const AtifTrajectory& trajectory, const QString& usageNote = {});
    void showMessage(const QString& text);
    bool loading() const; // between showFile() and loaded()

    // For the inspector and tests.
    TrajectoryStepModel* model() const { return model_; }
    QTreeView* stepView() const { return tree_; }
    QString headerText() const;  // the header as plain text
    QString detailsText() const; // the details pane as plain text
    bool showingText() const;    // the read-only text fallback (or a message) is shown
    QString text() const;        // the fallback's text

    // Largest part of a non-ATIF file shown as text.
    static constexpr qint64 kTextLimit = 16 << 20;

signals:
    void loaded();

private:
    struct Loaded;
    void apply(const Loaded& result);
    void showDetails(const QModelIndex& index);
    void cancelLoad();

    QLabel* header_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    QTreeView* tree_ = nullptr;
    QTextBrowser* details_ = nullptr;
    QPlainTextEdit* text_ = nullptr;
    TrajectoryStepModel* model_ = nullptr;
    QString usageNote_;
    QString overview_; // details shown when no row is selected
    int generation_ = 0;
    bool pending_ = false; // showFile() is indexing; loaded() follows
    std::shared_ptr<std::atomic<bool>> cancel_;
    QFutureWatcher<std::shared_ptr<Loaded>> watcher_;
};

} // namespace vernier::ui
