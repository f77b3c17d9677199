// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Features per docs/scoring.md §3 on the stored shape of the scored Body (world coordinates: the
// stored Body shape already carries the Body placement).
#include "scoring/measure_document.h"

#include <cmath>
#include <optional>

#include <GProp_GProps.hxx>
#include <Standard_Failure.hxx>
#include <TopExp.hxx>
#include <TopExp_Explorer.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>

#include "scoring/errors.h"
#include "scoring/obb.h"
#include "scoring/obb_estimate.h"
#include "scoring/principal_moments.h"
#include "scoring/structural_gates.h"
#include "scoring/surface_types.h"

namespace vernier {

GeometryFeatures measureShape(const TopoDS_Shape& shape, const MeasureOptions& opts,
                              std::vector<FaceSample>* faces, const ShapeIntegrals* knownIntegrals) {
    if (shape.IsNull()) throw MeasurementError("empty BREP shape");
    GeometryFeatures f;
    try {
        TopTools_IndexedMapOfShape faceMap, vertexMap, solidMap;
        TopExp::MapShapes(shape, TopAbs_FACE, faceMap);
        TopExp::MapShapes(shape, TopAbs_VERTEX, vertexMap);
        TopExp::MapShapes(shape, TopAbs_SOLID, solidMap);
        f.nFaces = faceMap.Extent();
        f.nVertices = vertexMap.Extent();
        f.solidCount = solidMap.Extent();

        std::optional<ShapeIntegrals> computed;
        if (!knownIntegrals) computed = integrateShape(shape);
        const ShapeIntegrals& integrals = knownIntegrals ? *knownIntegrals : *computed;
        if (static_cast<int>(integrals.faces.size()) != f.nFaces)
            throw MeasurementError("face integrals do not match the shape");
        const GProp_GProps& volumeProps = integrals.volume;
        f.volume = volumeProps.Mass();
        if (!(f.volume > 0) || !std::isfinite(f.volume))
            throw MeasurementError("expected a positive-volume solid");
        const gp_Pnt com = volumeProps.CentreOfMass();
        f.centreOfMass = {com.X(), com.Y(), com.Z()};

        // One surface integration per unique face gives its area, centroid and type.
        std::vector<double> faceArea(static_cast<std::size_t>(f.nFaces) + 1, 0.0);
        if (faces) faces->clear();
        for (int i = 1; i <= f.nFaces; ++i) {
            const TopoDS_Face& face = TopoDS::Face(faceMap(i));
            const GProp_GProps& props = integrals.faces[static_cast<std::size_t>(i - 1)];
            faceArea[i] = props.Mass();
            const std::string type = surfaceTypeName(face);
            f.surfaceAreaByType[type] += faceArea[i];
            if (faces) {
                const gp_Pnt c = props.CentreOfMass();
                faces->push_back({Eigen::Vector3d(c.X(), c.Y(), c.Z()), faceArea[i], type});
            }
        }
        // shape.Area sums every face the explorer visits (a face shared twice counts twice).
        for (TopExp_Explorer ex(shape, TopAbs_FACE); ex.More(); ex.Next())
            f.area += faceArea[faceMap.FindIndex(ex.Current())];

        f.principalMomentsNormalized = normalizedPrincipalMoments(volumeProps);
        const double deflection = obbDeflection(f.volume);
        if (opts.exactObb) {
            f.obbSorted = obbDims(shape, deflection);
            f.obbExact = true;
        } else {
            // The estimate carries the deflection its mesh actually reached, which bounds its error
            // against the spec's OBB (geometry_scorer.cpp obbMargin).
            const ObbEstimate e = estimateObb(shape, f.volume);
            f.obbSorted = e.dims;
            f.obbCoarseDeflection = e.deflection;
            f.obbExact = e.exact;
        }
    } catch (const Standard_Failure& e) {
        throw MeasurementError(std::string("OCCT failure: ") +
                               (e.GetMessageString() ? e.GetMessageString() : "?"));
    }
    return f;
}

MeasuredDocument measureDocument(FcDocument doc, DocumentRole role, const MeasureOptions& opts) {
    MeasuredDocument md;
    md.document = std::move(doc);
    md.role = role;
    const FcDocument& d = md.document;
    StructuralCheck check = checkStructure(d, role, opts.maxFacesBeforeMeshing,
                                           opts.shapeWhenGated ? CensusUse::Never : CensusUse::WhenLarge);
    md.scoredBody = std::move(check.scoredBody);
    md.gate = std::move(check.gate);
    // The complexity gate from the census, when the gates read one: the shape is not needed.
    if (!md.gate && check.scoredBodyFaces)
        md.gate = complexityGate(*check.scoredBodyFaces, role, opts.maxFacesBeforeMeshing);
    const FcObject* body = d.find(md.scoredBody);
    if (md.gate && !opts.shapeWhenGated) return md;
    if (body) md.shape = body->shape();
    if (md.gate) return md;

    TopTools_IndexedMapOfShape faceMap;
    TopExp::MapShapes(md.shape, TopAbs_FACE, faceMap);
    md.gate = complexityGate(faceMap.Extent(), role, opts.maxFacesBeforeMeshing);
    if (md.gate) return md;

    try {
        md.features = measureShape(md.shape, opts, &md.faces,
                                   check.scoredBodyIntegrals ? &*check.scoredBodyIntegrals : nullptr);
    } catch (const MeasurementError& e) {
        throw MeasurementError(std::string(roleWord(role)) + " model '" + d.fileName + "': " + e.what());
    }
    return md;
}

} // namespace vernier
