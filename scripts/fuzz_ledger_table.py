#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""The executions table of docs/testing.md "Fuzzing", from fuzz/ledger.tsv (written by scripts/fuzz.sh).

    python3 scripts/fuzz_ledger_table.py [--since 2026-12-06T05:00:00Z] [--ledger fuzz/ledger.tsv]

Per target: executions over all sessions (bold from 10^7 on), those of the rows dated at or after --since (the
latest session), fuzzing seconds, the rate (executions over seconds), hours left to 10^7 at that rate, and
crashes / timeouts / ooms. Prints Markdown to stdout.
"""
import argparse
import collections
import csv
import sys

GOAL = 10_000_000


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ledger", default="fuzz/ledger.tsv")
    ap.add_argument("--since", default="", help="ISO date-time (UTC, as the ledger writes it) of the session start")
    args = ap.parse_args()

    total = collections.defaultdict(lambda: {"exec": 0, "latest": 0, "sec": 0, "ooms": 0, "timeouts": 0,
                                             "crashes": 0})
    with open(args.ledger, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            t = total[row["target"]]
            executions = int(row["executions"])
            t["exec"] += executions
            t["sec"] += int(row["seconds"])
            for k in ("ooms", "timeouts", "crashes"):
                t[k] += int(row[k])
            if args.since and row["date"] >= args.since:
                t["latest"] += executions

    out = sys.stdout
    out.write("| target | executions (all sessions) | latest session | seconds | executions/s | "
              "hours to 10⁷ at that rate | crashes / timeouts / ooms |\n")
    out.write("|---|---:|---:|---:|---:|---:|---|\n")
    for name in sorted(total):
        t = total[name]
        rate = t["exec"] / t["sec"] if t["sec"] else 0
        executions = f"{t['exec']:,}"
        if t["exec"] >= GOAL:
            executions, left = f"**{executions}**", "done"
        else:
            left = f"{(GOAL - t['exec']) / rate / 3600:.1f}" if rate else "—"
        out.write(f"| `{name}` | {executions} | {t['latest']:,} | {t['sec']:,} | {rate:,.0f} | {left} | "
                  f"{t['crashes']} / {t['timeouts']} / {t['ooms']} |\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
