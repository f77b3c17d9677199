# Prompt and spec texts of the sample tasks (pure Python; used by assemble_results.py).
import json

import plan

DESCRIPTIONS = {
    "mounting-plate": "A flat rectangular mounting plate with four clearance holes for M6 screws, one near each corner. "
                      "The holes are symmetric about both centre lines and go through the full thickness.",
    "flanged-bushing": "A flanged bushing: a cylindrical shank with a through bore and a wider flange at one end. "
                       "Shank, flange and bore are coaxial.",
    "stepped-shaft": "A stepped drive shaft with three coaxial cylindrical sections (large, middle, small) and a "
                     "flat-bottomed keyway milled into the middle section, centred along its length.",
    "spacer-ring": "A spacer ring with three equally spaced through holes for M3 screws on a pitch circle; the ring "
                   "is thicker than the original spacer.",
    "l-bracket": "An L-shaped mounting bracket with a fillet on the inner bend and two clearance holes in the base "
                 "leg, symmetric about the bracket's mid-plane.",
    "cover-plate": "A longer cover plate with two end holes and a central rectangular window cut through the plate.",
    "clevis": "A clevis: a base block with two parallel lugs forming a slot, a cross hole through both lugs for the "
              "pin, and a through hole in the base between the lugs.",
    "bolt-flange": "A hubbed bolt flange: a circular flange with a raised hub, a central through bore and a ring of "
                   "equally spaced bolt holes through the flange.",
    "bearing-block": "A rectangular bearing block with a horizontal through bore and two vertical mounting holes.",
}
BASE_DESCRIPTIONS = {
    "spacer-ring": "A plain spacer ring (washer-like) with a concentric through bore.",
    "l-bracket": "A plain L-shaped bracket of constant thickness: a horizontal base leg and a vertical upright.",
    "cover-plate": "A rectangular cover plate with one clearance hole near each end, on the long centre line.",
}
CONDITIONS = {
    "spacer-ring": "Keep the outer and inner diameters of the base part. Increase the thickness to the new value. "
                   "Add the three holes equally spaced, the first on the +Y axis.",
    "l-bracket": "Keep the leg lengths, thickness and width of the base part. Fillet only the inner bend edge. "
                 "The holes go through the base leg, 40 mm from the back face.",
    "cover-plate": "Extend the plate symmetrically so that the end holes stay 15 mm from the ends. Cut a 40 x 20 mm "
                   "rectangular window through the centre of the plate, edges parallel to the plate edges.",
}
NAMES = {t["slug"]: t["title"] for t in plan.TASKS}


def param_lines(spec_rows):
    out = []
    for k, v, u in spec_rows:
        if v is None:
            continue
        out.append("- %s = %s%s" % (k, ("%g" % v) if isinstance(v, float) else v, (" " + u) if u else ""))
    return "\n".join(out)


def spec_json(task):
    d = {"name": NAMES[task["slug"]], "description": DESCRIPTIONS[task["slug"]],
         "key_parameters": param_lines(task["spec"](task["params"]))}
    if task["workflow"] == "create_and_edit":
        d["base_description"] = BASE_DESCRIPTIONS[task["slug"]]
        d["base_key_parameters"] = param_lines(task["base_spec"](task["base_params"]))
        d["conditions"] = CONDITIONS[task["slug"]]
    return json.dumps(d, indent=2, ensure_ascii=False) + "\n"


def task_toml(task):
    return ('version = "1.0"\n\n[metadata]\nworkflow = "%s"\ncategory = "%s"\ndifficulty = "%s"\ntags = [%s]\n'
            'author_name = "Parametric CAD Bench"\n\n[agent]\ntimeout_sec = 2400.0\n\n[verifier]\ntimeout_sec = 900.0\n\n'
            '[environment]\ncpus = 2\nmemory_mb = 4096\n'
            % (task["workflow"], task["category"], task["difficulty"], ", ".join('"%s"' % t for t in task["tags"])))


COMMON_RULES = """## Modelling rules

- Use FreeCAD's PartDesign workbench: exactly one `PartDesign::Body` that produces exactly one solid.
- Build an editable feature tree (sketches, pads, pockets, holes, revolutions, fillets, patterns).
  Do not import meshes or STEP files, and do not assign pre-computed shapes to features.
- Units are millimetres. Place the part near the origin; orientation is free.
- FreeCAD 1.1 is installed; run scripts with `freecadcmd`.
"""


def instruction_md(task):
    slug, wf = task["slug"], task["workflow"]
    title = NAMES[slug]
    if wf == "creation":
        return ("# %s\n\nCreate a parametric FreeCAD model of the following part.\n\n%s\n\n## Parameters\n\n%s\n\n%s\n"
                "## Output\n\nSave the document as `/app/answer.FCStd`.\n"
                % (title, DESCRIPTIONS[slug], param_lines(task["spec"](task["params"])), COMMON_RULES))
    if wf == "create_and_edit":
        return ("# %s (create, then edit)\n\nThis task has two stages. Both documents are graded.\n\n"
                "## Stage 1: create\n\n%s\n\n%s\n\nSave the document as `/app/answer_base.FCStd`.\n\n"
                "## Stage 2: edit\n\nStarting from your stage-1 model, change it into: %s\n\n%s\n\n%s\n\n"
                "Save the edited document as `/app/answer_edit.FCStd` (keep `answer_base.FCStd` unchanged).\n\n%s"
                % (title, BASE_DESCRIPTIONS[slug], param_lines(task["base_spec"](task["base_params"])),
                   DESCRIPTIONS[slug][0].lower() + DESCRIPTIONS[slug][1:], param_lines(task["spec"](task["params"])),
                   CONDITIONS[slug], COMMON_RULES))
    return ("# %s from a drawing\n\nThe engineering drawing `/app/drawing.png` shows a part in three orthographic "
            "views (third-angle projection) with its dimensions. Model the part exactly as drawn.\n\n"
            "Read every dimension from the drawing; hole callouts such as `4× Ø5 THRU` give the count and the "
            "diameter. Untoleranced dimensions are nominal.\n\n%s\n## Output\n\nSave the document as "
            "`/app/answer.FCStd` and keep the script you ran as `/app/answer.py`.\n" % (title, COMMON_RULES))


PARAM_CHECK = '''"""Task-specific checks for the hubbed bolt flange (loaded by the verifier beside spec.json).

Derives the bolt circle and the bolt-hole count from the candidate's own geometry so that
a flange whose holes come from a PolarPattern (one sketch circle) is judged like one whose
holes are all drawn in a sketch. Never echoes spec values.
"""
import math


def _bolt_ring(bank):
    # concave (hole) cylinder clusters whose axes are parallel to the flange axis, off-axis
    holes = [c for c in bank.cylinder_clusters if not c.convex and c.count >= 3]
    if not holes:
        return None
    ring = max(holes, key=lambda c: c.count)
    centre = bank.globals.centroid
    radii = [math.dist(p[:2], centre[:2]) for p in ring.centroids]
    return ring, sum(radii) / len(radii)


def derived_candidates(bank, spec):
    found = _bolt_ring(bank)
    if found is None:
        return {}
    ring, pitch_radius = found
    return {
        "num_bolt_holes": (ring.count, "cylinder_cluster"),
        "bolt_hole_diameter": (2.0 * ring.radius, "cylinder_cluster"),
        "bolt_circle_diameter": (2.0 * pitch_radius, "cylinder_cluster"),
    }
'''
PARAM_CHECK_TASK = "bolt-flange"
