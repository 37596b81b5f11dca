#!/usr/bin/env bash
# Installs the system packages LayoutLab needs to build and test, and nothing else.
#
#   scripts/ensure-deps.sh          libedit-dev (histedit.h), pkg-config, g++ and valgrind (benchmark)
#   scripts/ensure-deps.sh --tmux   also tmux, for the end-to-end test
#
# Quiet and quick when everything is present, so every entry point can call it.
# Exit status 1 with a one-line instruction when packages are missing and we
# cannot install them (not root and no usable sudo).
set -euo pipefail

want_tmux=0
for arg in "$@"; do
    case "$arg" in
        --tmux) want_tmux=1 ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "ensure-deps: unknown option: $arg" >&2; exit 2 ;;
    esac
done

missing=()
# The header is the real requirement: the CEditLine module map includes it.
[[ -f /usr/include/histedit.h ]] || missing+=(libedit-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
# g++ builds kiwi for the benchmark (Benchmarks/run.sh, which scripts/test runs with --quick).
command -v g++ >/dev/null 2>&1 || missing+=(g++)
# valgrind counts instructions for the benchmark gate (Benchmarks/instructions.sh).
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
if (( want_tmux )); then
    command -v tmux >/dev/null 2>&1 || missing+=(tmux)
fi

(( ${#missing[@]} == 0 )) && exit 0

if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    # -n: never hang a CI run on a password prompt.
    as_root=(sudo -n)
else
    echo "ensure-deps: missing ${missing[*]}; run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-deps: missing ${missing[*]} and apt-get is not available; install them with your package manager" >&2
    exit 1
fi

echo "ensure-deps: installing ${missing[*]}" >&2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
if ! { "${as_root[@]}" apt-get update -q && \
       "${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "ensure-deps: apt-get failed; run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
