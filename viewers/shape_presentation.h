// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// AIS presentations of the inspector: shaded B-reps with edges, edges alone, and the deviation-
// coloured candidate triangulation. Shared by the live views and the offscreen renderer.
#include <memory>
#include <vector>

#include <AIS_ColoredShape.hxx>
#include <AIS_InteractiveObject.hxx>
#include <AIS_Shape.hxx>
#include <Eigen/Core>
#include <QColor>
#include <Quantity_Color.hxx>
#include <TopoDS_Shape.hxx>
#include <gp_Trsf.hxx>

#include "viewers/colour_map.h"
#include "viewers/deviation.h"

namespace vernier::viewers {

// Okabe-Ito blue and orange: distinct for every common form of colour blindness.
QColor referenceColour();
QColor candidateColour();
Quantity_Color toOcct(const QColor& c);
// Faces with no counterpart on the other part: reference-only faces reddish purple, candidate-only faces
// bluish green (Okabe-Ito; both stand apart from the blue and orange parts).
QColor referenceOnlyColour();
QColor candidateOnlyColour();

// p -> R p + t as an OCCT transformation (R must be a rotation).
gp_Trsf toTrsf(const Eigen::Matrix3d& R, const Eigen::Vector3d& t);

// Shaded with black B-rep edges; transparency in [0, 1] (0 = opaque).
Handle(AIS_ColoredShape)
    makeShadedShape(const TopoDS_Shape& shape, const QColor& colour, double transparency = 0);

// Meshes `shape` as a presentation of makeShadedShape meshes it when first displayed (OCCT's default
// deflection), so that display finds the triangulation made. Displaying meshes on the GUI thread; a part with
// thousands of faces or a polygon of thousands of sides takes seconds there, so callers mesh ahead on a
// worker thread, before the shape is shared.
void tessellateForDisplay(const TopoDS_Shape& shape);

// Paints the faces of `shape` with these indices (0-based, TopExp face map order) opaque in `colour`.
void markFaces(const Handle(AIS_ColoredShape) & prs, const TopoDS_Shape& shape, const std::vector<int>& faces,
               const QColor& colour);

// The shape's edges only, as lines (draws over the deviation colours).
Handle(AIS_Shape) makeEdgeLines(const TopoDS_Shape& shape, const QColor& colour = Qt::black);

// The candidate surface coloured per vertex by signed deviation; the range can be changed later
// (call setColourMap, then the context's Redisplay).
class DeviationPresentation : public AIS_InteractiveObject {
    DEFINE_STANDARD_RTTI_INLINE(DeviationPresentation, AIS_InteractiveObject)
public:
    DeviationPresentation(std::shared_ptr<const DeviationField> field, const DivergingColourMap& map);
    void setColourMap(const DivergingColourMap& map);
    const DeviationField& field() const { return *field_; }

    bool AcceptDisplayMode(const Standard_Integer mode) const override { return mode == 0; }

protected:
    void Compute(const Handle(PrsMgr_PresentationManager) & manager, const Handle(Prs3d_Presentation) & prs,
                 const Standard_Integer mode) override;
    void ComputeSelection(const Handle(SelectMgr_Selection) &, const Standard_Integer) override {}

private:
    std::shared_ptr<const DeviationField> field_;
    DivergingColourMap map_;
};

} // namespace vernier::viewers
