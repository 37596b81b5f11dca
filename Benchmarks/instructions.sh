#!/usr/bin/env bash
# Instruction counts of the shell rows (callgrind): the regression gate of scripts/test.
#
#   Benchmarks/instructions.sh BIN               counts for BIN (a layoutlab), compared with
#                                                Benchmarks/instructions-baseline.txt: exit 1
#                                                when a row grew by more than 25%
#   Benchmarks/instructions.sh BIN --record      writes the counts as the new baseline
#
# Wall clock on a shared machine moves ±20% run to run; callgrind's instruction counts move by
# well under 1%, so a 25% growth is a regression, not noise. The baseline is per build
# configuration: CI compares its debug build with the debug counts recorded here (re-record
# after a change that makes a row legitimately dearer, and say why in the commit).
#
# Rows (the squeezed chain of shell_bench.py, whose widths are all ambiguous):
#   final-300      `layoutlab --final` on 300 views (whole process)
#   every-100      a text report after every line, 100 views (whole process)
#   input-300      one input with its full report on the ambiguous 300-view chain, mean of an
#                  edit, a typo, `frames` and `explain v7.width` (by difference with `load` alone)
#   exercise-300   `exercise` on that chain (by difference)
# Hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING) so that counts repeat.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=${1:?usage: instructions.sh LAYOUTLAB [--record]}
record=0
[[ "${2:-}" == --record ]] && record=1
baseline="$here/instructions-baseline.txt"
limit=1.25

command -v valgrind >/dev/null 2>&1 || { echo "instructions.sh: valgrind not installed (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SWIFT_DETERMINISTIC_HASHING=1

# Instructions of BIN ARGS... with stdin from the file in $stdin_file.
# The exit status is not looked at: the typo row makes the session exit 1, on purpose.
count() {
    local n
    n=$( { valgrind --tool=callgrind --callgrind-out-file="$work/out" "$@" <"$stdin_file" 2>&1 >/dev/null || true; } \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    [[ -n "$n" ]] || { echo "instructions.sh: no count from callgrind for: $*" >&2; exit 1; }
    echo "$n"
}

python3 "$here/shell_bench.py" gen 300 >"$work/chain-300.lal"
python3 "$here/shell_bench.py" gen 100 >"$work/chain-100.lal"
stdin_file=/dev/null
final=$(count "$bin" --final "$work/chain-300.lal")
every=$(count "$bin" "$work/chain-100.lal")
printf 'load %s\n' "$work/chain-300.lal" >"$work/load.txt"
stdin_file="$work/load.txt"; load=$(count "$bin" -)
{ cat "$work/load.txt"; printf '%s\n' 'v37.width >= 21' '%' 'frames' 'explain v7.width'; } >"$work/inputs.txt"
stdin_file="$work/inputs.txt"; inputs=$(count "$bin" -)
{ cat "$work/load.txt"; echo exercise; } >"$work/exercise.txt"
stdin_file="$work/exercise.txt"; exercise=$(count "$bin" -)

rows=$(printf '%s %s\n' final-300 "$final" every-100 "$every" \
    input-300 $(( (inputs - load) / 4 )) exercise-300 $(( exercise - load )))

if (( record )); then
    { echo "# row instructions (callgrind; Benchmarks/instructions.sh --record, $(date -u +%Y-%m-%d))"; echo "$rows"; } >"$baseline"
    cat "$baseline"
    exit 0
fi

[[ -f "$baseline" ]] || { echo "instructions.sh: no $baseline (run with --record)" >&2; exit 1; }
failed=0
printf '%-14s %14s %14s %8s\n' row baseline now ratio
while read -r name now; do
    was=$(awk -v r="$name" '$1 == r { print $2 }' "$baseline")
    if [[ -z "$was" ]]; then printf '%-14s %14s %14s %8s  (no baseline)\n' "$name" - "$now" -; continue; fi
    verdict=$(awk -v a="$now" -v b="$was" -v l="$limit" 'BEGIN { r = a / b; printf "%.2f %s", r, (r > l ? "FAIL" : "ok") }')
    printf '%-14s %14s %14s %8s\n' "$name" "$was" "$now" "$verdict"
    [[ "$verdict" == *FAIL ]] && failed=1
done <<<"$rows"
(( failed == 0 )) || { echo "instructions.sh: a row grew by more than 25% (see above)" >&2; exit 1; }
