#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Line coverage of each libFuzzer target over what every fuzzing run starts from — its committed corpus
# (fuzz/corpus/<target>/) and the seeds scripts/fuzz_seeds.py makes from the checkout (issue 19): builds
# the targets with clang source-based coverage (-fprofile-instr-generate -fcoverage-mapping, no sanitizers)
# into build-fuzz-cov, runs each over corpus and seeds once (libFuzzer -runs=0) and prints, per target, the line
# coverage of the files that target is about and of every Vernier source linked into it (llvm-profdata-14,
# llvm-cov-14). The table goes into docs/testing.md "Fuzzing".
#
#   scripts/fuzz-coverage.sh [TARGET...]
#
# The build waits for /tmp/vernier-build.lock when flock is there (the checkout is shared); JOBS (default 2).
#
# EDGES=1 builds nothing: it runs scripts/fuzz.sh's targets in build-fuzz over the same corpora with libFuzzer's
# -print_coverage=1 and prints edge coverage (SanitizerCoverage edges of the instrumented code) in the same
# table — quicker, coarser than lines.
set -euo pipefail
cd "$(dirname "$0")/.."
ALL_TARGETS=(fuzz_safe_zip fuzz_fcstd_document fuzz_document_xml fuzz_brep fuzz_spec_json fuzz_trial_files
             fuzz_job_files fuzz_task_toml fuzz_submission_manifest fuzz_atif_trajectory fuzz_workspace
             fuzz_cli_args fuzz_instruction_markdown fuzz_instruction_import fuzz_json_text)
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi
LLVM_SUFFIX="${LLVM_SUFFIX:--14}"
PROFDATA="llvm-profdata$LLVM_SUFFIX" COV="llvm-cov$LLVM_SUFFIX"
B=build-fuzz-cov
LOCK=()
command -v flock >/dev/null && LOCK=(flock /tmp/vernier-build.lock)

# The md4c source scripts/fuzz.sh fetched for the two instruction targets, when it is there.
MD4C=$(ls build-fuzz/md4c-*/md4c.c 2>/dev/null | tail -1 || true)
FLAGS="-fprofile-instr-generate -fcoverage-mapping"
EDGES="${EDGES:-0}"
[ "$EDGES" = 1 ] && B=build-fuzz
if [ "${SKIP_BUILD:-0}" != 1 ] && [ "$EDGES" != 1 ]; then
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
    -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_FLAGS="$FLAGS" -DCMAKE_CXX_FLAGS="$FLAGS" \
    -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" -DVERNIER_FUZZ=ON -DVERNIER_SANITIZE=OFF \
    -DVERNIER_BUILD_GUI=OFF -DVERNIER_BUILD_BENCH=OFF -DVERNIER_BUILD_TESTS=OFF \
    -DVERNIER_FUZZ_MD4C_SOURCE="${MD4C:+$PWD/$MD4C}" >/dev/null
"${LOCK[@]}" cmake --build "$B" -j"${JOBS:-2}" --target "${TARGETS[@]}"
fi

# The files each target is about (paths relative to the checkout; md4c.c is the fetched copy).
declare -A FOCUS=(
    [fuzz_safe_zip]="scoring/safe_zip.cpp"
    [fuzz_fcstd_document]="scoring/fcstd_document.cpp scoring/safe_zip.cpp scoring/brep_reader.cpp scoring/xml_text.cpp"
    [fuzz_document_xml]="scoring/fcstd_document.cpp scoring/xml_text.cpp"
    [fuzz_brep]="scoring/brep_reader.cpp scoring/brep_census.cpp"
    [fuzz_spec_json]="scoring/spec_parser.cpp scoring/spec_json.cpp"
    [fuzz_trial_files]="models/harbor_trial.cpp models/bundle_import.cpp models/trial_record.cpp models/time_parse.cpp"
    [fuzz_job_files]="models/bundle_import.cpp models/harbor_trial.cpp"
    [fuzz_task_toml]="models/task_pack.cpp"
    [fuzz_submission_manifest]="models/submission_manifest.cpp models/submission_checks.cpp models/submission_common.cpp models/submission_policy.cpp"
    [fuzz_atif_trajectory]="models/atif_common.cpp models/atif_index.cpp models/atif_step.cpp models/atif_trajectory.cpp"
    [fuzz_workspace]="models/workspace.cpp"
    [fuzz_cli_args]="app/cli/main.cpp app/cli/results_common.cpp"
    [fuzz_instruction_markdown]="${MD4C:-md4c.c}"
    [fuzz_instruction_import]="${MD4C:-md4c.c}"
    [fuzz_json_text]="models/json_text.cpp"
)

mkdir -p "$B/prof"
SEEDS=$B/seeds
python3 scripts/fuzz_seeds.py "$SEEDS"
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
KIND=lines
[ "$EDGES" = 1 ] && KIND=edges
printf '| target | inputs (corpus + seeds) | corpus | focus files | focus %s | Vernier %s (all linked) |\n' "$KIND" "$KIND"
printf '|---|---:|---:|---|---:|---:|\n'
for t in "${TARGETS[@]}"; do
    corpus=fuzz/corpus/$t
    [ -d "$corpus" ] || { echo "| \`$t\` | no corpus | | | | |"; continue; }
    mkdir -p "$SEEDS/$t"
    rm -f "$B/prof/$t".*
    if [ "$EDGES" = 1 ]; then
        "$B/fuzz/$t" -runs=0 -print_coverage=1 -timeout=60 -rss_limit_mb=4096 -artifact_prefix="$B/prof/" "$corpus" "$SEEDS/$t" >"$B/prof/$t.log" 2>&1 ||
            echo "   ($t exited non-zero, see $B/prof/$t.log)" >&2
    else
        if ! LLVM_PROFILE_FILE="$PWD/$B/prof/$t.%p.profraw" "$B/fuzz/$t" -runs=0 -timeout=60 -rss_limit_mb=4096 \
                -artifact_prefix="$B/prof/" "$corpus" "$SEEDS/$t" >"$B/prof/$t.log" 2>&1; then
            # An input that crashes the target ends the pass before its profile is written (OCCT on some
            # hostile BREP seeds: the fuzzing runs go past them with -ignore_crashes, the normal build answers
            # them with exit 2). Then each input runs alone, and the ones that crash are counted and left out.
            rm -f "$B/prof/$t".*.profraw
            crashed=0 total=0
            for f in "$corpus"/* "$SEEDS/$t"/*; do
                total=$((total + 1))
                LLVM_PROFILE_FILE="$PWD/$B/prof/$t.%p.profraw" "$B/fuzz/$t" -timeout=60 -rss_limit_mb=4096 \
                    -artifact_prefix="$B/prof/" "$f" >>"$B/prof/$t.log" 2>&1 || crashed=$((crashed + 1))
            done
            echo "   ($t: $crashed of $total inputs end the target alone, left out; see $B/prof/$t.log)" >&2
        fi
        "$PROFDATA" merge -sparse "$B/prof/$t".*.profraw -o "$B/prof/$t.profdata"
        "$COV" export -summary-only -instr-profile="$B/prof/$t.profdata" "$B/fuzz/$t" >"$B/prof/$t.json"
    fi
    python3 - "$EDGES" "$B/prof/$t" "$PWD" "$t" "$(ls "$corpus" | wc -l) + $(ls "$SEEDS/$t" | wc -l)" "$(du -sk --apparent-size "$corpus" | cut -f1)" \
        ${FOCUS[$t]} <<'PY'
import json, os, re, sys
edges, prefix, root, target, inputs, kib, *focus = sys.argv[1:]
focus = {os.path.normpath(os.path.join(root, f)) for f in focus}
counts = {}  # file -> [covered, total]
if edges == "1":
    # libFuzzer -print_coverage=1: "COVERED_FUNC: hits: H edges: C/N name file:line", "UNCOVERED_FUNC: ... 0/N".
    for line in open(prefix + ".log", errors="replace"):
        m = re.match(r"(?:UN)?COVERED_FUNC: hits: \d+ edges: (\d+)/(\d+) .* (/\S+?):\d+$", line.strip())
        if m:
            c = counts.setdefault(os.path.normpath(m.group(3)), [0, 0])
            c[0] += int(m.group(1)); c[1] += int(m.group(2))
else:
    for f in json.load(open(prefix + ".json"))["data"][0]["files"]:
        counts[os.path.normpath(f["filename"])] = [f["summary"]["lines"]["covered"], f["summary"]["lines"]["count"]]
def pct(sel):
    c = sum(counts[f][0] for f in sel); n = sum(counts[f][1] for f in sel)
    return f"{100.0 * c / n:.1f}% of {n}" if n else "n/a"
ours = [f for f in counts if f.startswith(root + "/") and "/build-fuzz" not in f]
mine = [f for f in counts if f in focus]
names = ", ".join(sorted(os.path.relpath(f, root) if f.startswith(root + "/") and "/build-fuzz" not in f
                         else os.path.basename(f) for f in focus))
print(f"| `{target}` | {inputs} | {kib} KiB | {names} | {pct(mine)} | {pct(ours)} |")
PY
done
