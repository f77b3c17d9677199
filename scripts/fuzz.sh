#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer targets (fuzz/) with clang + ASan/UBSan into build-fuzz and runs each for N seconds,
# one target at a time, starting from the committed corpus fuzz/corpus/<target>/ and seeds made from tests/data,
# docs/ and the sample bundle (issues 8, 19). Not part of scripts/deps.sh: clang is only needed here.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET=60] [TARGET...]     e.g. scripts/fuzz.sh 3600 fuzz_brep
#
# After each target's run its new inputs are merged (libFuzzer -merge=1; inputs over CORPUS_MAX_BYTES, and the
# larger ones while the folder is over CORPUS_BUDGET, left out) into a minimal fuzz/corpus/<target>/ that the
# next run resumes from (MERGE=0: no merge), and a line `date target seconds executions ooms timeouts crashes`
# is appended to fuzz/ledger.tsv, so the executions of all sessions add up (the summary at the end). Commit
# both. Findings land in build-fuzz/fuzz/findings/<target>/ (crash-*, timeout-*, oom-*); the script exits 1 if
# any target found a crash or timeout. Turn each into a regression input under
# tests/data/hostile/fuzz-regressions/<target>/. Environment: SKIP_BUILD=1 runs the targets already built;
# JOBS (default 2) for the build, which waits for /tmp/vernier-build.lock when flock is there (the checkout is
# shared); NICE (default 19) for the fuzzing processes.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-60}"
shift || true
ALL_TARGETS=(fuzz_safe_zip fuzz_fcstd_document fuzz_document_xml fuzz_brep fuzz_spec_json fuzz_trial_files
             fuzz_task_toml fuzz_submission_manifest fuzz_atif_trajectory fuzz_workspace fuzz_job_files
             fuzz_cli_args fuzz_instruction_markdown fuzz_instruction_import fuzz_json_text)
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi

if ! command -v clang++ >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a \
        >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get install -y --no-install-recommends clang libclang-rt-14-dev
fi

JOBS="${JOBS:-2}"
NICE="${NICE:-19}"
LOCK=()
command -v flock >/dev/null && LOCK=(flock /tmp/vernier-build.lock)
# fuzz_instruction_markdown carries an instrumented copy of the md4c that Qt's Markdown importer uses
# (fuzz/CMakeLists.txt): the source of the installed version, fetched once. Without it the target still runs.
md4c_source() {
    local version dir
    version=$(dpkg-query -W -f='${Version}' libmd4c0 2>/dev/null | sed 's/-[^-]*$//') || return 0
    [ -n "$version" ] || return 0
    dir=build-fuzz/md4c-$version
    if [ ! -f "$dir/md4c.c" ]; then
        mkdir -p "$dir"
        # The release from GitHub, or the same tarball as Debian's source package has it (its pool is
        # reachable wherever apt-get is).
        for url in "https://github.com/mity/md4c/archive/refs/tags/release-$version.tar.gz" \
                   "http://deb.debian.org/debian/pool/main/m/md4c/md4c_$version.orig.tar.gz"; do
            curl -fsSL -m 60 "$url" 2>/dev/null |
                tar -xz -C "$dir" --strip-components=2 "md4c-release-$version/src/md4c.c" \
                    "md4c-release-$version/src/md4c.h" 2>/dev/null && break
        done
    fi
    [ -f "$dir/md4c.c" ] && echo "$PWD/$dir/md4c.c"
    return 0
}
if [ "${SKIP_BUILD:-0}" != 1 ]; then  # SKIP_BUILD=1: run the targets already in build-fuzz
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
    -DCMAKE_CXX_COMPILER=clang++ -DVERNIER_FUZZ=ON -DVERNIER_SANITIZE=ON -DVERNIER_BUILD_GUI=OFF \
    -DVERNIER_BUILD_BENCH=OFF -DVERNIER_FUZZ_MD4C_SOURCE="$(md4c_source)" >/dev/null
"${LOCK[@]}" cmake --build build-fuzz -j"$JOBS" --target "${TARGETS[@]}"
fi

# Seed corpora: real documents and their parts, the hostile corpus, the sample bundle's metadata files
# (scripts/fuzz_seeds.py).
SEEDS=build-fuzz/fuzz/seeds
python3 scripts/fuzz_seeds.py "$SEEDS"

LEDGER=fuzz/ledger.tsv
[ -s "$LEDGER" ] || printf 'date\ttarget\tseconds\texecutions\tooms\ttimeouts\tcrashes\n' >"$LEDGER"
CORPUS_MAX_BYTES="${CORPUS_MAX_BYTES:-65536}"  # largest input kept in fuzz/corpus/<target>/
CORPUS_BUDGET="${CORPUS_BUDGET:-262144}"        # bytes of fuzz/corpus/<target>/ at most (halving the above)
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
for t in "${TARGETS[@]}"; do
    corpus=build-fuzz/fuzz/corpus/$t findings=build-fuzz/fuzz/findings/$t committed=fuzz/corpus/$t
    log=build-fuzz/fuzz/$t.log
    mkdir -p "$corpus" "$findings" "$committed" "$SEEDS/$t"
    if [ ! -x "build-fuzz/fuzz/$t" ]; then
        # SKIP_BUILD=1 with a target an earlier run did not build: nothing ran, so nothing goes in the ledger.
        echo "== $t: not built (run without SKIP_BUILD=1)"
        status=1
        continue
    fi
    echo "== $t: ${SECONDS_PER_TARGET}s"
    # OCCT sizes arrays from counts in the file before finding the data missing: under ASan such a huge
    # allocation becomes resident (shadow, quarantine) and trips the RSS limit, while a normal build only
    # reserves it (a few pages) and, under a ulimit, reports "absurd sizes" (tested by
    # HostileCorpus.AbsurdBrepCountsUnderAMemoryLimitExitTwo). So fork mode ignores OOMs and keeps going;
    # they are saved as oom-* and listed, crashes and timeouts fail the run.
    # OCCT keeps process-wide caches alive until exit: leak reports there are noise, not findings.
    # Per target: OCCT segfaults on some BREP inputs (tests/data/hostile/fuzz-crash/: answered with exit 2 by
    # the normal build, whose signal handler turns it into an exception; ASan catches the SIGSEGV first), and its
    # corpus sits next to them, so fork mode would stop within a second: those targets go on after a crash (it is
    # still saved and counted). An instruction.md is a few KiB; 256 KiB inputs made the Markdown target crawl
    # (2 executions a second), so it gets 4 KiB (100-130 executions a second on its corpus, laying each out
    # costs ~10 ms under ASan), as the parsing target does (at 16 KiB it ran at 59-470 executions a second, ~900 at 4 KiB; its
    # merged corpus keeps inputs under 2 KiB anyway).
    extra=() max_len=262144 budget=$CORPUS_BUDGET
    case $t in
    fuzz_brep | fuzz_fcstd_document) extra=(-ignore_crashes=1) ;;
    fuzz_instruction_markdown) max_len=4096 ;;
    fuzz_instruction_import) max_len=4096 ;;
    esac
    # FCStd documents are zips of several entries: under 256 KiB their minimised corpus kept only inputs below
    # 4 KiB and lost coverage (68.7 -> 62.2 % of the focus lines); they get 1 MiB. So do Document.xml files,
    # which are long by nature: halving the input limit to fit 256 KiB lost 67.1 -> 57.1 % of their focus lines.
    case "$t" in fuzz_fcstd_document|fuzz_document_xml) budget=$((CORPUS_BUDGET * 4)) ;; esac
    start=$(date +%s)
    stamp=build-fuzz/fuzz/$t.start
    touch "$stamp"
    nice -n "$NICE" "build-fuzz/fuzz/$t" -fork=1 -ignore_ooms=1 "${extra[@]}" -max_total_time="$SECONDS_PER_TARGET" \
        -timeout=25 -rss_limit_mb=2560 -max_len="$max_len" -artifact_prefix="$findings/" \
        "$corpus" "$committed" "$SEEDS/$t" >"$log" 2>&1 || true
    seconds=$(($(date +%s) - start))
    # Fork mode's status line after each job sums the executions of every job so far; the last one is the run's.
    last=$(grep -aE "^#[0-9]+: cov" "$log" | tail -1 || true)
    echo "   ${last:-no status line (see $log)}"
    execs=$(sed -nE 's/^#([0-9]+):.*/\1/p' <<<"$last")
    # Findings: fork mode's status line counts them ("oom/timeout/crash: A/B/C"; its jobs report in their own
    # logs, not in $log); without a status line (it stops at the first crash unless told to go on), the
    # artifacts this run wrote.
    counts=$(sed -nE 's|.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*|\1 \2 \3|p' <<<"$last")
    # A run that stops at a crash prints its last status line before it, so the artifacts count too: the
    # larger of the two (a crash of 2026-12-07 went into the ledger as none).
    ooms=$(find "$findings" -name 'oom-*' -newer "$stamp" 2>/dev/null | wc -l)
    timeouts=$(find "$findings" -name 'timeout-*' -newer "$stamp" 2>/dev/null | wc -l)
    crashes=$(find "$findings" -name 'crash-*' -newer "$stamp" 2>/dev/null | wc -l)
    if [ -n "$counts" ]; then
        read -r status_ooms status_timeouts status_crashes <<<"$counts"
        ooms=$((status_ooms > ooms ? status_ooms : ooms))
        timeouts=$((status_timeouts > timeouts ? status_timeouts : timeouts))
        crashes=$((status_crashes > crashes ? status_crashes : crashes))
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$t" "$seconds" "${execs:-0}" \
        "$ooms" "$timeouts" "$crashes" >>"$LEDGER"
    if [ "${MERGE:-1}" = 1 ]; then
        # A minimal corpus with the coverage of the committed one and this run's inputs beyond the seeds'
        # (libFuzzer keeps the smallest input for each feature); over CORPUS_BUDGET bytes the larger inputs are
        # left out. The seeds are put in first, whole, and taken out again afterwards (every run and every
        # coverage measurement starts from them anyway): when they were merged like any input, halving the size
        # limit to fit the budget dropped every real file over 1 KiB — five corpora had come down to inputs under
        # 1 KiB, and fuzz_job_files' focus coverage from 49 to 39 %.
        limit=$CORPUS_MAX_BYTES
        while :; do
            all=$(mktemp -d) fresh=$(mktemp -d)
            for d in "$committed" "$corpus"; do  # one cp per folder: the same name may be in both
                find "$d" -maxdepth 1 -type f -size -"$limit"c -exec cp -t "$all" {} +
            done
            find "$SEEDS/$t" -maxdepth 1 -type f -exec cp -t "$fresh" {} +
            # (-max_len as in the run, so that the seeds count whole, as the run saw them; the other inputs are
            # under $limit already. -artifact_prefix: an input that runs out of memory during the merge is written
            # there, not into the checkout.)
            if nice -n "$NICE" "build-fuzz/fuzz/$t" -merge=1 -timeout=25 -rss_limit_mb=2560 -max_len="$max_len" \
                    -artifact_prefix="$findings/" "$fresh" "$all" >"$log.merge" 2>&1; then
                (cd "$SEEDS/$t" && find . -maxdepth 1 -type f -printf '%f\0') | (cd "$fresh" && xargs -0r rm -f --)
                bytes=$(du -sb --apparent-size "$fresh" | cut -f1)
                if [ "$bytes" -le "$budget" ] || [ "$limit" -le 1024 ]; then
                    rm -f "$committed"/*
                    find "$fresh" -maxdepth 1 -type f -exec cp -t "$committed" {} +
                    rm -rf "$all" "$fresh"
                    break
                fi
                limit=$((limit / 2))
            else
                echo "   merge failed, $committed kept (see $log.merge)"
                rm -rf "$all" "$fresh"
                break
            fi
            rm -rf "$all" "$fresh"
        done
        echo "   corpus: $(ls "$committed" | wc -l) inputs, $(du -sb --apparent-size "$committed" | cut -f1) bytes" \
             "(inputs under $limit bytes)"
    fi
    # The harnesses' scratch folders (fuzz/harness.h scratch()) of the processes that have ended.
    for d in /dev/shm/vernier-fuzz-*-[0-9]*; do
        { [ -d "$d" ] && ! kill -0 "${d##*-}" 2>/dev/null && rm -rf "$d"; } || true
    done
    if ls "$findings"/oom-* >/dev/null 2>&1; then
        echo "   $t: $(ls "$findings"/oom-* | wc -l) out-of-memory input(s) in $findings (see comment above)"
    fi
    if ls "$findings"/crash-* "$findings"/timeout-* >/dev/null 2>&1; then
        echo "!! $t: crashes or timeouts in $findings"
        status=1
    fi
done
echo "== all sessions (fuzz/ledger.tsv): target, seconds, executions"
awk -F'\t' 'NR > 1 { s[$2] += $3; e[$2] += $4 } END { for (t in s) printf "   %-28s %8d %12d\n", t, s[t], e[t] }' \
    "$LEDGER" | sort
exit $status
