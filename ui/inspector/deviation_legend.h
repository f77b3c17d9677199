#pragma once
// Beside the deviation view: the colour bar (mm, symmetric range), the share of the candidate's surface
// area in each of 11 deviation bands (text and log-scale bar), and the max / RMS figures.
#include <memory>

#include <QWidget>

#include "viewers/colour_map.h"
#include "viewers/deviation.h"

namespace vernier::ui {

using viewers::DeviationField;
using viewers::DivergingColourMap;

class DeviationLegend : public QWidget {
    Q_OBJECT
public:
    explicit DeviationLegend(QWidget* parent = nullptr);
    void setField(std::shared_ptr<const DeviationField> field, const DivergingColourMap& map);
    void setColourMap(const DivergingColourMap& map);
    void setBusy(const QString& message); // while the field is being computed
    QSize sizeHint() const override { return {200, 420}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::shared_ptr<const DeviationField> field_;
    DeviationHistogram histogram_;
    DivergingColourMap map_;
    QString busy_;
};

} // namespace vernier::ui
