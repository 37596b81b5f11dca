#!/usr/bin/env bash
# LayoutLab versus kiwi, side by side, in one run (issue 6, DESIGN.md section 8).
#
#   Benchmarks/run.sh                  N = 100, 1 000, 10 000; 60 s cap per case and side
#   Benchmarks/run.sh --quick          N = 100 only, 500 drag steps, 30 s cap: a correctness
#                                      check for CI (exit 1 when a check fails), not a timing
#   Benchmarks/run.sh --cap SECONDS    another per-case time cap
#   Benchmarks/run.sh --only WORKLOAD  one workload (repeatable), e.g. --only chain-squeezed
#   Benchmarks/run.sh --sizes "100 1000"
#   Benchmarks/run.sh --big-cap SECONDS  the cap of the shell-memory rows (N = 10 000, 100 000;
#                                      default 5 × the cap: 100 000 views take over a minute)
#   LAYOUTLAB_SKIP_SHELL=1 ...         no shell rows (f); LAYOUTLAB_BIN=PATH uses that layoutlab
#                                      instead of building it in release mode (CI: its debug build)
#
# It fetches kiwi's headers from PyPI's kiwisolver 1.5.1 sdist into Benchmarks/.kiwi (never
# committed), builds Benchmarks/kiwi/bench.cpp with g++ -O2 -std=c++17 and the Swift harness
# (Benchmarks/Sources/SolverBench, its own package, release mode, scratch path Benchmarks/.build),
# runs the same fixed workloads on both, each case in a child process under a time cap, and
# prints: workload, N, kiwi time, LayoutLab time, ratio LayoutLab/kiwi, and whether both results
# agree (every required constraint holds within 1e-6, and the total error at each optional
# strength is the same optimum on both sides; "same values" when the sums of all variable values
# agree as well). Chains, grid: time to add every constraint and read the solution. Drag: µs per
# step (suggest + read every value). Remove: time to remove every constraint of the loose chain
# (in insertion order, in reverse, or in a seeded shuffle: the same LCG on both sides).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
kiwi_version=1.5.1

quick=0
cap=60
big_cap=""
sizes="100 1000 10000"
steps=10000
only=()
while (( $# )); do
    case "$1" in
        --quick) quick=1; sizes="100"; steps=500; cap=30 ;;
        --cap) cap="$2"; shift ;;
        --cap=*) cap="${1#--cap=}" ;;
        --sizes) sizes="$2"; shift ;;
        --big-cap) big_cap="$2"; shift ;;
        --only) only+=("$2"); shift ;;
        -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "run.sh: unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

log() { echo "run.sh: $*" >&2; }

# --- kiwi ---------------------------------------------------------------------------------
kiwi_dir="$here/.kiwi"
kiwi_src="$kiwi_dir/kiwisolver-$kiwi_version"
if [[ ! -f "$kiwi_src/kiwi/kiwi.h" ]]; then
    mkdir -p "$kiwi_dir"
    if ! ls "$kiwi_dir"/kiwisolver-"$kiwi_version".tar.gz >/dev/null 2>&1; then
        log "downloading kiwisolver==$kiwi_version sdist"
        pip=(pip)
        command -v pip >/dev/null 2>&1 || pip=(python3 -m pip)
        "${pip[@]}" download "kiwisolver==$kiwi_version" --no-binary :all: --no-deps \
            -d "$kiwi_dir" >"$kiwi_dir/pip.log" 2>&1 || { cat "$kiwi_dir/pip.log" >&2; exit 1; }
    fi
    tar -xzf "$kiwi_dir/kiwisolver-$kiwi_version.tar.gz" -C "$kiwi_dir"
fi
kiwi_bin="$kiwi_dir/bench"
if [[ ! -x "$kiwi_bin" || "$here/kiwi/bench.cpp" -nt "$kiwi_bin" ]]; then
    log "building kiwi harness (g++ -O2 -std=c++17)"
    g++ -O2 -std=c++17 -I "$kiwi_src" "$here/kiwi/bench.cpp" -o "$kiwi_bin"
fi

# --- LayoutLab ----------------------------------------------------------------------------
mkdir -p "$here/.build"
log "building LayoutLab harness (swift build -c release)"
swift build -c release --package-path "$here" --scratch-path "$here/.build" >"$here/.build/build.log" 2>&1 \
    || { cat "$here/.build/build.log" >&2; exit 1; }
ours_bin="$here/.build/release/SolverBench"

# The shell workload needs the layoutlab executable with `view`, constraints and `--final`.
shell_bin=""
if [[ -z "${LAYOUTLAB_SKIP_SHELL:-}" ]]; then
    shell_scratch="$here/.build/shell"
    if [[ -n "${LAYOUTLAB_BIN:-}" ]]; then
        # An already built layoutlab (CI passes its debug build: correctness only, no rebuild).
        candidate="$LAYOUTLAB_BIN"
        probe=$(printf 'root 200x100\nview a\na.left == root.left + 10\na.width == 50\n' \
            | "$candidate" --json --final - 2>/dev/null || true)
        [[ -x "$candidate" && "$probe" == *'"frames"'*'"a"'* ]] && shell_bin="$candidate"
    elif swift build -c release --package-path "$root" --scratch-path "$shell_scratch" --product layoutlab \
        >"$here/.build/shell-build.log" 2>&1; then
        candidate="$(swift build -c release --package-path "$root" --scratch-path "$shell_scratch" --show-bin-path 2>/dev/null)/layoutlab"
        # The real session engine answers with frames (the stand-in engine only echoes lines).
        probe=$(printf 'root 200x100\nview a\na.left == root.left + 10\na.width == 50\n' \
            | "$candidate" --json --final - 2>/dev/null || true)
        if [[ -x "$candidate" ]] && "$candidate" --help >/dev/null 2>&1 && [[ "$probe" == *'"frames"'*'"a"'* ]]; then
            shell_bin="$candidate"
        fi
    fi
    [[ -n "$shell_bin" ]] || log "layoutlab not usable yet (see Benchmarks/.build/shell-build.log): shell rows skipped"
fi

# --- running cases ------------------------------------------------------------------------
# run_case BIN WORKLOAD N -> prints the harness line, or "TIMEOUT", or "ERROR <status>"
run_case() {
    local out status=0
    out=$(timeout --kill-after=5 "$cap" "$@" 2>/dev/null) || status=$?
    if (( status == 124 || status == 137 )); then echo "TIMEOUT"
    elif (( status != 0 )); then echo "ERROR $status"
    else echo "$out"; fi
}

field() { sed -n "s/.*[[:space:]]\{0,1\}$2=\([^ ]*\).*/\1/p" <<<"$1" | head -1; }

# Expected optimum (total error at strong, medium, weak) where it has a closed form.
expected_obj() {
    local w=$1 n=$2
    case "$w" in
        chain-loose|remove-*) echo "0,0,0" ;;
        chain-squeezed) awk -v n="$n" 'BEGIN { printf "0,0,%.9g", 48*n - 8 }' ;;
        grid) awk -v n="$n" 'BEGIN { k = int(sqrt(n) + 0.5); printf "0,%.9g,0", k * (22*k + 8) }' ;;
        *) echo "" ;;
    esac
}

# same_obj A B: the three comma-separated totals agree within 1e-6 (relative above 1).
same_obj() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        na = split(a, x, ","); nb = split(b, y, ",")
        if (na != 3 || nb != 3) exit 1
        for (i = 1; i <= 3; i++) {
            d = x[i] - y[i]; if (d < 0) d = -d
            m = x[i] < 0 ? -x[i] : x[i]; if (m < 1) m = 1
            if (d > 1e-6 * m) exit 1
        }
        exit 0 }'
}
close_enough() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; m = a < 0 ? -a : a; if (m < 1) m = 1; exit !(d <= 1e-6 * m) }'; }
feasible() { awk -v v="$1" 'BEGIN { exit !(v + 0 <= 1e-6) }'; }

fmt_time() { # seconds [per-step count]
    awk -v t="$1" -v s="${2:-1}" -v full="${3:-1}" 'BEGIN {
        if (s > 1 || full > 1) {
            printf "%.1f µs/step", t / s * 1e6
            if (s < full) printf " (%d steps)", s
            exit }
        if (t < 1e-3) printf "%.3f ms", t * 1e3
        else if (t < 1) printf "%.1f ms", t * 1e3
        else printf "%.2f s", t }'
}

failures=0
rows=()
row() { rows+=("$(printf '%-16s %6s  %16s  %16s  %8s  %s' "$@")"); printf '%-16s %6s  %16s  %16s  %8s  %s\n' "$@"; }

workloads=(chain-loose chain-squeezed drag-deep drag-edge remove-forward remove-reverse remove-random remove-edge-last grid)
if (( ${#only[@]} )); then workloads=("${only[@]}"); fi

printf '%-16s %6s  %16s  %16s  %8s  %s\n' workload N kiwi LayoutLab ratio check
printf '%-16s %6s  %16s  %16s  %8s  %s\n' ---------------- ------ ---------------- ---------------- -------- -----
for w in "${workloads[@]}"; do
    [[ "$w" == shell* ]] && continue
    for n in $sizes; do
        # A drag that cannot do all its steps within half the cap reports µs per step over the
        # steps it did (shown as "(k steps)"); setup past the cap is "> cap".
        budget=$(awk -v c="$cap" 'BEGIN { print c / 2 }')
        k_out=$(run_case "$kiwi_bin" "$w" "$n" "$steps" "$budget")
        o_out=$(run_case "$ours_bin" "$w" "$n" "$steps" "$budget")
        k_time="" o_time="" ratio="—" check=""
        full=1; [[ "$w" == drag-* ]] && full=$steps
        if [[ "$k_out" == time_s=* ]]; then k_time=$(field "$k_out" time_s); k_show=$(fmt_time "$k_time" "$(field "$k_out" steps)" "$full")
        elif [[ "$k_out" == TIMEOUT ]]; then k_show="> $cap s"
        else k_show="$k_out"; fi
        if [[ "$o_out" == time_s=* ]]; then o_time=$(field "$o_out" time_s); o_show=$(fmt_time "$o_time" "$(field "$o_out" steps)" "$full")
        elif [[ "$o_out" == TIMEOUT ]]; then o_show="> $cap s"
        else o_show="$o_out"; fi

        if [[ -n "$k_time" && -n "$o_time" ]]; then
            ratio=$(awk -v a="$o_time" -v as="$(field "$o_out" steps)" -v b="$k_time" -v bs="$(field "$k_out" steps)" \
                'BEGIN { if (b > 0) printf "%.2f", (a / as) / (b / bs); else print "—" }')
        elif [[ -n "$o_time" && "$k_out" == TIMEOUT && "$w" != drag-* ]]; then
            ratio=$(awk -v a="$o_time" -v c="$cap" 'BEGIN { printf "< %.3g", a / c }')
        fi

        o_ok=1
        if [[ -n "$o_time" ]]; then
            feasible "$(field "$o_out" viol)" || { o_ok=0; check="FAIL: LayoutLab violates a required constraint by $(field "$o_out" viol)"; }
        else
            o_ok=0; check="FAIL: LayoutLab did not finish ($o_out)"
            [[ "$o_out" == TIMEOUT ]] && check="LayoutLab over the cap"
        fi
        if (( o_ok )); then
            o_obj=$(field "$o_out" obj)
            if [[ -n "$k_time" ]]; then
                k_obj=$(field "$k_out" obj)
                if ! feasible "$(field "$k_out" viol)"; then
                    check="kiwi infeasible?!"
                elif same_obj "$o_obj" "$k_obj"; then
                    if close_enough "$(field "$o_out" sum)" "$(field "$k_out" sum)"; then check="ok, same values"
                    else check="ok, same optimum ($o_obj)"; fi
                else
                    check="FAIL: optimum $o_obj, kiwi $k_obj"
                fi
            else
                expect=$(expected_obj "$w" "$n")
                if [[ -z "$expect" ]]; then check="ok (feasible; kiwi n/a)"
                elif same_obj "$o_obj" "$expect"; then check="ok (optimum $o_obj as computed)"
                else check="FAIL: optimum $o_obj, expected $expect"; fi
            fi
        fi
        [[ "$check" == FAIL* || "$check" == kiwi\ infeasible* ]] && failures=$((failures + 1))
        row "$w" "$n" "$k_show" "$o_show" "$ratio" "$check"
    done
done

# --- (f) the whole shell replaying a generated session --------------------------------------
# Benchmarks/shell_bench.py writes the squeezed chain as a script: `root 60Nx600`, N views, per
# view `left` chain, `width >= 20`, `width == 100 @1`, `top == root.top`, `height == 44`, and the
# last right edge `<= root.right` (5N + 1 constraints; the widths share one weak level, so they
# are genuinely ambiguous and every report says so — exact ambiguity is part of the work).
# Rows: shell-final (`--final FILE`, whole process), shell-every (a text report after every
# input, to /dev/null), shell-input (median of 50 single-constraint inputs, each with its full
# text report, at N from 1 000 — 100 with --quick — timed over a pipe), shell-startup (`--version`,
# hyperfine), shell-pinned (a report after every input on a chain whose widths are each pinned
# by `>=` and `<=`: thousands of degenerate rows, which exact ambiguity must handle group by
# group), shell-exercise (`exercise` after `load`, N from 1 000), shell-memory (`--final` on
# 10 000 and 100 000 views: time and peak memory per view), shell-mem-undo (the same
# layout loaded at the prompt and its load undone). The checks replay with
# `--final --json` and compare every frame with the expected layout (shell_bench.py check /
# check-pinned). No kiwi column.
shell_py=(python3 "$here/shell_bench.py")
run_shell() { # N mode(final|every|pinned) -> seconds or TIMEOUT/ERROR
    local n=$1 mode=$2 script="$here/.build/session-$1.lal" t0 t1 status=0
    if [[ "$mode" == pinned ]]; then
        script="$here/.build/pinned-$1.lal"
        "${shell_py[@]}" pinned "$n" >"$script"
    else
        "${shell_py[@]}" gen "$n" >"$script"
    fi
    local args=("$script")
    [[ "$mode" == final ]] && args=(--final "$script")
    t0=$(date +%s.%N)
    timeout --kill-after=5 "$cap" "$shell_bin" "${args[@]}" >/dev/null 2>&1 || status=$?
    t1=$(date +%s.%N)
    if (( status == 124 || status == 137 )); then echo TIMEOUT
    elif (( status != 0 )); then echo "ERROR $status"
    else awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }'; fi
}
shell_check() { # N [pinned] -> "ok …" or "FAIL: …"
    local n=$1 kind=${2:-session} status=0 why
    local script="$here/.build/$kind-$n.lal" json="$here/.build/$kind-$n.json"
    timeout --kill-after=5 "$cap" "$shell_bin" --final --json "$script" >"$json" 2>/dev/null || status=$?
    if (( status == 124 || status == 137 )); then echo "not checked (--json over the cap)"; return; fi
    (( status == 0 )) || { echo "FAIL: layoutlab --final --json exited with $status"; return; }
    if [[ "$kind" == pinned ]]; then
        if why=$("${shell_py[@]}" check-pinned "$n" "$json" 2>&1); then echo "ok, pinned widths, nothing ambiguous"
        else echo "FAIL: ${why:-check failed}"; fi
    elif why=$("${shell_py[@]}" check "$n" "$json" 2>&1); then echo "ok, squeezed-chain frames and ambiguity"
    else echo "FAIL: ${why:-check failed}"; fi
}
want_shell=1
if (( ${#only[@]} )); then want_shell=0; for w in "${only[@]}"; do [[ "$w" == shell* ]] && want_shell=1; done; fi
if (( want_shell )); then
    if [[ -n "$shell_bin" ]]; then
        for mode in final every pinned; do
            for n in $sizes; do
                t=$(run_shell "$n" "$mode")
                case "$t" in
                    TIMEOUT) row "shell-$mode" "$n" "—" "> $cap s" "—" "over the cap" ;;
                    ERROR*) row "shell-$mode" "$n" "—" "$t" "—" "FAIL: layoutlab exited with ${t#ERROR }"; failures=$((failures + 1)) ;;
                    *)  check="ok (exit 0; whole process)"
                        [[ "$mode" == final ]] && check=$(shell_check "$n")
                        [[ "$mode" == pinned ]] && check=$(shell_check "$n" pinned)
                        [[ "$check" == FAIL* ]] && failures=$((failures + 1))
                        row "shell-$mode" "$n" "—" "$(fmt_time "$t")" "—" "$check" ;;
                esac
            done
        done
        # One input's full report: median over a pipe, and the mean by difference of two replays
        # (`load` + 0 or 50 inputs) as a cross-check; at the sizes from 1 000 up (100 with --quick).
        for n_in in $sizes; do
            (( quick || n_in >= 1000 )) || continue
            (( quick )) && n_in=100
            script="$here/.build/session-$n_in.lal"
            "${shell_py[@]}" gen "$n_in" >"$script"
            if out=$(timeout --kill-after=5 "$cap" "${shell_py[@]}" input "$shell_bin" "$script" "$n_in" 50 2>&1); then
                med=$(field " $out" median_s)
                printf 'load %s\n' "$script" >"$here/.build/input-0.lal"
                { printf 'load %s\n' "$script"; "${shell_py[@]}" extra "$n_in" 50; } >"$here/.build/input-50.lal"
                t_a=$(date +%s.%N); "$shell_bin" "$here/.build/input-0.lal" >/dev/null 2>&1
                t_b=$(date +%s.%N); "$shell_bin" "$here/.build/input-50.lal" >/dev/null 2>&1
                t_c=$(date +%s.%N)
                mean=$(awk -v a="$t_a" -v b="$t_b" -v c="$t_c" 'BEGIN { printf "%.2f", ((c - b) - (b - a)) / 50 * 1e3 }')
                row "shell-input" "$n_in" "—" "$(awk -v t="$med" 'BEGIN { printf "%.2f ms/input", t * 1e3 }')" "—" \
                    "ok (median of 50; mean by difference $mean ms)"
            else
                row "shell-input" "$n_in" "—" "ERROR" "—" "FAIL: ${out:0:120}"; failures=$((failures + 1))
            fi
            (( quick )) && break
        done
        # The inputs that change nothing on the same chain, each with its full report: a typo,
        # `frames` (every row printed), `explain v7.width` and `explain` of the left edge of the
        # middle view (exact ranges over the whole face; the middle edge's moves half the chain's
        # widths to their other bound); median of 11 after `load`, at the sizes from 1 000 up
        # (100 with --quick).
        for n in $sizes; do
            (( quick || n >= 1000 )) || continue
            (( quick )) && n=100
            script="$here/.build/session-$n.lal"
            "${shell_py[@]}" gen "$n" >"$script"
            middle="v$((n / 2)).left"
            if out=$(timeout --kill-after=5 "$cap" "${shell_py[@]}" lines "$shell_bin" "$script" 11 '%' frames 'explain v7.width' "explain $middle" 2>&1); then
                for key in % frames explain_v7.width "explain_$middle"; do
                    row "shell-line" "$n" "—" "$(awk -v t="$(field " $out" "$key")" 'BEGIN { printf "%.2f ms", t * 1e3 }')" "—" \
                        "ok (\`${key//_/ }\` after \`load\`, median of 11)"
                done
            elif [[ -z "$out" ]]; then
                row "shell-line" "$n" "—" "> $cap s" "—" "over the cap"
            else
                row "shell-line" "$n" "—" "ERROR" "—" "FAIL: ${out:0:120}"; failures=$((failures + 1))
            fi
            (( quick )) && break
        done
        # `exercise` on the ambiguous chain (one command, its whole answer, over a pipe after
        # `load`), at the sizes from 1 000 up (100 with --quick): it must grow linearly.
        for n in $sizes; do
            (( quick || n >= 1000 )) || continue
            script="$here/.build/session-$n.lal"
            "${shell_py[@]}" gen "$n" >"$script"
            if out=$(timeout --kill-after=5 "$cap" "${shell_py[@]}" lines "$shell_bin" "$script" 1 exercise 2>&1); then
                row "shell-exercise" "$n" "—" "$(fmt_time "$(field " $out" exercise)")" "—" "ok (one \`exercise\` after \`load\`)"
            elif [[ -z "$out" ]]; then
                row "shell-exercise" "$n" "—" "> $cap s" "—" "over the cap"
            else
                row "shell-exercise" "$n" "—" "ERROR" "—" "FAIL: ${out:0:120}"; failures=$((failures + 1))
            fi
        done
        # Whole-shell `--final` on the big squeezed chains with its peak memory (maxrss / N): the
        # target is at most 3 KB per view (issue 27). Under its own, longer cap. Beside it, what
        # the views add: maxrss less that of a one-view script (~24 MB, nearly all of it the
        # pages of the shared libraries mapped in, which maxrss counts), per view.
        mem_cap=${big_cap:-$(( cap * 5 ))}
        mem_sizes="10000 100000"; (( quick )) && mem_sizes="100"
        printf 'view a\n' >"$here/.build/session-one.lal"
        empty_kb=$(field " $("${shell_py[@]}" final "$shell_bin" "$here/.build/session-one.lal" 2>/dev/null)" maxrss_kb)
        for n in $mem_sizes; do
            script="$here/.build/session-$n.lal"
            "${shell_py[@]}" gen "$n" >"$script"
            if out=$(timeout --kill-after=5 "$mem_cap" "${shell_py[@]}" final "$shell_bin" "$script" 2>&1); then
                kb=$(field " $out" maxrss_kb)
                row "shell-memory" "$n" "—" "$(fmt_time "$(field " $out" time_s)")" "—" \
                    "ok (--final; cpu $(fmt_time "$(field " $out" cpu_s)"); maxrss $(awk -v k="$kb" 'BEGIN { printf "%.0f MB", k / 1024 }'), $(awk -v k="$kb" -v n="$n" 'BEGIN { printf "%.1f KB/view", k / n }'); $(awk -v k="$kb" -v e="${empty_kb:-0}" -v n="$n" 'BEGIN { printf "%.1f KB/view", (k - e) / n }') beyond a one-view run)"
            elif [[ -z "$out" ]]; then
                row "shell-memory" "$n" "—" "> $mem_cap s" "—" "over the cap"
            else
                row "shell-memory" "$n" "—" "ERROR" "—" "FAIL: ${out:0:120}"; failures=$((failures + 1))
            fi
            # The same layout at the prompt: `load` is one step of every line, and its `undo`
            # compares every constraint it made (the interactive shell's highest peak).
            if out=$(timeout --kill-after=5 "$mem_cap" "${shell_py[@]}" piped "$shell_bin" "$script" undo 2>&1); then
                kb=$(field " $out" maxrss_kb)
                row "shell-mem-undo" "$n" "—" "$(fmt_time "$(field " $out" time_s)")" "—" \
                    "ok (load, undo, piped; cpu $(fmt_time "$(field " $out" cpu_s)"); maxrss $(awk -v k="$kb" 'BEGIN { printf "%.0f MB", k / 1024 }'), $(awk -v k="$kb" -v e="${empty_kb:-0}" -v n="$n" 'BEGIN { printf "%.1f KB/view", (k - e) / n }') beyond a one-view run)"
            elif [[ -z "$out" ]]; then
                row "shell-mem-undo" "$n" "—" "> $mem_cap s" "—" "over the cap"
            else
                row "shell-mem-undo" "$n" "—" "ERROR" "—" "FAIL: ${out:0:120}"; failures=$((failures + 1))
            fi
        done
        if command -v hyperfine >/dev/null 2>&1; then
            hf="$here/.build/hyperfine.json"
            if hyperfine -N --warmup 10 --runs 200 --export-json "$hf" "$shell_bin --version" >/dev/null 2>&1 \
               || hyperfine --warmup 10 --runs 200 --export-json "$hf" "$shell_bin --version" >/dev/null 2>&1; then
                st=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.2f %.2f" % (r["mean"]*1e3, r["median"]*1e3))' "$hf")
                row "shell-startup" "-" "—" "${st% *} ms" "—" "ok (hyperfine --version, 200 runs; median ${st#* } ms)"
            else
                row "shell-startup" "-" "—" "ERROR" "—" "FAIL: hyperfine failed"; failures=$((failures + 1))
            fi
        else
            row "shell-startup" "-" "—" "skipped" "—" "hyperfine not installed (apt-get install hyperfine)"
        fi
    else
        row "shell-*" "-" "—" "skipped" "—" "layoutlab did not build (Benchmarks/.build/shell-build.log)"
    fi
fi

if (( failures )); then
    echo "run.sh: $failures check(s) failed" >&2
    exit 1
fi
