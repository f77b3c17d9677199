# The embedded sample bundle, as data: 9 tasks, 4 systems, 37 trials.
# Pure Python (no FreeCAD): imported by make_sample.py (freecadcmd), assemble_results.py
# and record_rewards.py (python3). Everything derives from SEED, so reruns are identical.
import hashlib
import random

SEED = "vernier-sample-2026"

SHORTUUID_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def hex_id(*parts, n=10):
    return hashlib.sha1("|".join((SEED,) + parts).encode()).hexdigest()[:n]


def short_suffix(*parts, n=7):
    rng = random.Random(hex_id("suffix", *parts, n=16))
    return "".join(rng.choice(SHORTUUID_ALPHABET) for _ in range(n))


def uuid_of(*parts):
    h = hex_id("uuid", *parts, n=32)
    return "%s-%s-4%s-a%s-%s" % (h[:8], h[8:12], h[13:16], h[17:20], h[20:32])


# ---------------------------------------------------------------- tasks
# params: the reference's build parameters (mm). spec(p) -> [(key, value, unit)] from a
# parameter set, so the same function gives the spec values of the reference and the
# "as built" values of any candidate variant (None = feature absent).

def _holes(p, key="holes"):
    return p.get(key, True)


def spec_mounting_plate(p):
    h = _holes(p)
    return [("length", p["length"], "mm"), ("width", p["width"], "mm"), ("thickness", p["thickness"], "mm"),
            ("hole_diameter", p["hole_d"] if h else None, "mm"), ("num_holes", 4 if h else 0, ""),
            ("hole_spacing_x", p["length"] - 2 * p["margin"] if h else None, "mm"),
            ("hole_spacing_y", p["width"] - 2 * p["margin"] if h else None, "mm")]


def spec_bushing(p):
    return [("bore_diameter", p["bore_d"], "mm"), ("outer_diameter", p["od"], "mm"),
            ("flange_diameter", p["flange_d"], "mm"), ("flange_thickness", p["flange_t"], "mm"),
            ("overall_length", p["length"], "mm"), ("body_length", p["length"] - p["flange_t"], "mm")]


def spec_shaft(p):
    return [("large_diameter", p["d1"], "mm"), ("middle_diameter", p["d2"], "mm"), ("small_diameter", p["d3"], "mm"),
            ("large_step_length", p["l1"], "mm"), ("middle_step_length", p["l2"], "mm"),
            ("small_step_length", p["l3"], "mm"), ("overall_length", p["l1"] + p["l2"] + p["l3"], "mm"),
            ("keyway_depth", p["key_depth"] if p.get("keyway", True) else None, "mm")]


def spec_spacer_base(p):
    return [("outer_diameter", p["od"], "mm"), ("inner_diameter", p["id"], "mm"), ("thickness", p["t"], "mm")]


def spec_spacer(p):
    h = _holes(p)
    return spec_spacer_base(p) + [("hole_diameter", p["hole_d"] if h else None, "mm"),
                                  ("num_holes", p["n"] if h else 0, ""), ("pcd", p["pcd"] if h else None, "mm")]


def spec_bracket_base(p):
    return [("base_length", p["base_len"], "mm"), ("upright_height", p["up_h"], "mm"),
            ("thickness", p["t"], "mm"), ("width", p["w"], "mm")]


def spec_bracket(p):
    h = _holes(p)
    return spec_bracket_base(p) + [("fillet_radius", p["fillet"] or None, "mm"),
                                   ("hole_diameter", p["hole_d"] if h else None, "mm"),
                                   ("num_holes", 2 if h else 0, ""), ("hole_spacing", 2 * p["hole_dy"] if h else None, "mm")]


def spec_cover(p):
    return [("length", p["length"], "mm"), ("width", p["w"], "mm"), ("thickness", p["t"], "mm"),
            ("hole_diameter", p["hole_d"], "mm"), ("num_holes", 2, ""),
            ("hole_spacing", p["length"] - 2 * p["margin"], "mm")]


def spec_clevis(p):
    return [("overall_length", 2 * p["lug_t"] + p["gap"], "mm"), ("width", p["width"], "mm"),
            ("height", p["height"], "mm"), ("base_thickness", p["base_t"], "mm"),
            ("lug_thickness", p["lug_t"], "mm"), ("lug_gap", p["gap"], "mm"),
            ("pin_hole_diameter", p["pin_d"], "mm"), ("base_hole_diameter", p["base_hole_d"], "mm")]


def spec_flange(p):
    return [("flange_diameter", p["flange_d"], "mm"), ("flange_thickness", p["flange_t"], "mm"),
            ("hub_diameter", p["hub_d"], "mm"), ("hub_height", p["hub_h"], "mm"),
            ("overall_height", p["flange_t"] + p["hub_h"], "mm"), ("bore_diameter", p["bore_d"], "mm"),
            ("bolt_hole_diameter", p["bolt_d"], "mm"), ("num_bolt_holes", p["n"], ""),
            ("bolt_circle_diameter", p["pcd"], "mm")]


def spec_bearing_block(p):
    h = _holes(p)
    return [("length", p["length"], "mm"), ("width", p["width"], "mm"), ("height", p["height"], "mm"),
            ("bore_diameter", p["bore_d"], "mm"), ("mounting_hole_diameter", p["mh_d"] if h else None, "mm"),
            ("mounting_hole_spacing", p["length"] - 2 * p["mh_x"] if h else None, "mm")]


TASKS = [
    dict(slug="mounting-plate", workflow="creation", category="plate", difficulty="easy",
         tags=["plate", "hole-pattern", "pad", "pocket"], title="Rectangular mounting plate",
         params=dict(length=80, width=60, thickness=8, hole_d=6.6, margin=8), spec=spec_mounting_plate),
    dict(slug="flanged-bushing", workflow="creation", category="bushing", difficulty="medium",
         tags=["revolution", "flange", "bore"], title="Flanged bushing",
         params=dict(bore_d=12, od=20, flange_d=36, flange_t=5, length=30), spec=spec_bushing),
    dict(slug="stepped-shaft", workflow="creation", category="shaft", difficulty="hard",
         tags=["revolution", "shaft", "keyway", "pocket"], title="Stepped shaft with keyway",
         params=dict(d1=20, l1=30, d2=16, l2=40, d3=12, l3=25, key_w=5, key_l=20, key_depth=3), spec=spec_shaft),
    dict(slug="spacer-ring", workflow="create_and_edit", category="spacer", difficulty="easy",
         tags=["pad", "polar-holes", "edit-thickness"], title="Spacer ring",
         base_params=dict(od=30, id=10.5, t=6, holes=False, hole_d=3.4, n=3, pcd=21),
         params=dict(od=30, id=10.5, t=8, holes=True, hole_d=3.4, n=3, pcd=21),
         base_spec=spec_spacer_base, spec=spec_spacer),
    dict(slug="l-bracket", workflow="create_and_edit", category="bracket", difficulty="medium",
         tags=["pad", "fillet", "hole", "edit-add-features"], title="L mounting bracket",
         base_params=dict(base_len=60, up_h=45, t=5, w=30, fillet=0, holes=False, hole_d=5.5, hole_x=40, hole_dy=8),
         params=dict(base_len=60, up_h=45, t=5, w=30, fillet=5, holes=True, hole_d=5.5, hole_x=40, hole_dy=8),
         base_spec=spec_bracket_base, spec=spec_bracket),
    dict(slug="cover-plate", workflow="create_and_edit", category="plate", difficulty="medium",
         tags=["pad", "pocket", "window", "edit-length"], title="Cover plate with window",
         base_params=dict(length=100, w=50, t=6, hole_d=8, margin=15, window=None),
         params=dict(length=120, w=50, t=6, hole_d=8, margin=15, window=(40, 20)),
         base_spec=spec_cover, spec=spec_cover),
    dict(slug="clevis", workflow="image_to_cad", category="clevis", difficulty="hard",
         tags=["drawing", "pad", "cross-hole", "pocket"], title="Clevis",
         params=dict(lug_t=10, gap=16, base_t=10, height=40, width=30, pin_d=10, pin_z=30, base_hole_d=8),
         spec=spec_clevis),
    dict(slug="bolt-flange", workflow="image_to_cad", category="flange", difficulty="medium",
         tags=["drawing", "pad", "bolt-circle", "hub"], title="Hubbed bolt flange",
         params=dict(flange_d=90, flange_t=12, hub_d=56, hub_h=8, bore_d=40, bolt_d=9, n=6, pcd=70),
         spec=spec_flange),
    dict(slug="bearing-block", workflow="image_to_cad", category="block", difficulty="medium",
         tags=["drawing", "pad", "bore", "mounting-holes"], title="Bearing block",
         params=dict(length=60, width=30, height=40, bore_d=22, bore_z=25, mh_d=6.6, mh_x=10), spec=spec_bearing_block),
]
for _t in TASKS:
    _t["id"] = "freecad-" + hex_id("task", _t["slug"])
TASK_BY_SLUG = {t["slug"]: t for t in TASKS}

# ---------------------------------------------------------------- systems
SYSTEMS = [
    dict(key="A", agent="claude-code", agent_version="2.3.14", model="claude-opus-5.5", provider="anthropic",
         layout="harbor", job_name="2026-09-14__09-12-41", job_start="2026-09-14T09:12:41", cost_per_mtok=(5.0, 25.0)),
    dict(key="B", agent="codex", agent_version="0.98.0", model="gpt-6-astra", provider="openai",
         layout="harbor", job_name="2026-09-15__13-40-07", job_start="2026-09-15T13:40:07", cost_per_mtok=(5.0, 30.0)),
    dict(key="C", agent="mini-swe-agent", agent_version="1.17.3", model="gemini-3.8-flash", provider="google",
         layout="harbor", job_name="2026-09-16__08-03-55", job_start="2026-09-16T08:03:55", cost_per_mtok=None),
    dict(key="D", agent="antigravity", agent_version="1.4.0", model="gemini-3.8-flash", provider="google",
         layout="runs", job_name=None, job_start="2026-09-18T16:20:00", cost_per_mtok=(1.25, 10.0)),
]
SYSTEM_BY_KEY = {s["key"]: s for s in SYSTEMS}

# ---------------------------------------------------------------- trials
# cand: overrides of the task params plus a construction mode:
#   mode "pd" (PartDesign, default), "part_wb" (Part workbench, no Body), "baked"
#   (PartDesign::Feature holding the shape), "scale" (every length x factor),
#   "vent_grid" (a perforation grid instead of the window).
# For create_and_edit: base / edit, each a cand (None = file not produced).
# answer=False: no answer document at all. exception: agent-side; verifier_error: the
# verifier produced no reward. drift: the recorded ("official") reward differs from the
# Vernier scorer by this much (stands for OCCT 7.9.3 vs Debian 7.6.3, see README).
EXACT = {}
TRIALS = [
    # --- A: claude-code / claude-opus-5.5
    dict(sys="A", task="mounting-plate", cand=EXACT, intent="exact match"),
    dict(sys="A", task="flanged-bushing", cand=EXACT, intent="exact match"),
    dict(sys="A", task="stepped-shaft", cand=dict(l2=41), intent="slightly off (middle step 41 mm)", drift=-0.021),
    dict(sys="A", task="spacer-ring", base=EXACT, edit=EXACT, intent="exact match (both stages)"),
    dict(sys="A", task="l-bracket", base=EXACT, edit=EXACT, intent="exact match (both stages)"),
    dict(sys="A", task="cover-plate", base=EXACT, edit=EXACT, intent="exact match (both stages)"),
    dict(sys="A", task="clevis", cand=EXACT, intent="scorer crash: VerifierTimeoutError, no reward",
         verifier_error=("VerifierTimeoutError", "Verifier execution timed out after 900.0 seconds")),
    dict(sys="A", task="bolt-flange", cand=EXACT, intent="exact match"),
    dict(sys="A", task="bearing-block", cand=dict(bore_d=20), intent="agent timed out but the answer scored > 0",
         exception=("AgentTimeoutError", "Agent execution timed out after 2400.0 seconds")),
    # --- B: codex / gpt-6-astra
    dict(sys="B", task="mounting-plate", cand=EXACT, intent="exact match"),
    dict(sys="B", task="flanged-bushing", cand=dict(flange_t=5.5), intent="slightly off (flange 5.5 mm)"),
    dict(sys="B", task="stepped-shaft", cand=dict(keyway=False), intent="missing feature (no keyway)"),
    dict(sys="B", task="spacer-ring", base=EXACT, edit=dict(pcd=24), intent="first try: edit holes on PCD 24",
         attempt=1),
    dict(sys="B", task="spacer-ring", base=EXACT, edit=EXACT, intent="second try of the same system: exact",
         attempt=2),
    dict(sys="B", task="l-bracket", base=EXACT, edit=None, intent="agent exception, partial answer (base only)",
         exception=("NonZeroAgentExitCodeError", "Agent command exited with non-zero code 1")),
    dict(sys="B", task="cover-plate", base=EXACT, edit=dict(window=(40, 24)), intent="edit slightly off (window 40x24)"),
    dict(sys="B", task="clevis", cand=dict(mode="baked"), intent="feature_tree gate (baked PartDesign::Feature)"),
    dict(sys="B", task="bolt-flange", cand=EXACT, intent="exact match"),
    dict(sys="B", task="bearing-block", cand=dict(mode="scale", factor=1.04),
         intent="spec-only failure: drawing read 4% large, every named dimension off"),
    # --- C: mini-swe-agent / gemini-3.8-flash (no cost reported)
    dict(sys="C", task="mounting-plate", cand=dict(holes=False), intent="missing feature (no holes)"),
    dict(sys="C", task="flanged-bushing", cand=dict(mode="part_wb"), intent="body gate (Part workbench, no Body)"),
    dict(sys="C", task="stepped-shaft", answer=False, intent="agent exception, no answer",
         exception=("AgentTimeoutError", "Agent execution timed out after 2400.0 seconds")),
    dict(sys="C", task="spacer-ring", base=EXACT, edit=EXACT, intent="exact match (both stages)"),
    dict(sys="C", task="l-bracket", base=EXACT, edit=dict(fillet=0), intent="edit misses the fillet"),
    dict(sys="C", task="cover-plate", answer=False, intent="missing output (no answer, no exception)"),
    dict(sys="C", task="clevis", cand=dict(pin_d=9), intent="scorer crash: RewardFileNotFoundError",
         verifier_error=("RewardFileNotFoundError",
                         "No reward file found at /logs/verifier/reward.txt or /logs/verifier/reward.json")),
    dict(sys="C", task="bolt-flange", cand=dict(mode="scale", factor=0.5),
         intent="bbox gate (radii read as diameters: half size)"),
    dict(sys="C", task="bearing-block", cand=dict(holes=False), intent="missing feature (no mounting holes)"),
    # --- D: antigravity / gemini-3.8-flash (leaderboard submission layout)
    dict(sys="D", task="mounting-plate", cand=dict(hole_d=7.0), intent="slightly off (holes 7.0 mm)"),
    dict(sys="D", task="flanged-bushing", cand=EXACT, intent="exact match"),
    dict(sys="D", task="stepped-shaft", cand=EXACT, intent="exact match"),
    dict(sys="D", task="spacer-ring", base=EXACT, edit=dict(t=6), intent="edit forgot the new thickness"),
    dict(sys="D", task="l-bracket", base=EXACT, edit=EXACT, intent="exact match (both stages)"),
    dict(sys="D", task="cover-plate", base=EXACT, edit=dict(mode="vent_grid"),
         intent="face_count gate (perforation grid instead of the window)"),
    dict(sys="D", task="clevis", cand=dict(gap=14), intent="slightly off (lug gap 14 mm)"),
    dict(sys="D", task="bolt-flange", cand=EXACT, intent="exact match"),
    dict(sys="D", task="bearing-block", cand=dict(height=42), intent="slightly off (height 42 mm)", drift=+0.017),
]


def trial_name(t):
    task = TASK_BY_SLUG[t["task"]]
    key = (t["sys"], t["task"], str(t.get("attempt", 1)))
    return "%s__%s" % (task["id"][:32].rstrip("_-"), short_suffix(*key))


def trial_answer_files(t):
    """{file name: cand} for the answer documents this trial leaves (may be empty)."""
    task = TASK_BY_SLUG[t["task"]]
    if t.get("answer", True) is False:
        return {}
    if task["workflow"] == "create_and_edit":
        out = {}
        if t.get("base") is not None:
            out["answer_base.FCStd"] = t["base"]
        if t.get("edit") is not None:
            out["answer_edit.FCStd"] = t["edit"]
        return out
    return {"answer.FCStd": t["cand"]}


def trial_dir(t):
    """Folder of a trial relative to resources/sample/results/."""
    s = SYSTEM_BY_KEY[t["sys"]]
    task = TASK_BY_SLUG[t["task"]]
    if s["layout"] == "runs":
        return "runs/%s/%s/%s" % (s["agent"], s["model"], task["id"])
    return "%s/%s" % (s["job_name"], trial_name(t))


def answer_dir(t):
    """Where the answer documents sit, relative to resources/sample/results/."""
    s = SYSTEM_BY_KEY[t["sys"]]
    return trial_dir(t) if s["layout"] == "runs" else trial_dir(t) + "/artifacts/app"


def apply_cand(params, cand):
    p = dict(params)
    for k, v in (cand or {}).items():
        if k not in ("mode", "factor"):
            p[k] = v
    return p


def cand_mode(cand):
    return (cand or {}).get("mode", "pd")
