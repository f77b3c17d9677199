#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""ctest `cli.contract_rules`: the rules of tests/cli/contract_rules.py bite. Each command's shape accepts a
well-formed document (written by hand after docs/contract.md §5), and every deliberately broken copy of it —
a key removed, a value of the wrong type, a score out of range, a bad enum value, a wrong array length — is
reported, with the JSON path of the break. Needs no build: only python3.
"""
import copy
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import contract_rules as rules  # noqa: E402

GATE = {"gate": "empty_shape", "reason": "the scored body has no solid"}

INSPECT = {
    "file": "part.FCStd",
    "bodies": [{"name": "Body", "type": "PartDesign::Body", "non_empty": True}],
    "scored_body": "Body",
    "feature_tree": [{"name": "Pad", "type": "PartDesign::Pad"}],
    "features": {"volume": 6000.0, "area": 2200.0, "surface_area_by_type": {"Plane": 2200.0},
                 "obb_sorted": [10.0, 20.0, 30.0], "principal_moments_normalized": [0.1, 0.3, 0.6],
                 "n_faces": 6, "n_vertices": 8, "solid_count": 1},
    "gate": None,
}

PARAMETER = {"key": "length", "expected": "30 mm", "measured": 30.0, "status": "consistent", "reason": "",
             "kind": "length", "check": None, "source": "bbox", "rel_error": 0.0}

SCORE = {
    "geometry_similarity": 0.9, "cad_spec_consistency": 1.0, "combined": 0.947368, "combine_method": "harmonic",
    "gate": None, "geometry_similarity_reason": "", "cad_spec_consistency_reason": "",
    "subscores": {"surface_types": 1.0, "volume": 0.8, "surface_area": 0.85, "principal_moments": 1.0,
                  "icp": 0.95, "bbox": None},
    "geom_details": {}, "bbox_gate": {"passed": True, "relative_error": 0.01, "threshold": 0.5},
    "icp": {"max_residual": 0.2, "rmse": 0.1, "R": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "t": [0, 0, 0]},
    "parameters": [PARAMETER], "spec_details": {}, "scorer": "vernier 1.0 (v2)",
}

STAGE = {"geometry_similarity": 0.9, "cad_spec_consistency": 1.0, "combined": 0.947368}

SCORE_TWO_STAGE = {"base": SCORE, "edit": SCORE, "combined": 0.947368,
                   "stage_scores": {"base": STAGE, "edit": STAGE, "method": "harmonic"}, "scorer": "vernier"}

ZEROS = {"geometry_zero": 1, "geometry_and_spec_zero": 0, "spec_zero": 0, "final_exception": 0,
         "missing_output": 2, "scorer_crash": 0}

ROW = {"agent": "claude-code", "model": "claude-opus-5.5", "n_trials": 10, "n_tasks": 9, "overall": 61.5,
       "creation": 70.0, "create_and_edit": None, "image_to_cad": 55.0, "ci95": [50.0, 72.0],
       "perfect_rate": 20.0, "zero_rate": 10.0, "cost_usd": 3.2, "cost_per_point": None,
       "mean_duration_min": 4.5, "overall_method": "mean of per-task rewards"}

BOOTSTRAP = {"resamples": 10000, "seed": 42, "stratified_by": "workflow"}

LEADERBOARD = {
    "systems": [ROW], "zero_categories": {"claude-code/claude-opus-5.5": ZEROS}, "zero_gates": {},
    "overall_method": "mean of per-task rewards", "selection": "latest_finished", "rescored": False,
    "units": {"scores": "points", "rates": "percent", "cost": "USD", "duration": "minutes"},
    "rewards": "recorded rewards", "bootstrap": BOOTSTRAP,
    "bundles": [{"path": "results", "trials": 10, "harbor_jobs": 1, "harbor_versions": ["0.22.0"]}],
    "submissions": [], "problems": [{"path": "results/job/result.json", "reason": "n_trials 9 recorded, 8 found",
                                     "trial": None}],
}

COMPARE = {
    "a": "x/y", "b": "u/v", "delta": 12.5, "ci95": [2.0, 20.0],
    "per_workflow": {"creation": {"delta": 10.0, "n": 3, "higher": 2, "similar": 1, "lower": 0}},
    "higher": 5, "similar": 3, "lower": 1, "n_tasks": 9, "similar_threshold": 0.01,
    "selection": "latest_finished", "bootstrap": BOOTSTRAP,
}

TRIAL = {"system": "x/y", "task_id": "freecad-1", "trial": "freecad-1__abc", "recorded": 0.5, "rescored": 0.5}

RESCORE = {"rescored": 1, "scorer_crashes": [], "mismatches": [],
           "recorded_or_rescored_missing": [dict(TRIAL, recorded=None, delta=None)],
           "tolerance": 1e-4, "cache": None, "cache_by_bundle": {}, "trials": [dict(TRIAL, cached=False)]}

VALIDATE = {
    "manifest": "m.yaml", "job": "job", "policy": "policy.json", "passed": False,
    "findings": [{"trial": "", "rule": "dataset", "reason": "$.bench.dataset: expected 'a', got 'b'"}],
    "computed": {"audit_run": True, "audit_skipped": None, "trials": 1, "skipped": 0, "scored": 1, "n_errors": 0,
                 "mean_reward": 0.5, "rescored": True,
                 "per_trial": [{"trial": "t", "task": "org/t", "error": False, "score": 0.5, "cost_usd": None,
                                "rescored": 0.5}]},
    "declared": {"mean_reward": 0.5},
}

EXPORT = {"out": "figures", "files": ["leaderboard.csv"]}

GOOD = {"inspect": INSPECT, "score": SCORE, "score-two-stage": SCORE_TWO_STAGE, "leaderboard": LEADERBOARD,
        "compare": COMPARE, "rescore": RESCORE, "validate-submission": VALIDATE, "export": EXPORT}


def broken(doc, path, value=KeyError):
    """A deep copy of `doc` with the value at `path` (keys and indices) replaced, or removed for KeyError."""
    out = copy.deepcopy(doc)
    target = out
    for step in path[:-1]:
        target = target[step]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return out


# (command, path, replacement or KeyError to remove, text the report must contain)
BREAKS = [
    # The rules of the benchmark's checker: keys and types of inspect, score, leaderboard and compare.
    ("inspect", ["file"], KeyError, "missing key 'file'"),
    ("inspect", ["bodies"], {}, "inspect.bodies: expected array"),
    ("inspect", ["scored_body"], 3, "inspect.scored_body: expected null or string"),
    ("inspect", ["feature_tree"], KeyError, "missing key 'feature_tree'"),
    ("inspect", ["features"], [], "inspect.features: expected null or object"),
    ("inspect", ["gate"], "none", "inspect.gate: expected null or object"),
    ("inspect", ["features", "volume"], "6000", "inspect.features.volume: expected number"),
    ("inspect", ["features", "area"], KeyError, "missing key 'area'"),
    ("inspect", ["features", "surface_area_by_type"], [], "surface_area_by_type: expected object"),
    ("inspect", ["features", "obb_sorted"], {}, "obb_sorted: expected array"),
    ("inspect", ["features", "principal_moments_normalized"], None, "principal_moments_normalized: expected"),
    ("inspect", ["features", "n_faces"], 6.5, "n_faces: expected integer"),
    ("inspect", ["features", "n_vertices"], True, "n_vertices: expected integer, got boolean"),
    ("inspect", ["features", "solid_count"], KeyError, "missing key 'solid_count'"),
    ("score", ["geometry_similarity"], None, "geometry_similarity: expected number"),
    ("score", ["cad_spec_consistency"], "1", "cad_spec_consistency: expected null or number"),
    ("score", ["combined"], KeyError, "missing key 'combined'"),
    ("score", ["gate"], [], "score.gate: expected null or object"),
    ("score", ["subscores"], [], "score.subscores: expected object"),
    ("score", ["icp"], 0.5, "score.icp: expected null or object"),
    ("score", ["parameters"], {}, "score.parameters: expected array"),
    *[("score", ["subscores", name], KeyError, f"score.subscores: missing key '{name}'")
      for name in ("surface_types", "volume", "surface_area", "principal_moments", "icp", "bbox")],
    ("score", ["parameters", 0, "key"], KeyError, "parameters[0]: missing key 'key'"),
    ("score", ["parameters", 0, "expected"], KeyError, "parameters[0]: missing key 'expected'"),
    ("score", ["parameters", 0, "measured"], KeyError, "parameters[0]: missing key 'measured'"),
    ("score", ["parameters", 0, "status"], 1, "parameters[0].status: expected string"),
    ("score", ["parameters", 0, "status"], "ok", "parameters[0].status: 'ok' is not one of"),
    ("score", ["parameters", 0, "reason"], 0, "parameters[0].reason: expected null or string"),
    ("leaderboard", ["systems"], [], "leaderboard.systems: empty"),
    ("leaderboard", ["systems", 0, "agent"], KeyError, "systems[0]: missing key 'agent'"),
    ("leaderboard", ["systems", 0, "model"], None, "systems[0].model: expected string"),
    ("leaderboard", ["systems", 0, "n_trials"], "10", "systems[0].n_trials: expected integer"),
    ("leaderboard", ["systems", 0, "overall"], None, "systems[0].overall: expected number"),
    ("leaderboard", ["systems", 0, "creation"], "70", "systems[0].creation: expected null or number"),
    ("leaderboard", ["systems", 0, "create_and_edit"], KeyError, "missing key 'create_and_edit'"),
    ("leaderboard", ["systems", 0, "image_to_cad"], [], "systems[0].image_to_cad: expected"),
    ("leaderboard", ["systems", 0, "ci95"], {"lo": 1}, "systems[0].ci95: expected array"),
    ("leaderboard", ["systems", 0, "perfect_rate"], KeyError, "missing key 'perfect_rate'"),
    ("leaderboard", ["systems", 0, "zero_rate"], None, "systems[0].zero_rate: expected number"),
    ("leaderboard", ["systems", 0, "cost_usd"], "3.2", "systems[0].cost_usd: expected null or number"),
    ("leaderboard", ["systems", 0, "cost_per_point"], KeyError, "missing key 'cost_per_point'"),
    ("leaderboard", ["systems", 0, "mean_duration_min"], [], "mean_duration_min: expected null or number"),
    ("leaderboard", ["zero_categories"], KeyError, "missing key 'zero_categories'"),
    ("leaderboard", ["zero_categories"], [], "leaderboard.zero_categories: expected object"),
    *[("leaderboard", ["zero_categories", "claude-code/claude-opus-5.5", name], KeyError,
       f"zero_categories.claude-code/claude-opus-5.5: missing key '{name}'") for name in ZEROS],
    ("compare", ["delta"], "12.5", "compare.delta: expected number"),
    ("compare", ["ci95"], KeyError, "missing key 'ci95'"),
    ("compare", ["per_workflow"], [], "compare.per_workflow: expected object"),
    ("compare", ["higher"], 5.5, "compare.higher: expected integer"),
    ("compare", ["similar"], KeyError, "missing key 'similar'"),
    ("compare", ["lower"], None, "compare.lower: expected integer"),
    # Out-of-range scores, lengths and values: the rules of docs/contract.md §5 beyond keys and types.
    ("score", ["geometry_similarity"], 1.5, "geometry_similarity: 1.5 is above 1"),
    ("score", ["combined"], -0.1, "score.combined: -0.1 is below 0"),
    ("score", ["subscores", "volume"], 2, "score.subscores.volume: 2 is above 1"),
    ("score", ["geometry_similarity"], float("nan"), "is not a finite number"),
    ("score", ["combine_method"], "mean", "combine_method: 'mean' is not one of"),
    ("score", ["icp", "t"], [0, 0], "score.icp.t: 2 item(s), expected 3"),
    ("score-two-stage", ["combined"], 1.01, "score-two-stage.combined: 1.01 is above 1"),
    ("score-two-stage", ["edit", "subscores"], KeyError, "score-two-stage.edit: missing key 'subscores'"),
    ("score-two-stage", ["stage_scores", "method"], "max", "stage_scores.method: 'max' is not one of"),
    ("inspect", ["features", "obb_sorted"], [1.0, 2.0], "obb_sorted: 2 item(s), expected 3"),
    ("inspect", ["features", "surface_area_by_type"], {"Plane": 1.0, "Blob": 2.0}, "unknown surface type"),
    ("leaderboard", ["systems", 0, "overall"], 101.0, "systems[0].overall: 101.0 is above 100"),
    ("leaderboard", ["systems", 0, "zero_rate"], -1, "systems[0].zero_rate: -1 is below 0"),
    ("leaderboard", ["systems", 0, "ci95"], [72.0, 50.0], "has lo > hi"),
    ("leaderboard", ["systems", 0, "ci95"], [50.0], "systems[0].ci95: 1 item(s), expected 2"),
    ("leaderboard", ["zero_categories"], {}, "zero_categories lacks claude-code/claude-opus-5.5"),
    ("leaderboard", ["selection"], "latest", "leaderboard.selection: 'latest' is not one of"),
    ("leaderboard", ["units", "scores"], "fraction", "units.scores: 'fraction' is not one of"),
    ("compare", ["delta"], 150.0, "compare.delta: 150.0 is above 100"),
    ("compare", ["higher"], 6, "higher + similar + lower = 10, not 9"),
    ("compare", ["per_workflow", "creation", "n"], 4, "higher + similar + lower = 3, not 4"),
    ("compare", ["per_workflow", "drawing"], COMPARE["per_workflow"]["creation"], "unknown workflow"),
    ("compare", ["similar_threshold"], 1.5, "similar_threshold: 1.5 is above 1"),
    ("rescore", ["trials", 0, "rescored"], 1.2, "rescore.trials[0].rescored: 1.2 is above 1"),
    ("rescore", ["trials", 0, "cached"], KeyError, "rescore.trials[0]: missing key 'cached'"),
    ("rescore", ["mismatches"], KeyError, "missing key 'mismatches'"),
    ("rescore", ["cache_by_bundle"], {"b": None}, "rescore.cache_by_bundle.b: expected string"),
    ("rescore", ["recorded_or_rescored_missing", 0, "delta"], 0.1, "missing[0].delta: expected null"),
    ("leaderboard", ["bundles", 0, "harbor_versions"], "0.22.0", "bundles[0].harbor_versions: expected array"),
    ("leaderboard", ["rewards"], KeyError, "leaderboard: missing key 'rewards'"),
    ("validate-submission", ["passed"], "no", "validate-submission.passed: expected boolean"),
    ("validate-submission", ["passed"], True, "passed is true but there are findings"),
    ("validate-submission", ["findings", 0, "rule"], KeyError, "findings[0]: missing key 'rule'"),
    ("validate-submission", ["computed", "mean_reward"], 1.5, "computed.mean_reward: 1.5 is above 1"),
    ("validate-submission", ["computed", "per_trial", 0, "score"], -0.5, "per_trial[0].score: -0.5 is below 0"),
    ("validate-submission", ["computed", "per_trial", 0, "rescored"], 2.0, "per_trial[0].rescored: 2.0 is above 1"),
    ("export", ["files"], [], "export.files: empty"),
    ("export", ["files"], [3], "export.files[0]: expected string"),
]


class ContractRules(unittest.TestCase):
    def test_well_formed_documents_pass(self):
        for command, doc in GOOD.items():
            with self.subTest(command=command):
                self.assertEqual(rules.problems(command, doc), [])

    def test_gated_inspect_and_score_without_spec_pass(self):
        self.assertEqual(rules.problems("inspect", dict(INSPECT, features=None, gate=GATE, scored_body=None)), [])
        self.assertEqual(rules.problems("score", dict(SCORE, cad_spec_consistency=None, combined=None,
                                                      cad_spec_consistency_reason=None, icp=None,
                                                      bbox_gate=None, parameters=[])), [])

    def test_every_break_is_reported(self):
        for command, path, value, expected in BREAKS:
            label = f"{command} {'/'.join(map(str, path))} -> {'removed' if value is KeyError else repr(value)}"
            with self.subTest(label):
                found = rules.problems(command, broken(GOOD[command], path, value))
                self.assertTrue(any(expected in p for p in found),
                                f"expected a problem containing {expected!r}, got {found}")

    def test_every_shape_is_exercised_by_a_break(self):
        self.assertEqual(set(GOOD), set(rules.SHAPES))
        self.assertEqual({b[0] for b in BREAKS}, set(rules.SHAPES))

    def test_not_an_object_at_all(self):
        for command in rules.SHAPES:
            with self.subTest(command=command):
                self.assertEqual(rules.problems(command, [1, 2]), [f"{command}: expected object, got array [1, 2]"])

    def test_csv_and_latex_tables(self):
        header = rules.LEADERBOARD_CSV_HEADER
        row = ("1,a,m,10,61.50,50.00,72.00,70.00,,55.00,20.00,10.00,3.20,,4.50,mean of per-task rewards,"
               "60.00,80.00,,,40.00,70.00")
        self.assertEqual(rules.csv_problems(f"{header}\n{row}\n", 1), [])
        self.assertEqual(rules.csv_problems(f"# vernier-provenance: {{}}\n{header}\n{row}\n", 1), [])
        self.assertTrue(rules.csv_problems(f"{header}\n{row}\n", 2))                         # a row missing
        self.assertTrue(rules.csv_problems(f"{header}\n1,a,m\n", 1))                        # a short row
        self.assertTrue(rules.csv_problems(header.replace("overall,", "score,") + "\n", 0))  # a renamed column
        table = "\\begin{tabular}{rl}\n\\toprule\nh \\\\\n\\midrule\n1 & a \\\\\n\\bottomrule\n\\end{tabular}\n"
        self.assertEqual(rules.latex_problems(table, 1), [])
        self.assertTrue(rules.latex_problems(table, 2))
        self.assertTrue(rules.latex_problems(table.replace("\\toprule\n", ""), 1))


if __name__ == "__main__":
    unittest.main(verbosity=1)
