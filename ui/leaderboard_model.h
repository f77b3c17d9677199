#pragma once
// Table model of the leaderboard: one row per system of the snapshot, in leaderboard order.
#include <QAbstractTableModel>
#include <memory>

#include "ui/analysis.h"

namespace vernier::ui {

class LeaderboardModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Rank,
        System,
        Overall,
        Ci95,
        Creation,
        CreateAndEdit,
        ImageToCad,
        Perfect,
        Zero,
        Cost,
        CostPerPoint,
        Duration,
        Trials,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numeric value; unknown sorts below every known value
        SystemIndexRole,             // index into ResultSet::systems
    };

    explicit LeaderboardModel(QObject* parent = nullptr);
    void setAnalysis(std::shared_ptr<const Analysis> analysis);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bool submissionDiffers(const SystemId& system) const; // a submission manifest declares other figures
    std::shared_ptr<const Analysis> analysis_;
};

} // namespace vernier::ui
