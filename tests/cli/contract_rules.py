# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""The JSON shapes `vernier-cli` promises (docs/contract.md §5, docs/cli.md), written down as data, and the
function that holds a parsed document against them.

Each command's shape is a tree of `Rule`s built with the constructors below (number, integer, string, ...).
`problems(command, document)` walks the document and returns one line per broken rule, naming the JSON path:
a missing key, a value of the wrong type, a number outside its range, an array of the wrong length, a value
outside its set. An empty list means the document has the promised shape. Keys not named in a rule are
allowed (the output may grow); a key that is named is required unless it is wrapped in `Optional`.

Types are strict: JSON true/false is not a number, and an integer is written without a fraction or exponent
(6.0 is a number, not an integer).

Standard library only, so that the test runs wherever python3 does. Used by tests/cli/run_contract.py
(against the built CLI) and tests/cli/test_contract_rules.py (against deliberately broken documents).
"""

import math

# --------------------------------------------------------------------------------------------------- vocabulary


class Rule:
    """What one JSON value must be. `kinds` is a set of "number", "integer", "string", "boolean", "null",
    "array", "object" or "any"; the other fields narrow the value once its kind matches."""

    def __init__(self, kinds, lo=None, hi=None, choices=None, length=None, items=None, keys=None, each=None,
                 nonempty=False, check=None):
        self.kinds = set(kinds)
        self.lo, self.hi = lo, hi                  # numbers: inclusive bounds
        self.choices = choices                     # strings: the allowed values
        self.length = length                       # arrays: exact length
        self.items = items                         # arrays: the rule of every item
        self.keys = keys or {}                     # objects: key -> Rule (Optional(...) when it may be absent)
        self.each = each                           # objects: the rule of every value (maps keyed by name)
        self.nonempty = nonempty                   # arrays and objects: at least one entry
        self.check = check                         # extra check: f(value) -> message or None

    def nullable(self):
        """The same rule, also accepting null."""
        return Rule(self.kinds | {"null"}, self.lo, self.hi, self.choices, self.length, self.items, self.keys,
                    self.each, self.nonempty, self.check)


class Optional:
    """A key that may be absent; when present its value must follow `rule`."""

    def __init__(self, rule):
        self.rule = rule


def number(lo=None, hi=None):
    return Rule({"number"}, lo=lo, hi=hi)


def integer(lo=None, hi=None):
    return Rule({"integer"}, lo=lo, hi=hi)


def string(choices=None):
    return Rule({"string"}, choices=choices)


def boolean():
    return Rule({"boolean"})


def null():
    return Rule({"null"})


def anything():
    return Rule({"any"})


def array(items=None, length=None, nonempty=False, check=None):
    return Rule({"array"}, items=items, length=length, nonempty=nonempty, check=check)


def obj(keys=None, each=None, nonempty=False, check=None):
    return Rule({"object"}, keys=keys, each=each, nonempty=nonempty, check=check)


def kind_of(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def kind_matches(value, kinds):
    k = kind_of(value)
    if "any" in kinds or k in kinds:
        return True
    return k == "integer" and "number" in kinds  # every integer is a number


def walk(value, rule, path, out):
    """Appends to `out` one line per way `value` (at JSON path `path`) breaks `rule`."""
    if not kind_matches(value, rule.kinds):
        wanted = " or ".join(sorted(rule.kinds))
        out.append(f"{path}: expected {wanted}, got {kind_of(value)} {short(value)}")
        return
    if value is None:
        return
    k = kind_of(value)
    if k in ("integer", "number"):
        if isinstance(value, float) and not math.isfinite(value):
            out.append(f"{path}: {value} is not a finite number")
        elif rule.lo is not None and value < rule.lo:
            out.append(f"{path}: {value} is below {rule.lo}")
        elif rule.hi is not None and value > rule.hi:
            out.append(f"{path}: {value} is above {rule.hi}")
    if k == "string" and rule.choices is not None and value not in rule.choices:
        out.append(f"{path}: {short(value)} is not one of {', '.join(sorted(rule.choices))}")
    if k == "array":
        if rule.length is not None and len(value) != rule.length:
            out.append(f"{path}: {len(value)} item(s), expected {rule.length}")
        if rule.nonempty and not value:
            out.append(f"{path}: empty")
        if rule.items is not None:
            for i, item in enumerate(value):
                walk(item, rule.items, f"{path}[{i}]", out)
    if k == "object":
        if rule.nonempty and not value:
            out.append(f"{path}: empty")
        for key, sub in rule.keys.items():
            optional = isinstance(sub, Optional)
            sub_rule = sub.rule if optional else sub
            if key not in value:
                if not optional:
                    out.append(f"{path}: missing key '{key}'")
                continue
            walk(value[key], sub_rule, f"{path}.{key}", out)
        if rule.each is not None:
            for key, item in value.items():
                walk(item, rule.each, f"{path}.{key}", out)
    if rule.check is not None:
        message = rule.check(value)
        if message:
            out.append(f"{path}: {message}")


def short(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# --------------------------------------------------------------------------------------------------- checks


def ordered_interval(v):
    """ci95 is [lo, hi] with lo <= hi."""
    if len(v) == 2 and all(kind_of(x) in ("integer", "number") for x in v) and v[0] > v[1]:
        return f"interval [{v[0]}, {v[1]}] has lo > hi"
    return None


def counts_add_up(v):
    """A comparison's higher + similar + lower is its number of common tasks."""
    parts = [v.get(k) for k in ("higher", "similar", "lower")]
    total = v.get("n_tasks", v.get("n"))
    if all(kind_of(p) == "integer" for p in parts) and kind_of(total) == "integer" and sum(parts) != total:
        return f"higher + similar + lower = {sum(parts)}, not {total}"
    return None


# --------------------------------------------------------------------------------------------------- shapes

# A 0..1 score: the scorer's scale (score, rescore).
UNIT = number(0, 1)
# Points (0..100): the report's scale (leaderboard, compare).
POINTS = number(0, 100)
PERCENT = number(0, 100)

GATE = obj({"gate": string(), "reason": string()})

SURFACE_TYPES = {"Plane", "Cylinder", "Cone", "Sphere", "Toroid", "BSplineSurface", "BezierSurface",
                 "SurfaceOfRevolution", "SurfaceOfExtrusion", "OffsetSurface", "Unknown"}

INSPECT = obj({
    "file": string(),
    "bodies": array(obj({"name": string(), "type": string(), "non_empty": boolean()})),
    "scored_body": string().nullable(),
    "feature_tree": array(obj({"name": string(), "type": string()})),
    "features": obj({
        "volume": number(),
        "area": number(0),
        "surface_area_by_type": obj(each=number(0),
                                    check=lambda d: None if set(d) <= SURFACE_TYPES
                                    else f"unknown surface type(s) {sorted(set(d) - SURFACE_TYPES)}"),
        "obb_sorted": array(number(0), length=3),
        "principal_moments_normalized": array(number(), length=3),
        "n_faces": integer(0),
        "n_vertices": integer(0),
        "solid_count": integer(0),
    }).nullable(),
    "gate": GATE.nullable(),
})

SUBSCORE_NAMES = ("surface_types", "volume", "surface_area", "principal_moments", "icp", "bbox")

PARAMETER = obj({
    "key": string(),
    "expected": anything(),
    "measured": anything(),
    "status": string({"consistent", "inconsistent", "not_found"}),
    "reason": string().nullable(),
    "kind": string().nullable(),
    "check": string().nullable(),
    "source": anything(),
    "rel_error": number(0).nullable(),
})

SCORE_PAIR = obj({
    "geometry_similarity": UNIT,
    "cad_spec_consistency": UNIT.nullable(),
    "combined": UNIT.nullable(),
    "combine_method": string({"harmonic", "min"}),
    "gate": GATE.nullable(),
    "geometry_similarity_reason": string(),
    "cad_spec_consistency_reason": string().nullable(),
    "subscores": obj({name: UNIT.nullable() for name in SUBSCORE_NAMES}),
    "geom_details": obj().nullable(),
    "bbox_gate": obj({"passed": boolean(), "relative_error": number(0), "threshold": number(0)}).nullable(),
    "icp": obj({"max_residual": number(0), "rmse": number(0), "R": array(array(number(), length=3), length=3),
                "t": array(number(), length=3)}).nullable(),
    "parameters": array(PARAMETER),
    "spec_details": Optional(obj()),
    "scorer": string(),
})

STAGE = obj({"geometry_similarity": UNIT, "cad_spec_consistency": UNIT.nullable(), "combined": UNIT})

SCORE_TWO_STAGE = obj({
    "base": SCORE_PAIR,
    "edit": SCORE_PAIR,
    "combined": UNIT,
    "stage_scores": obj({"base": STAGE, "edit": STAGE, "method": string({"harmonic", "min"})}),
    "scorer": string(),
})

ZERO_CATEGORY_NAMES = ("geometry_zero", "geometry_and_spec_zero", "spec_zero", "final_exception",
                       "missing_output", "scorer_crash")

FILTER = obj({"systems": array(string()), "workflows": array(string()), "categories": array(string()),
              "tasks": array(string()), "bundles": array(string())})

BOOTSTRAP = obj({"resamples": integer(1), "seed": integer(0), "stratified_by": string()})

LEADERBOARD_ROW = obj({
    "agent": string(),
    "model": string(),
    "variant": Optional(string()),  # docs/formats.md "System identity": "" when none
    "system": Optional(string()),   # the label: "agent/model" or "agent/model · variant"
    "n_trials": integer(0),
    "n_tasks": integer(0),
    "overall": POINTS,
    "creation": POINTS.nullable(),
    "create_and_edit": POINTS.nullable(),
    "image_to_cad": POINTS.nullable(),
    "ci95": array(POINTS, length=2, check=ordered_interval),
    "perfect_rate": PERCENT,
    "zero_rate": PERCENT,
    "cost_usd": number(0).nullable(),
    "cost_per_point": number(0).nullable(),
    "mean_duration_min": number(0).nullable(),
    "overall_method": string(),
})

def zero_categories_cover_systems(d):
    """Every system of the table has its zero-reward counts, under its "agent/model[ · variant]" label."""
    systems, zeros = d.get("systems"), d.get("zero_categories")
    if not isinstance(systems, list) or not isinstance(zeros, dict):
        return None
    labels = [f"{r.get('agent')}/{r.get('model')}" + (f" \u00b7 {r['variant']}" if r.get("variant") else "")
              for r in systems if isinstance(r, dict)]
    missing = [label for label in labels if label not in zeros]
    return f"zero_categories lacks {', '.join(missing)}" if missing else None


LEADERBOARD = obj({
    "systems": array(LEADERBOARD_ROW, nonempty=True),
    "zero_categories": obj(each=obj({name: integer(0) for name in ZERO_CATEGORY_NAMES})),
    "zero_gates": obj(),
    "overall_method": string(),
    "selection": string({"latest_finished", "mean", "best", "first"}),
    "rescored": boolean(),
    "rewards": string(),
    "units": obj({"scores": string({"points"}), "rates": string({"percent"}), "cost": string({"USD"}),
                  "duration": string({"minutes"})}),
    "bootstrap": BOOTSTRAP,
    "filter": Optional(FILTER),
    "bundles": array(obj({"path": string(), "trials": integer(0), "harbor_jobs": integer(0),
                          "harbor_versions": array(string())})),
    "submissions": array(obj({"bundle": string(), "manifest": string(), "system": string(), "passed": boolean(),
                              "findings": array(obj({"rule": string(), "reason": string()}))})),
    "problems": array(obj({"path": string(), "reason": string(), "trial": Optional(string().nullable())})),
}, check=zero_categories_cover_systems)

WORKFLOW_NAMES = {"creation", "create_and_edit", "image_to_cad"}

COMPARE = obj({
    "a": string(),
    "b": string(),
    "delta": number(-100, 100),
    "ci95": array(number(-100, 100), length=2, check=ordered_interval),
    "per_workflow": obj(each=obj({"delta": number(-100, 100), "n": integer(0), "higher": integer(0),
                                  "similar": integer(0), "lower": integer(0)}, check=counts_add_up),
                        check=lambda d: None if set(d) <= WORKFLOW_NAMES
                        else f"unknown workflow(s) {sorted(set(d) - WORKFLOW_NAMES)}"),
    "higher": integer(0),
    "similar": integer(0),
    "lower": integer(0),
    "n_tasks": integer(0),
    "similar_threshold": number(0, 1),
    "selection": string({"latest_finished", "mean", "best", "first"}),
    "filter": Optional(FILTER),
    "bootstrap": BOOTSTRAP,
}, check=counts_add_up)



def rescore_trial(**more):
    """A trial row of `rescore`: which trial, and its recorded and rescored rewards (null when unknown)."""
    return obj(dict({"system": string(), "task_id": string(), "trial": string(), "recorded": UNIT.nullable(),
                     "rescored": UNIT.nullable()}, **more))


RESCORE_TRIAL = rescore_trial()

RESCORE = obj({
    "rescored": integer(0),
    "scorer_crashes": array(RESCORE_TRIAL),
    "mismatches": array(obj({"system": string(), "task_id": string(), "trial": string(), "recorded": UNIT,
                             "rescored": UNIT, "delta": number(-1, 1)})),
    "recorded_or_rescored_missing": array(rescore_trial(delta=null())),
    "tolerance": number(0),
    "cache": string().nullable(),
    "cache_by_bundle": obj(each=string()),
    "trials": array(rescore_trial(cached=boolean())),
})

VALIDATE_SUBMISSION = obj({
    "manifest": string(),
    "job": string(),
    "policy": string(),
    "passed": boolean(),
    "findings": array(obj({"trial": string(), "rule": string(), "reason": string()})),
    "computed": obj({
        "audit_run": boolean(),
        "audit_skipped": string().nullable(),
        "trials": integer(0),
        "skipped": integer(0),
        "scored": integer(0),
        "n_errors": integer(0),
        "mean_reward": UNIT.nullable(),
        "rescored": boolean(),
        "per_trial": array(obj({"trial": string(), "task": string().nullable(), "error": boolean(),
                                "score": UNIT, "cost_usd": number(0).nullable(),
                                "rescored": Optional(UNIT.nullable())})),
    }),
    "declared": anything(),
}, check=lambda d: ("passed is true but there are findings" if d.get("passed") is True and d.get("findings")
                    else "passed is false without findings" if d.get("passed") is False
                    and d.get("findings") == [] else None))

EXPORT = obj({"out": string(), "files": array(string(), nonempty=True)})

SHAPES = {
    "inspect": INSPECT,
    "score": SCORE_PAIR,
    "score-two-stage": SCORE_TWO_STAGE,
    "leaderboard": LEADERBOARD,
    "compare": COMPARE,
    "rescore": RESCORE,
    "validate-submission": VALIDATE_SUBMISSION,
    "export": EXPORT,
}

# leaderboard --csv: the header, and the same number of fields on every row.
LEADERBOARD_CSV_HEADER = ("rank,agent,model,n_trials,overall,ci95_lo,ci95_hi,creation,create_and_edit,"
                          "image_to_cad,perfect_rate,zero_rate,cost_usd,cost_per_point,mean_duration_min,"
                          "overall_method,creation_ci95_lo,creation_ci95_hi,create_and_edit_ci95_lo,"
                          "create_and_edit_ci95_hi,image_to_cad_ci95_lo,image_to_cad_ci95_hi")


def problems(command, document):
    """One line per rule of `command`'s shape (a key of SHAPES) that `document` breaks."""
    out = []
    walk(document, SHAPES[command], command, out)
    return out


def csv_problems(text, expected_rows=None):
    """leaderboard --csv: its header, one row per system, the header's number of fields on every row."""
    import csv
    import io
    # Leading "# " lines are the provenance comment (docs/cli.md "Provenance"), not part of the table.
    lines = text.splitlines(keepends=True)
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    rows = list(csv.reader(io.StringIO("".join(lines))))
    if not rows:
        return ["leaderboard.csv: empty"]
    out = []
    if ",".join(rows[0]) != LEADERBOARD_CSV_HEADER:
        out.append(f"leaderboard.csv: header is {','.join(rows[0])!r}")
    width = len(LEADERBOARD_CSV_HEADER.split(","))
    for i, row in enumerate(rows[1:], start=1):
        if len(row) != width:
            out.append(f"leaderboard.csv: row {i} has {len(row)} fields, expected {width}")
    if expected_rows is not None and len(rows) - 1 != expected_rows:
        out.append(f"leaderboard.csv: {len(rows) - 1} row(s), expected {expected_rows} (one per system)")
    return out


def latex_problems(text, expected_rows=None):
    """leaderboard --latex: a booktabs table with one row (ending in \\\\) per system."""
    out = []
    for needle in ("\\begin{tabular}", "\\toprule", "\\midrule", "\\bottomrule", "\\end{tabular}"):
        if needle not in text:
            out.append(f"leaderboard.tex: no {needle}")
    if expected_rows is not None and "\\midrule" in text and "\\bottomrule" in text:
        body = text.split("\\midrule", 1)[1].split("\\bottomrule", 1)[0]
        n = body.count("\\\\")
        if n != expected_rows:
            out.append(f"leaderboard.tex: {n} row(s), expected {expected_rows} (one per system)")
    return out
