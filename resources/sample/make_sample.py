# Builds every FreeCAD document of the sample bundle (task references, agent answers),
# the image_to_cad drawings, and the answer.py scripts of image_to_cad trials.
#
#   freecadcmd resources/sample/make_sample.py        (from the repository root)
#
# Then: python3 resources/sample/assemble_results.py and record_rewards.py (see README.md).
import inspect
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "..", "tests", "fixtures")))

import FreeCAD as App  # noqa: E402

import pd_helpers as H  # noqa: E402
import plan  # noqa: E402
import sample_drawing as SD  # noqa: E402
import sample_parts as SP  # noqa: E402

PACK = os.path.join(HERE, "pack")
RESULTS = os.path.join(HERE, "results")


def save_part(slug, path, params, cand=None):
    mode = plan.cand_mode(cand)
    p = plan.apply_cand(params, cand)
    name = "d" + plan.hex_id("doc", path, n=8)
    doc, built = SP.build(slug, name, p, mode, (cand or {}).get("factor", 1.0))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    H.save(doc, path)
    shape = None
    body = doc.getObject("Body")
    if body is not None and not body.Shape.isNull():
        shape = body.Shape.copy()
    App.closeDocument(doc.Name)
    return built, shape


# ---------------------------------------------------------------- drawings
def draw_clevis(d, p):
    L = 2 * p["lug_t"] + p["gap"]
    w2 = p["width"] / 2
    d.hdim("front", 0, L, 0, 12)
    d.vdim("front", 0, p["height"], 0, -12)
    d.vdim("front", 0, p["base_t"], L, 10)
    d.hdim("front", p["lug_t"], p["lug_t"] + p["gap"], p["height"], -10)
    d.hdim("front", 0, p["lug_t"], p["height"], -10)
    d.vdim("right", 0, p["pin_z"], w2, 10)
    d.hdim("right", -w2, w2, 0, 12)
    r = p["pin_d"] / 2
    d.note("right", r * 0.707, p["pin_z"] + r * 0.707, 18, -22, "%s%g THRU BOTH LUGS" % ("\u00d8", p["pin_d"]))
    rb = p["base_hole_d"] / 2
    d.note("top", L / 2 + rb * 0.707, rb * 0.707, 30, -24, "%s%g THRU" % ("\u00d8", p["base_hole_d"]))
    d.vdim("top", -w2, w2, 0, -12)
    return ("FINISH: ZINC PLATED",)


def draw_flange(d, p):
    R = p["flange_d"] / 2
    d.hdim("front", -R, R, 0, 12, "\u00d8%g" % p["flange_d"])
    d.hdim("front", -p["hub_d"] / 2, p["hub_d"] / 2, p["flange_t"] + p["hub_h"], -10, "\u00d8%g" % p["hub_d"])
    d.vdim("front", 0, p["flange_t"], -R, -10)
    d.vdim("front", 0, p["flange_t"] + p["hub_h"], R, 10)
    import math

    a = math.radians(60)
    cx, cy, rb = p["pcd"] / 2 * math.cos(a), p["pcd"] / 2 * math.sin(a), p["bolt_d"] / 2
    d.note("top", cx + rb * 0.707, cy + rb * 0.707, 24, -22,
           "%d\u00d7 \u00d8%g THRU EQ. SP. ON \u00d8%g PCD" % (p["n"], p["bolt_d"], p["pcd"]))
    rb2 = p["bore_d"] / 2
    d.note("top", -rb2 * 0.707, -rb2 * 0.707, -30, 40, "\u00d8%g THRU" % p["bore_d"])
    d.hdim("right", -R, R, 0, 12, "\u00d8%g" % p["flange_d"])
    return ("MATERIAL CERT. REQUIRED",)


def draw_bearing_block(d, p):
    L, W2 = p["length"], p["width"] / 2
    d.hdim("front", 0, L, 0, 12)
    d.vdim("front", 0, p["height"], 0, -12)
    d.vdim("front", 0, p["bore_z"], L, 10)
    r = p["bore_d"] / 2
    d.note("front", L / 2 + r * 0.707, p["bore_z"] + r * 0.707, 26, -26, "\u00d8%g THRU" % p["bore_d"])
    d.hdim("top", p["mh_x"], L - p["mh_x"], W2, -10)
    rm = p["mh_d"] / 2
    d.note("top", L - p["mh_x"] + rm * 0.707, -rm * 0.707, 28, 18, "2\u00d7 \u00d8%g THRU" % p["mh_d"])
    d.hdim("right", -W2, W2, 0, 12)
    return ()


DRAWERS = {"clevis": (draw_clevis, "STEEL S355"), "bolt-flange": (draw_flange, "STEEL S235"),
           "bearing-block": (draw_bearing_block, "AL 6082-T6")}


def make_drawing(task, shape, outdir):
    fn, material = DRAWERS[task["slug"]]
    d = SD.Drawing(shape, task["title"], task["id"], material)
    notes = fn(d, task["params"])
    d.finish(os.path.join(outdir, "drawing.svg"), os.path.join(outdir, "drawing.png"), notes)


# ---------------------------------------------------------------- answer.py of image tasks
HELPERS = [H.new_doc, H.add_body, H.origin_feature, H.add_sketch, H.add_polygon, H.add_rectangle, H.add_circle,
           H.pad, H.pocket_through, H.hole_through]


def answer_script(task, cand):
    """The script an agent would have run: the helpers and builder it used, with its numbers."""
    p = plan.apply_cand(task["params"], cand)
    if plan.cand_mode(cand) == "scale":
        p = SP.scaled(p, cand["factor"])
    src = ["# answer.py - written by the agent; produces /app/answer.FCStd", "import math", "",
           "import FreeCAD as App", "import Part", "import Sketcher", "", "V = App.Vector", "", ""]
    src += [inspect.getsource(f).replace("H.", "") + "\n" for f in HELPERS]
    src.append("def _top(z):\n    return App.Placement(V(0, 0, z), App.Rotation())\n\n")
    builder = inspect.getsource(SP.BUILDERS[task["slug"]]).replace("H.", "")
    src.append(builder + "\n")
    src.append("PARAMS = %r\n" % {k: v for k, v in sorted(p.items())})
    fname = SP.BUILDERS[task["slug"]].__name__
    if plan.cand_mode(cand) == "baked":
        src.append("\n# Rebuild the solid once, then keep only the result (faster recomputes).")
        src.append("src = %s('Work', PARAMS)\nsrc.recompute()\nshape = src.getObject('Body').Shape.copy()" % fname)
        src.append("doc = App.newDocument('Answer')\nbody = doc.addObject('PartDesign::Body', 'Body')")
        src.append("feat = body.newObject('PartDesign::Feature', 'Feature')\nfeat.Shape = shape")
    else:
        src.append("doc = %s('Answer', PARAMS)" % fname)
    src.append("doc.recompute()\ndoc.saveAs('/app/answer.FCStd')\nprint('saved /app/answer.FCStd')\n")
    return "\n".join(src)


def main():
    prefs = App.ParamGet("User parameter:BaseApp/Preferences/Document")
    prefs.SetBool("CreateBackupFiles", False)
    for task in plan.TASKS:
        tdir = os.path.join(PACK, task["id"])
        tests = os.path.join(tdir, "tests")
        if task["workflow"] == "create_and_edit":
            save_part(task["slug"], os.path.join(tests, "reference_base.FCStd"), task["base_params"])
            save_part(task["slug"], os.path.join(tests, "reference_edit.FCStd"), task["params"])
        else:
            _, shape = save_part(task["slug"], os.path.join(tests, "reference.FCStd"), task["params"])
            if task["workflow"] == "image_to_cad":
                make_drawing(task, shape, tdir)
        print("TASK", task["id"], task["slug"], flush=True)
    for t in plan.TRIALS:
        task = plan.TASK_BY_SLUG[t["task"]]
        adir = os.path.join(RESULTS, plan.answer_dir(t))
        for fname, cand in plan.trial_answer_files(t).items():
            params = task["base_params"] if fname == "answer_base.FCStd" else task["params"]
            save_part(task["slug"], os.path.join(adir, fname), params, cand)
            if task["workflow"] == "image_to_cad":
                with open(os.path.join(adir, "answer.py"), "w") as fh:
                    fh.write(answer_script(task, cand))
        print("TRIAL", plan.trial_dir(t), sorted(plan.trial_answer_files(t)), flush=True)


main()
