// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
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

// Decimals of the band limits for a symmetric range ±`range` mm cut into `bins` bands: enough that two
// neighbouring limits never print the same (one significant digit of a band's width), at least 0.
int deviationLabelDecimals(double range, int bins);
// A band limit in mm with a sign ("+0.0005", "−" as "-", exactly 0 as "0") at the decimals above.
QString deviationLimitText(double value, double range, int bins);
// The label of band `band` (0 = most negative) of `bins`: "≤ -0.0008", "-0.0008 … -0.0006", "≥ +0.0008".
QString deviationBandText(int band, double range, int bins);

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
