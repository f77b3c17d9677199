#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# The trial index on a large bundle (issue 18, Part 1; docs/index.md "Performance"). Medians of 3 runs, each
# in its own process, wall time and peak RSS from /usr/bin/time -f "%e %M":
#   floor                 list the bundle, read every result.json and reward file, parse nothing
#                         (build/bin/bench_index floor, 8 reader threads like the import)
#   import, no index      importResults with useIndex off (build/bin/bench_index import)
#   import, first open    importResults with no index yet: reads everything and writes the index
#   import, reopen        importResults with the index
#   import, 1 changed     the same after one trial's result.json was rewritten (that folder is read again)
#   import, 1 added       the same after a trial folder appeared in a job and the job's result.json was
#                         rewritten (a running job; the folders added are removed afterwards)
#   cli ...               `vernier-cli leaderboard` for the same three cases (process start, import,
#                         statistics, provenance hashes of the inputs, output)
#   zip ...               the same bundle as one zip (make_large_bundle.py --zip): its floor (central directory
#                         and every result.json/reward entry inflated, 8 threads), the import without and with the
#                         index, and the CLI
# Usage: bench/bench_index.sh [TRIALS (default 10000)] [WORKDIR (default /tmp/vernier-bench-index)]
# The page cache is warm for every row (a discarded first run reads the bundle once).
set -euo pipefail

TRIALS=${1:-10000}
WORK=${2:-/tmp/vernier-bench-index}
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
BIN=${VERNIER_BIN:-$SRC/build/bin}
PACK=$SRC/resources/sample/pack
BUNDLE=$WORK/large-$TRIALS
export VERNIER_CACHE_DIR=$WORK/cache # indexes go to $VERNIER_CACHE_DIR/index/
export QT_QPA_PLATFORM=offscreen

mkdir -p "$WORK"
if [ ! -d "$BUNDLE" ]; then
    python3 "$HERE/make_large_bundle.py" --trials "$TRIALS" --out "$BUNDLE" --zip >/dev/null
fi
ZIP=$BUNDLE.zip

timed() { /usr/bin/time -f "%e %M" -o "$WORK/time.txt" "$@" >/dev/null 2>&1 || echo "failed: $*" >&2; }
# median (by wall time) of three runs of "$@": "<seconds> <peak KiB>"
median3() {
    local out=()
    for _ in 1 2 3; do
        # A step that fails gives no figure (never the previous step's, left in time.txt).
        if ! "$@"; then
            echo "bench_index.sh: $* failed" >&2
            echo "nan 0"
            return
        fi
        out+=("$(tail -1 "$WORK/time.txt")")
    done
    printf '%s\n' "${out[@]}" | sort -n | sed -n 2p
}
drop_index() { rm -rf "$VERNIER_CACHE_DIR/index"; }
touch_one() {
    # Rewrite one trial's result.json in place (same bytes, new times): that folder is re-read.
    local f
    f=$(find "$BUNDLE" -maxdepth 3 -name result.json -path '*__*' | head -1)
    cp "$f" "$WORK/r.json" && cat "$WORK/r.json" >"$f"
}
add_one() {
    # A trial folder appears in a job (a copy of one under a new name, sorting first) and Harbor rewrites the
    # job's result.json, as while a job runs: the job folder is read one level deep, the new folder is read.
    local src job
    src=$(find "$BUNDLE" -mindepth 2 -maxdepth 2 -type d -name '*__*' | sort | head -1)
    job=$(dirname "$src")
    cp -r "$src" "$job/freecad-000added__$RANDOM$RANDOM"
    # (the sample's jobs, which make_large_bundle.py copies, are running jobs: they have no result.json yet)
    if [ -f "$job/result.json" ]; then
        cp "$job/result.json" "$WORK/job-result.json" && cat "$WORK/job-result.json" >"$job/result.json"
    fi
}
remove_added() { rm -rf "$BUNDLE"/*/freecad-000added__*; }
step() { timed "$BIN/bench_index" "$@"; }
floor() { step floor "$BUNDLE"; }
import_plain() { step import "$BUNDLE" "$PACK"; }
import_first() { drop_index && step first "$BUNDLE" "$PACK"; }
import_reopen() { step reopen "$BUNDLE" "$PACK"; }
import_changed() { touch_one && step reopen "$BUNDLE" "$PACK"; }
import_added() { add_one && step reopen "$BUNDLE" "$PACK"; }
cli() { timed "$BIN/vernier-cli" leaderboard "$BUNDLE" --tasks "$PACK" "$@"; }
cli_first() { drop_index && cli; }

row() {
    printf '| %-24s | %7s s | %5s MiB |\n' "$1" "$(cut -d' ' -f1 <<<"$2")" "$(($(cut -d' ' -f2 <<<"$2") / 1024))"
}

floor # warm the page cache
echo "trials: $TRIALS ($BUNDLE), $(nproc) cores, $("$BIN/vernier-cli" version | head -1)"
echo "| run | wall (median of 3) | peak RSS |"
echo "|---|---|---|"
row "floor (read files)" "$(median3 floor)"
row "import, no index" "$(median3 import_plain)"
row "import, first open" "$(median3 import_first)"
row "import, reopen (index)" "$(median3 import_reopen)"
row "import, 1 changed" "$(median3 import_changed)"
row "import, 1 added (live job)" "$(median3 import_added)"
remove_added
import_reopen # leave a current index
row "cli, no index" "$(median3 cli --no-index)"
row "cli, first open" "$(median3 cli_first)"
row "cli, reopen (index)" "$(median3 cli)"
if [ -f "$ZIP" ]; then
    zfloor() { step zipfloor "$ZIP"; }
    zimport_plain() { step import "$ZIP" "$PACK"; }
    zimport_first() { drop_index && step first "$ZIP" "$PACK"; }
    zimport_reopen() { step reopen "$ZIP" "$PACK"; }
    zcli() { timed "$BIN/vernier-cli" leaderboard "$ZIP" --tasks "$PACK" "$@"; }
    zfloor # warm the page cache
    row "zip floor (read entries)" "$(median3 zfloor)"
    row "zip import, no index" "$(median3 zimport_plain)"
    row "zip import, first open" "$(median3 zimport_first)"
    row "zip import, reopen" "$(median3 zimport_reopen)"
    zimport_reopen
    zcli_first() { drop_index && zcli; }
    row "zip cli, no index" "$(median3 zcli --no-index)"
    row "zip cli, first open" "$(median3 zcli_first)"
    row "zip cli, reopen (index)" "$(median3 zcli)"
fi
